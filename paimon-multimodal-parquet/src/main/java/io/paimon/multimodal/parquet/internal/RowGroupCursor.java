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

import io.paimon.row.RowFormatException;
import java.io.IOException;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.filter2.columnindex.RowRanges;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.schema.MessageType;
import org.roaringbitmap.RoaringBitmap;

/**
 * Walks the selected rows of a parquet file in file order, one row group at a time: row groups
 * without a selected row are never read; in a row group, each projected column's reader is
 * positioned on the next selected row (values of other rows are skipped, not decoded). Row groups
 * are read with only the projected column chunks. Not thread-safe.
 */
final class RowGroupCursor {

  private final String name;
  private final ParquetFileReader file;
  private final MessageType requested;
  private final ColumnDecoder[] decoders;
  private final NestedColumn[] nested;
  private final long[] groupStarts;
  private final long rowCount;
  private final RoaringBitmap selection;
  private final String createdBy;

  private int group = -1;
  private long groupEnd;
  private long next;
  private ColumnReader[] readers;

  /** Page decoders an Arrow reader offers per column ({@link #bulk}), and those used this group. */
  private PageColumn[] offered;

  private PageColumn[] bulk;

  /**
   * The current row group's pages when only those of selected rows were read ({@link
   * PageSkipping}): its readers then return the selected rows only; otherwise null.
   */
  private PageSkipping.SelectedPages selectedPages;

  RowGroupCursor(
      String name,
      ParquetFileReader file,
      MessageType requested,
      ColumnDecoder[] decoders,
      NestedColumn[] nested,
      long[] groupStarts,
      long rowCount,
      RoaringBitmap selection) {
    this.name = name;
    this.file = file;
    this.requested = requested;
    this.decoders = decoders;
    this.nested = nested;
    this.groupStarts = groupStarts;
    this.rowCount = rowCount;
    this.selection = selection;
    this.createdBy = file.getFooter().getFileMetaData().getCreatedBy();
  }

  /**
   * The decoders of flat columns, in projection order; a null entry is a nested column (see {@link
   * #nested()}) or a column the file does not hold.
   */
  ColumnDecoder[] decoders() {
    return decoders;
  }

  /**
   * The nested columns, parallel to {@link #decoders()}: bound to the current row group's leaf
   * readers; a null entry is a flat or missing column.
   */
  NestedColumn[] nested() {
    return nested;
  }

  /** The column readers of the current row group, parallel to {@link #decoders()}. */
  ColumnReader[] readers() {
    return readers;
  }

  /**
   * Offers page decoders for some columns (null entries for none), used in every row group whose
   * chunk of that column they decode ({@link PageColumn#decodes}); call before the first read.
   */
  void bulk(PageColumn[] columns) {
    this.offered = columns;
  }

  /**
   * The page decoder of column {@code c} in the current row group, or null when the column's {@link
   * #readers() reader} is to be used.
   */
  PageColumn bulkColumn(int c) {
    return bulk == null ? null : bulk[c];
  }

  /**
   * Moves to the next selected row and returns its row number, or -1 at the end; the readers are
   * then positioned on that row's values, which the caller must consume, each exactly once.
   */
  long advance() throws IOException {
    while (true) {
      long target = selection == null ? next : nextSelected(next);
      if (target < 0 || target >= rowCount) {
        return -1;
      }
      if (target >= groupEnd) {
        openGroupOf(target);
      }
      if (selectedPages != null) {
        next = target;
        selectedPages.reaching(target - groupStarts[group]);
      }
      try {
        if (next < target) {
          int gap = (int) (target - next);
          for (int c = 0; c < decoders.length; c++) {
            if (nested[c] != null) {
              for (int i = 0; i < gap; i++) {
                nested[c].skip();
              }
              continue;
            }
            if (decoders[c] == null) {
              continue;
            }
            if (bulk != null && bulk[c] != null) {
              bulk[c].skip(gap);
            } else {
              for (int i = 0; i < gap; i++) {
                decoders[c].skip(readers[c]);
              }
            }
          }
          next = target;
        }
      } catch (RuntimeException e) {
        throw malformed("row group " + group, e);
      }
      next = target + 1;
      return target;
    }
  }

