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

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.InputFile;
import io.paimon.row.Row;
import io.paimon.types.ArrayType;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.DataTypes;
import io.paimon.types.MapType;
import io.paimon.types.MultisetType;
import io.paimon.types.RowType;
import io.paimon.types.Variant;
import io.paimon.types.VectorType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;

/**
 * Renders rows in our Java value model as the JSON lines of the golden Paimon tables' expected
 * dumps, and compares such lines, following {@code golden/paimon-tables/README.md}:
 *
 * <ul>
 *   <li>one compact object per row, keyed by the columns in schema order, then {@code _ROW_ID};
 *   <li>integers as JSON integers; FLOAT and DOUBLE as numbers as Java prints them ({@code 1.0},
 *       {@code -0.0}), {@code "NaN"}, {@code "Infinity"}, {@code "-Infinity"} as strings; FLOAT
 *       values compared after rounding both sides to float32;
 *   <li>DECIMAL as a plain-notation string; strings as strings; binaries as padded standard base64;
 *   <li>DATE {@code YYYY-MM-DD}, TIME {@code HH:MM:SS}, TIMESTAMP {@code YYYY-MM-DDTHH:MM:SS}, each
 *       followed by {@code .} and the fraction of a second without trailing zeros when it is not
 *       zero; TIMESTAMP_LTZ the same in UTC with a {@code Z} suffix;
 *   <li>ARRAY and VECTOR as arrays; MAP and MULTISET as arrays of {@code [key, value]} pairs in
 *       stored order (a MULTISET's value is the count); ROW as an object keyed by field name;
 *       VARIANT as {@code {"value": base64, "metadata": base64}};
 *   <li>BLOB as {@code {"length": n, "crc32": c}} of its payload, which a {@link BlobPayloads}
 *       resolves from the descriptor our reader returns.
 * </ul>
 *
 * A Java value that is not the one the value model prescribes for its type fails with its path, so
 * a reader returning, say, an Integer for a BIGINT cannot pass by rendering the same digits.
 */
final class GoldenJson {

  /** The system column appended after the table's columns. */
  static final String ROW_ID = Schema.ROW_ID;

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** Writes compact JSON; reads with duplicate keys rejected and floats as doubles (keeps -0.0). */
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  private static final Base64.Encoder BASE64 = Base64.getEncoder();

  private GoldenJson() {}

  /** Resolves a BLOB descriptor to its payload bytes. */
  @FunctionalInterface
  interface BlobPayloads {
    byte[] read(BlobDescriptor descriptor) throws IOException;
  }

  /**
   * Payloads read through {@code io}: the descriptor's range of the object at its uri ({@link
   * BlobDescriptor#UNKNOWN_LENGTH} meaning to the end of the object).
   */
  static BlobPayloads payloadsThrough(FileIO io) {
    return descriptor -> {
      try (InputFile file = io.newInputFile(descriptor.uri())) {
        long length =
            descriptor.length() == BlobDescriptor.UNKNOWN_LENGTH
                ? file.length() - descriptor.offset()
                : descriptor.length();
        if (length < 0 || length > Integer.MAX_VALUE - 8) {
          throw new IOException(
              "BLOB payload of " + length + " bytes cannot be checked in memory: " + descriptor);
        }
        byte[] payload = new byte[(int) length];
        file.readFully(descriptor.offset(), payload, 0, payload.length);
        return payload;
      }
    };
  }

