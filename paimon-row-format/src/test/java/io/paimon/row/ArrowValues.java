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

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.types.ArrayType;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import io.paimon.types.DecimalType;
import io.paimon.types.LocalZonedTimestampType;
import io.paimon.types.MapType;
import io.paimon.types.MultisetType;
import io.paimon.types.RowType;
import io.paimon.types.TimestampType;
import io.paimon.types.Variant;
import io.paimon.types.VectorType;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Reads a value out of an Arrow vector into the Java value model of a Paimon type, so Arrow batches
 * can be compared with generic rows. It checks the Arrow types it meets against the mapping in
 * DESIGN.md (timestamp unit by precision, zone "UTC" for TIMESTAMP_LTZ, Map for MAP and MULTISET)
 * rather than trusting the schema the reader produced.
 */
public final class ArrowValues {

  private ArrowValues() {}

  /** The value at {@code index} of {@code vector}, which holds values of {@code type}. */
  public static Object valueAt(DataType type, FieldVector vector, int index) {
    if (vector.isNull(index)) {
      return null;
    }
    switch (type.root()) {
      case BOOLEAN:
        return ((BitVector) vector).get(index) != 0;
      case TINYINT:
        return ((TinyIntVector) vector).get(index);
      case SMALLINT:
        return ((SmallIntVector) vector).get(index);
      case INTEGER:
        return ((IntVector) vector).get(index);
      case BIGINT:
        return ((BigIntVector) vector).get(index);
      case FLOAT:
        return ((Float4Vector) vector).get(index);
      case DOUBLE:
        return ((Float8Vector) vector).get(index);
      case DECIMAL:
        {
          DecimalType d = (DecimalType) type;
          ArrowType.Decimal arrow = (ArrowType.Decimal) vector.getField().getType();
          assertThat(arrow.getPrecision()).as(vector.getName()).isEqualTo(d.precision());
          assertThat(arrow.getScale()).as(vector.getName()).isEqualTo(d.scale());
          return ((DecimalVector) vector).getObject(index);
        }
      case CHAR:
      case VARCHAR:
        return new String(((VarCharVector) vector).get(index), StandardCharsets.UTF_8);
      case BINARY:
      case VARBINARY:
      case BLOB:
        return ((VarBinaryVector) vector).get(index);
      case DATE:
        return LocalDate.ofEpochDay(((DateDayVector) vector).get(index));
      case TIME_WITHOUT_TIME_ZONE:
        return LocalTime.ofNanoOfDay(((TimeMilliVector) vector).get(index) * 1_000_000L);
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        {
          Instant instant = timestamp(vector, index, ((TimestampType) type).precision(), null);
          return LocalDateTime.ofEpochSecond(
              instant.getEpochSecond(), instant.getNano(), ZoneOffset.UTC);
        }
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return timestamp(vector, index, ((LocalZonedTimestampType) type).precision(), "UTC");
      case VARIANT:
        {
          StructVector struct = (StructVector) vector;
          return Variant.of(
              struct.getChild("value", VarBinaryVector.class).get(index),
              struct.getChild("metadata", VarBinaryVector.class).get(index));
        }
      case ARRAY:
        {
          assertThat(vector).as(vector.getName()).isNotInstanceOf(MapVector.class);
          ListVector list = (ListVector) vector;
          DataType elementType = ((ArrayType) type).elementType();
          FieldVector data = list.getDataVector();
          List<Object> out = new ArrayList<>();
          for (int i = list.getElementStartIndex(index); i < list.getElementEndIndex(index); i++) {
            out.add(valueAt(elementType, data, i));
          }
          return out;
        }
      case MAP:
        {
          MapType m = (MapType) type;
          return map((MapVector) vector, m.keyType(), m.valueType(), index);
        }
      case MULTISET:
        return map(
            (MapVector) vector,
            ((MultisetType) type).elementType(),
            DataTypes.INT().notNull(),
            index);
      case ROW:
        {
          RowType rowType = (RowType) type;
          StructVector struct = (StructVector) vector;
          List<FieldVector> children = struct.getChildrenFromFields();
          assertThat(children).as(vector.getName()).hasSize(rowType.fieldCount());
          Object[] values = new Object[rowType.fieldCount()];
          for (int i = 0; i < values.length; i++) {
            assertThat(children.get(i).getName()).isEqualTo(rowType.fields().get(i).name());
            values[i] = valueAt(rowType.typeAt(i), children.get(i), index);
          }
          return Row.wrap(values);
        }
      case VECTOR:
        {
          VectorType v = (VectorType) type;
          FixedSizeListVector list = (FixedSizeListVector) vector;
          assertThat(list.getListSize()).as(vector.getName()).isEqualTo(v.length());
          FieldVector data = list.getDataVector();
          Object out =
              Array.newInstance(
                  GoldenJson.primitiveClass(v.elementType(), vector.getName()), v.length());
          for (int i = 0; i < v.length(); i++) {
            Array.set(out, i, valueAt(v.elementType(), data, index * v.length() + i));
          }
          return out;
        }
      default:
        throw new IllegalArgumentException("no Arrow conversion for " + type);
    }
  }

