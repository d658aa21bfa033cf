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
package io.paimon.types;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;

/** A recursive-descent parser for Paimon's type syntax; one instance per input, not shared. */
final class TypeParser {

  private final String text;
  private int pos;

  TypeParser(String text) {
    if (text == null) {
      throw new IllegalArgumentException("type text must not be null");
    }
    this.text = text;
  }

  DataType parseComplete() {
    DataType type = parseType();
    skipSpaces();
    if (pos < text.length()) {
      throw error("end of input");
    }
    return type;
  }

  private DataType parseType() {
    int start = skipSpaces();
    String keyword = readWord();
    if (keyword.isEmpty()) {
      throw error("a type name");
    }
    DataType type;
    switch (keyword.toUpperCase(Locale.ROOT)) {
      case "BOOLEAN":
      case "BOOL":
        type = new BooleanType();
        break;
      case "TINYINT":
        type = new TinyIntType();
        break;
      case "SMALLINT":
        type = new SmallIntType();
        break;
      case "INT":
      case "INTEGER":
        type = new IntType();
        break;
      case "BIGINT":
        type = new BigIntType();
        break;
      case "FLOAT":
        type = new FloatType();
        break;
      case "DOUBLE":
        acceptWord("PRECISION");
        type = new DoubleType();
        break;
      case "DECIMAL":
      case "DEC":
      case "NUMERIC":
        type = parseDecimal();
        break;
      case "CHAR":
        type = sized(CharType.DEFAULT_LENGTH, CharType::new);
        break;
      case "VARCHAR":
        type = sized(VarCharType.DEFAULT_LENGTH, VarCharType::new);
        break;
      case "STRING":
        type = new VarCharType(VarCharType.MAX_LENGTH);
        break;
      case "BINARY":
        type = sized(BinaryType.DEFAULT_LENGTH, BinaryType::new);
        break;
      case "VARBINARY":
        type = sized(VarBinaryType.DEFAULT_LENGTH, VarBinaryType::new);
        break;
      case "BYTES":
        type = new VarBinaryType(VarBinaryType.MAX_LENGTH);
        break;
      case "DATE":
        type = new DateType();
        break;
      case "TIME":
        type = sized(TimeType.DEFAULT_PRECISION, TimeType::new);
        acceptWithoutTimeZone();
        break;
      case "TIMESTAMP":
        type = parseTimestamp();
        break;
      case "TIMESTAMP_LTZ":
        type = sized(LocalZonedTimestampType.DEFAULT_PRECISION, LocalZonedTimestampType::new);
        break;
      case "ARRAY":
        expect('<');
        type = new ArrayType(parseType());
        expect('>');
        break;
      case "MULTISET":
        expect('<');
        type = new MultisetType(parseType());
        expect('>');
        break;
      case "MAP":
        {
          expect('<');
          DataType key = parseType();
          expect(',');
          DataType value = parseType();
          expect('>');
          type = new MapType(key, value);
          break;
        }
      case "VECTOR":
        {
          expect('<');
          int elementPos = skipSpaces();
          DataType element = parseType();
          expect(',');
          int lengthPos = skipSpaces();
          int length = readInt();
          expect('>');
          construct(elementPos, () -> new VectorType(element, 1));
          type = construct(lengthPos, () -> new VectorType(element, length));
          break;
        }
      case "ROW":
        type = parseRow();
        break;
      case "VARIANT":
        type = new VariantType();
        break;
      case "BLOB":
        type = new BlobType();
        break;
      default:
        pos = start;
        throw error("a type name");
    }
    return parseNullability(type);
  }

  /** DECIMAL[(p[, s])]: a bad precision is reported at p, a bad scale at s. */
  private DataType parseDecimal() {
    int precision = DecimalType.DEFAULT_PRECISION;
    int scale = DecimalType.DEFAULT_SCALE;
    int precisionPos = pos;
    int scalePos = pos;
    if (accept('(')) {
      precisionPos = skipSpaces();
      precision = readInt();
      scalePos = precisionPos;
      if (accept(',')) {
        scalePos = skipSpaces();
        scale = readInt();
      }
      expect(')');
    }
    int p = precision;
    int s = scale;
    construct(precisionPos, () -> new DecimalType(p, DecimalType.DEFAULT_SCALE));
    return construct(scalePos, () -> new DecimalType(p, s));
  }

  private DataType parseTimestamp() {
    int precision = TimestampType.DEFAULT_PRECISION;
    int precisionPos = pos;
    if (accept('(')) {
      precisionPos = skipSpaces();
      precision = readInt();
      expect(')');
    }
    int p = precision;
    if (acceptWord("WITH")) {
      expectWord("LOCAL", "WITH LOCAL TIME ZONE");
      expectWord("TIME", "WITH LOCAL TIME ZONE");
      expectWord("ZONE", "WITH LOCAL TIME ZONE");
      return construct(precisionPos, () -> new LocalZonedTimestampType(p));
    }
    acceptWithoutTimeZone();
    return construct(precisionPos, () -> new TimestampType(p));
  }

  private void acceptWithoutTimeZone() {
    if (acceptWord("WITHOUT")) {
      expectWord("TIME", "WITHOUT TIME ZONE");
      expectWord("ZONE", "WITHOUT TIME ZONE");
    }
  }

