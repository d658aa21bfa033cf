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

import io.paimon.multimodal.internal.paimon.BinaryRows;
import io.paimon.multimodal.internal.paimon.PaimonFormatException;
import io.paimon.multimodal.internal.paimon.SimpleStats;
import io.paimon.multimodal.internal.paimon.StatsTruncation;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import java.util.ArrayList;
import java.util.List;

/**
 * Converts between our per-column {@link ColumnStats} and Paimon's {@link SimpleStats} (min and max
 * as serialized BinaryRows, null counts). Strings are cut the way Paimon's default {@code
 * metadata.stats-mode = truncate(16)} cuts them, so the bounds stay bounds. Stateless.
 */
public final class PaimonStats {

  /** Paimon's default string truncation of statistics. */
  public static final int TRUNCATE_LENGTH = 16;

  private PaimonStats() {}

  /** Statistics of columns of these types as Paimon stores them for a data file. */
  public static SimpleStats encode(List<DataType> types, ColumnStats[] stats) {
    return encode(types, stats, TRUNCATE_LENGTH);
  }

  /**
   * Statistics with whole strings, as Paimon's manifest writer stores the partition statistics of a
   * manifest (its collector is in {@code full} mode).
   */
  public static SimpleStats encodeUntruncated(List<DataType> types, ColumnStats[] stats) {
    return encode(types, stats, -1);
  }

  private static SimpleStats encode(List<DataType> types, ColumnStats[] stats, int truncateLength) {
    int n = types.size();
    Object[] min = new Object[n];
    Object[] max = new Object[n];
    Long[] nulls = new Long[n];
    for (int i = 0; i < n; i++) {
      DataType t = types.get(i);
      ColumnStats s = stats[i];
      nulls[i] = s.nullCount() < 0 ? null : s.nullCount();
      if (!BinaryRows.supports(t) || s.min() == null || s.max() == null) {
        continue;
      }
      if (isString(t) && truncateLength >= 0) {
        String lo = StatsTruncation.truncateMin((String) s.min(), truncateLength);
        String hi = StatsTruncation.truncateMax((String) s.max(), truncateLength);
        if (hi == null) {
          continue;
        }
        min[i] = lo;
        max[i] = hi;
      } else {
        min[i] = asColumnClass(t, s.min());
        max[i] = asColumnClass(t, s.max());
      }
    }
    return new SimpleStats(
        BinaryRows.serialize(types, min), BinaryRows.serialize(types, max), nulls);
  }

  /**
   * Decodes statistics of columns of these types. Paimon's writers differ (pypaimon writes
   * one-field null rows for blob files; {@code row} files get none), so anything that does not fit
   * (another arity, a missing count) means "unknown" for that column, never an error: a wrong
   * decode would only lose pruning, while refusing would make a readable table unreadable.
   */
  public static ColumnStats[] decode(SimpleStats stats, List<DataType> types) {
    int n = types.size();
    ColumnStats[] out = new ColumnStats[n];
    Object[] min = null;
    Object[] max = null;
    try {
      if (stats.minValues() != null
          && stats.maxValues() != null
          && BinaryRows.arity(stats.minValues()) == n
          && BinaryRows.arity(stats.maxValues()) == n) {
        min = BinaryRows.deserialize(stats.minValues(), types, "statistics");
        max = BinaryRows.deserialize(stats.maxValues(), types, "statistics");
      }
    } catch (PaimonFormatException e) {
      min = null;
      max = null;
    }
    Long[] nulls = stats.nullCounts();
    for (int i = 0; i < n; i++) {
      long nullCount = nulls != null && nulls.length == n && nulls[i] != null ? nulls[i] : -1;
      Object lo = min == null ? null : min[i];
      Object hi = max == null ? null : max[i];
      if (lo == null || hi == null) {
        lo = null;
        hi = null;
      }
      out[i] = new ColumnStats(lo, hi, nullCount);
    }
    return out;
  }

  /** The columns of these types that get statistics in a file we write. */
  public static List<Integer> statsColumns(List<DataType> types) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < types.size(); i++) {
      if (BinaryRows.supports(types.get(i)) && StatsCollector.comparator(types.get(i)) != null) {
        out.add(i);
      }
    }
    return out;
  }

  /**
   * A number as its column's Java class: rows may give an Integer for a BIGINT or a Float for a
   * DOUBLE, and their statistics keep what was given; a BinaryRow stores the column's type.
   */
  static Object asColumnClass(DataType t, Object v) {
    if (!(v instanceof Number) || v instanceof java.math.BigDecimal) {
      return v;
    }
    Number n = (Number) v;
    switch (t.root()) {
      case TINYINT:
        return n.byteValue();
      case SMALLINT:
        return n.shortValue();
      case INTEGER:
        return n.intValue();
      case BIGINT:
        return n.longValue();
      case FLOAT:
        return n.floatValue();
      case DOUBLE:
        return n.doubleValue();
      default:
        return v;
    }
  }

  private static boolean isString(DataType t) {
    return t.root() == DataTypeRoot.CHAR || t.root() == DataTypeRoot.VARCHAR;
  }
}
