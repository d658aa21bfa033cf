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

import io.paimon.types.DataType;
import io.paimon.types.DecimalType;
import io.paimon.types.LocalZonedTimestampType;
import io.paimon.types.TimestampType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;

/**
 * Converts values of our Java value model into the internal values a Paimon BinaryRow holds, the
 * same way for {@link BinaryRows} and {@link PartitionPath} so that a partition directory always
 * names the value its {@code _PARTITION} row stores. Every method throws {@link
 * IllegalArgumentException} naming the field index and type when the value has the wrong class or
 * does not fit the type.
 */
final class PaimonValues {

  /** A DECIMAL of at most this precision is stored as its unscaled long. */
  static final int MAX_COMPACT_DECIMAL_PRECISION = DecimalType.MAX_COMPACT_PRECISION;

  /** A TIMESTAMP or TIMESTAMP_LTZ of at most this precision is stored as epoch millis. */
  static final int MAX_COMPACT_TIMESTAMP_PRECISION = 3;

  static final int NANOS_PER_MILLI = 1_000_000;
  static final int MILLIS_PER_DAY = 86_400_000;

  private static final BigInteger[] POW10 = new BigInteger[DecimalType.MAX_PRECISION + 1];

  static {
    for (int i = 0; i < POW10.length; i++) {
      POW10[i] = BigInteger.TEN.pow(i);
    }
  }

  private PaimonValues() {}

  /** The value cast to {@code expected}, or an exception naming the field and both classes. */
  static <T> T as(int field, DataType type, Object value, Class<T> expected) {
    if (!expected.isInstance(value)) {
      throw new IllegalArgumentException(
          "field "
              + field
              + " ("
              + type
              + "): expected "
              + expected.getSimpleName()
              + ", got "
              + value.getClass().getName());
    }
    return expected.cast(value);
  }

  /**
   * The unscaled value at the type's scale. Rounds HALF_UP like Paimon's {@code
   * Decimal.fromBigDecimal}, which gives up (null) where we throw: when more digits than the
   * precision remain.
   */
  static BigInteger unscaled(int field, DecimalType type, Object value) {
    BigInteger unscaled =
        as(field, type, value, BigDecimal.class)
            .setScale(type.scale(), RoundingMode.HALF_UP)
            .unscaledValue();
    if (!fitsPrecision(unscaled, type.precision())) {
      throw new IllegalArgumentException(
          "field " + field + " (" + type + "): " + value + " has more digits than the precision");
    }
    return unscaled;
  }

  static boolean fitsPrecision(BigInteger unscaled, int precision) {
    return unscaled.abs().compareTo(POW10[precision]) < 0;
  }

  static boolean fitsPrecision(long unscaled, int precision) {
    // 10^18 is the largest power of ten in a long; compact precisions never exceed 18.
    long bound = POW10[precision].longValueExact();
    return unscaled > -bound && unscaled < bound;
  }

  /** DATE as Paimon's int day number since 1970-01-01. */
  static int epochDay(int field, DataType type, Object value) {
    long day = as(field, type, value, LocalDate.class).toEpochDay();
    if (day != (int) day) {
      throw new IllegalArgumentException(
          "field " + field + " (" + type + "): " + value + " is outside the int day range");
    }
    return (int) day;
  }

  /** TIME as Paimon's int millisecond of the day; finer digits are dropped, as Paimon does. */
  static int millisOfDay(int field, DataType type, Object value) {
    return (int) (as(field, type, value, LocalTime.class).toNanoOfDay() / NANOS_PER_MILLI);
  }

  /** The timestamp precision of a TIMESTAMP or TIMESTAMP_LTZ type. */
  static int timestampPrecision(DataType type) {
    return type instanceof TimestampType
        ? ((TimestampType) type).precision()
        : ((LocalZonedTimestampType) type).precision();
  }

  /**
   * A TIMESTAMP (LocalDateTime, read as UTC) or TIMESTAMP_LTZ (Instant) value as {@code [epoch
   * millis, nano of milli]}. The nano of milli is 0 for compact precisions, since their BinaryRow
   * slot keeps only the millis.
   */
  static long[] epochMillisAndNanos(int field, DataType type, Object value) {
    long seconds;
    int nanos;
    if (type instanceof TimestampType) {
      LocalDateTime ldt = as(field, type, value, LocalDateTime.class);
      seconds = ldt.toEpochSecond(ZoneOffset.UTC);
      nanos = ldt.getNano();
    } else {
      Instant instant = as(field, type, value, Instant.class);
      seconds = instant.getEpochSecond();
      nanos = instant.getNano();
    }
    long millis;
    try {
      millis = Math.addExact(Math.multiplyExact(seconds, 1000L), nanos / NANOS_PER_MILLI);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(
          "field " + field + " (" + type + "): " + value + " is outside the epoch-millis range", e);
    }
    boolean compact = timestampPrecision(type) <= MAX_COMPACT_TIMESTAMP_PRECISION;
    return new long[] {millis, compact ? 0 : nanos % NANOS_PER_MILLI};
  }

  /** The UTC wall-clock time of epoch millis plus nano of milli. */
  static LocalDateTime localDateTime(long millis, int nanoOfMilli) {
    return LocalDateTime.ofEpochSecond(
        Math.floorDiv(millis, 1000L),
        (int) Math.floorMod(millis, 1000L) * NANOS_PER_MILLI + nanoOfMilli,
        ZoneOffset.UTC);
  }
}
