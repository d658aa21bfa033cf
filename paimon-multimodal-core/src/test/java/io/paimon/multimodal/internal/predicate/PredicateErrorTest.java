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

import io.paimon.multimodal.PredicateException;
import io.paimon.types.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PredicateErrorTest {

  private static final RowType TABLE = TestBatches.TABLE;

  private static void assertError(String text, int position, String message) {
    assertThatThrownBy(() -> Predicates.parse(text, TABLE))
        .isInstanceOf(PredicateException.class)
        .hasMessage(message + " at position " + position + " of predicate \"" + text + "\"")
        .satisfies(
            e -> {
              assertThat(((PredicateException) e).position()).isEqualTo(position);
              assertThat(((PredicateException) e).predicate()).isEqualTo(text);
            });
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "id =                | 4  | expected a column or a literal after '=' but found end of"
            + " input",
        "id == 1             | 4  | expected a column or a literal after '=' but found '='",
        "id IN (1, 2         | 11 | expected ',' or ')' in the IN list but found end of input",
        "id IN (1 2)         | 9  | expected ',' or ')' in the IN list but found '2'",
        "id IN ()            | 7  | expected a literal in the IN list but found ')'",
        "id IN (name)        | 7  | expected a literal in the IN list but found column 'name'",
        "id IN 1             | 6  | expected '(' after IN but found '1'",
        "id BETWEEN 1        | 12 | expected AND after the lower bound of BETWEEN but found end of"
            + " input",
        "id BETWEEN 1 OR 2   | 13 | expected AND after the lower bound of BETWEEN but found 'OR'",
        "id = 1 junk         | 7  | expected AND, OR or end of input but found 'junk'",
        "id = 1 AND          | 10 | expected a column, a literal, NOT or '(' but found end of"
            + " input",
        "(id = 1             | 7  | expected ')' but found end of input",
        "id = 1)             | 6  | expected AND, OR or end of input but found ')'",
        "id IS 5             | 6  | expected NULL or NOT NULL after IS but found '5'",
        "id IS NOT 5         | 10 | expected NULL after IS NOT but found '5'",
        "id NOT 5            | 7  | expected IN, BETWEEN or LIKE after NOT but found '5'",
        "and = 1             | 0  | expected a column, a literal, NOT or '(' but found keyword"
            + " 'and'",
        "id = null1 OR TRUE  | 5  | unknown column 'null1'; the columns are id, name, price, qty,"
            + " small, f, amount, big, flag, day, ts, ts_ltz, t, image, data, embedding, tags,"
            + " select, Mixed Case, a\"b, ...",
        "name LIKE 'x' ESCAPE 5 | 21 | expected a string literal after ESCAPE but found '5'",
        "SELECT * FROM t     | 7  | unexpected character '*'",
        "lower(name) = 'a'   | 0  | function calls are not supported: found 'lower('",
        "\"lower\"(name) = 'a' | 0 | function calls are not supported: found '\"lower\"('",
        "id = abs(-1)        | 5  | function calls are not supported: found 'abs('",
        "id = 1; DROP TABLE t | 6 | unexpected character ';': a predicate is not a statement",
        "id = 1 -- comment   | 7  | comments are not supported: found '--'",
        "/* x */ id = 1      | 0  | comments are not supported: found '/*'",
        "id = 1 / 2          | 7  | unexpected character '/'",
        "id = 1 + 2          | 7  | unexpected character '+'",
        "id = - 1            | 5  | unexpected character '-': a sign must directly precede a"
            + " number",
        "id ! 1              | 3  | unexpected character '!': expected '!='",
        "id = 1abc           | 5  | malformed number '1abc'",
        "id = 1.2.3          | 5  | malformed number '1.2.3'",
        "id = 1e             | 5  | malformed number '1e'",
        "id = 1e99999        | 5  | numeric literal '1e99999' is out of range",
        "\"\" = 1            | 0  | empty quoted identifier: expected a column name between the"
            + " quotes",
        "name = \"abc        | 7  | unterminated quoted identifier: expected a closing \"",
        "id = 1 AND é = 2    | 11 | unknown column 'é'; the columns are id, name, price, qty,"
            + " small, f, amount, big, flag, day, ts, ts_ltz, t, image, data, embedding, tags,"
            + " select, Mixed Case, a\"b, ...",
        "id = 1 ∧ id = 2     | 7  | unexpected character '∧'",
      })
  void rejectsMalformedPredicatesWithPositionAndExpectation(
      String text, int position, String message) {
    assertError(text, position, message);
  }

  @Test
  void pointsAtTheEndOfInputWhenAnOperandIsMissing() {
    assertError("id = ", 5, "expected a column or a literal after '=' but found end of input");
    assertError("id <> ", 6, "expected a column or a literal after '<>' but found end of input");
  }

  @Test
  void rejectsAnEmptyPredicate() {
    assertError("", 0, "expected a predicate but found end of input");
    assertError("   ", 3, "expected a predicate but found end of input");
  }

  @Test
  void rejectsAnUnterminatedString() {
    assertError("name = 'unterminated", 7, "unterminated string literal: expected a closing '");
    assertError("name = 'it''s", 7, "unterminated string literal: expected a closing '");
  }

  @Test
  void rejectsUnknownColumnsNamingThem() {
    assertError(
        "foo = 1",
        0,
        "unknown column 'foo'; the columns are id, name, price, qty, small, f, amount, big, flag,"
            + " day, ts, ts_ltz, t, image, data, embedding, tags, select, Mixed Case, a\"b, ...");
    assertError(
        "id = 1 OR ID = 2",
        10,
        "unknown column 'ID' (column names are case-sensitive: did you mean 'id'?)");
    assertError(
        "_row_id = 1",
        0,
        "unknown column '_row_id' (column names are case-sensitive: did you mean" + " '_ROW_ID'?)");
    RowType small = TestBatches.rowType("a", io.paimon.types.DataTypes.INT());
    assertThatThrownBy(() -> Predicates.parse("b IS NULL", small))
        .isInstanceOf(PredicateException.class)
        .hasMessage(
            "unknown column 'b'; the columns are a, _ROW_ID at position 0 of predicate \"b IS"
                + " NULL\"");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "name > 5                  | 7  | type mismatch: column 'name' of type STRING cannot be"
            + " compared with the numeric literal 5",
        "5 < name                  | 0  | type mismatch: column 'name' of type STRING cannot be"
            + " compared with the numeric literal 5",
        "id = 'x'                  | 5  | type mismatch: column 'id' of type BIGINT cannot be"
            + " compared with the string literal 'x'",
        "id IN (1, 'a')            | 10 | type mismatch: column 'id' of type BIGINT cannot be"
            + " compared with the string literal 'a'",
        "flag = 1                  | 7  | type mismatch: column 'flag' of type BOOLEAN cannot be"
            + " compared with the numeric literal 1",
        "price = TRUE              | 8  | type mismatch: column 'price' of type DOUBLE cannot be"
            + " compared with the boolean literal TRUE",
        "day = '2024-01-01'        | 6  | type mismatch: column 'day' of type DATE cannot be"
            + " compared with the string literal '2024-01-01'",
        "t = DATE '2024-01-01'     | 4  | type mismatch: column 't' of type TIME(3) cannot be"
            + " compared with the DATE literal DATE '2024-01-01'",
        "ts > TIME '10:00:00'      | 5  | type mismatch: column 'ts' of type TIMESTAMP(6) cannot be"
            + " compared with the TIME literal TIME '10:00:00'",
        "amount BETWEEN 1 AND 'z'  | 21 | type mismatch: column 'amount' of type DECIMAL(10, 2)"
            + " cannot be compared with the string literal 'z'",
        "id < name                 | 5  | type mismatch: column 'id' of type BIGINT cannot be"
            + " compared with column 'name' of type STRING",
        "day = flag                | 6  | type mismatch: column 'day' of type DATE cannot be"
            + " compared with column 'flag' of type BOOLEAN",
        "1 = 'a'                   | 4  | type mismatch: the numeric literal 1 cannot be compared"
            + " with the string literal 'a'",
      })
  void rejectsTypeMismatchesNamingColumnTypeAndLiteral(String text, int position, String message) {
    assertError(text, position, message);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "image = 'x'          | 0  | image | BLOB",
        "data = 'x'           | 0  | data  | BYTES",
        "'x' <> data          | 7  | data  | BYTES",
        "embedding IN (1)     | 0  | embedding | VECTOR<FLOAT, 3>",
        "tags BETWEEN 1 AND 2 | 0  | tags  | ARRAY<STRING>",
        "id < image           | 5  | image | BLOB",
      })
  void rejectsComparisonsOnColumnsWithoutAnOrder(
      String text, int position, String column, String type) {
    assertError(
        text,
        position,
        "column '"
            + column
            + "' of type "
            + type
            + " cannot be compared: only IS [NOT] NULL applies to it (comparisons work on numeric,"
            + " string, boolean, date, time and timestamp columns)");
  }

  @Test
  void rejectsLikeOnNonStrings() {
    assertError("id LIKE 'x'", 0, "LIKE requires a string column but column 'id' has type BIGINT");
    assertError(
        "image NOT LIKE 'x%'", 0, "LIKE requires a string column but column 'image' has type BLOB");
    assertError(
        "name LIKE 5",
        10,
        "expected a string literal as the LIKE pattern but found the numeric literal 5");
    assertError(
        "name LIKE name",
        10,
        "expected a string literal as the LIKE pattern but found column 'name'");
    assertError("5 LIKE 'x'", 0, "LIKE requires a string but found the numeric literal 5");
  }

  @Test
  void rejectsMisusedLikeEscapes() {
    assertError(
        "name LIKE 'a!' ESCAPE '!'",
        10,
        "invalid LIKE pattern 'a!': the escape character '!' must be followed by %, _ or itself");
    assertError(
        "name LIKE 'a!b' ESCAPE '!'",
        10,
        "invalid LIKE pattern 'a!b': the escape character '!' must be followed by %, _ or itself");
    assertError(
        "name LIKE 'a' ESCAPE 'ab'", 21, "expected a single character after ESCAPE but found 'ab'");
    assertError(
        "name LIKE 'a' ESCAPE ''", 21, "expected a single character after ESCAPE but found ''");
  }

  @Test
  void rejectsInvalidDateTimeLiterals() {
    assertError(
        "day = DATE 'not-a-date'", 11, "invalid DATE literal 'not-a-date': expected 'yyyy-mm-dd'");
    assertError(
        "day = DATE '2023-02-29'", 11, "invalid DATE literal '2023-02-29': expected 'yyyy-mm-dd'");
    assertError(
        "ts = TIMESTAMP '2024-01-01 25:00:00'",
        15,
        "invalid TIMESTAMP literal '2024-01-01 25:00:00': expected 'yyyy-mm-dd"
            + " hh:mm:ss[.fffffffff]'");
    assertError(
        "ts = TIMESTAMP '2024-01-01 10:00:00.1234567890'",
        15,
        "invalid TIMESTAMP literal '2024-01-01 10:00:00.1234567890': expected 'yyyy-mm-dd"
            + " hh:mm:ss[.fffffffff]'");
    assertError(
        "t = TIME '10:00'", 9, "invalid TIME literal '10:00': expected 'hh:mm:ss[.fffffffff]'");
  }

  @Test
  void rejectsANonBooleanOperandStandingAlone() {
    assertError(
        "id",
        2,
        "expected a comparison operator, IN, IS, BETWEEN or LIKE after column 'id' of type BIGINT"
            + " (only a BOOLEAN column is a predicate by itself)");
    assertError(
        "name AND flag",
        4,
        "expected a comparison operator, IN, IS, BETWEEN or LIKE after column 'name' of type"
            + " STRING (only a BOOLEAN column is a predicate by itself)");
    assertError(
        "5 OR flag",
        1,
        "expected a comparison operator, IN, IS, BETWEEN or LIKE after the numeric literal 5");
  }

  @Test
  void limitsNesting() {
    String deep = "(".repeat(300) + "id = 1" + ")".repeat(300);
    assertError(deep, 256, "the predicate nests parentheses and NOT deeper than 256");
    String nots = "NOT ".repeat(300) + "flag";
    assertError(nots, 1024, "the predicate nests parentheses and NOT deeper than 256");
    String ok = "(".repeat(200) + "id = 1" + ")".repeat(200);
    assertThat(Predicates.parse(ok, TABLE).explain()).isEqualTo("id = 1");
  }
}
