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
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A recursive-descent parser from predicate text to an unbound {@link Syntax} tree.
 *
 * <pre>
 * predicate  := or END
 * or         := and (OR and)*
 * and        := not (AND not)*
 * not        := NOT not | primary
 * primary    := '(' or ')' | operand [tail]
 * tail       := cmp operand
 *             | [NOT] IN '(' literal (',' literal)* ')'
 *             | IS [NOT] NULL
 *             | [NOT] BETWEEN operand AND operand
 *             | [NOT] LIKE operand [ESCAPE string]
 * cmp        := '=' | '!=' | '&lt;&gt;' | '&lt;' | '&lt;=' | '&gt;' | '&gt;='
 * operand    := column | literal
 * column     := identifier | quoted-identifier
 * literal    := number | string | TRUE | FALSE | NULL
 *             | DATE string | TIMESTAMP string | TIME string
 * </pre>
 *
 * Keywords are case-insensitive; {@code AND OR NOT IN IS NULL BETWEEN LIKE ESCAPE TRUE FALSE} are
 * reserved (quote a column with such a name), while {@code DATE}, {@code TIMESTAMP} and {@code
 * TIME} start a literal only when a string follows. An operand without a tail is a predicate only
 * if it is BOOLEAN (the binder checks). Nesting of parentheses and NOT is limited to {@value
 * #MAX_DEPTH} levels.
 */
final class Parser {

  /** The deepest nesting of parentheses and NOT accepted. */
  static final int MAX_DEPTH = 256;

  private static final Set<String> RESERVED =
      Set.of("AND", "OR", "NOT", "IN", "IS", "NULL", "BETWEEN", "LIKE", "ESCAPE", "TRUE", "FALSE");

  private static final DateTimeFormatter TIME_FORMAT =
      new DateTimeFormatterBuilder()
          .appendValue(ChronoField.HOUR_OF_DAY, 2)
          .appendLiteral(':')
          .appendValue(ChronoField.MINUTE_OF_HOUR, 2)
          .appendLiteral(':')
          .appendValue(ChronoField.SECOND_OF_MINUTE, 2)
          .optionalStart()
          .appendFraction(ChronoField.NANO_OF_SECOND, 1, 9, true)
          .optionalEnd()
          .toFormatter(Locale.ROOT)
          .withResolverStyle(ResolverStyle.STRICT);

  private final String text;
  private final Lexer lexer;
  private Token current;
  private Token lookahead;
  private int previousEnd;
  private int depth;

  /** The values of the {@code ?} parameters, in order. */
  private final List<?> parameters;

  /** The next parameter to bind. */
  private int nextParameter;

  private Parser(String text, List<?> parameters) {
    this.text = text;
    this.parameters = parameters;
    this.lexer = new Lexer(text);
    this.current = lexer.next();
  }

  /** Parses a whole predicate; throws {@link PredicateException} on the first syntax error. */
  static Syntax parse(String text) {
    return parse(text, List.of());
  }

  /**
   * Parses a whole predicate whose {@code ?} stand for {@code parameters}, in order: each is bound
   * as a literal of its Java type (never read as predicate text); a collection, only in an IN list,
   * as that many literals.
   *
   * @throws PredicateException on a syntax error, a parameter of an unsupported type, or a count of
   *     parameters other than the count of {@code ?}
   */
  static Syntax parse(String text, List<?> parameters) {
    Parser parser = new Parser(text, parameters);
    if (parser.current.type() == Token.Type.END) {
      throw parser.error(parser.current, "expected a predicate but found end of input");
    }
    Syntax result = parser.or();
    if (parser.current.type() != Token.Type.END) {
      throw parser.unexpected("AND, OR or end of input");
    }
    if (parser.nextParameter != parameters.size()) {
      throw new PredicateException(
          text,
          text.length(),
          "the predicate has "
              + parser.nextParameter
              + " '?' but "
              + parameters.size()
              + " parameters were given");
    }
    return result;
  }

  /** The value of the {@code ?} at {@code t}, the next parameter. */
  private Object parameter(Token t) {
    if (nextParameter >= parameters.size()) {
      throw new PredicateException(
          text,
          t.position(),
          "'?' number "
              + (nextParameter + 1)
              + " has no parameter: "
              + parameters.size()
              + " were given");
    }
    return parameters.get(nextParameter++);
  }

  /** A parameter's value as a literal, or fails naming the parameter and its class. */
  private Syntax.Literal boundLiteral(Object v, int index, int position) {
    String shown = "?" + index;
    if (v == null) {
      return new Syntax.Literal(Syntax.LiteralKind.NULL, null, shown, position);
    }
    if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
      return new Syntax.Literal(
          Syntax.LiteralKind.NUMBER, BigDecimal.valueOf(((Number) v).longValue()), shown, position);
    }
    if (v instanceof java.math.BigInteger b) {
      return new Syntax.Literal(Syntax.LiteralKind.NUMBER, new BigDecimal(b), shown, position);
    }
    if (v instanceof BigDecimal d) {
      return new Syntax.Literal(Syntax.LiteralKind.NUMBER, d, shown, position);
    }
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) {
        throw new PredicateException(
            text, position, "parameter " + index + " is " + d + ", which no literal can be");
      }
      // The shortest decimal that is the value, as a literal written in the predicate would be.
      return new Syntax.Literal(
          Syntax.LiteralKind.NUMBER,
          new BigDecimal(v instanceof Float ? Float.toString((Float) v) : Double.toString(d)),
          shown,
          position);
    }
    if (v instanceof String str) {
      return new Syntax.Literal(Syntax.LiteralKind.STRING, str, shown, position);
    }
    if (v instanceof Boolean b) {
      return new Syntax.Literal(Syntax.LiteralKind.BOOLEAN, b, shown, position);
    }
    if (v instanceof LocalDate) {
      return new Syntax.Literal(Syntax.LiteralKind.DATE, v, shown, position);
    }
    if (v instanceof LocalDateTime) {
      return new Syntax.Literal(Syntax.LiteralKind.TIMESTAMP, v, shown, position);
    }
    if (v instanceof LocalTime) {
      return new Syntax.Literal(Syntax.LiteralKind.TIME, v, shown, position);
    }
    throw new PredicateException(
        text,
        position,
        "parameter "
            + index
            + " is a "
            + v.getClass().getName()
            + "; parameters are numbers, strings, booleans, LocalDate, LocalDateTime, LocalTime,"
            + " null, or (in an IN list) a collection of them");
  }

  private Syntax or() {
    Syntax first = and();
    if (!current.isKeyword("OR")) {
      return first;
    }
    List<Syntax> terms = new ArrayList<>();
    terms.add(first);
    while (current.isKeyword("OR")) {
      advance();
      terms.add(and());
    }
    return new Syntax.Or(List.copyOf(terms));
  }

  private Syntax and() {
    Syntax first = not();
    if (!current.isKeyword("AND")) {
      return first;
    }
    List<Syntax> terms = new ArrayList<>();
    terms.add(first);
    while (current.isKeyword("AND")) {
      advance();
      terms.add(not());
    }
    return new Syntax.And(List.copyOf(terms));
  }

  private Syntax not() {
    if (!current.isKeyword("NOT")) {
      return primary();
    }
    enter();
    advance();
    Syntax operand = not();
    depth--;
    return new Syntax.Not(operand);
  }

  private Syntax primary() {
    if (current.type() == Token.Type.LEFT_PAREN) {
      enter();
      advance();
      Syntax inner = or();
      expect(Token.Type.RIGHT_PAREN, "')'");
      depth--;
      return inner;
    }
    Syntax.Operand left = operand("a column, a literal, NOT or '('");
    return tail(left);
  }

  private Syntax tail(Syntax.Operand left) {
    CmpOp op = comparisonOperator(current.type());
    if (op != null) {
      String symbol = current.value();
      advance();
      return new Syntax.Comparison(
          left, op, operand("a column or a literal after '" + symbol + "'"));
    }
    boolean negated = false;
    if (current.isKeyword("NOT")) {
      advance();
      negated = true;
      if (!current.isKeyword("IN") && !current.isKeyword("BETWEEN") && !current.isKeyword("LIKE")) {
        throw unexpected("IN, BETWEEN or LIKE after NOT");
      }
    }
    if (current.isKeyword("IN")) {
      advance();
      return in(left, negated);
    }
    if (current.isKeyword("BETWEEN")) {
      advance();
      Syntax.Operand low = operand("the lower bound of BETWEEN");
      if (!current.isKeyword("AND")) {
        throw unexpected("AND after the lower bound of BETWEEN");
      }
      advance();
      Syntax.Operand high = operand("the upper bound of BETWEEN");
      return new Syntax.Between(left, low, high, negated);
    }
    if (current.isKeyword("LIKE")) {
      advance();
      Syntax.Operand pattern = operand("a pattern after LIKE");
      Syntax.Literal escape = null;
      if (current.isKeyword("ESCAPE")) {
        advance();
        if (current.type() != Token.Type.STRING) {
          throw unexpected("a string literal after ESCAPE");
        }
        escape = (Syntax.Literal) operand("a string literal after ESCAPE");
      }
      return new Syntax.Like(left, pattern, escape, negated);
    }
    if (current.isKeyword("IS")) {
      advance();
      boolean not = false;
      if (current.isKeyword("NOT")) {
        advance();
        not = true;
      }
      if (!current.isKeyword("NULL")) {
        throw unexpected(not ? "NULL after IS NOT" : "NULL or NOT NULL after IS");
      }
      advance();
      return new Syntax.IsNull(left, not);
    }
    return new Syntax.Bare(left, previousEnd);
  }

  private Syntax in(Syntax.Operand value, boolean negated) {
    if (current.type() != Token.Type.LEFT_PAREN) {
      throw unexpected("'(' after IN");
    }
    advance();
    List<Syntax.Literal> items = new ArrayList<>();
    while (true) {
      if (current.type() == Token.Type.PARAMETER) {
        Token t = current;
        int index = nextParameter + 1;
        Object v = parameter(t);
        advance();
        if (v instanceof java.util.Collection<?> values) {
          // A collection is the list's items, each bound as a literal.
          if (values.isEmpty()) {
            throw new PredicateException(
                text, t.position(), "parameter " + index + " is an empty collection in IN (?)");
          }
          for (Object each : values) {
            items.add(boundLiteral(each, index, t.position()));
          }
        } else {
          items.add(boundLiteral(v, index, t.position()));
        }
        if (current.type() == Token.Type.RIGHT_PAREN) {
          advance();
          return new Syntax.In(value, List.copyOf(items), negated);
        }
        if (current.type() != Token.Type.COMMA) {
          throw unexpected("',' or ')' in the IN list");
        }
        advance();
        continue;
      }
      Syntax.Operand item = operand("a literal in the IN list");
      if (!(item instanceof Syntax.Literal)) {
        throw new PredicateException(
            text,
            item.position(),
            "expected a literal in the IN list but found column '"
                + ((Syntax.Column) item).name()
                + "'");
      }
      items.add((Syntax.Literal) item);
      if (current.type() == Token.Type.RIGHT_PAREN) {
        advance();
        return new Syntax.In(value, List.copyOf(items), negated);
      }
      if (current.type() != Token.Type.COMMA) {
        throw unexpected("',' or ')' in the IN list");
      }
      advance();
    }
  }

  private Syntax.Operand operand(String expected) {
    Token t = current;
    switch (t.type()) {
      case NUMBER:
        advance();
        return new Syntax.Literal(
            Syntax.LiteralKind.NUMBER, new BigDecimal(t.value()), source(t, t), t.position());
      case STRING:
        advance();
        return new Syntax.Literal(Syntax.LiteralKind.STRING, t.value(), source(t, t), t.position());
      case PARAMETER:
        {
          int index = nextParameter + 1;
          Object v = parameter(t);
          if (v instanceof java.util.Collection) {
            throw new PredicateException(
                text,
                t.position(),
                "parameter " + index + " is a collection, which only an IN (?) list takes");
          }
          advance();
          return boundLiteral(v, index, t.position());
        }
      case QUOTED_IDENTIFIER:
        rejectFunctionCall(t);
        advance();
        return new Syntax.Column(t.value(), t.position());
      case IDENTIFIER:
        return identifierOperand(t, expected);
      default:
        throw unexpected(expected);
    }
  }

  private Syntax.Operand identifierOperand(Token t, String expected) {
    String upper = t.value().toUpperCase(Locale.ROOT);
    switch (upper) {
      case "TRUE":
      case "FALSE":
        advance();
        return new Syntax.Literal(
            Syntax.LiteralKind.BOOLEAN, upper.equals("TRUE"), source(t, t), t.position());
      case "NULL":
        advance();
        return new Syntax.Literal(Syntax.LiteralKind.NULL, null, source(t, t), t.position());
      case "DATE":
      case "TIMESTAMP":
      case "TIME":
        if (peek().type() == Token.Type.STRING) {
          advance();
          Token string = current;
          advance();
          return typedLiteral(upper, t, string);
        }
        break;
      default:
        break;
    }
    if (RESERVED.contains(upper)) {
      throw error(t, "expected " + expected + " but found keyword " + t.describe(text));
    }
    rejectFunctionCall(t);
    advance();
    return new Syntax.Column(t.value(), t.position());
  }

  private Syntax.Literal typedLiteral(String keyword, Token start, Token string) {
    String value = string.value();
    String source = source(start, string);
    try {
      switch (keyword) {
        case "DATE":
          return new Syntax.Literal(
              Syntax.LiteralKind.DATE,
              LocalDate.parse(value, DateTimeFormatter.ISO_LOCAL_DATE),
              source,
              start.position());
        case "TIMESTAMP":
          return new Syntax.Literal(
              Syntax.LiteralKind.TIMESTAMP, parseTimestamp(value), source, start.position());
        default:
          return new Syntax.Literal(
              Syntax.LiteralKind.TIME,
              LocalTime.parse(value, TIME_FORMAT),
              source,
              start.position());
      }
    } catch (DateTimeParseException e) {
      String format =
          keyword.equals("DATE")
              ? "'yyyy-mm-dd'"
              : keyword.equals("TIME")
                  ? "'hh:mm:ss[.fffffffff]'"
                  : "'yyyy-mm-dd hh:mm:ss[.fffffffff]'";
      throw error(string, "invalid " + keyword + " literal '" + value + "': expected " + format);
    }
  }

  private static LocalDateTime parseTimestamp(String value) {
    int separator = value.indexOf(' ');
    if (separator < 0) {
      separator = value.indexOf('T');
    }
    if (separator < 0) {
      return LocalDate.parse(value, DateTimeFormatter.ISO_LOCAL_DATE).atStartOfDay();
    }
    LocalDate date =
        LocalDate.parse(value.substring(0, separator), DateTimeFormatter.ISO_LOCAL_DATE);
    return LocalDateTime.of(date, LocalTime.parse(value.substring(separator + 1), TIME_FORMAT));
  }

  private void rejectFunctionCall(Token name) {
    if (peek().type() == Token.Type.LEFT_PAREN) {
      throw error(
          name,
          "function calls are not supported: found '"
              + text.substring(name.position(), name.end())
              + "('");
    }
  }

  private static CmpOp comparisonOperator(Token.Type type) {
    switch (type) {
      case EQ:
        return CmpOp.EQ;
      case NE:
        return CmpOp.NE;
      case LT:
        return CmpOp.LT;
      case LE:
        return CmpOp.LE;
      case GT:
        return CmpOp.GT;
      case GE:
        return CmpOp.GE;
      default:
        return null;
    }
  }

  private void expect(Token.Type type, String what) {
    if (current.type() != type) {
      throw unexpected(what);
    }
    advance();
  }

  private void enter() {
    if (++depth > MAX_DEPTH) {
      throw error(current, "the predicate nests parentheses and NOT deeper than " + MAX_DEPTH);
    }
  }

  private Token peek() {
    if (lookahead == null) {
      lookahead = lexer.next();
    }
    return lookahead;
  }

  private void advance() {
    previousEnd = current.end();
    if (lookahead != null) {
      current = lookahead;
      lookahead = null;
    } else {
      current = lexer.next();
    }
  }

  private String source(Token first, Token last) {
    return text.substring(first.position(), last.end());
  }

  private PredicateException unexpected(String expected) {
    return error(current, "expected " + expected + " but found " + current.describe(text));
  }

  private PredicateException error(Token at, String message) {
    return new PredicateException(text, at.position(), message);
  }
}
