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
package io.paimon.multimodal;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Random {@code where} predicates over the columns of {@link PredicateScanTest}'s table, each with
 * a brute-force evaluator in SQL three-valued logic over the Java values the test wrote (null is
 * UNKNOWN). Written from the documented semantics, independently of the library's evaluator:
 * numbers compare across types (as doubles when a side is floating-point, NaN equal to itself and
 * above everything, -0.0 equal to 0.0; exactly otherwise), strings by code point, LIKE with {@code
 * %} and {@code _}.
 */
final class PredicateOracle {

  static final String[] STRINGS = {
    "", "a", "ab", "abc", "b", "ba", "a_b", "a%b", "x'y", "\u00e9", "\u00e9a", "Z", "zz", "a b"
  };

  private static final String[] NUMERIC = {"id", "i", "l", "d", "dec", "_ROW_ID"};
  private static final String[] ALL = {"id", "i", "l", "d", "s", "dt", "b", "dec", "_ROW_ID"};
  private static final String[] OPS = {"=", "!=", "<>", "<", "<=", ">", ">="};
  private static final char[] LIKE_CHARS = {'a', 'b', '\u00e9', ' ', '\'', '%', '_', 'x'};

  /** A predicate's text and its evaluator (TRUE, FALSE, or null for UNKNOWN). */
  record Pred(String text, Function<Map<String, Object>, Boolean> eval) {}

  private final Random rnd;

  PredicateOracle(Random rnd) {
    this.rnd = rnd;
  }

  /** A random predicate tree of at most {@code depth} levels of AND, OR and NOT. */
  Pred predicate(int depth) {
    if (depth == 0 || rnd.nextInt(3) == 0) {
      return leaf();
    }
    switch (rnd.nextInt(3)) {
      case 0:
        {
          Pred a = predicate(depth - 1);
          Pred b = predicate(depth - 1);
          return new Pred(
              "(" + a.text() + ") AND (" + b.text() + ")",
              r -> and(a.eval().apply(r), b.eval().apply(r)));
        }
      case 1:
        {
          Pred a = predicate(depth - 1);
          Pred b = predicate(depth - 1);
          return new Pred(
              "(" + a.text() + ") OR (" + b.text() + ")",
              r -> or(a.eval().apply(r), b.eval().apply(r)));
        }
      default:
        {
          Pred a = predicate(depth - 1);
          return new Pred("NOT (" + a.text() + ")", r -> not(a.eval().apply(r)));
        }
    }
  }

  private Pred leaf() {
    switch (rnd.nextInt(9)) {
      case 0:
      case 1:
        return comparison();
      case 2:
        return columnComparison();
      case 3:
        return in();
      case 4:
        return between();
      case 5:
        return like();
      case 6:
        {
          String c = pick(ALL);
          boolean negated = rnd.nextBoolean();
          return new Pred(
              c + (negated ? " IS NOT NULL" : " IS NULL"), r -> (r.get(c) == null) != negated);
        }
      case 7:
        {
          if (rnd.nextBoolean()) {
            return new Pred("b", r -> (Boolean) r.get("b"));
          }
          boolean v = rnd.nextBoolean();
          return new Pred("b = " + (v ? "TRUE" : "FALSE"), r -> cmp(r.get("b"), v, "="));
        }
      default:
        {
          long from = rnd.nextInt(950);
          long to = from + rnd.nextInt(400);
          return new Pred(
              "_ROW_ID >= " + from + " AND _ROW_ID < " + to,
              r -> and(cmp(r.get("_ROW_ID"), from, ">="), cmp(r.get("_ROW_ID"), to, "<")));
        }
    }
  }

  private Pred comparison() {
    String c = pick(ALL);
    Literal lit = literal(c);
    String op = pick(OPS);
    if (rnd.nextInt(4) == 0) {
      // Literal on the left: "5 > i" is "i < 5".
      return new Pred(lit.text + " " + op + " " + c, r -> cmp(lit.value, r.get(c), op));
    }
    return new Pred(c + " " + op + " " + lit.text, r -> cmp(r.get(c), lit.value, op));
  }

  private Pred columnComparison() {
    String a = pick(NUMERIC);
    String b = pick(NUMERIC);
    String op = pick(OPS);
    return new Pred(a + " " + op + " " + b, r -> cmp(r.get(a), r.get(b), op));
  }

  private Pred in() {
    String c = pick(ALL);
    List<Literal> items = new ArrayList<>();
    for (int k = 1 + rnd.nextInt(4); k > 0; k--) {
      items.add(literal(c));
    }
    boolean negated = rnd.nextInt(3) == 0;
    StringBuilder text = new StringBuilder(c).append(negated ? " NOT IN (" : " IN (");
    for (int k = 0; k < items.size(); k++) {
      text.append(k == 0 ? "" : ", ").append(items.get(k).text);
    }
    return new Pred(
        text.append(")").toString(),
        r -> {
          Boolean any = Boolean.FALSE;
          for (Literal item : items) {
            any = or(any, cmp(r.get(c), item.value, "="));
          }
          return negated ? not(any) : any;
        });
  }

