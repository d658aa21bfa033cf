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

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A deliberately simple, independent reference for the predicate semantics: it works on the test's
 * own expression tree and Java values, with BigDecimal/BigInteger arithmetic, code point arrays and
 * regular expressions, and SQL three-valued logic on nullable Booleans (null is UNKNOWN).
 */
final class ReferenceEvaluator {

  private ReferenceEvaluator() {}

  /** A predicate expression of the differential test. */
  sealed interface Expr {}

  /**
   * A column reference or a literal (value null for the NULL literal); {@code text} is how the
   * literal is written in the predicate.
   */
  record Operand(String column, Object value, String text) {
    static Operand column(String name) {
      return new Operand(name, null, null);
    }

    static Operand literal(Object value, String text) {
      return new Operand(null, value, text);
    }

    boolean isColumn() {
      return column != null;
    }
  }

  record And(List<Expr> terms) implements Expr {}

  record Or(List<Expr> terms) implements Expr {}

  record Not(Expr operand) implements Expr {}

  /** {@code left op right}, op one of = <> < <= > >=. */
  record Cmp(Operand left, String op, Operand right) implements Expr {}

  record In(Operand value, List<Operand> items, boolean negated) implements Expr {}

  record IsNull(Operand value, boolean negated) implements Expr {}

  record Between(Operand value, Operand low, Operand high, boolean negated) implements Expr {}

  /** {@code escape} is null for none. */
  record Like(Operand value, String pattern, String escape, boolean negated) implements Expr {}

  /** A BOOLEAN column or literal standing alone. */
  record Bare(Operand value) implements Expr {}

  /** The truth of the expression for a row: TRUE, FALSE or null (UNKNOWN). */
  static Boolean eval(Expr e, Map<String, Object> row) {
    if (e instanceof And) {
      boolean unknown = false;
      for (Expr t : ((And) e).terms()) {
        Boolean v = eval(t, row);
        if (Boolean.FALSE.equals(v)) {
          return false;
        }
        unknown |= v == null;
      }
      return unknown ? null : Boolean.TRUE;
    }
    if (e instanceof Or) {
      boolean unknown = false;
      for (Expr t : ((Or) e).terms()) {
        Boolean v = eval(t, row);
        if (Boolean.TRUE.equals(v)) {
          return true;
        }
        unknown |= v == null;
      }
      return unknown ? null : Boolean.FALSE;
    }
    if (e instanceof Not) {
      return not(eval(((Not) e).operand(), row));
    }
    if (e instanceof Cmp) {
      Cmp c = (Cmp) e;
      return compare(value(c.left(), row), c.op(), value(c.right(), row));
    }
    if (e instanceof In) {
      In in = (In) e;
      Object v = value(in.value(), row);
      Boolean result = false;
      for (Operand item : in.items()) {
        Boolean eq = compare(v, "=", value(item, row));
        if (Boolean.TRUE.equals(eq)) {
          result = true;
          break;
        }
        if (eq == null) {
          result = null;
        }
      }
      return in.negated() ? not(result) : result;
    }
    if (e instanceof IsNull) {
      IsNull n = (IsNull) e;
      boolean isNull = value(n.value(), row) == null;
      return n.negated() != isNull;
    }
    if (e instanceof Between) {
      Between b = (Between) e;
      Object v = value(b.value(), row);
      Boolean lower = compare(v, ">=", value(b.low(), row));
      Boolean upper = compare(v, "<=", value(b.high(), row));
      Boolean result = eval(new And(List.of(constant(lower), constant(upper))), row);
      return b.negated() ? not(result) : result;
    }
    if (e instanceof Like) {
      Like l = (Like) e;
      Object v = value(l.value(), row);
      if (v == null || l.pattern() == null) {
        return null;
      }
      boolean matches = regex(l.pattern(), l.escape()).matcher((String) v).matches();
      return l.negated() != matches;
    }
    if (e instanceof Constant) {
      return ((Constant) e).value();
    }
    return (Boolean) value(((Bare) e).value(), row);
  }

