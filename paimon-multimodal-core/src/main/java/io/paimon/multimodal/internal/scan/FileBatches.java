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

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.internal.TableState;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.roaringbitmap.RoaringBitmap;
import org.roaringbitmap.RoaringBitmapWriter;

/**
 * The Arrow batches of one data file, narrowed to the read columns and optionally to some rows,
 * with the rows that pass the scan's filter. Owns the file reader and the batch vectors until
 * closed. Not thread-safe.
 *
 * <p>When the filter reads fewer columns than the scan, a file is read in two passes if that pays:
 * first only the filter's columns, to find the passing rows, then the scan's columns for just those
 * rows (a row selection: blocks without a passing row are not decompressed again, and failing rows
 * are never decoded in full). Whether it pays is judged from a sample, every {@value
 * #SAMPLE_STRIDE}th block, read first: if more than half of the sampled blocks hold a passing row,
 * the second pass would decompress most of the file again, so the file is read in one pass with the
 * filter applied per batch (the sample's narrow read is the only cost). A takeRowIds selection is
 * already narrow and is read in one pass.
 */
final class FileBatches implements AutoCloseable {

  /** One block in this many is read first to judge a filter's selectivity. */
  static final int SAMPLE_STRIDE = 8;

  /** The second pass is used when at most this share of the sampled blocks hold a passing row. */
  private static final double MAX_HIT_SHARE = 0.5;

  final PlannedFile file;
  final String path;
  final long firstRowId;

  /** The file's reader when this opened it (closed with this), or null when it is leased. */
  private final RowFileReader fileReader;

  /** The file's lease from a read's open files (released with this), or null. */
  private final OpenFiles.Lease lease;

  private final RowFileReader view;
  final RowArrowReader reader;
  private final ScanFilter filter;
  private final BigIntVector rowIds;

  /** Rows of the current batch that passed, or null when all did. */
  int[] selected;

  int batchRows;

  /**
   * Opens {@code file}'s columns {@code readColumns} (indexes into its file type), of the rows in
   * {@code rows} (all when null), with {@code filter} applied (null for none); its columns must all
   * be in the file. The file comes from {@code openFiles} when given (opened there at most once for
   * the whole read), else it is opened with {@code readOptions} and closed with this.
   */
  FileBatches(
      TableState table,
      PlannedFile file,
      int[] readColumns,
      RoaringBitmap rows,
      ScanFilter filter,
      BufferAllocator allocator,
      int batchSize,
      RowFileOptions readOptions,
      OpenFiles openFiles)
      throws IOException {
    this.file = file;
    this.path = file.path();
    this.firstRowId = file.firstRowId();
    long fileRows = file.meta().rowCount();
    OpenFiles.Lease leased = openFiles == null ? null : openFiles.open(file);
    RowFileReader opened = leased == null ? null : leased.reader();
    if (opened == null) {
      opened = file.open(table.io(), readOptions);
      if (opened.rowCount() != fileRows) {
        long actual = opened.rowCount();
        opened.close();
        // Row IDs are firstRowId + position: a count that disagrees would misnumber or drop rows.
        throw new IOException(
            path + " holds " + actual + " rows, its manifest entry says " + fileRows);
      }
    }
    RowFileReader v = null;
    RowArrowReader r = null;
    BigIntVector ids = null;
    // No batch needs more rows than the file has, or than a row selection picks from it: a huge
    // batch size must not allocate for rows that do not exist (in either pass).
    long cap = rows == null ? fileRows : Math.min(fileRows, rows.getLongCardinality());
    int fileBatchSize = (int) Math.max(1, Math.min(batchSize, cap));
    ScanFilter rowFilter = filter;
    RoaringBitmap restricted = rows;
    int[] filterColumns = null;
    try {
      RoaringBitmap groups =
          filter == null ? null : GroupPruning.matchingGroups(table, file, filter, opened);
      if (groups != null) {
        restricted = rows == null ? groups : RoaringBitmap.and(rows, groups);
      }
      if (filter != null && restricted == null) {
        filterColumns = narrowerFilterColumns(file, filter, readColumns);
      }
      RoaringBitmap selection = restricted;
      if (filterColumns != null) {
        RoaringBitmap passing =
            passingRows(opened, filterColumns, filter, allocator, fileBatchSize);
        if (passing != null) {
          selection = passing;
          rowFilter = null; // every selected row passes
        }
      }
      v = opened.project(readColumns);
      if (selection != null) {
        RowFileReader projected = v;
        v = projected.select(selection);
        projected.close();
      }
      long rowsInView = selection != null ? selection.getLongCardinality() : fileRows;
      r = v.arrowReader(allocator, (int) Math.max(1, Math.min(fileBatchSize, rowsInView)));
      if (rowFilter != null && rowFilter.referencesRowId()) {
        ids = new BigIntVector(Schema.ROW_ID, allocator);
      }
    } catch (IOException | RuntimeException e) {
      if (r != null) {
        r.close();
      }
      if (v != null) {
        v.close();
      }
      if (leased != null) {
        leased.close();
      } else {
        opened.close();
      }
      throw e;
    }
    this.filter = rowFilter;
    this.lease = leased;
    this.fileReader = leased == null ? opened : null;
    this.view = v;
    this.reader = r;
    this.rowIds = ids;
  }