  /**
   * A generic value as the Arrow path holds it: timestamps floored to the Arrow unit of their
   * precision (the codec stores a TIMESTAMP(4) with nanoseconds as given; microseconds keep only
   * part of it), everything else unchanged. Nested values are converted recursively.
   */
  public static Object atArrowUnit(DataType type, Object value) {
    if (value == null) {
      return null;
    }
    switch (type.root()) {
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        {
          LocalDateTime t = (LocalDateTime) value;
          return t.withNano(floorNanos(t.getNano(), ((TimestampType) type).precision()));
        }
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        {
          Instant t = (Instant) value;
          return Instant.ofEpochSecond(
              t.getEpochSecond(),
              floorNanos(t.getNano(), ((LocalZonedTimestampType) type).precision()));
        }
      case ARRAY:
        {
          List<Object> out = new ArrayList<>();
          for (Object element : (List<?>) value) {
            out.add(atArrowUnit(((ArrayType) type).elementType(), element));
          }
          return out;
        }
      case MAP:
        {
          MapType m = (MapType) type;
          Map<Object, Object> out = new LinkedHashMap<>();
          for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
            out.put(atArrowUnit(m.keyType(), e.getKey()), atArrowUnit(m.valueType(), e.getValue()));
          }
          return out;
        }
      case MULTISET:
        {
          Map<Object, Object> out = new LinkedHashMap<>();
          for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
            out.put(atArrowUnit(((MultisetType) type).elementType(), e.getKey()), e.getValue());
          }
          return out;
        }
      case ROW:
        {
          RowType rowType = (RowType) type;
          Row row = (Row) value;
          Object[] out = new Object[rowType.fieldCount()];
          for (int i = 0; i < out.length; i++) {
            out[i] = atArrowUnit(rowType.typeAt(i), row.get(i));
          }
          return Row.wrap(out);
        }
      default:
        return value;
    }
  }

  private static int floorNanos(int nanos, int precision) {
    int unitNanos = precision <= 3 ? 1_000_000 : precision <= 6 ? 1_000 : 1;
    return nanos - nanos % unitNanos;
  }

  /** Both no-zone and UTC timestamps count from the epoch in UTC; only the unit varies. */
  private static Instant timestamp(FieldVector vector, int index, int precision, String zone) {
    ArrowType.Timestamp arrow = (ArrowType.Timestamp) vector.getField().getType();
    TimeUnit unit;
    long perSecond;
    if (precision <= 3) {
      unit = TimeUnit.MILLISECOND;
      perSecond = 1_000L;
    } else if (precision <= 6) {
      unit = TimeUnit.MICROSECOND;
      perSecond = 1_000_000L;
    } else {
      unit = TimeUnit.NANOSECOND;
      perSecond = 1_000_000_000L;
    }
    assertThat(arrow.getUnit())
        .as("%s: unit for precision %s", vector.getName(), precision)
        .isEqualTo(unit);
    assertThat(arrow.getTimezone()).as("%s: zone", vector.getName()).isEqualTo(zone);
    long value = ((TimeStampVector) vector).get(index);
    long nanosPerUnit = 1_000_000_000L / perSecond;
    return Instant.ofEpochSecond(
        Math.floorDiv(value, perSecond), Math.floorMod(value, perSecond) * nanosPerUnit);
  }

  private static Map<Object, Object> map(
      MapVector vector, DataType keyType, DataType valueType, int index) {
    StructVector entries = (StructVector) vector.getDataVector();
    FieldVector keys = entries.getChild(MapVector.KEY_NAME);
    FieldVector values = entries.getChild(MapVector.VALUE_NAME);
    Map<Object, Object> out = new LinkedHashMap<>();
    for (int i = vector.getElementStartIndex(index); i < vector.getElementEndIndex(index); i++) {
      out.put(valueAt(keyType, keys, i), valueAt(valueType, values, i));
    }
    return out;
  }
}