  /** The compact JSON line of one row (as {@link #row}). */
  static String line(Map<String, Object> row, RowType columns, BlobPayloads blobs) {
    try {
      return MAPPER.writeValueAsString(row(row, columns, blobs));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The JSON object of one row of {@code toList()}: the values of {@code columns} in their order,
   * then {@code _ROW_ID} if the row has one.
   *
   * @throws IllegalArgumentException if the row's keys are not exactly those columns (and
   *     optionally {@code _ROW_ID}), or a value does not fit its type
   */
  static ObjectNode row(Map<String, Object> row, RowType columns, BlobPayloads blobs) {
    Set<String> expectedKeys = new LinkedHashSet<>(columns.fieldNames());
    if (row.containsKey(ROW_ID)) {
      expectedKeys.add(ROW_ID);
    }
    if (!row.keySet().equals(expectedKeys)) {
      throw new IllegalArgumentException(
          "row has the keys " + row.keySet() + ", expected " + expectedKeys);
    }
    ObjectNode node = NODES.objectNode();
    for (int i = 0; i < columns.fieldCount(); i++) {
      String name = columns.fieldNames().get(i);
      node.set(name, value(row.get(name), columns.typeAt(i), blobs, name));
    }
    if (row.containsKey(ROW_ID)) {
      node.set(ROW_ID, value(row.get(ROW_ID), DataTypes.BIGINT().notNull(), blobs, ROW_ID));
    }
    return node;
  }

  /** The JSON of one value of the given type; null becomes JSON null. */
  static JsonNode value(Object value, DataType type, BlobPayloads blobs, String path) {
    if (value == null) {
      return NODES.nullNode();
    }
    switch (type.root()) {
      case BOOLEAN:
        return NODES.booleanNode(cast(value, Boolean.class, type, path));
      case TINYINT:
        return NODES.numberNode(cast(value, Byte.class, type, path));
      case SMALLINT:
        return NODES.numberNode(cast(value, Short.class, type, path));
      case INTEGER:
        return NODES.numberNode(cast(value, Integer.class, type, path));
      case BIGINT:
        return NODES.numberNode(cast(value, Long.class, type, path));
      case FLOAT:
        {
          float f = cast(value, Float.class, type, path);
          return Float.isFinite(f) ? NODES.numberNode(f) : NODES.textNode(Float.toString(f));
        }
      case DOUBLE:
        {
          double d = cast(value, Double.class, type, path);
          return Double.isFinite(d) ? NODES.numberNode(d) : NODES.textNode(Double.toString(d));
        }
      case DECIMAL:
        return NODES.textNode(cast(value, BigDecimal.class, type, path).toPlainString());
      case CHAR:
      case VARCHAR:
        return NODES.textNode(cast(value, String.class, type, path));
      case BINARY:
      case VARBINARY:
        return NODES.textNode(BASE64.encodeToString(cast(value, byte[].class, type, path)));
      case DATE:
        return NODES.textNode(date(cast(value, LocalDate.class, type, path)));
      case TIME_WITHOUT_TIME_ZONE:
        return NODES.textNode(time(cast(value, LocalTime.class, type, path)));
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return NODES.textNode(timestamp(cast(value, LocalDateTime.class, type, path)));
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        {
          Instant instant = cast(value, Instant.class, type, path);
          return NODES.textNode(timestamp(LocalDateTime.ofInstant(instant, ZoneOffset.UTC)) + "Z");
        }
      case ARRAY:
        {
          DataType elementType = ((ArrayType) type).elementType();
          ArrayNode array = NODES.arrayNode();
          int i = 0;
          for (Object element : cast(value, List.class, type, path)) {
            array.add(value(element, elementType, blobs, path + "[" + i++ + "]"));
          }
          return array;
        }
      case VECTOR:
        return vector(value, (VectorType) type, blobs, path);
      case MAP:
        {
          MapType m = (MapType) type;
          return pairs(cast(value, Map.class, type, path), m.keyType(), m.valueType(), blobs, path);
        }
      case MULTISET:
        return pairs(
            cast(value, Map.class, type, path),
            ((MultisetType) type).elementType(),
            DataTypes.INT().notNull(),
            blobs,
            path);
      case ROW:
        {
          RowType rowType = (RowType) type;
          Row row = cast(value, Row.class, type, path);
          if (row.size() != rowType.fieldCount()) {
            throw new IllegalArgumentException(
                path + ": a row of " + row.size() + " fields for " + type);
          }
          ObjectNode object = NODES.objectNode();
          for (int i = 0; i < row.size(); i++) {
            String name = rowType.fieldNames().get(i);
            object.set(name, value(row.get(i), rowType.typeAt(i), blobs, path + "." + name));
          }
          return object;
        }
      case VARIANT:
        {
          Variant variant = cast(value, Variant.class, type, path);
          ObjectNode object = NODES.objectNode();
          object.put("value", BASE64.encodeToString(variant.value()));
          object.put("metadata", BASE64.encodeToString(variant.metadata()));
          return object;
        }
      case BLOB:
        return blob(cast(value, BlobDescriptor.class, type, path), blobs, path);
      default:
        throw new IllegalArgumentException(path + ": no golden JSON rule for " + type);
    }
  }

  private static <T> T cast(Object value, Class<T> javaClass, DataType type, String path) {
    if (!javaClass.isInstance(value)) {
      throw new IllegalArgumentException(
          path
              + ": a "
              + type
              + " value must be a "
              + javaClass.getSimpleName()
              + ", got a "
              + value.getClass().getName()
              + " ("
              + value
              + ")");
    }
    return javaClass.cast(value);
  }

  private static ArrayNode vector(Object value, VectorType type, BlobPayloads blobs, String path) {
    DataType elementType = type.elementType();
    List<Object> elements = new ArrayList<>();
    switch (elementType.root()) {
      case BOOLEAN:
        for (boolean b : cast(value, boolean[].class, type, path)) {
          elements.add(b);
        }
        break;
      case TINYINT:
        for (byte b : cast(value, byte[].class, type, path)) {
          elements.add(b);
        }
        break;
      case SMALLINT:
        for (short s : cast(value, short[].class, type, path)) {
          elements.add(s);
        }
        break;
      case INTEGER:
        for (int i : cast(value, int[].class, type, path)) {
          elements.add(i);
        }
        break;
      case BIGINT:
        for (long l : cast(value, long[].class, type, path)) {
          elements.add(l);
        }
        break;
      case FLOAT:
        for (float f : cast(value, float[].class, type, path)) {
          elements.add(f);
        }
        break;
      case DOUBLE:
        for (double d : cast(value, double[].class, type, path)) {
          elements.add(d);
        }
        break;
      default:
        throw new IllegalArgumentException(path + ": no VECTOR of " + elementType);
    }
    if (elements.size() != type.length()) {
      throw new IllegalArgumentException(
          path + ": " + elements.size() + " elements for " + type.asSqlString());
    }
    ArrayNode array = NODES.arrayNode();
    for (int i = 0; i < elements.size(); i++) {
      array.add(value(elements.get(i), elementType, blobs, path + "[" + i + "]"));
    }
    return array;
  }

  private static ArrayNode pairs(
      Map<?, ?> map, DataType keyType, DataType valueType, BlobPayloads blobs, String path) {
    ArrayNode array = NODES.arrayNode();
    int i = 0;
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      ArrayNode pair = array.addArray();
      pair.add(value(entry.getKey(), keyType, blobs, path + "[" + i + "].key"));
      pair.add(value(entry.getValue(), valueType, blobs, path + "[" + i + "].value"));
      i++;
    }
    return array;
  }

