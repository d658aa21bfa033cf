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
package io.paimon.multimodal.internal.predicate;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;

/**
 * The order predicates use on Java values (the value model of the table), shared by row evaluation,
 * constant folding and statistics pruning; the Arrow evaluator implements the same order on
 * primitive data.
 *
 * <ul>
 *   <li>Numbers: if either side is a Float or Double both are compared as doubles (a decimal
 *       literal is rounded to the nearest double, as SQL engines cast it), where NaN equals NaN and
 *       is greater than every other value and -0.0 equals 0.0; otherwise exactly (so {@code 1.5} is
 *       between the integers 1 and 2).
 *   <li>Strings: by Unicode code point, which is the unsigned order of their UTF-8 bytes.
 *   <li>Booleans: FALSE &lt; TRUE.
 *   <li>LocalDate, LocalDateTime and Instant: on one time line, a date at its midnight and a
 *       LocalDateTime read as UTC.
 *   <li>LocalTime: by time of day.
 * </ul>
 */
final class ValueOrder {

  private static final long SECONDS_PER_DAY = 86_400L;

  private ValueOrder() {}

  /**
   * Compares two non-null values of one comparable group.
   *
   * @throws IllegalArgumentException if the values are not comparable (different groups or types
   *     outside the value model)
   */
  static int compare(Object a, Object b) {
    if (a instanceof Number && b instanceof Number) {
      return compareNumbers((Number) a, (Number) b);
    }
    if (a instanceof String && b instanceof String) {
      return compareStrings((String) a, (String) b);
    }
    if (a instanceof Boolean && b instanceof Boolean) {
      return Boolean.compare((Boolean) a, (Boolean) b);
    }
    if (isTimeLine(a) && isTimeLine(b)) {
      int bySecond = Long.compare(epochSecond(a), epochSecond(b));
      return bySecond != 0 ? bySecond : Integer.compare(nano(a), nano(b));
    }
    if (a instanceof LocalTime && b instanceof LocalTime) {
      return ((LocalTime) a).compareTo((LocalTime) b);
    }
    throw new IllegalArgumentException("cannot compare " + describe(a) + " with " + describe(b));
  }

  /** Whether {@link #compare} accepts the pair. */
  static boolean comparable(Object a, Object b) {
    return (a instanceof Number && b instanceof Number && isKnownNumber(a) && isKnownNumber(b))
        || (a instanceof String && b instanceof String)
        || (a instanceof Boolean && b instanceof Boolean)
        || (isTimeLine(a) && isTimeLine(b))
        || (a instanceof LocalTime && b instanceof LocalTime);
  }

  /** Double order of predicates: NaN equals NaN and is the greatest value; -0.0 equals 0.0. */
  static int compareDoubles(double a, double b) {
    return a == b ? 0 : Double.compare(a, b);
  }

  /** Code point order, the same as the unsigned order of the strings' UTF-8 bytes. */
  static int compareStrings(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      char ca = a.charAt(i);
      char cb = b.charAt(i);
      if (ca != cb) {
        if (Character.isSurrogate(ca) || Character.isSurrogate(cb)) {
          return Integer.compare(a.codePointAt(i), b.codePointAt(i));
        }
        return Character.compare(ca, cb);
      }
    }
    return Integer.compare(a.length(), b.length());
  }

  /** Seconds since 1970-01-01T00:00Z of a LocalDate, LocalDateTime (as UTC) or Instant. */
  static long epochSecond(Object value) {
    if (value instanceof LocalDate) {
      return ((LocalDate) value).toEpochDay() * SECONDS_PER_DAY;
    }
    if (value instanceof LocalDateTime) {
      return ((LocalDateTime) value).toEpochSecond(ZoneOffset.UTC);
    }
    return ((Instant) value).getEpochSecond();
  }

  /** Nanosecond of the second of a LocalDate (0), LocalDateTime or Instant. */
  static int nano(Object value) {
    if (value instanceof LocalDate) {
      return 0;
    }
    if (value instanceof LocalDateTime) {
      return ((LocalDateTime) value).getNano();
    }
    return ((Instant) value).getNano();
  }

  /** The exact decimal value of an integral or decimal Number. */
  static BigDecimal toBigDecimal(Number n) {
    if (n instanceof BigDecimal) {
      return (BigDecimal) n;
    }
    if (n instanceof BigInteger) {
      return new BigDecimal((BigInteger) n);
    }
    if (isIntegral(n)) {
      return BigDecimal.valueOf(n.longValue());
    }
    throw new IllegalArgumentException("cannot compare " + describe(n));
  }

  private static int compareNumbers(Number a, Number b) {
    if (!isKnownNumber(a) || !isKnownNumber(b)) {
      throw new IllegalArgumentException("cannot compare " + describe(a) + " with " + describe(b));
    }
    if (isFloating(a) || isFloating(b)) {
      return compareDoubles(a.doubleValue(), b.doubleValue());
    }
    if (isIntegral(a) && isIntegral(b)) {
      return Long.compare(a.longValue(), b.longValue());
    }
    return toBigDecimal(a).compareTo(toBigDecimal(b));
  }

  private static boolean isFloating(Object n) {
    return n instanceof Double || n instanceof Float;
  }

  private static boolean isIntegral(Object n) {
    return n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte;
  }

  private static boolean isKnownNumber(Object n) {
    return isIntegral(n) || isFloating(n) || n instanceof BigDecimal || n instanceof BigInteger;
  }

  private static boolean isTimeLine(Object v) {
    return v instanceof LocalDate || v instanceof LocalDateTime || v instanceof Instant;
  }

  private static String describe(Object v) {
    return v.getClass().getSimpleName() + " " + v;
  }
}
