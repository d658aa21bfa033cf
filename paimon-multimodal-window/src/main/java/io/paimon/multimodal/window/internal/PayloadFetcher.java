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
package io.paimon.multimodal.window.internal;

import io.paimon.multimodal.RowIdReader;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SnapshotNotFoundException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.arrow.VectorCopy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Fetches the payload columns of a right input for the sorted row IDs a left batch matched, from
 * the pinned snapshot, into one staging root followed by one all-null row that misses are copied
 * from. BLOB columns arrive as descriptors.
 *
 * <p>Two paths. When the left input advances through time as the right input does (sensor logs
 * appended in time order), the IDs one batch needs lie close together and after those of earlier
 * batches; they are then served by a <em>cursor</em>: one sequential scan of the right payload
 * columns (and {@code _ROW_ID}) read forward once, of which only the chunks between the lowest ID
 * the current batch needs and the highest read so far are kept (at most {@link #MAX_RETAINED_ROWS}
 * rows beyond what the current batch needs). IDs that lie behind the cursor (the access went
 * backwards) are fetched by row ID instead ({@link RowIdReader}: only the blocks holding them are
 * read). Either way the right side's memory between batches is the retained chunks, never the
 * table. Not thread-safe; close it.
 */
final class PayloadFetcher implements AutoCloseable {

  /** Rows per chunk of the sequential scan. */
  static final int CHUNK_ROWS = 4096;

  /** The most rows kept in memory by the cursor. */
  static final int MAX_RETAINED_ROWS = 256 * 1024;

  private final Table table;
  private final RowIdReader byRowId;
  private final List<String> columns;
  private final BufferAllocator allocator;
  private final VectorSchemaRoot staging;
  private final VectorSchemaRoot nullRow;

  private final int maxRetainedRows;
  private final Scan sequential;
  private Prefetcher cursor;
  private boolean cursorDone;
  private long lastReadId = Long.MIN_VALUE;
  private final ArrayDeque<Chunk> chunks = new ArrayDeque<>();
  private long retainedRows;

  /** Rows of the sequential scan kept in memory, with their ascending row IDs. */
  private record Chunk(VectorSchemaRoot root, long[] ids) {
    long last() {
      return ids[ids.length - 1];
    }
  }

  PayloadFetcher(
      Scan right, Table table, long snapshotId, List<String> columns, BufferAllocator allocator) {
    this(right, table, snapshotId, columns, allocator, CHUNK_ROWS, MAX_RETAINED_ROWS);
  }

  /** With chunk and retention sizes of its own (small ones let tests cross every boundary). */
  PayloadFetcher(
      Scan right,
      Table table,
      long snapshotId,
      List<String> columns,
      BufferAllocator allocator,
      int chunkRows,
      int maxRetainedRows) {
    this.maxRetainedRows = maxRetainedRows;
    this.table = table;
    this.byRowId = right.select(columns).rowIdReader();
    if (byRowId.snapshotId() != snapshotId) {
      byRowId.close();
      throw new SnapshotNotFoundException(
          "the right input (table '"
              + table.name()
              + "') was pinned to snapshot "
              + snapshotId
              + " but now reads snapshot "
              + byRowId.snapshotId());
    }
    this.columns = columns;
    this.allocator = allocator;
    List<String> read = new ArrayList<>(columns);
    if (!read.contains(Schema.ROW_ID)) {
      read.add(Schema.ROW_ID);
    }
    this.sequential = right.select(read).batchSize(chunkRows).allocator(allocator);
    org.apache.arrow.vector.types.pojo.Schema schema = byRowId.arrowSchema();
    VectorSchemaRoot s = VectorSchemaRoot.create(schema, allocator);
    try {
      this.nullRow = VectorSchemaRoot.create(schema, allocator);
    } catch (RuntimeException e) {
      s.close();
      throw e;
    }
    this.staging = s;
    for (FieldVector v : nullRow.getFieldVectors()) {
      v.allocateNew();
    }
    // Freshly allocated validity buffers are zero: every cell of this one row is null.
    nullRow.setRowCount(1);
  }

  /**
   * Fetches rows {@code ids[0..count)} (sorted, distinct, all in the snapshot) into staging rows
   * {@code 0..count)}; row {@code count} is null in every column.
   */
  VectorSchemaRoot fetch(long[] ids, int count) {
    for (FieldVector v : staging.getFieldVectors()) {
      v.reset();
    }
    try {
      int rows = 0;
      if (count > 0) {
        while (!chunks.isEmpty() && chunks.peekFirst().last() < ids[0]) {
          evictFirst();
        }
        long low = chunks.isEmpty() ? lastReadId : chunks.peekFirst().ids()[0] - 1;
        int behind = 0;
        while (behind < count && ids[behind] <= low) {
          behind++;
        }
        rows = take(ids, 0, behind, rows);
        int done = fromCursor(ids, behind, count, rows);
        rows += done - behind;
        rows = take(ids, done, count, rows);
      }
      for (int j = 0; j < columns.size(); j++) {
        VectorCopy.copyRows(nullRow.getVector(j), null, 0, 1, staging.getVector(j), rows);
      }
      staging.setRowCount(rows + 1);
      return staging;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Serves {@code ids[from..)} from the cursor into staging rows from {@code at}, in order; returns
   * the index of the first ID it could not serve (the rest are fetched by row ID).
   */
  private int fromCursor(long[] ids, int from, int count, int at) throws IOException {
    if (cursorDone && chunks.isEmpty()) {
      return from;
    }
    Iterator<Chunk> it = chunks.iterator();
    Chunk c = it.hasNext() ? it.next() : null;
    Chunk scanned = null;
    int position = 0;
    int[] picks = new int[count - from];
    int picked = 0;
    int k = from;
    while (k < count) {
      long id = ids[k];
      while (c != null && c.last() < id) {
        at = flush(c, picks, picked, at);
        picked = 0;
        c = it.hasNext() ? it.next() : null;
      }
      if (c == null) {
        // Everything retained is flushed: read on; chunks before the one being read are done.
        Chunk next = readChunkAtLeast(id);
        if (next == null) {
          break;
        }
        it = null;
        c = next;
      }
      // IDs ascend, so the position in the chunk only moves forward
      long[] cids = c.ids();
      if (c != scanned) {
        scanned = c;
        position = 0;
      }
      while (position < cids.length && cids[position] < id) {
        position++;
      }
      if (position >= cids.length || cids[position] != id) {
        break; // not in the scan; should not happen, but the row-ID path settles it
      }
      picks[picked++] = position;
      k++;
      if (it == null && k < count && ids[k] > c.last()) {
        at = flush(c, picks, picked, at);
        picked = 0;
        c = null;
      }
    }
    if (c != null && picked > 0) {
      flush(c, picks, picked, at);
    }
    return k;
  }

  /** Reads chunks until one ends at or after {@code id}; keeps it and returns it, or null. */
  private Chunk readChunkAtLeast(long id) throws IOException {
    while (true) {
      if (cursorDone) {
        return null;
      }
      Chunk next = readChunk();
      if (next == null) {
        return null;
      }
      while (retainedRows > maxRetainedRows && chunks.size() > 1) {
        evictFirst();
      }
      if (next.last() >= id) {
        return next;
      }
    }
  }

  private Chunk readChunk() throws IOException {
    if (cursor == null) {
      // The sequential scan decodes a chunk or two ahead on the I/O pool.
      cursor =
          new Prefetcher(
              "align-payload",
              sequential.table().executors(),
              sequential::toArrowReader,
              allocator);
    }
    VectorSchemaRoot batch;
    while ((batch = cursor.next()) != null) {
      int n = batch.getRowCount();
      BigIntVector idVector = (BigIntVector) batch.getVector(Schema.ROW_ID);
      long[] ids = new long[n];
      for (int i = 0; i < n; i++) {
        ids[i] = idVector.get(i);
        if (ids[i] <= (i == 0 ? lastReadId : ids[i - 1])) {
          // Not in row-ID order (a scan of taken row IDs): the cursor cannot serve it.
          batch.close();
          stopCursor();
          return null;
        }
      }
      Chunk c = new Chunk(batch, ids);
      chunks.addLast(c);
      retainedRows += n;
      lastReadId = ids[n - 1];
      return c;
    }
    stopCursor();
    return null;
  }

  private void stopCursor() {
    cursorDone = true;
    if (cursor != null) {
      cursor.close();
      cursor = null;
    }
  }

  private int flush(Chunk c, int[] picks, int n, int at) {
    if (n == 0) {
      return at;
    }
    for (int j = 0; j < columns.size(); j++) {
      VectorCopy.copyRows(
          c.root().getVector(columns.get(j)), picks, 0, n, staging.getVector(j), at);
    }
    return at + n;
  }

  private void evictFirst() {
    Chunk c = chunks.pollFirst();
    retainedRows -= c.ids().length;
    c.root().close();
  }

  /** Fetches {@code ids[from..to)} by row ID into staging rows from {@code at}. */
  private int take(long[] ids, int from, int to, int at) throws IOException {
    if (from >= to) {
      return at;
    }
    long[] wanted = Arrays.copyOfRange(ids, from, to);
    int rows = at;
    try (ArrowReader r = byRowId.read(wanted, wanted.length, allocator)) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot batch = r.getVectorSchemaRoot();
        int n = batch.getRowCount();
        for (int j = 0; j < columns.size(); j++) {
          VectorCopy.copyRows(batch.getVector(j), null, 0, n, staging.getVector(j), rows);
        }
        rows += n;
      }
    }
    if (rows - at != wanted.length) {
      throw new IllegalStateException(
          "fetched "
              + (rows - at)
              + " of "
              + wanted.length
              + " rows of table '"
              + table.name()
              + "'");
    }
    return rows;
  }

  @Override
  public void close() {
    try {
      if (cursor != null) {
        cursor.close();
      }
    } finally {
      while (!chunks.isEmpty()) {
        evictFirst();
      }
      staging.close();
      nullRow.close();
      byRowId.close();
    }
  }
}