  private static ObjectNode blob(BlobDescriptor descriptor, BlobPayloads blobs, String path) {
    byte[] payload;
    try {
      payload = blobs.read(descriptor);
    } catch (IOException e) {
      throw new UncheckedIOException(path + ": cannot read the payload of " + descriptor, e);
    }
    CRC32 crc = new CRC32();
    crc.update(payload);
    ObjectNode object = NODES.objectNode();
    object.put("length", payload.length);
    object.put("crc32", crc.getValue());
    return object;
  }

  /** {@code YYYY-MM-DD} (ISO-8601, as {@link LocalDate#toString()}). */
  static String date(LocalDate date) {
    return date.toString();
  }

  /** {@code HH:MM:SS}, then {@code .} and the fraction without trailing zeros if not zero. */
  static String time(LocalTime time) {
    String s = String.format("%02d:%02d:%02d", time.getHour(), time.getMinute(), time.getSecond());
    if (time.getNano() == 0) {
      return s;
    }
    String fraction = String.format("%09d", time.getNano());
    int end = fraction.length();
    while (fraction.charAt(end - 1) == '0') {
      end--;
    }
    return s + "." + fraction.substring(0, end);
  }

  /** {@code YYYY-MM-DDTHH:MM:SS} and the fraction as in {@link #time}. */
  static String timestamp(LocalDateTime timestamp) {
    return date(timestamp.toLocalDate()) + "T" + time(timestamp.toLocalTime());
  }

