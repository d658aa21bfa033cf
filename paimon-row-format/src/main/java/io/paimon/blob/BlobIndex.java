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
package io.paimon.blob;

import io.paimon.row.internal.Varints;

/**
 * The delta-zigzag-varint lists of the {@code .blob} format (the file's row index and the length
 * lists of nested payloads): the first value as is and every later one as the difference from its
 * predecessor (wrapping, as Java's {@code long} arithmetic does), each zigzag-mapped and written as
 * an unsigned LEB128 varint of at most {@value BlobFormat#MAX_VARINT_BYTES} bytes.
 */
final class BlobIndex {

  private BlobIndex() {}

  /** The encoded size of {@code value} following {@code previous} (ignored for the first). */
  static int encodedSize(long previous, long value, boolean first) {
    return Varints.size(Varints.zigzag(first ? value : value - previous));
  }

  /** Encodes {@code values[0, count)}. */
  static byte[] encode(long[] values, int count) {
    long size = 0;
    for (int i = 0; i < count; i++) {
      size += encodedSize(i == 0 ? 0 : values[i - 1], values[i], i == 0);
    }
    if (size > Integer.MAX_VALUE - 16) {
      throw new IllegalStateException("a length list of " + size + " bytes does not fit an int32");
    }
    byte[] out = new byte[(int) size];
    int pos = 0;
    for (int i = 0; i < count; i++) {
      pos = Varints.write(Varints.zigzag(i == 0 ? values[0] : values[i] - values[i - 1]), out, pos);
    }
    return out;
  }

  /**
   * Decodes the list in {@code buf[off, off + len)}; allocation is bounded by {@code len} (every
   * value takes at least one byte).
   *
   * @param file the file name, for messages
   * @param fileOffset the file offset of {@code buf[off]}, for messages
   * @param what what the list is, for messages ("row index", "element lengths", ...)
   * @throws BlobFormatException if a varint is cut off by the end or overflows 64 bits
   */
  static long[] decode(byte[] buf, int off, int len, String file, long fileOffset, String what)
      throws BlobFormatException {
    int count = 0;
    for (int i = off; i < off + len; i++) {
      if (buf[i] >= 0) {
        count++;
      }
    }
    long[] values = new long[count];
    int pos = off;
    long previous = 0;
    for (int n = 0; n < count; n++) {
      long raw = 0;
      int shift = 0;
      while (true) {
        int b = buf[pos++];
        if (shift == 63 && (b & 0xFE) != 0) {
          throw new BlobFormatException(
              file, fileOffset + (pos - 1 - off), what + ": varint " + n + " overflows 64 bits");
        }
        raw |= (long) (b & 0x7F) << shift;
        if (b >= 0) {
          break;
        }
        shift += 7;
      }
      long v = Varints.unzigzag(raw);
      previous = n == 0 ? v : previous + v;
      values[n] = previous;
    }
    if (pos != off + len) {
      throw new BlobFormatException(file, fileOffset + (pos - off), what + " ends inside a varint");
    }
    return values;
  }
}
