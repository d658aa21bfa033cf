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
package io.paimon.multimodal.window.internal;

import java.math.BigInteger;
import java.time.Duration;

/**
 * Converts tolerances and window reaches to whole key units without overflow: durations longer than
 * the int64 range of a unit saturate at {@link Long#MAX_VALUE} (which every comparison then treats
 * as unbounded), and window bounds are turned into inclusive offsets so that a search never
 * computes {@code t - x} or {@code t + x} past the int64 range. Stateless.
 */
final class Units {

  private Units() {}

  private static final BigInteger UNSIGNED_MAX =
      BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

  /** The span in nanoseconds (a Duration) or key units (a long), exactly. */
  private static BigInteger[] exact(Span span, int digits) {
    if (!span.isDuration()) {
      return new BigInteger[] {BigInteger.valueOf(span.units()), BigInteger.ZERO};
    }
    Duration d = span.duration();
    BigInteger nanos =
        BigInteger.valueOf(d.getSeconds())
            .multiply(BigInteger.valueOf(1_000_000_000L))
            .add(BigInteger.valueOf(d.getNano()));
    long perUnit = digits == 3 ? 1_000_000L : digits == 6 ? 1_000L : 1L;
    return nanos.divideAndRemainder(BigInteger.valueOf(perUnit));
  }

  /**
   * {@code floor(span / unit)} as an unsigned 64-bit number, saturated at 2^64 - 1 (the largest
   * distance two int64 keys can have, so a saturated span is unbounded), where the unit is {@code
   * 10^-digits} seconds for a Duration and the key unit for a long.
   */
  static long floor(Span span, int digits) {
    BigInteger f = exact(span, digits)[0];
    return f.compareTo(UNSIGNED_MAX) >= 0 ? -1L : f.longValue();
  }

  /**
   * The largest whole distance {@code d} with {@code d <= span} (endpoint included) or {@code d <
   * span} (excluded), as an unsigned 64-bit number saturated like {@link #floor}; null when no
   * distance qualifies (an excluded endpoint at a zero span).
   */
  static Long inclusiveReach(Span span, int digits, boolean included) {
    BigInteger[] qr = exact(span, digits);
    BigInteger f = qr[0];
    if (!included && qr[1].signum() == 0) {
      f = f.subtract(BigInteger.ONE);
    }
    if (f.signum() < 0) {
      return null;
    }
    return f.compareTo(UNSIGNED_MAX) >= 0 ? -1L : f.longValue();
  }

  /**
   * Whether {@code to - from}, known to be non-negative as a mathematical value, is at most {@code
   * limit} (non-negative): the difference is taken as an unsigned 64-bit number, so it cannot wrap.
   */
  static boolean distanceAtMost(long from, long to, long limit) {
    return Long.compareUnsigned(to - from, limit) <= 0;
  }

  /**
   * {@code to - from} (non-negative as a mathematical value, up to 2^64 - 1) correctly rounded to a
   * double, without wrap-around.
   */
  static double distance(long from, long to) {
    long d = to - from;
    // halved with the lost bit kept as a sticky bit, the unsigned value rounds correctly
    return d >= 0 ? (double) d : (double) ((d >>> 1) | (d & 1)) * 2.0;
  }
}
