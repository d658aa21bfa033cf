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

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StatsPruningTest {

  private static final RowType TABLE =
      TestBatches.rowType(
          "id", DataTypes.BIGINT(),
          "k", DataTypes.INT(),
          "name", DataTypes.STRING(),
          "price", DataTypes.DOUBLE(),
          "amount", DataTypes.DECIMAL(10, 2),
          "ts", DataTypes.TIMESTAMP(6),
          "x", DataTypes.INT(),
          "a", DataTypes.INT(),
          "b", DataTypes.INT(),
          "nostats", DataTypes.INT());

  /** Statistics of a 100-row file; "x" is entirely null, "nostats" has none. */
  private static final Stats FILE =
      new Stats(100)
          .column("id", 10L, 20L, 0)
          .column("k", 7, 7, 3)
          .column("name", "apple", "banana", 5)
          .column("price", 1.0, Double.NaN, 0)
          .column("amount", new BigDecimal("1.00"), new BigDecimal("2.00"), 0)
          .column(
              "ts",
              LocalDateTime.parse("2024-01-01T00:00:00"),
              LocalDateTime.parse("2024-01-31T00:00:00"),
              0)
          .column("x", null, null, 100)
          .column("a", 1, 5, 0)
          .column("b", 6, 9, 0)
          .column("_ROW_ID", 100L, 199L, 0);

  private static boolean mightMatch(String text, StatsView stats) {
    return Predicates.parse(text, TABLE).mightMatch(stats);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "id = 5                          | false",
        "id = 10                         | true",
        "id = 15                         | true",
        "id = 21                         | false",
        "id = 10.5                       | true",
        "id = 20.5                       | false",
        "id < 10                         | false",
        "id <= 10                        | true",
        "id > 20                         | false",
        "id >= 20                        | true",
        "5 > id                          | false",
        "id <> 15                        | true",
        "id BETWEEN 21 AND 30            | false",
        "id BETWEEN 0 AND 9              | false",
        "id BETWEEN 0 AND 10             | true",
        "id NOT BETWEEN 0 AND 30         | false",
        "id NOT BETWEEN 12 AND 30        | true",
        "id IN (1, 2, 30)                | false",
        "id IN (1, 15)                   | true",
        "id NOT IN (15)                  | true",
        "id NOT IN (15, NULL)            | false",
        "id IS NULL                      | false",
        "id IS NOT NULL                  | true",
        "NOT id >= 10                    | false",
        "NOT (id >= 10 AND id <= 20)     | false",
        "NOT (id = 5 OR id = 25)         | true",
        "id = 5 OR id = 15               | true",
        "id = 5 AND id = 15              | false",
        "id = 5 OR name = 'cherry'       | false",
        "id = 5 OR name IS NULL          | true",
        "_ROW_ID IN (5, 500)             | false",
        "_ROW_ID = 150                   | true",
      })
  void prunesByMinMaxAndNullCount(String text, boolean expected) {
    assertThat(mightMatch(text, FILE)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "k <> 7                  | false",
        "NOT k = 7               | false",
        "k NOT IN (7, 8)         | false",
        "k NOT IN (8)            | true",
        "k = 7                   | true",
        "k IS NULL               | true",
        "k IS NOT NULL           | true",
        "x = 1                   | false",
        "NOT x = 1               | false",
        "x IN (1)                | false",
        "x NOT IN (1)            | false",
        "x IS NULL               | true",
        "x IS NOT NULL           | false",
        "x = a                   | false",
        "nostats = 1             | true",
        "NOT nostats = 1         | true",
        "nostats IS NULL         | true",
        "nostats IS NOT NULL     | true",
      })
  void handlesConstantAllNullAndMissingColumns(String text, boolean expected) {
    assertThat(mightMatch(text, FILE)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "name LIKE 'c%'          | false",
        "name LIKE 'b%'          | true",
        "name LIKE 'ba%'         | true",
        "name LIKE 'bb%'         | false",
        "name LIKE 'a%'          | true",
        "name LIKE 'ap%'         | true",
        "name LIKE 'aa%'         | false",
        "name LIKE 'apple'       | true",
        "name LIKE 'app_e'       | true",
        "name LIKE 'c_'          | false",
        "name LIKE '%a'          | true",
        "name LIKE '_x%'         | true",
        "name NOT LIKE 'x%'      | true",
        "name = 'cherry'         | false",
        "name > 'banana'         | false",
        "name >= 'banana'        | true",
      })
  void prunesStringsAndLikePrefixes(String text, boolean expected) {
    assertThat(mightMatch(text, FILE)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "price > 1e300                                 | true",
        "price < 1                                     | false",
        "amount > 2                                    | false",
        "amount > 1.999                                | true",
        "amount = 1.005                                | true",
        "ts < DATE '2024-01-01'                        | false",
        "ts <= DATE '2024-01-01'                       | true",
        "ts >= TIMESTAMP '2024-01-31 00:00:00.000001'  | false",
        "ts >= DATE '2024-01-31'                       | true",
        "a < b                                         | true",
        "a > b                                         | false",
        "a = b                                         | false",
        "a >= b                                        | false",
        "NOT a < b                                     | false",
        "a <> b                                        | true",
        "b > a AND a < 0                               | false",
        "1 = 1                                         | true",
        "1 = 2                                         | false",
        "id = NULL                                     | false",
        "NOT id = NULL                                 | false",
        "NOT 1 = 2                                     | true",
      })
  void prunesOtherTypesColumnPairsAndConstants(String text, boolean expected) {
    assertThat(mightMatch(text, FILE)).isEqualTo(expected);
  }

  @Test
  void anEmptyFileNeverMatches() {
    assertThat(mightMatch("1 = 1", new Stats(0))).isFalse();
    assertThat(mightMatch("id IS NULL", new Stats(0))).isFalse();
  }

  @Test
  void ordersStringStatisticsByCodePoint() {
    Stats stats = new Stats(10).column("name", "a", "ｚ", 0);
    // U+1F600 sorts after U+FF5A by code point (UTF-8 bytes) although not in UTF-16 units.
    assertThat(mightMatch("name > '😀'", stats)).isFalse();
    assertThat(mightMatch("name < '😀'", stats)).isTrue();
    assertThat(mightMatch("name LIKE '😀%'", stats)).isFalse();
  }

  @Test
  void ignoresStatisticsOfAnotherClass() {
    Stats stats = new Stats(10).column("id", "10", "20", 0).column("k", 1L, 2L, 0);
    assertThat(mightMatch("id = 5", stats)).isTrue();
    assertThat(mightMatch("k = 5", stats)).isFalse();
    assertThat(mightMatch("k = 2", stats)).isTrue();
  }

  @Test
  void missingBoundsOnOneSideStillPruneOnTheOther() {
    Stats stats = new Stats(10).column("id", null, 20L, 0);
    assertThat(mightMatch("id > 20", stats)).isFalse();
    assertThat(mightMatch("id < -1000", stats)).isTrue();
    assertThat(mightMatch("id = 21", stats)).isFalse();
    assertThat(mightMatch("id <> 20", stats)).isTrue();
  }

  /** A map-backed {@link StatsView}. */
  static final class Stats implements StatsView {
    private final long rowCount;
    private final Map<String, Object> min = new HashMap<>();
    private final Map<String, Object> max = new HashMap<>();
    private final Map<String, Long> nulls = new HashMap<>();

    Stats(long rowCount) {
      this.rowCount = rowCount;
    }

    Stats column(String name, Object minValue, Object maxValue, long nullCount) {
      min.put(name, minValue);
      max.put(name, maxValue);
      nulls.put(name, nullCount);
      return this;
    }

    @Override
    public long rowCount() {
      return rowCount;
    }

    @Override
    public Object min(String column) {
      return min.get(column);
    }

    @Override
    public Object max(String column) {
      return max.get(column);
    }

    @Override
    public OptionalLong nullCount(String column) {
      Long n = nulls.get(column);
      return n == null ? OptionalLong.empty() : OptionalLong.of(n);
    }
  }
}
