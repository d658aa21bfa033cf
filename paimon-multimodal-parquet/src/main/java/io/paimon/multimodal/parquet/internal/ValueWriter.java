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
package io.paimon.multimodal.parquet.internal;

import io.paimon.row.Row;
import io.paimon.row.RowFormatException;
import io.paimon.types.ArrayType;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DecimalType;
import io.paimon.types.LocalZonedTimestampType;
import io.paimon.types.MapType;
import io.paimon.types.MultisetType;
import io.paimon.types.RowType;
import io.paimon.types.TimestampType;
import io.paimon.types.Variant;
import io.paimon.types.VectorType;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * Writes one field's Java values (the value model of {@link Row}: {@code Long}, {@code String},
 * {@code BigDecimal}, {@code LocalDateTime}, {@code List}, {@code Map}, nested {@code Row}...) to a
 * parquet {@link RecordConsumer}, in the layout of {@link ParquetSchemas}. A record cannot be taken
 * back once its first value reached the consumer, so {@link #check} validates a whole value first
 * and {@link #write} then cannot fail. Immutable; one tree per file writer.
 */
abstract class ValueWriter {

  final String path;
  final DataType type;

  ValueWriter(String path, DataType type) {
    this.path = path;
    this.type = type;
  }

  /**
   * Checks that a non-null value can be written.
   *
   * @throws IllegalArgumentException for a value of the wrong class, out of its type's range, or a
   *     null in a NOT NULL place, naming the field
   * @throws RowFormatException for a DECIMAL with more digits than its precision
   */
  abstract void check(Object value) throws RowFormatException;

  /** Writes a non-null value that {@link #check} accepted, between startField and endField. */
  abstract void write(RecordConsumer rc, Object value);

  final IllegalArgumentException wrongType(Object value, String expected) {
    return new IllegalArgumentException(
        "field '"
            + path
            + "' of type "
            + type
            + " expects "
            + expected
            + ", got "
            + value.getClass().getName());
  }

  final void checkChild(ValueWriter child, Object v, String where) throws RowFormatException {
    if (v == null) {
      if (!child.type.isNullable()) {
        throw new IllegalArgumentException(
            "field '" + child.path + "' is NOT NULL but " + where + " is null");
      }
    } else {
      child.check(v);
    }
  }

  static ValueWriter of(String path, DataType type) {
    switch (type.root()) {
      case BOOLEAN:
        return new ValueWriter(path, type) {
          @Override
          void check(Object v) {
            if (!(v instanceof Boolean)) {
              throw wrongType(v, "Boolean");
            }
          }

          @Override
          void write(RecordConsumer rc, Object v) {
            rc.addBoolean((Boolean) v);
          }
        };
      case TINYINT:
        return new Integral(path, type, Byte.MIN_VALUE, Byte.MAX_VALUE, "Byte");
      case SMALLINT:
        return new Integral(path, type, Short.MIN_VALUE, Short.MAX_VALUE, "Short");
      case INTEGER:
        return new Integral(path, type, Integer.MIN_VALUE, Integer.MAX_VALUE, "Integer");
      case BIGINT:
        return new Integral(path, type, Long.MIN_VALUE, Long.MAX_VALUE, "Long");
      case FLOAT:
        return new ValueWriter(path, type) {
          @Override
          void check(Object v) {
            if (!(v instanceof Float)) {
              throw wrongType(v, "Float");
            }
          }

          @Override
          void write(RecordConsumer rc, Object v) {
            rc.addFloat((Float) v);
          }
        };
      case DOUBLE:
        return new ValueWriter(path, type) {
          @Override
          void check(Object v) {
            if (!(v instanceof Double) && !(v instanceof Float)) {
              throw wrongType(v, "Double");
            }
          }

          @Override
          void write(RecordConsumer rc, Object v) {
            rc.addDouble(((Number) v).doubleValue());
          }
        };
      case DECIMAL:
        return new DecimalWriter(path, (DecimalType) type);
      case CHAR:
      case VARCHAR:
        return new ValueWriter(path, type) {
          @Override
          void check(Object v) {
            if (!(v instanceof String)) {
              throw wrongType(v, "String");
            }
          }

          @Override
          void write(RecordConsumer rc, Object v) {
            rc.addBinary(Binary.fromReusedByteArray(((String) v).getBytes(StandardCharsets.UTF_8)));
          }
        };
      case BINARY:
      case VARBINARY:
      case BLOB:
        return new ValueWriter(path, type) {
          @Override
          void check(Object v) {
            if (!(v instanceof byte[])) {
              throw wrongType(v, "byte[]");
            }
          }

          @Override
          void write(RecordConsumer rc, Object v) {
            rc.addBinary(Binary.fromReusedByteArray((byte[]) v));
          }
        };
      case DATE:
        return new ValueWriter(path, type) {
          @Override
          void check(Object v) {
            if (!(v instanceof LocalDate)) {
              throw wrongType(v, "LocalDate");
            }
            long day = ((LocalDate) v).toEpochDay();
            if (day != (int) day) {
              throw new IllegalArgumentException(
                  "field '" + path + "': date " + v + " out of range");
            }
          }

          @Override
          void write(RecordConsumer rc, Object v) {
            rc.addInteger((int) ((LocalDate) v).toEpochDay());
          }
        };
      case TIME_WITHOUT_TIME_ZONE:
        return new ValueWriter(path, type) {
          @Override
          void check(Object v) {
            if (!(v instanceof LocalTime)) {
              throw wrongType(v, "LocalTime");
            }
          }

          @Override
          void write(RecordConsumer rc, Object v) {
            rc.addInteger((int) (((LocalTime) v).toNanoOfDay() / 1_000_000L));
          }
        };
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return new TimestampWriter(path, type, ((TimestampType) type).precision(), false);
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return new TimestampWriter(path, type, ((LocalZonedTimestampType) type).precision(), true);
      case ARRAY:
        return new ListWriter(path, type, ((ArrayType) type).elementType(), -1);
      case VECTOR:
        return new ListWriter(
            path, type, ((VectorType) type).elementType(), ((VectorType) type).length());
      case MAP:
        return new MapWriter(path, type, ((MapType) type).keyType(), ((MapType) type).valueType());
      case MULTISET:
        return new MapWriter(
            path, type, ((MultisetType) type).elementType(), new io.paimon.types.IntType(false));
      case ROW:
        return new RowWriter(path, (RowType) type);
      case VARIANT:
        return new ValueWriter(path, type) {
          @Override
          void check(Object v) {
            if (!(v instanceof Variant)) {
              throw wrongType(v, "Variant");
            }
          }

          @Override
          void write(RecordConsumer rc, Object v) {
            Variant variant = (Variant) v;
            rc.startGroup();
            rc.startField("value", 0);
            rc.addBinary(Binary.fromConstantByteArray(variant.value()));
            rc.endField("value", 0);
            rc.startField("metadata", 1);
            rc.addBinary(Binary.fromConstantByteArray(variant.metadata()));
            rc.endField("metadata", 1);
            rc.endGroup();
          }
        };
      default:
        throw new IllegalArgumentException(
            "field '" + path + "' of type " + type + " cannot be stored in parquet");
    }
  }

  private static final class Integral extends ValueWriter {
    private final long min;
    private final long max;
    private final String expected;
    private final boolean wide;

    Integral(String path, DataType type, long min, long max, String expected) {
      super(path, type);
      this.min = min;
      this.max = max;
      this.expected = expected;
      this.wide = max == Long.MAX_VALUE;
    }

    @Override
    void check(Object v) {
      if (!(v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte)) {
        throw wrongType(v, expected);
      }
      long n = ((Number) v).longValue();
      if (n < min || n > max) {
        throw new IllegalArgumentException(
            "field '" + path + "' of type " + type + " cannot hold " + n);
      }
    }

    @Override
    void write(RecordConsumer rc, Object v) {
      if (wide) {
        rc.addLong(((Number) v).longValue());
      } else {
        rc.addInteger(((Number) v).intValue());
      }
    }
  }

  private static final class DecimalWriter extends ValueWriter {
    private final DecimalType decimal;
    private final BigInteger bound;

    DecimalWriter(String path, DecimalType type) {
      super(path, type);
      this.decimal = type;
      this.bound = BigInteger.TEN.pow(type.precision());
    }

    private BigInteger unscaled(Object v) {
      return ((BigDecimal) v).setScale(decimal.scale(), RoundingMode.HALF_UP).unscaledValue();
    }

    @Override
    void check(Object v) throws RowFormatException {
      if (!(v instanceof BigDecimal)) {
        throw wrongType(v, "BigDecimal");
      }
      if (unscaled(v).abs().compareTo(bound) >= 0) {
        throw new RowFormatException(
            path,
            -1,
            "value "
                + v
                + " does not fit "
                + type
                + " (more than "
                + decimal.precision()
                + " digits)");
      }
    }

    @Override
    void write(RecordConsumer rc, Object v) {
      BigInteger u = unscaled(v);
      if (decimal.precision() <= 9) {
        rc.addInteger(u.intValue());
      } else if (decimal.precision() <= 18) {
        rc.addLong(u.longValue());
      } else {
        rc.addBinary(Binary.fromConstantByteArray(fixedBytes(u, decimal.precision())));
      }
    }
  }

  /**
   * The big-endian two's complement bytes of {@code unscaled}, sign-extended to the fixed width.
   */
  static byte[] fixedBytes(BigInteger unscaled, int precision) {
    int n = ParquetSchemas.decimalBytes(precision);
    byte[] raw = unscaled.toByteArray();
    byte[] out = new byte[n];
    byte pad = (byte) (unscaled.signum() < 0 ? -1 : 0);
    int lead = n - raw.length;
    for (int i = 0; i < lead; i++) {
      out[i] = pad;
    }
    System.arraycopy(raw, Math.max(0, -lead), out, Math.max(0, lead), Math.min(n, raw.length));
    return out;
  }

  private static final class TimestampWriter extends ValueWriter {
    private final int precision;
    private final boolean instant;

    TimestampWriter(String path, DataType type, int precision, boolean instant) {
      super(path, type);
      this.precision = precision;
      this.instant = instant;
    }

    @Override
    void check(Object v) {
      if (instant ? !(v instanceof Instant) : !(v instanceof LocalDateTime)) {
        throw wrongType(v, instant ? "Instant" : "LocalDateTime");
      }
      Instant at = instant ? (Instant) v : ((LocalDateTime) v).toInstant(ZoneOffset.UTC);
      try {
        if (precision <= 6) {
          TimestampUnits.fromEpoch(at.getEpochSecond(), at.getNano(), precision);
        } else {
          Math.addExact(Math.floorDiv(at.getEpochSecond(), 86_400L), 2_440_588L);
        }
      } catch (ArithmeticException e) {
        throw new IllegalArgumentException(
            "field '" + path + "' of type " + type + " cannot hold " + v);
      }
    }

    @Override
    void write(RecordConsumer rc, Object v) {
      Instant at = instant ? (Instant) v : ((LocalDateTime) v).toInstant(ZoneOffset.UTC);
      if (precision <= 6) {
        rc.addLong(TimestampUnits.fromEpoch(at.getEpochSecond(), at.getNano(), precision));
      } else {
        rc.addBinary(TimestampUnits.int96(at.getEpochSecond(), at.getNano()));
      }
    }
  }

  /** ARRAY (a list of any length) and VECTOR (a fixed length, no null elements). */
  private static final class ListWriter extends ValueWriter {
    private final ValueWriter element;
    private final int length;

    ListWriter(String path, DataType type, DataType elementType, int length) {
      super(path, type);
      this.element = ValueWriter.of(path + ".element", elementType);
      this.length = length;
    }

    @Override
    void check(Object v) throws RowFormatException {
      boolean list = v instanceof List;
      if (!list
          && !(length >= 0
              && v.getClass().isArray()
              && v.getClass().getComponentType().isPrimitive())) {
        throw wrongType(v, length >= 0 ? "a primitive array or List" : "List");
      }
      int n = list ? ((List<?>) v).size() : Array.getLength(v);
      if (length >= 0 && n != length) {
        throw new RowFormatException(
            path, -1, "VECTOR of length " + n + " in a column of type " + type);
      }
      for (int i = 0; i < n; i++) {
        Object e = list ? ((List<?>) v).get(i) : Array.get(v, i);
        if (e == null && length >= 0) {
          throw new IllegalArgumentException(
              "field '" + path + "': a VECTOR cannot hold a null element (element " + i + ")");
        }
        checkChild(element, e, "element " + i);
      }
    }

    @Override
    void write(RecordConsumer rc, Object v) {
      rc.startGroup();
      int n = v instanceof List ? ((List<?>) v).size() : Array.getLength(v);
      if (n > 0) {
        rc.startField("list", 0);
        for (int i = 0; i < n; i++) {
          Object e = v instanceof List ? ((List<?>) v).get(i) : Array.get(v, i);
          rc.startGroup();
          if (e != null) {
            rc.startField(ParquetSchemas.LIST_ELEMENT, 0);
            element.write(rc, e);
            rc.endField(ParquetSchemas.LIST_ELEMENT, 0);
          }
          rc.endGroup();
        }
        rc.endField("list", 0);
      }
      rc.endGroup();
    }
  }

  private static final class MapWriter extends ValueWriter {
    private final ValueWriter key;
    private final ValueWriter value;

    MapWriter(String path, DataType type, DataType keyType, DataType valueType) {
      super(path, type);
      this.key = ValueWriter.of(path + ".key", keyType);
      this.value = ValueWriter.of(path + ".value", valueType);
    }

    @Override
    void check(Object v) throws RowFormatException {
      if (!(v instanceof Map)) {
        throw wrongType(v, "Map");
      }
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        if (e.getKey() == null) {
          throw new IllegalArgumentException(
              "field '" + path + "': parquet cannot store a null map key");
        }
        key.check(e.getKey());
        checkChild(value, e.getValue(), "the value of key " + e.getKey());
      }
    }

    @Override
    void write(RecordConsumer rc, Object v) {
      Map<?, ?> map = (Map<?, ?>) v;
      rc.startGroup();
      if (!map.isEmpty()) {
        rc.startField(ParquetSchemas.MAP_REPEATED, 0);
        for (Map.Entry<?, ?> e : map.entrySet()) {
          rc.startGroup();
          rc.startField(ParquetSchemas.MAP_KEY, 0);
          key.write(rc, e.getKey());
          rc.endField(ParquetSchemas.MAP_KEY, 0);
          if (e.getValue() != null) {
            rc.startField(ParquetSchemas.MAP_VALUE, 1);
            value.write(rc, e.getValue());
            rc.endField(ParquetSchemas.MAP_VALUE, 1);
          }
          rc.endGroup();
        }
        rc.endField(ParquetSchemas.MAP_REPEATED, 0);
      }
      rc.endGroup();
    }
  }

  /**
   * A nested ROW; also the top level of a file, through {@link #checkFields}/{@link #writeFields}.
   */
  static final class RowWriter extends ValueWriter {
    private final String[] names;
    private final ValueWriter[] fields;

    RowWriter(String path, RowType type) {
      super(path, type);
      List<DataField> fs = type.fields();
      this.names = new String[fs.size()];
      this.fields = new ValueWriter[fs.size()];
      for (int i = 0; i < fs.size(); i++) {
        names[i] = fs.get(i).name();
        fields[i] =
            ValueWriter.of(path.isEmpty() ? names[i] : path + "." + names[i], fs.get(i).type());
      }
    }

    @Override
    void check(Object v) throws RowFormatException {
      if (!(v instanceof Row)) {
        throw wrongType(v, "Row");
      }
      checkFields((Row) v);
    }

    void checkFields(Row row) throws RowFormatException {
      if (row.size() != fields.length) {
        throw new IllegalArgumentException(
            (path.isEmpty() ? "row" : "field '" + path + "'")
                + " has "
                + row.size()
                + " values for "
                + fields.length
                + " fields");
      }
      for (int i = 0; i < fields.length; i++) {
        Object f = row.get(i);
        if (f == null) {
          if (!fields[i].type.isNullable()) {
            throw new IllegalArgumentException(
                "field '" + fields[i].path + "' is NOT NULL but null");
          }
        } else {
          fields[i].check(f);
        }
      }
    }

    void writeFields(RecordConsumer rc, Row row) {
      for (int i = 0; i < fields.length; i++) {
        Object f = row.get(i);
        if (f != null) {
          rc.startField(names[i], i);
          fields[i].write(rc, f);
          rc.endField(names[i], i);
        }
      }
    }

    @Override
    void write(RecordConsumer rc, Object v) {
      rc.startGroup();
      writeFields(rc, (Row) v);
      rc.endGroup();
    }
  }
}
