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
package io.paimon.multimodal.oracle;

import io.paimon.row.Row;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.BinaryVector;
import org.apache.paimon.data.Blob;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericArray;
import org.apache.paimon.data.GenericMap;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalArray;
import org.apache.paimon.data.InternalMap;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.InternalVector;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.data.variant.GenericVariant;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeRoot;
import org.apache.paimon.types.DecimalType;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.MultisetType;
import org.apache.paimon.types.RowType;
import org.apache.paimon.types.VectorType;

/**
 * Converts values between Apache Paimon 1.4.2's internal data ({@link BinaryString}, {@link
 * Decimal}, {@link Timestamp}, {@link InternalArray}, {@link InternalMap}, {@link InternalRow},
 * {@link InternalVector}, {@link org.apache.paimon.data.variant.Variant}, {@link Blob}, and boxed
 * primitives; DATE as an {@code Integer} day, TIME as an {@code Integer} millisecond of the day)
 * and our Java value model ({@code BigDecimal}, {@code String}, {@code byte[]}, {@code LocalDate},
 * {@code LocalTime}, {@code LocalDateTime}, TIMESTAMP_LTZ as {@code Instant}, {@code List}, {@code
 * LinkedHashMap}, MULTISET as {@code Map<T, Integer>}, {@link Row}, primitive arrays for VECTOR,
 * {@link io.paimon.types.Variant}, BLOB as {@code byte[]}).
 *
 * <p>Both directions take the declared Paimon type. Nothing is truncated: a TIMESTAMP keeps every
 * nanosecond it is given, a TIME every millisecond. Stateless and thread-safe.
 */
final class PaimonValues {

  private static final long NANOS_PER_MILLI = 1_000_000L;

  private PaimonValues() {}

  /**
   * Our Java value for a Paimon internal value of type {@code t}, or null for null. A BLOB becomes
   * its payload ({@link Blob#toData()}, which reads a descriptor's range).
   *
   * @throws IllegalArgumentException if the value does not have the internal class of {@code t}
   */
  @Nullable
  static Object toJava(@Nullable Object value, DataType t) {
    if (value == null) {
      return null;
    }
    try {
      switch (t.getTypeRoot()) {
        case BOOLEAN:
          return (Boolean) value;
        case TINYINT:
          return (Byte) value;
        case SMALLINT:
          return (Short) value;
        case INTEGER:
          return (Integer) value;
        case BIGINT:
          return (Long) value;
        case FLOAT:
          return (Float) value;
        case DOUBLE:
          return (Double) value;
        case DECIMAL:
          return ((Decimal) value).toBigDecimal();
        case CHAR:
        case VARCHAR:
          return ((BinaryString) value).toString();
        case BINARY:
        case VARBINARY:
          return (byte[]) value;
        case DATE:
          return LocalDate.ofEpochDay((Integer) value);
        case TIME_WITHOUT_TIME_ZONE:
          return LocalTime.ofNanoOfDay((Integer) value * NANOS_PER_MILLI);
        case TIMESTAMP_WITHOUT_TIME_ZONE:
          return ((Timestamp) value).toLocalDateTime();
        case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
          {
            // Paimon keeps TIMESTAMP_LTZ as UTC epoch millis plus nanos of the millisecond.
            Timestamp ts = (Timestamp) value;
            return Instant.ofEpochMilli(ts.getMillisecond()).plusNanos(ts.getNanoOfMillisecond());
          }
        case ARRAY:
          return arrayToJava((InternalArray) value, ((ArrayType) t).getElementType());
        case MAP:
          return mapToJava(
              (InternalMap) value, ((MapType) t).getKeyType(), ((MapType) t).getValueType());
        case MULTISET:
          return mapToJava(
              (InternalMap) value,
              ((MultisetType) t).getElementType(),
              org.apache.paimon.types.DataTypes.INT().notNull());
        case ROW:
          return rowToRow((InternalRow) value, (RowType) t);
        case VECTOR:
          return vectorToJava((InternalVector) value, ((VectorType) t).getElementType());
        case VARIANT:
          {
            org.apache.paimon.data.variant.Variant v =
                (org.apache.paimon.data.variant.Variant) value;
            return io.paimon.types.Variant.of(v.value(), v.metadata());
          }
        case BLOB:
          return ((Blob) value).toData();
        default:
          throw new IllegalArgumentException("unsupported Paimon type " + t);
      }
    } catch (ClassCastException e) {
      throw new IllegalArgumentException(
          "Paimon value of " + value.getClass().getName() + " does not fit type " + t, e);
    }
  }

