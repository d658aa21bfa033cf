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

/** A growable little-endian byte buffer that row encoders append to. Not thread-safe. */
final class ByteSink {

  private static final VarHandle SHORT =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

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

  /** Writes a varint length and the bytes. */
  void writeLengthPrefixed(byte[] src) {
    writeVarint(src.length);
    writeBytes(src, 0, src.length);
  }

  /** Reserves {@code n} zero bytes (a null bitmap to fill in later) and returns their position. */
  int reserveZeros(int n) {
    ensure(n);
    int at = pos;
    Arrays.fill(buf, pos, pos + n, (byte) 0);
    pos += n;
    return at;
  }

  void setBit(int bitmapPos, int bit) {
    buf[bitmapPos + (bit >>> 3)] |= (byte) (1 << (bit & 7));
  }
}
