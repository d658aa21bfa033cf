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
package io.paimon.row;

import io.paimon.types.ArrayType;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import io.paimon.types.DecimalType;
import io.paimon.types.MapType;
import io.paimon.types.MultisetType;
import io.paimon.types.RowType;
import io.paimon.types.Variant;
import io.paimon.types.VectorType;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a value of a golden file's JSON into the Java value our codec reads and writes, following
 * the convention in {@code rowformat/README.md}: exact int64, FLOAT parsed as float32, NaN and
 * infinities as strings, decimals as strings with exactly the declared scale, timestamps as {@code
 * {millis, nanoOfMillisecond}} with floor semantics, maps as {@code [[k, v], ...]} in file order,
 * binary values and variants as base64. A value that breaks the convention fails with its path, so
 * a changed golden file cannot be misread silently.
 */
public final class GoldenJson {

  private static final Base64.Decoder BASE64 = Base64.getDecoder();

  private GoldenJson() {}

  /** The expected row of {@code json} (one JSON array per row) under {@code type}. */
  public static Row toRow(Object json, RowType type, String path) {
    List<Object> values = Json.array(json, path);
    if (values.size() != type.fieldCount()) {
      throw new IllegalArgumentException(
          path + ": " + values.size() + " values for " + type.fieldCount() + " fields");
    }
    Object[] row = new Object[values.size()];
    for (int i = 0; i < row.length; i++) {
      row[i] = toJava(values.get(i), type.typeAt(i), path + "." + type.fields().get(i).name());
    }
    return Row.wrap(row);
  }

  /** The Java value of one JSON value of the given type; null stays null. */
  public static Object toJava(Object json, DataType type, String path) {
    if (json == null) {
      return null;
    }
    switch (type.root()) {
      case BOOLEAN:
        if (!(json instanceof Boolean)) {
          throw new IllegalArgumentException(path + ": expected true or false, got " + json);
        }
        return json;
      case TINYINT:
        return Byte.parseByte(Json.number(json, path).text());
      case SMALLINT:
        return Short.parseShort(Json.number(json, path).text());
      case INTEGER:
        return Json.number(json, path).intValue();
      case BIGINT:
        return Json.number(json, path).longValue();
      case FLOAT:
        return Float.parseFloat(floatText(json, path));
      case DOUBLE:
        return Double.parseDouble(floatText(json, path));
      case DECIMAL:
        return decimal(json, (DecimalType) type, path);
      case CHAR:
      case VARCHAR:
        return Json.string(json, path);
      case BINARY:
      case VARBINARY:
      case BLOB:
        return BASE64.decode(Json.string(json, path));
      case DATE:
        return LocalDate.ofEpochDay(Json.number(json, path).longValue());
      case TIME_WITHOUT_TIME_ZONE:
        return LocalTime.ofNanoOfDay(Json.number(json, path).longValue() * 1_000_000L);
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        {
          Instant instant = instant(json, path);
          return LocalDateTime.ofEpochSecond(
              instant.getEpochSecond(), instant.getNano(), ZoneOffset.UTC);
        }
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return instant(json, path);
      case VARIANT:
        {
          Map<String, Object> variant = Json.object(json, path);
          return Variant.of(
              BASE64.decode(Json.string(variant.get("value"), path + ".value")),
              BASE64.decode(Json.string(variant.get("metadata"), path + ".metadata")));
        }
      case ARRAY:
        {
          List<Object> elements = Json.array(json, path);
          DataType elementType = ((ArrayType) type).elementType();
          List<Object> list = new ArrayList<>(elements.size());
          for (int i = 0; i < elements.size(); i++) {
            list.add(toJava(elements.get(i), elementType, path + "[" + i + "]"));
          }
          return list;
        }
      case MAP:
        {
          MapType m = (MapType) type;
          return map(json, m.keyType(), m.valueType(), path);
        }
      case MULTISET:
        return map(json, ((MultisetType) type).elementType(), DataTypes.INT(), path);
      case ROW:
        return toRow(json, (RowType) type, path);
      case VECTOR:
        return vector(json, (VectorType) type, path);
      default:
        throw new IllegalArgumentException(path + ": no JSON convention for " + type);
    }
  }

  private static String floatText(Object json, String path) {
    if (json instanceof String) {
      String s = (String) json;
      if (!s.equals("NaN") && !s.equals("Infinity") && !s.equals("-Infinity")) {
        throw new IllegalArgumentException(path + ": expected NaN or +-Infinity, got " + s);
      }
      return s;
    }
    return Json.number(json, path).text();
  }

  private static BigDecimal decimal(Object json, DecimalType type, String path) {
    BigDecimal value = new BigDecimal(Json.string(json, path));
    if (value.scale() != type.scale()) {
      throw new IllegalArgumentException(
          path + ": decimal " + json + " does not have the scale " + type.scale() + " of " + type);
    }
    return value;
  }

  /** {millis, nanoOfMillisecond}: millis are floor epoch milliseconds, so nanos only add. */
  private static Instant instant(Object json, String path) {
    Map<String, Object> ts = Json.object(json, path);
    long millis = Json.number(ts.get("millis"), path + ".millis").longValue();
    int nanoOfMilli =
        Json.number(ts.get("nanoOfMillisecond"), path + ".nanoOfMillisecond").intValue();
    if (nanoOfMilli < 0 || nanoOfMilli > 999_999) {
      throw new IllegalArgumentException(path + ": nanoOfMillisecond " + nanoOfMilli);
    }
    return Instant.ofEpochSecond(
        Math.floorDiv(millis, 1000L), Math.floorMod(millis, 1000L) * 1_000_000L + nanoOfMilli);
  }

  private static Map<Object, Object> map(
      Object json, DataType keyType, DataType valueType, String path) {
    List<Object> pairs = Json.array(json, path);
    Map<Object, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < pairs.size(); i++) {
      List<Object> pair = Json.array(pairs.get(i), path + "[" + i + "]");
      if (pair.size() != 2) {
        throw new IllegalArgumentException(path + "[" + i + "]: expected a [key, value] pair");
      }
      Object key = toJava(pair.get(0), keyType, path + "[" + i + "].key");
      if (map.containsKey(key)) {
        throw new IllegalArgumentException(path + ": repeated key " + key);
      }
      map.put(key, toJava(pair.get(1), valueType, path + "[" + i + "].value"));
    }
    return map;
  }

  private static Object vector(Object json, VectorType type, String path) {
    List<Object> elements = Json.array(json, path);
    if (elements.size() != type.length()) {
      throw new IllegalArgumentException(path + ": " + elements.size() + " elements for " + type);
    }
    DataType elementType = type.elementType();
    Object array = Array.newInstance(primitiveClass(elementType, path), elements.size());
    for (int i = 0; i < elements.size(); i++) {
      Object element = toJava(elements.get(i), elementType, path + "[" + i + "]");
      if (element == null) {
        throw new IllegalArgumentException(path + "[" + i + "]: VECTOR elements are never null");
      }
      Array.set(array, i, element);
    }
    return array;
  }

  /** The primitive Java type of VECTOR elements of the given type. */
  static Class<?> primitiveClass(DataType elementType, String path) {
    switch (elementType.root()) {
      case BOOLEAN:
        return boolean.class;
      case TINYINT:
        return byte.class;
      case SMALLINT:
        return short.class;
      case INTEGER:
        return int.class;
      case BIGINT:
        return long.class;
      case FLOAT:
        return float.class;
      case DOUBLE:
        return double.class;
      default:
        throw new IllegalArgumentException(path + ": no VECTOR of " + elementType);
    }
  }
}
