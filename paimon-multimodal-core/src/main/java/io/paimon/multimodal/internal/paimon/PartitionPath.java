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
import io.paimon.types.TimeType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Objects;

/**
 * Paimon's partition directory names, {@code k1=v1/k2=v2}, as {@code FileStorePathFactory} makes
 * them from a partition's BinaryRow (Paimon 1.4.2 to 2.x).
 *
 * <p>A value prints as Paimon prints its internal value: with {@code partition.legacy-name=true}
 * (the default) the Java {@code toString()} of that value, so a DATE gives its day number, a TIME
 * its millisecond of the day and a TIMESTAMP {@code LocalDateTime.toString()}; with {@code false}
 * Paimon's cast to STRING ({@code 2024-05-01}, {@code 10:15:30}, {@code 2024-05-01 10:15:30.123}).
 * Values are first normalised as the BinaryRow stores them (DECIMAL rounded to its scale, TIME and
 * TIMESTAMP(p &lt;= 3) to the millisecond), so the directory names the value {@code _PARTITION}
 * holds. One difference remains: Paimon casts a TIMESTAMP_LTZ to STRING in its JVM's default time
 * zone, this class in UTC, so with {@code partition.legacy-name=false} such names agree only with a
 * Paimon running in UTC. Stateless and thread-safe.
 */
public final class PartitionPath {

  /** Paimon escapes these ASCII characters, and every control character, as {@code %XX}. */
  private static final String SPECIAL = "\"#%'*/:=?\\{}[]^\u007f";

  /** The Julian day number of 1970-01-01. */
  private static final int EPOCH_JULIAN_DAY = 2_440_588;

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private PartitionPath() {}

  /**
   * The relative partition directory of one partition.
   *
   * @param keys the partition keys in key order
   * @param types their types
   * @param values their values in our Java value model (see {@link BinaryRows}); null for null
   * @param defaultName the name of a null, empty or whitespace-only value ({@code
   *     partition.default-name}, Paimon's default {@code __DEFAULT_PARTITION__})
   * @param legacyName the table's {@code partition.legacy-name} option (Paimon's default true)
   * @return {@code k1=v1/k2=v2} with keys and values {@link #escape escaped}, no trailing slash;
   *     the empty string for no keys
   * @throws IllegalArgumentException if the three lists differ in size, a key or {@code
   *     defaultName} is empty, or naming the field index and type if a value has the wrong class,
   *     does not fit its type, cannot be a partition value (ARRAY, MAP, MULTISET, ROW, VECTOR,
   *     VARIANT, BLOB), or is a BINARY/VARBINARY with {@code legacyName} (Paimon would print the
   *     array's identity hash, which no one can reproduce)
   */
  public static String of(
      List<String> keys,
      List<DataType> types,
      Object[] values,
      String defaultName,
      boolean legacyName) {
    Objects.requireNonNull(keys, "keys");
    Objects.requireNonNull(types, "types");
    Objects.requireNonNull(values, "values");
    Objects.requireNonNull(defaultName, "defaultName");
    if (keys.size() != types.size() || keys.size() != values.length) {
      throw new IllegalArgumentException(
          "keys, types and values differ in size: "
              + keys.size()
              + ", "
              + types.size()
              + ", "
              + values.length);
    }
    if (defaultName.isEmpty()) {
      throw new IllegalArgumentException("defaultName is empty");
    }
    StringBuilder path = new StringBuilder();
    for (int i = 0; i < keys.size(); i++) {
      String key = Objects.requireNonNull(keys.get(i), "keys element");
      if (key.isEmpty()) {
        throw new IllegalArgumentException("partition key " + i + " is empty");
      }
      Object value = values[i];
      String text = value == null ? null : format(i, types.get(i), value, legacyName);
      if (text == null || text.isBlank()) {
        text = defaultName;
      }
      if (i > 0) {
        path.append('/');
      }
      path.append(escape(key)).append('=').append(escape(text));
    }
    return path.toString();
  }

