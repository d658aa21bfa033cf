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
package io.paimon.multimodal.window.internal;

import io.paimon.multimodal.SchemaException;
import io.paimon.row.Row;
import io.paimon.types.ArrayType;
import io.paimon.types.DataType;
import io.paimon.types.DecimalType;
import io.paimon.types.MapType;
import io.paimon.types.MultisetType;
import io.paimon.types.RowType;
import io.paimon.types.Variant;
import io.paimon.types.VectorType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a {@code padValue} against its column's type when a dataset is built: it must be a cell of
 * that type in the library's value model ({@code docs/tables.md}), what {@code Table.add} accepts
 * for the column (BOOLEAN {@code Boolean}; TINYINT to BIGINT any of {@code Byte Short Integer Long}
 * within the type's range; FLOAT {@code Float}; DOUBLE {@code Double} or {@code Float}; DECIMAL a
 * {@code BigDecimal} of at most the type's precision at its scale; CHAR/VARCHAR {@code String};
 * BINARY/VARBINARY and BLOB (a sample holds BLOB payloads) {@code byte[]}; DATE {@code LocalDate};
 * TIME {@code LocalTime}; TIMESTAMP {@code LocalDateTime}; TIMESTAMP_LTZ {@code Instant}; ARRAY a
 * {@code List}; MAP a {@code Map}; MULTISET a {@code Map} to {@code Integer} counts; ROW a {@code
 * Row} of the type's arity; VECTOR a primitive array of its element type and length; VARIANT a
 * {@code Variant}; null where the type is nullable). Numbers come back in the class a read gives
 * the column ({@code Integer} for INT, {@code Double} for DOUBLE, ...), collections copied with
 * their elements converted, so a padded window holds cells of one class. Stateless.
 */
final class PadValues {

  private PadValues() {}

  /**
   * The value, as the cell a read of {@code column} would give.
   *
   * @throws SchemaException naming the column, its type and the value if the value is not a cell of
   *     the type (and, for a nested value, where it is not)
   */
  static Object check(String column, DataType type, Object value) {
    try {
      return cell(type, value, "");
    } catch (Mismatch m) {
      StringBuilder sb =
          new StringBuilder("padValue of column '")
              .append(column)
              .append("' is not a cell of its type ")
              .append(type)
              .append(": got ")
              .append(describe(value));
      if (!m.path.isEmpty()) {
        sb.append("; at ").append(m.path).append(" got ").append(describe(m.value));
      }
      sb.append(", expected ").append(m.expected);
      throw new SchemaException(sb.toString());
    }
  }

  /** Where and why a value does not fit; caught by {@link #check}. */
  private static final class Mismatch extends RuntimeException {
    final String path;
    final Object value;
    final String expected;

    Mismatch(String path, Object value, String expected) {
      super(null, null, false, false);
      this.path = path;
      this.value = value;
      this.expected = expected;
    }
  }

  private static Object cell(DataType type, Object v, String path) {
    if (v == null) {
      if (!type.isNullable()) {
        throw new Mismatch(path, null, "a value (the type is NOT NULL)");
      }
      return null;
    }
    switch (type.root()) {
      case BOOLEAN:
        return instance(v, Boolean.class, path, "a Boolean");
      case TINYINT:
        return (byte) integral(v, Byte.MIN_VALUE, Byte.MAX_VALUE, path, "a Byte");
      case SMALLINT:
        return (short) integral(v, Short.MIN_VALUE, Short.MAX_VALUE, path, "a Short");
      case INTEGER:
        return (int) integral(v, Integer.MIN_VALUE, Integer.MAX_VALUE, path, "an Integer");
      case BIGINT:
        return integral(v, Long.MIN_VALUE, Long.MAX_VALUE, path, "a Long");
      case FLOAT:
        return instance(v, Float.class, path, "a Float");
      case DOUBLE:
        if (v instanceof Float) {
          return ((Float) v).doubleValue();
        }
        return instance(v, Double.class, path, "a Double (or a Float)");
      case DECIMAL:
        return decimal((DecimalType) type, v, path);
      case CHAR:
      case VARCHAR:
        return instance(v, String.class, path, "a String");
      case BINARY:
      case VARBINARY:
      case BLOB:
        return instance(v, byte[].class, path, "a byte[]");
      case DATE:
        return instance(v, LocalDate.class, path, "a LocalDate");
      case TIME_WITHOUT_TIME_ZONE:
        return instance(v, LocalTime.class, path, "a LocalTime");
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return instance(v, LocalDateTime.class, path, "a LocalDateTime");
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return instance(v, Instant.class, path, "an Instant");
      case VARIANT:
        return instance(v, Variant.class, path, "a Variant");
      case VECTOR:
        return vector((VectorType) type, v, path);
      case ARRAY:
        {
          List<?> list = (List<?>) instance(v, List.class, path, "a List");
          DataType element = ((ArrayType) type).elementType();
          List<Object> out = new ArrayList<>(list.size());
          for (int i = 0; i < list.size(); i++) {
            out.add(cell(element, list.get(i), path + "[" + i + "]"));
          }
          return out;
        }
      case MAP:
        {
          MapType map = (MapType) type;
          return map(
              (Map<?, ?>) instance(v, Map.class, path, "a Map"),
              map.keyType(),
              map.valueType(),
              path);
        }
      case MULTISET:
        {
          Map<?, ?> counts = (Map<?, ?>) instance(v, Map.class, path, "a Map of counts");
          DataType element = ((MultisetType) type).elementType();
          Map<Object, Object> out = new LinkedHashMap<>();
          for (Map.Entry<?, ?> e : counts.entrySet()) {
            Object key = cell(element, e.getKey(), path + "{key}");
            String at = path + "{" + e.getKey() + "}";
            if (!(e.getValue() instanceof Integer) || (Integer) e.getValue() < 0) {
              throw new Mismatch(at, e.getValue(), "a non-negative Integer count");
            }
            out.put(key, e.getValue());
          }
          return out;
        }
      case ROW:
        {
          RowType row = (RowType) type;
          Row r = (Row) instance(v, Row.class, path, "a Row of " + row.fieldCount() + " fields");
          if (r.size() != row.fieldCount()) {
            throw new Mismatch(path, v, "a Row of " + row.fieldCount() + " fields");
          }
          Object[] fields = new Object[r.size()];
          for (int i = 0; i < fields.length; i++) {
            fields[i] = cell(row.typeAt(i), r.get(i), path + "." + row.fieldNames().get(i));
          }
          return Row.wrap(fields);
        }
      default:
        throw new Mismatch(path, v, "a value of a type padding does not support");
    }
  }

