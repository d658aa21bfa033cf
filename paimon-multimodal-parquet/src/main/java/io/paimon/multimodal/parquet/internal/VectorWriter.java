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
import io.paimon.types.VectorType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * Writes one field's values straight from an Arrow vector (in the layout {@link
 * io.paimon.row.ArrowSchemas} gives its type) to a parquet {@link RecordConsumer}, without boxing
 * scalars. As with {@link ValueWriter}, {@link #check} validates a row's value before {@link
 * #write} starts the record. Bound to one vector; not thread-safe.
 */
abstract class VectorWriter {

  private static final long[] POW10 = new long[19];

  static {
    POW10[0] = 1;
    for (int i = 1; i < POW10.length; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
  }

  final String path;
  final DataType type;
  final ValueVector vector;

  VectorWriter(String path, DataType type, ValueVector vector) {
    this.path = path;
    this.type = type;
    this.vector = vector;
  }

  final boolean isNull(int i) {
    return vector.isNull(i);
  }

  /**
   * Checks that the non-null value at {@code i} can be written.
   *
   * @throws IllegalArgumentException for a null in a NOT NULL place or a value outside its type,
   *     naming the field
   * @throws RowFormatException for a DECIMAL with more digits than its precision
   */
  void check(int i) throws RowFormatException {}

  /** Writes the non-null value at {@code i}, which {@link #check} accepted. */
  abstract void write(RecordConsumer rc, int i);

  final void checkChild(VectorWriter child, int j, String where) throws RowFormatException {
    if (child.isNull(j)) {
      if (!child.type.isNullable()) {
        throw new IllegalArgumentException(
            "field '" + child.path + "' is NOT NULL but " + where + " is null");
      }
    } else {
      child.check(j);
    }
  }

  /** A writer of {@code vector}, which must match {@code type}'s Arrow layout. */
  static VectorWriter of(String path, DataType type, ValueVector vector) {
    switch (type.root()) {
      case BOOLEAN:
        return new VectorWriter(path, type, vector) {
          @Override
          void write(RecordConsumer rc, int i) {
            rc.addBoolean(((BitVector) vector).get(i) != 0);
          }
        };
      case TINYINT:
        return new VectorWriter(path, type, vector) {
          @Override
          void write(RecordConsumer rc, int i) {
            rc.addInteger(((TinyIntVector) vector).get(i));
          }
        };
      case SMALLINT:
        return new VectorWriter(path, type, vector) {
          @Override
          void write(RecordConsumer rc, int i) {
            rc.addInteger(((SmallIntVector) vector).get(i));
          }
        };
      case INTEGER:
        return new VectorWriter(path, type, vector) {
          @Override
          void write(RecordConsumer rc, int i) {
            rc.addInteger(((IntVector) vector).get(i));
          }
        };
      case DATE:
        return new VectorWriter(path, type, vector) {
          @Override
          void write(RecordConsumer rc, int i) {
            rc.addInteger(((DateDayVector) vector).get(i));
          }
        };
      case TIME_WITHOUT_TIME_ZONE:
        return new VectorWriter(path, type, vector) {
          @Override
          void check(int i) {
            int ms = ((TimeMilliVector) vector).get(i);
            if (ms < 0 || ms >= 86_400_000) {
              throw new IllegalArgumentException(
                  "field '" + path + "': TIME of " + ms + " ms is outside the day");
            }
          }

          @Override
          void write(RecordConsumer rc, int i) {
            rc.addInteger(((TimeMilliVector) vector).get(i));
          }
        };
      case BIGINT:
        return new VectorWriter(path, type, vector) {
          @Override
          void write(RecordConsumer rc, int i) {
            rc.addLong(((BigIntVector) vector).get(i));
          }
        };
      case FLOAT:
        return new VectorWriter(path, type, vector) {
          @Override
          void write(RecordConsumer rc, int i) {
            rc.addFloat(((Float4Vector) vector).get(i));
          }
        };
      case DOUBLE:
        return new VectorWriter(path, type, vector) {
          @Override
          void write(RecordConsumer rc, int i) {
            rc.addDouble(((Float8Vector) vector).get(i));
          }
        };
      case DECIMAL:
        return decimal(path, (DecimalType) type, (DecimalVector) vector);
      case CHAR:
      case VARCHAR:
      case BINARY:
      case VARBINARY:
      case BLOB:
        return new VariableWidthWriter(path, type, (BaseVariableWidthVector) vector);
      case TIMESTAMP_WITHOUT_TIME_ZONE:
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        {
          int precision =
              type instanceof TimestampType
                  ? ((TimestampType) type).precision()
                  : ((LocalZonedTimestampType) type).precision();
          if (precision <= 6) {
            return new VectorWriter(path, type, vector) {
              @Override
              void write(RecordConsumer rc, int i) {
                rc.addLong(((TimeStampVector) vector).get(i));
              }
            };
          }
          return new VectorWriter(path, type, vector) {
            @Override
            void write(RecordConsumer rc, int i) {
              rc.addBinary(TimestampUnits.int96(((TimeStampVector) vector).get(i)));
            }
          };
        }
      case ARRAY:
        {
          ListVector list = (ListVector) vector;
          return new ListWriter(
              path,
              type,
              list,
              of(path + ".element", ((ArrayType) type).elementType(), list.getDataVector()),
              -1);
        }
      case VECTOR:
        {
          FixedSizeListVector list = (FixedSizeListVector) vector;
          return new ListWriter(
              path,
              type,
              list,
              of(path + ".element", ((VectorType) type).elementType(), list.getDataVector()),
              list.getListSize());
        }
      case MAP:
        return map(path, type, ((MapType) type).keyType(), ((MapType) type).valueType(), vector);
      case MULTISET:
        return map(
            path,
            type,
            ((MultisetType) type).elementType(),
            new io.paimon.types.IntType(false),
            vector);
      case ROW:
        return new StructWriter(path, (RowType) type, (StructVector) vector);
      case VARIANT:
        {
          StructVector s = (StructVector) vector;
          ValueVector value = s.getChild("value");
          ValueVector metadata = s.getChild("metadata");
          return new VectorWriter(path, type, vector) {
            @Override
            void check(int i) {
              if (value.isNull(i) || metadata.isNull(i)) {
                throw new IllegalArgumentException(
                    "field '" + path + "': a VARIANT needs both its value and its metadata");
              }
            }

            @Override
            void write(RecordConsumer rc, int i) {
              rc.startGroup();
              rc.startField("value", 0);
              rc.addBinary(Binary.fromConstantByteArray(((BaseVariableWidthVector) value).get(i)));
              rc.endField("value", 0);
              rc.startField("metadata", 1);
              rc.addBinary(
                  Binary.fromConstantByteArray(((BaseVariableWidthVector) metadata).get(i)));
              rc.endField("metadata", 1);
              rc.endGroup();
            }
          };
        }
      default:
        throw new IllegalArgumentException(
            "field '" + path + "' of type " + type + " cannot be stored in parquet");
    }
  }

  private static VectorWriter decimal(String path, DecimalType dt, DecimalVector dv) {
    int precision = dt.precision();
    if (precision > 18) {
      BigInteger bound = BigInteger.TEN.pow(precision);
      return new VectorWriter(path, dt, dv) {
        @Override
        void check(int i) throws RowFormatException {
          BigDecimal d = dv.getObject(i);
          if (d.unscaledValue().abs().compareTo(bound) >= 0) {
            throw tooWide(path, dt, d);
          }
        }

        @Override
        void write(RecordConsumer rc, int i) {
          rc.addBinary(
              Binary.fromConstantByteArray(
                  ValueWriter.fixedBytes(dv.getObject(i).unscaledValue(), precision)));
        }
      };
    }
    long bound = POW10[precision];
    return new VectorWriter(path, dt, dv) {
      @Override
      void check(int i) throws RowFormatException {
        ArrowBuf data = dv.getDataBuffer();
        long lo = data.getLong((long) i * DecimalVector.TYPE_WIDTH);
        long hi = data.getLong((long) i * DecimalVector.TYPE_WIDTH + 8);
        if (hi != (lo >> 63) || lo == Long.MIN_VALUE || Math.abs(lo) >= bound) {
          throw tooWide(path, dt, dv.getObject(i));
        }
      }

      @Override
      void write(RecordConsumer rc, int i) {
        long unscaled = dv.getDataBuffer().getLong((long) i * DecimalVector.TYPE_WIDTH);
        if (precision <= 9) {
          rc.addInteger((int) unscaled);
        } else {
          rc.addLong(unscaled);
        }
      }
    };
  }

  private static RowFormatException tooWide(String path, DecimalType type, BigDecimal value) {
    return new RowFormatException(
        path,
        -1,
        "value "
            + value
            + " does not fit "
            + type
            + " (more than "
            + type.precision()
            + " digits)");
  }

  private static VectorWriter map(
      String path, DataType type, DataType keyType, DataType valueType, ValueVector vector) {
    ListVector list = (ListVector) vector;
    List<ValueVector> kv =
        List.copyOf(((StructVector) list.getDataVector()).getChildrenFromFields());
    return new MapWriter(
        path,
        type,
        list,
        of(path + ".key", keyType.notNull(), kv.get(0)),
        of(path + ".value", valueType, kv.get(1)));
  }

  /**
   * Strings and binaries, copied into one scratch array handed to parquet as a reused binary:
   * parquet copies what it keeps (dictionary entries, statistics), so no array is made per value.
   */
  private static final class VariableWidthWriter extends VectorWriter {
    private byte[] scratch = new byte[256];

    VariableWidthWriter(String path, DataType type, BaseVariableWidthVector vector) {
      super(path, type, vector);
    }

    @Override
    void write(RecordConsumer rc, int i) {
      BaseVariableWidthVector v = (BaseVariableWidthVector) vector;
      ArrowBuf offsets = v.getOffsetBuffer();
      int start = offsets.getInt((long) i * BaseVariableWidthVector.OFFSET_WIDTH);
      int length = offsets.getInt((long) (i + 1) * BaseVariableWidthVector.OFFSET_WIDTH) - start;
      if (length > scratch.length) {
        scratch = new byte[Math.max(length, 2 * scratch.length)];
      }
      v.getDataBuffer().getBytes(start, scratch, 0, length);
      rc.addBinary(Binary.fromReusedByteArray(scratch, 0, length));
    }
  }

  /** ARRAY from a ListVector, VECTOR from a FixedSizeListVector (no null elements). */
  private static final class ListWriter extends VectorWriter {
    private final VectorWriter element;
    private final int fixed;

    ListWriter(String path, DataType type, ValueVector vector, VectorWriter element, int fixed) {
      super(path, type, vector);
      this.element = element;
      this.fixed = fixed;
    }

    private int start(int i) {
      return fixed >= 0 ? i * fixed : ((ListVector) vector).getOffsetBuffer().getInt(i * 4L);
    }

    private int end(int i) {
      return fixed >= 0
          ? (i + 1) * fixed
          : ((ListVector) vector).getOffsetBuffer().getInt((i + 1) * 4L);
    }

    @Override
    void check(int i) throws RowFormatException {
      for (int j = start(i), end = end(i); j < end; j++) {
        if (fixed >= 0 && element.isNull(j)) {
          throw new IllegalArgumentException(
              "field '"
                  + path
                  + "': a VECTOR cannot hold a null element (element "
                  + (j - start(i))
                  + ")");
        }
        checkChild(element, j, "element " + (j - start(i)));
      }
    }

    @Override
    void write(RecordConsumer rc, int i) {
      int from = start(i);
      int to = end(i);
      rc.startGroup();
      if (to > from) {
        rc.startField("list", 0);
        for (int j = from; j < to; j++) {
          rc.startGroup();
          if (!element.isNull(j)) {
            rc.startField(ParquetSchemas.LIST_ELEMENT, 0);
            element.write(rc, j);
            rc.endField(ParquetSchemas.LIST_ELEMENT, 0);
          }
          rc.endGroup();
        }
        rc.endField("list", 0);
      }
      rc.endGroup();
    }
  }

  /** MAP and MULTISET: a list of entry structs whose first two children are key and value. */
  private static final class MapWriter extends VectorWriter {
    private final VectorWriter key;
    private final VectorWriter value;

    MapWriter(String path, DataType type, ListVector list, VectorWriter key, VectorWriter value) {
      super(path, type, list);
      this.key = key;
      this.value = value;
    }

    @Override
    void check(int i) throws RowFormatException {
      ListVector list = (ListVector) vector;
      int from = list.getOffsetBuffer().getInt(i * 4L);
      int to = list.getOffsetBuffer().getInt((i + 1) * 4L);
      for (int j = from; j < to; j++) {
        if (key.isNull(j)) {
          throw new IllegalArgumentException(
              "field '" + path + "': parquet cannot store a null map key");
        }
        key.check(j);
        checkChild(value, j, "the value of entry " + (j - from));
      }
    }

    @Override
    void write(RecordConsumer rc, int i) {
      ListVector list = (ListVector) vector;
      int from = list.getOffsetBuffer().getInt(i * 4L);
      int to = list.getOffsetBuffer().getInt((i + 1) * 4L);
      rc.startGroup();
      if (to > from) {
        rc.startField(ParquetSchemas.MAP_REPEATED, 0);
        for (int j = from; j < to; j++) {
          rc.startGroup();
          rc.startField(ParquetSchemas.MAP_KEY, 0);
          key.write(rc, j);
          rc.endField(ParquetSchemas.MAP_KEY, 0);
          if (!value.isNull(j)) {
            rc.startField(ParquetSchemas.MAP_VALUE, 1);
            value.write(rc, j);
            rc.endField(ParquetSchemas.MAP_VALUE, 1);
          }
          rc.endGroup();
        }
        rc.endField(ParquetSchemas.MAP_REPEATED, 0);
      }
      rc.endGroup();
    }
  }

  /** A nested ROW from a StructVector, its children found by field name. */
  private static final class StructWriter extends VectorWriter {
    private final String[] names;
    private final VectorWriter[] fields;

    StructWriter(String path, RowType type, StructVector vector) {
      super(path, type, vector);
      List<DataField> fs = type.fields();
      names = new String[fs.size()];
      fields = new VectorWriter[fs.size()];
      for (int f = 0; f < fs.size(); f++) {
        names[f] = fs.get(f).name();
        fields[f] = of(path + "." + names[f], fs.get(f).type(), vector.getChild(names[f]));
      }
    }

    @Override
    void check(int i) throws RowFormatException {
      for (VectorWriter f : fields) {
        checkChild(f, i, "its value");
      }
    }

    @Override
    void write(RecordConsumer rc, int i) {
      rc.startGroup();
      for (int f = 0; f < fields.length; f++) {
        if (!fields[f].isNull(i)) {
          rc.startField(names[f], f);
          fields[f].write(rc, i);
          rc.endField(names[f], f);
        }
      }
      rc.endGroup();
    }
  }
}
