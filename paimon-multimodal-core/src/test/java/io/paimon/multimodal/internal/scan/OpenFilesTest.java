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
package io.paimon.multimodal.internal.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.internal.TableState;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFileReader;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roaringbitmap.RoaringBitmap;

/** The open-file cache of takes and fetchers: bounded, least recently used out, safe in use. */
class OpenFilesTest {

  private static final int FILES = 5;
  private static final int ROWS = 40;

  @TempDir Path dir;

  private RootAllocator allocator;
  private Connection conn;
  private TableState table;
  private final List<PlannedFile> files = new ArrayList<>();

  @BeforeEach
  void writeTable() {
    allocator = new RootAllocator();
    conn = Multimodal.connect(dir.toString());
    Table t =
        conn.createTable(
            "t", Schema.builder().column("id", DataTypes.BIGINT().notNull()).build(), false);
    for (int c = 0; c < FILES; c++) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (int i = 0; i < ROWS; i++) {
        rows.add(Map.of("id", (long) c * ROWS + i));
      }
      t.add(rows);
    }
    table = ((io.paimon.multimodal.internal.TableImpl) t).state();
    ScanPlanner.Resolved resolved = ScanPlanner.resolve(table, ScanContext.of(RowSet.ALL));
    for (DataGroup g : ScanPlanner.groups(table, resolved.snapshot())) {
      files.addAll(g.normals());
    }
    assertThat(files).hasSize(FILES);
  }

  @AfterEach
  void close() {
    conn.close();
    allocator.close();
  }

  /** The ids of some rows of a file, read through a view of its open reader. */
  private List<Long> read(RowFileReader reader, int... rows) throws Exception {
    List<Long> out = new ArrayList<>();
    try (RowFileReader picked = reader.select(RoaringBitmap.bitmapOf(rows));
        RowArrowReader batches = picked.arrowReader(allocator, 8)) {
      while (batches.loadNextBatch()) {
        BigIntVector id = (BigIntVector) batches.getVectorSchemaRoot().getVector(0);
        for (int i = 0; i < id.getValueCount(); i++) {
          out.add(id.get(i));
        }
      }
    }
    return out;
  }

  @Test
  void keepsAtMostTheBoundOpenAndReopensWhatItClosed() throws Exception {
    try (OpenFiles open = new OpenFiles(table, RowIdFetcher.READ_OPTIONS, 2)) {
      for (int round = 0; round < 2; round++) {
        for (PlannedFile f : files) {
          try (OpenFiles.Lease lease = open.open(f)) {
            assertThat(read(lease.reader(), 1, 7))
                .containsExactly(f.firstRowId() + 1, f.firstRowId() + 7);
          }
          assertThat(open.openCount()).isLessThanOrEqualTo(2);
        }
      }
      // Every file was closed once the two after it were opened: all opened twice.
      assertThat(open.opens()).isEqualTo(2 * FILES);

      // The files used last stay open: reading them again opens nothing.
      for (int k = FILES - 2; k < FILES; k++) {
        open.open(files.get(k)).close();
      }
      assertThat(open.opens()).isEqualTo(2 * FILES);
    }
  }

  @Test
  void aFileInUseIsClosedWhenItsLastUserReleasesIt() throws Exception {
    OpenFiles open = new OpenFiles(table, RowIdFetcher.READ_OPTIONS, 1);
    OpenFiles.Lease first = open.open(files.get(0));
    OpenFiles.Lease again = open.open(files.get(0));
    assertThat(again.reader()).isSameAs(first.reader());
    // Opening another file evicts the first, which two users still read.
    OpenFiles.Lease second = open.open(files.get(1));
    assertThat(open.openCount()).isEqualTo(1);
    assertThat(read(first.reader(), 3)).containsExactly(3L);
    first.close();
    assertThat(read(again.reader(), 4)).containsExactly(4L);
    again.close();
    RowFileReader evicted = first.reader();
    assertThatThrownBy(() -> evicted.project(0))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");

    // Closing the cache closes what is released and, later, what is still in use.
    open.close();
    assertThat(read(second.reader(), 0)).containsExactly((long) ROWS);
    assertThatThrownBy(() -> open.open(files.get(2)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("the open data files of a read of table 't' were closed");
    second.close();
    assertThatThrownBy(() -> second.reader().project(0)).isInstanceOf(IllegalStateException.class);
  }
}
