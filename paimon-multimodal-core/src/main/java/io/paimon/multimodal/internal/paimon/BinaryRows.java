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
package io.paimon.multimodal.internal.paimon;

import io.paimon.types.DataType;
import io.paimon.types.DecimalType;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Paimon's serialized BinaryRow, the form manifests use for {@code _PARTITION}, {@code
 * _MIN_VALUES}/{@code _MAX_VALUES} and {@code _MIN_KEY}/{@code _MAX_KEY}.
 *
 * <pre>
 * byte 0      4                 4+H                  4+H+8n                   end
 *      +------+-----------------+--------------------+------------------------+
 *      |arity | header, H bytes | n slots of 8 bytes | variable part          |
 *      |int BE| kind, null bits | little-endian      | values padded to 8     |
 *      +------+-----------------+--------------------+------------------------+
 *      H = ((n + 63 + 8) / 64) * 8; header byte 0 is the row kind (0 = insert);
 *      field i is null when header bit i + 8 is set.
 * </pre>
 *
 * <p>Slots: BOOLEAN and TINYINT take their first byte, SMALLINT two, INT, DATE (day number), TIME
 * (millisecond of day) and FLOAT (raw bits) four, BIGINT and DOUBLE eight. Strings and binaries of
 * up to 7 bytes sit in the slot with {@code 0x80 | length} in its last byte; longer ones go to the
 * variable part and the slot holds {@code offset << 32 | length}, the offset counted from the
 * header's first byte ("row offset" in messages; "byte" means an index into the serialized array).
 * DECIMAL(p &lt;= 18) is its unscaled long; wider ones reserve 16 bytes for their minimal
 * big-endian two's-complement unscaled value (slot: offset and byte count). TIMESTAMP(p &lt;= 3)
 * and TIMESTAMP_LTZ(p &lt;= 3) are epoch millis; finer ones store the millis in 8 variable bytes
 * and put {@code offset << 32 | nanoOfMillisecond} in the slot. As Paimon Java writes them, a null
 * wide DECIMAL or fine TIMESTAMP still reserves its variable bytes (zeros) and keeps their offset
 * in the slot; every other null has a zero slot.
 *
 * <p>Values use our Java value model: Boolean, Byte, Short, Integer, Long, Float, Double,
 * BigDecimal, String (CHAR/VARCHAR), byte[] (BINARY/VARBINARY), LocalDate, LocalTime, LocalDateTime
 * (TIMESTAMP, as UTC wall clock) and Instant (TIMESTAMP_LTZ). ARRAY, MAP, MULTISET, ROW, VECTOR,
 * VARIANT and BLOB are not supported. Stateless and thread-safe.
 */
public final class BinaryRows {

  static final int ARITY_BYTES = 4;
  static final int HEADER_BITS = 8;
  static final int SLOT_BYTES = 8;
  static final int MAX_INLINE_BYTES = 7;
  static final long INLINE_MARK = 0x80L << 56;
  static final int WIDE_DECIMAL_BYTES = 16;
  static final int TIMESTAMP_MILLIS_BYTES = 8;

  /** Paimon's RowKind byte values run from 0 (+I) to 3 (-D). */
  private static final int MAX_ROW_KIND = 3;

  static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle INT_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle SHORT_LE =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle INT_BE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

  private BinaryRows() {}

  /**
   * Whether {@link #serialize} and {@link #deserialize} handle values of this type: every atomic
   * type, but not ARRAY, MAP, MULTISET, ROW, VECTOR, VARIANT or BLOB.
   */
  public static boolean supports(DataType type) {
    return switch (type.root()) {
      case ARRAY, MAP, MULTISET, ROW, VECTOR, VARIANT, BLOB -> false;
      default -> true;
    };
  }

  /**
   * Serializes one row of kind insert exactly as Paimon Java's {@code BinaryRowWriter} and {@code
   * SerializationUtils.serializeBinaryRow} do. DECIMAL values are rounded HALF_UP to the type's
   * scale; TIME and compact timestamps drop digits finer than a millisecond, as Paimon's slots do.
   *
   * @param types the field types, one per value
   * @param values the field values in our Java value model; an element null for a null field
   *     (allowed for every type, supported or not)
   * @return a new array: 4-byte big-endian arity, then the row
   * @throws IllegalArgumentException if the sizes differ, or naming the field index and type if a
   *     value has the wrong class, does not fit its type, or its type is not {@link #supports
   *     supported}
   */
  public static byte[] serialize(List<DataType> types, Object[] values) {
    Objects.requireNonNull(types, "types");
    Objects.requireNonNull(values, "values");
    if (types.size() != values.length) {
      throw new IllegalArgumentException(
          "types has " + types.size() + " elements but values has " + values.length);
    }
    Builder row = new Builder(types.size());
    for (int i = 0; i < values.length; i++) {
      DataType type = Objects.requireNonNull(types.get(i), "types element");
      if (values[i] == null) {
        row.writeNull(i, type);
      } else {
        row.write(i, type, values[i]);
      }
    }
    return row.toByteArray();
  }