  /**
   * Paimon's internal value for one of our Java values of type {@code t}, or null for null. A BLOB
   * given as {@code byte[]} becomes {@link Blob#fromData}; a {@link Blob} is kept.
   *
   * @throws IllegalArgumentException if the value does not have the Java class of {@code t}, or a
   *     DECIMAL does not fit its precision
   */
  @Nullable
  static Object toPaimon(@Nullable Object value, DataType t) {
    if (value == null) {
      return null;
    }
    try {
      switch (t.getTypeRoot()) {
        case BOOLEAN:
          return (Boolean) value;
        case TINYINT:
          return (Byte) value;
        case SMALLINT:
          return (Short) value;
        case INTEGER:
          return (Integer) value;
        case BIGINT:
          return (Long) value;
        case FLOAT:
          return (Float) value;
        case DOUBLE:
          return (Double) value;
        case DECIMAL:
          {
            DecimalType d = (DecimalType) t;
            Decimal decimal =
                Decimal.fromBigDecimal((BigDecimal) value, d.getPrecision(), d.getScale());
            if (decimal == null) {
              throw new IllegalArgumentException("decimal " + value + " does not fit " + t);
            }
            return decimal;
          }
        case CHAR:
        case VARCHAR:
          return BinaryString.fromString((String) value);
        case BINARY:
        case VARBINARY:
          return (byte[]) value;
        case DATE:
          return Math.toIntExact(((LocalDate) value).toEpochDay());
        case TIME_WITHOUT_TIME_ZONE:
          return (int) (((LocalTime) value).toNanoOfDay() / NANOS_PER_MILLI);
        case TIMESTAMP_WITHOUT_TIME_ZONE:
          return Timestamp.fromLocalDateTime((LocalDateTime) value);
        case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
          {
            Instant instant = (Instant) value;
            long millis =
                Math.addExact(
                    Math.multiplyExact(instant.getEpochSecond(), 1000L),
                    instant.getNano() / NANOS_PER_MILLI);
            return Timestamp.fromEpochMillis(millis, (int) (instant.getNano() % NANOS_PER_MILLI));
          }
        case ARRAY:
          {
            DataType element = ((ArrayType) t).getElementType();
            List<?> list = (List<?>) value;
            Object[] out = new Object[list.size()];
            for (int i = 0; i < out.length; i++) {
              out[i] = toPaimon(list.get(i), element);
            }
            return new GenericArray(out);
          }
        case MAP:
          return mapToPaimon(
              (Map<?, ?>) value, ((MapType) t).getKeyType(), ((MapType) t).getValueType());
        case MULTISET:
          return mapToPaimon(
              (Map<?, ?>) value,
              ((MultisetType) t).getElementType(),
              org.apache.paimon.types.DataTypes.INT().notNull());
        case ROW:
          return rowToPaimon((Row) value, (RowType) t);
        case VECTOR:
          return vectorToPaimon(value, t);
        case VARIANT:
          {
            io.paimon.types.Variant v = (io.paimon.types.Variant) value;
            return new GenericVariant(v.value(), v.metadata());
          }
        case BLOB:
          return value instanceof Blob ? value : Blob.fromData((byte[]) value);
        default:
          throw new IllegalArgumentException("unsupported Paimon type " + t);
      }
    } catch (ClassCastException e) {
      throw new IllegalArgumentException(
          "Java value of " + value.getClass().getName() + " does not fit type " + t, e);
    }
  }

  /**
   * One Paimon row as a map from field name to our Java value, in field order. BLOB cells become
   * their payload bytes (a descriptor is resolved by {@link Blob#toData()}); system fields such as
   * {@code _ROW_ID} are BIGINTs like any other.
   */
  static Map<String, Object> rowToJava(InternalRow row, RowType type) {
    Map<String, Object> out = new LinkedHashMap<>();
    List<DataField> fields = type.getFields();
    for (int i = 0; i < fields.size(); i++) {
      out.put(fields.get(i).name(), fieldToJava(row, i, fields.get(i).type()));
    }
    return out;
  }

