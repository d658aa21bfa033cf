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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Scan#rowIdReader()}: exactly the rows asked for, one plan, each file opened once. */
class RowIdReaderTest {

  private static final int COMMITS = 4;
  private static final int ROWS_PER_COMMIT = 500;

  @TempDir Path dir;
  private final RootAllocator allocator = new RootAllocator();
  private CountingFileIO io;
  private Connection conn;
  private Table table;

  @BeforeEach
  void write() {
    io = new CountingFileIO();
    conn = Multimodal.builder().warehouse(dir.toString()).fileIO(io).connect();
    table =
        conn.createTable(
            "t",
            Schema.builder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("name", DataTypes.STRING())
                .option("file.block-size", "1 kb")
                .build(),
            false);
    for (int c = 0; c < COMMITS; c++) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (long i = c * ROWS_PER_COMMIT; i < (c + 1L) * ROWS_PER_COMMIT; i++) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", i);
        row.put("name", "n" + i);
        rows.add(row);
      }
      table.add(rows);
    }
  }

  @AfterEach
  void close() {
    conn.close();
    allocator.close();
  }

  private List<Object> read(RowIdReader reader, long[] ids, int batchSize, String column) {
    List<Object> out = new ArrayList<>();
    try (ArrowReader r = reader.read(ids, batchSize, allocator)) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot root = r.getVectorSchemaRoot();
        assertThat(root.getRowCount()).isLessThanOrEqualTo(batchSize);
        for (int i = 0; i < root.getRowCount(); i++) {
          out.add(
              ArrowValues.get(
                  column, table.schema().columnType(column), root.getVector(column), i));
        }
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out;
  }

  @Test
  void readsTheRowsAskedForInOrderWithDuplicates() {
    long total = (long) COMMITS * ROWS_PER_COMMIT;
    SplittableRandom random = new SplittableRandom(11);
    try (RowIdReader reader = table.scan().select("name").rowIdReader()) {
      assertThat(reader.snapshotId()).isEqualTo(COMMITS);
      assertThat(reader.arrowSchema().getFields())
          .extracting(f -> f.getName())
          .containsExactly("name");
      for (int round = 0; round < 20; round++) {
        long[] ids = random.longs(1 + random.nextInt(300), 0, total).toArray();
        ids[0] = ids[ids.length - 1];
        List<Object> expected = new ArrayList<>();
        for (long id : ids) {
          expected.add("n" + id);
        }
        assertThat(read(reader, ids, 1 + random.nextInt(64), "name"))
            .as("round %d", round)
            .containsExactlyElementsOf(expected);
      }
      assertThat(read(reader, new long[0], 8, "name")).isEmpty();
    }
  }

  @Test
  void theScansFilterAndLimitChooseTheScansRowsNotTheReaders() {
    Scan filtered = table.scan().where("id < 10").limit(3).select("id").pinned();
    try (RowIdReader reader = filtered.rowIdReader()) {
      assertThat(read(reader, new long[] {1999, 5, 1000}, 10, "id"))
          .containsExactly(1999L, 5L, 1000L);
    }
  }

  @Test
  void unknownRowIdsAreNamedBeforeAnythingIsRead() {
    try (RowIdReader reader = table.scan().select("id").rowIdReader()) {
      assertThatThrownBy(() -> reader.read(new long[] {3, 2000, -1, 2001}, 10, allocator))
          .isInstanceOf(RowIdNotFoundException.class)
          .hasMessageContaining("has no rows with IDs [-1, 2000, 2001]")
          .hasMessageContaining("in snapshot " + COMMITS);
      assertThatThrownBy(() -> reader.read(new long[] {1}, 0, allocator))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("batchSize");
    }
  }

  @Test
  void readsItsSnapshotWhateverIsCommittedLater() {
    try (RowIdReader reader = table.scan().select("name").rowIdReader()) {
      table.add(List.of(Map.of("id", 9999L, "name", "late")));
      assertThat(read(reader, new long[] {0}, 1, "name")).containsExactly("n0");
      assertThatThrownBy(() -> reader.read(new long[] {2000}, 1, allocator))
          .isInstanceOf(RowIdNotFoundException.class);
    }
  }

  @Test
  void aTagPinnedReaderFailsOnceTheTagMoves() {
    table.createTag("train", 2);
    try (RowIdReader reader = table.scan().tag("train").select("name").rowIdReader()) {
      assertThat(reader.snapshotId()).isEqualTo(2);
      assertThat(read(reader, new long[] {999}, 1, "name")).containsExactly("n999");
      table.replaceTag("train", 3);
      assertThatThrownBy(() -> reader.read(new long[] {999}, 1, allocator))
          .isInstanceOf(SnapshotNotFoundException.class)
          .hasMessageContaining("tag 'train' was moved from snapshot 2 to 3");
    }
  }

  @Test
  void aReaderOpensEachDataFileAtMostOnce() {
    long total = (long) COMMITS * ROWS_PER_COMMIT;
    SplittableRandom random = new SplittableRandom(5);
    try (RowIdReader reader = table.scan().select("id", "name").rowIdReader()) {
      io.reset();
      for (int round = 0; round < 30; round++) {
        read(reader, random.longs(20, 0, total).toArray(), 20, "id");
      }
      Map<String, Integer> opened = io.openedPaths();
      assertThat(opened.keySet()).anyMatch(p -> p.endsWith(".row"));
      opened.forEach(
          (path, n) -> {
            if (path.endsWith(".row")) {
              assertThat(n).as(path).isEqualTo(1);
            }
          });
    }
    assertThat(io.openNow()).isZero();
  }

  @Test
  void aClosedReaderRefusesToRead() {
    RowIdReader reader = table.scan().rowIdReader();
    reader.close();
    assertThatThrownBy(() -> reader.read(new long[] {1}, 1, allocator))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
  }
}
