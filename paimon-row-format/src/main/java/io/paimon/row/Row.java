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
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A row of field values in the Java value model of {@code io.paimon.types} (BIGINT as {@link Long},
 * STRING as {@link String}, ARRAY as {@link java.util.List}, nested ROW as {@code Row}, and so on;
 * null is null).
 *
 * <p>Rows are fixed-size; {@link #equals} compares values deeply, arrays by content, also inside
 * lists, map values and nested rows (map keys by their own {@code equals}). A row made with {@link
 * #of} is not copied defensively; rows returned by readers are fresh and owned by the caller. Not
 * thread-safe for concurrent modification of the values it holds.
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
    if (!(o instanceof Row)) {
      return false;
    }
    Object[] other = ((Row) o).values;
    if (values.length != other.length) {
      return false;
    }
    for (int i = 0; i < values.length; i++) {
      if (!deepEquals(values[i], other[i])) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = 1;
    for (Object v : values) {
      h = 31 * h + deepHashCode(v);
    }
    return h;
  }

  /**
   * Equality of values of the value model, looking into lists and map values so that arrays nested
   * in them (an ARRAY&lt;BYTES&gt;, a MAP&lt;K, VECTOR&lt;..&gt;&gt;) compare by content. Map keys
   * are matched by their own equals.
   */
  private static boolean deepEquals(Object a, Object b) {
    if (a instanceof List && b instanceof List) {
      List<?> x = (List<?>) a;
      List<?> y = (List<?>) b;
      if (x.size() != y.size()) {
        return false;
      }
      Iterator<?> i = x.iterator();
      Iterator<?> j = y.iterator();
      while (i.hasNext()) {
        if (!deepEquals(i.next(), j.next())) {
          return false;
        }
      }
      return true;
    }
    if (a instanceof Map && b instanceof Map) {
      Map<?, ?> x = (Map<?, ?>) a;
      Map<?, ?> y = (Map<?, ?>) b;
      if (x.size() != y.size()) {
        return false;
      }
      for (Map.Entry<?, ?> e : x.entrySet()) {
        if (!y.containsKey(e.getKey()) || !deepEquals(e.getValue(), y.get(e.getKey()))) {
          return false;
        }
      }
      return true;
    }
    return Objects.deepEquals(a, b);
  }

  private static int deepHashCode(Object v) {
    if (v instanceof List) {
      int h = 1;
      for (Object e : (List<?>) v) {
        h = 31 * h + deepHashCode(e);
      }
      return h;
    }
    if (v instanceof Map) {
      int h = 0;
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        h += Objects.hashCode(e.getKey()) ^ deepHashCode(e.getValue());
      }
      return h;
    }
    // Arrays.deepHashCode of a one-element array is 31 + the element's (content) hash.
    return Arrays.deepHashCode(new Object[] {v}) - 31;
  }

  @Override
  public String toString() {
    return "Row" + Arrays.deepToString(values);
  }
}
