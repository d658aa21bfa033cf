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
import static io.paimon.multimodal.TestTables.longs;
import static io.paimon.multimodal.TestTables.range;
import static io.paimon.multimodal.TestTables.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileLayout;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class RowIdTest {

  /** Small files of a few small blocks, so a few hundred rows span several files. */
  private static final String[] SMALL_FILES = {
    "target-file-size", "8 kb", "file.block-size", "2 kb"
  };

  @Parameter TestStorage storage;

  @TempDir Path dir;

  private RootAllocator allocator;
  private Connection conn;

  @BeforeEach
  void open() {
    allocator = new RootAllocator();
    conn = storage.connect(dir);
  }

  @AfterEach
  void close() {
    conn.close();
    allocator.close();
  }

  private Scan scan(Table table) {
    return table.scan().allocator(allocator);
  }

  private List<Map<String, Object>> take(Scan take) {
    return take.allocator(allocator).toList();
  }

  private static List<Object> column(List<Map<String, Object>> rows, String column) {
    return rows.stream().map(r -> r.get(column)).collect(Collectors.toList());
  }

  /** Commits 3 to 6 batches of random sizes with ids first, first + 1, ...; returns the next. */
  private static long fill(Table table, Random rnd, long first) {
    long next = first;
    int commits = 3 + rnd.nextInt(4);
    for (int c = 0; c < commits; c++) {
      int n = 1 + rnd.nextInt(700);
      Snapshot s = table.add(rows(next, n));
      next += n;
      assertThat(s.nextRowId()).isEqualTo(next);
    }
    return next;
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3})
  void rowIdsAreDenseUniqueAndStableAcrossCommitsAndFiles(long seed) {
    Table table = conn.createTable("t", idName(SMALL_FILES), false);
    Random rnd = new Random(seed);
    List<List<Long>> rowIdsAt = new ArrayList<>();
    long next = 0;
    int commits = 4 + rnd.nextInt(3);
    for (int c = 0; c < commits; c++) {
      int n = 1 + rnd.nextInt(700);
      table.add(rows(next, n));
      next += n;
      // Rows are numbered in commit order and, within a commit, in input order.
      List<Map<String, Object>> all = scan(table).select("_ROW_ID", "id").toList();
      List<Object> expected = new ArrayList<>(range(next));
      assertThat(column(all, "_ROW_ID")).as("seed %s", seed).isEqualTo(expected);
      assertThat(column(all, "id")).as("seed %s", seed).isEqualTo(expected);
      rowIdsAt.add(longs(scan(table).withRowId(), "_ROW_ID"));
    }
    assertThat(scan(table).plan()).as("seed %s", seed).hasSizeGreaterThan(commits);

    // Every file starts where the one before it ends.
    List<DataFileMeta> files = new ArrayList<>(TestTables.dataFiles(table, commits));
    files.sort((a, b) -> Long.compare(a.firstRowId(), b.firstRowId()));
    long expectedFirst = 0;
    for (DataFileMeta f : files) {
      assertThat(f.firstRowId()).as("seed %s, %s", seed, f.fileName()).isEqualTo(expectedFirst);
      expectedFirst = f.endRowId();
    }
    assertThat(expectedFirst).isEqualTo(next);

    // Earlier snapshots still number their rows the same way, and the id column agrees.
    for (int c = 0; c < commits; c++) {
      Scan old = scan(table).snapshot(c + 1).withRowId();
      assertThat(longs(old, "_ROW_ID")).as("seed %s", seed).isEqualTo(rowIdsAt.get(c));
      assertThat(longs(old, "id")).as("seed %s", seed).isEqualTo(rowIdsAt.get(c));
    }
    long lo = next / 3;
    assertThat(longs(scan(table).where("_ROW_ID >= " + lo + " AND _ROW_ID < " + (lo + 5)), "id"))
        .containsExactly(lo, lo + 1, lo + 2, lo + 3, lo + 4);
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {11, 12, 13})
  void takeRowIdsReturnsRowsInInputOrderWithDuplicates(long seed) {
    Table table = conn.createTable("t", idName(SMALL_FILES), false);
    Random rnd = new Random(seed);
    final long firstCommit = 300;
    table.add(rows(0, (int) firstCommit));
    long n = fill(table, rnd, firstCommit);
    table.createTag("later");
    assertThat(scan(table).plan()).hasSizeGreaterThan(3);

    long[] ids = new long[200];
    for (int i = 0; i < ids.length; i++) {
      // A third of the picks repeat an earlier one.
      ids[i] = i > 0 && rnd.nextInt(3) == 0 ? ids[rnd.nextInt(i)] : rnd.nextLong(n);
    }
    List<Object> expected = Arrays.stream(ids).boxed().collect(Collectors.toList());
    String what = "seed " + seed + ", ids " + Arrays.toString(ids);

    List<Map<String, Object>> got = take(table.takeRowIds(ids).withRowId());
    assertThat(column(got, "_ROW_ID")).as(what).isEqualTo(expected);
    assertThat(column(got, "id")).as(what).isEqualTo(expected);
    assertThat(column(got, "name"))
        .as(what)
        .isEqualTo(expected.stream().map(id -> TestTables.name((Long) id)).toList());
    // The Collection overload, small batches (ids processed in chunks) and the count agree.
    List<Long> boxed = Arrays.stream(ids).boxed().toList();
    assertThat(longs(table.takeRowIds(boxed).batchSize(7).allocator(allocator), "id"))
        .as(what)
        .isEqualTo(expected);
    assertThat(table.takeRowIds(ids).allocator(allocator).count()).isEqualTo(ids.length);

    // select keeps the order and the requested columns only.
    List<Map<String, Object>> names = take(table.takeRowIds(ids).select("name", "_ROW_ID"));
    assertThat(names).allSatisfy(r -> assertThat(r.keySet()).containsExactly("name", "_ROW_ID"));
    assertThat(column(names, "_ROW_ID")).as(what).isEqualTo(expected);

    // where drops rows but keeps the order; limit cuts after the filter.
    long cut = n / 2;
    List<Object> high = expected.stream().filter(id -> (Long) id >= cut).toList();
    assertThat(column(take(table.takeRowIds(ids).where("id >= " + cut)), "id"))
        .as(what)
        .isEqualTo(high);
    assertThat(column(take(table.takeRowIds(ids).where("id >= " + cut).limit(9)), "id"))
        .as(what)
        .isEqualTo(high.subList(0, Math.min(9, high.size())));
    assertThat(column(take(table.takeRowIds(ids).limit(0)), "id")).isEmpty();
    assertThat(table.takeRowIds(ids).where("id >= " + cut).allocator(allocator).count())
        .isEqualTo(high.size());

    // Pinned to snapshot 1 or a tag, with ids that snapshot holds.
    long[] early = Arrays.stream(ids).filter(id -> id < firstCommit).toArray();
    List<Object> earlyExpected = Arrays.stream(early).boxed().collect(Collectors.toList());
    assertThat(column(take(table.takeRowIds(early).snapshot(1)), "id")).isEqualTo(earlyExpected);
    table.add(rows(n, 10));
    assertThat(column(take(table.takeRowIds(ids).tag("later")), "id")).isEqualTo(expected);
    assertThat(take(table.takeRowIds())).isEmpty();
  }

  @Test
  void unknownRowIdsAreRejectedNamingThem() {
    Table table = conn.createTable("t", idName(), false);
    assertThatThrownBy(() -> take(table.takeRowIds(0)))
        .isInstanceOf(RowIdNotFoundException.class)
        .hasMessage("table 't' has no rows with IDs [0] in snapshot 0");
    table.add(rows(0, 100));
    table.add(rows(100, 50));

    assertThatThrownBy(() -> take(table.takeRowIds(3, -1, 150, 7, 1_000, -1)))
        .isInstanceOf(RowIdNotFoundException.class)
        .hasMessage("table 't' has no rows with IDs [-1, 150, 1000] in snapshot 2");
    assertThatThrownBy(() -> take(table.takeRowIds(120, 5, 149).snapshot(1)))
        .isInstanceOf(RowIdNotFoundException.class)
        .hasMessage("table 't' has no rows with IDs [120, 149] in snapshot 1");
    assertThatThrownBy(() -> table.takeRowIds(Long.MAX_VALUE).allocator(allocator).count())
        .isInstanceOf(RowIdNotFoundException.class)
        .hasMessage("table 't' has no rows with IDs [" + Long.MAX_VALUE + "] in snapshot 2");
    long[] many = new long[15];
    for (int i = 0; i < many.length; i++) {
      many[i] = 1000 + i;
    }
    assertThatThrownBy(() -> take(table.takeRowIds(many).where("id > 0")))
        .isInstanceOf(RowIdNotFoundException.class)
        .hasMessage(
            "table 't' has no rows with IDs [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008,"
                + " 1009] and 5 more in snapshot 2");
    assertThatThrownBy(() -> table.takeRowIds(Arrays.asList(1L, null)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("row ID at position 1 is null");
    // Known ids still work after the failures.
    assertThat(column(take(table.takeRowIds(149, 0)), "id")).containsExactly(149L, 0L);
  }

  @Test
  void takeRowIdsReadsOnlyTheBlocksHoldingThoseRows() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        storage.dataFileFormat().equals("row"), "counts the blocks of .row files");
    CountingFileIO io = new CountingFileIO(storage.fileIO());
    try (Connection counted = storage.connect(dir, base -> io)) {
      Table table = counted.createTable("blocks", idName("file.block-size", "4 kb"), false);
      table.add(rows(0, 10_000));
      table.add(rows(10_000, 10_000));
      List<DataFileMeta> files = TestTables.dataFiles(table, 2);
      assertThat(files).hasSize(2);

      long[] ids = {9_000, 17, 15_000};
      io.reset();
      List<Map<String, Object>> got = table.takeRowIds(ids).allocator(allocator).toList();
      assertThat(column(got, "id")).containsExactly(9_000L, 17L, 15_000L);

      for (DataFileMeta f : files) {
        String path = TestTables.dataPath(table, f);
        RowFileLayout layout;
        // Through the storage itself, so that the counts below are the take's alone.
        try (RowFileReader r =
            RowFile.open(
                storage.fileIO().newInputFile(path),
                table.schema().rowType(),
                RowFileOptions.defaults())) {
          layout = r.layout();
        }
        assertThat(layout.blockCount()).isGreaterThan(50);
        // What a take may read: the blocks holding its rows, the block index and the footer.
        long allowed = layout.fileSize() - layout.indexOffset();
        long[] starts = layout.rowStarts();
        int[] sizes = layout.compressedSizes();
        for (long id : ids) {
          long row = id - f.firstRowId();
          if (row >= 0 && row < f.rowCount()) {
            int block = Arrays.binarySearch(starts, row);
            block = block >= 0 ? block : -block - 2;
            allowed += sizes[block];
          }
        }
        assertThat(io.opens(path)).isEqualTo(1);
        assertThat(io.bytesRead(path))
            .as("%s: %s", path, layout)
            .isPositive()
            .isLessThanOrEqualTo(allowed)
            .isLessThan(layout.fileSize() / 20);
      }

      // The counter sees a full read as reading (at least) every block.
      io.reset();
      assertThat(TestTables.readCount(table.scan().allocator(allocator))).isEqualTo(20_000);
      for (DataFileMeta f : files) {
        String path = TestTables.dataPath(table, f);
        assertThat(io.bytesRead(path)).isGreaterThanOrEqualTo(f.fileSize());
      }
    }
  }
}
