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

import io.paimon.types.RowType;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.roaringbitmap.RoaringBitmap;

/**
 * Reads a {@code .row} file: by row number in O(1) (one ranged read and one decompression, with the
 * last block kept), sequentially with read-ahead, narrowed to some fields ({@link #project}) or
 * some rows ({@link #select}), into generic {@link Row}s or straight into Arrow vectors ({@link
 * #arrowReader}). Open one with {@link RowFile#open}; the footer and block index are validated when
 * it opens.
 *
 * <p>{@link #project} and {@link #select} return views that share this reader's file and index;
 * each view has its own block cache and decompressor and is closed on its own, and closing the
 * reader that opened the file closes the file for all of them. A reader is not thread-safe, except
 * that {@link #project} and {@link #select} may be called from several threads at once (they only
 * read the reader's fixed state, so one open file can serve concurrent requests): open views
 * (cheap) to read from several threads. Iterators and Arrow readers it returns are closed by the
 * caller.
 */
public interface RowFileReader extends AutoCloseable {

  /** The file's name or path, as used in messages. */
  String name();

  /** The schema the file is read with. */
  RowType fileType();

  /** The type of the rows this reader returns: the file type narrowed by {@link #project}. */
  RowType rowType();

  /** The number of rows in the file (whatever the selection). */
  long rowCount();

  /** The footer and block index. */
  RowFileLayout layout();

  /**
   * Reads row {@code rowNumber} (0-based, in the whole file), projected to {@link #rowType()}.
   * Reads and decompresses the row's block unless it is the block read last.
   *
   * @throws IndexOutOfBoundsException if the row number is outside [0, rowCount)
   * @throws RowFormatException if the block or the row is malformed
   */
  Row read(long rowNumber) throws IOException;

  /**
   * Iterates the selected rows (all by default) in file order, projected. Blocks are read and
   * decompressed ahead on the options' executor ({@link RowFileOptions#readAheadBlocks}, {@link
   * RowFileOptions#executor}; in the calling thread without one), with neighbouring blocks fetched
   * in one ranged read; blocks without a selected row are neither read nor decompressed. Memory is
   * bounded by the read-ahead, not the file size.
   */
  CloseableIterator<Row> iterator() throws IOException;

  /**
   * A view of this file returning only the given fields, in the given order (indexes into {@link
   * #fileType()}). Fields not projected are skipped without being decoded.
   *
   * @throws IllegalArgumentException if an index is out of range or repeated
   */
  RowFileReader project(int... fields);

  /**
   * A view of this file whose iterators and Arrow readers return only the given row numbers (a
   * deletion vector's complement, or a set of looked-up rows). {@link #read} is not affected.
   *
   * @throws IllegalArgumentException if the bitmap holds a row number at or past {@link
   *     #rowCount()}
   */
  RowFileReader select(RoaringBitmap rows);

  /**
   * Decodes the selected rows straight into Arrow vectors, {@code batchSize} rows per batch, with
   * the same read-ahead as {@link #iterator()}. The schema is {@link
   * ArrowSchemas#toArrowSchema(RowType)} of {@link #rowType()}; vectors are allocated from {@code
   * allocator} and freed when the returned reader is closed.
   */
  RowArrowReader arrowReader(BufferAllocator allocator, int batchSize) throws IOException;

  /**
   * Statistics of the file's row groups (blocks), in file order, covering every row once: what a
   * reader can tell from the file itself without reading its data (a parquet footer's column chunk
   * statistics). Columns are those of {@link #fileType()}, whatever the projection or selection.
   * Empty when the file has no such statistics, which means unknown, not "no rows"; the default.
   *
   * @throws IOException if the statistics cannot be read
   */
  default List<RowGroupStatistics> rowGroupStatistics() throws IOException {
    return List.of();
  }

  /** Closes this reader; for the reader that opened the file, also the file. */
  @Override
  void close() throws IOException;
}
