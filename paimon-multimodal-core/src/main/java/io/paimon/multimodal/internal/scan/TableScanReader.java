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

import io.paimon.multimodal.fs.ReadHints;
import io.paimon.multimodal.internal.TableState;
import io.paimon.row.RowFileOptions;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Streams a scan: row ranges (or the pieces of them a chunk or a split names) in order, each
 * decoded straight into Arrow, filtered, and copied (or, when a whole batch passes and holds no
 * BLOB column, moved) into the one output root. An output batch may end short at a file boundary so
 * that the next file's batches can be moved. Memory is one file batch plus one output batch. Not
 * thread-safe; close it.
 */
final class TableScanReader extends ArrowReader {

  private final TableState table;
  private final ScanContext ctx;
  private final ScanPlanner.Resolved resolved;
  private final List<ChunkPlanner.Piece> files;
  private final OutputLayout layout;
  private final BufferAllocator allocator;

  private int nextFile;
  private GroupBatches current;
  private int cursor;
  private boolean batchPending;
  private long emitted;
  private long bytesRead;

  TableScanReader(
      TableState table,
      ScanContext ctx,
      ScanPlanner.Resolved resolved,
      List<ChunkPlanner.Piece> files,
      OutputLayout layout,
      BufferAllocator allocator) {
    super(allocator);
    this.table = table;
    this.ctx = ctx;
    this.resolved = resolved;
    this.files = files;
    this.layout = layout;
    this.allocator = allocator;
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    ensureInitialized();
    VectorSchemaRoot out = getVectorSchemaRoot();
    for (FieldVector v : out.getFieldVectors()) {
      v.reset();
    }
    int batchSize = ctx.batchSize();
    int n = 0;
    while (n < batchSize && emitted + n < ctx.limit()) {
      if (!batchPending) {
        if (current != null && current.next()) {
          batchPending = true;
          cursor = 0;
          continue;
        }
        if (!openNextFile()) {
          // A tag moved while the last file was read must not go unnoticed either.
          ScanPlanner.checkTag(table, resolved);
          break;
        }
        continue;
      }
      int passing = current.passing();
      long room = Math.min(batchSize - n, ctx.limit() - emitted - n);
      int take = (int) Math.min(passing - cursor, room);
      if (take > 0) {
        VectorSchemaRoot batch = current.batch();
        boolean movable = cursor == 0 && current.selected == null && !layout.anyBlob();
        if (n > 0 && movable && (passing == batchSize || n >= batchSize / 2)) {
          // A whole file batch can be moved, not copied, if the output is empty: end this
          // (short) output batch at the file boundary, or once it is half full (file batches
          // short of deleted rows), rather than copying every later batch.
          break;
        }
        if (n == 0 && movable && take == passing) {
          layout.transfer(batch, current.reader(), current.firstRowId(), take, out);
        } else {
          layout.append(
              current.path(),
              batch,
              current.reader(),
              current.firstRowId(),
              current.selected,
              cursor,
              cursor + take,
              out,
              n);
        }
        n += take;
        cursor += take;
      }
      if (cursor >= passing) {
        batchPending = false;
      }
    }
    emitted += n;
    out.setRowCount(n);
    return n > 0;
  }

  private boolean openNextFile() throws IOException {
    if (current != null) {
      bytesRead += current.bytesRead();
      current.close();
      current = null;
    }
    if (nextFile >= files.size()) {
      return false;
    }
    ScanPlanner.checkTag(table, resolved);
    ChunkPlanner.Piece piece = files.get(nextFile++);
    current =
        new GroupBatches(
            table,
            piece.group(),
            layout.readColumns(),
            piece.selection(),
            ctx.filter(),
            allocator,
            ctx.batchSize(),
            readOptions(table),
            null);
    return true;
  }

  /**
   * The row-file options of a scan of {@code table}: on a local disk the default (a decoding task
   * per core, at most 4) on the connection's decode pool; on a storage with round trips of
   * milliseconds (more reads in flight than a local disk wants) a quarter of its parallelism in
   * decoding tasks, at least the default, on the I/O pool, since those tasks mostly wait for their
   * ranged reads, which then overlap.
   */
  static RowFileOptions readOptions(TableState table) {
    ReadHints hints = table.io().readHints();
    RowFileOptions defaults = RowFileOptions.defaults();
    if (hints.parallelism() <= ReadHints.LOCAL.parallelism()) {
      return defaults.executor(table.executors().decode());
    }
    return defaults
        .executor(table.executors().io())
        .decodeThreads(Math.max(defaults.decodeThreads(), Math.min(16, hints.parallelism() / 4)));
  }

  @Override
  public long bytesRead() {
    return bytesRead;
  }

  @Override
  protected void closeReadSource() throws IOException {
    if (current != null) {
      current.close();
      current = null;
    }
    // The scan's child allocator, made for this reader: it names the scan if anything leaked.
    allocator.close();
  }

  @Override
  protected Schema readSchema() {
    return layout.arrowSchema();
  }
}
