/*
 * Licensed to the Apache Software Foundation (ASF) under one
 * or more contributor license agreements.  See the NOTICE file
 * distributed with this work for additional information
 * regarding copyright ownership.  The ASF licenses this file
 * to you under the Apache License, Version 2.0 (the
 * "License"); you may not use this file except in compliance
 * with the License.  You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package io.paimon.multimodal.window;

/**
 * What a contiguous-window dataset does with a scheduled anchor whose window reaches past either
 * end of its group.
 */
public enum Boundary {
  /** Keep only anchors whose every requested frame lies inside the group (the default). */
  DROP,
  /**
   * Keep every scheduled anchor; a missing frame repeats the nearest frame of the group, or takes
   * the column's padding value, and its {@code <column>_is_pad} entry is true.
   */
  PAD,
  /** Fail building the dataset if any scheduled anchor's window is incomplete. */
  ERROR
}
