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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.util.MemoryUtil;

/** A growable little-endian byte buffer that row encoders append to. Not thread-safe. */
final class ByteSink {

  private static final VarHandle SHORT =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** Longs in the platform's order, to copy native memory eight bytes at a time. */
  private static final VarHandle NATIVE_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

  /** Copies up to this many bytes are made in Java; longer ones by {@code Unsafe.copyMemory}. */
  private static final int SMALL_COPY = 64;

  private byte[] buf;
  private int pos;

  ByteSink(int initialCapacity) {
    buf = new byte[Math.max(16, initialCapacity)];
  }

  byte[] buffer() {
    return buf;
  }

  int position() {
    return pos;
  }

  void position(int newPosition) {
    pos = newPosition;
  }

  private void ensure(int extra) {
    if (extra > buf.length - pos) {
      long needed = (long) pos + extra;
      if (needed > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException(
            "a block cannot exceed 2 GiB; a row holds more than fits (" + needed + " bytes)");
      }
      long grown = Math.max(needed, Math.min(Integer.MAX_VALUE - 8L, (long) buf.length * 2));
      buf = Arrays.copyOf(buf, (int) grown);
    }
  }

  void writeByte(int v) {
    ensure(1);
    buf[pos++] = (byte) v;
  }

  void writeShort(short v) {
    ensure(2);
    SHORT.set(buf, pos, v);
    pos += 2;
  }

  void writeInt(int v) {
    ensure(4);
    INT.set(buf, pos, v);
    pos += 4;
  }

  void writeLong(long v) {
    ensure(8);
    LONG.set(buf, pos, v);
    pos += 8;
  }

  /** Writes an unsigned LEB128 varint of a non-negative int. */
  void writeVarint(int v) {
    ensure(Varints.MAX_VARINT32_BYTES);
    pos = Varints.write(v & 0xFFFFFFFFL, buf, pos);
  }

  void writeBytes(byte[] src, int off, int len) {
    ensure(len);
    System.arraycopy(src, off, buf, pos, len);
    pos += len;
  }

  /** Appends {@code len} bytes of native memory from {@code address} (checked by the caller). */
  void writeBytes(long address, int len) {
    ensure(len);
    if (len <= SMALL_COPY) {
      // Unsafe.copyMemory into a heap array checks its arguments at a cost above a short copy's.
      int i = 0;
      for (; len - i >= 8; i += 8) {
        NATIVE_LONG.set(buf, pos + i, MemoryUtil.getLong(address + i));
      }
      for (; i < len; i++) {
        buf[pos + i] = MemoryUtil.getByte(address + i);
      }
    } else {
      MemoryUtil.copyFromMemory(address, buf, pos, len);
    }
    pos += len;
  }

  /** Writes a varint length and the bytes. */
  void writeLengthPrefixed(byte[] src) {
    writeVarint(src.length);
    writeBytes(src, 0, src.length);
  }

  /** Reserves {@code n} zero bytes (a null bitmap to fill in later) and returns their position. */
  int reserveZeros(int n) {
    ensure(n);
    int at = pos;
    for (int i = 0; i < n; i++) {
      buf[pos + i] = 0;
    }
    pos += n;
    return at;
  }

  void setBit(int bitmapPos, int bit) {
    buf[bitmapPos + (bit >>> 3)] |= (byte) (1 << (bit & 7));
  }
}
