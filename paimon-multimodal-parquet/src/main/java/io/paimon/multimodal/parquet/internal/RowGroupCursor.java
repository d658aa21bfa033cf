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
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
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
  private final long[] groupStarts;
  private final long rowCount;
  private final RoaringBitmap selection;
  private final String createdBy;

  private int group = -1;
  private long groupEnd;
  private long next;
  private ColumnReader[] readers;

  RowGroupCursor(
      String name,
      ParquetFileReader file,
      MessageType requested,
      ColumnDecoder[] decoders,
      long[] groupStarts,
      long rowCount,
      RoaringBitmap selection) {
    this.name = name;
    this.file = file;
    this.requested = requested;
    this.decoders = decoders;
    this.groupStarts = groupStarts;
    this.rowCount = rowCount;
    this.selection = selection;
    this.createdBy = file.getFooter().getFileMetaData().getCreatedBy();
  }

  /** The decoders, in projection order; a null entry is a column the file does not hold. */
  ColumnDecoder[] decoders() {
    return decoders;
  }

  /** The column readers of the current row group, parallel to {@link #decoders()}. */
  ColumnReader[] readers() {
    return readers;
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
      try {
        while (next < target) {
          for (int c = 0; c < decoders.length; c++) {
            if (decoders[c] != null) {
              decoders[c].skip(readers[c]);
            }
          }
          next++;
        }
      } catch (RuntimeException e) {
        throw malformed("row group " + group, e);
      }
      next = target + 1;
      return target;
    }
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
      PageReadStore pages = file.readRowGroup(g);
      if (pages == null || pages.getRowCount() != groupEnd - groupStarts[g]) {
        throw new RowFormatException(
            name, -1, "row group " + g + " does not hold the rows its footer entry says");
      }
      ColumnReadStoreImpl store =
          new ColumnReadStoreImpl(pages, new IgnoringConverter(requested), requested, createdBy);
      readers = new ColumnReader[decoders.length];
      for (int c = 0; c < decoders.length; c++) {
        if (decoders[c] != null) {
          readers[c] = store.getColumnReader(decoders[c].descriptor());
        }
      }
    } catch (RowFormatException e) {
      throw e;
    } catch (IOException | RuntimeException e) {
      throw malformed("row group " + g, e);
    }
  }

  RowFormatException malformed(String where, Exception e) {
    return new RowFormatException(
        name, -1, "malformed parquet " + where + ": " + e.getMessage(), e);
  }
}
