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
package io.paimon.row;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The writer side of the validation list: values that cannot be stored are rejected with a {@link
 * RowFormatException} (they fit the Java type but not the declared type) or an {@link
 * IllegalArgumentException} naming the field (wrong Java type, null for NOT NULL, wrong field
 * count), and a failed write leaves the writer usable with the file holding exactly the rows that
 * were written successfully.
 */
class WriterValidationTest {

  private static final String NAME = "written.row";
  private static final RowType TYPE =
      (RowType)
          DataTypes.parse(
              "ROW<id BIGINT NOT NULL, d DECIMAL(5, 2), w DECIMAL(20, 2), v VECTOR<FLOAT, 3>,"
                  + " tags ARRAY<STRING NOT NULL>, m MAP<STRING, INT>, r ROW<a INT, b STRING>,"
                  + " i INT>");

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  private RowFileWriter newWriter(int blockSize) {
    return RowFile.newWriter(out, NAME, TYPE, RowFileOptions.defaults().blockSize(blockSize));
  }

  private static Row row(long id) {
    return Row.of(
        id,
        new BigDecimal("123.45"),
        new BigDecimal("-123456789012345678.90"),
        new float[] {1f, 2f, (float) id},
        List.of("a", "b" + id),
        Map.of("k", (int) id),
        Row.of((int) id, "x"),
        (int) id);
  }

  /** {@link #row} with field {@code index} replaced by {@code value}. */
  private static Row rowWith(int index, Object value) {
    Object[] values = row(1).toArray();
    values[index] = value;
    return Row.wrap(values);
  }

  @ParameterizedTest(name = "{0} into {1}")
  @CsvSource({
    "1234.5, 1, 'd: value 1234.5 does not fit DECIMAL(5, 2) (more than 5 digits)'",
    "999.995, 1, 'd: value 999.995 does not fit DECIMAL(5, 2) (more than 5 digits)'",
    "-1000, 1, 'd: value -1000 does not fit DECIMAL(5, 2) (more than 5 digits)'",
    "1E+18, 2, 'w: value 1E+18 does not fit DECIMAL(20, 2) (more than 20 digits)'"
  })
  void rejectsDecimalWithMoreDigitsThanItsPrecision(String value, int field, String message)
      throws IOException {
    try (RowFileWriter w = newWriter(1 << 16)) {
      w.write(row(0));
      assertThatExceptionOfType(RowFormatException.class)
          .isThrownBy(() -> w.write(rowWith(field, new BigDecimal(value))))
          .withMessage(NAME + ": row 1: " + message)
          .satisfies(
              e -> {
                assertThat(e.file()).isEqualTo(NAME);
                assertThat(e.offset()).isEqualTo(-1);
              });
      assertThat(w.rowCount()).isEqualTo(1);
    }
  }

  @Test
  void rejectsVectorOfTheWrongLength() throws IOException {
    try (RowFileWriter w = newWriter(1 << 16)) {
      assertThatExceptionOfType(RowFormatException.class)
          .isThrownBy(() -> w.write(rowWith(3, new float[] {1f, 2f})))
          .withMessage(NAME + ": row 0: v: VECTOR of length 3 given 2 elements")
          .satisfies(e -> assertThat(e.file()).isEqualTo(NAME));
      assertThatExceptionOfType(RowFormatException.class)
          .isThrownBy(() -> w.write(rowWith(3, new float[4])))
          .withMessageContaining("VECTOR of length 3 given 4 elements");
    }
  }

  @ParameterizedTest(name = "field {0}")
  @CsvSource({
    "0, 'field ''id'' of type BIGINT NOT NULL expects Long, got java.lang.String'",
    "1, 'field ''d'' of type DECIMAL(5, 2) expects BigDecimal, got java.lang.String'",
    "3, 'field ''v'' of type VECTOR<FLOAT, 3> expects float[], got java.lang.String'",
    "4, 'field ''tags'' of type ARRAY<STRING NOT NULL> expects List, got java.lang.String'",
    "6, 'field ''r'' of type ROW<`a` INT, `b` STRING> expects io.paimon.row.Row, got"
        + " java.lang.String'",
    "7, 'field ''i'' of type INT expects Integer, got java.lang.String'"
  })
  void rejectsWrongJavaTypeNamingTheField(int field, String message) throws IOException {
    try (RowFileWriter w = newWriter(1 << 16)) {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> w.write(rowWith(field, "text")))
          .withMessage(message);
    }
  }

  @Test
  void rejectsWrongJavaTypeInsideNestedValues() throws IOException {
    try (RowFileWriter w = newWriter(1 << 16)) {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> w.write(rowWith(4, List.of("a", 7))))
          .withMessage(
              "field 'tags[]' of type STRING NOT NULL expects String, got java.lang.Integer");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> w.write(rowWith(5, Map.of("k", "v"))))
          .withMessage("field 'm.value' of type INT expects Integer, got java.lang.String");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> w.write(rowWith(6, Row.of(1, 2))))
          .withMessage("field 'r.b' of type STRING expects String, got java.lang.Integer");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> w.write(rowWith(7, 1L << 40)))
          .withMessage("field 'i' of type INT cannot hold 1099511627776");
    }
  }

  @Test
  void rejectsNullForNotNullNamingTheField() throws IOException {
    try (RowFileWriter w = newWriter(1 << 16)) {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> w.write(rowWith(0, null)))
          .withMessage("field 'id' is NOT NULL but null");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> w.write(rowWith(4, Arrays.asList("a", null))))
          .withMessage("field 'tags[]' is NOT NULL but element 1 is null");
    }
  }

  @Test
  void rejectsWrongFieldCount() throws IOException {
    try (RowFileWriter w = newWriter(1 << 16)) {
      assertThatIllegalArgumentException()
          .isThrownBy(() -> w.write(Row.of(1L, null)))
          .withMessage("the row has 2 fields but the schema has 8");
      assertThatIllegalArgumentException()
          .isThrownBy(() -> w.write(rowWith(6, Row.of(1, "x", 3))))
          .withMessage(
              "field 'r' of type ROW<`a` INT, `b` STRING> expects 2 fields, got a row of 3");
    }
  }

  @Test
  void writerContinuesAfterFailedWritesWithExactlyTheSuccessfulRows() throws IOException {
    List<Row> written = new ArrayList<>();
    int failures = 0;
    // Small blocks, so failures happen mid-block, at block starts and right after flushes.
    try (RowFileWriter w = newWriter(300)) {
      for (long id = 0; id < 200; id++) {
        Row bad;
        switch ((int) (id % 5)) {
          case 0:
            bad = rowWith(1, new BigDecimal("100000"));
            break;
          case 1:
            bad = rowWith(6, Row.of(1, 2));
            break;
          case 2:
            bad = rowWith(4, Arrays.asList("late", null));
            break;
          case 3:
            bad = rowWith(3, new float[2]);
            break;
          default:
            bad = Row.of(id);
        }
        try {
          w.write(bad);
        } catch (IllegalArgumentException | RowFormatException expected) {
          failures++;
        }
        w.write(row(id));
        written.add(row(id));
        assertThat(w.rowCount()).isEqualTo(written.size());
      }
    }
    assertThat(failures).isEqualTo(200);
    byte[] file = out.toByteArray();
    try (RowFileReader r = FormatErrors.open(NAME, file, TYPE)) {
      assertThat(r.layout().blockCount()).isGreaterThan(10);
      assertThat(r.rowCount()).isEqualTo(200);
      assertThat(FormatErrors.drain(r.project(0, 1, 2, 3, 4, 5, 6, 7)))
          .containsExactlyElementsOf(written);
    }
  }
}
