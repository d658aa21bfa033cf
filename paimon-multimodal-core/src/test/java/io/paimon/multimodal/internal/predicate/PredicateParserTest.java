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

import io.paimon.types.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PredicateParserTest {

  private static final RowType TABLE = TestBatches.TABLE;

  private static String explain(String text) {
    return explain(text, TABLE);
  }

  private static String explain(String text, RowType table) {
    return Predicates.parse(text, table).explain();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "id = 1             | id = 1",
        "id != 1            | id <> 1",
        "id <> 1            | id <> 1",
        "id < 1             | id < 1",
        "id <= 1            | id <= 1",
        "id > 1             | id > 1",
        "id >= 1            | id >= 1",
        "id=1               | id = 1",
        "1 < id             | id > 1",
        "1 >= id            | id <= 1",
        "5 = id             | id = 5",
        "qty < price        | qty < price",
        "ts >= day          | ts >= day",
      })
  void parsesComparisonsWithTheColumnOnEitherSide(String text, String expected) {
    assertThat(explain(text)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "id IN (1, 2, 3)                 | id IN (1, 2, 3)",
        "id IN (7)                       | id IN (7)",
        "id NOT IN (1, 2)                | NOT id IN (1, 2)",
        "id IN (1, NULL)                 | id IN (1, NULL)",
        "id IS NULL                      | id IS NULL",
        "id IS NOT NULL                  | NOT id IS NULL",
        "image IS NULL                   | image IS NULL",
        "embedding IS NOT NULL           | NOT embedding IS NULL",
        "id BETWEEN 1 AND 5              | (id >= 1 AND id <= 5)",
        "id NOT BETWEEN 1 AND 5          | NOT (id >= 1 AND id <= 5)",
        "3 BETWEEN qty AND id            | (qty <= 3 AND id >= 3)",
        "name LIKE 'a%'                  | name LIKE 'a%'",
        "name NOT LIKE '_b%'             | NOT name LIKE '_b%'",
        "name LIKE 'a!%' ESCAPE '!'      | name LIKE 'a!%' ESCAPE '!'",
        "flag                            | flag = TRUE",
        "NOT flag                        | NOT flag = TRUE",
      })
  void parsesEveryPredicateForm(String text, String expected) {
    assertThat(explain(text)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "id = 1 OR id = 2 AND id = 3           | (id = 1 OR (id = 2 AND id = 3))",
        "id = 1 AND id = 2 OR id = 3           | ((id = 1 AND id = 2) OR id = 3)",
        "(id = 1 OR id = 2) AND id = 3         | ((id = 1 OR id = 2) AND id = 3)",
        "NOT id = 1 AND id = 2                 | (NOT id = 1 AND id = 2)",
        "NOT (id = 1 AND id = 2)               | NOT (id = 1 AND id = 2)",
        "NOT NOT id = 1                        | NOT NOT id = 1",
        "id = 1 OR NOT id = 2 OR id = 3        | (id = 1 OR NOT id = 2 OR id = 3)",
        "id = 1 AND id = 2 AND id = 3          | (id = 1 AND id = 2 AND id = 3)",
        "((id = 1))                            | id = 1",
        "id BETWEEN 1 AND 2 AND id = 3         | ((id >= 1 AND id <= 2) AND id = 3)",
        "NOT id BETWEEN 1 AND 2 OR flag        | (NOT (id >= 1 AND id <= 2) OR flag = TRUE)",
      })
  void notBindsTighterThanAndWhichBindsTighterThanOr(String text, String expected) {
    assertThat(explain(text)).isEqualTo(expected);
  }

  @Test
  void keywordsAreCaseInsensitive() {
    assertThat(explain("id in (1) and name is not null Or NOT price between 1 aNd 2"))
        .isEqualTo("((id IN (1) AND NOT name IS NULL) OR NOT (price >= 1 AND price <= 2))");
    assertThat(explain("name not like 'x' escape '#'")).isEqualTo("NOT name LIKE 'x' ESCAPE '#'");
    assertThat(explain("flag = true or flag = False")).isEqualTo("(flag = TRUE OR flag = FALSE)");
  }

  @Test
  void quotedIdentifiersReachAnyColumnName() {
    assertThat(explain("\"select\" = 'x'")).isEqualTo("select = 'x'");
    RowType odd =
        TestBatches.rowType(
            "not", io.paimon.types.DataTypes.INT(), "x y", io.paimon.types.DataTypes.INT());
    assertThat(explain("\"not\" = 1 OR \"x y\" = 2", odd))
        .isEqualTo("(\"not\" = 1 OR \"x y\" = 2)");
    assertThat(explain("\"Mixed Case\" > 1")).isEqualTo("\"Mixed Case\" > 1");
    assertThat(explain("\"a\"\"b\" = 2")).isEqualTo("\"a\"\"b\" = 2");
    assertThat(explain("\"id\" = 1")).isEqualTo("id = 1");
  }

  @Test
  void rowIdIsAColumn() {
    Predicate p = Predicates.parse("_ROW_ID < 10 AND name = 'a'", TABLE);
    assertThat(p.explain()).isEqualTo("(_ROW_ID < 10 AND name = 'a')");
    assertThat(p.referencedColumns()).containsExactly("_ROW_ID", "name");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "id = 1.5                                   | id = 1.5",
        "id = -3                                    | id = -3",
        "id > -0.25                                 | id > -0.25",
        "id = 1e3                                   | id = 1E+3",
        "id = 1.5E-2                                | id = 0.015",
        "price < .5                                 | price < 0.5",
        "price < 2.                                 | price < 2",
        "name = 'it''s'                             | name = 'it''s'",
        "name = ''                                  | name = ''",
        "name = 'a\"b'                              | name = 'a\"b'",
        "name = '日本 😀'                            | name = '日本 😀'",
        "flag = FALSE                               | flag = FALSE",
        "day = DATE '2024-02-29'                    | day = DATE '2024-02-29'",
        "ts < TIMESTAMP '2024-01-02 03:04:05'       | ts < TIMESTAMP '2024-01-02"
            + " 03:04:05.000000000'",
        "ts < TIMESTAMP '2024-01-02 03:04:05.123'   | ts < TIMESTAMP '2024-01-02"
            + " 03:04:05.123000000'",
        "ts < TIMESTAMP '2024-01-02T03:04:05.1234567' | ts < TIMESTAMP '2024-01-02"
            + " 03:04:05.123456700'",
        "ts < TIMESTAMP '2024-01-02'                | ts < TIMESTAMP '2024-01-02"
            + " 00:00:00.000000000'",
        "ts_ltz >= DATE '2024-01-02'                | ts_ltz >= DATE '2024-01-02'",
        "t = TIME '12:30:00.5'                      | t = TIME '12:30:00.500000000'",
        "amount = 12.34                             | amount = 12.34",
      })
  void parsesLiterals(String text, String expected) {
    assertThat(explain(text)).isEqualTo(expected);
  }

  @Test
  void dateTimestampAndTimeAreColumnNamesUnlessAStringFollows() {
    RowType table = TestBatches.rowType("date", io.paimon.types.DataTypes.INT());
    assertThat(Predicates.parse("date = 1", table).explain()).isEqualTo("\"date\" = 1");
    assertThat(
            Predicates.parse(
                    "DATE > 1", TestBatches.rowType("DATE", io.paimon.types.DataTypes.INT()))
                .explain())
        .isEqualTo("\"DATE\" > 1");
  }

  @Test
  void foldsPredicatesWithoutColumnsAndComparisonsWithNull() {
    assertThat(explain("1 = 1")).isEqualTo("TRUE");
    assertThat(explain("1 = 2")).isEqualTo("FALSE");
    assertThat(explain("NULL = NULL")).isEqualTo("NULL");
    assertThat(explain("id = NULL")).isEqualTo("NULL");
    assertThat(explain("id <> NULL")).isEqualTo("NULL");
    assertThat(explain("NOT id = NULL")).isEqualTo("NULL");
    assertThat(explain("NULL IS NULL")).isEqualTo("TRUE");
    assertThat(explain("'a' LIKE 'a%'")).isEqualTo("TRUE");
    assertThat(explain("2 IN (1, NULL)")).isEqualTo("NULL");
    assertThat(explain("2 NOT IN (1, 3)")).isEqualTo("TRUE");
    assertThat(explain("id IN (NULL)")).isEqualTo("NULL");
    assertThat(explain("TRUE")).isEqualTo("TRUE");
    assertThat(explain("1 = 1 AND id = 3")).isEqualTo("(TRUE AND id = 3)");
    assertThat(explain("DATE '2024-01-01' < TIMESTAMP '2024-01-01 00:00:01'")).isEqualTo("TRUE");
    assertThat(explain("1.0 = 1")).isEqualTo("TRUE");
  }

  @Test
  void referencedColumnsListEachColumnOnceInOrderOfAppearance() {
    Predicate p =
        Predicates.parse("price > qty OR name LIKE 'a%' AND qty IN (1) OR ts IS NULL", TABLE);
    assertThat(p.referencedColumns()).containsExactly("price", "qty", "name", "ts");
    assertThat(Predicates.parse("1 = 1", TABLE).referencedColumns()).isEmpty();
  }

  @Test
  void andCombinesTwoPredicates() {
    Predicate a = Predicates.parse("id > 1 AND id < 9", TABLE);
    Predicate b = Predicates.parse("name = 'x'", TABLE);
    Predicate both = a.and(b);
    assertThat(both.text()).isEqualTo("(id > 1 AND id < 9) AND (name = 'x')");
    assertThat(both.explain()).isEqualTo("(id > 1 AND id < 9 AND name = 'x')");
    assertThat(both.referencedColumns()).containsExactly("id", "name");
    assertThat(Predicates.alwaysTrue().and(b)).isSameAs(b);
    assertThat(b.and(Predicates.alwaysTrue())).isSameAs(b);
    assertThat(Predicates.alwaysTrue().isAlwaysTrue()).isTrue();
    assertThat(b.isAlwaysTrue()).isFalse();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "id BETWEEN -1.5 AND 1e2 OR NOT (name NOT LIKE 'a_%' ESCAPE 'a') AND flag",
        "ts IN (TIMESTAMP '2024-01-01 00:00:00.000000001', NULL) OR day < DATE '1969-12-31'",
        "\"Mixed Case\" <> qty AND \"a\"\"b\" IS NOT NULL AND t >= TIME '23:59:59.999'",
        "name IN ('it''s', '', 'é') AND NOT (price > 1 OR price < -1 OR f = 0.1)",
      })
  void canonicalFormParsesBackToTheSameTree(String text) {
    String canonical = explain(text);
    assertThat(explain(canonical)).isEqualTo(canonical);
  }

  @Test
  void toleratesAnyWhitespace() {
    assertThat(explain("\n\tid\t>=\r\n1  AND(name='x')")).isEqualTo("(id >= 1 AND name = 'x')");
  }
}
