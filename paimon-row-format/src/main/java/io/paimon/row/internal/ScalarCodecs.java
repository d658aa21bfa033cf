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
import io.paimon.types.DataType;
import io.paimon.types.Variant;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.StructVector;

/** Codecs of the fixed-width numeric types, strings, binaries and VARIANT. */
final class ScalarCodecs {

  private ScalarCodecs() {}

  /**
   * The value of an integral Java number, accepting any of Byte, Short, Integer and Long whose
   * value is within [min, max], so that {@code Map.of("id", 1)} can be written to a BIGINT.
   */
  static long integral(FieldCodec codec, Object value, long min, long max, String expected) {
    long v;
    if (value instanceof Long
        || value instanceof Integer
        || value instanceof Short
        || value instanceof Byte) {
      v = ((Number) value).longValue();
    } else {
      throw codec.wrongType(value, expected);
    }
    if (v < min || v > max) {
      throw new IllegalArgumentException(
          "field '" + codec.path + "' of type " + codec.type + " cannot hold " + v);
    }
    return v;
  }

  static final class BooleanCodec extends FieldCodec {
    BooleanCodec(String path, DataType type) {
      super(path, type);
    }

    @Override
    void write(ByteSink out, Object value) {
      if (!(value instanceof Boolean)) {
        throw wrongType(value, "Boolean");
      }
      out.writeByte((Boolean) value ? 1 : 0);
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      return in.readByte() != 0;
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      in.skip(1, "BOOLEAN");
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      ((BitVector) vector).setSafe(index, in.readByte() != 0 ? 1 : 0);
    }
  }

  static final class TinyIntCodec extends FieldCodec {
    TinyIntCodec(String path, DataType type) {
      super(path, type);
    }

    @Override
    int rawArrowWidth() {
      return 1;
    }

    @Override
    void write(ByteSink out, Object value) {
      out.writeByte((int) integral(this, value, Byte.MIN_VALUE, Byte.MAX_VALUE, "Byte"));
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      return in.readByte();
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      in.skip(1, "TINYINT");
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      ((TinyIntVector) vector).setSafe(index, in.readByte());
    }
  }

  static final class SmallIntCodec extends FieldCodec {
    SmallIntCodec(String path, DataType type) {
      super(path, type);
    }

    @Override
    int rawArrowWidth() {
      return 2;
    }

    @Override
    void write(ByteSink out, Object value) {
      out.writeShort((short) integral(this, value, Short.MIN_VALUE, Short.MAX_VALUE, "Short"));
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      return in.readShort();
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      in.skip(2, "SMALLINT");
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      ((SmallIntVector) vector).setSafe(index, in.readShort());
    }
  }

  static final class IntCodec extends FieldCodec {
    IntCodec(String path, DataType type) {
      super(path, type);
    }

    @Override
    int rawArrowWidth() {
      return 4;
    }

    @Override
    void write(ByteSink out, Object value) {
      out.writeInt((int) integral(this, value, Integer.MIN_VALUE, Integer.MAX_VALUE, "Integer"));
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      return in.readInt();
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      in.skip(4, "INT");
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      ((IntVector) vector).setSafe(index, in.readInt());
    }
  }

  static final class BigIntCodec extends FieldCodec {
    BigIntCodec(String path, DataType type) {
      super(path, type);
    }

    @Override
    int rawArrowWidth() {
      return 8;
    }

    @Override
    void write(ByteSink out, Object value) {
      out.writeLong(integral(this, value, Long.MIN_VALUE, Long.MAX_VALUE, "Long"));
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      return in.readLong();
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      in.skip(8, "BIGINT");
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      ((BigIntVector) vector).setSafe(index, in.readLong());
    }
  }

  static final class FloatCodec extends FieldCodec {
    FloatCodec(String path, DataType type) {
      super(path, type);
    }

    @Override
    int rawArrowWidth() {
      return 4;
    }

    @Override
    void write(ByteSink out, Object value) {
      if (!(value instanceof Float)) {
        throw wrongType(value, "Float");
      }
      out.writeInt(Float.floatToRawIntBits((Float) value));
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      return Float.intBitsToFloat(in.readInt());
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      in.skip(4, "FLOAT");
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      ((Float4Vector) vector).setSafe(index, Float.intBitsToFloat(in.readInt()));
    }
  }

