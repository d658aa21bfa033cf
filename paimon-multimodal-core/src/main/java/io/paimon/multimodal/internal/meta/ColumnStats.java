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
