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

import io.paimon.row.CountingInput.Read;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import io.paimon.types.Variant;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.roaringbitmap.RoaringBitmap;

/**
 * Projection and selection views of a reader, their argument checks, and which byte ranges they
 * read: a many-block file is read through a {@link CountingInput} to show that blocks without
 * selected rows are never fetched.
 */
class ProjectionSelectionTest {

  private static final RowType TYPE =
      (RowType)
          DataTypes.parse("ROW<id BIGINT NOT NULL, name STRING, score DOUBLE, tags ARRAY<STRING>>");
  private static final int ROWS = 600;

  private final List<Row> rows = new ArrayList<>();
  private byte[] file;
  private BufferAllocator allocator;

  @BeforeEach
  void writeFile() throws IOException {
    for (int i = 0; i < ROWS; i++) {
      rows.add(
          Row.of((long) i, i % 7 == 0 ? null : "name-" + i, i * 0.5, List.of("t" + i % 3, "€")));
    }
    file = RowFiles.write(TYPE, rows, RowFileOptions.defaults().blockSize(200));
    allocator = new RootAllocator();
  }

  @AfterEach
  void closeAllocator() {
    allocator.close();
  }

  private RowFileReader open(CountingInput input, int readAheadBlocks) throws IOException {
    return RowFile.open(
        input,
        TYPE,
        RowFileOptions.defaults().executor(TestExecutor.SHARED).readAheadBlocks(readAheadBlocks));
  }

  private RowFileReader open() throws IOException {
    return open(new CountingInput("memory.row", file), 0);
  }

  @Test
  void projectionReturnsTheFieldsInTheGivenOrder() throws IOException {
    try (RowFileReader reader = open();
        RowFileReader view = reader.project(3, 0)) {
      assertThat(view.rowType().fieldNames()).containsExactly("tags", "id");
      assertThat(view.fileType()).isEqualTo(TYPE);
      assertThat(RowFiles.readAll(view))
          .isEqualTo(RoundTripPropertyTest.project(rows, new int[] {3, 0}));
      assertThat(view.read(123)).isEqualTo(Row.of(List.of("t0", "€"), 123L));
    }
  }

  @Test
  void projectionOfAProjectionIndexesTheViewsRowType() throws IOException {
    try (RowFileReader reader = open();
        RowFileReader first = reader.project(3, 1, 0);
        RowFileReader second = first.project(2, 0)) {
      assertThat(first.rowType().fieldNames()).containsExactly("tags", "name", "id");
      assertThat(second.rowType().fieldNames()).containsExactly("id", "tags");
      assertThat(RowFiles.readAll(second))
          .isEqualTo(RoundTripPropertyTest.project(rows, new int[] {0, 3}));
      assertThat(second.read(8)).isEqualTo(Row.of(8L, List.of("t2", "€")));
      assertThatThrownBy(() -> first.project(3))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("projected field 3 is outside [0, 3)");
    }
  }

  @Test
  void repeatedOrOutOfRangeFieldsAreRejected() throws IOException {
    try (RowFileReader reader = open();
        RowFileReader view = reader.project(2, 1)) {
      assertThatThrownBy(() -> reader.project(0, 1, 0))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("field 0 is projected twice");
      assertThatThrownBy(() -> reader.project(4))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("projected field 4 is outside [0, 4)");
      assertThatThrownBy(() -> reader.project(-1))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("projected field -1 is outside [0, 4)");
      assertThatThrownBy(() -> view.project(1, 1))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("field 1 is projected twice");
    }
  }

  @Test
  void projectionSkipsLengthPrefixedFieldsItDoesNotReturn() throws IOException {
    RowType type =
        (RowType)
            DataTypes.parse(
                "ROW<s STRING, b BYTES, v VARIANT, d DECIMAL(38, 2), c CHAR(3), bl BLOB, last"
                    + " INT>");
    List<Row> written = new ArrayList<>();
    for (int n : new int[] {0, 1, 127, 128, 20_000}) {
      byte[] bytes = new byte[n];
      written.add(
          Row.of(
              "é".repeat(n),
              bytes,
              Variant.of(bytes, new byte[n / 2]),
              new BigDecimal("-123456789012345678901234567890.12"),
              "abc",
              bytes,
              n));
    }
    byte[] data = RowFiles.write(type, written, RowFileOptions.defaults());
    try (RowFileReader reader =
        RowFile.open(new CountingInput("skip.row", data), type, RowFileOptions.defaults())) {
      for (int[] projection : new int[][] {{6}, {6, 0}, {1, 6}, {4, 6, 2}, {3, 5}}) {
        List<Row> expected = RoundTripPropertyTest.project(written, projection);
        try (RowFileReader view = reader.project(projection)) {
          assertThat(RowFiles.readAll(view)).as("projection %s", projection).isEqualTo(expected);
          try (RowArrowReader arrow = view.arrowReader(allocator, 100)) {
            assertThat(arrow.loadNextBatch()).isTrue();
            VectorSchemaRoot root = arrow.getVectorSchemaRoot();
            for (int i = 0; i < expected.size(); i++) {
              assertThat(ArrowReaderTest.arrowRow(view.rowType(), root, i))
                  .as("Arrow, projection %s, row %d", projection, i)
                  .isEqualTo(expected.get(i));
            }
          }
        }
      }
    }
  }

