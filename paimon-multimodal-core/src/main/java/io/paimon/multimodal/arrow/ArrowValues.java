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
package io.paimon.multimodal.arrow;

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.SchemaException;
import io.paimon.row.Row;
import io.paimon.types.ArrayType;
import io.paimon.types.DataType;
import io.paimon.types.MapType;
import io.paimon.types.MultisetType;
import io.paimon.types.RowType;
import io.paimon.types.Variant;
import io.paimon.types.VectorType;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FloatingPointVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeSecVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * Reads one Arrow cell as a Java value of a Paimon type (the library's value model), accepting the
 * Arrow layouts a caller is likely to hand in: any integer vector for an integer column,
 * Utf8/LargeUtf8 for strings, Binary/LargeBinary for bytes, any timestamp unit, and for BLOB either
 * bytes or a descriptor struct {@code <uri, offset, length>}. A vector that cannot hold the type is
 * a {@link SchemaException} naming the column. Stateless.
 */
public final class ArrowValues {

  private ArrowValues() {}

  /** The value of {@code vector[index]} as a Java value of {@code type}; null for null. */
  public static Object get(String column, DataType type, ValueVector vector, int index) {
    if (vector.isNull(index)) {
      return null;
    }
    switch (type.root()) {
      case BOOLEAN:
        return ((BitVector) expect(column, type, vector, BitVector.class)).get(index) != 0;
      case TINYINT:
        return (byte) integer(column, type, vector, index);
      case SMALLINT:
        return (short) integer(column, type, vector, index);
      case INTEGER:
        return (int) integer(column, type, vector, index);
      case BIGINT:
        return integer(column, type, vector, index);
      case FLOAT:
        return (float) floating(column, type, vector, index);
      case DOUBLE:
        return floating(column, type, vector, index);
      case DECIMAL:
        return ((DecimalVector) expect(column, type, vector, DecimalVector.class)).getObject(index);
      case CHAR:
      case VARCHAR:
        if (vector instanceof VarCharVector) {
          return new String(
              ((VarCharVector) vector).get(index), java.nio.charset.StandardCharsets.UTF_8);
        }
        if (vector instanceof LargeVarCharVector) {
          return new String(
              ((LargeVarCharVector) vector).get(index), java.nio.charset.StandardCharsets.UTF_8);
        }
        throw mismatch(column, type, vector);
      case BINARY:
      case VARBINARY:
        return bytes(column, type, vector, index);
      case BLOB:
        if (vector instanceof StructVector) {
          return descriptor(column, type, (StructVector) vector, index);
        }
        return bytes(column, type, vector, index);
      case DATE:
        if (vector instanceof DateDayVector) {
          return LocalDate.ofEpochDay(((DateDayVector) vector).get(index));
        }
        if (vector instanceof DateMilliVector) {
          return LocalDate.ofEpochDay(
              Math.floorDiv(((DateMilliVector) vector).get(index), 86_400_000L));
        }
        throw mismatch(column, type, vector);
      case TIME_WITHOUT_TIME_ZONE:
        return time(column, type, vector, index);
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        {
          Instant instant = instant(column, type, vector, index);
          return LocalDateTime.ofEpochSecond(
              instant.getEpochSecond(), instant.getNano(), ZoneOffset.UTC);
        }
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return instant(column, type, vector, index);
      case ARRAY:
        {
          ListVector list = (ListVector) expect(column, type, vector, ListVector.class);
          DataType element = ((ArrayType) type).elementType();
          int start = list.getElementStartIndex(index);
          int end = list.getElementEndIndex(index);
          List<Object> out = new ArrayList<>(end - start);
          for (int i = start; i < end; i++) {
            out.add(get(column, element, list.getDataVector(), i));
          }
          return out;
        }
      case MAP:
      case MULTISET:
        {
          ListVector map = (ListVector) expect(column, type, vector, ListVector.class);
          DataType keyType;
          DataType valueType;
          if (type instanceof MapType) {
            keyType = ((MapType) type).keyType();
            valueType = ((MapType) type).valueType();
          } else {
            keyType = ((MultisetType) type).elementType();
            valueType = new io.paimon.types.IntType(false);
          }
          StructVector entries = (StructVector) map.getDataVector();
          List<FieldVector> kv = entries.getChildrenFromFields();
          int start = map.getElementStartIndex(index);
          int end = map.getElementEndIndex(index);
          Map<Object, Object> out = new LinkedHashMap<>();
          for (int i = start; i < end; i++) {
            out.put(get(column, keyType, kv.get(0), i), get(column, valueType, kv.get(1), i));
          }
          return out;
        }
      case ROW:
        {
          StructVector struct = (StructVector) expect(column, type, vector, StructVector.class);
          RowType rowType = (RowType) type;
          Object[] values = new Object[rowType.fieldCount()];
          for (int f = 0; f < values.length; f++) {
            String name = rowType.fields().get(f).name();
            FieldVector child = struct.getChild(name, FieldVector.class);
            if (child == null) {
              throw new SchemaException(
                  "column '" + column + "': the Arrow struct has no field '" + name + "'");
            }
            values[f] = get(column + "." + name, rowType.typeAt(f), child, index);
          }
          return Row.wrap(values);
        }
      case VECTOR:
        return vectorValue(column, (VectorType) type, vector, index);
      case VARIANT:
        {
          StructVector struct = (StructVector) expect(column, type, vector, StructVector.class);
          byte[] value = bytes(column, type, struct.getChild("value"), index);
          byte[] metadata = bytes(column, type, struct.getChild("metadata"), index);
          return Variant.of(value, metadata);
        }
      default:
        throw new SchemaException("column '" + column + "': unsupported type " + type);
    }
  }

  private static <T> ValueVector expect(String column, DataType type, ValueVector v, Class<T> cls) {
    if (!cls.isInstance(v)) {
      throw mismatch(column, type, v);
    }
    return v;
  }

  static SchemaException mismatch(String column, DataType type, ValueVector v) {
    return new SchemaException(
        "column '"
            + column
            + "' of type "
            + type
            + " cannot be read from an Arrow "
            + (v == null ? "missing vector" : v.getField().getType() + " vector"));
  }

  private static long integer(String column, DataType type, ValueVector v, int index) {
    if (v instanceof BaseIntVector && !(v instanceof org.apache.arrow.vector.UInt8Vector)) {
      return ((BaseIntVector) v).getValueAsLong(index);
    }
    throw mismatch(column, type, v);
  }

  private static double floating(String column, DataType type, ValueVector v, int index) {
    if (v instanceof FloatingPointVector) {
      return ((FloatingPointVector) v).getValueAsDouble(index);
    }
    throw mismatch(column, type, v);
  }

  private static byte[] bytes(String column, DataType type, ValueVector v, int index) {
    if (v instanceof VarBinaryVector) {
      return ((VarBinaryVector) v).get(index);
    }
    if (v instanceof LargeVarBinaryVector) {
      return ((LargeVarBinaryVector) v).get(index);
    }
    if (v instanceof org.apache.arrow.vector.FixedSizeBinaryVector) {
      return ((org.apache.arrow.vector.FixedSizeBinaryVector) v).get(index);
    }
    throw mismatch(column, type, v);
  }

  private static BlobDescriptor descriptor(
      String column, DataType type, StructVector s, int index) {
    ValueVector uri = s.getChild("uri");
    ValueVector offset = s.getChild("offset");
    ValueVector length = s.getChild("length");
    if (uri == null || offset == null || length == null) {
      throw mismatch(column, type, s);
    }
    String u = (String) get(column + ".uri", io.paimon.types.DataTypes.STRING(), uri, index);
    Long off = (Long) get(column + ".offset", io.paimon.types.DataTypes.BIGINT(), offset, index);
    Long len = (Long) get(column + ".length", io.paimon.types.DataTypes.BIGINT(), length, index);
    if (u == null || off == null || len == null) {
      throw new SchemaException(
          "column '" + column + "': BLOB descriptor " + index + " has a null field");
    }
    try {
      return new BlobDescriptor(u, off, len);
    } catch (IllegalArgumentException e) {
      throw new SchemaException("column '" + column + "': " + e.getMessage(), e);
    }
  }

  private static LocalTime time(String column, DataType type, ValueVector v, int index) {
    long nanos;
    if (v instanceof TimeMilliVector) {
      nanos = ((TimeMilliVector) v).get(index) * 1_000_000L;
    } else if (v instanceof TimeMicroVector) {
      nanos = ((TimeMicroVector) v).get(index) * 1_000L;
    } else if (v instanceof TimeNanoVector) {
      nanos = ((TimeNanoVector) v).get(index);
    } else if (v instanceof TimeSecVector) {
      nanos = ((TimeSecVector) v).get(index) * 1_000_000_000L;
    } else {
      throw mismatch(column, type, v);
    }
    if (nanos < 0 || nanos >= 86_400_000_000_000L) {
      throw new SchemaException("column '" + column + "': time " + nanos + " ns is not in a day");
    }
    return LocalTime.ofNanoOfDay(nanos);
  }

  private static Instant instant(String column, DataType type, ValueVector v, int index) {
    if (!(v instanceof TimeStampVector)) {
      throw mismatch(column, type, v);
    }
    long raw = ((TimeStampVector) v).get(index);
    TimeUnit unit = ((ArrowType.Timestamp) v.getField().getType()).getUnit();
    switch (unit) {
      case SECOND:
        return Instant.ofEpochSecond(raw);
      case MILLISECOND:
        return Instant.ofEpochMilli(raw);
      case MICROSECOND:
        return Instant.ofEpochSecond(
            Math.floorDiv(raw, 1_000_000L), Math.floorMod(raw, 1_000_000L) * 1000L);
      default:
        return Instant.ofEpochSecond(
            Math.floorDiv(raw, 1_000_000_000L), Math.floorMod(raw, 1_000_000_000L));
    }
  }

  private static Object vectorValue(String column, VectorType type, ValueVector v, int index) {
    FieldVector child;
    int start;
    int n = type.length();
    if (v instanceof FixedSizeListVector) {
      child = ((FixedSizeListVector) v).getDataVector();
      start = index * ((FixedSizeListVector) v).getListSize();
      if (((FixedSizeListVector) v).getListSize() != n) {
        throw new SchemaException(
            "column '"
                + column
                + "' of type "
                + type
                + " got a list of size "
                + ((FixedSizeListVector) v).getListSize());
      }
    } else if (v instanceof ListVector) {
      ListVector list = (ListVector) v;
      child = list.getDataVector();
      start = list.getElementStartIndex(index);
      int size = list.getElementEndIndex(index) - start;
      if (size != n) {
        throw new SchemaException(
            "column '"
                + column
                + "' of type "
                + type
                + " got "
                + size
                + " elements in row "
                + index);
      }
    } else {
      throw mismatch(column, type, v);
    }
    DataType element = type.elementType();
    for (int i = 0; i < n; i++) {
      if (child.isNull(start + i)) {
        throw new SchemaException(
            "column '" + column + "': VECTOR element " + i + " of row " + index + " is null");
      }
    }
    switch (element.root()) {
      case BOOLEAN:
        {
          boolean[] a = new boolean[n];
          for (int i = 0; i < n; i++) {
            a[i] = (Boolean) get(column, element, child, start + i);
          }
          return a;
        }
      case TINYINT:
        {
          byte[] a = new byte[n];
          for (int i = 0; i < n; i++) {
            a[i] = (byte) integer(column, element, child, start + i);
          }
          return a;
        }
      case SMALLINT:
        {
          short[] a = new short[n];
          for (int i = 0; i < n; i++) {
            a[i] = (short) integer(column, element, child, start + i);
          }
          return a;
        }
      case INTEGER:
        {
          int[] a = new int[n];
          for (int i = 0; i < n; i++) {
            a[i] = (int) integer(column, element, child, start + i);
          }
          return a;
        }
      case BIGINT:
        {
          long[] a = new long[n];
          for (int i = 0; i < n; i++) {
            a[i] = integer(column, element, child, start + i);
          }
          return a;
        }
      case FLOAT:
        {
          float[] a = new float[n];
          for (int i = 0; i < n; i++) {
            a[i] = (float) floating(column, element, child, start + i);
          }
          return a;
        }
      default:
        {
          double[] a = new double[n];
          for (int i = 0; i < n; i++) {
            a[i] = floating(column, element, child, start + i);
          }
          return a;
        }
    }
  }
}
