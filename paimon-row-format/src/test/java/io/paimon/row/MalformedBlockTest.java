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

import static io.paimon.row.FormatErrors.assertFormatError;
import static io.paimon.row.FormatErrors.open;
import static io.paimon.row.RowFileBuilder.block;
import static io.paimon.row.RowFileBuilder.concat;
import static io.paimon.row.RowFileBuilder.littleEndianLong;
import static io.paimon.row.RowFileBuilder.varint;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One test per block and row rule of the validation list: each builds a file whose footer and index
 * are valid but whose block (re-compressed after a precise change) or rows are not, and expects the
 * read to fail with a {@link RowFormatException} naming the file, the block's offset and the
 * problem.
 */
class MalformedBlockTest {

  private static final String NAME = MalformedFileTest.NAME;
  private static final RowType BIGINT = MalformedFileTest.TYPE;
  private static final RowType ID_AND_STRING =
      (RowType) DataTypes.parse("ROW<id BIGINT, s STRING>");

  private static RowType type(String sql) {
    return (RowType) DataTypes.parse(sql);
  }

  private static byte[] singleBlockFile(byte[]... rows) {
    return RowFileBuilder.ofRawBlocks(List.of(block(rows))).build();
  }

  /** A row of {@code ROW<id BIGINT, s STRING>} whose string is given as raw bytes. */
  private static byte[] idAndRawString(long id, byte[] stringBytes) {
    return concat(new byte[] {0}, littleEndianLong(id), stringBytes);
  }

