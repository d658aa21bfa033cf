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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Parquet's RLE / bit-packed hybrid encoding of small integers (definition levels, dictionary ids,
 * RLE booleans), decoded a run at a time into int arrays. Every length comes from the input, so
 * each is checked against the bytes that remain: a malformed run throws {@link
 * IllegalStateException} rather than reading past its page or allocating for counts the bytes
 * cannot hold. Reusable across pages; not thread-safe.
 */
final class RleDecoder {

  private static final VarHandle LE_LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private byte[] in;
  private int pos;
  private int end;
  private int bitWidth;
  private int byteWidth;

  /** Values left in the current run, and the run's kind and value. */
  private int left;

  private boolean packed;
  private int rleValue;

  /** Decoded values of the current bit-packed run, and the next one to hand out. */
  private final int[] unpacked = new int[8 * GROUPS_PER_UNPACK];

  private int unpackedPos;

  /** Starts decoding {@code in[from..to)} at {@code bitWidth} bits per value (0 to 32). */
  void reset(byte[] in, int from, int to, int bitWidth) {
    if (bitWidth < 0 || bitWidth > 32) {
      throw new IllegalStateException("RLE bit width " + bitWidth + " is not between 0 and 32");
    }
    this.in = in;
    this.pos = from;
    this.end = to;
    this.bitWidth = bitWidth;
    this.byteWidth = (bitWidth + 7) / 8;
    this.left = 0;
    this.packed = false;
    this.groupsLeft = 0;
    this.unpackedPos = 0;
  }

  /** Decodes the next {@code n} values into {@code out[off..off+n)}. */
  void read(int[] out, int off, int n) {
    while (n > 0) {
      if (left == 0) {
        nextRun();
      }
      int m = Math.min(n, left);
      if (packed) {
        System.arraycopy(unpacked, unpackedPos, out, off, m);
        unpackedPos += m;
      } else {
        java.util.Arrays.fill(out, off, off + m, rleValue);
      }
      left -= m;
      off += m;
      n -= m;
    }
  }

  /**
   * Counts how many of the next {@code n} values equal {@code value}, without handing them out; for
   * definition levels, where an RLE run of defined values needs no array.
   */
  int countEqual(int value, int n) {
    int count = 0;
    while (n > 0) {
      if (left == 0) {
        nextRun();
      }
      int m = Math.min(n, left);
      if (packed) {
        for (int i = unpackedPos, e = unpackedPos + m; i < e; i++) {
          if (unpacked[i] == value) {
            count++;
          }
        }
        unpackedPos += m;
      } else if (rleValue == value) {
        count += m;
      }
      left -= m;
      n -= m;
    }
    return count;
  }

  /** Skips the next {@code n} values. */
  void skip(int n) {
    while (n > 0) {
      if (left == 0) {
        nextRun();
      }
      int m = Math.min(n, left);
      if (packed) {
        unpackedPos += m;
      }
      left -= m;
      n -= m;
    }
  }

  /** Groups of 8 values a bit-packed run still holds beyond those unpacked. */
  private long groupsLeft;

  /** At most this many groups are unpacked at a time: memory stays small whatever a run claims. */
  private static final int GROUPS_PER_UNPACK = 64;

  private void nextRun() {
    if (packed && groupsLeft > 0) {
      unpackGroups();
      return;
    }
    int header = readVarInt();
    if ((header & 1) == 0) {
      int count = header >>> 1;
      if (count == 0 || pos + byteWidth > end) {
        throw new IllegalStateException("malformed RLE run at byte " + pos);
      }
      int v = 0;
      for (int i = 0; i < byteWidth; i++) {
        v |= (in[pos++] & 0xFF) << (8 * i);
      }
      packed = false;
      rleValue = v;
      left = count;
    } else {
      long groups = header >>> 1;
      if (groups == 0 || groups * bitWidth > end - pos) {
        throw new IllegalStateException(
            "bit-packed run of " + groups + " groups at byte " + pos + " is past the page end");
      }
      if (bitWidth == 0) {
        // Every value is 0: a run, however long it claims to be, needs no memory.
        packed = false;
        rleValue = 0;
        left = (int) Math.min(Integer.MAX_VALUE, groups * 8);
        return;
      }
      packed = true;
      groupsLeft = groups;
      unpackGroups();
    }
  }

  private void unpackGroups() {
    int groups = (int) Math.min(groupsLeft, GROUPS_PER_UNPACK);
    int count = groups * 8;
    unpack(count);
    pos += groups * bitWidth;
    groupsLeft -= groups;
    unpackedPos = 0;
    left = count;
  }

  /**
   * Unpacks {@code count} little-endian bit-packed values starting at {@link #pos}: each from the 8
   * bytes at its first byte (a shift and a mask), the last few, near the array's end, byte by byte.
   * Bits past the page's end are read only where they are masked off.
   */
  private void unpack(int count) {
    long mask = (1L << bitWidth) - 1;
    int p = pos;
    int i = 0;
    for (; i < count; i++) {
      long bit = (long) i * bitWidth;
      int at = p + (int) (bit >>> 3);
      if (at > in.length - 8) {
        break;
      }
      long w = (long) LE_LONGS.get(in, at);
      unpacked[i] = (int) ((w >>> (bit & 7)) & mask);
    }
    for (; i < count; i++) {
      long bit = (long) i * bitWidth;
      int at = p + (int) (bit >>> 3);
      long w = 0;
      for (int k = 0; k < 5 && at + k < in.length; k++) {
        w |= (long) (in[at + k] & 0xFF) << (8 * k);
      }
      unpacked[i] = (int) ((w >>> (bit & 7)) & mask);
    }
  }

  private int readVarInt() {
    int v = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (pos >= end) {
        throw new IllegalStateException("RLE data ends inside a run header at byte " + pos);
      }
      int b = in[pos++] & 0xFF;
      v |= (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return v;
      }
    }
    throw new IllegalStateException("malformed RLE run header at byte " + pos);
  }
}
