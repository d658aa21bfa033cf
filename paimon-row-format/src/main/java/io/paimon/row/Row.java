package io.paimon.row;

import java.util.Arrays;
import java.util.Objects;

/**
 * A row of field values in the Java value model of {@code io.paimon.types} (BIGINT as {@link
 * Long}, STRING as {@link String}, ARRAY as {@link java.util.List}, nested ROW as {@code Row}, and
 * so on; null is null).
 *
 * <p>Rows are fixed-size; {@link #equals} compares values deeply, arrays by content. A row made
 * with {@link #of} is not copied defensively; rows returned by readers are fresh and owned by the
 * caller. Not thread-safe for concurrent modification of the values it holds.
 */
public final class Row {

  private final Object[] values;

  private Row(Object[] values) {
    this.values = values;
  }

  /** A row holding the given values, in field order (the array is used as is). */
  public static Row of(Object... values) {
    return new Row(Objects.requireNonNull(values, "values"));
  }

  /** Wraps an array that the caller hands over and no longer modifies. */
  public static Row wrap(Object[] values) {
    return new Row(values);
  }

  /** The number of fields. */
  public int size() {
    return values.length;
  }

  /** The value of field {@code i}, or null. */
  public Object get(int i) {
    return values[i];
  }

  /** Whether field {@code i} is null. */
  public boolean isNullAt(int i) {
    return values[i] == null;
  }

  /** A copy of the field values. */
  public Object[] toArray() {
    return values.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Row && Arrays.deepEquals(values, ((Row) o).values);
  }

  @Override
  public int hashCode() {
    return Arrays.deepHashCode(values);
  }

  @Override
  public String toString() {
    return "Row" + Arrays.deepToString(values);
  }
}