  static final class DoubleCodec extends FieldCodec {
    DoubleCodec(String path, DataType type) {
      super(path, type);
    }

    @Override
    int rawArrowWidth() {
      return 8;
    }

    @Override
    void write(ByteSink out, Object value) {
      double d;
      if (value instanceof Double) {
        d = (Double) value;
      } else if (value instanceof Float) {
        d = (Float) value;
      } else {
        throw wrongType(value, "Double");
      }
      out.writeLong(Double.doubleToRawLongBits(d));
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      return Double.longBitsToDouble(in.readLong());
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      in.skip(8, "DOUBLE");
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      ((Float8Vector) vector).setSafe(index, Double.longBitsToDouble(in.readLong()));
    }
  }

  /** CHAR and VARCHAR: varint length and UTF-8, unpadded and not length-checked (as Paimon). */
  static final class StringCodec extends FieldCodec {
    StringCodec(String path, DataType type) {
      super(path, type);
    }

    @Override
    String lengthPrefixedKind() {
      return "string";
    }

    @Override
    void write(ByteSink out, Object value) {
      if (!(value instanceof String)) {
        throw wrongType(value, "String");
      }
      out.writeLengthPrefixed(((String) value).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      int len = in.readLength("string");
      String s = new String(in.buf, in.pos, len, StandardCharsets.UTF_8);
      in.pos += len;
      return s;
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      in.skipLengthPrefixed("string");
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      int len = in.readLength("string");
      ((VarCharVector) vector).setSafe(index, in.buf, in.pos, len);
      in.pos += len;
    }
  }

  /** BINARY, VARBINARY and inline BLOB: varint length and the bytes. */
  static final class BinaryCodec extends FieldCodec {
    BinaryCodec(String path, DataType type) {
      super(path, type);
    }

    @Override
    String lengthPrefixedKind() {
      return "binary";
    }

    @Override
    void write(ByteSink out, Object value) {
      if (!(value instanceof byte[])) {
        throw wrongType(value, "byte[]");
      }
      out.writeLengthPrefixed((byte[]) value);
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      int len = in.readLength("binary");
      byte[] bytes = new byte[len];
      System.arraycopy(in.buf, in.pos, bytes, 0, len);
      in.pos += len;
      return bytes;
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      in.skipLengthPrefixed("binary");
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      int len = in.readLength("binary");
      ((VarBinaryVector) vector).setSafe(index, in.buf, in.pos, len);
      in.pos += len;
    }
  }

  /** VARIANT: the value bytes and the metadata bytes, each length-prefixed. */
  static final class VariantCodec extends FieldCodec {
    VariantCodec(String path, DataType type) {
      super(path, type);
    }

    @Override
    void write(ByteSink out, Object value) {
      if (!(value instanceof Variant)) {
        throw wrongType(value, Variant.class.getName());
      }
      Variant v = (Variant) value;
      out.writeLengthPrefixed(v.value());
      out.writeLengthPrefixed(v.metadata());
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      int valueLen = in.readLength("variant value");
      byte[] value = new byte[valueLen];
      System.arraycopy(in.buf, in.pos, value, 0, valueLen);
      in.pos += valueLen;
      int metaLen = in.readLength("variant metadata");
      byte[] metadata = new byte[metaLen];
      System.arraycopy(in.buf, in.pos, metadata, 0, metaLen);
      in.pos += metaLen;
      return Variant.of(value, metadata);
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      in.skipLengthPrefixed("variant value");
      in.skipLengthPrefixed("variant metadata");
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      StructVector struct = (StructVector) vector;
      List<FieldVector> children = struct.getChildrenFromFields();
      struct.setIndexDefined(index);
      int valueLen = in.readLength("variant value");
      ((VarBinaryVector) children.get(0)).setSafe(index, in.buf, in.pos, valueLen);
      in.pos += valueLen;
      int metaLen = in.readLength("variant metadata");
      ((VarBinaryVector) children.get(1)).setSafe(index, in.buf, in.pos, metaLen);
      in.pos += metaLen;
    }
  }
}
