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

/**
 * Splits a predicate into tokens on demand, so that the first error in reading order is the one
 * reported.
 *
 * <p>Lexical rules: whitespace separates tokens; plain identifiers start with a letter or {@code _}
 * and continue with letters, digits or {@code _}; quoted identifiers are {@code "..."} with {@code
 * ""} for a quote; strings are {@code '...'} with {@code ''} for a quote; numbers are {@code
 * [-]digits[.digits][e[+-]digits]} (also {@code .5} and {@code 1.}), a {@code -} sign only directly
 * before a digit or a point. Comments ({@code --}, {@code /*}), statement separators and every
 * other character are errors, so nothing in a predicate can do anything but filter.
 */
final class Lexer {

  /** Numbers whose decimal exponent is beyond this are rejected instead of evaluated slowly. */
  private static final int MAX_EXPONENT = 1000;

  private final String text;
  private int pos;

  Lexer(String text) {
    this.text = text;
  }

  /** The next token; {@link Token.Type#END} (repeatedly) at the end of the text. */
  Token next() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
    if (pos >= text.length()) {
      return new Token(Token.Type.END, "", text.length(), text.length());
    }
    int start = pos;
    char c = text.charAt(pos);
    if (c == '\'') {
      return quoted(start, '\'', Token.Type.STRING, "string literal");
    }
    if (c == '"') {
      Token t = quoted(start, '"', Token.Type.QUOTED_IDENTIFIER, "quoted identifier");
      if (t.value().isEmpty()) {
        throw error(start, "empty quoted identifier: expected a column name between the quotes");
      }
      return t;
    }
    if (isIdentifierStart(c)) {
      pos++;
      while (pos < text.length() && isIdentifierPart(text.charAt(pos))) {
        pos++;
      }
      return new Token(Token.Type.IDENTIFIER, text.substring(start, pos), start, pos);
    }
    if (isDigit(c) || (c == '.' && isDigit(charAt(pos + 1)))) {
      return number(start);
    }
    if (c == '-') {
      char n = charAt(pos + 1);
      if (n == '-') {
        throw error(start, "comments are not supported: found '--'");
      }
      if (isDigit(n) || (n == '.' && isDigit(charAt(pos + 2)))) {
        pos++;
        return number(start);
      }
      throw error(start, "unexpected character '-': a sign must directly precede a number");
    }
    pos++;
    switch (c) {
      case '(':
        return token(Token.Type.LEFT_PAREN, start);
      case ')':
        return token(Token.Type.RIGHT_PAREN, start);
      case ',':
        return token(Token.Type.COMMA, start);
      case '?':
        return token(Token.Type.PARAMETER, start);
      case '=':
        return token(Token.Type.EQ, start);
      case '<':
        if (charAt(pos) == '=') {
          pos++;
          return token(Token.Type.LE, start);
        }
        if (charAt(pos) == '>') {
          pos++;
          return token(Token.Type.NE, start);
        }
        return token(Token.Type.LT, start);
      case '>':
        if (charAt(pos) == '=') {
          pos++;
          return token(Token.Type.GE, start);
        }
        return token(Token.Type.GT, start);
      case '!':
        if (charAt(pos) == '=') {
          pos++;
          return token(Token.Type.NE, start);
        }
        throw error(start, "unexpected character '!': expected '!='");
      case '/':
        if (charAt(pos) == '*') {
          throw error(start, "comments are not supported: found '/*'");
        }
        break;
      case ';':
        throw error(start, "unexpected character ';': a predicate is not a statement");
      default:
        break;
    }
    int cp = text.codePointAt(start);
    throw error(start, "unexpected character '" + new String(Character.toChars(cp)) + "'");
  }

  private Token token(Token.Type type, int start) {
    return new Token(type, text.substring(start, pos), start, pos);
  }

  private Token quoted(int start, char quote, Token.Type type, String what) {
    StringBuilder sb = new StringBuilder();
    pos = start + 1;
    while (true) {
      int close = text.indexOf(quote, pos);
      if (close < 0) {
        throw error(start, "unterminated " + what + ": expected a closing " + quote);
      }
      sb.append(text, pos, close);
      if (charAt(close + 1) == quote) {
        sb.append(quote);
        pos = close + 2;
      } else {
        pos = close + 1;
        return new Token(type, sb.toString(), start, pos);
      }
    }
  }

  private Token number(int start) {
    while (isDigit(charAt(pos))) {
      pos++;
    }
    if (charAt(pos) == '.') {
      pos++;
      while (isDigit(charAt(pos))) {
        pos++;
      }
    }
    char e = charAt(pos);
    if (e == 'e' || e == 'E') {
      pos++;
      if (charAt(pos) == '+' || charAt(pos) == '-') {
        pos++;
      }
      if (!isDigit(charAt(pos))) {
        throw malformedNumber(start);
      }
      while (isDigit(charAt(pos))) {
        pos++;
      }
    }
    if (isIdentifierPart(charAt(pos)) || charAt(pos) == '.') {
      throw malformedNumber(start);
    }
    String number = text.substring(start, pos);
    BigDecimal value;
    try {
      value = new BigDecimal(number);
    } catch (NumberFormatException | ArithmeticException ex) {
      throw error(start, "numeric literal '" + number + "' is out of range");
    }
    if (Math.abs((long) value.scale()) > MAX_EXPONENT) {
      throw error(start, "numeric literal '" + number + "' is out of range");
    }
    return new Token(Token.Type.NUMBER, number, start, pos);
  }

  private PredicateException malformedNumber(int start) {
    int end = pos;
    while (end < text.length() && (isIdentifierPart(text.charAt(end)) || text.charAt(end) == '.')) {
      end++;
    }
    return error(start, "malformed number '" + text.substring(start, end) + "'");
  }

  private char charAt(int i) {
    return i < text.length() ? text.charAt(i) : '\0';
  }

  private PredicateException error(int position, String message) {
    return new PredicateException(text, position, message);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isIdentifierStart(char c) {
    return c == '_' || Character.isLetter(c);
  }

  private static boolean isIdentifierPart(char c) {
    return c == '_' || Character.isLetterOrDigit(c);
  }
}
