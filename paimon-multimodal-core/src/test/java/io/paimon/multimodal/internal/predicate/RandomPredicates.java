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

import io.paimon.multimodal.internal.predicate.ReferenceEvaluator.And;
import io.paimon.multimodal.internal.predicate.ReferenceEvaluator.Bare;
import io.paimon.multimodal.internal.predicate.ReferenceEvaluator.Between;
import io.paimon.multimodal.internal.predicate.ReferenceEvaluator.Cmp;
import io.paimon.multimodal.internal.predicate.ReferenceEvaluator.Expr;
import io.paimon.multimodal.internal.predicate.ReferenceEvaluator.In;
import io.paimon.multimodal.internal.predicate.ReferenceEvaluator.IsNull;
import io.paimon.multimodal.internal.predicate.ReferenceEvaluator.Like;
import io.paimon.multimodal.internal.predicate.ReferenceEvaluator.Not;
import io.paimon.multimodal.internal.predicate.ReferenceEvaluator.Operand;
import io.paimon.multimodal.internal.predicate.ReferenceEvaluator.Or;
import io.paimon.types.DataField;
import io.paimon.types.RowType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * Generates random predicates over a random table: an expression tree for the reference evaluator
 * and its text, with random keyword case, spacing, quoting, operand order and literal spelling.
 * Literals are drawn near the table's values so that comparisons are often equal or adjacent.
 */
final class RandomPredicates {

  private static final Set<String> NEEDS_QUOTES =
      Set.of(
          "AND",
          "OR",
          "NOT",
          "IN",
          "IS",
          "NULL",
          "BETWEEN",
          "LIKE",
          "ESCAPE",
          "TRUE",
          "FALSE",
          "DATE",
          "TIME",
          "TIMESTAMP");

  private static final String[] NUMBERS = {
    "0",
    "1",
    "-1",
    "0.5",
    "1.5",
    "-2.5",
    "2.25",
    "3",
    "127",
    "128",
    "-129",
    "32768",
    "1e30",
    "-1e30",
    "9223372036854775807",
    "-9223372036854775808",
    "9223372036854775808",
    "0.001",
    "300",
    "299.99",
    "0.1",
    "-0.0"
  };

  private static final String[] LIKE_PIECES = {"a", "b", "é", "😀", "%", "_", "ab", "'", "x", "%"};

  private final Random random;
  private final RowType table;
  private final List<Object[]> rows;

  RandomPredicates(Random random, RowType table, List<Object[]> rows) {
    this.random = random;
    this.table = table;
    this.rows = rows;
  }

  /** A generated predicate: the tree and its text. */
  record Generated(Expr expr, String text) {}

  Generated next() {
    Expr e = expr(0);
    return new Generated(e, render(e, false));
  }

  // ---- expression trees ----------------------------------------------------------------------

  private Expr expr(int depth) {
    if (depth >= 3 || random.nextInt(3) == 0) {
      return leaf();
    }
    switch (random.nextInt(5)) {
      case 0:
        return new Not(expr(depth + 1));
      case 1:
      case 2:
        return new And(children(depth));
      default:
        return new Or(children(depth));
    }
  }