  private Pred between() {
    String c = pick(ALL);
    Literal lo = literal(c);
    Literal hi = literal(c);
    boolean negated = rnd.nextInt(3) == 0;
    return new Pred(
        c + (negated ? " NOT BETWEEN " : " BETWEEN ") + lo.text + " AND " + hi.text,
        r -> {
          Boolean in = and(cmp(r.get(c), lo.value, ">="), cmp(r.get(c), hi.value, "<="));
          return negated ? not(in) : in;
        });
  }

  private Pred like() {
    StringBuilder pattern = new StringBuilder();
    StringBuilder regex = new StringBuilder();
    for (int k = rnd.nextInt(5); k > 0; k--) {
      char ch = LIKE_CHARS[rnd.nextInt(LIKE_CHARS.length)];
      pattern.append(ch);
      regex.append(ch == '%' ? ".*" : ch == '_' ? "." : Pattern.quote(String.valueOf(ch)));
    }
    Pattern compiled = Pattern.compile(regex.toString(), Pattern.DOTALL);
    boolean negated = rnd.nextInt(3) == 0;
    String text = "s " + (negated ? "NOT LIKE " : "LIKE ") + quote(pattern.toString());
    return new Pred(
        text,
        r -> {
          Object v = r.get("s");
          if (v == null) {
            return null;
          }
          boolean m = compiled.matcher((String) v).matches();
          return negated != m;
        });
  }

  /** A literal of a column's type: its text in a predicate and its Java value (null for NULL). */
  private record Literal(String text, Object value) {}

  private Literal literal(String column) {
    if (rnd.nextInt(25) == 0) {
      return new Literal("NULL", null);
    }
    switch (column) {
      case "s":
        {
          String s = rnd.nextInt(5) == 0 ? "c" + rnd.nextInt(3) : pick(STRINGS);
          return new Literal(quote(s), s);
        }
      case "dt":
        {
          LocalDate d = LocalDate.of(2025, 12, 25).plusDays(rnd.nextInt(45));
          return new Literal("DATE '" + d + "'", d);
        }
      case "b":
        {
          boolean v = rnd.nextBoolean();
          return new Literal(v ? "TRUE" : "FALSE", v);
        }
      case "id":
      case "_ROW_ID":
        {
          long v = rnd.nextInt(950) - 20;
          return new Literal(Long.toString(v), v);
        }
      default:
        if (rnd.nextBoolean()) {
          long v = rnd.nextInt(25) - 12;
          return new Literal(Long.toString(v), v);
        }
        BigDecimal v = BigDecimal.valueOf(rnd.nextInt(1001) - 500, 2 + rnd.nextInt(2));
        return new Literal(v.toPlainString(), v);
    }
  }

  private String pick(String[] values) {
    return values[rnd.nextInt(values.length)];
  }

  private static String quote(String s) {
    return "'" + s.replace("'", "''") + "'";
  }

  static Boolean and(Boolean a, Boolean b) {
    if (Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b)) {
      return false;
    }
    return a == null || b == null ? null : true;
  }

  static Boolean or(Boolean a, Boolean b) {
    if (Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b)) {
      return true;
    }
    return a == null || b == null ? null : false;
  }

  static Boolean not(Boolean a) {
    return a == null ? null : !a;
  }

  /** {@code a op b} in three-valued logic. */
  static Boolean cmp(Object a, Object b, String op) {
    if (a == null || b == null) {
      return null;
    }
    int c = compare(a, b);
    switch (op) {
      case "=":
        return c == 0;
      case "!=":
      case "<>":
        return c != 0;
      case "<":
        return c < 0;
      case "<=":
        return c <= 0;
      case ">":
        return c > 0;
      default:
        return c >= 0;
    }
  }

  private static int compare(Object a, Object b) {
    if (a instanceof Number && b instanceof Number) {
      if (a instanceof Double || b instanceof Double) {
        double x = ((Number) a).doubleValue();
        double y = ((Number) b).doubleValue();
        return x == y ? 0 : Double.compare(x, y);
      }
      return decimal((Number) a).compareTo(decimal((Number) b));
    }
    if (a instanceof String) {
      return codePoints((String) a, (String) b);
    }
    if (a instanceof Boolean) {
      return Boolean.compare((Boolean) a, (Boolean) b);
    }
    return ((LocalDate) a).compareTo((LocalDate) b);
  }

  private static BigDecimal decimal(Number n) {
    return n instanceof BigDecimal ? (BigDecimal) n : BigDecimal.valueOf(n.longValue());
  }

  private static int codePoints(String a, String b) {
    return Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());
  }
}
