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
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Prints a bound predicate in a canonical, fully parenthesised form that parses back to the same
 * tree, e.g. {@code ((a >= 1 AND a <= 5) OR NOT "b c" IS NULL)}.
 */
final class NodePrinter {

  private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Set<String> KEYWORDS =
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
          "TIMESTAMP",
          "TIME");
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSSSSSSSS");

  private NodePrinter() {}

  static String print(Node node) {
    StringBuilder sb = new StringBuilder();
    node.accept(new Printer(sb));
    return sb.toString();
  }

  /** Appends each node's text to one builder. */
  private static final class Printer implements NodeVisitor<StringBuilder> {
    private final StringBuilder sb;

    Printer(StringBuilder sb) {
      this.sb = sb;
    }

    @Override
    public StringBuilder constant(Node.Constant node) {
      Truth t = node.value();
      return sb.append(t == Truth.UNKNOWN ? "NULL" : t.name());
    }

    @Override
    public StringBuilder and(Node.And node) {
      return join(node.terms(), " AND ");
    }

    @Override
    public StringBuilder or(Node.Or node) {
      return join(node.terms(), " OR ");
    }

    @Override
    public StringBuilder not(Node.Not node) {
      sb.append("NOT ");
      return node.operand().accept(this);
    }

    @Override
    public StringBuilder isNull(Node.IsNull node) {
      return sb.append(identifier(node.column().name())).append(" IS NULL");
    }

    @Override
    public StringBuilder compareLiteral(Node.CompareLiteral c) {
      sb.append(identifier(c.column().name())).append(' ').append(c.op().symbol()).append(' ');
      return sb.append(literal(c.literal()));
    }

    @Override
    public StringBuilder compareColumns(Node.CompareColumns c) {
      sb.append(identifier(c.left().name())).append(' ').append(c.op().symbol()).append(' ');
      return sb.append(identifier(c.right().name()));
    }

    @Override
    public StringBuilder in(Node.In in) {
      sb.append(identifier(in.column().name())).append(" IN (");
      for (int i = 0; i < in.values().size(); i++) {
        sb.append(i == 0 ? "" : ", ").append(literal(in.values().get(i)));
      }
      return sb.append(in.hasNull() ? ", NULL)" : ")");
    }

    @Override
    public StringBuilder like(Node.Like like) {
      return sb.append(identifier(like.column().name())).append(" LIKE ").append(like.pattern());
    }

    private StringBuilder join(List<Node> terms, String separator) {
      sb.append('(');
      for (int i = 0; i < terms.size(); i++) {
        sb.append(i == 0 ? "" : separator);
        terms.get(i).accept(this);
      }
      return sb.append(')');
    }
  }

  /** A column name as the parser reads it back: plain if possible, else double-quoted. */
  static String identifier(String name) {
    if (PLAIN.matcher(name).matches() && !KEYWORDS.contains(name.toUpperCase(Locale.ROOT))) {
      return name;
    }
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  /** A literal value as predicate text. */
  static String literal(Object value) {
    if (value instanceof BigDecimal) {
      return value.toString();
    }
    if (value instanceof String) {
      return "'" + ((String) value).replace("'", "''") + "'";
    }
    if (value instanceof Boolean) {
      return (Boolean) value ? "TRUE" : "FALSE";
    }
    if (value instanceof LocalDate) {
      return "DATE '" + value + "'";
    }
    if (value instanceof LocalDateTime) {
      LocalDateTime t = (LocalDateTime) value;
      return "TIMESTAMP '" + t.toLocalDate() + " " + TIME.format(t.toLocalTime()) + "'";
    }
    if (value instanceof LocalTime) {
      return "TIME '" + TIME.format((LocalTime) value) + "'";
    }
    throw new IllegalArgumentException("not a predicate literal: " + value);
  }
}
