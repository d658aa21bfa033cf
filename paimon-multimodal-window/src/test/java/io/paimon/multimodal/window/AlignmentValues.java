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
package io.paimon.multimodal.window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.paimon.types.DataType;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Random;

/** Random values, spans and value comparisons of {@link AlignmentDifferentialTest}. */
final class AlignmentValues {

  private AlignmentValues() {}

  static final long[] EXTREMES = {
    Long.MIN_VALUE,
    Long.MIN_VALUE + 1,
    Long.MIN_VALUE + 2,
    -2,
    -1,
    0,
    1,
    2,
    Long.MAX_VALUE - 2,
    Long.MAX_VALUE - 1,
    Long.MAX_VALUE
  };

  static Object javaTime(DataType type, BigInteger t) {
    switch (type.root()) {
      case INTEGER:
        return t.intValueExact();
      case BIGINT:
        return t.longValueExact();
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        {
          long ns = t.longValueExact();
          return LocalDateTime.ofEpochSecond(
              Math.floorDiv(ns, 1_000_000_000L),
              (int) Math.floorMod(ns, 1_000_000_000L),
              ZoneOffset.UTC);
        }
      default:
        {
          long ns = t.longValueExact();
          return Instant.ofEpochSecond(
              Math.floorDiv(ns, 1_000_000_000L), Math.floorMod(ns, 1_000_000_000L));
        }
    }
  }

  static Double doubleValue(Random rnd) {
    int k = rnd.nextInt(40);
    if (k == 0) {
      return Double.NaN;
    }
    if (k == 1) {
      return -0.0;
    }
    return Math.round(rnd.nextGaussian() * 1000) / 8.0;
  }

  static Long longValue(Random rnd) {
    int k = rnd.nextInt(10);
    if (k == 0) {
      return EXTREMES[rnd.nextInt(EXTREMES.length)];
    }
    return (long) rnd.nextInt(2000) - 1000;
  }

  /** A random span in reference units, with the matching API value. */
  record RandomSpan(BigInteger units, Duration duration, long integer) {}

  static RandomSpan span(boolean timestamps, Random rnd) {
    if (timestamps) {
      Duration[] choices = {
        Duration.ZERO,
        Duration.ofNanos(1),
        Duration.ofNanos(1_500),
        Duration.ofMillis(1),
        Duration.ofNanos(1_500_000),
        Duration.ofMillis(5),
        Duration.ofSeconds(3),
        Duration.ofDays(365L * 100),
        Duration.ofDays(365L * 400),
        Duration.ofSeconds(Long.MAX_VALUE / 2),
        Duration.ofNanos(rnd.nextLong() & Long.MAX_VALUE)
      };
      Duration d = choices[rnd.nextInt(choices.length)];
      BigInteger ns =
          BigInteger.valueOf(d.getSeconds())
              .multiply(BigInteger.valueOf(1_000_000_000L))
              .add(BigInteger.valueOf(d.getNano()));
      return new RandomSpan(ns, d, 0);
    }
    long[] choices = {
      0, 1, 2, 3, 5, 10, Long.MAX_VALUE, Long.MAX_VALUE - 1, rnd.nextLong() & Long.MAX_VALUE
    };
    long v = choices[rnd.nextInt(choices.length)];
    return new RandomSpan(BigInteger.valueOf(v), null, v);
  }

  static String[] concat(String[] a, String... b) {
    String[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  static void assertValue(Object actual, Object expected, String what) {
    assertValue(actual, expected, what, 0);
  }

  static void assertValue(Object actual, Object expected, String what, double scale) {
    if (expected == null || actual == null) {
      if (expected != actual) {
        fail(what + ": expected " + show(expected) + " but got " + show(actual));
      }
      return;
    }
    if (expected instanceof Double && actual instanceof Double) {
      double a = (Double) actual;
      double e = (Double) expected;
      if (!close(a, e, scale)) {
        fail(what + ": expected " + e + " but got " + a);
      }
      return;
    }
    if (expected instanceof double[] && actual instanceof double[]) {
      double[] a = (double[]) actual;
      double[] e = (double[]) expected;
      boolean ok = a.length == e.length;
      for (int k = 0; ok && k < a.length; k++) {
        ok = close(a[k], e[k], scale);
      }
      if (!ok) {
        fail(what + ": expected " + Arrays.toString(e) + " but got " + Arrays.toString(a));
      }
      return;
    }
    if (expected instanceof float[]) {
      assertThat((float[]) actual).as(what).isEqualTo((float[]) expected);
      return;
    }
    assertThat(actual).as(what).isEqualTo(expected);
  }

  static boolean close(double a, double e, double scale) {
    if (Double.isNaN(a) || Double.isNaN(e)) {
      return Double.isNaN(a) && Double.isNaN(e);
    }
    if (Double.compare(a, e) == 0) {
      return true;
    }
    double magnitude = Math.max(Math.max(1.0, scale), Math.max(Math.abs(a), Math.abs(e)));
    return Math.abs(a - e) <= 1e-9 * magnitude;
  }

  static String show(Object o) {
    if (o instanceof double[]) {
      return Arrays.toString((double[]) o);
    }
    if (o instanceof float[]) {
      return Arrays.toString((float[]) o);
    }
    return String.valueOf(o);
  }
}
