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
package io.paimon.multimodal.cli;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Parses a duration: a number and a unit, {@code ms}, {@code s}, {@code m}, {@code h}, {@code d} or
 * {@code w} ({@code 500ms}, {@code 90s}, {@code 12h}, {@code 7d}), or ISO-8601 ({@code PT36H},
 * {@code P7D}).
 */
final class DurationConverter implements ITypeConverter<Duration> {

  private static final Pattern SHORT = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d|w)");

  @Override
  public Duration convert(String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    Matcher m = SHORT.matcher(v);
    if (m.matches()) {
      long n;
      try {
        n = Long.parseLong(m.group(1));
      } catch (NumberFormatException e) {
        throw new TypeConversionException("duration '" + value + "' is too large");
      }
      switch (m.group(2)) {
        case "ms":
          return Duration.ofMillis(n);
        case "s":
          return Duration.ofSeconds(n);
        case "m":
          return Duration.ofMinutes(n);
        case "h":
          return Duration.ofHours(n);
        case "d":
          return Duration.ofDays(n);
        default:
          return Duration.ofDays(7 * n);
      }
    }
    Duration d;
    try {
      d = Duration.parse(value.trim().toUpperCase(Locale.ROOT));
    } catch (DateTimeParseException e) {
      throw new TypeConversionException(
          "'" + value + "' is not a duration: use e.g. 30s, 15m, 12h, 7d, 2w or PT36H");
    }
    if (d.isNegative()) {
      throw new TypeConversionException("duration '" + value + "' must not be negative");
    }
    return d;
  }
}
