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
package io.paimon.multimodal.parquet.internal;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.PrimitiveIterator;
import java.util.Set;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.filter2.columnindex.RowRanges;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.schema.MessageType;
import org.roaringbitmap.PeekableIntIterator;
import org.roaringbitmap.RoaringBitmap;

/**
 * Decides when a row group is read page by page: when a selection (takes, deletion vectors, pruned
 * row groups) picks at most {@link #MAX_SELECTED_SHARE} of its rows and every read column chunk has
 * an offset index (the page index parquet-java writes by default), only the pages holding a
 * selected row are fetched and decompressed ({@code ParquetFileReader.readFilteredRowGroup}); the
 * column readers then return the selected rows only, in order. Otherwise the row group is read
 * whole, as the offset indexes would cost extra reads for little gain. Stateless.
 */
final class PageSkipping {

  /** Read page by page when at most this share of a row group's rows is selected. */
  static final double MAX_SELECTED_SHARE = 0.5;

  private PageSkipping() {}

  /**
   * The selected rows of the row group holding file rows {@code [start, end)}, numbered from the
   * group's first row, or null to read the group whole.
   */
  static RowRanges selectedRanges(
      BlockMetaData block, MessageType requested, RoaringBitmap selection, long start, long end) {
    if (selection == null || requested.getColumns().isEmpty()) {
      return null;
    }
    long rows = end - start;
    long selected = selection.rangeCardinality(start, end);
    if (selected == 0 || selected > rows * MAX_SELECTED_SHARE) {
      return null;
    }
    Set<ColumnPath> read = new HashSet<>();
    for (ColumnDescriptor c : requested.getColumns()) {
      read.add(ColumnPath.get(c.getPath()));
    }
    int indexed = 0;
    for (ColumnChunkMetaData chunk : block.getColumns()) {
      if (read.contains(chunk.getPath())) {
        if (chunk.getOffsetIndexReference() == null) {
          return null;
        }
        indexed++;
      }
    }
    if (indexed != read.size()) {
      return null;
    }
    RowRanges.Builder ranges = RowRanges.builder();
    PeekableIntIterator it = selection.getIntIterator();
    it.advanceIfNeeded((int) start);
    long from = -1;
    long to = -1;
    while (it.hasNext()) {
      long row = Integer.toUnsignedLong(it.peekNext());
      if (row >= end) {
        break;
      }
      it.next();
      if (from >= 0 && row == to + 1) {
        to = row;
        continue;
      }
      if (from >= 0) {
        ranges.addSelectedRange(from - start, to - start);
      }
      from = row;
      to = row;
    }
    if (from >= 0) {
      ranges.addSelectedRange(from - start, to - start);
    }
    return ranges.build();
  }

  /**
   * Reads the pages of row group {@code group} holding the rows of {@code ranges} (from {@link
   * #selectedRanges}), or returns null if parquet-java returns no pages.
   */
  static SelectedPages read(ParquetFileReader file, int group, RowRanges ranges)
      throws IOException {
    PageReadStore pages = file.readFilteredRowGroup(group, ranges);
    return pages == null ? null : new SelectedPages(pages, ranges);
  }

  /**
   * The pages of a row group's selected rows, whose column readers return those rows only.
   *
   * <p>It works around parquet-java 1.18's {@code SynchronizingColumnReader} (apache/parquet-java
   * #3747): a reader that has taken the last selected row from its row iterator while still on an
   * earlier page takes the exhausted iterator for the end of the read, and stays on the row after
   * the previous selected row, so a take of rows 3 and 39999 returned rows 3 and 4. Here the
   * readers' iterators report more rows until the cursor is about to consume the last selected row
   * ({@link #reaching}), so a reader moving to that row reads on to its page.
   */
  static final class SelectedPages implements PageReadStore {
    private final PageReadStore pages;
    private final RowRanges ranges;
    private final long lastRow;
    private boolean lastReached;

    private SelectedPages(PageReadStore pages, RowRanges ranges) {
      this.pages = pages;
      this.ranges = ranges;
      List<RowRanges.Range> list = ranges.getRanges();
      this.lastRow = list.isEmpty() ? -1 : list.get(list.size() - 1).to;
    }

    /** Records that the cursor is positioned on row {@code row} of the group, about to read it. */
    void reaching(long row) {
      if (row >= lastRow) {
        lastReached = true;
      }
    }

    @Override
    public PageReader getPageReader(ColumnDescriptor descriptor) {
      return pages.getPageReader(descriptor);
    }

    @Override
    public long getRowCount() {
      return pages.getRowCount();
    }

    @Override
    public Optional<Long> getRowIndexOffset() {
      return pages.getRowIndexOffset();
    }

    @Override
    public Optional<PrimitiveIterator.OfLong> getRowIndexes() {
      PrimitiveIterator.OfLong rows = ranges.iterator();
      return Optional.of(
          new PrimitiveIterator.OfLong() {
            @Override
            public boolean hasNext() {
              return rows.hasNext() || !lastReached;
            }

            @Override
            public long nextLong() {
              return rows.hasNext() ? rows.nextLong() : Long.MAX_VALUE;
            }
          });
    }

    @Override
    public void close() {
      pages.close();
    }
  }
}
