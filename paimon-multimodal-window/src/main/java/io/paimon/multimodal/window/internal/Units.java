package io.paimon.multimodal.window.internal;

import java.time.Duration;

/**
 * Converts tolerances and window reaches to whole key units without overflow: durations longer than
 * the int64 range of a unit saturate at {@link Long#MAX_VALUE} (which every comparison then treats
 * as unbounded), and window bounds are turned into inclusive offsets so that a search never
 * computes {@code t - x} or {@code t + x} past the int64 range. Stateless.
 */
final class Units {

  private Units() {}

  /** {@code floor(span / unit)} saturated, where the unit is {@code 10^-digits} seconds. */
  static long floor(Span span, int digits) {
    if (!span.isDuration()) {
      return span.units();
    }
    Duration d = span.duration();
    long factor = digits == 3 ? 1_000L : digits == 6 ? 1_000_000L : 1_000_000_000L;
    long perUnit = 1_000_000_000L / factor;
    long seconds = d.getSeconds();
    if (seconds > Long.MAX_VALUE / factor) {
      return Long.MAX_VALUE;
    }
    long base = seconds * factor;
    long add = d.getNano() / perUnit;
    return base > Long.MAX_VALUE - add ? Long.MAX_VALUE : base + add;
  }

  /** Whether the span is a whole number of units (saturated spans count as whole). */
  static boolean whole(Span span, int digits) {
    if (!span.isDuration()) {
      return true;
    }
    long perUnit = digits == 3 ? 1_000_000L : digits == 6 ? 1_000L : 1L;
    return span.duration().getNano() % perUnit == 0;
  }

  /**
   * The largest whole distance {@code d} with {@code d <= span} (endpoint included) or {@code d <
   * span} (excluded): {@code floor(span)}, or for an excluded endpoint at a whole span, {@code span
   * - 1}, which is -1 for an empty reach.
   */
  static long inclusiveReach(Span span, int digits, boolean included) {
    long f = floor(span, digits);
    if (included || !whole(span, digits) || f == Long.MAX_VALUE) {
      return f;
    }
    return f - 1;
  }

  /**
   * Whether {@code to - from}, known to be non-negative as a mathematical value, is at most {@code
   * limit} (non-negative): the difference is taken as an unsigned 64-bit number, so it cannot wrap.
   */
  static boolean distanceAtMost(long from, long to, long limit) {
    return Long.compareUnsigned(to - from, limit) <= 0;
  }

  /** {@code to - from} (non-negative as a mathematical value) as a double, without wrap-around. */
  static double distance(long from, long to) {
    long d = to - from;
    return d >= 0 ? (double) d : (double) (d >>> 1) * 2.0 + (d & 1);
  }
}