  /** A fixed truth value, used to combine already computed parts. */
  private record Constant(Boolean value) implements Expr {}

  private static Expr constant(Boolean value) {
    return new Constant(value);
  }

  private static Boolean not(Boolean b) {
    return b == null ? null : !b;
  }

  private static Object value(Operand o, Map<String, Object> row) {
    return o.isColumn() ? row.get(o.column()) : o.value();
  }

  private static Boolean compare(Object a, String op, Object b) {
    if (a == null || b == null) {
      return null;
    }
    int c = order(a, b);
    switch (op) {
      case "=":
        return c == 0;
      case "<>":
        return c != 0;
      case "<":
        return c < 0;
      case "<=":
        return c <= 0;
      case ">":
        return c > 0;
      case ">=":
        return c >= 0;
      default:
        throw new IllegalArgumentException(op);
    }
  }

  /** The documented order: see {@link Predicates#compareValues}, implemented independently. */
  static int order(Object a, Object b) {
    if (a instanceof Number && b instanceof Number) {
      if (isFloating(a) || isFloating(b)) {
        double x = asDouble(a);
        double y = asDouble(b);
        boolean nx = Double.isNaN(x);
        boolean ny = Double.isNaN(y);
        if (nx || ny) {
          return nx && ny ? 0 : nx ? 1 : -1;
        }
        return x == y ? 0 : x < y ? -1 : 1;
      }
      return exact(a).compareTo(exact(b));
    }
    if (a instanceof String && b instanceof String) {
      return Arrays.compare(
          ((String) a).codePoints().toArray(), ((String) b).codePoints().toArray());
    }
    if (a instanceof Boolean && b instanceof Boolean) {
      return Boolean.compare((Boolean) a, (Boolean) b);
    }
    if (a instanceof LocalTime && b instanceof LocalTime) {
      return Long.compare(((LocalTime) a).toNanoOfDay(), ((LocalTime) b).toNanoOfDay());
    }
    return epochNanos(a).compareTo(epochNanos(b));
  }

  private static boolean isFloating(Object n) {
    return n instanceof Float || n instanceof Double;
  }

  private static double asDouble(Object n) {
    if (n instanceof Float) {
      return (Float) n;
    }
    if (n instanceof BigDecimal) {
      return Double.parseDouble(n.toString());
    }
    return ((Number) n).doubleValue();
  }

  private static BigDecimal exact(Object n) {
    return n instanceof BigDecimal ? (BigDecimal) n : new BigDecimal(n.toString());
  }

  private static BigInteger epochNanos(Object t) {
    Instant instant;
    if (t instanceof LocalDate) {
      instant = ((LocalDate) t).atStartOfDay().toInstant(ZoneOffset.UTC);
    } else if (t instanceof LocalDateTime) {
      instant = ((LocalDateTime) t).toInstant(ZoneOffset.UTC);
    } else {
      instant = (Instant) t;
    }
    return BigInteger.valueOf(instant.getEpochSecond())
        .multiply(BigInteger.valueOf(1_000_000_000L))
        .add(BigInteger.valueOf(instant.getNano()));
  }

  private static final Map<String, Pattern> REGEX_CACHE = new java.util.HashMap<>();

  /** The LIKE pattern as a regular expression over code points. */
  static Pattern regex(String pattern, String escape) {
    return REGEX_CACHE.computeIfAbsent(escape + "\u0000" + pattern, k -> compile(pattern, escape));
  }

  private static Pattern compile(String pattern, String escape) {
    StringBuilder re = new StringBuilder();
    int[] cps = pattern.codePoints().toArray();
    int esc = escape == null ? -1 : escape.codePointAt(0);
    for (int i = 0; i < cps.length; i++) {
      int cp = cps[i];
      if (cp == esc) {
        re.append(Pattern.quote(new String(Character.toChars(cps[++i]))));
      } else if (cp == '%') {
        re.append(".*");
      } else if (cp == '_') {
        re.append('.');
      } else {
        re.append(Pattern.quote(new String(Character.toChars(cp))));
      }
    }
    return Pattern.compile(re.toString(), Pattern.DOTALL);
  }
}