  private List<Expr> children(int depth) {
    int n = 2 + random.nextInt(2);
    List<Expr> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(expr(depth + 1));
    }
    return out;
  }

  private Expr leaf() {
    int kind = random.nextInt(100);
    DataField col = comparableColumn();
    String group = RandomTables.group(col.type());
    if (kind < 35) {
      return maybeSwap(Operand.column(col.name()), op(), literalOrNull(col, 0.04));
    }
    if (kind < 45) {
      DataField other = columnInGroup(group);
      return new Cmp(Operand.column(col.name()), op(), Operand.column(other.name()));
    }
    if (kind < 57) {
      List<Operand> items = new ArrayList<>();
      int n = 1 + random.nextInt(5);
      for (int i = 0; i < n; i++) {
        items.add(literalOrNull(col, 0.08));
      }
      return new In(Operand.column(col.name()), items, random.nextInt(10) < 3);
    }
    if (kind < 65) {
      DataField any = table.fields().get(random.nextInt(table.fieldCount()));
      return new IsNull(Operand.column(any.name()), random.nextBoolean());
    }
    if (kind < 75) {
      return new Between(
          Operand.column(col.name()), bound(col), bound(col), random.nextInt(10) < 3);
    }
    if (kind < 88) {
      DataField s = columnInGroupOrNull("STRING");
      return s != null
          ? like(s)
          : maybeSwap(Operand.column(col.name()), op(), literalOrNull(col, 0));
    }
    if (kind < 94) {
      DataField b = columnInGroupOrNull("BOOLEAN");
      return b != null
          ? new Bare(Operand.column(b.name()))
          : maybeSwap(Operand.column(col.name()), op(), literalOrNull(col, 0));
    }
    if (kind < 96) {
      return new Cmp(literalOrNull(col, 0.2), op(), literalOrNull(col, 0.2));
    }
    if (kind < 98) {
      return new IsNull(literalOrNull(col, 0.5), random.nextBoolean());
    }
    boolean value = random.nextBoolean();
    return new Bare(Operand.literal(value, keyword(value ? "TRUE" : "FALSE")));
  }

  private Expr maybeSwap(Operand a, String op, Operand b) {
    if (random.nextBoolean()) {
      return new Cmp(a, op, b);
    }
    String flipped;
    switch (op) {
      case "<":
        flipped = ">";
        break;
      case "<=":
        flipped = ">=";
        break;
      case ">":
        flipped = "<";
        break;
      case ">=":
        flipped = "<=";
        break;
      default:
        flipped = op;
    }
    return new Cmp(b, flipped, a);
  }

  private Operand bound(DataField col) {
    if (random.nextInt(10) == 0) {
      return Operand.column(columnInGroup(RandomTables.group(col.type())).name());
    }
    return literalOrNull(col, 0.08);
  }

  private Expr like(DataField col) {
    String escape = random.nextInt(4) == 0 ? "!" : null;
    if (random.nextInt(25) == 0) {
      return new Like(Operand.column(col.name()), null, null, random.nextBoolean());
    }
    StringBuilder pattern = new StringBuilder();
    int n = 1 + random.nextInt(4);
    for (int i = 0; i < n; i++) {
      if (escape != null && random.nextInt(4) == 0) {
        pattern.append('!').append("%_!".charAt(random.nextInt(3)));
      } else {
        pattern.append(LIKE_PIECES[random.nextInt(LIKE_PIECES.length)]);
      }
    }
    return new Like(Operand.column(col.name()), pattern.toString(), escape, random.nextInt(10) < 3);
  }

  private String op() {
    return new String[] {"=", "<>", "<", "<=", ">", ">="}[random.nextInt(6)];
  }

  // ---- columns and literals --------------------------------------------------------------------

  private DataField comparableColumn() {
    while (true) {
      DataField f = table.fields().get(random.nextInt(table.fieldCount()));
      if (!RandomTables.group(f.type()).equals("OTHER")) {
        return f;
      }
    }
  }

  private DataField columnInGroup(String group) {
    DataField f = columnInGroupOrNull(group);
    if (f == null) {
      throw new IllegalStateException("no column in group " + group);
    }
    return f;
  }

  private DataField columnInGroupOrNull(String group) {
    List<DataField> candidates = new ArrayList<>();
    for (DataField f : table.fields()) {
      if (RandomTables.group(f.type()).equals(group)) {
        candidates.add(f);
      }
    }
    return candidates.isEmpty() ? null : candidates.get(random.nextInt(candidates.size()));
  }

  private Operand literalOrNull(DataField col, double nullProbability) {
    if (random.nextDouble() < nullProbability) {
      return Operand.literal(null, keyword("NULL"));
    }
    Object near = null;
    int index = table.fields().indexOf(col);
    for (int attempt = 0; attempt < 4 && near == null; attempt++) {
      near = rows.get(random.nextInt(rows.size()))[index];
    }
    switch (RandomTables.group(col.type())) {
      case "NUMERIC":
        return numberLiteral(near);
      case "STRING":
        {
          String s =
              near != null && random.nextBoolean()
                  ? (String) near
                  : RandomTables.STRINGS[random.nextInt(RandomTables.STRINGS.length)];
          return Operand.literal(s, "'" + s.replace("'", "''") + "'");
        }
      case "BOOLEAN":
        {
          boolean b = random.nextBoolean();
          return Operand.literal(b, keyword(b ? "TRUE" : "FALSE"));
        }
      case "TIME":
        return timeLiteral(near);
      default:
        return temporalLiteral(near);
    }
  }

  private Operand numberLiteral(Object near) {
    BigDecimal value;
    if (near != null && random.nextBoolean() && !isNonFinite(near)) {
      value = near instanceof BigDecimal ? (BigDecimal) near : new BigDecimal(near.toString());
      if (random.nextInt(4) == 0) {
        value = value.add(new BigDecimal(random.nextBoolean() ? "0.5" : "-0.001"));
      }
    } else {
      value = new BigDecimal(NUMBERS[random.nextInt(NUMBERS.length)]);
    }
    return Operand.literal(value, spellNumber(value));
  }

  private static boolean isNonFinite(Object n) {
    return (n instanceof Double && !Double.isFinite((Double) n))
        || (n instanceof Float && !Float.isFinite((Float) n));
  }

  private String spellNumber(BigDecimal value) {
    switch (random.nextInt(4)) {
      case 0:
        return value.unscaledValue() + "e" + (-value.scale());
      case 1:
        {
          String plain = value.toPlainString();
          if (plain.startsWith("0.")) {
            return plain.substring(1);
          }
          if (plain.startsWith("-0.")) {
            return "-" + plain.substring(2);
          }
          return plain.contains(".") ? plain : plain + ".0";
        }
      default:
        return value.toPlainString();
    }
  }

  private Operand temporalLiteral(Object near) {
    LocalDateTime base;
    if (near instanceof LocalDate) {
      base = ((LocalDate) near).atStartOfDay();
    } else if (near instanceof LocalDateTime) {
      base = (LocalDateTime) near;
    } else if (near instanceof Instant) {
      base = LocalDateTime.ofInstant((Instant) near, ZoneOffset.UTC);
    } else {
      base = LocalDateTime.parse("2024-01-01T00:00:00");
    }
    long[] offsets = {
      0, 0, 1, -1, 1_000, 1_000_000, -1_000_000, 1_000_000_000L, 86_400_000_000_000L
    };
    LocalDateTime t = base.plusNanos(offsets[random.nextInt(offsets.length)]);
    if (t.toLocalTime().equals(LocalTime.MIDNIGHT) && random.nextBoolean()) {
      LocalDate d = t.toLocalDate();
      return Operand.literal(d, keyword("DATE") + " '" + d + "'");
    }
    String time = spellTime(t.toLocalTime());
    String text;
    if (t.toLocalTime().equals(LocalTime.MIDNIGHT) && random.nextBoolean()) {
      text = t.toLocalDate().toString();
    } else {
      text = t.toLocalDate() + (random.nextBoolean() ? " " : "T") + time;
    }
    return Operand.literal(t, keyword("TIMESTAMP") + " '" + text + "'");
  }

  private Operand timeLiteral(Object near) {
    LocalTime base = near instanceof LocalTime ? (LocalTime) near : LocalTime.NOON;
    long[] offsets = {0, 0, 1, -1, 1_000_000, -1_000_000, 500_000};
    LocalTime t = base.plusNanos(offsets[random.nextInt(offsets.length)]);
    return Operand.literal(t, keyword("TIME") + " '" + spellTime(t) + "'");
  }

  private String spellTime(LocalTime t) {
    String hms =
        String.format(Locale.ROOT, "%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond());
    if (t.getNano() == 0) {
      return random.nextBoolean() ? hms : hms + ".0";
    }
    String fraction = String.format(Locale.ROOT, "%09d", t.getNano()).replaceAll("0+$", "");
    return hms + "." + fraction;
  }

  // ---- rendering -------------------------------------------------------------------------------

  private String render(Expr e, boolean needsGrouping) {
    String text;
    boolean compound = e instanceof And || e instanceof Or;
    if (e instanceof And || e instanceof Or) {
      List<Expr> terms = e instanceof And ? ((And) e).terms() : ((Or) e).terms();
      String separator = keyword(e instanceof And ? "AND" : "OR");
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < terms.size(); i++) {
        if (i > 0) {
          sb.append(space()).append(separator).append(space());
        }
        // An OR inside an AND needs parentheses; an AND inside an OR does not (but may get them).
        sb.append(render(terms.get(i), e instanceof And && terms.get(i) instanceof Or));
      }
      text = sb.toString();
    } else if (e instanceof Not) {
      Expr inner = ((Not) e).operand();
      text = keyword("NOT") + space() + render(inner, inner instanceof And || inner instanceof Or);
    } else {
      text = renderLeaf(e);
    }
    if (needsGrouping || (compound && random.nextInt(5) == 0) || random.nextInt(12) == 0) {
      return "(" + space() + text + space() + ")";
    }
    return text;
  }

  private String renderLeaf(Expr e) {
    if (e instanceof Cmp) {
      Cmp c = (Cmp) e;
      String op = c.op().equals("<>") && random.nextBoolean() ? "!=" : c.op();
      String gap = random.nextInt(4) == 0 ? "" : space();
      return operand(c.left()) + gap + op + gap + operand(c.right());
    }
    if (e instanceof In) {
      In in = (In) e;
      StringBuilder sb = new StringBuilder(operand(in.value())).append(' ');
      if (in.negated()) {
        sb.append(keyword("NOT")).append(' ');
      }
      sb.append(keyword("IN")).append(random.nextBoolean() ? " (" : "(");
      for (int i = 0; i < in.items().size(); i++) {
        sb.append(i == 0 ? "" : random.nextBoolean() ? ", " : ",")
            .append(operand(in.items().get(i)));
      }
      return sb.append(')').toString();
    }
    if (e instanceof IsNull) {
      IsNull n = (IsNull) e;
      return operand(n.value())
          + " "
          + keyword("IS")
          + " "
          + (n.negated() ? keyword("NOT") + " " : "")
          + keyword("NULL");
    }
    if (e instanceof Between) {
      Between b = (Between) e;
      return operand(b.value())
          + " "
          + (b.negated() ? keyword("NOT") + " " : "")
          + keyword("BETWEEN")
          + " "
          + operand(b.low())
          + " "
          + keyword("AND")
          + " "
          + operand(b.high());
    }
    if (e instanceof Like) {
      Like l = (Like) e;
      String pattern =
          l.pattern() == null ? keyword("NULL") : "'" + l.pattern().replace("'", "''") + "'";
      String escape = l.escape() == null ? "" : " " + keyword("ESCAPE") + " '" + l.escape() + "'";
      return operand(l.value())
          + " "
          + (l.negated() ? keyword("NOT") + " " : "")
          + keyword("LIKE")
          + " "
          + pattern
          + escape;
    }
    return operand(((Bare) e).value());
  }

  private String operand(Operand o) {
    if (!o.isColumn()) {
      return o.text();
    }
    String name = o.column();
    boolean plain =
        name.matches("[\\p{L}_][\\p{L}\\p{Nd}_]*")
            && !NEEDS_QUOTES.contains(name.toUpperCase(Locale.ROOT));
    if (plain && random.nextInt(5) != 0) {
      return name;
    }
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  private String keyword(String k) {
    switch (random.nextInt(3)) {
      case 0:
        return k;
      case 1:
        return k.toLowerCase(Locale.ROOT);
      default:
        StringBuilder sb = new StringBuilder();
        for (char c : k.toCharArray()) {
          sb.append(random.nextBoolean() ? Character.toLowerCase(c) : c);
        }
        return sb.toString();
    }
  }

  private String space() {
    switch (random.nextInt(8)) {
      case 0:
        return "  ";
      case 1:
        return "\n";
      case 2:
        return "\t";
      default:
        return " ";
    }
  }
}
