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
package io.paimon.multimodal.testing;

/**
 * Deterministic values for the table builders: a value is a function of the seed and its
 * coordinates (row, column, element), so any cell can be computed again without keeping the rows.
 * SplitMix64's mixing function; stateless.
 */
final class Generated {

  private static final long GOLDEN = 0x9e3779b97f4a7c15L;

  /** The eight bytes every PNG file starts with. */
  static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

  private Generated() {}

  /** SplitMix64's finalizer: a bijection of 64-bit values that scatters nearby inputs. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  /** A hash of a seed and coordinates. */
  static long hash(long seed, long... coordinates) {
    long h = mix(seed + GOLDEN);
    for (long c : coordinates) {
      h = mix(h + GOLDEN + c);
    }
    return h;
  }

  /** A float in {@code [-1, 1)} from the top 24 bits of a hash (exact in a float). */
  static float signedUnit(long hash) {
    return (hash >>> 40) / (float) (1 << 23) - 1f;
  }

  /** A float in {@code [0, 1)} from the top 24 bits of a hash. */
  static float unit(long hash) {
    return (hash >>> 40) / (float) (1 << 24);
  }

  /** {@code length} bytes from a SplitMix64 stream started at {@code hash}. */
  static byte[] bytes(long hash, int length) {
    byte[] out = new byte[length];
    long state = hash;
    for (int i = 0; i < length; i += 8) {
      state += GOLDEN;
      long v = mix(state);
      for (int j = 0; j < 8 && i + j < length; j++) {
        out[i + j] = (byte) (v >>> (8 * j));
      }
    }
    return out;
  }

  /**
   * {@code length} bytes that start like a PNG file (its signature, cut short if {@code length <
   * 8}) and continue with {@link #bytes}: no image decoder accepts them, but tools that sniff the
   * type see a PNG.
   */
  static byte[] pngLike(long hash, int length) {
    byte[] out = bytes(hash, length);
    System.arraycopy(PNG_SIGNATURE, 0, out, 0, Math.min(length, PNG_SIGNATURE.length));
    return out;
  }

  /** Checks a count argument. */
  static int atLeast(String name, int value, int min) {
    if (value < min) {
      throw new IllegalArgumentException(name + " must be at least " + min + ", is " + value);
    }
    return value;
  }
}
