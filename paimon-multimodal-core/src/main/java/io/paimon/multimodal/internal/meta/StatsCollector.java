package io.paimon.multimodal.internal.meta;

import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.RowType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Accumulates per-column {@link ColumnStats} over the rows written to one data file. Strings are
 * ordered by code point (the order of their UTF-8 bytes), which is how predicates compare them.
 * Not thread-safe.
 */
public final class StatsCollector {

  /** Longer strings get no min/max: a truncated max would not bound the column. */
  public static final int MAX_STRING_STATS = 64;

  private final DataType[] types;
  private final List<Comparator<Object>> comparators;
  private final Object[] min;
  private final Object[] max;
  private final boolean[] invalid;
  private final long[] nulls;

  public StatsCollector(RowType type) {
    int n = type.fieldCount();
    types = type.fieldTypes().toArray(new DataType[0]);
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
      Object v = values[i];
      if (v == null) {
        nulls[i]++;
        continue;
      }
      Comparator<Object> cmp = comparators.get(i);
      if (cmp == null || invalid[i]) {
        continue;
      }
      if ((v instanceof Double && ((Double) v).isNaN()) || (v instanceof Float && ((Float) v).isNaN())
          || (v instanceof String && ((String) v).length() > MAX_STRING_STATS)) {
        invalid[i] = true;
        min[i] = null;
        max[i] = null;
        continue;
      }
      if (min[i] == null || cmp.compare(v, min[i]) < 0) {
        min[i] = v;
      }
      if (max[i] == null || cmp.compare(v, max[i]) > 0) {
        max[i] = v;
      }
    }
  }

  /** The stats so far, one per column. */
  public ColumnStats[] result() {
    ColumnStats[] out = new ColumnStats[types.length];
    for (int i = 0; i < types.length; i++) {
      out[i] = invalid[i] ? new ColumnStats(null, null, nulls[i])
          : new ColumnStats(min[i], max[i], nulls[i]);
    }
    return out;
  }
}
