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
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * A bounds-checked little-endian cursor over a decompressed block. Every read checks what remains
 * before the current limit (the end of the row being decoded), so a malformed length can neither
 * read past the row nor make a decoder allocate more than the row holds. Not thread-safe.
 */
final class BlockInput {

  private static final VarHandle SHORT =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  final String file;
  byte[] buf;
  int pos;
  int limit;
  private int blockIndex;
  private long blockOffset;
  private long rowNumber;

  BlockInput(String file) {
    this.file = file;
  }

  /** Points this cursor at a block. */
  void reset(byte[] data, int blockIndex, long blockOffset) {
    this.buf = data;
    this.blockIndex = blockIndex;
    this.blockOffset = blockOffset;
  }

  /** Bounds the cursor to one row. */
  void row(int start, int end, long rowNumber) {
    this.pos = start;
    this.limit = end;
    this.rowNumber = rowNumber;
  }

  int remaining() {
    return limit - pos;
  }

  private void require(int n, String what) throws RowFormatException {
    if (n > limit - pos) {
      throw corrupt(
          what + " needs " + n + " bytes but only " + (limit - pos) + " remain in the row");
    }
  }

  byte readByte() throws RowFormatException {
    require(1, "a 1-byte value");
    return buf[pos++];
  }

  short readShort() throws RowFormatException {
    require(2, "a 2-byte value");
    short v = (short) SHORT.get(buf, pos);
    pos += 2;
    return v;
  }

  int readInt() throws RowFormatException {
    require(4, "a 4-byte value");
    int v = (int) INT.get(buf, pos);
    pos += 4;
    return v;
  }

  long readLong() throws RowFormatException {
    require(8, "an 8-byte value");
    long v = (long) LONG.get(buf, pos);
    pos += 8;
    return v;
  }

  /**
   * Copies the next {@code n} bytes to native memory at {@code address}, which the caller has
   * checked holds {@code n} bytes.
   */
  void readRaw(long address, int n) throws RowFormatException {
    require(n, "the value's bytes");
    MemoryUtil.copyToMemory(buf, pos, address, n);
    pos += n;
  }

  /** Copies the next {@code n} bytes to {@code dst[off..off + n)}. */
  void readRaw(byte[] dst, int off, int n) throws RowFormatException {
    require(n, "the value's bytes");
    System.arraycopy(buf, pos, dst, off, n);
    pos += n;
  }

  /** Reads an unsigned LEB128 varint of at most 5 bytes whose value fits a non-negative int. */
  int readVarint() throws RowFormatException {
    int result = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (pos >= limit) {
        throw corrupt("varint runs past the end of the row");
      }
      int b = buf[pos++];
      if (shift == 28 && (b & 0xF8) != 0) {
        throw corrupt("varint does not fit a non-negative 32-bit value");
      }
      result |= (b & 0x7F) << shift;
      if (b >= 0) {
        return result;
      }
    }
    throw corrupt("varint longer than 5 bytes");
  }

  /** Reads a varint length and checks that that many bytes remain in the row. */
  int readLength(String what) throws RowFormatException {
    int start = pos;
    int len;
    if (pos < limit && buf[pos] >= 0) {
      // One-byte varints (lengths below 128) are the common case: no loop.
      len = buf[pos++];
    } else {
      len = readVarint();
    }
    if (len > limit - pos) {
      int left = limit - pos;
      pos = start;
      throw corrupt(what + " length " + len + " exceeds the " + left + " bytes left in the row");
    }
    return len;
  }

  /**
   * Skips a varint length and that many bytes. (Not {@code pos += readLength(..)}: a compound
   * assignment reads {@code pos} before the varint is consumed, losing the varint's bytes.)
   */
  void skipLengthPrefixed(String what) throws RowFormatException {
    int len = readLength(what);
    pos += len;
  }

  void skip(int n, String what) throws RowFormatException {
    require(n, what);
    pos += n;
  }

  /** Whether bit {@code i} of the bitmap at {@code bitmapPos} is set (the field is null). */
  boolean isSet(int bitmapPos, int i) {
    return (buf[bitmapPos + (i >>> 3)] & (1 << (i & 7))) != 0;
  }

  /** Whether the {@code bytes} bytes of the bitmap at {@code bitmapPos} are all zero. */
  boolean allClear(int bitmapPos, int bytes) {
    int any = 0;
    for (int k = 0; k < bytes; k++) {
      any |= buf[bitmapPos + k];
    }
    return any == 0;
  }

  /**
   * Fails if the null bitmap at {@code bitmapPos} marks a field null that {@code notNull} (a mask
   * of the same length, bit set for NOT NULL fields) says cannot be.
   */
  void checkNotNull(int bitmapPos, byte[] notNull, String[] names) throws RowFormatException {
    for (int k = 0; k < notNull.length; k++) {
      int bad = buf[bitmapPos + k] & notNull[k];
      if (bad != 0) {
        int field = k * 8 + Integer.numberOfTrailingZeros(bad);
        throw corrupt(
            "NOT NULL field '"
                + names[field]
                + "' is null in the data; the schema does"
                + " not fit the data");
      }
    }
  }

  /** Fails if any of the first {@code count} bits of the bitmap is set. */
  void checkNoNullElements(int bitmapPos, int count, String path) throws RowFormatException {
    for (int i = 0; i < count; i++) {
      if (isSet(bitmapPos, i)) {
        throw corrupt(
            "element "
                + i
                + " of '"
                + path
                + "' is null but its type is NOT NULL; the"
                + " schema does not fit the data");
      }
    }
  }

  RowFormatException corrupt(String message) {
    return new RowFormatException(
        file,
        blockOffset,
        "block "
            + blockIndex
            + ", row "
            + rowNumber
            + ", uncompressed byte "
            + pos
            + ": "
            + message);
  }
}
