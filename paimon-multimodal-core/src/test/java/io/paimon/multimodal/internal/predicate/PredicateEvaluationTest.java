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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.row.Row;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.row.RowFileWriter;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Evaluation over Arrow batches of every supported vector type, cross-checked against the row
 * evaluator on the same rows.
 */
class PredicateEvaluationTest {

  private static final RowType TABLE =
      TestBatches.rowType(
          "id", DataTypes.BIGINT(),
          "name", DataTypes.STRING(),
          "price", DataTypes.DOUBLE(),
          "qty", DataTypes.INT(),
          "small", DataTypes.TINYINT(),
          "f", DataTypes.FLOAT(),
          "amount", DataTypes.DECIMAL(10, 2),
          "big", DataTypes.DECIMAL(38, 4),
          "flag", DataTypes.BOOLEAN(),
          "day", DataTypes.DATE(),
          "ts", DataTypes.TIMESTAMP(6),
          "ts_ltz", DataTypes.TIMESTAMP_LTZ(3),
          "t", DataTypes.TIME(3),
          "image", DataTypes.BLOB());

  private static final long FIRST_ROW_ID = 100;

  private static final List<Object[]> ROWS =
      List.of(
          row(
              1L,
              "a",
              1.5,
              1,
              (byte) 1,
              0.5f,
              "12.34",
              "1000000000000000000000000000000000",
              true,
              "2024-01-01",
              "2024-01-01T00:00:00.123456",
              "2024-01-01T00:00:00.123Z",
              "12:00:00.5",
              new byte[] {1}),
          row(
              2L,
              "ab",
              Double.NaN,
              2,
              (byte) -128,
              0.1f,
              "-0.01",
              "-1000000000000000000000000000000000",
              false,
              "2023-12-31",
              "2023-12-31T23:59:59.999999",
              "2023-12-31T23:59:59.999Z",
              "00:00:00",
              null),
          row(
              Long.MAX_VALUE,
              "é",
              Double.POSITIVE_INFINITY,
              3,
              (byte) 127,
              Float.NaN,
              "0.00",
              "0.0001",
              null,
              null,
              null,
              null,
              null,
              new byte[0]),
          row(
              Long.MIN_VALUE,
              "😀",
              Double.NEGATIVE_INFINITY,
              -1,
              (byte) 0,
              -0.0f,
              "99999999.99",
              "-0.0001",
              true,
              "1970-01-01",
              "1969-12-31T23:59:59.5",
              "1970-01-01T00:00:00Z",
              "23:59:59.999",
              null),
          row(null, null, null, null, null, null, null, null, null, null, null, null, null, null),
          row(
              0L,
              "ｚ",
              0.0,
              0,
              (byte) 5,
              1f,
              "12.35",
              "12.3456",
              false,
              "2024-02-29",
              "2024-02-29T12:00:00",
              "2024-02-29T12:00:00Z",
              "12:00:00",
              new byte[] {2}),
          row(
              -1L,
              "a%b_c",
              -0.0,
              0,
              (byte) -5,
              Float.POSITIVE_INFINITY,
              "-99999999.99",
              "-12.3456",
              true,
              "2024-01-01",
              "2024-01-01T00:00:00",
              "2024-01-01T00:00:00.001Z",
              "12:00:00.5",
              new byte[] {3}));

  private RootAllocator allocator;
  private VectorSchemaRoot batch;

  @BeforeEach
  void createBatch() {
    allocator = new RootAllocator();
    batch = TestBatches.batch(allocator, TABLE, ROWS, FIRST_ROW_ID);
  }

  @AfterEach
  void closeBatch() {
    batch.close();
    allocator.close();
  }