  /**
   * After {@link #advance} returned a row: how many of the rows right after it, at most {@code
   * max}, are selected too and in the same row group; they are taken as read (the caller consumes
   * that many more values from each reader).
   */
  int selectedAfter(int max) {
    if (max <= 0 || next >= groupEnd) {
      return 0;
    }
    long limit = Math.min(groupEnd, next + max);
    long runEnd =
        selection == null ? limit : Math.min(limit, selection.nextAbsentValue((int) next));
    int n = (int) Math.max(0, runEnd - next);
    next += n;
    if (selectedPages != null && n > 0) {
      selectedPages.reaching(next - 1 - groupStarts[group]);
    }
    return n;
  }

  /**
   * Without a selection: positions the readers on the next row and returns how many consecutive
   * rows, at most {@code max}, the current row group holds from there (at least 1), or -1 at the
   * end. The caller consumes exactly that many values from each reader, then calls {@link
   * #consumed}.
   */
  int run(int max) throws IOException {
    if (selection != null) {
      throw new IllegalStateException("runs are for reads without a selection");
    }
    if (next >= rowCount) {
      return -1;
    }
    if (next >= groupEnd) {
      openGroupOf(next);
    }
    return (int) Math.min(max, groupEnd - next);
  }

  /** Records that {@code n} rows of the current run were consumed. */
  void consumed(int n) {
    next += n;
  }

  /** The row number the next run starts at. */
  long position() {
    return next;
  }

  /** Whether this cursor reads every row (no selection), so {@link #run} applies. */
  boolean sequential() {
    return selection == null;
  }

  private long nextSelected(long from) {
    if (from >= rowCount) {
      return -1;
    }
    long v = selection.nextValue((int) from);
    return v;
  }

  private void openGroupOf(long row) throws IOException {
    int g = group + 1;
    while (g + 1 < groupStarts.length && groupStarts[g + 1] <= row) {
      g++;
    }
    group = g;
    groupEnd = g + 1 < groupStarts.length ? groupStarts[g + 1] : rowCount;
    next = groupStarts[g];
    try {
      RowRanges ranges =
          PageSkipping.selectedRanges(
              file.getRowGroups().get(g), requested, selection, groupStarts[g], groupEnd);
      selectedPages = ranges == null ? null : PageSkipping.read(file, g, ranges);
      PageReadStore pages = ranges == null ? file.readRowGroup(g) : selectedPages;
      long expected = ranges == null ? groupEnd - groupStarts[g] : ranges.rowCount();
      if (pages == null || pages.getRowCount() != expected) {
        throw new RowFormatException(
            name, -1, "row group " + g + " does not hold the rows its footer entry says");
      }
      ColumnReadStoreImpl store =
          new ColumnReadStoreImpl(pages, new IgnoringConverter(requested), requested, createdBy);
      readers = new ColumnReader[decoders.length];
      bulk = offered == null ? null : new PageColumn[decoders.length];
      for (int c = 0; c < decoders.length; c++) {
        if (nested[c] != null) {
          ColumnDescriptor[] leaves = nested[c].leaves();
          ColumnReader[] leafReaders = new ColumnReader[leaves.length];
          for (int l = 0; l < leaves.length; l++) {
            leafReaders[l] = store.getColumnReader(leaves[l]);
          }
          nested[c].bind(leafReaders);
          continue;
        }
        if (decoders[c] == null) {
          continue;
        }
        // Skipped pages are read through parquet-java's row-index-aware readers; the page
        // decoder takes whole row groups.
        PageColumn page = offered == null || selectedPages != null ? null : offered[c];
        if (page != null && PageDecoding.decodes(chunk(g, page))) {
          page.open(pages.getPageReader(page.descriptor()));
          bulk[c] = page;
        } else {
          readers[c] = store.getColumnReader(decoders[c].descriptor());
        }
      }
    } catch (RowFormatException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw malformed("row group " + g, e);
    }
  }

  private ColumnChunkMetaData chunk(int g, PageColumn page) {
    for (ColumnChunkMetaData c : file.getFooter().getBlocks().get(g).getColumns()) {
      if (c.getPath()
          .equals(org.apache.parquet.hadoop.metadata.ColumnPath.get(page.descriptor().getPath()))) {
        return c;
      }
    }
    throw new IllegalStateException("row group " + g + " has no chunk of the column");
  }

  RowFormatException malformed(String where, Exception e) {
    return new RowFormatException(
        name, -1, "malformed parquet " + where + ": " + e.getMessage(), e);
  }
}
