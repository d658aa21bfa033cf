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
package io.paimon.row;

import java.util.Arrays;

/**
 * Statistics of one row group (or block) of a data file, for pruning: the rows it covers and, per
 * column of the reader's {@link RowFileReader#fileType()}, a lower and an upper bound of the
 * column's non-null values and its null count. Immutable.
 *
 * <p>Bounds are Java values of the column's type in the value model {@link Row} values use (BOOLEAN
 * as {@link Boolean}, TINYINT {@link Byte}, SMALLINT {@link Short}, INT {@link Integer}, BIGINT
 * {@link Long}, FLOAT {@link Float}, DOUBLE {@link Double}, DECIMAL {@link java.math.BigDecimal} at
 * the type's scale, CHAR/VARCHAR {@link String}, DATE {@link java.time.LocalDate}, TIME {@link
 * java.time.LocalTime}, TIMESTAMP {@link java.time.LocalDateTime}, TIMESTAMP_LTZ {@link
 * java.time.Instant}), as the reader returns the column's values. A bound need not be attained (a
 * truncated string is a valid minimum), but it must hold for every non-null value the reader
 * returns: strings ordered by code point (the unsigned order of their UTF-8 bytes), FLOAT/DOUBLE
 * with NaN the greatest value (so a group holding a NaN has no known maximum). A bound is null when
 * unknown, or when every value is null; types without an order (BINARY, VARBINARY, nested types)
 * have no bounds. A null count of -1 means unknown.
 */
public final class RowGroupStatistics {

  private final long startRow;
  private final long rowCount;
  private final Object[] min;
  private final Object[] max;
  private final long[] nullCounts;

  /**
   * Statistics of the {@code rowCount} rows from row number {@code startRow}; the arrays are
   * indexed by file column and copied (the values in them are not).
   *
   * @throws IllegalArgumentException if the arrays differ in length, or the row range is negative
   */
  public RowGroupStatistics(
      long startRow, long rowCount, Object[] min, Object[] max, long[] nullCounts) {
    if (min.length != max.length || min.length != nullCounts.length) {
      throw new IllegalArgumentException(
          "min, max and null counts cover "
              + min.length
              + ", "
              + max.length
              + " and "
              + nullCounts.length
              + " columns");
    }
    if (startRow < 0 || rowCount < 0) {
      throw new IllegalArgumentException(
          "negative row range: " + rowCount + " rows from " + startRow);
    }
    this.startRow = startRow;
    this.rowCount = rowCount;
    this.min = min.clone();
    this.max = max.clone();
    this.nullCounts = nullCounts.clone();
  }

  /** Statistics that know nothing of the {@code columns} columns of the rows (bounds null, -1). */
  public static RowGroupStatistics unknown(long startRow, long rowCount, int columns) {
    long[] nulls = new long[columns];
    Arrays.fill(nulls, -1);
    return new RowGroupStatistics(
        startRow, rowCount, new Object[columns], new Object[columns], nulls);
  }

  /** The row number (in the whole file) of the group's first row. */
  public long startRow() {
    return startRow;
  }

  /** The number of rows of the group, nulls included. */
  public long rowCount() {
    return rowCount;
  }

  /** The number of columns described: those of the reader's file type. */
  public int columnCount() {
    return min.length;
  }

  /** A lower bound of file column {@code column}'s non-null values, or null if unknown. */
  public Object min(int column) {
    return min[column];
  }

  /** An upper bound of file column {@code column}'s non-null values, or null if unknown. */
  public Object max(int column) {
    return max[column];
  }

  /** The number of nulls of file column {@code column} in the group, or -1 if unknown. */
  public long nullCount(int column) {
    return nullCounts[column];
  }

  @Override
  public String toString() {
    StringBuilder b =
        new StringBuilder("RowGroupStatistics{rows ").append(startRow).append("+").append(rowCount);
    for (int i = 0; i < min.length; i++) {
      b.append(", [")
          .append(i)
          .append("] ")
          .append(min[i])
          .append("..")
          .append(max[i])
          .append(" nulls ")
          .append(nullCounts[i]);
    }
    return b.append('}').toString();
  }
}