  /**
   * Parses one JSON line (duplicate keys rejected; fractional numbers as doubles, so {@code -0.0}
   * survives).
   */
  static JsonNode parse(String line) {
    try {
      return MAPPER.readTree(line);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not a JSON line: " + line, e);
    }
  }

  /**
   * The differences between an expected and an actual row line under the README's rules, each with
   * its path; empty if they agree. Keys must be exactly {@code columns} in order, then {@code
   * _ROW_ID}; integers must be JSON integers and floating-point values JSON numbers (or the NaN and
   * infinity strings); FLOAT values are equal when they round to the same float32, DOUBLE values
   * when they are the same double ({@code -0.0} differs from {@code 0.0} in both).
   */
  static List<String> differences(JsonNode expected, JsonNode actual, RowType columns) {
    List<String> out = new ArrayList<>();
    List<String> keys = new ArrayList<>(columns.fieldNames());
    keys.add(ROW_ID);
    List<DataType> types = new ArrayList<>(columns.fieldTypes());
    types.add(DataTypes.BIGINT().notNull());
    compareObjects(expected, actual, keys, types, "", out);
    return out;
  }

  private static void compareObjects(
      JsonNode expected,
      JsonNode actual,
      List<String> keys,
      List<DataType> types,
      String path,
      List<String> out) {
    String where = path.isEmpty() ? "row" : path;
    if (!expected.isObject() || !actual.isObject()) {
      out.add(where + ": expected an object " + expected + ", got " + actual);
      return;
    }
    boolean keysOk = true;
    for (JsonNode node : List.of(expected, actual)) {
      List<String> names = names(node);
      if (!names.equals(keys)) {
        out.add(
            where
                + ": the "
                + (node == expected ? "expected" : "actual")
                + " keys are "
                + names
                + ", not "
                + keys);
        keysOk = false;
      }
    }
    if (!keysOk) {
      return;
    }
    for (int i = 0; i < keys.size(); i++) {
      String key = keys.get(i);
      String child = path.isEmpty() ? key : path + "." + key;
      compare(expected.get(key), actual.get(key), types.get(i), child, out);
    }
  }

