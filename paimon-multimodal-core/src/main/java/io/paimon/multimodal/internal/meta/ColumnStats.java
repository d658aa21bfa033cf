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
package io.paimon.multimodal.internal.meta;

/**
 * Min, max and null count of one column of one data file. Min and max are Java values of the
 * column's type (the library's value model), or null when unknown: for types without an order, for
 * all-null columns, for floating-point columns holding NaN, and for strings longer than {@value
 * StatsCollector#MAX_STRING_STATS} characters. A null count of -1 means unknown (statistics
 * Paimon's writers did not record). Immutable.
 */
public final class ColumnStats {

  private final Object min;
  private final Object max;
  private final long nullCount;

  public ColumnStats(Object min, Object max, long nullCount) {
    this.min = min;
    this.max = max;
    this.nullCount = nullCount;
  }

  public Object min() {
    return min;
  }

  public Object max() {
    return max;
  }

  public long nullCount() {
    return nullCount;
  }

  @Override
  public String toString() {
    return "ColumnStats{min=" + min + ", max=" + max + ", nullCount=" + nullCount + "}";
  }
}
