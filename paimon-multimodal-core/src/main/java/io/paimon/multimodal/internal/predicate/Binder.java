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

import io.paimon.multimodal.PredicateException;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Resolves the columns of a {@link Syntax} tree against a table's row type (plus {@code _ROW_ID
 * BIGINT NOT NULL}), checks that every comparison is between compatible types, and produces the
 * bound {@link Node} tree. BETWEEN becomes two comparisons, NOT IN / NOT BETWEEN / NOT LIKE / IS
 * NOT NULL become a {@link Node.Not}, and anything that involves no column, or compares with a NULL
 * literal, is folded into a {@link Node.Constant}.
 */
final class Binder {

  /** The system column holding each row's ID. */
  static final String ROW_ID = "_ROW_ID";

  private static final int MAX_LISTED_COLUMNS = 20;

  private final String text;
  private final Map<String, DataType> columns;

  private Binder(String text, RowType rowType) {
    this.text = text;
    this.columns = new LinkedHashMap<>();
    for (DataField f : rowType.fields()) {
      columns.put(f.name(), f.type());
    }
    columns.putIfAbsent(ROW_ID, DataTypes.BIGINT().notNull());
  }

  /** Binds a parsed predicate; throws {@link PredicateException} on column and type errors. */
  static Node bind(String text, RowType rowType, Syntax syntax) {
    return new Binder(text, rowType).bind(syntax);
  }

  private Node bind(Syntax s) {
    if (s instanceof Syntax.Or) {
      List<Node> terms = new ArrayList<>();
      for (Syntax t : ((Syntax.Or) s).terms()) {
        terms.add(bind(t));
      }
      return new Node.Or(List.copyOf(terms));
    }
    if (s instanceof Syntax.And) {
      List<Node> terms = new ArrayList<>();
      for (Syntax t : ((Syntax.And) s).terms()) {
        terms.add(bind(t));
      }
      return new Node.And(List.copyOf(terms));
    }
    if (s instanceof Syntax.Not) {
      return not(bind(((Syntax.Not) s).operand()));
    }
    if (s instanceof Syntax.Comparison) {
      Syntax.Comparison c = (Syntax.Comparison) s;
      return compare(c.left(), c.op(), c.right());
    }
    if (s instanceof Syntax.Between) {
      Syntax.Between b = (Syntax.Between) s;
      Node between =
          new Node.And(
              List.of(
                  compare(b.value(), CmpOp.GE, b.low()), compare(b.value(), CmpOp.LE, b.high())));
      return b.negated() ? not(between) : between;
    }
    if (s instanceof Syntax.In) {
      return in((Syntax.In) s);
    }
    if (s instanceof Syntax.IsNull) {
      Syntax.IsNull n = (Syntax.IsNull) s;
      Node isNull;
      if (n.value() instanceof Syntax.Literal) {
        isNull = constant(((Syntax.Literal) n.value()).value() == null);
      } else {
        isNull = new Node.IsNull(column((Syntax.Column) n.value()));
      }
      return n.negated() ? not(isNull) : isNull;
    }
    if (s instanceof Syntax.Like) {
      return like((Syntax.Like) s);
    }
    return bare((Syntax.Bare) s);
  }

  private Node compare(Syntax.Operand left, CmpOp op, Syntax.Operand right) {
    if (left instanceof Syntax.Literal && right instanceof Syntax.Column) {
      return compare(right, op.flip(), left);
    }
    if (left instanceof Syntax.Column && right instanceof Syntax.Column) {
      Node.Column a = comparableColumn((Syntax.Column) left);
      Node.Column b = comparableColumn((Syntax.Column) right);
      if (a.family().group() != b.family().group()) {
        throw new PredicateException(
            text,
            right.position(),
            "type mismatch: column '"
                + a.name()
                + "' of type "
                + a.type()
                + " cannot be compared with column '"
                + b.name()
                + "' of type "
                + b.type());
      }
      return new Node.CompareColumns(a, op, b);
    }
    Syntax.Literal literal = (Syntax.Literal) right;
    if (left instanceof Syntax.Literal) {
      Syntax.Literal l = (Syntax.Literal) left;
      checkLiterals(l, literal);
      if (l.value() == null || literal.value() == null) {
        return new Node.Constant(Truth.UNKNOWN);
      }
      return constant(op.test(ValueOrder.compare(l.value(), literal.value())));
    }
    Node.Column column = comparableColumn((Syntax.Column) left);
    checkLiteral(column, literal);
    if (literal.value() == null) {
      return new Node.Constant(Truth.UNKNOWN);
    }
    return new Node.CompareLiteral(column, op, literal.value());
  }