  private static List<String> names(JsonNode object) {
    List<String> names = new ArrayList<>();
    for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
      names.add(it.next());
    }
    return names;
  }

  private static void compare(
      JsonNode expected, JsonNode actual, DataType type, String path, List<String> out) {
    if (expected.isNull() || actual.isNull()) {
      if (expected.isNull() != actual.isNull()) {
        out.add(path + ": expected " + expected + ", got " + actual);
      }
      return;
    }
    switch (type.root()) {
      case BOOLEAN:
        if (!expected.isBoolean() || !actual.isBoolean() || !expected.equals(actual)) {
          out.add(path + ": expected " + expected + ", got " + actual);
        }
        return;
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
        compareIntegers(expected, actual, path, out);
        return;
      case FLOAT:
      case DOUBLE:
        compareFloatingPoint(expected, actual, type, path, out);
        return;
      case DECIMAL:
      case CHAR:
      case VARCHAR:
      case BINARY:
      case VARBINARY:
      case DATE:
      case TIME_WITHOUT_TIME_ZONE:
      case TIMESTAMP_WITHOUT_TIME_ZONE:
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        if (!expected.isTextual() || !actual.isTextual() || !expected.equals(actual)) {
          out.add(path + ": expected " + expected + ", got " + actual);
        }
        return;
      case ARRAY:
        compareArrays(expected, actual, ((ArrayType) type).elementType(), path, out);
        return;
      case VECTOR:
        compareArrays(expected, actual, ((VectorType) type).elementType(), path, out);
        return;
      case MAP:
        {
          MapType m = (MapType) type;
          comparePairs(expected, actual, m.keyType(), m.valueType(), path, out);
          return;
        }
      case MULTISET:
        comparePairs(
            expected,
            actual,
            ((MultisetType) type).elementType(),
            DataTypes.INT().notNull(),
            path,
            out);
        return;
      case ROW:
        {
          RowType rowType = (RowType) type;
          compareObjects(expected, actual, rowType.fieldNames(), rowType.fieldTypes(), path, out);
          return;
        }
      case VARIANT:
        compareObjects(
            expected,
            actual,
            List.of("value", "metadata"),
            List.of(DataTypes.BYTES(), DataTypes.BYTES()),
            path,
            out);
        return;
      case BLOB:
        compareObjects(
            expected,
            actual,
            List.of("length", "crc32"),
            List.of(DataTypes.BIGINT(), DataTypes.BIGINT()),
            path,
            out);
        return;
      default:
        out.add(path + ": no golden JSON rule for " + type);
    }
  }

  private static void compareIntegers(
      JsonNode expected, JsonNode actual, String path, List<String> out) {
    if (!expected.isIntegralNumber()
        || !actual.isIntegralNumber()
        || !expected.bigIntegerValue().equals(actual.bigIntegerValue())) {
      out.add(path + ": expected the integer " + expected + ", got " + actual);
    }
  }

  private static void compareFloatingPoint(
      JsonNode expected, JsonNode actual, DataType type, String path, List<String> out) {
    boolean same;
    if (expected.isTextual() || actual.isTextual()) {
      same =
          expected.isTextual()
              && actual.isTextual()
              && List.of("NaN", "Infinity", "-Infinity").contains(expected.textValue())
              && expected.textValue().equals(actual.textValue());
    } else if (expected.isFloatingPointNumber() && actual.isFloatingPointNumber()) {
      // Bit patterns, so -0.0 and 0.0 differ; FLOAT first rounded to float32 on both sides.
      same =
          type.root() == DataTypeRoot.FLOAT
              ? Float.floatToIntBits((float) expected.doubleValue())
                  == Float.floatToIntBits((float) actual.doubleValue())
              : Double.doubleToLongBits(expected.doubleValue())
                  == Double.doubleToLongBits(actual.doubleValue());
    } else {
      same = false;
    }
    if (!same) {
      out.add(path + ": expected the " + type.root() + " " + expected + ", got " + actual);
    }
  }

  private static void compareArrays(
      JsonNode expected, JsonNode actual, DataType elementType, String path, List<String> out) {
    if (!expected.isArray() || !actual.isArray() || expected.size() != actual.size()) {
      out.add(path + ": expected the array " + expected + ", got " + actual);
      return;
    }
    for (int i = 0; i < expected.size(); i++) {
      compare(expected.get(i), actual.get(i), elementType, path + "[" + i + "]", out);
    }
  }

  private static void comparePairs(
      JsonNode expected,
      JsonNode actual,
      DataType keyType,
      DataType valueType,
      String path,
      List<String> out) {
    if (!expected.isArray() || !actual.isArray() || expected.size() != actual.size()) {
      out.add(path + ": expected the pairs " + expected + ", got " + actual);
      return;
    }
    for (int i = 0; i < expected.size(); i++) {
      JsonNode e = expected.get(i);
      JsonNode a = actual.get(i);
      String at = path + "[" + i + "]";
      if (!e.isArray() || e.size() != 2 || !a.isArray() || a.size() != 2) {
        out.add(at + ": expected the pair " + e + ", got " + a);
        continue;
      }
      compare(e.get(0), a.get(0), keyType, at + ".key", out);
      compare(e.get(1), a.get(1), valueType, at + ".value", out);
    }
  }
}