  /**
   * The table columns the filter reads, when they are fewer than the scan reads (so a first pass
   * over them alone is cheaper); otherwise null. A filter on {@code _ROW_ID} alone stays in one
   * pass.
   */
  private static int[] narrowerFilterColumns(
      PlannedFile file, ScanFilter filter, int[] readColumns) {
    List<Integer> columns = new ArrayList<>();
    for (String name : filter.referencedColumns()) {
      if (!Schema.ROW_ID.equals(name)) {
        columns.add(file.fileType().fieldIndex(name));
      }
    }
    if (columns.isEmpty() || columns.size() >= readColumns.length) {
      return null;
    }
    return columns.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * The first pass: the row numbers of the file that pass the filter, or null if the sample shows
   * that a second pass would not pay.
   */
  private RoaringBitmap passingRows(
      RowFileReader opened,
      int[] filterColumns,
      ScanFilter filter,
      BufferAllocator allocator,
      int batchSize)
      throws IOException {
    long[] starts = opened.layout().rowStarts();
    long total = opened.rowCount();
    RoaringBitmap sample = new RoaringBitmap();
    int sampled = 0;
    for (int b = 0; b < starts.length; b += SAMPLE_STRIDE) {
      sample.add(starts[b], b + 1 < starts.length ? starts[b + 1] : total);
      sampled++;
    }
    RoaringBitmap passing = filterPass(opened, filterColumns, sample, filter, allocator, batchSize);
    int hit = 0;
    for (int b = 0; b < starts.length; b += SAMPLE_STRIDE) {
      if (passing.intersects(starts[b], b + 1 < starts.length ? starts[b + 1] : total)) {
        hit++;
      }
    }
    if (hit > MAX_HIT_SHARE * sampled) {
      return null;
    }
    RoaringBitmap rest = RoaringBitmap.flip(sample, 0L, total);
    if (!rest.isEmpty()) {
      passing.or(filterPass(opened, filterColumns, rest, filter, allocator, batchSize));
    }
    return passing;
  }

  /** Reads the filter's columns of the given rows and returns those that pass. */
  private RoaringBitmap filterPass(
      RowFileReader opened,
      int[] filterColumns,
      RoaringBitmap rows,
      ScanFilter filter,
      BufferAllocator allocator,
      int batchSize)
      throws IOException {
    RoaringBitmapWriter<RoaringBitmap> passing = RoaringBitmapWriter.writer().get();
    try (RowFileReader narrow = opened.project(filterColumns);
        RowFileReader selected = narrow.select(rows);
        RowArrowReader first = selected.arrowReader(allocator, batchSize);
        BigIntVector ids =
            filter.referencesRowId() ? new BigIntVector(Schema.ROW_ID, allocator) : null) {
      while (first.loadNextBatch()) {
        VectorSchemaRoot batch = first.getVectorSchemaRoot();
        int n = batch.getRowCount();
        int[] pass = filter.select(ids == null ? batch : withRowIds(batch, first, ids, n));
        if (pass == null) {
          for (int i = 0; i < n; i++) {
            passing.add((int) first.rowNumber(i));
          }
        } else {
          for (int i : pass) {
            passing.add((int) first.rowNumber(i));
          }
        }
      }
    }
    return passing.get();
  }

  /** The batch plus a {@code _ROW_ID} vector computed from the reader's row numbers. */
  private VectorSchemaRoot withRowIds(
      VectorSchemaRoot batch, RowArrowReader from, BigIntVector ids, int n) {
    ids.setInitialCapacity(n);
    ids.allocateNew();
    for (int i = 0; i < n; i++) {
      ids.set(i, firstRowId + from.rowNumber(i));
    }
    ids.setValueCount(n);
    List<FieldVector> vectors = new ArrayList<>(batch.getFieldVectors());
    vectors.add(ids);
    return new VectorSchemaRoot(vectors);
  }

  /** Loads the next batch and filters it; false at the end of the file. */
  boolean next() throws IOException {
    if (!reader.loadNextBatch()) {
      return false;
    }
    VectorSchemaRoot batch = reader.getVectorSchemaRoot();
    batchRows = batch.getRowCount();
    if (filter == null) {
      selected = null;
      return true;
    }
    selected = filter.select(rowIds == null ? batch : withRowIds(batch, reader, rowIds, batchRows));
    return true;
  }

  VectorSchemaRoot batch() throws IOException {
    return reader.getVectorSchemaRoot();
  }

  /** Rows of the current batch that go on. */
  int passing() {
    return selected == null ? batchRows : selected.length;
  }

  @Override
  public void close() throws IOException {
    try {
      if (rowIds != null) {
        rowIds.close();
      }
      reader.close();
      view.close();
    } finally {
      if (lease != null) {
        lease.close();
      } else {
        fileReader.close();
      }
    }
  }
}
