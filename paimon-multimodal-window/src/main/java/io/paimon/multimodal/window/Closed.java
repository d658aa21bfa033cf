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

/** Which endpoints of a window {@code [t - preceding, t + following]} belong to it. */
public enum Closed {
  /** Both endpoints: {@code [ ]}. */
  BOTH,
  /** Only the lower endpoint: {@code [ )}. */
  LEFT,
  /** Only the upper endpoint: {@code ( ]}. */
  RIGHT,
  /** Neither endpoint: {@code ( )}. */
  NEITHER;

  /** Whether the lower endpoint {@code t - preceding} is in the window. */
  public boolean lowerIncluded() {
    return this == BOTH || this == LEFT;
  }

  /** Whether the upper endpoint {@code t + following} is in the window. */
  public boolean upperIncluded() {
    return this == BOTH || this == RIGHT;
  }
}
