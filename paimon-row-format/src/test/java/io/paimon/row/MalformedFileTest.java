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
import static io.paimon.row.RowFileBuilder.concat;
import static io.paimon.row.RowFileBuilder.section;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One test per footer and block-index rule of the validation list in the format spec: each corrupts
 * a valid file precisely and expects a {@link RowFormatException} naming the file, the offset and
 * the problem when the file is opened. Block and row rules are in {@link MalformedBlockTest}.
 */
class MalformedFileTest {

  static final String NAME = "malformed.row";
  static final RowType TYPE = (RowType) DataTypes.parse("ROW<id BIGINT NOT NULL>");

  /** 35 rows of BIGINT NOT NULL in blocks of 10/10/10/5 rows (134/134/134/69 bytes). */
  static List<byte[]> bigintBlocks() {
    List<byte[]> blocks = new ArrayList<>();
    for (int first = 0; first < 35; first += 10) {
      int n = Math.min(10, 35 - first);
      byte[][] rows = new byte[n][];
      for (int i = 0; i < n; i++) {
        rows[i] = concat(new byte[] {0}, RowFileBuilder.littleEndianLong(1000L * (first + i)));
      }
      blocks.add(RowFileBuilder.block(rows));
    }
    return blocks;
  }

  static RowFileBuilder valid() {
    return RowFileBuilder.ofRawBlocks(bigintBlocks());
  }

