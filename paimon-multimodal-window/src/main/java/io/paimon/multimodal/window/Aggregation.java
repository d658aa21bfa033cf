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
