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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@code truncate(n)} statistics for strings, against the golden tables' stats and the upper-bound
 * property in Paimon's order (unsigned UTF-8 bytes).
 */
class StatsTruncationTest {

  private static final String MAX_CODE_POINT = new String(Character.toChars(0x10FFFF));

  @Test
  void matchesTheGoldenTablesStatistics() {
    // docs: content "document N about a lake"; events: v "a value longer than 7" or "short".
    assertThat(StatsTruncation.truncateMin("document 0 about a lake", 16))
        .isEqualTo("document 0 about");
    assertThat(StatsTruncation.truncateMax("document 4 about a lake", 16))
        .isEqualTo("document 4 abouu");
    assertThat(StatsTruncation.truncateMin("a value longer than 7", 16))
        .isEqualTo("a value longer t");
    assertThat(StatsTruncation.truncateMax("short", 16)).isEqualTo("short");
  }

  @Test
  void keepsStringsOfAtMostNCodePoints() {
    String sixteen = "0123456789abcdef";
    assertThat(StatsTruncation.truncateMin(sixteen, 16)).isSameAs(sixteen);
    assertThat(StatsTruncation.truncateMax(sixteen, 16)).isSameAs(sixteen);
    // Four code points in eight chars: still not cut at 4.
    String emoji = "😀😀😀😀";
    assertThat(StatsTruncation.truncateMax(emoji, 4)).isSameAs(emoji);
    assertThat(StatsTruncation.truncateMax("", 1)).isEmpty();
  }

  @Test
  void countsCodePointsNotChars() {
    assertThat(StatsTruncation.truncateMin("😀😀😀", 2)).isEqualTo("😀😀");
    assertThat(StatsTruncation.truncateMax("😀😀😀", 2)).isEqualTo("😀😁");
    assertThat(StatsTruncation.truncateMax("日本語", 1)).isEqualTo("旦");
  }

  @Test
  void incrementsTheLastCodePointThatCanBeIncremented() {
    assertThat(StatsTruncation.truncateMax("a" + MAX_CODE_POINT + MAX_CODE_POINT + "x", 3))
        .isEqualTo("b");
    assertThat(StatsTruncation.truncateMax("az" + MAX_CODE_POINT + "x", 3)).isEqualTo("a{");
    assertThat(StatsTruncation.truncateMax(MAX_CODE_POINT.repeat(3) + "a", 3))
        .as("no upper bound of 3 code points exists")
        .isNull();
    assertThat(StatsTruncation.truncateMax(MAX_CODE_POINT.repeat(3), 3))
        .isEqualTo(MAX_CODE_POINT.repeat(3));
  }

  @Test
  void stepsOverTheSurrogatesInsteadOfWritingALoneOne() {
    // Paimon appends U+D800 here, which its UTF-8 encoder writes as '?', below the value.
    assertThat(StatsTruncation.truncateMax("a\uD7FFz", 2)).isEqualTo("a\uE000");
  }

  @Test
  void boundsEveryRandomStringInUtf8Order() {
    RandomRows random = new RandomRows(7L);
    for (int i = 0; i < 5000; i++) {
      String s = random.string(random.nextInt(60));
      int n = 1 + random.nextInt(20);
      byte[] value = utf8(s);
      String min = StatsTruncation.truncateMin(s, n);
      String max = StatsTruncation.truncateMax(s, n);
      assertThat(min.codePointCount(0, min.length())).isLessThanOrEqualTo(n);
      assertThat(Arrays.compareUnsigned(utf8(min), value))
          .as("min of '%s'", s)
          .isLessThanOrEqualTo(0);
      if (max != null) {
        assertThat(max.codePointCount(0, max.length())).isLessThanOrEqualTo(n);
        assertThat(Arrays.compareUnsigned(utf8(max), value))
            .as("max of '%s' at %d", s, n)
            .isGreaterThanOrEqualTo(0);
      } else {
        assertThat(s.codePoints().limit(n)).allMatch(cp -> cp == Character.MAX_CODE_POINT);
      }
    }
  }

  @Test
  void rejectsLengthsBelowOne() {
    assertThatThrownBy(() -> StatsTruncation.truncateMin("abc", 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("truncate length must be at least 1, got 0");
    assertThatThrownBy(() -> StatsTruncation.truncateMax("abc", -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("truncate length must be at least 1, got -1");
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