  private Node in(Syntax.In in) {
    boolean hasNull = false;
    List<Object> values = new ArrayList<>();
    Node result;
    if (in.value() instanceof Syntax.Literal) {
      Syntax.Literal v = (Syntax.Literal) in.value();
      Truth truth = Truth.FALSE;
      for (Syntax.Literal item : in.items()) {
        checkLiterals(v, item);
        if (v.value() == null || item.value() == null) {
          truth = truth.or(Truth.UNKNOWN);
        } else if (ValueOrder.compare(v.value(), item.value()) == 0) {
          truth = Truth.TRUE;
        }
      }
      result = new Node.Constant(truth);
    } else {
      Node.Column column = comparableColumn((Syntax.Column) in.value());
      for (Syntax.Literal item : in.items()) {
        checkLiteral(column, item);
        if (item.value() == null) {
          hasNull = true;
        } else {
          values.add(item.value());
        }
      }
      result =
          values.isEmpty()
              ? new Node.Constant(Truth.UNKNOWN)
              : new Node.In(column, List.copyOf(values), hasNull);
    }
    return in.negated() ? not(result) : result;
  }

  private Node like(Syntax.Like like) {
    if (!isStringOrNull(like.pattern())) {
      throw new PredicateException(
          text,
          like.pattern().position(),
          "expected a string literal as the LIKE pattern but found " + describe(like.pattern()));
    }
    Syntax.Literal pattern = (Syntax.Literal) like.pattern();
    Syntax.Literal escape = like.escape();
    Node.Column column = null;
    String constantValue = null;
    boolean nullValue = false;
    if (like.value() instanceof Syntax.Column) {
      column = column((Syntax.Column) like.value());
      if (column.family() != Family.STRING) {
        throw new PredicateException(
            text,
            like.value().position(),
            "LIKE requires a string column but column '"
                + column.name()
                + "' has type "
                + column.type());
      }
    } else {
      Syntax.Literal v = (Syntax.Literal) like.value();
      if (!isStringOrNull(v)) {
        throw new PredicateException(
            text, v.position(), "LIKE requires a string but found " + describe(v));
      }
      constantValue = (String) v.value();
      nullValue = v.value() == null;
    }
    Node result;
    if (pattern.value() == null) {
      result = new Node.Constant(Truth.UNKNOWN);
    } else {
      LikePattern compiled =
          LikePattern.compile(
              (String) pattern.value(),
              escape == null ? null : (String) escape.value(),
              text,
              pattern.position(),
              escape == null ? -1 : escape.position());
      if (column != null) {
        result = new Node.Like(column, compiled);
      } else {
        result =
            nullValue
                ? new Node.Constant(Truth.UNKNOWN)
                : constant(compiled.matches(constantValue));
      }
    }
    return like.negated() ? not(result) : result;
  }

