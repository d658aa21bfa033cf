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
 * An aggregation of a window join. Nulls are skipped by every operation; an empty (or all-null)
 * window gives null, except {@link #COUNT}, which gives 0.
 */
public enum Aggregation {
  /**
   * The arithmetic mean of integer or floating-point scalars, as DOUBLE (integer sums are exact,
   * whatever their size).
   */
  MEAN,
  /**
   * The smallest integer or floating-point scalar, in the source type (floating point ordered as
   * {@link Double#compare}: -0.0 before 0.0, NaN last).
   */
  MIN,
  /** The largest integer or floating-point scalar, in the source type (NaN is the largest). */
  MAX,
  /** The number of non-null values, as BIGINT; any type. */
  COUNT,
  /** The first non-null value by (time, right input order), in the source type; any type. */
  FIRST,
  /** The last non-null value by (time, right input order), in the source type; any type. */
  LAST;

  /** Whether the operation needs integer or floating-point scalars. */
  public boolean numeric() {
    return this == MEAN || this == MIN || this == MAX;
  }
}
