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

import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.DecimalType;
import io.paimon.types.LocalZonedTimestampType;
import io.paimon.types.RowType;
import io.paimon.types.TimestampType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.arrow.vector.FieldVector;

/**
 * Accumulates per-column {@link ColumnStats} over the rows written to one data file. Strings are
 * ordered by code point (the order of their UTF-8 bytes), which is how predicates compare them. Not
 * thread-safe.
 */
public final class StatsCollector {

  /** Longer strings get no min/max: a truncated max would not bound the column. */
  public static final int MAX_STRING_STATS = 64;

  private final DataType[] types;
  private final int maxStringLength;
  private final List<Comparator<Object>> comparators;
  private final Object[] min;
  private final Object[] max;
  private final boolean[] invalid;
  private final long[] nulls;

  public StatsCollector(RowType type) {
    this(type.fieldTypes());
  }

  /** A collector of columns of these types. */
  public StatsCollector(List<DataType> columnTypes) {
    this(columnTypes, MAX_STRING_STATS);
  }

  /**
   * A collector of partition values, which keeps strings of any length: Paimon's manifest writer
   * records a manifest's partition statistics whole.
   */
  public static StatsCollector forPartitions(List<DataType> partitionTypes) {
    return new StatsCollector(partitionTypes, Integer.MAX_VALUE);
  }

