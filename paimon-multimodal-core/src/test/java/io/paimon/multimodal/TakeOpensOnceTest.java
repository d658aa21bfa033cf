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
package io.paimon.multimodal;

import static io.paimon.multimodal.TestTables.idName;
import static io.paimon.multimodal.TestTables.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.internal.scan.RowIdFetcher;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileLayout;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A take, and a long-lived by-row-ID fetcher, open each data file once and read each block holding
 * a requested row once, however small the batches (counted through the storage), and close every
 * file they opened.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class TakeOpensOnceTest {

  private static final int COMMITS = 4;
  private static final int ROWS_PER_COMMIT = 3_000;

  @Parameter TestStorage storage;

  @TempDir Path dir;

  private RootAllocator allocator;
  private CountingFileIO io;
  private Connection conn;
  private Table table;
  private List<DataFileMeta> files;
  private final Map<String, RowFileLayout> layouts = new HashMap<>();

  @BeforeEach
  void open() throws Exception {
    allocator = new RootAllocator();
    io = new CountingFileIO(storage.fileIO());
    conn = storage.connect(dir, base -> io);
    table = conn.createTable("t", idName("file.block-size", "2 kb"), false);
    for (int c = 0; c < COMMITS; c++) {
      table.add(rows((long) c * ROWS_PER_COMMIT, ROWS_PER_COMMIT));
    }
    files = TestTables.dataFiles(table, COMMITS);
    assertThat(files).hasSize(COMMITS);
    for (DataFileMeta f : files) {
      String path = TestTables.dataPath(table, f);
      // Through the storage itself, so that the counts are the reads' alone.
      try (RowFileReader r =
          RowFile.open(
              storage.fileIO().newInputFile(path),
              table.schema().rowType(),
              RowFileOptions.defaults())) {
        layouts.put(path, r.layout());
      }
      assertThat(layouts.get(path).blockCount()).isGreaterThan(20);
    }
  }

  @AfterEach
  void close() {
    conn.close();
    allocator.close();
  }

  /** Random ids of all files, a third of them repeated somewhere in the list. */
  private static long[] randomIds(SplittableRandom random, int n) {
    long[] ids = new long[n];
    for (int i = 0; i < n; i++) {
      ids[i] =
          i > 0 && random.nextInt(3) == 0
              ? ids[random.nextInt(i)]
              : random.nextLong((long) COMMITS * ROWS_PER_COMMIT);
    }
    return ids;
  }

  /**
   * Checks that each data file holding some of {@code ids} was opened once and that at most its
   * footer, index and the blocks holding them (each once) were read from it, and that the other
   * files were not opened.
   */
  private void assertEachFileOpenedOnceAndEachBlockReadOnce(long[] ids) {
    for (DataFileMeta f : files) {
      String path = TestTables.dataPath(table, f);
      RowFileLayout layout = layouts.get(path);
      long[] starts = layout.rowStarts();
      int[] sizes = layout.compressedSizes();
      Set<Integer> blocks = new HashSet<>();
      for (long id : ids) {
        long row = id - f.firstRowId();
        if (row >= 0 && row < f.rowCount()) {
          int block = Arrays.binarySearch(starts, row);
          blocks.add(block >= 0 ? block : -block - 2);
        }
      }
      long allowed = layout.fileSize() - layout.indexOffset();
      for (int b : blocks) {
        allowed += sizes[b];
      }
      if (blocks.isEmpty()) {
        // A file holding none of the ids is not even opened.
        assertThat(io.opens(path)).as(path).isZero();
        continue;
      }
      assertThat(io.opens(path)).as(path).isEqualTo(1);
      assertThat(io.bytesRead(path))
          .as("%s: %d blocks", path, blocks.size())
          .isPositive()
          .isLessThanOrEqualTo(allowed);
    }
  }

  /** Reads a reader to the end, checking that row i has id ids[i] and its name. */
  private static void assertRows(ArrowReader reader, long[] ids, int batchSize) throws Exception {
    int n = 0;
    try (reader) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        assertThat(root.getRowCount()).isBetween(1, batchSize);
        BigIntVector id = (BigIntVector) root.getVector("id");
        VarCharVector name = (VarCharVector) root.getVector("name");
        for (int i = 0; i < root.getRowCount(); i++, n++) {
          // Compared by hand: assertions per row would dominate a take of 300,000 rows.
          if (id.get(i) != ids[n]
              || !new String(name.get(i), StandardCharsets.UTF_8).equals(TestTables.name(ids[n]))) {
            assertThat(id.get(i)).as("row %d", n).isEqualTo(ids[n]);
            assertThat(new String(name.get(i), StandardCharsets.UTF_8))
                .as("row %d", n)
                .isEqualTo(TestTables.name(ids[n]));
          }
        }
      }
    }
    assertThat(n).isEqualTo(ids.length);
  }

  @Test
  void aTakeInSmallBatchesOpensEachFileOnceAndReadsEachBlockOnce() throws Exception {
    long[] ids = randomIds(new SplittableRandom(5), 600);
    io.reset();
    assertRows(table.takeRowIds(ids).batchSize(7).allocator(allocator).toArrowReader(), ids, 7);
    assertEachFileOpenedOnceAndEachBlockReadOnce(ids);
    assertThat(io.openNow()).isZero();

    // A limit reads no more than the rows it returns need.
    long[] first = Arrays.copyOf(ids, 5);
    io.reset();
    assertRows(
        table.takeRowIds(ids).limit(5).batchSize(2).allocator(allocator).toArrowReader(), first, 2);
    assertEachFileOpenedOnceAndEachBlockReadOnce(first);

    // Closed half-way, the take closes its files.
    try (ArrowReader reader = table.takeRowIds(ids).batchSize(3).toArrowReader()) {
      assertThat(reader.loadNextBatch()).isTrue();
    }
    assertThat(io.openNow()).isZero();
  }

  @Test
  void aTakeLongerThanOnePassKeepsItsOrderFilterAndLimit() throws Exception {
    // More ids than one pass holds (2^18), so the take is read in two passes.
    long[] ids = randomIds(new SplittableRandom(13), 300_000);
    io.reset();
    assertRows(table.takeRowIds(ids).allocator(allocator).toArrowReader(), ids, 4096);
    for (DataFileMeta f : files) {
      assertThat(io.opens(TestTables.dataPath(table, f))).isEqualTo(1);
    }
    long cut = 2 * ROWS_PER_COMMIT;
    long[] high = Arrays.stream(ids).filter(id -> id >= cut).toArray();
    assertRows(
        table.takeRowIds(ids).where("id >= " + cut).allocator(allocator).toArrowReader(),
        high,
        4096);
    long[] limited = Arrays.copyOf(high, high.length - 100); // ends in the second pass
    assertRows(
        table
            .takeRowIds(ids)
            .where("id >= " + cut)
            .limit(limited.length)
            .batchSize(1000)
            .allocator(allocator)
            .toArrowReader(),
        limited,
        1000);
    assertThat(io.openNow()).isZero();
  }

  @Test
  void aFetcherOpensEachFileOnceForAllFetchesAndClosesThemWhenClosed() throws Exception {
    SplittableRandom random = new SplittableRandom(9);
    List<long[]> fetches = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      fetches.add(randomIds(random, 1 + random.nextInt(80)));
    }
    long snapshot = table.latestSnapshot().orElseThrow().id();
    io.reset();
    RowIdFetcher fetcher =
        new RowIdFetcher(TestTables.state(table), snapshot, List.of("id", "name"));
    try (fetcher) {
      for (long[] ids : fetches) {
        assertRows(fetcher.fetch(ids, 16, allocator), ids, 16);
      }
      for (DataFileMeta f : files) {
        assertThat(io.opens(TestTables.dataPath(table, f))).isEqualTo(1);
      }
      assertThat(io.openNow()).isPositive();
      assertThatThrownBy(() -> fetcher.fetch(new long[] {3, -4, 99_999}, 4, allocator))
          .isInstanceOf(RowIdNotFoundException.class)
          .hasMessage("table 't' has no rows with IDs [-4, 99999] in snapshot " + snapshot);
    }
    assertThat(io.openNow()).isZero();
    assertThatThrownBy(() -> fetcher.fetch(new long[] {1}, 1, allocator))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
  }
}
