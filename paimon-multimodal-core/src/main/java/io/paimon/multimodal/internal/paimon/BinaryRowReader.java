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

import static io.paimon.multimodal.internal.paimon.BinaryRows.ARITY_BYTES;
import static io.paimon.multimodal.internal.paimon.BinaryRows.HEADER_BITS;
import static io.paimon.multimodal.internal.paimon.BinaryRows.INLINE_MARK;
import static io.paimon.multimodal.internal.paimon.BinaryRows.INT_LE;
import static io.paimon.multimodal.internal.paimon.BinaryRows.LONG_LE;
import static io.paimon.multimodal.internal.paimon.BinaryRows.MAX_INLINE_BYTES;
import static io.paimon.multimodal.internal.paimon.BinaryRows.SHORT_LE;
import static io.paimon.multimodal.internal.paimon.BinaryRows.SLOT_BYTES;
import static io.paimon.multimodal.internal.paimon.BinaryRows.TIMESTAMP_MILLIS_BYTES;
import static io.paimon.multimodal.internal.paimon.BinaryRows.WIDE_DECIMAL_BYTES;
import static io.paimon.multimodal.internal.paimon.BinaryRows.headerBytes;

import io.paimon.types.DataType;
import io.paimon.types.DecimalType;
import io.paimon.types.TimestampType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.Arrays;

/**
 * Reads the fields of one serialized BinaryRow (layout in {@link BinaryRows}) from untrusted bytes
 * whose arity and fixed part {@link BinaryRows} has already checked against the array. Every
 * variable reference is checked before it is followed; the only exception is {@link
 * PaimonFormatException}. Immutable; one instance per row.
 */
final class BinaryRowReader {
  private final byte[] buf;
  private final String what;
  private final int headerEnd;
  private final long fixedRowBytes;

  BinaryRowReader(byte[] buf, int arity, String what) {
    this.buf = buf;
    this.what = what;
    this.headerEnd = ARITY_BYTES + headerBytes(arity);
    this.fixedRowBytes = headerBytes(arity) + (long) SLOT_BYTES * arity;
  }

  boolean isNull(int field) {
    int bit = field + HEADER_BITS;
    return (buf[ARITY_BYTES + bit / 8] & (1 << (bit % 8))) != 0;
  }

  Object read(int field, DataType type) throws PaimonFormatException {
    int slot = headerEnd + SLOT_BYTES * field;
    long bits = (long) LONG_LE.get(buf, slot);
    return switch (type.root()) {
      case BOOLEAN -> buf[slot] != 0;
      case TINYINT -> buf[slot];
      case SMALLINT -> (short) SHORT_LE.get(buf, slot);
      case INTEGER -> (int) INT_LE.get(buf, slot);
      case BIGINT -> bits;
      case FLOAT -> Float.intBitsToFloat((int) INT_LE.get(buf, slot));
      case DOUBLE -> Double.longBitsToDouble(bits);
      case CHAR, VARCHAR -> new String(readBytes(field, type, slot, bits), StandardCharsets.UTF_8);
      case BINARY, VARBINARY -> readBytes(field, type, slot, bits);
      case DATE -> LocalDate.ofEpochDay((int) INT_LE.get(buf, slot));
      case TIME_WITHOUT_TIME_ZONE -> readTime(field, type, slot);
      case DECIMAL -> readDecimal(field, (DecimalType) type, slot, bits);
      case TIMESTAMP_WITHOUT_TIME_ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
          readTimestamp(field, type, slot, bits);
      default -> null;
    };
  }

  private byte[] readBytes(int field, DataType type, int slot, long bits)
      throws PaimonFormatException {
    if ((bits & INLINE_MARK) != 0) {
      int length = (int) ((bits >>> 56) & 0x7F);
      if (length > MAX_INLINE_BYTES) {
        throw corrupt(field, type, slot, "inline length " + length + " exceeds 7");
      }
      return Arrays.copyOfRange(buf, slot, slot + length);
    }
    int start = variable(field, type, slot, bits >>> 32, bits & 0xFFFFFFFFL);
    return Arrays.copyOfRange(buf, start, start + (int) (bits & 0xFFFFFFFFL));
  }

  private LocalTime readTime(int field, DataType type, int slot) throws PaimonFormatException {
    int millis = (int) INT_LE.get(buf, slot);
    if (millis < 0 || millis >= PaimonValues.MILLIS_PER_DAY) {
      throw corrupt(field, type, slot, "TIME value " + millis + " is not a millisecond of a day");
    }
    return LocalTime.ofNanoOfDay(millis * (long) PaimonValues.NANOS_PER_MILLI);
  }

  private BigDecimal readDecimal(int field, DecimalType type, int slot, long bits)
      throws PaimonFormatException {
    if (type.precision() <= PaimonValues.MAX_COMPACT_DECIMAL_PRECISION) {
      if (!PaimonValues.fitsPrecision(bits, type.precision())) {
        throw corrupt(field, type, slot, "unscaled value " + bits + " exceeds the precision");
      }
      return BigDecimal.valueOf(bits, type.scale());
    }
    long length = bits & 0xFFFFFFFFL;
    if (length == 0 || length > WIDE_DECIMAL_BYTES) {
      throw corrupt(field, type, slot, "decimal of " + length + " bytes, expected 1 to 16");
    }
    int start = variable(field, type, slot, bits >>> 32, length);
    BigInteger unscaled = new BigInteger(buf, start, (int) length);
    if (!PaimonValues.fitsPrecision(unscaled, type.precision())) {
      throw corrupt(field, type, slot, "unscaled value " + unscaled + " exceeds the precision");
    }
    return new BigDecimal(unscaled, type.scale());
  }

  private Object readTimestamp(int field, DataType type, int slot, long bits)
      throws PaimonFormatException {
    long millis = bits;
    int nanoOfMilli = 0;
    if (BinaryRows.isFineTimestamp(type)) {
      long nanos = bits & 0xFFFFFFFFL;
      if (nanos >= PaimonValues.NANOS_PER_MILLI) {
        throw corrupt(field, type, slot, "nano of millisecond " + nanos + " exceeds 999999");
      }
      nanoOfMilli = (int) nanos;
      millis =
          (long) LONG_LE.get(buf, variable(field, type, slot, bits >>> 32, TIMESTAMP_MILLIS_BYTES));
    }
    if (type instanceof TimestampType) {
      return PaimonValues.localDateTime(millis, nanoOfMilli);
    }
    return Instant.ofEpochSecond(
        Math.floorDiv(millis, 1000L),
        Math.floorMod(millis, 1000L) * PaimonValues.NANOS_PER_MILLI + nanoOfMilli);
  }

  /** The array index of {@code length} variable bytes at {@code rowOffset}, once checked. */
  private int variable(int field, DataType type, int slot, long rowOffset, long length)
      throws PaimonFormatException {
    // Both are below 2^32, so the sum cannot overflow a long.
    long rowBytes = buf.length - ARITY_BYTES;
    if (rowOffset < fixedRowBytes || rowOffset + length > rowBytes) {
      throw corrupt(
          field,
          type,
          slot,
          length
              + " bytes at row offset "
              + rowOffset
              + " fall outside the variable part ["
              + fixedRowBytes
              + ", "
              + rowBytes
              + ")");
    }
    return (int) (ARITY_BYTES + rowOffset);
  }

  private PaimonFormatException corrupt(int field, DataType type, int slot, String detail) {
    return new PaimonFormatException(
        what + ": BinaryRow field " + field + " (" + type + ") at byte " + slot + ": " + detail);
  }
}
