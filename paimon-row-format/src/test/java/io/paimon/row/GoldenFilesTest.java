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
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import com.github.luben.zstd.ZstdDecompressCtx;
import io.paimon.types.DataType;
import io.paimon.types.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Byte compatibility with Apache Paimon, checked against every golden file in the test resources
 * {@code rowformat/}: our reader returns exactly the JSON rows and the footer/index Paimon decoded,
 * our writer reproduces Paimon's blocks (and, with the zstd-jni we ship, the whole file), and the
 * Arrow path agrees with the generic one wherever Arrow can hold the data.
 */
class GoldenFilesTest {

  /** zstd magic, then a frame header descriptor without content size or checksum, window log 19. */
  private static final byte[] FRAME_HEADER = {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0x00, 0x48};

  /** Files with more rows are read by row number ({@link RowFileReader#read}) on a sample. */
  private static final int READ_SAMPLE = 2_000;

  private static final long SEED = 0x5EEDL;

  /** An odd batch size, so batches straddle blocks and the last batch is partial. */
  private static final int ARROW_BATCH = 7;

  @TempDir Path tempDir;

  private BufferAllocator allocator;

  @BeforeEach
  void createAllocator() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void closeAllocatorFailingOnLeaks() {
    allocator.close();
  }

  static Stream<String> goldenFiles() {
    return GoldenFile.names().stream();
  }