  private StatsCollector(List<DataType> columnTypes, int maxStringLength) {
    this.maxStringLength = maxStringLength;
    int n = columnTypes.size();
    types = columnTypes.toArray(new DataType[0]);
    comparators = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      comparators.add(comparator(types[i]));
    }
    min = new Object[n];
    max = new Object[n];
    invalid = new boolean[n];
    nulls = new long[n];
  }

  /** The order of a column type's values, or null for types without stats. */
  static Comparator<Object> comparator(DataType type) {
    DataTypeRoot root = type.root();
    if (root.isInteger()) {
      return (a, b) -> Long.compare(((Number) a).longValue(), ((Number) b).longValue());
    }
    switch (root) {
      case FLOAT:
      case DOUBLE:
        return (a, b) -> Double.compare(((Number) a).doubleValue(), ((Number) b).doubleValue());
      case DECIMAL:
        return (a, b) -> ((BigDecimal) a).compareTo((BigDecimal) b);
      case CHAR:
      case VARCHAR:
        return (a, b) -> compareCodePoints((String) a, (String) b);
      case BOOLEAN:
        return (a, b) -> Boolean.compare((Boolean) a, (Boolean) b);
      case DATE:
        return (a, b) -> ((LocalDate) a).compareTo((LocalDate) b);
      case TIME_WITHOUT_TIME_ZONE:
        return (a, b) -> ((LocalTime) a).compareTo((LocalTime) b);
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return (a, b) -> ((LocalDateTime) a).compareTo((LocalDateTime) b);
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return (a, b) -> ((Instant) a).compareTo((Instant) b);
      default:
        return null;
    }
  }

  /** Compares strings by code point, which is the order of their UTF-8 encodings. */
  public static int compareCodePoints(String a, String b) {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int ca = a.codePointAt(i);
      int cb = b.codePointAt(j);
      if (ca != cb) {
        return Integer.compare(ca, cb);
      }
      i += Character.charCount(ca);
      j += Character.charCount(cb);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  }

  /** Adds one row's values (Java value model, in schema order). */
  public void add(Object[] values) {
    for (int i = 0; i < values.length; i++) {
      add(i, values[i]);
    }
  }

  /** Adds one value of column {@code column} (Java value model; null for null). */
  public void add(int column, Object value) {
    if (value == null) {
      nulls[column]++;
    } else {
      offer(column, value);
    }
  }

  /** Adds {@code count} nulls of column {@code column}. */
  public void addNulls(int column, long count) {
    nulls[column] += count;
  }

  /**
   * Adds values {@code from..to} of column {@code column} from an Arrow vector in the layout the
   * {@code .row} codec encodes ({@link io.paimon.row.ArrowSchemas#matches}), with the result {@link
   * #add(int, Object)} of each value as {@code ArrowValues.get} converts it would give: raw values
   * are compared in the vector, and only the bounds (and strings that are not ASCII) become Java
   * objects.
   *
   * @param name the column name, for messages
   */
  public void addArrow(int column, String name, FieldVector vector, int from, int to) {
    ArrowRangeStats.collect(this, column, name, types[column], vector, from, to);
  }

  /** Whether column {@code column} still gets bounds: it has an order and no value spoilt it. */
  boolean collectsBounds(int column) {
    return comparators.get(column) != null && !invalid[column];
  }

  /** Drops the bounds of column {@code column} (a NaN, a string too long to bound). */
  void invalidate(int column) {
    invalid[column] = true;
    min[column] = null;
    max[column] = null;
  }

  int maxStringLength() {
    return maxStringLength;
  }

  /** Takes a non-null value into the bounds of its column. */
  void offer(int i, Object value) {
    Comparator<Object> cmp = comparators.get(i);
    if (cmp == null || invalid[i]) {
      return;
    }
    Object v = asStored(types[i], value);
    if ((v instanceof Double && ((Double) v).isNaN())
        || (v instanceof Float && ((Float) v).isNaN())
        || (v instanceof String && ((String) v).length() > maxStringLength)) {
      invalidate(i);
      return;
    }
    if (min[i] == null || cmp.compare(v, min[i]) < 0) {
      min[i] = v;
    }
    if (max[i] == null || cmp.compare(v, max[i]) > 0) {
      max[i] = v;
    }
  }

  /**
   * A value as the table holds it: the {@code .row} codec rounds a DECIMAL to its scale (half up)
   * and keeps TIME and TIMESTAMP(0..3) to the millisecond, and scans read TIMESTAMP(4..6) in
   * microseconds. Bounds of the values as given would let pruning skip a file holding a match
   * (1.005 is stored in a DECIMAL(10, 2) as 1.01, above a max of 1.005).
   */
  static Object asStored(DataType type, Object v) {
    switch (type.root()) {
      case DECIMAL:
        return ((BigDecimal) v).setScale(((DecimalType) type).scale(), RoundingMode.HALF_UP);
      case TIME_WITHOUT_TIME_ZONE:
        return ((LocalTime) v).truncatedTo(ChronoUnit.MILLIS);
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return ((LocalDateTime) v).truncatedTo(unit(((TimestampType) type).precision()));
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return ((Instant) v).truncatedTo(unit(((LocalZonedTimestampType) type).precision()));
      default:
        return v;
    }
  }

  private static ChronoUnit unit(int precision) {
    if (precision <= 3) {
      return ChronoUnit.MILLIS;
    }
    return precision <= 6 ? ChronoUnit.MICROS : ChronoUnit.NANOS;
  }

  /**
   * Folds in what another collector of the same row type gathered, as if its rows had been added
   * here: a file's statistics are the fold of its row groups', so values are compared once.
   */
  public void absorb(StatsCollector other) {
    for (int i = 0; i < types.length; i++) {
      nulls[i] += other.nulls[i];
      Comparator<Object> cmp = comparators.get(i);
      if (cmp == null || invalid[i]) {
        continue;
      }
      if (other.invalid[i]) {
        invalid[i] = true;
        min[i] = null;
        max[i] = null;
        continue;
      }
      if (other.min[i] != null && (min[i] == null || cmp.compare(other.min[i], min[i]) < 0)) {
        min[i] = other.min[i];
      }
      if (other.max[i] != null && (max[i] == null || cmp.compare(other.max[i], max[i]) > 0)) {
        max[i] = other.max[i];
      }
    }
  }

  /** Forgets everything collected, to start a new group of rows. */
  public void reset() {
    java.util.Arrays.fill(min, null);
    java.util.Arrays.fill(max, null);
    java.util.Arrays.fill(invalid, false);
    java.util.Arrays.fill(nulls, 0);
  }

  /** The stats so far, one per column. */
  public ColumnStats[] result() {
    ColumnStats[] out = new ColumnStats[types.length];
    for (int i = 0; i < types.length; i++) {
      out[i] =
          invalid[i]
              ? new ColumnStats(null, null, nulls[i])
              : new ColumnStats(min[i], max[i], nulls[i]);
    }
    return out;
  }
}