  /**
   * The arity (field count) of a serialized row, after checking that its header and slots fit.
   *
   * @throws PaimonFormatException if the array is shorter than 4 bytes, the arity is negative, or
   *     the fixed part of that many fields does not fit the array
   */
  public static int arity(byte[] serialized) throws PaimonFormatException {
    return checkedArity(Objects.requireNonNull(serialized, "serialized"), "serialized BinaryRow");
  }

  /**
   * Decodes a serialized row from untrusted bytes. Every offset and length is checked against the
   * array; the work and memory are bounded by the array's length.
   *
   * @param serialized a 4-byte big-endian arity, then the row; bytes after the last variable value
   *     are ignored
   * @param types the expected field types; fields of unsupported types decode as null
   * @param what what the bytes are, for messages (e.g. {@code "manifest-abc: entry 3 _PARTITION"})
   * @return a new array with one value per type, in our Java value model, null for null fields
   * @throws PaimonFormatException naming {@code what} and the offending offset if the arity is not
   *     {@code types.size()}, the row kind is not 0 to 3, a reference points outside the variable
   *     part, or a value is malformed (an inline length over 7, a DECIMAL with more digits than its
   *     precision or of 0 or over 16 bytes, a TIME outside the day, a nano of milli over 999999)
   */
  public static Object[] deserialize(byte[] serialized, List<DataType> types, String what)
      throws PaimonFormatException {
    Objects.requireNonNull(serialized, "serialized");
    Objects.requireNonNull(types, "types");
    Objects.requireNonNull(what, "what");
    int arity = checkedArity(serialized, what);
    if (arity != types.size()) {
      throw new PaimonFormatException(
          what + ": BinaryRow arity " + arity + " at byte 0, expected " + types.size());
    }
    int kind = serialized[ARITY_BYTES] & 0xFF;
    if (kind > MAX_ROW_KIND) {
      throw new PaimonFormatException(
          what + ": BinaryRow row kind " + kind + " at byte " + ARITY_BYTES + " is not 0 to 3");
    }
    BinaryRowReader reader = new BinaryRowReader(serialized, arity, what);
    Object[] values = new Object[arity];
    for (int i = 0; i < arity; i++) {
      DataType type = Objects.requireNonNull(types.get(i), "types element");
      if (!reader.isNull(i) && supports(type)) {
        values[i] = reader.read(i, type);
      }
    }
    return values;
  }

  static int headerBytes(int arity) {
    return (int) (((arity + 63L + HEADER_BITS) / 64) * 8);
  }

  private static int checkedArity(byte[] serialized, String what) throws PaimonFormatException {
    if (serialized.length < ARITY_BYTES) {
      throw new PaimonFormatException(
          what + ": BinaryRow of " + serialized.length + " bytes ends inside the arity at byte 0");
    }
    int arity = (int) INT_BE.get(serialized, 0);
    if (arity < 0) {
      throw new PaimonFormatException(what + ": BinaryRow arity " + arity + " at byte 0");
    }
    long fixedEnd = ARITY_BYTES + headerBytes(arity) + (long) SLOT_BYTES * arity;
    if (fixedEnd > serialized.length) {
      throw new PaimonFormatException(
          what
              + ": BinaryRow arity "
              + arity
              + " at byte 0 needs "
              + fixedEnd
              + " bytes of header and slots, the row has "
              + serialized.length);
    }
    return arity;
  }

  static boolean isWideDecimal(DataType type) {
    return type instanceof DecimalType
        && ((DecimalType) type).precision() > PaimonValues.MAX_COMPACT_DECIMAL_PRECISION;
  }

  static boolean isFineTimestamp(DataType type) {
    return type.root().isTimestamp()
        && PaimonValues.timestampPrecision(type) > PaimonValues.MAX_COMPACT_TIMESTAMP_PRECISION;
  }

  /** Builds one serialized row; the array grows as variable values are appended. */
  private static final class Builder {
    private final int headerEnd;
    private byte[] buf;
    private int end;

    Builder(int arity) {
      headerEnd = ARITY_BYTES + headerBytes(arity);
      end = headerEnd + SLOT_BYTES * arity;
      buf = new byte[end];
      INT_BE.set(buf, 0, arity);
    }

    private int slot(int field) {
      return headerEnd + SLOT_BYTES * field;
    }

    void writeNull(int field, DataType type) {
      int bit = field + HEADER_BITS;
      buf[ARITY_BYTES + bit / 8] |= (byte) (1 << (bit % 8));
      // Paimon's writer keeps a reservation for wide values even when they are null.
      if (isWideDecimal(type)) {
        setVariableSlot(field, append(new byte[0], WIDE_DECIMAL_BYTES), 0);
      } else if (isFineTimestamp(type)) {
        setVariableSlot(field, append(new byte[0], TIMESTAMP_MILLIS_BYTES), 0);
      }
    }

