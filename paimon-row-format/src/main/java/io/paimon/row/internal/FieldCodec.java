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
package io.paimon.row.internal;

import io.paimon.row.RowFormatException;
import io.paimon.types.ArrayType;
import io.paimon.types.DataType;
import io.paimon.types.DecimalType;
import io.paimon.types.IntType;
import io.paimon.types.LocalZonedTimestampType;
import io.paimon.types.MapType;
import io.paimon.types.MultisetType;
import io.paimon.types.RowType;
import io.paimon.types.TimestampType;
import io.paimon.types.VectorType;
import org.apache.arrow.vector.FieldVector;

/**
 * Encodes and decodes the non-null value of one field (or element) type in the {@code .row} row
 * encoding, to and from the Java value model and Arrow vectors. Null handling (the bitmaps) is the
 * caller's: {@link #write} gets non-null values and the readers are called only for non-null
 * fields. Instances are immutable and may be shared across threads.
 */
abstract class FieldCodec {

  /** The field path used in messages, e.g. {@code tags[]} or {@code meta.value}. */
  final String path;

  final DataType type;

  FieldCodec(String path, DataType type) {
    this.path = path;
    this.type = type;
  }

  /**
   * Appends the encoding of a non-null value.
   *
   * @throws IllegalArgumentException if the value has the wrong Java type
   * @throws RowFormatException if the value does not fit the declared type
   */
  abstract void write(ByteSink out, Object value) throws RowFormatException;

  /** Decodes a value into the Java value model. */
  abstract Object read(BlockInput in) throws RowFormatException;

  /** Skips over a value without materialising it. */
  abstract void skip(BlockInput in) throws RowFormatException;

  /** Decodes a value into {@code vector} at {@code index}. */
  abstract void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException;

  /**
   * The byte width of a value whose Arrow form is exactly its encoded little-endian bytes (so a
   * batch can be copied in bulk, see {@link ArrowColumn}); 0 for every other type.
   */
  int rawArrowWidth() {
    return 0;
  }

  /**
   * For values encoded as a varint length and that many bytes that Arrow stores as they are
   * (strings and binaries): the kind named in messages, as {@link BlockInput#readLength} takes it;
   * null for every other type.
   */
  String lengthPrefixedKind() {
    return null;
  }

  IllegalArgumentException wrongType(Object value, String expected) {
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

  /** Builds the codec tree for a type. */
  static FieldCodec create(String path, DataType type) {
    switch (type.root()) {
      case BOOLEAN:
        return new ScalarCodecs.BooleanCodec(path, type);
      case TINYINT:
        return new ScalarCodecs.TinyIntCodec(path, type);
      case SMALLINT:
        return new ScalarCodecs.SmallIntCodec(path, type);
      case INTEGER:
        return new ScalarCodecs.IntCodec(path, type);
      case BIGINT:
        return new ScalarCodecs.BigIntCodec(path, type);
      case FLOAT:
        return new ScalarCodecs.FloatCodec(path, type);
      case DOUBLE:
        return new ScalarCodecs.DoubleCodec(path, type);
      case DECIMAL:
        return ((DecimalType) type).isCompact()
            ? new DecimalCodecs.CompactDecimalCodec(path, (DecimalType) type)
            : new DecimalCodecs.WideDecimalCodec(path, (DecimalType) type);
      case CHAR:
      case VARCHAR:
        return new ScalarCodecs.StringCodec(path, type);
      case BINARY:
      case VARBINARY:
      case BLOB:
        return new ScalarCodecs.BinaryCodec(path, type);
      case DATE:
        return new TimeCodecs.DateCodec(path, type);
      case TIME_WITHOUT_TIME_ZONE:
        return new TimeCodecs.TimeCodec(path, type);
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return new TimeCodecs.TimestampCodec(path, type, ((TimestampType) type).precision(), false);
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return new TimeCodecs.TimestampCodec(
            path, type, ((LocalZonedTimestampType) type).precision(), true);
      case VARIANT:
        return new ScalarCodecs.VariantCodec(path, type);
      case ARRAY:
        return new NestedCodecs.ArrayCodec(
            path, type, create(path + "[]", ((ArrayType) type).elementType()));
      case MAP:
        {
          MapType m = (MapType) type;
          return new NestedCodecs.MapCodec(
              path,
              type,
              create(path + ".key", m.keyType()),
              create(path + ".value", m.valueType()));
        }
      case MULTISET:
        return new NestedCodecs.MapCodec(
            path,
            type,
            create(path + ".key", ((MultisetType) type).elementType()),
            create(path + ".count", new IntType(false)));
      case ROW:
        return new NestedCodecs.StructCodec(path, (RowType) type);
      case VECTOR:
        return new NestedCodecs.VectorCodec(path, (VectorType) type);
      default:
        throw new IllegalArgumentException("unsupported type " + type + " of field '" + path + "'");
    }
  }
}
