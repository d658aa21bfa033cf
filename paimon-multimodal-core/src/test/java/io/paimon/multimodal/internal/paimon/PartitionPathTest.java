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

import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Partition directory names. The expected names of the typed cases are what Paimon 1.4.2's {@code
 * InternalRowPartitionComputer} and {@code PartitionPathUtils.generatePartitionPath} print for the
 * same values (JVM time zone UTC for TIMESTAMP_LTZ with {@code legacyName = false}).
 */
class PartitionPathTest {

  private static final String DEFAULT = "__DEFAULT_PARTITION__";

  private static String one(String key, DataType type, Object value, boolean legacy) {
    return PartitionPath.of(List.of(key), List.of(type), new Object[] {value}, DEFAULT, legacy);
  }

  @Test
  void namesTheGoldenTablesDirectories() {
    assertThat(one("category", DataTypes.STRING(), "city", true)).isEqualTo("category=city");
    assertThat(one("category", DataTypes.STRING(), "lake", false)).isEqualTo("category=lake");
    assertThat(one("camera", DataTypes.STRING(), null, true))
        .isEqualTo("camera=__DEFAULT_PARTITION__");
  }

  @Test
  void joinsKeysInOrderWithoutTrailingSlash() {
    assertThat(
            PartitionPath.of(
                List.of("dt", "hr", "n"),
                List.of(DataTypes.STRING(), DataTypes.INT(), DataTypes.BIGINT()),
                new Object[] {"2024-05-01", 7, null},
                DEFAULT,
                true))
        .isEqualTo("dt=2024-05-01/hr=7/n=__DEFAULT_PARTITION__");
    assertThat(PartitionPath.of(List.of(), List.of(), new Object[0], DEFAULT, true)).isEmpty();
  }

  @Test
  void nullEmptyAndWhitespaceOnlyValuesGetTheDefaultName() {
    for (String blank : new String[] {"", " ", "\t\n", "\u2003"}) {
      assertThat(
              PartitionPath.of(
                  List.of("k"), List.of(DataTypes.STRING()), new Object[] {blank}, "dflt/", true))
          .as("'%s'", blank)
          .isEqualTo("k=dflt%2F");
    }
    // Not blank: a non-breaking space is no whitespace to Character.isWhitespace.
    assertThat(one("k", DataTypes.STRING(), "\u00a0", true)).isEqualTo("k=\u00a0");
  }

  static Stream<Arguments> typedValues() {
    LocalDateTime noon = LocalDateTime.of(2024, 5, 1, 12, 0);
    LocalDateTime fine = LocalDateTime.of(2024, 5, 1, 10, 15, 30, 123_456_789);
    return Stream.of(
        // type, value, legacy name, cast-to-STRING name
        Arguments.of(DataTypes.BOOLEAN(), true, "true", "true"),
        Arguments.of(DataTypes.TINYINT(), (byte) -5, "-5", "-5"),
        Arguments.of(DataTypes.SMALLINT(), (short) 300, "300", "300"),
        Arguments.of(DataTypes.FLOAT(), -0.0f, "-0.0", "-0.0"),
        Arguments.of(DataTypes.DOUBLE(), 1e20, "1.0E20", "1.0E20"),
        Arguments.of(DataTypes.DOUBLE(), Double.NaN, "NaN", "NaN"),
        Arguments.of(DataTypes.DECIMAL(10, 2), new BigDecimal("1.5"), "1.50", "1.50"),
        Arguments.of(
            DataTypes.DECIMAL(38, 0),
            new BigDecimal("1E+30"),
            "1" + "0".repeat(30),
            "1" + "0".repeat(30)),
        Arguments.of(DataTypes.CHAR(3), "a b", "a b", "a b"),
        Arguments.of(DataTypes.DATE(), LocalDate.of(2024, 5, 1), "19844", "2024-05-01"),
        Arguments.of(DataTypes.DATE(), LocalDate.of(-1, 12, 31), "-719529", "000%2F-12-31"),
        Arguments.of(DataTypes.TIME(), LocalTime.of(10, 15, 30), "36930000", "10%3A15%3A30"),
        Arguments.of(DataTypes.TIME(3), LocalTime.of(10, 15, 30), "36930000", "10%3A15%3A30.0"),
        Arguments.of(
            DataTypes.TIME(2), LocalTime.of(1, 2, 3, 105_000_000), "3723105", "01%3A02%3A03.10"),
        Arguments.of(DataTypes.TIMESTAMP(0), noon, "2024-05-01T12%3A00", "2024-05-01 12%3A00%3A00"),
        Arguments.of(
            DataTypes.TIMESTAMP(6), noon, "2024-05-01T12%3A00", "2024-05-01 12%3A00%3A00.000000"),
        Arguments.of(
            DataTypes.TIMESTAMP(3),
            fine,
            "2024-05-01T10%3A15%3A30.123",
            "2024-05-01 10%3A15%3A30.123"),
        Arguments.of(
            DataTypes.TIMESTAMP(9),
            fine,
            "2024-05-01T10%3A15%3A30.123456789",
            "2024-05-01 10%3A15%3A30.123456789"),
        Arguments.of(
            DataTypes.TIMESTAMP_LTZ(3),
            Instant.parse("1969-12-31T23:59:59.999Z"),
            "1969-12-31T23%3A59%3A59.999",
            "1969-12-31 23%3A59%3A59.999"),
        Arguments.of(
            DataTypes.TIMESTAMP(0),
            LocalDateTime.of(12345, 1, 2, 3, 4),
            "+12345-01-02T03%3A04",
            "2345-01-02 03%3A04%3A00"));
  }