  /** The Java value of field {@code pos} of {@code row}, of type {@code t}. */
  static Object fieldToJava(InternalRow row, int pos, DataType t) {
    return toJava(InternalRow.createFieldGetter(t, pos).getFieldOrNull(row), t);
  }

  /** A Paimon row of the given Java values, in field order (our {@link Row} of a ROW type). */
  static GenericRow rowToPaimon(Row row, RowType t) {
    if (row.size() != t.getFieldCount()) {
      throw new IllegalArgumentException(
          "row of " + row.size() + " values for " + t.getFieldCount() + " fields of " + t);
    }
    GenericRow out = new GenericRow(row.size());
    for (int i = 0; i < row.size(); i++) {
      out.setField(i, toPaimon(row.get(i), t.getTypeAt(i)));
    }
    return out;
  }

  /** A Paimon row of a map from field name to Java value; missing names are null. */
  static GenericRow mapToPaimonRow(Map<String, ?> values, RowType t) {
    GenericRow out = new GenericRow(t.getFieldCount());
    for (int i = 0; i < t.getFieldCount(); i++) {
      DataField f = t.getFields().get(i);
      out.setField(i, toPaimon(values.get(f.name()), f.type()));
    }
    return out;
  }

  private static Row rowToRow(InternalRow row, RowType t) {
    Object[] values = new Object[t.getFieldCount()];
    for (int i = 0; i < values.length; i++) {
      values[i] = fieldToJava(row, i, t.getTypeAt(i));
    }
    return Row.wrap(values);
  }

  private static List<Object> arrayToJava(InternalArray array, DataType element) {
    // Paimon 1.4.2's InternalArray.createElementGetter has no VECTOR case.
    InternalArray.ElementGetter getter =
        element.getTypeRoot() == DataTypeRoot.VECTOR
            ? (a, i) -> a.isNullAt(i) ? null : a.getVector(i)
            : InternalArray.createElementGetter(element);
    List<Object> out = new ArrayList<>(array.size());
    for (int i = 0; i < array.size(); i++) {
      out.add(toJava(getter.getElementOrNull(array, i), element));
    }
    return out;
  }

  private static Map<Object, Object> mapToJava(InternalMap map, DataType key, DataType value) {
    List<Object> keys = arrayToJava(map.keyArray(), key);
    List<Object> values = arrayToJava(map.valueArray(), value);
    Map<Object, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < keys.size(); i++) {
      out.put(keys.get(i), values.get(i));
    }
    return out;
  }

  private static GenericMap mapToPaimon(Map<?, ?> map, DataType key, DataType value) {
    Map<Object, Object> out = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : map.entrySet()) {
      out.put(toPaimon(e.getKey(), key), toPaimon(e.getValue(), value));
    }
    return new GenericMap(out);
  }

  private static Object vectorToJava(InternalVector v, DataType element) {
    DataTypeRoot root = element.getTypeRoot();
    switch (root) {
      case BOOLEAN:
        return v.toBooleanArray();
      case TINYINT:
        return v.toByteArray();
      case SMALLINT:
        return v.toShortArray();
      case INTEGER:
        return v.toIntArray();
      case BIGINT:
        return v.toLongArray();
      case FLOAT:
        return v.toFloatArray();
      case DOUBLE:
        return v.toDoubleArray();
      default:
        throw new IllegalArgumentException("VECTOR of " + element + " is not a Paimon type");
    }
  }

  private static BinaryVector vectorToPaimon(Object value, DataType t) {
    DataType element = ((VectorType) t).getElementType();
    switch (element.getTypeRoot()) {
      case BOOLEAN:
        return BinaryVector.fromPrimitiveArray((boolean[]) value);
      case TINYINT:
        return BinaryVector.fromPrimitiveArray((byte[]) value);
      case SMALLINT:
        return BinaryVector.fromPrimitiveArray((short[]) value);
      case INTEGER:
        return BinaryVector.fromPrimitiveArray((int[]) value);
      case BIGINT:
        return BinaryVector.fromPrimitiveArray((long[]) value);
      case FLOAT:
        return BinaryVector.fromPrimitiveArray((float[]) value);
      case DOUBLE:
        return BinaryVector.fromPrimitiveArray((double[]) value);
      default:
        throw new IllegalArgumentException("VECTOR of " + element + " is not a Paimon type");
    }
  }
}
