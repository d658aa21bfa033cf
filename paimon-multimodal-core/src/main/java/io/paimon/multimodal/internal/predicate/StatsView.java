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
package io.paimon.multimodal.internal.predicate;

import java.util.OptionalLong;

/**
 * The statistics of one data file (or any group of rows) that {@link Predicate#mightMatch} prunes
 * with. Values are in the table's Java value model (Long for BIGINT, String for STRING, LocalDate
 * for DATE...). Any statistic may be missing, which only makes pruning less effective.
 *
 * <p>Bounds must hold under the predicate order ({@link Predicates#compareValues}): {@code min} is
 * at most, and {@code max} at least, every non-null value of the column. They need not be attained
 * (a truncated string prefix is a valid min). In particular strings are ordered by code point
 * (unsigned UTF-8 bytes), and for FLOAT/DOUBLE columns NaN is the greatest value, so a file holding
 * a NaN must report max NaN (or no max).
 */
public interface StatsView {

  /** The number of rows, nulls included. */
  long rowCount();

  /** A lower bound of the column's non-null values, or null if unknown (or all values are null). */
  Object min(String column);

  /**
   * An upper bound of the column's non-null values, or null if unknown (or all values are null).
   */
  Object max(String column);

  /** The number of null values of the column, if known. */
  OptionalLong nullCount(String column);
}
