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
package io.paimon.multimodal.s3;

import java.io.IOException;
import java.io.InputStream;

/**
 * Where the bytes of one ranged read go: consecutive pieces, each a region of an array, filled
 * straight from the response body (no intermediate buffer). Progress survives a failed read, so a
 * retry asks only for the rest. Not thread-safe: one per read.
 */
final class Pieces {

  private final byte[][] buffers;
  private final int[] offsets;
  private final int[] lengths;
  private final long total;
  private int piece;
  private int within;
  private long done;

  private Pieces(byte[][] buffers, int[] offsets, int[] lengths, long total) {
    this.buffers = buffers;
    this.offsets = offsets;
    this.lengths = lengths;
    this.total = total;
  }

  /** One piece: {@code len} bytes into {@code buf} at {@code off}. */
  static Pieces of(byte[] buf, int off, int len) {
    return new Pieces(new byte[][] {buf}, new int[] {off}, new int[] {len}, len);
  }

  /** Pieces already checked by {@link io.paimon.multimodal.fs.InputFile#checkPieces}. */
  static Pieces of(byte[][] buffers, int[] offsets, int[] lengths, long total) {
    return new Pieces(buffers, offsets, lengths, total);
  }

  /** The bytes of the whole range. */
  long total() {
    return total;
  }

  /** The bytes delivered so far. */
  long done() {
    return done;
  }

  /** Bytes still wanted. */
  long remaining() {
    return total - done;
  }

  /**
   * Reads from {@code in} until every piece is full or the stream ends.
   *
   * @return whether every piece is full
   * @throws IOException as {@code in} does; what was read before stays delivered
   */
  boolean fill(InputStream in) throws IOException {
    while (done < total) {
      if (within == lengths[piece]) {
        piece++;
        within = 0;
        continue;
      }
      int n = in.read(buffers[piece], offsets[piece] + within, lengths[piece] - within);
      if (n < 0) {
        return false;
      }
      within += n;
      done += n;
    }
    return true;
  }

  /**
   * Skips {@code n} bytes of {@code in} (a server that ignored the range sent the object from its
   * start).
   *
   * @return whether all were there
   */
  static boolean skip(InputStream in, long n) throws IOException {
    long left = n;
    while (left > 0) {
      long s = in.skip(left);
      if (s <= 0) {
        if (in.read() < 0) {
          return false;
        }
        s = 1;
      }
      left -= s;
    }
    return true;
  }
}
