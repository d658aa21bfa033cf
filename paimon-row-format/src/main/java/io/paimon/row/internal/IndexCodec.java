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
import java.util.Arrays;

/**
 * Encodes and decodes the block index: three sections (compressed sizes, uncompressed sizes, row
 * starts), each a varint32 byte length and zigzag-LEB128 deltas from the previous value (the first
 * from 0). Decoding is bounded by the section lengths, which are checked against the index.
 */
final class IndexCodec {

  private IndexCodec() {}

  static byte[] encode(long[] compressed, long[] uncompressed, long[] rowStarts, int count) {
    byte[] a = section(compressed, count);
    byte[] b = section(uncompressed, count);
    byte[] c = section(rowStarts, count);
    byte[] out = new byte[a.length + b.length + c.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    System.arraycopy(c, 0, out, a.length + b.length, c.length);
    return out;
  }

  private static byte[] section(long[] values, int count) {
    byte[] payload = new byte[count * Varints.MAX_VARINT64_BYTES];
    int pos = 0;
    long prev = 0;
    for (int i = 0; i < count; i++) {
      pos = Varints.write(Varints.zigzag(values[i] - prev), payload, pos);
      prev = values[i];
    }
    byte[] out = new byte[Varints.size(pos) + pos];
    int start = Varints.write(pos, out, 0);
    System.arraycopy(payload, 0, out, start, pos);
    return out;
  }

  /** The three decoded sections; each array has as many values as its payload encodes. */
  static long[][] decode(byte[] index, String file, long indexOffset) throws RowFormatException {
    long[][] sections = new long[3][];
    int pos = 0;
    for (int s = 0; s < 3; s++) {
      // Length prefix: unsigned LEB128 of at most 5 bytes.
      int len = 0;
      int shift = 0;
      while (true) {
        if (pos >= index.length) {
          throw new RowFormatException(
              file, indexOffset + pos, "block index ends inside the length of section " + s);
        }
        int b = index[pos++];
        if (shift == 28 && (b & 0xF8) != 0) {
          throw new RowFormatException(
              file,
              indexOffset + pos - 1,
              "block index section " + s + " length overflows 31 bits");
        }
        len |= (b & 0x7F) << shift;
        if (b >= 0) {
          break;
        }
        shift += 7;
      }
      if (len > index.length - pos) {
        throw new RowFormatException(
            file,
            indexOffset + pos,
            "block index section "
                + s
                + " claims "
                + len
                + " bytes but "
                + (index.length - pos)
                + " remain in the index");
      }
      sections[s] = decodeDeltas(index, pos, pos + len, file, indexOffset);
      pos += len;
    }
    if (pos != index.length) {
      throw new RowFormatException(
          file,
          indexOffset + pos,
          "block index has " + (index.length - pos) + " bytes after its three sections");
    }
    return sections;
  }

  private static long[] decodeDeltas(byte[] buf, int pos, int end, String file, long base)
      throws RowFormatException {
    long[] values = new long[end - pos];
    int count = 0;
    long prev = 0;
    while (pos < end) {
      long raw = 0;
      int shift = 0;
      int start = pos;
      while (true) {
        if (pos >= end) {
          throw new RowFormatException(
              file, base + start, "block index varint runs past its section");
        }
        int b = buf[pos++];
        if (shift == 63 && (b & 0xFE) != 0) {
          throw new RowFormatException(
              file,
              base + start,
              "block index varint is longer than 10 bytes or overflows 64 bits");
        }
        raw |= (long) (b & 0x7F) << shift;
        if (b >= 0) {
          break;
        }
        shift += 7;
      }
      prev += Varints.unzigzag(raw);
      values[count++] = prev;
    }
    return Arrays.copyOf(values, count);
  }
}
