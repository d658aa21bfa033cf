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

import io.paimon.row.ArrowSchemas;
import io.paimon.row.RowFormatException;
import io.paimon.types.DataType;
import io.paimon.types.DecimalType;
import io.paimon.types.LocalZonedTimestampType;
import io.paimon.types.TimestampType;
import io.paimon.types.VectorType;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Encodes the non-null values of one field straight from an Arrow vector into the {@code .row} row
 * encoding: the inverse of {@link FieldCodec#readArrow}, producing the same bytes as {@link
 * FieldCodec#write} of the value {@code FieldCodec.read} would return. Fixed-width values are read
 * from the vector's data buffer, strings and binaries from its offset and data buffers, nested
 * values from the child vectors; nothing is boxed. The layouts accepted are those {@link
 * ArrowLayouts#matches} names: the layout {@link ArrowSchemas#toArrowField} gives each type, which
 * is what the codec's Arrow reader fills. Null handling of the value itself is the caller's ({@link
 * #isNull}); nulls inside it (elements, entries, fields) are handled here. Scalars are here, the
 * nested types in {@link ArrowNestedEncoders} and {@link ArrowMapEncoder}.
 *
 * <p>An encoder holds the vector, not its buffers, and reads the buffers on every call, so it stays
 * valid when the vector is reloaded with new buffers (as an {@code ArrowReader} does per batch).
 * Not thread-safe (a map encoder keeps scratch space).
 */
abstract class ArrowEncoder {

  private static final int FIXED = 0;
  private static final int VARIABLE = 1;
  private static final int OTHER = 2;

  /** Which subclass this is, so that {@link #encode(ArrowEncoder, ByteSink, int)} calls it. */
  private final int kind;

  private static final byte FIXED_WIDTH_VECTOR = 0;
  private static final byte VARIABLE_WIDTH_VECTOR = 1;
  private static final byte LIST_VECTOR = 2;
  private static final byte STRUCT_VECTOR = 3;
  private static final byte OTHER_VECTOR = 4;

  /** The field path used in messages, as the codec names it ({@code tags[]}, {@code m.key}). */
  final String path;

  final FieldVector vector;

  /**
   * The vector's class family, so that its buffers are read through calls on its class rather than
   * on {@link FieldVector}: a megamorphic interface call costs about what encoding a value does.
   */
  private final byte family;

  private ArrowEncoder(int kind, String path, FieldVector vector) {
    this.kind = kind;
    this.path = path;
    this.vector = vector;
    if (vector instanceof BaseFixedWidthVector) {
      family = FIXED_WIDTH_VECTOR;
    } else if (vector instanceof BaseVariableWidthVector) {
      family = VARIABLE_WIDTH_VECTOR;
    } else if (vector instanceof ListVector) {
      family = LIST_VECTOR;
    } else if (vector instanceof StructVector) {
      family = STRUCT_VECTOR;
    } else {
      family = OTHER_VECTOR;
    }
  }

  final ArrowBuf validityBuffer() {
    switch (family) {
      case FIXED_WIDTH_VECTOR:
        return ((BaseFixedWidthVector) vector).getValidityBuffer();
      case VARIABLE_WIDTH_VECTOR:
        return ((BaseVariableWidthVector) vector).getValidityBuffer();
      case LIST_VECTOR:
        return ((ListVector) vector).getValidityBuffer();
      case STRUCT_VECTOR:
        return ((StructVector) vector).getValidityBuffer();
      default:
        return vector.getValidityBuffer();
    }
  }

  final ArrowBuf dataBuffer() {
    switch (family) {
      case FIXED_WIDTH_VECTOR:
        return ((BaseFixedWidthVector) vector).getDataBuffer();
      case VARIABLE_WIDTH_VECTOR:
        return ((BaseVariableWidthVector) vector).getDataBuffer();
      default:
        return vector.getDataBuffer();
    }
  }

  final ArrowBuf offsetBuffer() {
    switch (family) {
      case VARIABLE_WIDTH_VECTOR:
        return ((BaseVariableWidthVector) vector).getOffsetBuffer();
      case LIST_VECTOR:
        return ((ListVector) vector).getOffsetBuffer();
      default:
        return vector.getOffsetBuffer();
    }
  }

  /** An encoder called through {@link #encode(ByteSink, int)}. */
  ArrowEncoder(String path, FieldVector vector) {
    this(OTHER, path, vector);
  }

  /**
   * Whether the value at {@code index} is null: its validity bit, read from the buffer's memory
   * (Arrow's checked accessors cost more than encoding the value).
   */
  final boolean isNull(int index) {
    ArrowBuf validity = validityBuffer();
    long at = index >>> 3;
    if (index < 0 || at >= validity.capacity()) {
      return vector.isNull(index);
    }
    return (MemoryUtil.getByte(validity.memoryAddress() + at) & (1 << (index & 7))) == 0;
  }

  /**
   * The address of bytes {@code offset..offset+length} of {@code buf}, checked to lie inside it:
   * values are read from there with {@link MemoryUtil} instead of Arrow's per-call checked (and
   * reference-counted) accessors.
   *
   * @throws IndexOutOfBoundsException if the range is not inside the buffer (a vector whose offsets
   *     or value count do not fit its buffers)
   */
  final long address(ArrowBuf buf, long offset, long length) {
    if (offset < 0 || length < 0 || offset + length > buf.capacity()) {
      throw new IndexOutOfBoundsException(
          "field '"
              + path
              + "': bytes "
              + offset
              + " to "
              + (offset + length)
              + " lie outside the vector's "
              + buf.capacity()
              + "-byte buffer");
    }
    return buf.memoryAddress() + offset;
  }

  /** The start and end offsets of value {@code index} of a list or variable-width vector. */
  final long offsets(int index) {
    long at = address(offsetBuffer(), (long) index * 4, 8);
    return ((long) MemoryUtil.getInt(at) << 32) | (MemoryUtil.getInt(at + 4) & 0xFFFFFFFFL);
  }

  /**
   * Appends the encoding of the non-null value at {@code index}.
   *
   * @throws IllegalArgumentException if the value breaks the type's rules (a null where the type is
   *     NOT NULL, a TIME outside the day), naming the field
   * @throws RowFormatException if the value does not fit the declared type, as {@link
   *     FieldCodec#write} reports it
   */
  abstract void encode(ByteSink out, int index) throws RowFormatException;

  /**
   * {@code encoder.encode(out, index)} without a megamorphic virtual call for the common kinds (see
   * {@link ArrowColumn#append(ArrowColumn, BlockInput)}).
   */
  static void encode(ArrowEncoder encoder, ByteSink out, int index) throws RowFormatException {
    switch (encoder.kind) {
      case FIXED:
        ((Fixed) encoder).encode(out, index);
        break;
      case VARIABLE:
        ((Variable) encoder).encode(out, index);
        break;
      default:
        encoder.encode(out, index);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Construction

  /**
   * The encoder of {@code codec}'s values from {@code vector}.
   *
   * @throws IllegalArgumentException if the vector does not have a layout {@link
   *     ArrowLayouts#matches} accepts for the codec's type, naming the field and both types
   */
  static ArrowEncoder create(FieldCodec codec, FieldVector vector) {
    if (!ArrowLayouts.matches(codec.type, vector)) {
      throw new IllegalArgumentException(
          "field '"
              + codec.path
              + "' of type "
              + codec.type
              + " cannot be encoded from an Arrow "
              + (vector == null
                  ? "missing vector"
                  : vector.getField().getType()
                      + " vector ("
                      + vector.getClass().getSimpleName()
                      + ")")
              + "; expected the layout of "
              + ArrowSchemas.toArrowField(codec.path, codec.type).getType());
    }
    DataType type = codec.type;
    String path = codec.path;
    switch (type.root()) {
      case BOOLEAN:
        return new Bool(path, vector);
      case TINYINT:
        return new Fixed(path, vector, 1);
      case SMALLINT:
        return new Fixed(path, vector, 2);
      case INTEGER:
      case FLOAT:
      case DATE:
        return new Fixed(path, vector, 4);
      case BIGINT:
      case DOUBLE:
        return new Fixed(path, vector, 8);
      case DECIMAL:
        return ((DecimalType) type).isCompact()
            ? new ArrowDecimalEncoders.Compact(path, vector, (DecimalType) type)
            : new ArrowDecimalEncoders.Wide(path, vector, (DecimalType) type);
      case CHAR:
      case VARCHAR:
        return new Variable(path, vector, true);
      case BINARY:
      case VARBINARY:
      case BLOB:
        return new Variable(path, vector, false);
      case TIME_WITHOUT_TIME_ZONE:
        return new Time(path, vector);
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return new Timestamp(path, vector, ((TimestampType) type).precision());
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return new Timestamp(path, vector, ((LocalZonedTimestampType) type).precision());
      case VARIANT:
        return new VariantEncoder(path, (StructVector) vector);
      case ARRAY:
        {
          ListVector list = (ListVector) vector;
          FieldCodec element = ((NestedCodecs.ArrayCodec) codec).element();
          return new ArrowNestedEncoders.ListEncoder(
              path, list, element, create(element, list.getDataVector()));
        }
      case MAP:
      case MULTISET:
        return ArrowMapEncoder.create((NestedCodecs.MapCodec) codec, (ListVector) vector);
      case ROW:
        return ArrowNestedEncoders.StructEncoder.create(
            (NestedCodecs.StructCodec) codec, (StructVector) vector);
      case VECTOR:
        return new ArrowNestedEncoders.FixedSizeListEncoder(
            path, (FixedSizeListVector) vector, (VectorType) type);
      default:
        throw new IllegalArgumentException("unsupported type " + type + " of field '" + path + "'");
    }
  }

  /** Writes varint(size), the null bitmap and the non-null elements {@code start..start+size}. */
  static void encodeElements(
      ByteSink out, ArrowEncoder element, boolean nullable, int start, int size)
      throws RowFormatException {
    out.writeVarint(size);
    int bitmap = out.reserveZeros((size + 7) >>> 3);
    for (int i = 0; i < size; i++) {
      if (element.isNull(start + i)) {
        if (!nullable) {
          throw new IllegalArgumentException(
              "field '" + element.path + "' is NOT NULL but element " + i + " is null");
        }
        out.setBit(bitmap, i);
      } else {
        encode(element, out, start + i);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Scalars

  /** Values whose encoding is their little-endian bytes in the data buffer. */
  static final class Fixed extends ArrowEncoder {
    private final int width;

    Fixed(String path, FieldVector vector, int width) {
      super(FIXED, path, vector);
      this.width = width;
    }

    @Override
    void encode(ByteSink out, int index) {
      long at = address(dataBuffer(), (long) index * width, width);
      switch (width) {
        case 8:
          out.writeLong(MemoryUtil.getLong(at));
          break;
        case 4:
          out.writeInt(MemoryUtil.getInt(at));
          break;
        case 2:
          out.writeShort(MemoryUtil.getShort(at));
          break;
        default:
          out.writeByte(MemoryUtil.getByte(at));
      }
    }
  }

  static final class Bool extends ArrowEncoder {
    Bool(String path, FieldVector vector) {
      super(path, vector);
    }

    @Override
    void encode(ByteSink out, int index) {
      long at = address(dataBuffer(), index >>> 3, 1);
      out.writeByte((MemoryUtil.getByte(at) >> (index & 7)) & 1);
    }
  }

  /** Strings (UTF-8, checked as the Java value model would decode it) and binaries. */
  static final class Variable extends ArrowEncoder {
    private final boolean utf8;

    Variable(String path, FieldVector vector, boolean utf8) {
      super(VARIABLE, path, vector);
      this.utf8 = utf8;
    }

    @Override
    void encode(ByteSink out, int index) {
      long range = offsets(index);
      int start = (int) (range >> 32);
      int length = (int) range - start;
      long from = address(dataBuffer(), start, length);
      int at = out.position();
      out.writeVarint(length);
      int bytesAt = out.position();
      out.writeBytes(from, length);
      if (utf8 && !Utf8.isValid(out.buffer(), bytesAt, length)) {
        // The Java value model holds the String these bytes decode to, malformed sequences
        // replaced; its encoding is what a write of that value stores.
        byte[] decoded = Utf8.reencode(out.buffer(), bytesAt, length);
        out.position(at);
        out.writeLengthPrefixed(decoded);
      }
    }
  }

  static final class Time extends ArrowEncoder {
    private static final int MILLIS_PER_DAY = 86_400_000;

    Time(String path, FieldVector vector) {
      super(path, vector);
    }

    @Override
    void encode(ByteSink out, int index) {
      int millis = MemoryUtil.getInt(address(dataBuffer(), (long) index * 4, 4));
      if (millis < 0 || millis >= MILLIS_PER_DAY) {
        throw new IllegalArgumentException(
            "field '" + path + "': TIME value " + millis + " ms is not a millisecond of a day");
      }
      out.writeInt(millis);
    }
  }

  /**
   * TIMESTAMP and TIMESTAMP_LTZ: epoch millis, then the nanosecond of the millisecond when the
   * precision is above 3, from Arrow's milli-, micro- or nanoseconds.
   */
  static final class Timestamp extends ArrowEncoder {
    /**
     * The least epoch millis whose whole seconds times 1,000 fit a long; below it the Java value
     * model cannot be written either ({@link FieldCodec#write} computes the millis from the
     * seconds).
     */
    private static final long MIN_MILLIS = Long.MIN_VALUE / 1000L * 1000L;

    private final int precision;

    Timestamp(String path, FieldVector vector, int precision) {
      super(path, vector);
      this.precision = precision;
    }

    @Override
    void encode(ByteSink out, int index) {
      long raw = MemoryUtil.getLong(address(dataBuffer(), (long) index * 8, 8));
      if (precision <= 3) {
        if (raw < MIN_MILLIS) {
          throw new IllegalArgumentException(
              "field '"
                  + path
                  + "': timestamp "
                  + raw
                  + " ms is outside the epoch-millisecond range");
        }
        out.writeLong(raw);
      } else if (precision <= 6) {
        out.writeLong(Math.floorDiv(raw, 1000L));
        out.writeVarint((int) Math.floorMod(raw, 1000L) * 1000);
      } else {
        out.writeLong(Math.floorDiv(raw, 1_000_000L));
        out.writeVarint((int) Math.floorMod(raw, 1_000_000L));
      }
    }
  }

  /** VARIANT: the value bytes and the metadata bytes, each length-prefixed. */
  static final class VariantEncoder extends ArrowEncoder {
    private final Variable value;
    private final Variable metadata;

    VariantEncoder(String path, StructVector vector) {
      super(path, vector);
      this.value = new Variable(path + ".value", vector.getChild("value"), false);
      this.metadata = new Variable(path + ".metadata", vector.getChild("metadata"), false);
    }

    @Override
    void encode(ByteSink out, int index) {
      if (value.isNull(index) || metadata.isNull(index)) {
        throw new IllegalArgumentException(
            "field '" + path + "': a VARIANT needs both its value and its metadata bytes");
      }
      value.encode(out, index);
      metadata.encode(out, index);
    }
  }
}
