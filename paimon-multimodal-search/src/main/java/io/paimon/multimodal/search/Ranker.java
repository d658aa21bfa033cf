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
package io.paimon.multimodal.search;

/**
 * How {@link Search#hybrid} fuses the ranked lists of its routes into one. A row missing from a
 * route's list contributes nothing for that route; ranks count from 0.
 */
public enum Ranker {
  /** Reciprocal rank fusion: the sum over routes of {@code weight / (60 + rank + 1)}. */
  RRF,
  /**
   * The sum over routes of {@code weight} times the route's score min-max normalised over the
   * route's list ({@code 1} for every row when all its scores are equal).
   */
  WEIGHTED_SCORE,
  /** Mean reciprocal rank: the sum over routes of {@code weight / (rank + 1)}. */
  MRR
}
