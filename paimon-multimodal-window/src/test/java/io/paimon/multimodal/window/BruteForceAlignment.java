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
package io.paimon.multimodal.window;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The reference for the differential tests: the alignment rules applied literally, by scanning
 * every right row for every left row, with times as {@link BigInteger}s (no overflow by
 * construction). Right rows are given in right input order.
 */
final class BruteForceAlignment {

  private BruteForceAlignment() {}

  /** A right row: its time, group and values. */
  record R(BigInteger time, List<Object> group, Map<String, Object> values) {}

  /** The right rows of a group, in input order. */
  static List<R> inGroup(List<R> rights, List<Object> group) {
    List<R> out = new ArrayList<>();
    for (R r : rights) {
      if (r.group().equals(group)) {
        out.add(r);
      }
    }
    return out;
  }

  /** The last row at the latest time {@code <= t} ({@code < t} if strict), or null. */
  static R backward(List<R> rows, BigInteger t, boolean strict) {
    R best = null;
    for (R r : rows) {
      int c = r.time().compareTo(t);
      if (c < 0 || (c == 0 && !strict)) {
        if (best == null || r.time().compareTo(best.time()) >= 0) {
          best = r;
        }
      }
    }
    return best;
  }

  /** The first row at the earliest time {@code >= t} ({@code > t} if strict), or null. */
  static R forward(List<R> rows, BigInteger t, boolean strict) {
    R best = null;
    for (R r : rows) {
      int c = r.time().compareTo(t);
      if (c > 0 || (c == 0 && !strict)) {
        if (best == null || r.time().compareTo(best.time()) < 0) {
          best = r;
        }
      }
    }
    return best;
  }

  /** The last row at exactly t, or null. */
  static R exact(List<R> rows, BigInteger t) {
    R best = null;
    for (R r : rows) {
      if (r.time().equals(t)) {
        best = r;
      }
    }
    return best;
  }

  static R asof(List<R> rows, BigInteger t, Direction d, boolean allowExact, BigInteger tolerance) {
    R chosen;
    switch (d) {
      case BACKWARD:
        chosen = backward(rows, t, !allowExact);
        break;
      case FORWARD:
        chosen = forward(rows, t, !allowExact);
        break;
      default:
        chosen = allowExact ? exact(rows, t) : null;
        if (chosen == null) {
          R b = backward(rows, t, true);
          R f = forward(rows, t, true);
          if (b == null) {
            chosen = f;
          } else if (f == null) {
            chosen = b;
          } else {
            BigInteger db = t.subtract(b.time());
            BigInteger df = f.time().subtract(t);
            chosen = df.compareTo(db) < 0 ? f : b;
          }
        }
    }
    if (chosen != null
        && tolerance != null
        && t.subtract(chosen.time()).abs().compareTo(tolerance) > 0) {
      return null;
    }
    return chosen;
  }

  /** The interpolated value of a numeric column (Number) or vector (float[]/double[]), or null. */
  static Object interpolate(List<R> rows, BigInteger t, BigInteger tolerance, String column) {
    R e = exact(rows, t);
    if (e != null) {
      return toDouble(e.values().get(column));
    }
    R b = backward(rows, t, true);
    R f = forward(rows, t, true);
    if (b == null || f == null) {
      return null;
    }
    if (tolerance != null
        && (t.subtract(b.time()).compareTo(tolerance) > 0
            || f.time().subtract(t).compareTo(tolerance) > 0)) {
      return null;
    }
    Object v0 = b.values().get(column);
    Object v1 = f.values().get(column);
    if (v0 == null || v1 == null) {
      return null;
    }
    // both distances correctly rounded to double, then divided: the spec's formula in double
    double fraction =
        t.subtract(b.time()).doubleValue() / f.time().subtract(b.time()).doubleValue();
    if (v0 instanceof Number) {
      double a = ((Number) v0).doubleValue();
      double c = ((Number) v1).doubleValue();
      return a + (c - a) * fraction;
    }
    double[] a = (double[]) toDouble(v0);
    double[] c = (double[]) toDouble(v1);
    double[] out = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = a[i] + (c[i] - a[i]) * fraction;
    }
    return out;
  }

  /**
   * The magnitude an interpolated value's rounding error scales with: the largest absolute input
   * value among the exact row or the neighbours (the fraction is rounded, then multiplied by {@code
   * v1 - v0}).
   */
  static double scale(List<R> rows, BigInteger t, String column) {
    double scale = 0;
    for (R r : new R[] {backward(rows, t, true), forward(rows, t, true)}) {
      Object v = r == null ? null : toDouble(r.values().get(column));
      if (v instanceof Double) {
        scale = Math.max(scale, Math.abs((Double) v));
      } else if (v instanceof double[]) {
        for (double d : (double[]) v) {
          scale = Math.max(scale, Math.abs(d));
        }
      }
    }
    return scale;
  }

  static Object toDouble(Object v) {
    if (v == null) {
      return null;
    }
    if (v instanceof Number) {
      return ((Number) v).doubleValue();
    }
    if (v instanceof float[]) {
      float[] f = (float[]) v;
      double[] d = new double[f.length];
      for (int i = 0; i < f.length; i++) {
        d[i] = f[i];
      }
      return d;
    }
    return ((double[]) v).clone();
  }

  /** The rows with {@code t - preceding <= time <= t + following}, endpoints as given. */
  static List<R> window(
      List<R> rows,
      BigInteger t,
      BigInteger preceding,
      BigInteger following,
      boolean lowerIncluded,
      boolean upperIncluded) {
    List<R> in = new ArrayList<>();
    BigInteger lo = t.subtract(preceding);
    BigInteger hi = t.add(following);
    for (R r : rows) {
      int a = r.time().compareTo(lo);
      int b = r.time().compareTo(hi);
      if ((a > 0 || (a == 0 && lowerIncluded)) && (b < 0 || (b == 0 && upperIncluded))) {
        in.add(r);
      }
    }
    // by (time, input order): a stable sort by time
    in.sort((x, y) -> x.time().compareTo(y.time()));
    return in;
  }

  static Object aggregate(List<R> window, String column, Aggregation op) {
    List<Object> values = new ArrayList<>();
    for (R r : window) {
      Object v = r.values().get(column);
      if (v != null) {
        values.add(v);
      }
    }
    if (op == Aggregation.COUNT) {
      return (long) values.size();
    }
    if (values.isEmpty()) {
      return null;
    }
    switch (op) {
      case FIRST:
        return values.get(0);
      case LAST:
        return values.get(values.size() - 1);
      case MEAN:
        if (values.get(0) instanceof Double || values.get(0) instanceof Float) {
          double sum = 0;
          for (Object v : values) {
            sum += ((Number) v).doubleValue();
          }
          return sum / values.size();
        } else {
          BigInteger sum = BigInteger.ZERO;
          for (Object v : values) {
            sum = sum.add(BigInteger.valueOf(((Number) v).longValue()));
          }
          return new BigDecimal(sum)
              .divide(BigDecimal.valueOf(values.size()), MathContext.DECIMAL128)
              .doubleValue();
        }
      default:
        Object best = values.get(0);
        for (Object v : values) {
          int c =
              v instanceof Double
                  ? Double.compare((Double) v, (Double) best)
                  : Long.compare(((Number) v).longValue(), ((Number) best).longValue());
          if (op == Aggregation.MIN ? c < 0 : c > 0) {
            best = v;
          }
        }
        return best;
    }
  }
}