  @Test
  void resourcesHoldEveryGoldenFile() {
    assertThat(GoldenFile.names())
        .contains(
            "block_boundary_exact",
            "decimals",
            "empty",
            "exotic",
            "many_blocks_4k",
            "nested",
            "primitives",
            "timestamps");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goldenFiles")
  void goldenFileIsTheOneItsJsonDescribes(String name) throws IOException {
    GoldenFile golden = GoldenFile.load(name);
    byte[] bytes = Files.readAllBytes(golden.rowPath());
    assertThat(sha256(bytes)).as("sha256 of %s", golden.rowPath()).isEqualTo(golden.sha256());
    assertThat((long) bytes.length).isEqualTo(golden.layout().fileSize());
    assertThat((long) golden.rows().size()).isEqualTo(golden.rowCount());
    assertThat(golden.rowType().fieldNames()).isEqualTo(golden.fieldNames());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goldenFiles")
  void readerDecodesFooterAndIndexAsPaimonDid(String name) throws IOException {
    GoldenFile golden = GoldenFile.load(name);
    GoldenFile.Layout expected = golden.layout();
    try (RowFileReader reader = RowFile.open(golden.rowPath(), golden.rowType())) {
      RowFileLayout layout = reader.layout();
      assertThat(layout.fileSize()).as("file size").isEqualTo(expected.fileSize());
      assertThat(layout.totalRowCount()).as("total rows").isEqualTo(expected.totalRowCount());
      assertThat(layout.blockCount()).as("block count").isEqualTo(expected.blockCount());
      assertThat(layout.indexOffset()).as("index offset").isEqualTo(expected.indexOffset());
      assertThat(layout.indexLength()).as("index length").isEqualTo(expected.indexLength());
      assertThat(layout.compressedSizes()).isEqualTo(expected.compressedSizes());
      assertThat(layout.uncompressedSizes()).isEqualTo(expected.uncompressedSizes());
      assertThat(layout.rowStarts()).isEqualTo(expected.rowStarts());
      assertThat(layout.blockOffsets()).isEqualTo(offsets(expected.compressedSizes()));
      assertThat(reader.rowCount()).isEqualTo(golden.rowCount());
      assertThat(reader.rowType()).isEqualTo(golden.rowType());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goldenFiles")
  void iteratorReturnsEveryRowInFileOrder(String name) throws IOException {
    GoldenFile golden = GoldenFile.load(name);
    List<RowFileOptions> optionsList =
        List.of(
            RowFileOptions.defaults().executor(TestExecutor.SHARED),
            RowFileOptions.defaults().readAheadBlocks(0));
    for (RowFileOptions options : optionsList) {
      String where = name + " " + options;
      try (RowFileReader reader = RowFile.open(golden.rowPath(), golden.rowType(), options);
          CloseableIterator<Row> rows = reader.iterator()) {
        int i = 0;
        while (rows.hasNext()) {
          Row row = rows.next();
          if (i >= golden.rows().size()) {
            throw new AssertionError(where + ": more than " + i + " rows");
          }
          ExactValues.assertSameRow(
              golden.rowType(), golden.rows().get(i), row, where + " row " + i);
          i++;
        }
        assertThat(i)
            .as("%s: rows iterated with %s", name, options)
            .isEqualTo(golden.rows().size());
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goldenFiles")
  void readByRowNumberReturnsEachRow(String name) throws IOException {
    GoldenFile golden = GoldenFile.load(name);
    List<Integer> rowNumbers = sampleRowNumbers(golden);
    try (RowFileReader reader = RowFile.open(golden.rowPath(), golden.rowType())) {
      for (int i : rowNumbers) {
        ExactValues.assertSameRow(
            golden.rowType(),
            golden.rows().get(i),
            reader.read(i),
            name + " read(" + i + ") (sample seed " + SEED + ")");
      }
      long past = golden.rowCount();
      assertThatThrownBy(() -> reader.read(past))
          .isInstanceOf(IndexOutOfBoundsException.class)
          .hasMessageContaining("row " + past + " is outside [0, " + past + ")");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goldenFiles")
  void projectionSkipsTheOtherFieldsExactly(String name) throws IOException {
    GoldenFile golden = GoldenFile.load(name);
    int n = golden.rowType().fieldCount();
    List<int[]> projections = new ArrayList<>();
    for (int c = 0; c < n; c++) {
      projections.add(new int[] {c});
    }
    projections.add(IntStream.range(0, n).map(i -> n - 1 - i).toArray());
    try (RowFileReader reader = RowFile.open(golden.rowPath(), golden.rowType())) {
      for (int[] projection : projections) {
        RowType type = golden.rowType().project(projection);
        String what = name + " projected to " + Arrays.toString(projection);
        try (RowFileReader view = reader.project(projection);
            CloseableIterator<Row> rows = view.iterator()) {
          assertThat(view.rowType()).as(what).isEqualTo(type);
          for (int i = 0; i < golden.rows().size(); i++) {
            if (!rows.hasNext()) {
              throw new AssertionError(what + ": only " + i + " rows");
            }
            Row full = golden.rows().get(i);
            Row expected = Row.wrap(Arrays.stream(projection).mapToObj(full::get).toArray());
            ExactValues.assertSameRow(type, expected, rows.next(), what + " row " + i);
          }
          assertThat(rows.hasNext()).as(what).isFalse();
        }
      }
    }
  }

  /**
   * Every row of small files; for large ones, the first and last row of each block plus random
   * rows. Shuffled, so consecutive reads jump between blocks in both directions.
   */
  private static List<Integer> sampleRowNumbers(GoldenFile golden) {
    int count = golden.rows().size();
    Random random = new Random(SEED);
    List<Integer> sample;
    if (count <= READ_SAMPLE) {
      sample = new ArrayList<>(IntStream.range(0, count).boxed().toList());
    } else {
      TreeSet<Integer> set = new TreeSet<>();
      for (long start : golden.layout().rowStarts()) {
        set.add((int) start);
        if (start > 0) {
          set.add((int) start - 1);
        }
      }
      set.add(count - 1);
      while (set.size() < READ_SAMPLE) {
        set.add(random.nextInt(count));
      }
      sample = new ArrayList<>(set);
    }
    Collections.shuffle(sample, random);
    return sample;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goldenFiles")
  void writerReproducesPaimonBlocksByteForByte(String name) throws IOException {
    GoldenFile golden = GoldenFile.load(name);
    Path ours = tempDir.resolve(name + ".row");
    // Paimon's writer entropy-codes every block, even one that barely shrinks: so do we with 0.
    RowFileOptions options =
        RowFileOptions.defaults()
            .blockSize(golden.blockSize())
            .zstdLevel(golden.zstdLevel())
            .minCompressionSavings(0);
    RowFileWriter writer = RowFile.newWriter(ours, golden.rowType(), options);
    try (writer) {
      for (Row row : golden.rows()) {
        writer.write(row);
      }
      assertThat(writer.rowCount()).isEqualTo(golden.rowCount());
    }
    byte[] ourBytes = Files.readAllBytes(ours);
    byte[] goldenBytes = Files.readAllBytes(golden.rowPath());
    assertThat(writer.bytesWritten()).as("bytes written").isEqualTo(ourBytes.length);

    RowFileLayout layout;
    try (RowFileReader reader = RowFile.open(ours, golden.rowType())) {
      layout = reader.layout();
    }
    GoldenFile.Layout expected = golden.layout();
    assertThat(layout.blockCount()).as("block count").isEqualTo(expected.blockCount());
    assertThat(layout.uncompressedSizes()).isEqualTo(expected.uncompressedSizes());
    assertThat(layout.rowStarts()).isEqualTo(expected.rowStarts());
    assertThat(layout.totalRowCount()).isEqualTo(expected.totalRowCount());

    long[] goldenOffsets = offsets(expected.compressedSizes());
    try (ZstdDecompressCtx zstd = new ZstdDecompressCtx()) {
      for (int b = 0; b < expected.blockCount(); b++) {
        int offset = (int) layout.blockOffsets()[b];
        assertThat(Arrays.copyOfRange(ourBytes, offset, offset + FRAME_HEADER.length))
            .as("%s block %d: zstd frame header", name, b)
            .isEqualTo(FRAME_HEADER);
        byte[] ourBlock =
            decompress(
                zstd,
                ourBytes,
                offset,
                layout.compressedSizes()[b],
                expected.uncompressedSizes()[b]);
        byte[] goldenBlock =
            decompress(
                zstd,
                goldenBytes,
                (int) goldenOffsets[b],
                expected.compressedSizes()[b],
                expected.uncompressedSizes()[b]);
        assertThat(Arrays.mismatch(ourBlock, goldenBlock))
            .as("%s block %d: first byte where the decompressed blocks differ", name, b)
            .isEqualTo(-1);
      }
    }
    // Holds with the zstd-jni version in the root pom (libzstd 1.5.7), as with Paimon's 1.5.5.
    assertThat(Arrays.mismatch(ourBytes, goldenBytes))
        .as("%s: first byte where our file differs from Paimon's", name)
        .isEqualTo(-1);
  }

  private static byte[] decompress(
      ZstdDecompressCtx zstd, byte[] file, int offset, int compressedSize, int uncompressedSize) {
    // One spare byte, so a frame that holds more than the index says is caught, not truncated.
    byte[] out = new byte[uncompressedSize + 1];
    int n = zstd.decompressByteArray(out, 0, out.length, file, offset, compressedSize);
    assertThat(n).as("decompressed size of the frame at %d", offset).isEqualTo(uncompressedSize);
    return Arrays.copyOf(out, n);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goldenFiles")
  void arrowReaderMatchesGenericReadWhereArrowCanHoldTheData(String name) throws IOException {
    GoldenFile golden = GoldenFile.load(name);
    int[] columns =
        IntStream.range(0, golden.rowType().fieldCount())
            .filter(c -> ArrowLimits.problem(golden, c).isEmpty())
            .toArray();
    assertThat(columns).as("columns Arrow can hold").isNotEmpty();
    try (RowFileReader reader = RowFile.open(golden.rowPath(), golden.rowType());
        RowFileReader view = reader.project(columns);
        CloseableIterator<Row> generic = view.iterator();
        RowArrowReader arrow = view.arrowReader(allocator, ARROW_BATCH)) {
      RowType type = view.rowType();
      long row = 0;
      while (arrow.loadNextBatch()) {
        VectorSchemaRoot root = arrow.getVectorSchemaRoot();
        assertThat(root.getRowCount())
            .as("%s: rows in the batch starting at row %d", name, row)
            .isEqualTo((int) Math.min(ARROW_BATCH, golden.rowCount() - row));
        for (int i = 0; i < root.getRowCount(); i++, row++) {
          if (arrow.rowNumber(i) != row || !generic.hasNext()) {
            throw new AssertionError(
                name
                    + ": Arrow row "
                    + i
                    + " is file row "
                    + arrow.rowNumber(i)
                    + ", expected "
                    + row
                    + "; generic rows left: "
                    + generic.hasNext());
          }
          Row expected = generic.next();
          for (int f = 0; f < type.fieldCount(); f++) {
            DataType fieldType = type.typeAt(f);
            ExactValues.assertSameValue(
                fieldType,
                ArrowValues.atArrowUnit(fieldType, expected.get(f)),
                ArrowValues.valueAt(fieldType, root.getVector(f), i),
                name + " arrow row " + row + "." + type.fields().get(f).name());
          }
        }
      }
      assertThat(row).as("%s: rows read into Arrow", name).isEqualTo(golden.rowCount());
      assertThat(generic.hasNext()).isFalse();
    }
  }

  static Stream<Arguments> columnsArrowCannotHold() {
    return GoldenFile.names().stream()
        .map(GoldenFile::load)
        .flatMap(
            golden ->
                IntStream.range(0, golden.rowType().fieldCount())
                    .filter(c -> ArrowLimits.problem(golden, c).isPresent())
                    .mapToObj(
                        c ->
                            Arguments.of(
                                golden.name(), golden.rowType().fields().get(c).name(), c)));
  }

  @ParameterizedTest(name = "{0}.{1}")
  @MethodSource("columnsArrowCannotHold")
  void arrowReaderRejectsColumnArrowCannotHoldNamingIt(String name, String column, int index)
      throws IOException {
    GoldenFile golden = GoldenFile.load(name);
    String reason = ArrowLimits.problem(golden, index).orElseThrow();
    try (RowFileReader reader = RowFile.open(golden.rowPath(), golden.rowType());
        RowFileReader view = reader.project(index);
        RowArrowReader arrow = view.arrowReader(allocator, ARROW_BATCH)) {
      assertThatThrownBy(
              () -> {
                while (arrow.loadNextBatch()) {
                  // drain until the unrepresentable value is met
                }
              })
          .isInstanceOf(RowFormatException.class)
          .hasMessageContaining(name + ".row")
          .hasMessageContaining("'" + column + "'")
          .hasMessageContaining(reason);
    }
  }

  @Test
  void onlyTheKnownColumnsExceedArrowLimits() {
    Map<String, List<String>> found = new LinkedHashMap<>();
    columnsArrowCannotHold()
        .forEach(
            a ->
                found
                    .computeIfAbsent((String) a.get()[0], k -> new ArrayList<>())
                    .add((String) a.get()[1]));
    assertThat(found)
        .containsExactly(
            entry("exotic", List.of("ms")),
            entry("nested", List.of("m")),
            entry("timestamps", List.of("ts9", "ltz9")));
  }

  private static long[] offsets(int[] compressedSizes) {
    long[] offsets = new long[compressedSizes.length];
    for (int i = 1; i < offsets.length; i++) {
      offsets[i] = offsets[i - 1] + compressedSizes[i - 1];
    }
    return offsets;
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