  private static Object instance(Object v, Class<?> c, String path, String expected) {
    if (!c.isInstance(v)) {
      throw new Mismatch(path, v, expected);
    }
    return v;
  }

  private static long integral(Object v, long min, long max, String path, String expected) {
    String wanted = expected + " (or another integer box) in [" + min + ", " + max + "]";
    if (!(v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte)) {
      throw new Mismatch(path, v, wanted);
    }
    long x = ((Number) v).longValue();
    if (x < min || x > max) {
      throw new Mismatch(path, v, wanted);
    }
    return x;
  }

  private static Object decimal(DecimalType type, Object v, String path) {
    String expected =
        "a BigDecimal of at most " + type.precision() + " digits at scale " + type.scale();
    BigDecimal d = (BigDecimal) instance(v, BigDecimal.class, path, expected);
    BigDecimal scaled = d.setScale(type.scale(), RoundingMode.HALF_UP);
    if (scaled.unscaledValue().abs().compareTo(BigInteger.TEN.pow(type.precision())) >= 0) {
      throw new Mismatch(path, v, expected);
    }
    return scaled;
  }

  private static Object map(Map<?, ?> m, DataType keyType, DataType valueType, String path) {
    Map<Object, Object> out = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : m.entrySet()) {
      Object key = cell(keyType, e.getKey(), path + "{key}");
      out.put(key, cell(valueType, e.getValue(), path + "{" + e.getKey() + "}"));
    }
    return out;
  }

  private static Object vector(VectorType type, Object v, String path) {
    int n = type.length();
    String expected;
    Class<?> c;
    switch (type.elementType().root()) {
      case BOOLEAN:
        c = boolean[].class;
        break;
      case TINYINT:
        c = byte[].class;
        break;
      case SMALLINT:
        c = short[].class;
        break;
      case INTEGER:
        c = int[].class;
        break;
      case BIGINT:
        c = long[].class;
        break;
      case FLOAT:
        c = float[].class;
        break;
      default:
        c = double[].class;
        break;
    }
    expected = "a " + c.getComponentType().getName() + "[] of " + n + " elements";
    if (!c.isInstance(v) || java.lang.reflect.Array.getLength(v) != n) {
      throw new Mismatch(path, v, expected);
    }
    return v;
  }

  /** The value and its class, for messages: arrays and strings shown in full up to a limit. */
  static String describe(Object v) {
    if (v == null) {
      return "null";
    }
    String shown;
    if (v instanceof String) {
      shown = "\"" + v + "\"";
    } else if (v instanceof byte[]) {
      shown = ((byte[]) v).length + " bytes";
    } else if (v.getClass().isArray()) {
      int n = java.lang.reflect.Array.getLength(v);
      List<Object> items = new ArrayList<>();
      for (int i = 0; i < Math.min(n, 16); i++) {
        items.add(java.lang.reflect.Array.get(v, i));
      }
      shown = n + " elements " + items + (n > 16 ? "..." : "");
    } else {
      shown = String.valueOf(v);
    }
    if (shown.length() > 200) {
      shown = shown.substring(0, 200) + "...";
    }
    String kind =
        v.getClass().isArray()
            ? v.getClass().getComponentType().getName() + "[]"
            : v.getClass().getSimpleName();
    return kind + " " + shown;
  }
}
