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

import java.util.Objects;

/**
 * Paimon's {@code truncate(n)} statistics mode for strings ({@code metadata.stats-mode}, default
 * {@code truncate(16)}): a minimum is cut to its first {@code n} code points, a maximum is cut and
 * then raised so that it still bounds the original in Paimon's order (UTF-8 bytes, unsigned, which
 * is code point order). Other types are kept as they are and need nothing from this class.
 * Stateless and thread-safe.
 */
public final class StatsTruncation {

  private static final int FIRST_SURROGATE = Character.MIN_SURROGATE;
  private static final int AFTER_SURROGATES = Character.MAX_SURROGATE + 1;

  private StatsTruncation() {}

  /**
   * A lower bound of {@code s} of at most {@code n} code points.
   *
   * @return {@code s} itself when it has at most {@code n} code points, else its first {@code n}
   * @throws IllegalArgumentException if {@code n < 1} (Paimon rejects {@code truncate(0)})
   */
  public static String truncateMin(String s, int n) {
    Objects.requireNonNull(s, "s");
    checkLength(n);
    int cut = cutIndex(s, n);
    return cut < 0 ? s : s.substring(0, cut);
  }

  /**
   * An upper bound of {@code s} of at most {@code n} code points, or null when there is none.
   *
   * <p>As Paimon's {@code TruncateSimpleColStatsCollector}: a string of at most {@code n} code
   * points is returned unchanged; otherwise the first {@code n} are kept and the last one that can
   * be incremented is, and the code points after it are dropped. Only U+10FFFF cannot be
   * incremented, so the result is null only when all {@code n} kept code points are U+10FFFF;
   * Paimon then records no minimum and no maximum for the column, and a caller should do the same.
   * Unlike Paimon, an increment that would land on a surrogate (from U+D7FF) goes to U+E000:
   * Paimon's lone surrogate would be written as {@code ?} and no longer bound the value.
   *
   * @return {@code s}, a string that sorts after every string starting with its first {@code n}
   *     code points, or null
   * @throws IllegalArgumentException if {@code n < 1}
   */
  public static String truncateMax(String s, int n) {
    Objects.requireNonNull(s, "s");
    checkLength(n);
    int end = cutIndex(s, n);
    if (end < 0) {
      return s;
    }
    while (end > 0) {
      int codePoint = s.codePointBefore(end);
      int start = end - Character.charCount(codePoint);
      if (codePoint < Character.MAX_CODE_POINT) {
        int next = codePoint + 1;
        if (next >= FIRST_SURROGATE && next < AFTER_SURROGATES) {
          next = AFTER_SURROGATES;
        }
        return new StringBuilder(start + 2).append(s, 0, start).appendCodePoint(next).toString();
      }
      end = start;
    }
    return null;
  }

  /** The char index after the first {@code n} code points, or -1 when {@code s} has no more. */
  private static int cutIndex(String s, int n) {
    // A code point takes at least one char, so a short string needs no counting.
    if (s.length() <= n || s.codePointCount(0, s.length()) <= n) {
      return -1;
    }
    return s.offsetByCodePoints(0, n);
  }

  private static void checkLength(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("truncate length must be at least 1, got " + n);
    }
  }
}