  private static byte[] write(RowType type, Row... rows) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RowFileWriter w = RowFile.newWriter(out, NAME, type, RowFileOptions.defaults())) {
      for (Row r : rows) {
        w.write(r);
      }
    }
    return out.toByteArray();
  }

  private static void assertReadFails(
      byte[] file, RowType type, long row, long offset, String fragment) {
    assertFormatError(
        () -> {
          try (RowFileReader r = open(NAME, file, type)) {
            r.read(row);
          }
        },
        NAME,
        offset,
        fragment);
  }

  @Test
  void rejectsBlockDecompressingToFewerBytesThanDeclared() {
    byte[] file = MalformedFileTest.valid().uncompressedSizes(150, 134, 134, 69).build();
    assertReadFails(
        file, BIGINT, 3, 0, "block 0 decompresses to 134 bytes, the index declares 150");
  }

  @Test
  void rejectsBlockDecompressingToMoreBytesThanDeclared() {
    RowFileBuilder b = MalformedFileTest.valid().uncompressedSizes(134, 120, 134, 69);
    assertReadFails(
        b.build(),
        BIGINT,
        10,
        b.blockOffset(1),
        "block 1 decompresses to more than the 120 bytes the index declares");
  }

  @Test
  void rejectsCorruptZstdFrame() throws IOException {
    List<byte[]> raw = MalformedFileTest.bigintBlocks();
    RowFileBuilder b = new RowFileBuilder();
    for (int i = 0; i < raw.size(); i++) {
      byte[] frame = RowFileBuilder.compress(raw.get(i));
      if (i == 1) {
        frame[0] ^= 0x10;
      }
      if (i == 2) {
        frame = Arrays.copyOf(frame, frame.length - 6);
      }
      b.frame(frame, raw.get(i).length, i == 3 ? 5 : 10);
    }
    byte[] file = b.build();
    try (RowFileReader r = open(NAME, file, BIGINT)) {
      assertThat(r.read(9)).isEqualTo(Row.of(9000L));
    }
    assertReadFails(file, BIGINT, 10, b.blockOffset(1), "block 1 does not decompress");
    assertReadFails(file, BIGINT, 29, b.blockOffset(2), "block 2 does not decompress");
  }

  @Test
  void rejectsTrailerRowCountNotMatchingTheIndex() {
    List<byte[]> raw = MalformedFileTest.bigintBlocks();
    ByteBuffer.wrap(raw.get(1)).order(ByteOrder.LITTLE_ENDIAN).putInt(130, 9);
    RowFileBuilder b = RowFileBuilder.ofRawBlocks(raw).rowStarts(0, 10, 20, 30).rowCount(35);
    assertReadFails(
        b.build(), BIGINT, 12, b.blockOffset(1), "block 1 holds 9 rows, the index declares 10");
  }

  @Test
  void rejectsRowCountNotSummingToTheTotal() {
    RowFileBuilder b = MalformedFileTest.valid().rowCount(36);
    byte[] file = b.build();
    assertReadFails(
        file, BIGINT, 35, b.blockOffset(3), "block 3 holds 5 rows, the index declares 6");
    assertThatExceptionOfType(UncheckedIOException.class)
        .isThrownBy(() -> FormatErrors.drain(open(NAME, file, BIGINT)))
        .havingCause()
        .isInstanceOf(RowFormatException.class)
        .withMessageContaining("block 3 holds 5 rows, the index declares 6");
  }

  @ParameterizedTest(name = "offset[{0}] = {1}")
  @CsvSource({
    "0, 3, 'row 0 starts at 3, expected 0'",
    "4, 20, 'row 4 starts at 20, previous row at 27'",
    "9, 91, 'row 9 starts at 91, previous row at 72 (row region ends at 90)'",
    "5, -1, 'row 5 starts at -1, previous row at 36'",
    "9, 2147483647, 'row 9 starts at 2147483647'"
  })
  void rejectsRowOffsetsOutOfOrderOrOutsideTheBlock(int row, int offset, String message) {
    List<byte[]> raw = MalformedFileTest.bigintBlocks();
    ByteBuffer.wrap(raw.get(0)).order(ByteOrder.LITTLE_ENDIAN).putInt(90 + 4 * row, offset);
    assertReadFails(RowFileBuilder.ofRawBlocks(raw).build(), BIGINT, 0, 0, message);
  }

  @Test
  void rejectsRowDecodingPastItsEnd() throws IOException {
    byte[] region = new byte[24];
    ByteBuffer.wrap(region).order(ByteOrder.LITTLE_ENDIAN).putLong(1, 7).putLong(10, 8);
    byte[] file =
        RowFileBuilder.ofRawBlocks(List.of(block(region, new int[] {0, 9, 18}, 3))).build();
    try (RowFileReader r = open(NAME, file, BIGINT)) {
      assertThat(r.read(1)).isEqualTo(Row.of(8L));
    }
    assertReadFails(
        file,
        BIGINT,
        2,
        0,
        "block 0, row 2, uncompressed byte 19: an 8-byte value needs 8 bytes but only 5 remain in"
            + " the row");
  }

  @Test
  void rejectsRowNotEndingWhereTheNextBegins() throws IOException {
    RowType two = type("ROW<a BIGINT, b BIGINT>");
    byte[] file = write(two, Row.of(1L, 2L), Row.of(3L, 4L));
    assertReadFails(
        file,
        type("ROW<a BIGINT>"),
        1,
        0,
        "block 0, row 1, uncompressed byte 26: the row's fields end 8 bytes before the next row"
            + " begins; the schema does not fit the data");
    try (RowFileReader r = open(NAME, file, two)) {
      assertThat(r.project(0).read(1)).as("a projection may stop early").isEqualTo(Row.of(3L));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"STRING", "BYTES", "VARCHAR(3)", "BLOB"})
  void rejectsLengthPastTheBlock(String sqlType) {
    byte[] file =
        singleBlockFile(
            idAndRawString(1, concat(varint(3), "abc".getBytes(StandardCharsets.UTF_8))),
            idAndRawString(2, concat(varint(1000), "abc".getBytes(StandardCharsets.UTF_8))));
    RowType t = type("ROW<id BIGINT, s " + sqlType + ">");
    String kind = sqlType.startsWith("B") ? "binary" : "string";
    assertReadFails(
        file,
        t,
        1,
        0,
        "block 0, row 1, uncompressed byte 22: "
            + kind
            + " length 1000 exceeds the 3 bytes left in the row");
  }

  @Test
  void rejectsArrayLengthWhoseBitmapCannotFit() {
    byte[] row = concat(new byte[] {0}, varint(1 << 30), new byte[] {0, 0});
    assertReadFails(
        singleBlockFile(row),
        type("ROW<tags ARRAY<STRING>>"),
        0,
        0,
        "array 'tags' of 1073741824 elements needs a 134217728-byte null bitmap but only 2 bytes"
            + " remain in the row");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "'80 80 80 80 80 00', 'varint does not fit a non-negative 32-bit value'",
    "'FF FF FF FF 0F', 'varint does not fit a non-negative 32-bit value'",
    "'83 80 80', 'varint runs past the end of the row'"
  })
  void rejectsOverlongOrOverflowingVarintInARow(String hex, String message) {
    byte[] varintBytes = hexBytes(hex);
    byte[] file = singleBlockFile(idAndRawString(1, varintBytes));
    assertReadFails(file, ID_AND_STRING, 0, 0, message);
  }

  @Test
  void acceptsNonMinimalVarintOfFiveBytes() throws IOException {
    byte[] text = "abc".getBytes(StandardCharsets.UTF_8);
    byte[] file = singleBlockFile(idAndRawString(1, concat(hexBytes("83 80 80 80 00"), text)));
    try (RowFileReader r = open(NAME, file, ID_AND_STRING)) {
      assertThat(r.read(0)).isEqualTo(Row.of(1L, "abc"));
    }
  }

  @ParameterizedTest(name = "{0} read as {1}")
  @CsvSource({
    "BIGINT, STRING, 1000, 'string length 488 exceeds the 6 bytes left in the row'",
    "BIGINT, STRING, 5, 'the row''s fields end 2 bytes before the next row begins'",
    "STRING, BIGINT, abc, 'an 8-byte value needs 8 bytes but only 4 remain in the row'",
    "INT, BIGINT, 7, 'an 8-byte value needs 8 bytes but only 4 remain in the row'",
    "BIGINT, INT, 7, 'the row''s fields end 4 bytes before the next row begins'",
    "INT, TIME(3), 99999999, 'TIME value 99999999 of ''f'' is not a millisecond of a day'",
    "'DECIMAL(18, 2)', 'DECIMAL(5, 2)', 12345678.90, 'has more digits than DECIMAL(5, 2)'",
    "'DECIMAL(30, 0)', 'DECIMAL(18, 0)', 1, 'an 8-byte value needs 8 bytes but only 2 remain'",
    "'VECTOR<FLOAT, 3>', 'VECTOR<FLOAT, 4>', 1, 'VECTOR ''f'' declares 4 elements, the file holds"
        + " 3'",
    "'ARRAY<INT>', 'MAP<INT, INT>', 1, 'varint runs past the end of the row'",
    "BIGINT, 'ROW<a INT, b INT>', 1, 'the row''s fields end 3 bytes before'",
    "BIGINT, 'TIMESTAMP(9)', -1, 'varint runs past the end of the row'",
  })
  void rejectsSchemaThatDoesNotFitTheData(String written, String read, String value, String message)
      throws IOException {
    RowType writeType = type("ROW<f " + written + ">");
    byte[] file = write(writeType, Row.of(javaValue(written, value)));
    assertReadFails(file, type("ROW<f " + read + ">"), 0, 0, message);
  }

  private static Object javaValue(String type, String text) {
    if (type.startsWith("DECIMAL")) {
      return new BigDecimal(text);
    }
    switch (type) {
      case "BIGINT":
        return Long.parseLong(text);
      case "INT":
        return Integer.parseInt(text);
      case "STRING":
        return text;
      case "VECTOR<FLOAT, 3>":
        return new float[] {1f, 2f, 3f};
      case "ARRAY<INT>":
        return List.of(1, 2);
      default:
        throw new IllegalArgumentException(type);
    }
  }

  @Test
  void rejectsMapWithRepeatedKey() {
    // MAP<INT, INT>: keys [1, 1], values [5, 6], each as varint size, bitmap, elements.
    byte[] keys = concat(varint(2), new byte[] {0}, new byte[] {1, 0, 0, 0, 1, 0, 0, 0});
    byte[] values = concat(varint(2), new byte[] {0}, new byte[] {5, 0, 0, 0, 6, 0, 0, 0});
    byte[] file = singleBlockFile(concat(new byte[] {0}, keys, values));
    assertReadFails(file, type("ROW<m MAP<INT, INT>>"), 0, 0, "map 'm' repeats the key 1");
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 17})
  void rejectsWideDecimalOfImpossibleLength(int length) {
    byte[] file = singleBlockFile(concat(new byte[] {0}, varint(length), new byte[length]));
    assertReadFails(
        file,
        type("ROW<d DECIMAL(38, 0)>"),
        0,
        0,
        "decimal of 'd' takes " + length + " bytes; expected 1 to 16");
  }

  @Test
  void rejectsNanoOfMillisecondOutOfRange() {
    byte[] file = singleBlockFile(concat(new byte[] {0}, littleEndianLong(0), varint(1_000_000)));
    assertReadFails(
        file, type("ROW<t TIMESTAMP(9)>"), 0, 0, "nanosecond of millisecond 1000000 of 't'");
  }

  @Test
  void iteratorReturnsRowsBeforeACorruptBlockThenFails() {
    List<byte[]> raw = MalformedFileTest.bigintBlocks();
    ByteBuffer.wrap(raw.get(2)).order(ByteOrder.LITTLE_ENDIAN).putInt(90 + 4 * 3, 1);
    RowFileBuilder b = RowFileBuilder.ofRawBlocks(raw);
    byte[] file = b.build();
    for (int readAhead : new int[] {0, 2}) {
      List<Row> rows = new ArrayList<>();
      RowFileOptions opts =
          RowFileOptions.defaults().executor(TestExecutor.SHARED).readAheadBlocks(readAhead);
      assertThatExceptionOfType(UncheckedIOException.class)
          .isThrownBy(
              () ->
                  FormatErrors.drainInto(
                      RowFile.open(new CountingSeekableInput(NAME, file), BIGINT, opts), rows))
          .havingCause()
          .isInstanceOf(RowFormatException.class)
          .withMessage(
              NAME
                  + " at offset "
                  + b.blockOffset(2)
                  + ": block 2: row 3 starts at 1, previous row at 18 (row region ends at 90)");
      assertThat(rows).as("read-ahead %s", readAhead).hasSize(20);
    }
  }

  static byte[] hexBytes(String hex) {
    String[] parts = hex.trim().split("\\s+");
    byte[] out = new byte[parts.length];
    for (int i = 0; i < parts.length; i++) {
      out[i] = (byte) Integer.parseInt(parts[i], 16);
    }
    return out;
  }
}
