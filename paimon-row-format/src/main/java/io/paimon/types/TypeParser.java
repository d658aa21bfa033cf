package io.paimon.types;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
        type = new CharType(optionalLength(CharType.DEFAULT_LENGTH, start));
        break;
      case "VARCHAR":
        type = new VarCharType(optionalLength(VarCharType.DEFAULT_LENGTH, start));
        break;
      case "STRING":
        type = new VarCharType(VarCharType.MAX_LENGTH);
        break;
      case "BINARY":
        type = new BinaryType(optionalLength(BinaryType.DEFAULT_LENGTH, start));
        break;
      case "VARBINARY":
        type = new VarBinaryType(optionalLength(VarBinaryType.DEFAULT_LENGTH, start));
        break;
      case "BYTES":
        type = new VarBinaryType(VarBinaryType.MAX_LENGTH);
        break;
      case "DATE":
        type = new DateType();
        break;
      case "TIME":
        type = new TimeType(optionalLength(TimeType.DEFAULT_PRECISION, start));
        acceptWithoutTimeZone();
        break;
      case "TIMESTAMP":
        type = parseTimestamp(start);
        break;
      case "TIMESTAMP_LTZ":
        type =
            new LocalZonedTimestampType(
                optionalLength(LocalZonedTimestampType.DEFAULT_PRECISION, start));
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
          int length = readInt();
          expect('>');
          type = construct(elementPos, () -> new VectorType(element, length));
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
        throw error("a type name, found '" + keyword + "'");
    }
    return parseNullability(type);
  }

  private DataType parseDecimal() {
    int start = pos;
    int precision = DecimalType.DEFAULT_PRECISION;
    int scale = DecimalType.DEFAULT_SCALE;
    if (accept('(')) {
      precision = readInt();
      if (accept(',')) {
        scale = readInt();
      }
      expect(')');
    }
    int p = precision;
    int s = scale;
    return construct(start, () -> new DecimalType(p, s));
  }

  private DataType parseTimestamp(int start) {
    int precision = optionalLength(TimestampType.DEFAULT_PRECISION, start);
    int save = pos;
    if (acceptWord("WITH")) {
      if (acceptWord("LOCAL") && acceptWord("TIME") && acceptWord("ZONE")) {
        return new LocalZonedTimestampType(precision);
      }
      pos = save;
      throw error("WITH LOCAL TIME ZONE");
    }
    acceptWithoutTimeZone();
    return new TimestampType(precision);
  }

  private void acceptWithoutTimeZone() {
    int save = pos;
    if (acceptWord("WITHOUT")) {
      if (!(acceptWord("TIME") && acceptWord("ZONE"))) {
        pos = save;
        throw error("WITHOUT TIME ZONE");
      }
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
          throw error("a unique field name, '" + name + "' is repeated");
        }
        fields.add(new DataField(fields.size(), name, type, description));
      } while (accept(','));
      expect(close);
    }
    return construct(start, () -> new RowType(fields));
  }

  private DataType parseNullability(DataType type) {
    int save = pos;
    if (acceptWord("NOT")) {
      if (!acceptWord("NULL")) {
        pos = save;
        throw error("NOT NULL");
      }
      return type.notNull();
    }
    if (acceptWord("NULL")) {
      return type.nullable();
    }
    return type;
  }

  private int optionalLength(int defaultValue, int typeStart) {
    if (!accept('(')) {
      return defaultValue;
    }
    int value = readInt();
    expect(')');
    return value;
  }

  private interface Factory {
    DataType create();
  }

  private DataType construct(int at, Factory factory) {
    try {
      return factory.create();
    } catch (IllegalArgumentException e) {
      pos = at;
      throw error("a valid type: " + e.getMessage());
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
              throw error("a non-empty field name");
            }
            return sb.toString();
          }
        } else {
          sb.append(c);
        }
      }
      pos = open;
      throw error("a closing back quote");
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
    throw error("a closing quote");
  }

  private String readWord() {
    skipSpaces();
    int start = pos;
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (Character.isLetterOrDigit(c) || c == '_' || c == '$') {
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

  private IllegalArgumentException error(String expected) {
    String found = pos < text.length() ? "'" + text.charAt(pos) + "'" : "end of input";
    return new IllegalArgumentException(
        "Cannot parse type \""
            + text
            + "\" at position "
            + pos
            + ": expected "
            + expected
            + (expected.contains("found") || expected.startsWith("a valid") ? "" : ", found " + found));
  }
}
