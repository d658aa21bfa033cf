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

import org.roaringbitmap.RoaringBitmap;

/**
 * A strict parser of the portable serialization of a 32-bit RoaringBitmap (the RoaringFormatSpec,
 * all little-endian), for deletion vectors read from untrusted files.
 *
 * <pre>
 * cookie: int32    12347 | (containers - 1) &lt;&lt; 16  (some run containers: then a bitset of
 *                  (containers + 7) / 8 bytes, bit i set when container i is a run container)
 *               or 12346, then containers: int32      (no run containers)
 * header:          containers x (key: uint16, cardinality - 1: uint16), keys ascending
 * offsets:         containers x uint32, unless run containers exist and containers &lt; 4
 * containers:      run:    runs: uint16, runs x (start: uint16, length - 1: uint16)
 *                  bitmap: 1024 x uint64 (cardinality &gt; 4096)
 *                  array:  cardinality x uint16, ascending
 * </pre>
 *
 * <p>{@code RoaringBitmap.deserialize} trusts the header: it takes a bitmap container's cardinality
 * from it and lets runs overlap or pass the container's end, so such a bitmap reports a cardinality
 * its positions do not have. This parser rejects all of that, checks every count against the bytes
 * that remain before allocating, and ignores the offsets (readers need not use them). Stateless.
 */
final class PortableRoaring {

  private static final int SERIAL_COOKIE_NO_RUN = 12346;
  private static final int SERIAL_COOKIE = 12347;
  private static final int NO_OFFSET_THRESHOLD = 4;
  private static final int MAX_CONTAINERS = 1 << 16;
  private static final int MAX_ARRAY_CARDINALITY = 4096;
  private static final int BITMAP_WORDS = 1024;

  /**
   * A parsed bitmap.
   *
   * @param bitmap its positions, a new bitmap the caller owns
   * @param length the bytes its serialization took
   */
  record Parsed(RoaringBitmap bitmap, int length) {}

  private final byte[] buf;
  private final int start;
  private final int end;
  private final String where;
  private int pos;

  private PortableRoaring(byte[] buf, int start, int end, String where) {
    this.buf = buf;
    this.start = start;
    this.end = end;
    this.where = where;
    this.pos = start;
  }

  /**
   * Parses the bitmap at {@code buf[start]}, which must end by {@code end}.
   *
   * @param where names the vector in messages
   * @throws PaimonFormatException if the bytes are not a valid portable bitmap
   */
  static Parsed parse(byte[] buf, int start, int end, String where) throws PaimonFormatException {
    PortableRoaring p = new PortableRoaring(buf, start, end, where);
    RoaringBitmap bitmap = p.parse();
    return new Parsed(bitmap, p.pos - start);
  }

  private RoaringBitmap parse() throws PaimonFormatException {
    int cookie = int32();
    int containers;
    byte[] runFlags = null;
    if ((cookie & 0xFFFF) == SERIAL_COOKIE) {
      containers = (cookie >>> 16) + 1;
      need((containers + 7) / 8L);
      runFlags = new byte[(containers + 7) / 8];
      System.arraycopy(buf, pos, runFlags, 0, runFlags.length);
      pos += runFlags.length;
    } else if (cookie == SERIAL_COOKIE_NO_RUN) {
      containers = int32();
      if (containers < 0 || containers > MAX_CONTAINERS) {
        throw error("container count " + containers + " outside [0, " + MAX_CONTAINERS + "]");
      }
    } else {
      throw error("not a portable RoaringBitmap (cookie " + cookie + ")");
    }
    need(4L * containers);
    int[] keys = new int[containers];
    int[] cardinalities = new int[containers];
    for (int i = 0; i < containers; i++) {
      keys[i] = uint16();
      cardinalities[i] = uint16() + 1;
      if (i > 0 && keys[i] <= keys[i - 1]) {
        throw error("container keys not ascending: " + keys[i - 1] + ", " + keys[i]);
      }
    }
    if (runFlags == null || containers >= NO_OFFSET_THRESHOLD) {
      need(4L * containers);
      pos += 4 * containers;
    }
    RoaringBitmap bitmap = new RoaringBitmap();
    for (int i = 0; i < containers; i++) {
      long base = (long) keys[i] << 16;
      boolean run = runFlags != null && (runFlags[i >>> 3] & (1 << (i & 7))) != 0;
      int actual;
      if (run) {
        actual = runContainer(bitmap, base);
      } else if (cardinalities[i] > MAX_ARRAY_CARDINALITY) {
        actual = bitmapContainer(bitmap, base);
      } else {
        actual = arrayContainer(bitmap, base, cardinalities[i]);
      }
      if (actual != cardinalities[i]) {
        throw error(
            "container "
                + i
                + " holds "
                + actual
                + " positions, its header says "
                + cardinalities[i]);
      }
    }
    return bitmap;
  }

  private int runContainer(RoaringBitmap bitmap, long base) throws PaimonFormatException {
    int runs = uint16();
    need(4L * runs);
    int previousEnd = -1;
    int cardinality = 0;
    for (int r = 0; r < runs; r++) {
      int runStart = uint16();
      int runEnd = runStart + uint16();
      if (runStart <= previousEnd || runEnd > 0xFFFF) {
        throw error("run [" + runStart + ", " + runEnd + "] overlaps or leaves its container");
      }
      bitmap.add(base + runStart, base + runEnd + 1);
      cardinality += runEnd - runStart + 1;
      previousEnd = runEnd;
    }
    return cardinality;
  }

  private int bitmapContainer(RoaringBitmap bitmap, long base) throws PaimonFormatException {
    need(8L * BITMAP_WORDS);
    int[] values = new int[1 << 16];
    int n = 0;
    for (int w = 0; w < BITMAP_WORDS; w++) {
      long word = int64();
      while (word != 0) {
        values[n++] = (int) (base + w * 64 + Long.numberOfTrailingZeros(word));
        word &= word - 1;
      }
    }
    bitmap.addN(values, 0, n);
    return n;
  }

  private int arrayContainer(RoaringBitmap bitmap, long base, int cardinality)
      throws PaimonFormatException {
    need(2L * cardinality);
    int[] values = new int[cardinality];
    int previous = -1;
    for (int k = 0; k < cardinality; k++) {
      int low = uint16();
      if (low <= previous) {
        throw error("array container values not ascending: " + previous + ", " + low);
      }
      values[k] = (int) (base + low);
      previous = low;
    }
    bitmap.addN(values, 0, cardinality);
    return cardinality;
  }

  private void need(long n) throws PaimonFormatException {
    if (n > end - pos) {
      throw error("needs " + n + " bytes, " + (end - pos) + " left");
    }
  }

  private int uint16() throws PaimonFormatException {
    need(2);
    int v = (buf[pos] & 0xFF) | (buf[pos + 1] & 0xFF) << 8;
    pos += 2;
    return v;
  }

  private int int32() throws PaimonFormatException {
    need(4);
    int v =
        (buf[pos] & 0xFF)
            | (buf[pos + 1] & 0xFF) << 8
            | (buf[pos + 2] & 0xFF) << 16
            | (buf[pos + 3] & 0xFF) << 24;
    pos += 4;
    return v;
  }

  private long int64() throws PaimonFormatException {
    long low = int32() & 0xFFFFFFFFL;
    long high = int32() & 0xFFFFFFFFL;
    return low | high << 32;
  }

  private PaimonFormatException error(String message) {
    return new PaimonFormatException(
        where + ": bitmap at byte " + start + ", byte " + pos + ": " + message);
  }
}