  private static Object[] row(
      Long id,
      String name,
      Double price,
      Integer qty,
      Byte small,
      Float f,
      String amount,
      String big,
      Boolean flag,
      String day,
      String ts,
      String tsLtz,
      String t,
      byte[] image) {
    return new Object[] {
      id,
      name,
      price,
      qty,
      small,
      f,
      amount == null ? null : new BigDecimal(amount),
      big == null ? null : new BigDecimal(big),
      flag,
      day == null ? null : LocalDate.parse(day),
      ts == null ? null : LocalDateTime.parse(ts),
      tsLtz == null ? null : Instant.parse(tsLtz),
      t == null ? null : LocalTime.parse(t),
      image
    };
  }

  /**
   * The rows the predicate selects in the batch, checked to equal the row evaluator's TRUE rows.
   */
  private int[] select(String text) {
    Predicate p = Predicates.parse(text, TABLE);
    List<Integer> byRow = new ArrayList<>();
    for (int i = 0; i < ROWS.size(); i++) {
      Map<String, Object> values = TestBatches.rowMap(TABLE, ROWS.get(i), FIRST_ROW_ID + i);
      if (p.test(values::get) == Truth.TRUE) {
        byRow.add(i);
      }
    }
    int[] selected = p.evaluate(batch).toArray();
    assertThat(selected)
        .as("Arrow vs row evaluation of %s", text)
        .containsExactly(byRow.stream().mapToInt(Integer::intValue).toArray());
    return selected;
  }