  @ParameterizedTest
  @MethodSource("typedValues")
  void printsValuesAsPaimonDoes(DataType type, Object value, String legacy, String cast) {
    assertThat(one("k", type, value, true)).isEqualTo("k=" + legacy);
    if (cast != null) {
      assertThat(one("k", type, value, false)).isEqualTo("k=" + cast);
    }
  }

  @Test
  void binaryValuesHaveNamesOnlyAsCastToString() {
    byte[] bytes = "a/é".getBytes(StandardCharsets.UTF_8);
    assertThat(one("k", DataTypes.BYTES(), bytes, false)).isEqualTo("k=a%2Fé");
    assertThatThrownBy(() -> one("k", DataTypes.BYTES(), bytes, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("field 0 (BYTES): with partition.legacy-name=true");
    assertThat(one("k", DataTypes.BYTES(), null, true)).isEqualTo("k=" + DEFAULT);
  }

  @Test
  void rejectsBadArgumentsNamingThem() {
    assertThatThrownBy(() -> one("k", DataTypes.INT(), 1L, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("field 0 (INT): expected Integer, got java.lang.Long");
    assertThatThrownBy(() -> one("k", DataTypes.ARRAY(DataTypes.INT()), List.of(1), true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("field 0 (ARRAY<INT>): ARRAY cannot be a partition value");
    assertThatThrownBy(() -> one("", DataTypes.INT(), 1, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("partition key 0 is empty");
    assertThatThrownBy(
            () ->
                PartitionPath.of(
                    List.of("k"), List.of(DataTypes.INT()), new Object[] {1}, "", true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("defaultName is empty");
    assertThatThrownBy(
            () -> PartitionPath.of(List.of("k"), List.of(), new Object[] {1}, DEFAULT, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("keys, types and values differ in size: 1, 0, 1");
  }

  @Test
  void escapesKeysAndValuesHiveStyle() {
    assertThat(PartitionPath.escape("a/b:c=d%e")).isEqualTo("a%2Fb%3Ac%3Dd%25e");
    assertThat(PartitionPath.escape("\"#'*?\\{}[]^"))
        .isEqualTo("%22%23%27%2A%3F%5C%7B%7D%5B%5D%5E");
    assertThat(PartitionPath.escape("\u0000\u0001\n\u001f\u007f")).isEqualTo("%00%01%0A%1F%7F");
    String kept = "plain -_.,;!@$&()+~` ü日😀";
    assertThat(PartitionPath.escape(kept)).isSameAs(kept);
    assertThat(one("a=b", DataTypes.STRING(), "x/y", true)).isEqualTo("a%3Db=x%2Fy");
  }

  @Test
  void unescapeReversesEscape() {
    assertThat(PartitionPath.unescape("a%2Fb%3Ac%3Dd%25e")).isEqualTo("a/b:c=d%e");
    assertThat(PartitionPath.unescape("%2f%7e")).isEqualTo("/~");
    assertThat(PartitionPath.unescape("100%")).isEqualTo("100%");
    assertThat(PartitionPath.unescape("%4")).isEqualTo("%4");
    assertThat(PartitionPath.unescape("%zz%+F")).isEqualTo("%zz%+F");
    RandomRows random = new RandomRows(20240501L);
    for (int i = 0; i < 500; i++) {
      StringBuilder s = new StringBuilder(random.string(20));
      s.insert(random.nextInt(s.length() + 1), (char) random.nextInt(0x80));
      String value = s.toString();
      assertThat(PartitionPath.unescape(PartitionPath.escape(value))).isEqualTo(value);
    }
  }
}