  private DataType parseRow() {
    char close;
    if (accept('<')) {
      close = '>';
    } else if (accept('(')) {
      close = ')';
    } else {
      throw error("'<' after ROW");
    }
    List<DataField> fields = new ArrayList<>();
    int start = pos;
    if (!accept(close)) {
      do {
        int fieldStart = skipSpaces();
        String name = readIdentifier();
        DataType type = parseType();
        String description = null;
        if (acceptWord("COMMENT")) {
          description = readStringLiteral();
        }
        if (fields.stream().anyMatch(f -> f.name().equals(name))) {
          pos = fieldStart;
          throw fail("field name '" + name + "' is repeated");
        }
        fields.add(new DataField(fields.size(), name, type, description));
      } while (accept(','));
      expect(close);
    }
    return construct(start, () -> new RowType(fields));
  }

  private DataType parseNullability(DataType type) {
    if (acceptWord("NOT")) {
      expectWord("NULL", "NOT NULL");
      return type.notNull();
    }
    if (acceptWord("NULL")) {
      return type.nullable();
    }
    return type;
  }

  /**
   * An optional {@code (n)} after a type name, passed to {@code factory}; a value the factory
   * rejects is reported at the position of n.
   */
  private DataType sized(int defaultValue, IntFunction<DataType> factory) {
    if (!accept('(')) {
      return factory.apply(defaultValue);
    }
    int at = skipSpaces();
    int value = readInt();
    expect(')');
    return construct(at, () -> factory.apply(value));
  }

  private interface Factory {
    DataType create();
  }

  /** Runs a type constructor, reporting its IllegalArgumentException at position {@code at}. */
  private DataType construct(int at, Factory factory) {
    try {
      return factory.create();
    } catch (IllegalArgumentException e) {
      pos = at;
      throw fail("expected a valid type: " + e.getMessage());
    }
  }

  private String readIdentifier() {
    skipSpaces();
    if (pos < text.length() && text.charAt(pos) == '`') {
      StringBuilder sb = new StringBuilder();
      int open = pos++;
      while (pos < text.length()) {
        char c = text.charAt(pos++);
        if (c == '`') {
          if (pos < text.length() && text.charAt(pos) == '`') {
            sb.append('`');
            pos++;
          } else {
            if (sb.length() == 0) {
              pos = open;
              throw fail("empty field name");
            }
            return sb.toString();
          }
        } else {
          sb.append(c);
        }
      }
      pos = open;
      throw fail("back-quoted field name is not closed");
    }
    String word = readWord();
    if (word.isEmpty()) {
      throw error("a field name");
    }
    return word;
  }

  private String readStringLiteral() {
    skipSpaces();
    if (pos >= text.length() || text.charAt(pos) != '\'') {
      throw error("a quoted string");
    }
    int open = pos++;
    StringBuilder sb = new StringBuilder();
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c == '\'') {
        if (pos < text.length() && text.charAt(pos) == '\'') {
          sb.append('\'');
          pos++;
        } else {
          return sb.toString();
        }
      } else {
        sb.append(c);
      }
    }
    pos = open;
    throw fail("quoted string is not closed");
  }

  private String readWord() {
    skipSpaces();
    int start = pos;
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (isWordChar(c)) {
        pos++;
      } else {
        break;
      }
    }
    return text.substring(start, pos);
  }

  private int readInt() {
    int start = skipSpaces();
    while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
      pos++;
    }
    if (start == pos) {
      throw error("a number");
    }
    try {
      return Integer.parseInt(text.substring(start, pos));
    } catch (NumberFormatException e) {
      pos = start;
      throw error("a number no larger than " + Integer.MAX_VALUE);
    }
  }

  private boolean acceptWord(String word) {
    int save = pos;
    String w = readWord();
    if (w.equalsIgnoreCase(word)) {
      return true;
    }
    pos = save;
    return false;
  }

  /** Requires {@code word}, which completes {@code phrase}; reports it at the word's position. */
  private void expectWord(String word, String phrase) {
    skipSpaces();
    if (!acceptWord(word)) {
      throw error(word + " (of " + phrase + ")");
    }
  }

  private boolean accept(char c) {
    skipSpaces();
    if (pos < text.length() && text.charAt(pos) == c) {
      pos++;
      return true;
    }
    return false;
  }

  private void expect(char c) {
    if (!accept(c)) {
      throw error("'" + c + "'");
    }
  }

  private int skipSpaces() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
    return pos;
  }

  /** An error at the current position: what was expected, and what was found there. */
  private IllegalArgumentException error(String expected) {
    return fail("expected " + expected + ", found " + found());
  }

  private IllegalArgumentException fail(String problem) {
    return new IllegalArgumentException(
        "Cannot parse type \"" + text + "\" at position " + pos + ": " + problem);
  }

  /** The word (or the single character) at the current position, quoted; or end of input. */
  private String found() {
    if (pos >= text.length()) {
      return "end of input";
    }
    int end = pos;
    while (end < text.length() && isWordChar(text.charAt(end))) {
      end++;
    }
    return "'" + (end > pos ? text.substring(pos, end) : String.valueOf(text.charAt(pos))) + "'";
  }

  private static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }
}