  private static byte[] writtenByOurWriter() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RowFileWriter w =
        RowFile.newWriter(out, NAME, TYPE, RowFileOptions.defaults().blockSize(134))) {
      for (long i = 0; i < 35; i++) {
        w.write(Row.of(1000L * i));
      }
    }
    return out.toByteArray();
  }

  private static void assertOpenFails(byte[] file, long offset, String fragment) {
    assertFormatError(() -> open(NAME, file, TYPE).close(), NAME, offset, fragment);
  }

  @Test
  void baseFilesAreValid() throws IOException {
    byte[] written = writtenByOurWriter();
    RowFileBuilder.Parts parts = RowFileBuilder.parse(written);
    assertThat(parts.rawBlocks(written)).containsExactlyElementsOf(bigintBlocks());
    assertThat(parts.rowStarts()).containsExactly(0, 10, 20, 30);
    byte[] built = valid().build();
    try (RowFileReader r = open(NAME, built, TYPE)) {
      assertThat(r.layout().uncompressedSizes()).containsExactly(134, 134, 134, 69);
      assertThat(r.read(34)).isEqualTo(Row.of(34_000L));
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 34})
  void rejectsFilesShorterThanTheEmptyFile(int size, @TempDir Path dir) throws IOException {
    Path path = dir.resolve("short.row");
    byte[] emptyFile = RowFileBuilder.ofRawBlocks(List.of()).build();
    assertThat(emptyFile).hasSize(35);
    Files.write(path, Arrays.copyOfRange(emptyFile, 35 - size, 35));
    assertFormatError(
        () -> RowFile.open(path, TYPE).close(),
        path.toString(),
        0,
        "file of " + size + " bytes is shorter than the minimum of 35");
  }

  @Test
  void rejectsBadMagic() throws IOException {
    byte[] file = writtenByOurWriter();
    file[file.length - 1] ^= 0x01;
    assertOpenFails(file, file.length - 4, "bad magic 0x534F5753, expected 0x524F5753");
  }

  @Test
  void rejectsFileEndingInAsciiRows() throws IOException {
    byte[] file = writtenByOurWriter();
    assertThat(new String(file, file.length - 4, 4, StandardCharsets.US_ASCII)).isEqualTo("SWOR");
    System.arraycopy("ROWS".getBytes(StandardCharsets.US_ASCII), 0, file, file.length - 4, 4);
    assertOpenFails(file, file.length - 4, "bad magic 0x53574F52, expected 0x524F5753");
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 2, -1})
  void rejectsUnknownVersion(int version) {
    byte[] file = valid().version(version).build();
    assertOpenFails(file, file.length - 8, "unsupported version " + version + ", expected 1");
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2})
  void rejectsNonZeroReservedBytes(int i) {
    byte[] file = valid().reserved(i, 0x40).build();
    assertOpenFails(file, file.length - 7 + i, "reserved footer byte is not zero");
  }

  @ParameterizedTest(name = "index offset {0}, length {1} from the valid ones")
  @CsvSource({"-1, 0", "1, 0", "500, 0", "0, 1", "0, -1", "-1, -1", "1, 1"})
  void rejectsIndexThatDoesNotEndAtTheFooter(long offsetDelta, int lengthDelta) {
    RowFileBuilder b = valid();
    long offset = b.dataSize() + offsetDelta;
    int length = b.index().length + lengthDelta;
    assertIndexRejected(b.indexOffset(offset).indexLength(length).build(), offset, length);
  }

  @ParameterizedTest(name = "index offset {0}, length {1}")
  @CsvSource({
    "9223372036854775807, 10",
    "-9223372036854775808, 10",
    "-10, 10",
    "0, 2147483647",
    "0, -2147483648",
    "0, 0"
  })
  void rejectsIndexOutsideTheFile(long offset, int length) {
    assertIndexRejected(valid().indexOffset(offset).indexLength(length).build(), offset, length);
  }

  private static void assertIndexRejected(byte[] file, long offset, int length) {
    assertOpenFails(
        file,
        file.length - 32 + 12,
        "index at "
            + offset
            + " of "
            + length
            + " bytes does not end at the footer ("
            + (file.length - 32)
            + ")");
  }

  @Test
  void rejectsIndexShorterThanThreeSections() {
    // One byte of padding, then a 2-byte index that ends at the footer.
    byte[] file = concat(new byte[] {0}, new byte[] {0, 0});
    byte[] footer =
        new RowFileBuilder().rawIndex(new byte[0]).indexOffset(1).indexLength(2).build();
    assertIndexRejected(concat(file, footer), 1, 2);
  }

  @Test
  void rejectsIndexVarintOfElevenBytes() {
    RowFileBuilder b = valid();
    byte[] overlong = new byte[11];
    Arrays.fill(overlong, 0, 10, (byte) 0x80);
    overlong[10] = 0x01;
    byte[] index = concat(new byte[] {11}, overlong, section(134, 134, 134, 69), section(0, 10));
    byte[] file = b.rawIndex(index).build();
    assertOpenFails(file, b.dataSize() + 1, "block index varint is longer than 10 bytes");
  }

  @Test
  void rejectsIndexVarintOverflowingSixtyFourBits() {
    RowFileBuilder b = valid();
    byte[] tenBytes = new byte[10];
    Arrays.fill(tenBytes, 0, 9, (byte) 0xFF);
    tenBytes[9] = 0x02;
    byte[] index = concat(new byte[] {10}, tenBytes, section(), section());
    byte[] file = b.rawIndex(index).build();
    assertOpenFails(file, b.dataSize() + 1, "overflows 64 bits");
  }

  @Test
  void rejectsIndexSectionLengthOfSixBytes() {
    RowFileBuilder b = valid();
    byte[] index =
        concat(
            new byte[] {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x00},
            section(),
            section());
    byte[] file = b.rawIndex(index).build();
    assertOpenFails(file, b.dataSize() + 4, "block index section 0 length overflows 31 bits");
  }

  @Test
  void rejectsIndexSectionLongerThanTheIndex() {
    RowFileBuilder b = valid();
    byte[] index = concat(section(), section(), new byte[] {5, 0, 0});
    byte[] file = b.rawIndex(index).build();
    assertOpenFails(
        file, b.dataSize() + 3, "block index section 2 claims 5 bytes but 2 remain in the index");
  }

  @Test
  void rejectsIndexEndingInsideASectionLength() {
    RowFileBuilder b = valid();
    byte[] index = concat(section(), section(), new byte[] {(byte) 0x81});
    byte[] file = b.rawIndex(index).build();
    assertOpenFails(file, b.dataSize() + 3, "block index ends inside the length of section 2");
  }

  @Test
  void rejectsBytesAfterTheThreeSections() {
    RowFileBuilder b = valid();
    byte[] index = concat(b.index(), new byte[] {0});
    byte[] file = b.rawIndex(index).build();
    assertOpenFails(
        file, b.dataSize() + index.length - 1, "block index has 1 bytes after its three sections");
  }

  @Test
  void rejectsIndexSectionsOfDifferentLengths() {
    RowFileBuilder b = valid();
    long[] c = RowFileBuilder.parse(b.build()).compressed();
    byte[] file = b.uncompressedSizes(134, 134, 134).build();
    assertThat(c).hasSize(4);
    assertOpenFails(
        file,
        b.dataSize(),
        "index sections hold 4 compressed sizes, 3 uncompressed sizes and 4 row starts; the"
            + " footer declares 4 blocks");
  }

  @ParameterizedTest
  @ValueSource(ints = {3, 5, 0, -1, Integer.MAX_VALUE})
  void rejectsBlockCountNotMatchingTheIndex(int blockCount) {
    RowFileBuilder b = valid().blockCount(blockCount);
    byte[] file = b.build();
    if (blockCount < 0) {
      assertOpenFails(file, file.length - 32 + 8, "negative block count " + blockCount);
      return;
    }
    assertOpenFails(
        file,
        b.dataSize(),
        "hold 4 compressed sizes, 4 uncompressed sizes and 4 row starts; the footer declares "
            + blockCount
            + " blocks");
  }

  @Test
  void rejectsRowStartsNotStartingAtZero() {
    RowFileBuilder b = valid().rowStarts(1, 10, 20, 30);
    assertOpenFails(b.build(), b.dataSize(), "block 0 starts at row 1, expected 0 (total 35 rows)");
  }

  @ParameterizedTest(name = "row starts 0, {0}, {1}, 30")
  @CsvSource({
    "10, 10, 'block 2 starts at row 10, after row start 10'",
    "20, 10, 'block 2 starts at row 10, after row start 20'",
    "-5, 20, 'block 1 starts at row -5, after row start 0'"
  })
  void rejectsRowStartsNotIncreasing(long second, long third, String message) {
    RowFileBuilder b = valid().rowStarts(0, second, third, 30);
    assertOpenFails(b.build(), b.dataSize(), message);
  }

  @Test
  void rejectsRowStartsPastTheTotalRowCount() {
    RowFileBuilder b = valid().rowCount(30);
    assertOpenFails(
        b.build(), b.dataSize(), "block 3 starts at row 30, not before the footer's total of 30");
    RowFileBuilder none = valid().rowCount(0);
    assertOpenFails(
        none.build(),
        none.dataSize(),
        "block 0 starts at row 0, not before the footer's total of 0");
  }

  @Test
  void rejectsNegativeRowCount() {
    byte[] file = valid().rowCount(-1).build();
    assertOpenFails(file, file.length - 32, "negative row count -1");
  }

  @Test
  void rejectsRowsWithoutBlocks() {
    byte[] file = RowFileBuilder.ofRawBlocks(List.of()).rowCount(7).build();
    assertOpenFails(file, 3, "footer declares 7 rows but the file has no blocks");
  }

  @Test
  void rejectsBlockExtendingPastTheDataRegion() {
    RowFileBuilder b = valid();
    long[] c = RowFileBuilder.parse(b.build()).compressed();
    b.compressedSizes(c[0], c[1], c[2], c[3] + 1);
    assertOpenFails(
        b.build(),
        b.blockOffset(3),
        "block 3 of "
            + (c[3] + 1)
            + " compressed bytes does not fit the data region ending at "
            + b.dataSize());
  }

  @ParameterizedTest
  @ValueSource(longs = {0, -1, Long.MIN_VALUE, Long.MAX_VALUE})
  void rejectsBlockOfImpossibleCompressedSize(long size) {
    RowFileBuilder b = valid();
    long[] c = RowFileBuilder.parse(b.build()).compressed();
    b.compressedSizes(c[0], size, c[2], c[3]);
    assertOpenFails(
        b.build(), b.blockOffset(1), "block 1 of " + size + " compressed bytes does not fit");
  }

  @Test
  void rejectsBlocksEndingBeforeTheIndex() {
    RowFileBuilder b = valid();
    long[] c = RowFileBuilder.parse(b.build()).compressed();
    b.compressedSizes(c[0], c[1], c[2], c[3] - 1);
    long end = b.dataSize() - 1;
    assertOpenFails(
        b.build(), end, "blocks end at " + end + " but the index starts at " + b.dataSize());
  }

  @Test
  void rejectsBlockTooSmallForItsRowOffsets() {
    RowFileBuilder b = valid().uncompressedSizes(43, 134, 134, 69);
    assertOpenFails(
        b.build(), 0, "block 0 of 43 uncompressed bytes cannot hold the offsets of its 10 rows");
  }

  @Test
  void rejectsHugeRowCountWithoutOverflowingTheOffsetCheck() {
    // 2^62 rows in the last block: 4 bytes of offsets per row overflow a long to 0.
    RowFileBuilder b = valid().rowCount((1L << 62) + 30);
    assertOpenFails(
        b.build(),
        b.blockOffset(3),
        "block 3 of 69 uncompressed bytes cannot hold the offsets of its 4611686018427387904 rows");
  }

  @Test
  void rejectsUncompressedSizeBelowTheTrailer() {
    RowFileBuilder b = valid().uncompressedSizes(134, 3, 134, 69);
    assertOpenFails(b.build(), b.blockOffset(1), "block 1 declares 3 uncompressed bytes from ");
  }

  @ParameterizedTest
  @ValueSource(longs = {1L << 31, Integer.MAX_VALUE, 1L << 30, 1L << 40, Long.MAX_VALUE})
  void rejectsUncompressedClaimFarBeyondTheCompressedBytesWithoutAllocating(long claim) {
    byte[] twentyBytes = Arrays.copyOf(RowFileBuilder.compress(new byte[] {0, 0, 0, 0}), 20);
    byte[] file = new RowFileBuilder().frame(twentyBytes, claim, 1).build();
    ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = threads.getCurrentThreadAllocatedBytes();
    assertOpenFails(
        file,
        0,
        "block 0 declares "
            + claim
            + " uncompressed bytes from 20 compressed; expected between 4"
            + " and "
            + (21 * 32768));
    long allocated = threads.getCurrentThreadAllocatedBytes() - before;
    assertThat(allocated).as("bytes allocated while rejecting the file").isLessThan(16L << 20);
  }

  @Test
  void footerFieldsAreReadLittleEndian() throws IOException {
    byte[] file = valid().build();
    ByteBuffer footer =
        ByteBuffer.wrap(file, file.length - 32, 32).slice().order(ByteOrder.LITTLE_ENDIAN);
    try (RowFileReader r = open(NAME, file, TYPE)) {
      assertThat(r.rowCount()).isEqualTo(footer.getLong(0)).isEqualTo(35);
      assertThat(r.layout().indexOffset()).isEqualTo(footer.getLong(12));
      assertThat(r.layout().indexLength()).isEqualTo(footer.getInt(20));
    }
  }
}