  @Test
  void emptySelectionReturnsNoRowsAndReadsNoBlock() throws IOException {
    CountingInput input = new CountingInput("memory.row", file);
    try (RowFileReader reader = open(input, 4);
        RowFileReader view = reader.select(new RoaringBitmap())) {
      input.clearReads();
      assertThat(RowFiles.readAll(view)).isEmpty();
      try (RowArrowReader arrow = view.arrowReader(allocator, 10)) {
        assertThat(arrow.loadNextBatch()).isFalse();
      }
      assertThat(input.reads()).isEmpty();
    }
  }

  @Test
  void selectionBeyondTheRowCountIsRejected() throws IOException {
    try (RowFileReader reader = open()) {
      assertThatThrownBy(() -> reader.select(RoaringBitmap.bitmapOf(3, ROWS)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("selected row 600 is outside [0, 600)");
      // Row numbers are unsigned: -1 is row 4294967295.
      assertThatThrownBy(() -> reader.select(RoaringBitmap.bitmapOf(-1)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("selected row 4294967295 is outside [0, 600)");
    }
  }

  @Test
  void selectOfASelectIntersectsAndCommutesWithProject() throws IOException {
    try (RowFileReader reader = open();
        RowFileReader first = reader.select(RoaringBitmap.bitmapOf(1, 2, 3, 50, 400));
        RowFileReader both = first.select(RoaringBitmap.bitmapOf(2, 3, 4, 400, 599));
        RowFileReader selectThenProject = both.project(2, 0);
        RowFileReader projected = reader.project(2, 0);
        RowFileReader projectThenSelect = projected.select(RoaringBitmap.bitmapOf(2, 3, 400))) {
      assertThat(RowFiles.readAll(both)).containsExactly(rows.get(2), rows.get(3), rows.get(400));
      List<Row> expected = List.of(Row.of(1.0, 2L), Row.of(1.5, 3L), Row.of(200.0, 400L));
      assertThat(RowFiles.readAll(selectThenProject)).isEqualTo(expected);
      assertThat(RowFiles.readAll(projectThenSelect)).isEqualTo(expected);
      // A selection narrows iterators, not lookups by row number.
      assertThat(both.read(5)).isEqualTo(rows.get(5));
    }
  }

  @Test
  void readOutsideTheFileNamesTheRow() throws IOException {
    try (RowFileReader reader = open()) {
      assertThatThrownBy(() -> reader.read(ROWS))
          .isInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("memory.row: row 600 is outside [0, 600)");
      assertThatThrownBy(() -> reader.read(-1))
          .isInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("memory.row: row -1 is outside [0, 600)");
    }
  }

  @Test
  void closedReaderRejectsEveryRead() throws IOException {
    CountingInput input = new CountingInput("memory.row", file);
    RowFileReader reader = open(input, 0);
    RowFileReader view = reader.project(0);
    view.close();
    assertThat(input.closeCount()).as("closing a view keeps the file open").isZero();
    assertThat(reader.read(1)).isEqualTo(rows.get(1));
    reader.close();
    reader.close();
    assertThat(input.closeCount()).as("the reader closes its input once").isEqualTo(1);
    String message = "memory.row: reader is closed";
    assertThatThrownBy(() -> reader.read(0))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(message);
    assertThatThrownBy(reader::iterator)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(message);
    assertThatThrownBy(() -> reader.project(0))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(message);
    assertThatThrownBy(() -> reader.select(new RoaringBitmap()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(message);
    assertThatThrownBy(() -> reader.arrowReader(allocator, 10))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(message);
    assertThatThrownBy(() -> view.read(0))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(message);
  }

  @ParameterizedTest(name = "readAheadBlocks {0}")
  @ValueSource(ints = {0, 4})
  void blocksWithoutSelectedRowsAreNeitherReadNorDecompressed(int readAhead) throws IOException {
    CountingInput input = new CountingInput("memory.row", file);
    try (RowFileReader reader = open(input, readAhead)) {
      RowFileLayout layout = reader.layout();
      assertThat(layout.blockCount()).as("blocks").isGreaterThan(20);
      assertThat(input.reads())
          .as("open reads the footer, then the index")
          .containsExactly(
              new Read(file.length - 32, 32), new Read(layout.indexOffset(), layout.indexLength()));

      long[] starts = layout.rowStarts();
      RoaringBitmap selection =
          RoaringBitmap.bitmapOf((int) starts[3] + 1, (int) starts[10], (int) starts[11] - 1);
      List<Row> expected = RoundTripPropertyTest.select(rows, selection);
      List<Read> blocks3And10 = List.of(blockRead(layout, 3), blockRead(layout, 10));
      try (RowFileReader view = reader.select(selection)) {
        input.clearReads();
        assertThat(RowFiles.readAll(view)).isEqualTo(expected);
        assertThat(input.reads()).as("iterator").containsExactlyElementsOf(blocks3And10);

        input.clearReads();
        try (RowArrowReader arrow = view.arrowReader(allocator, 2)) {
          int k = 0;
          while (arrow.loadNextBatch()) {
            for (int i = 0; i < arrow.getVectorSchemaRoot().getRowCount(); i++, k++) {
              assertThat(ArrowReaderTest.arrowRow(TYPE, arrow.getVectorSchemaRoot(), i))
                  .isEqualTo(expected.get(k));
              assertThat(arrow.rowNumber(i)).isEqualTo(selection.select(k));
            }
          }
          assertThat(k).isEqualTo(expected.size());
        }
        assertThat(input.reads()).as("Arrow reader").containsExactlyElementsOf(blocks3And10);
      }

      // Neighbouring selected blocks are fetched in one ranged read, up to maxCoalescedRead.
      RoaringBitmap neighbours = new RoaringBitmap();
      neighbours.add(starts[4], starts[7]);
      try (RowFileReader view = reader.select(neighbours)) {
        input.clearReads();
        assertThat(RowFiles.readAll(view))
            .isEqualTo(RoundTripPropertyTest.select(rows, neighbours));
        long end = layout.blockOffsets()[6] + layout.compressedSizes()[6];
        assertThat(input.reads())
            .containsExactly(
                new Read(layout.blockOffsets()[4], (int) (end - layout.blockOffsets()[4])));
      }
    }
  }

  @Test
  void rowsOfTheLastBlockReadAreServedWithoutReadingAgain() throws IOException {
    CountingInput input = new CountingInput("memory.row", file);
    try (RowFileReader reader = open(input, 0)) {
      RowFileLayout layout = reader.layout();
      long[] starts = layout.rowStarts();
      input.clearReads();
      assertThat(reader.read(starts[3])).isEqualTo(rows.get((int) starts[3]));
      assertThat(reader.read(starts[3] + 1)).isEqualTo(rows.get((int) starts[3] + 1));
      assertThat(reader.read(starts[3])).isEqualTo(rows.get((int) starts[3]));
      assertThat(input.reads()).as("one block read twice").containsExactly(blockRead(layout, 3));

      assertThat(reader.read(starts[5])).isEqualTo(rows.get((int) starts[5]));
      assertThat(reader.read(starts[3])).isEqualTo(rows.get((int) starts[3]));
      assertThat(input.reads())
          .as("only the last block is kept")
          .containsExactly(blockRead(layout, 3), blockRead(layout, 5), blockRead(layout, 3));

      // A view has a block cache of its own.
      try (RowFileReader view = reader.project(1)) {
        input.clearReads();
        assertThat(view.read(starts[3])).isEqualTo(Row.of(rows.get((int) starts[3]).get(1)));
        assertThat(view.read(starts[3] + 1))
            .isEqualTo(Row.of(rows.get((int) starts[3] + 1).get(1)));
        assertThat(input.reads()).containsExactly(blockRead(layout, 3));
      }
    }
  }

  private static Read blockRead(RowFileLayout layout, int block) {
    return new Read(layout.blockOffsets()[block], layout.compressedSizes()[block]);
  }
}