  @ParameterizedTest(name = "{0} -> [{1}]")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "id = 1.5                                 | ",
        "id < 1.5                                 | 0 3 5 6",
        "id <= 1                                  | 0 3 5 6",
        "id > 1.5                                 | 1 2",
        "id >= -0.5                               | 0 1 2 5",
        "id <> 1.5                                | 0 1 2 3 5 6",
        "id < 1e30                                | 0 1 2 3 5 6",
        "id > 1e30                                | ",
        "id > -1e30                               | 0 1 2 3 5 6",
        "id = 9223372036854775807                 | 2",
        "id > 9223372036854775806.5               | 2",
        "id < -9223372036854775807.5              | 3",
        "id IN (1, 1.5, 2.0, 9223372036854775808) | 0 1",
        "id NOT IN (1, 2)                         | 2 3 5 6",
        "small > 127.5                            | ",
        "small < 300                              | 0 1 2 3 5 6",
        "small = -128                             | 1",
        "-5 = small                               | 6",
        "_ROW_ID IN (100, 102, 200)               | 0 2",
        "_ROW_ID >= 105                           | 5 6",
      })
  void comparesIntegersWithAnyNumericLiteralExactly(String text, String rows) {
    assertThat(select(text)).containsExactly(indexes(rows));
  }

  @ParameterizedTest(name = "{0} -> [{1}]")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "price > 1e308                 | 1 2",
        "price = 0                     | 5 6",
        "price < 0                     | 3",
        "price IN (0, 1.5)             | 0 5 6",
        "price NOT IN (0)              | 0 1 2 3",
        "price = price                 | 0 1 2 3 5 6",
        "price <> price                | ",
        "price >= 1.5                  | 0 1 2",
        "f = 0.5                       | 0",
        "f = 0.1                       | ",
        "f > 1                         | 2 6",
        "f = 0                         | 3",
        "f < price                     | 0 1",
        "qty < price                   | 0 1 2",
        "id = qty                      | 0 1 5",
      })
  void ordersFloatingPointTotallyWithNanGreatest(String text, String rows) {
    assertThat(select(text)).containsExactly(indexes(rows));
  }

  @ParameterizedTest(name = "{0} -> [{1}]")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "amount = 12.345                          | ",
        "amount < 12.345                          | 0 1 2 6",
        "amount > 12.345                          | 3 5",
        "amount IN (12.34, 12.345, 0)             | 0 2",
        "amount = 0                               | 2",
        "amount BETWEEN -0.01 AND 12.34           | 0 1 2",
        "amount > 1e20                            | ",
        "amount < 1e20                            | 0 1 2 3 5 6",
        "big > 999999999999999999999999999999999  | 0",
        "big < -1e32                              | 1",
        "big = 0.0001                             | 2",
        "big IN (-0.0001, 12.3456)                | 3 5",
        "big > 0                                  | 0 2 5",
        "big < 1e40                               | 0 1 2 3 5 6",
        "big = 12.34565                           | ",
        "amount < big                             | 0 2 6",
        "qty < amount                             | 0 3 5",
        "amount <> amount                         | ",
      })
  void comparesDecimalsExactlyIncludingBeyondSixtyFourBits(String text, String rows) {
    assertThat(select(text)).containsExactly(indexes(rows));
  }

  @ParameterizedTest(name = "{0} -> [{1}]")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "name = 'a'                        | 0",
        "name <> 'a'                       | 1 2 3 5 6",
        "name > 'a'                        | 1 2 3 5 6",
        "name > 'ｚ'                       | 3",
        "name < 'ｚ'                       | 0 1 2 6",
        "name >= ''                        | 0 1 2 3 5 6",
        "name IN ('é', '😀', 'x')          | 2 3",
        "name LIKE 'a%'                    | 0 1 6",
        "name LIKE '_'                     | 0 2 3 5",
        "name LIKE '__'                    | 1",
        "name LIKE '%b%'                   | 1 6",
        "name LIKE '%b'                    | 1",
        "name LIKE 'a%b!_c' ESCAPE '!'     | 6",
        "name LIKE 'a!%b%' ESCAPE '!'      | 6",
        "name LIKE 'a\\%b%' ESCAPE '\\'    | 6",
        "name LIKE '%'                     | 0 1 2 3 5 6",
        "name LIKE ''                      | ",
        "name NOT LIKE 'a%'                | 2 3 5",
        "name LIKE 'a_b%'                  | 6",
        "name LIKE '_%_'                   | 1 6",
        "name LIKE '%_%_%'                 | 1 6",
        "name LIKE 'a%c'                   | 6",
        "name LIKE 'é'                     | 2",
        "name = name                       | 0 1 2 3 5 6",
        "name LIKE 'A%'                    | ",
      })
  void comparesStringsByCodePointAndMatchesLikeByCharacter(String text, String rows) {
    assertThat(select(text)).containsExactly(indexes(rows));
  }

  @ParameterizedTest(name = "{0} -> [{1}]")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "flag                              | 0 3 6",
        "NOT flag                          | 1 5",
        "flag = FALSE                      | 1 5",
        "flag <> TRUE                      | 1 5",
        "flag > FALSE                      | 0 3 6",
        "flag IN (FALSE, NULL)             | 1 5",
        "flag IS NULL                      | 2 4",
        "image IS NULL                     | 1 3 4",
        "image IS NOT NULL                 | 0 2 5 6",
        "1 = 1                             | 0 1 2 3 4 5 6",
        "NULL                              | ",
        "id = NULL                         | ",
        "id > 0 AND name LIKE 'a%' OR flag IS NULL | 0 1 2 4",
        "NOT (id > 0 OR id < 0)            | 5",
      })
  void evaluatesBooleansNullChecksAndConstants(String text, String rows) {
    assertThat(select(text)).containsExactly(indexes(rows));
  }

  @ParameterizedTest(name = "{0} -> [{1}]")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "day = DATE '2024-01-01'                                | 0 6",
        "day < DATE '2024-01-01'                                | 1 3",
        "day = TIMESTAMP '2024-01-01 00:00:00'                  | 0 6",
        "day = TIMESTAMP '2024-01-01 00:00:01'                  | ",
        "day < TIMESTAMP '2024-01-01 00:00:01'                  | 0 1 3 6",
        "day > TIMESTAMP '2023-12-31 23:59:59.999999999'        | 0 5 6",
        "day < DATE '1970-01-02'                                | 3",
        "day IN (DATE '1970-01-01', TIMESTAMP '2024-02-29 00:00:00', TIMESTAMP '2024-01-01"
            + " 00:00:00.5') | 3 5",
        "ts = TIMESTAMP '2024-01-01 00:00:00.123456'            | 0",
        "ts = TIMESTAMP '2024-01-01 00:00:00.1234561'           | ",
        "ts > TIMESTAMP '2024-01-01 00:00:00.1234559'           | 0 5",
        "ts < DATE '2024-01-01'                                 | 1 3",
        "ts >= DATE '2024-01-01'                                | 0 5 6",
        "ts < TIMESTAMP '1970-01-01 00:00:00'                   | 3",
        "ts IN (TIMESTAMP '2024-02-29 12:00:00', TIMESTAMP '2024-01-01 00:00:00.0000001') | 5",
        "ts > TIMESTAMP '+10000-01-01 00:00:00'                 | ",
        "ts < TIMESTAMP '+10000-01-01 00:00:00'                 | 0 1 3 5 6",
        "ts > day                                               | 0 1 5",
        "ts = day                                               | 6",
        "ts >= day                                              | 0 1 5 6",
        "ts_ltz = TIMESTAMP '2024-01-01 00:00:00.123'           | 0",
        "ts_ltz < DATE '2024-01-01'                             | 1 3",
        "ts_ltz > ts                                            | 3 6",
        "t = TIME '12:00:00.5'                                  | 0 6",
        "t < TIME '12:00:00'                                    | 1",
        "t > TIME '12:00:00.4999'                               | 0 3 6",
        "t = TIME '12:00:00.5001'                               | ",
        "t IN (TIME '00:00:00', TIME '23:59:59.999')            | 1 3",
      })
  void comparesDatesTimesAndTimestampsOnOneTimeLine(String text, String rows) {
    assertThat(select(text)).containsExactly(indexes(rows));
  }

  @Test
  void nanosecondTimestampsCompareWithMicrosecondsExactly() {
    RowType table =
        TestBatches.rowType(
            "a", DataTypes.TIMESTAMP(9), "b", DataTypes.TIMESTAMP(6), "s", DataTypes.TIMESTAMP(0));
    LocalDateTime base = LocalDateTime.parse("1969-12-31T23:59:59.999999");
    List<Object[]> rows =
        List.of(
            new Object[] {base, base, base.withNano(0)},
            new Object[] {base.plusNanos(1), base, base.withNano(0)},
            new Object[] {base.minusNanos(1), base, base.withNano(0)});
    try (VectorSchemaRoot b = TestBatches.batch(allocator, table, rows, 0)) {
      assertThat(Predicates.parse("a = b", table).evaluate(b).toArray()).containsExactly(0);
      assertThat(Predicates.parse("a > b", table).evaluate(b).toArray()).containsExactly(1);
      assertThat(Predicates.parse("b > a", table).evaluate(b).toArray()).containsExactly(2);
      assertThat(Predicates.parse("s < a", table).evaluate(b).toArray()).containsExactly(0, 1, 2);
      assertThat(
              Predicates.parse("a < TIMESTAMP '1969-12-31 23:59:59.999999001'", table)
                  .evaluate(b)
                  .toArray())
          .containsExactly(0, 2);
      assertThat(
              Predicates.parse("b < TIMESTAMP '1969-12-31 23:59:59.999999001'", table)
                  .evaluate(b)
                  .toArray())
          .containsExactly(0, 1, 2);
      assertThat(
              Predicates.parse("b = TIMESTAMP '1969-12-31 23:59:59.999999001'", table)
                  .evaluate(b)
                  .toArray())
          .isEmpty();
    }
  }

  @Test
  void evaluatesBatchesDecodedFromARowFile(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("data.row");
    try (RowFileWriter writer = RowFile.newWriter(file, TABLE, RowFileOptions.defaults())) {
      for (Object[] row : ROWS) {
        writer.write(Row.of(row));
      }
    }
    String[] predicates = {
      "id < 1.5", "price > 1e308", "f < price", "amount < 12.345", "big IN (-0.0001, 12.3456)",
      "amount < big", "name > 'ｚ'", "name LIKE '_'", "flag",
          "day = TIMESTAMP '2024-01-01 00:00:00'",
      "ts > day", "ts_ltz > ts", "t > TIME '12:00:00.4999'", "image IS NULL", "small = -128"
    };
    try (RowFileReader reader = RowFile.open(file, TABLE);
        RowArrowReader arrow = reader.arrowReader(allocator, 3)) {
      int offset = 0;
      while (arrow.loadNextBatch()) {
        VectorSchemaRoot fileBatch = arrow.getVectorSchemaRoot();
        for (String text : predicates) {
          int from = offset;
          int[] expected =
              Arrays.stream(select(text))
                  .filter(i -> i >= from && i < from + fileBatch.getRowCount())
                  .map(i -> i - from)
                  .toArray();
          assertThat(Predicates.parse(text, TABLE).evaluate(fileBatch).toArray())
              .as("%s on rows from %d", text, offset)
              .containsExactly(expected);
        }
        offset += fileBatch.getRowCount();
      }
      assertThat(offset).isEqualTo(ROWS.size());
    }
  }

  @Test
  void evaluatesAnEmptyBatch() {
    try (VectorSchemaRoot empty = TestBatches.batch(allocator, TABLE, List.of(), 0)) {
      Selection s = Predicates.parse("name LIKE 'a%' OR id IN (1)", TABLE).evaluate(empty);
      assertThat(s.count()).isZero();
      assertThat(s.rowCount()).isZero();
      assertThat(s.isAll()).isTrue();
    }
  }

  @Test
  void selectionListsTheTrueRows() {
    Selection s = Predicates.parse("flag", TABLE).evaluate(batch);
    assertThat(s.count()).isEqualTo(3);
    assertThat(s.rowCount()).isEqualTo(7);
    assertThat(s.index(1)).isEqualTo(3);
    assertThat(s.isAll()).isFalse();
    assertThat(s.toString()).isEqualTo("Selection[0, 3, 6] of 7");
  }

  @Test
  void readsOnlyReferencedColumnsByName() {
    RowType narrow = TestBatches.rowType("name", DataTypes.STRING(), "id", DataTypes.BIGINT());
    List<Object[]> rows = List.of(new Object[] {"a", 5L}, new Object[] {"b", 6L});
    try (VectorSchemaRoot b = TestBatches.batch(allocator, narrow, rows, 0)) {
      assertThat(Predicates.parse("id = 6 OR _ROW_ID = 0", TABLE).evaluate(b).toArray())
          .containsExactly(0, 1);
      assertThatThrownBy(() -> Predicates.parse("price > 1", TABLE).evaluate(b))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("the batch has no column 'price' that the predicate references");
    }
  }

  @Test
  void rejectsABatchColumnOfAnotherType() {
    RowType wrong = TestBatches.rowType("id", DataTypes.STRING());
    try (VectorSchemaRoot b =
        TestBatches.batch(allocator, wrong, List.<Object[]>of(new Object[] {"1"}), 0)) {
      assertThatThrownBy(() -> Predicates.parse("id = 1", TABLE).evaluate(b))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "batch column 'id' is a Utf8 vector, which cannot hold the column's type BIGINT");
    }
  }

  @Test
  void rowEvaluationRejectsValuesOfTheWrongClass() {
    Predicate p = Predicates.parse("id = 1", TABLE);
    assertThatThrownBy(() -> p.test(c -> "1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("column 'id' of type BIGINT holds a value of class java.lang.String: 1");
    Predicate like = Predicates.parse("name LIKE 'a%'", TABLE);
    assertThatThrownBy(() -> like.test(c -> 5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("column 'name' of type STRING holds a value of class java.lang.Integer: 5");
  }

  private static int[] indexes(String rows) {
    if (rows == null || rows.isBlank()) {
      return new int[0];
    }
    return Arrays.stream(rows.trim().split("\\s+")).mapToInt(Integer::parseInt).toArray();
  }
}
