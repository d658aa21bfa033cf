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

/**
 * Unsigned LEB128 varints and zigzag mapping, as used by the {@code .row} block index (64-bit, at
 * most {@value #MAX_VARINT64_BYTES} bytes) and row encoding (32-bit, at most {@value
 * #MAX_VARINT32_BYTES} bytes). Decoding lives in {@link BlockInput} and {@link IndexCodec}, where
 * every loop is bounded by these maxima.
 */
public final class Varints {

  /** The most bytes a 32-bit varint takes. */
  public static final int MAX_VARINT32_BYTES = 5;

  /** The most bytes a 64-bit varint takes. */
  public static final int MAX_VARINT64_BYTES = 10;

  private Varints() {}

  /** Zigzag-maps a signed value so small magnitudes become small unsigned values. */
  public static long zigzag(long v) {
    return (v << 1) ^ (v >> 63);
  }

  /** Inverse of {@link #zigzag}. */
  public static long unzigzag(long v) {
    return (v >>> 1) ^ -(v & 1);
  }

  /** The number of bytes the unsigned varint of {@code v} takes. */
  public static int size(long v) {
    int n = 1;
    while ((v & ~0x7FL) != 0) {
      v >>>= 7;
      n++;
    }
    return n;
  }

  /**
   * Writes the unsigned varint of {@code v} into {@code buf} at {@code pos}; returns the new
   * position.
   */
  public static int write(long v, byte[] buf, int pos) {
    while ((v & ~0x7FL) != 0) {
      buf[pos++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    buf[pos++] = (byte) v;
    return pos;
  }
}