    /**
     * Sets a slot to {@code rowOffset << 32 | low}. Separate from {@link #append} on purpose: an
     * expression {@code LONG_LE.set(buf, slot, append(...))} would write into the array that {@code
     * append} just replaced.
     */
    private void setVariableSlot(int field, int rowOffset, long low) {
      LONG_LE.set(buf, slot(field), ((long) rowOffset << 32) | low);
    }

    void write(int field, DataType type, Object value) {
      int slot = slot(field);
      switch (type.root()) {
        case BOOLEAN ->
            buf[slot] = (byte) (PaimonValues.as(field, type, value, Boolean.class) ? 1 : 0);
        case TINYINT -> buf[slot] = PaimonValues.as(field, type, value, Byte.class);
        case SMALLINT -> SHORT_LE.set(buf, slot, PaimonValues.as(field, type, value, Short.class));
        case INTEGER -> INT_LE.set(buf, slot, PaimonValues.as(field, type, value, Integer.class));
        case BIGINT -> LONG_LE.set(buf, slot, PaimonValues.as(field, type, value, Long.class));
        case FLOAT ->
            INT_LE.set(
                buf,
                slot,
                Float.floatToRawIntBits(PaimonValues.as(field, type, value, Float.class)));
        case DOUBLE ->
            LONG_LE.set(
                buf,
                slot,
                Double.doubleToRawLongBits(PaimonValues.as(field, type, value, Double.class)));
        case CHAR, VARCHAR ->
            writeBytes(
                field,
                PaimonValues.as(field, type, value, String.class).getBytes(StandardCharsets.UTF_8));
        case BINARY, VARBINARY ->
            writeBytes(field, PaimonValues.as(field, type, value, byte[].class));
        case DATE -> INT_LE.set(buf, slot, PaimonValues.epochDay(field, type, value));
        case TIME_WITHOUT_TIME_ZONE ->
            INT_LE.set(buf, slot, PaimonValues.millisOfDay(field, type, value));
        case DECIMAL -> writeDecimal(field, (DecimalType) type, value);
        case TIMESTAMP_WITHOUT_TIME_ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
            writeTimestamp(field, type, value);
        default ->
            throw new IllegalArgumentException(
                "field "
                    + field
                    + " ("
                    + type
                    + "): BinaryRow cannot hold "
                    + type.root()
                    + " values");
      }
    }

    private void writeBytes(int field, byte[] bytes) {
      if (bytes.length <= MAX_INLINE_BYTES) {
        int slot = slot(field);
        System.arraycopy(bytes, 0, buf, slot, bytes.length);
        buf[slot + MAX_INLINE_BYTES] = (byte) (0x80 | bytes.length);
      } else {
        setVariableSlot(field, append(bytes, bytes.length), bytes.length);
      }
    }

    private void writeDecimal(int field, DecimalType type, Object value) {
      BigInteger unscaled = PaimonValues.unscaled(field, type, value);
      if (type.precision() <= PaimonValues.MAX_COMPACT_DECIMAL_PRECISION) {
        LONG_LE.set(buf, slot(field), unscaled.longValueExact());
      } else {
        byte[] bytes = unscaled.toByteArray();
        setVariableSlot(field, append(bytes, WIDE_DECIMAL_BYTES), bytes.length);
      }
    }

    private void writeTimestamp(int field, DataType type, Object value) {
      long[] millisAndNanos = PaimonValues.epochMillisAndNanos(field, type, value);
      if (!isFineTimestamp(type)) {
        LONG_LE.set(buf, slot(field), millisAndNanos[0]);
      } else {
        byte[] millis = new byte[TIMESTAMP_MILLIS_BYTES];
        LONG_LE.set(millis, 0, millisAndNanos[0]);
        setVariableSlot(field, append(millis, millis.length), millisAndNanos[1]);
      }
    }

    /**
     * Appends {@code data} to the variable part in a zeroed region of at least {@code reserve}
     * bytes rounded up to a multiple of 8; returns its row offset.
     */
    private int append(byte[] data, int reserve) {
      long padded = (Math.max(data.length, reserve) + 7L) & ~7L;
      if (padded > Integer.MAX_VALUE - 8 - end) {
        throw new IllegalArgumentException("row would exceed the 2 GiB a Java array can hold");
      }
      int size = (int) padded;
      if (size > buf.length - end) {
        long grown = Math.max(end + size, buf.length + (buf.length >> 1));
        buf = Arrays.copyOf(buf, (int) Math.min(grown, Integer.MAX_VALUE - 8));
      }
      System.arraycopy(data, 0, buf, end, data.length);
      int rowOffset = end - ARITY_BYTES;
      end += size;
      return rowOffset;
    }

    byte[] toByteArray() {
      return buf.length == end ? buf : Arrays.copyOf(buf, end);
    }
  }
}