  /**
   * Hive-style escaping as Paimon does it: control characters U+0000 to U+001F, DEL and {@code " #
   * % ' * / : = ? \ { } [ ] ^} become {@code %XX} (upper-case hex); everything else, non-ASCII
   * included, is kept.
   *
   * @return {@code s} escaped; {@code s} itself when nothing needs escaping
   */
  public static String escape(String s) {
    StringBuilder out = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean special = c < ' ' || (c < 0x80 && SPECIAL.indexOf(c) >= 0);
      if (special && out == null) {
        out = new StringBuilder(s.length() + 8).append(s, 0, i);
      }
      if (special) {
        out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xF]);
      } else if (out != null) {
        out.append(c);
      }
    }
    return out == null ? s : out.toString();
  }

  /**
   * Reverses {@link #escape}: every {@code %} followed by two hex digits (either case) becomes that
   * character; any other {@code %} is kept. Paimon also decodes {@code %+F} and {@code %-0}, which
   * its escaping never produces; this method keeps them as they are.
   *
   * @return {@code s} unescaped
   */
  public static String unescape(String s) {
    if (s.indexOf('%') < 0) {
      return s;
    }
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      int high = i + 2 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
      int low = high >= 0 ? Character.digit(s.charAt(i + 2), 16) : -1;
      if (c == '%' && low >= 0) {
        out.append((char) (high * 16 + low));
        i += 2;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }

  private static String format(int field, DataType type, Object value, boolean legacy) {
    switch (type.root()) {
      case BOOLEAN:
        return PaimonValues.as(field, type, value, Boolean.class).toString();
      case TINYINT:
        return PaimonValues.as(field, type, value, Byte.class).toString();
      case SMALLINT:
        return PaimonValues.as(field, type, value, Short.class).toString();
      case INTEGER:
        return PaimonValues.as(field, type, value, Integer.class).toString();
      case BIGINT:
        return PaimonValues.as(field, type, value, Long.class).toString();
      case FLOAT:
        return PaimonValues.as(field, type, value, Float.class).toString();
      case DOUBLE:
        return PaimonValues.as(field, type, value, Double.class).toString();
      case DECIMAL:
        DecimalType decimal = (DecimalType) type;
        return new BigDecimal(PaimonValues.unscaled(field, decimal, value), decimal.scale())
            .toPlainString();
      case CHAR:
      case VARCHAR:
        return PaimonValues.as(field, type, value, String.class);
      case BINARY:
      case VARBINARY:
        byte[] bytes = PaimonValues.as(field, type, value, byte[].class);
        if (legacy) {
          throw new IllegalArgumentException(
              "field "
                  + field
                  + " ("
                  + type
                  + "): with partition.legacy-name=true Paimon names binary partitions by the"
                  + " array's identity hash");
        }
        return new String(bytes, StandardCharsets.UTF_8);
      case DATE:
        int day = PaimonValues.epochDay(field, type, value);
        return legacy ? Integer.toString(day) : formatDate(day);
      case TIME_WITHOUT_TIME_ZONE:
        int millis = PaimonValues.millisOfDay(field, type, value);
        return legacy
            ? Integer.toString(millis)
            : formatTime(millis, ((TimeType) type).precision());
      case TIMESTAMP_WITHOUT_TIME_ZONE:
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        long[] millisAndNanos = PaimonValues.epochMillisAndNanos(field, type, value);
        LocalDateTime utc = PaimonValues.localDateTime(millisAndNanos[0], (int) millisAndNanos[1]);
        // Paimon casts TIMESTAMP_LTZ in its JVM's zone; a library must not depend on ours.
        return legacy
            ? utc.toString()
            : formatTimestamp(utc, PaimonValues.timestampPrecision(type));
      default:
        throw new IllegalArgumentException(
            "field " + field + " (" + type + "): " + type.root() + " cannot be a partition value");
    }
  }

  private static String formatDate(LocalDate date) {
    return formatDate(date.getYear(), date.getMonthValue(), date.getDayOfMonth());
  }

  private static String formatDate(int year, int month, int day) {
    StringBuilder out = new StringBuilder(10);
    appendDigits(out, year, 4).append('-');
    appendDigits(out, month, 2).append('-');
    return appendDigits(out, day, 2).toString();
  }

  /**
   * A DATE cast to STRING. Paimon converts the day number through the Julian day (Richards'
   * algorithm, in wrapping int arithmetic with truncating division), which agrees with {@link
   * LocalDate} for the years 0 to 9999; this repeats that arithmetic so that other dates print the
   * same odd characters as in Paimon.
   */
  private static String formatDate(int epochDay) {
    int j = epochDay + EPOCH_JULIAN_DAY + 32_044;
    int g = j / 146_097;
    int dg = j % 146_097;
    int c = (dg / 36_524 + 1) * 3 / 4;
    int dc = dg - c * 36_524;
    int b = dc / 1461;
    int db = dc % 1461;
    int a = (db / 365 + 1) * 3 / 4;
    int da = db - a * 365;
    int y = g * 400 + c * 100 + b * 4 + a;
    int m = (da * 5 + 308) / 153 - 2;
    int d = da - (m + 4) * 153 / 5 + 122;
    return formatDate(y - 4800 + (m + 2) / 12, (m + 2) % 12 + 1, d + 1);
  }

  /**
   * {@code HH:mm:ss}, then for a precision above 0 the millisecond digits up to the precision,
   * without trailing zeros but at least one digit: Paimon's {@code formatTimestampMillis}.
   */
  private static String formatTime(int millis, int precision) {
    StringBuilder out = new StringBuilder(12);
    appendDigits(out, millis / 3_600_000, 2).append(':');
    appendDigits(out, millis / 60_000 % 60, 2).append(':');
    appendDigits(out, millis / 1000 % 60, 2);
    if (precision > 0) {
      String fraction = stripTrailingZeros(digits(millis % 1000, 3), 1);
      out.append('.').append(fraction, 0, Math.min(precision, fraction.length()));
    }
    return out.toString();
  }

  /**
   * {@code yyyy-MM-dd HH:mm:ss}, then the nine nanosecond digits with trailing zeros removed while
   * more than {@code precision} remain: Paimon's {@code formatTimestamp}.
   */
  private static String formatTimestamp(LocalDateTime t, int precision) {
    StringBuilder out = new StringBuilder(29).append(formatDate(t.toLocalDate())).append(' ');
    appendDigits(out, t.getHour(), 2).append(':');
    appendDigits(out, t.getMinute(), 2).append(':');
    appendDigits(out, t.getSecond(), 2);
    String fraction = stripTrailingZeros(digits(t.getNano(), 9), precision);
    if (!fraction.isEmpty()) {
      out.append('.').append(fraction);
    }
    return out.toString();
  }

  private static String digits(int value, int width) {
    return appendDigits(new StringBuilder(width), value, width).toString();
  }

  private static String stripTrailingZeros(String digits, int keep) {
    int end = digits.length();
    while (end > keep && digits.charAt(end - 1) == '0') {
      end--;
    }
    return digits.substring(0, end);
  }

  /**
   * The last {@code width} decimal digits of {@code value}, zero-padded. Paimon prints a year this
   * way too, so a year above 9999 loses its leading digits there just as here; each digit is
   * computed as {@code '0' + value / 10^k % 10} to give the same characters for negative years.
   */
  private static StringBuilder appendDigits(StringBuilder out, int value, int width) {
    int divisor = 1;
    for (int k = 1; k < width; k++) {
      divisor *= 10;
    }
    for (; divisor > 0; divisor /= 10) {
      out.append((char) ('0' + value / divisor % 10));
    }
    return out;
  }
}
