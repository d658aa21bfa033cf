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

import io.paimon.multimodal.arrow.VectorCopy;
import io.paimon.multimodal.internal.TableState;
import io.paimon.row.RowFileOptions;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.roaringbitmap.RoaringBitmap;

/**
 * Streams a takeRowIds scan in the input order, duplicates kept. The ids are processed in chunks of
 * the batch size: a chunk's distinct ids are sorted, fetched file by file through a row selection
 * (only the blocks holding them are read), staged, filtered, and then emitted in the chunk's input
 * order. Memory is one staging batch plus one output batch. Not thread-safe.
 */
final class TakeReader extends ArrowReader {

  private final TableState table;
  private final ScanContext ctx;
  private final ScanPlanner.Resolved resolved;
  private final List<DataGroup> files;
  private final long[] firstRowIds;
  private final OutputLayout layout;
  private final BufferAllocator allocator;
  private final RowFileOptions readOptions;
  private final long[] ids;
  private int nextId;
  private long emitted;
  private VectorSchemaRoot staging;
  private long[] stagedIds = new long[0];
  private long bytesRead;

  TakeReader(
      TableState table,
      ScanContext ctx,
      ScanPlanner.Resolved resolved,
      List<DataGroup> files,
      OutputLayout layout,
      BufferAllocator allocator,
      RowFileOptions readOptions) {
    super(allocator);
    this.readOptions = readOptions;
    this.table = table;
    this.ctx = ctx;
    this.resolved = resolved;
    this.files = files;
    this.firstRowIds = files.stream().mapToLong(DataGroup::firstRowId).toArray();
    this.layout = layout;
    this.allocator = allocator;
    this.ids = ctx.rowIds();
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    ensureInitialized();
    VectorSchemaRoot out = getVectorSchemaRoot();
    for (FieldVector v : out.getFieldVectors()) {
      v.reset();
    }
    int n = 0;
    while (n == 0 && nextId < ids.length && (ctx.limit() < 0 || emitted < ctx.limit())) {
      int end = (int) Math.min(ids.length, (long) nextId + ctx.batchSize());
      long[] chunk = Arrays.copyOfRange(ids, nextId, end);
      nextId = end;
      int staged = stage(chunk);
      int[] picks = new int[chunk.length];
      for (long id : chunk) {
        if (ctx.limit() >= 0 && emitted + n >= ctx.limit()) {
          break;
        }
        int at = Arrays.binarySearch(stagedIds, 0, staged, id);
        if (at >= 0) {
          picks[n++] = at;
        }
      }
      for (int j = 0; j < out.getFieldVectors().size(); j++) {
        VectorCopy.copyRows(staging.getVector(j), picks, 0, n, out.getVector(j), 0);
      }
    }
    emitted += n;
    out.setRowCount(n);
    return n > 0;
  }

  /** Fetches the distinct ids of a chunk into the staging root, sorted; returns how many passed. */
  private int stage(long[] chunk) throws IOException {
    long[] sorted = Arrays.stream(chunk).distinct().sorted().toArray();
    if (staging == null) {
      staging = VectorSchemaRoot.create(layout.arrowSchema(), allocator);
    }
    for (FieldVector v : staging.getFieldVectors()) {
      v.reset();
    }
    if (stagedIds.length < sorted.length) {
      stagedIds = new long[sorted.length];
    }
    int staged = 0;
    int i = 0;
    while (i < sorted.length) {
      int f = fileOf(sorted[i]);
      DataGroup file = files.get(f);
      RoaringBitmap positions = new RoaringBitmap();
      int j = i;
      while (j < sorted.length && sorted[j] < file.endRowId()) {
        positions.add((int) (sorted[j] - file.firstRowId()));
        j++;
      }
      i = j;
      ScanPlanner.checkTag(table, resolved);
      try (GroupBatches batches =
          new GroupBatches(
              table,
              file,
              layout.readColumns(),
              positions,
              ctx.filter(),
              allocator,
              ctx.batchSize(),
              readOptions)) {
        while (batches.next()) {
          int passing = batches.passing();
          layout.append(
              batches.path(),
              batches.batch(),
              batches.reader(),
              file.firstRowId(),
              batches.selected,
              0,
              passing,
              staging,
              staged);
          for (int r = 0; r < passing; r++) {
            int row = batches.selected == null ? r : batches.selected[r];
            stagedIds[staged + r] = file.firstRowId() + batches.rowNumber(row);
          }
          staged += passing;
        }
        bytesRead += batches.bytesRead();
      }
    }
    staging.setRowCount(staged);
    return staged;
  }

  private int fileOf(long id) {
    int at = Arrays.binarySearch(firstRowIds, id);
    return at >= 0 ? at : -at - 2;
  }

  @Override
  public long bytesRead() {
    return bytesRead;
  }

  @Override
  protected void closeReadSource() {
    if (staging != null) {
      staging.close();
      staging = null;
    }
  }

  @Override
  protected Schema readSchema() {
    return layout.arrowSchema();
  }
}