  private Node bare(Syntax.Bare bare) {
    if (bare.value() instanceof Syntax.Literal) {
      Syntax.Literal l = (Syntax.Literal) bare.value();
      if (l.kind() == Syntax.LiteralKind.BOOLEAN) {
        return constant((Boolean) l.value());
      }
      if (l.kind() == Syntax.LiteralKind.NULL) {
        return new Node.Constant(Truth.UNKNOWN);
      }
      throw new PredicateException(
          text,
          bare.end(),
          "expected a comparison operator, IN, IS, BETWEEN or LIKE after " + describe(l));
    }
    Node.Column column = column((Syntax.Column) bare.value());
    if (column.family() != Family.BOOLEAN) {
      throw new PredicateException(
          text,
          bare.end(),
          "expected a comparison operator, IN, IS, BETWEEN or LIKE after column '"
              + column.name()
              + "' of type "
              + column.type()
              + " (only a BOOLEAN column is a predicate by itself)");
    }
    return new Node.CompareLiteral(column, CmpOp.EQ, Boolean.TRUE);
  }

  private Node.Column column(Syntax.Column c) {
    DataType type = columns.get(c.name());
    if (type == null) {
      throw new PredicateException(text, c.position(), unknownColumnMessage(c.name()));
    }
    return new Node.Column(c.name(), type);
  }

  private Node.Column comparableColumn(Syntax.Column c) {
    Node.Column column = column(c);
    if (column.family() == Family.OTHER) {
      throw new PredicateException(
          text,
          c.position(),
          "column '"
              + column.name()
              + "' of type "
              + column.type()
              + " cannot be compared: only IS [NOT] NULL applies to it (comparisons work on"
              + " numeric, string, boolean, date, time and timestamp columns)");
    }
    return column;
  }

  private void checkLiteral(Node.Column column, Syntax.Literal literal) {
    Family.Group group = Family.groupOf(literal.kind());
    if (group != null && group != column.family().group()) {
      throw new PredicateException(
          text,
          literal.position(),
          "type mismatch: column '"
              + column.name()
              + "' of type "
              + column.type()
              + " cannot be compared with the "
              + literal.kind().description()
              + " literal "
              + literal.text());
    }
  }

  private void checkLiterals(Syntax.Literal a, Syntax.Literal b) {
    Family.Group ga = Family.groupOf(a.kind());
    Family.Group gb = Family.groupOf(b.kind());
    if (ga != null && gb != null && ga != gb) {
      throw new PredicateException(
          text,
          b.position(),
          "type mismatch: the "
              + a.kind().description()
              + " literal "
              + a.text()
              + " cannot be compared with the "
              + b.kind().description()
              + " literal "
              + b.text());
    }
  }

  private String unknownColumnMessage(String name) {
    StringBuilder sb = new StringBuilder("unknown column '").append(name).append("'");
    for (String candidate : columns.keySet()) {
      if (candidate.equalsIgnoreCase(name)) {
        sb.append(" (column names are case-sensitive: did you mean '")
            .append(candidate)
            .append("'?)");
        return sb.toString();
      }
    }
    sb.append("; the columns are ");
    int i = 0;
    for (String candidate : columns.keySet()) {
      if (i == MAX_LISTED_COLUMNS) {
        sb.append(", ...");
        break;
      }
      sb.append(i++ == 0 ? "" : ", ").append(candidate);
    }
    return sb.toString();
  }

  private static String describe(Syntax.Operand operand) {
    if (operand instanceof Syntax.Column) {
      return "column '" + ((Syntax.Column) operand).name() + "'";
    }
    Syntax.Literal l = (Syntax.Literal) operand;
    return l.kind() == Syntax.LiteralKind.NULL
        ? "NULL"
        : "the " + l.kind().description() + " literal " + l.text();
  }

  private static boolean isStringOrNull(Syntax.Operand operand) {
    return operand instanceof Syntax.Literal
        && (((Syntax.Literal) operand).kind() == Syntax.LiteralKind.STRING
            || ((Syntax.Literal) operand).kind() == Syntax.LiteralKind.NULL);
  }

  private static Node not(Node operand) {
    if (operand instanceof Node.Constant c) {
      return new Node.Constant(c.value().not());
    }
    return new Node.Not(operand);
  }

  private static Node constant(boolean value) {
    return new Node.Constant(Truth.of(value));
  }
}
