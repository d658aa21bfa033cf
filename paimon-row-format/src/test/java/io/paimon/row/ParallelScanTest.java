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

import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

/**
 * Full scans into Arrow decoded by several tasks on an executor ({@link
 * RowFileOptions#decodeThreads}) give the batches, row numbers and errors of the single-threaded
 * reader, leave no task or buffer behind, and finish on executors that are too small, busy or shut
 * down.
 */
class ParallelScanTest {

  private static final RowType TYPE =
      (RowType)
          DataTypes.parse(
              "ROW<id BIGINT NOT NULL, name STRING, tags ARRAY<STRING>, score DOUBLE, v INT>");

  private BufferAllocator allocator;
  private TestExecutor executor;

  @BeforeEach
  void createAllocator() {
    allocator = new RootAllocator();
    executor = new TestExecutor(4);
  }

  @AfterEach
  void closeAllocator() {
    executor.close();
    allocator.close();
  }

  private RowFileOptions threads(int n) {
    return RowFileOptions.defaults().executor(executor).decodeThreads(n);
  }

  /** {@code rows} random rows in small blocks, so batches straddle many block boundaries. */
  private static byte[] file(int rows, long seed) throws IOException {
    Random random = new Random(seed);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RowFileWriter w =
        RowFile.newWriter(out, "p.row", TYPE, RowFileOptions.defaults().blockSize(300))) {
      for (int i = 0; i < rows; i++) {
        List<String> tags = new ArrayList<>();
        for (int t = random.nextInt(4); t > 0; t--) {
          tags.add(random.nextInt(5) == 0 ? null : "t" + random.nextInt(100));
        }
        w.write(
            Row.of(
                (long) i,
                random.nextInt(6) == 0 ? null : "name-" + random.nextInt(1000),
                random.nextInt(7) == 0 ? null : tags,
                random.nextDouble(),
                random.nextInt(9) == 0 ? null : random.nextInt()));
      }
    }
    return out.toByteArray();
  }

  /** Every batch as text plus its row numbers. */
  private List<String> scan(byte[] file, RowFileOptions options, int batchSize, int[] projection)
      throws IOException {
    List<String> out = new ArrayList<>();
    try (RowFileReader reader =
            RowFile.open(new CountingSeekableInput("p.row", file), TYPE, options);
        RowFileReader view = projection == null ? null : reader.project(projection);
        RowArrowReader arrow = (view == null ? reader : view).arrowReader(allocator, batchSize)) {
      while (arrow.loadNextBatch()) {
        int n = arrow.getVectorSchemaRoot().getRowCount();
        long[] numbers = new long[n];
        for (int i = 0; i < n; i++) {
          numbers[i] = arrow.rowNumber(i);
        }
        out.add(arrow.getVectorSchemaRoot().contentToTSVString() + Arrays.toString(numbers));
      }
      assertThat(arrow.loadNextBatch()).isFalse();
    }
    return out;
  }

  @Test
  void batchesMatchTheSingleThreadedReaderForEveryBatchSizeAndThreadCount() throws IOException {
    byte[] file = file(1_000, 1);
    RowFileOptions single = threads(1);
    for (int batchSize : new int[] {1, 7, 64, 333, 999, 1000, 1001}) {
      for (int[] projection : new int[][] {null, {2, 0}, {4}}) {
        List<String> expected = scan(file, single, batchSize, projection);
        for (int threads = 2; threads <= 4; threads++) {
          assertThat(scan(file, threads(threads), batchSize, projection))
              .as(
                  "batch %d, threads %d, projection %s",
                  batchSize, threads, Arrays.toString(projection))
              .isEqualTo(expected);
        }
      }
    }
    assertThat(executor.taskNames("paimon-row-decode p.row #")).hasSize(4);
    assertThat(ResourceSafetyTest.readAheadTasks(executor, "p.row")).isEmpty();
  }

  private static final RowType FIXED =
      (RowType)
          DataTypes.parse(
              "ROW<id BIGINT NOT NULL, score DOUBLE, v INT, s SMALLINT, b TINYINT, f FLOAT>");

  /**
   * A file of fixed-width fields only: blocks without nulls take the strided fast path, blocks with
   * some nulls the per-row one, and both must give what the single-threaded reader gives.
   */
  @Test
  void rowsOfFixedWidthFieldsDecodeAlikeWithAndWithoutNulls() throws IOException {
    Random random = new Random(5);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RowFileWriter w =
        RowFile.newWriter(out, "p.row", FIXED, RowFileOptions.defaults().blockSize(400))) {
      for (int i = 0; i < 3000; i++) {
        // Nulls only in rows 1000-1999: the other blocks hold none.
        boolean nulls = i >= 1000 && i < 2000 && random.nextInt(5) == 0;
        w.write(
            Row.of(
                (long) i,
                nulls ? null : random.nextDouble(),
                random.nextInt(),
                (short) random.nextInt(),
                (byte) random.nextInt(),
                random.nextFloat()));
      }
    }
    byte[] file = out.toByteArray();
    for (int batchSize : new int[] {1, 50, 777, 3000}) {
      List<String> expected = scanOf(file, FIXED, threads(1), batchSize);
      assertThat(scanOf(file, FIXED, threads(3), batchSize))
          .as("batch %d", batchSize)
          .isEqualTo(expected);
    }
  }

  private List<String> scanOf(byte[] file, RowType type, RowFileOptions options, int batchSize)
      throws IOException {
    List<String> out = new ArrayList<>();
    try (RowFileReader reader =
            RowFile.open(new CountingSeekableInput("p.row", file), type, options);
        RowArrowReader arrow = reader.arrowReader(allocator, batchSize)) {
      while (arrow.loadNextBatch()) {
        out.add(arrow.getVectorSchemaRoot().contentToTSVString());
      }
    }
    return out;
  }

  /** Every selected row as text with its row number, across batches (whose sizes may differ). */
  private List<String> selectedRows(
      byte[] file, RowFileOptions options, int batchSize, RoaringBitmap rows) throws IOException {
    List<String> out = new ArrayList<>();
    try (RowFileReader reader =
            RowFile.open(new CountingSeekableInput("p.row", file), TYPE, options);
        RowFileReader selected = reader.select(rows);
        RowArrowReader arrow = selected.arrowReader(allocator, batchSize)) {
      while (arrow.loadNextBatch()) {
        int n = arrow.getVectorSchemaRoot().getRowCount();
        assertThat(n).isPositive().isLessThanOrEqualTo(batchSize);
        String[] lines = arrow.getVectorSchemaRoot().contentToTSVString().split("\n");
        for (int i = 0; i < n; i++) {
          out.add(lines[i + 1] + " @" + arrow.rowNumber(i));
        }
      }
      assertThat(arrow.loadNextBatch()).isFalse();
    }
    return out;
  }

  @Test
  void denseSelectionsDecodeInParallelAndMatchTheSingleThreadedReader() throws IOException {
    byte[] file = file(1_000, 3);
    Random random = new Random(3);
    for (int round = 0; round < 6; round++) {
      RoaringBitmap rows = RoaringBitmap.bitmapOfRange(0, 1_000);
      // Scattered deletes, and a gap wider than a batch: some batch ranges have no row.
      for (int k = 0; k < 40; k++) {
        rows.remove(random.nextInt(1_000));
      }
      int gap = random.nextInt(500);
      rows.remove((long) gap, (long) gap + 150);
      for (int batchSize : new int[] {1, 64, 100, 333}) {
        List<String> expected = selectedRows(file, threads(1), batchSize, rows);
        assertThat(expected).hasSize(rows.getCardinality());
        assertThat(selectedRows(file, threads(3), batchSize, rows))
            .as("round %d, batch %d", round, batchSize)
            .isEqualTo(expected);
      }
    }
    assertThat(executor.taskNames("paimon-row-decode p.row #")).isNotEmpty();
  }

  @Test
  void aCorruptBlockFailsTheBatchHoldingItAfterTheBatchesBefore() throws IOException {
    byte[] file = file(1_000, 2);
    byte[] damaged = file.clone();
    damaged[damaged.length / 2] ^= 0x55; // inside a block in the middle of the file
    List<String> expected = new ArrayList<>();
    Throwable expectedError = null;
    try {
      expected.addAll(scan(damaged, threads(1), 50, null));
    } catch (RowFormatException e) {
      expectedError = e;
    }
    assertThat(expectedError).as("the damage must be detected").isNotNull();
    List<String> got = new ArrayList<>();
    try (RowFileReader reader =
            RowFile.open(new CountingSeekableInput("p.row", damaged), TYPE, threads(3));
        RowArrowReader arrow = reader.arrowReader(allocator, 50)) {
      assertThatThrownBy(
              () -> {
                while (arrow.loadNextBatch()) {
                  got.add(arrow.getVectorSchemaRoot().contentToTSVString());
                }
              })
          .isInstanceOf(RowFormatException.class)
          .hasMessageContaining("p.row");
      assertThat(arrow.loadNextBatch()).isFalse();
    }
    assertThat(got).hasSizeLessThanOrEqualTo(20);
    assertThat(ResourceSafetyTest.readAheadTasks(executor, "p.row")).isEmpty();
    assertThat(allocator.getAllocatedMemory()).isZero();
  }

  @Test
  void anAbandonedScanStopsItsTasksAndFreesItsBuffers() throws IOException {
    byte[] file = file(2_000, 3);
    CountingSeekableInput input = new CountingSeekableInput("p.row", file);
    try (RowFileReader reader = RowFile.open(input, TYPE, threads(3))) {
      RowArrowReader arrow = reader.arrowReader(allocator, 100);
      assertThat(arrow.loadNextBatch()).isTrue();
      assertThat(ResourceSafetyTest.readAheadTaskNames(executor, "p.row"))
          .containsExactly(
              "paimon-row-decode p.row #0",
              "paimon-row-decode p.row #1",
              "paimon-row-decode p.row #2");
      arrow.close();
      long reads = input.reads();
      assertThat(ResourceSafetyTest.readAheadTasks(executor, "p.row")).isEmpty();
      assertThat(executor.awaitIdle()).isTrue();
      assertThat(input.reads()).as("nothing read after close").isEqualTo(reads);
      assertThat(allocator.getAllocatedMemory()).isZero();
    }
  }

  @Test
  void aScanWithoutReadAheadOrWithASelectionStaysInTheCallersThread() throws IOException {
    byte[] file = file(500, 4);
    try (RowFileReader reader =
            RowFile.open(
                new CountingSeekableInput("p.row", file), TYPE, threads(4).readAheadBlocks(0));
        RowArrowReader arrow = reader.arrowReader(allocator, 10)) {
      assertThat(arrow.loadNextBatch()).isTrue();
      assertThat(executor.taskCount()).isZero();
    }
    try (RowFileReader reader =
            RowFile.open(
                new CountingSeekableInput("p.row", file),
                TYPE,
                RowFileOptions.defaults().decodeThreads(4));
        RowArrowReader arrow = reader.arrowReader(allocator, 10)) {
      assertThat(arrow.loadNextBatch()).as("without an executor").isTrue();
    }
    assertThatThrownBy(() -> RowFileOptions.defaults().decodeThreads(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("decodeThreads");
  }
}
