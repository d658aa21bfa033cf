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

import io.paimon.multimodal.internal.TableState;
import io.paimon.row.RowFileOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.roaringbitmap.RoaringBitmap;

/**
 * Streams a takeRowIds scan in the input order, duplicates kept. The ids were sorted once ({@link
 * TakePlan}); each pass of them is read group by group in row-ID order, each group's rows in one
 * row selection (only the blocks holding them are read and decompressed, each once per pass), and
 * the decoded batches are kept as they are. Output batches are then filled in input order by one
 * permutation copy per row. Data files come from a read's {@link OpenFiles}, so each is opened once
 * for the whole take (or, for a {@link RowIdFetcher}, once for all its fetches).
 *
 * <p>Memory: the decoded rows of one pass (all of a take of up to {@link TakePlan#PASS_IDS} ids)
 * plus one output batch. Not thread-safe.
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
  private final TakePlan plan;
  private final OpenFiles openFiles;
  private final boolean ownsOpenFiles;

  /** The pass being emitted, -1 before the first. */
  private int pass = -1;

  /** The next input position to emit. */
  private int next;

  private long emitted;
  private final List<VectorSchemaRoot> staged = new ArrayList<>();
  private final List<String> stagedFiles = new ArrayList<>();

  /** Per distinct id of the pass (from its start), the staged batch holding it, or -1. */
  private int[] stagedSource = new int[0];

  /** Per distinct id of the pass, its row in that batch. */
  private int[] stagedRow = new int[0];

  private int[] outSources = new int[0];
  private int[] outRows = new int[0];
  private long[] outIds = new long[0];
  private long bytesRead;

  /**
   * @param plan the ids, sorted once; checked against the snapshot by the caller
   * @param openFiles the files to read through, or null to open them for this take alone (closed
   *     with it)
   */
  TakeReader(
      TableState table,
      ScanContext ctx,
      ScanPlanner.Resolved resolved,
      List<DataGroup> files,
      OutputLayout layout,
      BufferAllocator allocator,
      RowFileOptions readOptions,
      TakePlan plan,
      OpenFiles openFiles) {
    super(allocator);
    this.readOptions = readOptions;
    this.table = table;
    this.ctx = ctx;
    this.resolved = resolved;
    this.files = files;
    this.firstRowIds = files.stream().mapToLong(DataGroup::firstRowId).toArray();
    this.layout = layout;
    this.allocator = allocator;
    this.plan = plan;
    this.ownsOpenFiles = openFiles == null;
    this.openFiles =
        openFiles != null ? openFiles : new OpenFiles(table, readOptions, OpenFiles.TAKE_MAX_OPEN);
  }

  /**
   * The positions a take reads: all, or with a limit that no filter can cut short, only as many as
   * the limit (the rest are still checked).
   */
  static int readEnd(ScanContext ctx, int ids) {
    return ctx.filter() == null ? (int) Math.min(ids, ctx.limit()) : ids;
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    ensureInitialized();
    VectorSchemaRoot out = getVectorSchemaRoot();
    for (FieldVector v : out.getFieldVectors()) {
      v.reset();
    }
    if (outSources.length == 0) {
      int size = Math.min(ctx.batchSize(), Math.max(1, plan.readEnd()));
      outSources = new int[size];
      outRows = new int[size];
      outIds = new long[size];
    }
    long[] ids = plan.ids();
    if (next < plan.readEnd()) {
      // Batches come from rows staged earlier: a tag moved since must still fail the read.
      ScanPlanner.checkTag(table, resolved);
    }
    int n = 0;
    while (n == 0 && emitted < ctx.limit()) {
      if (pass < 0 || next >= plan.passStart(pass + 1)) {
        if (pass + 1 >= plan.passes() || plan.passStart(pass + 1) >= plan.readEnd()) {
          break;
        }
        stage(++pass);
        next = plan.passStart(pass);
      }
      // A pass ends at or before readEnd (TakePlan cuts passes there).
      int end = plan.passStart(pass + 1);
      int base = plan.distinctStart(pass);
      while (next < end && n < outSources.length && emitted + n < ctx.limit()) {
        int d = plan.rank(next) - base;
        if (stagedSource[d] >= 0) {
          outSources[n] = stagedSource[d];
          outRows[n] = stagedRow[d];
          outIds[n] = ids[next];
          n++;
        }
        next++;
      }
    }
    if (n > 0) {
      layout.gather(
          stagedFiles.toArray(new String[0]),
          staged.toArray(new VectorSchemaRoot[0]),
          outSources,
          outRows,
          outIds,
          n,
          out);
    }
    emitted += n;
    out.setRowCount(n);
    return n > 0;
  }

  /**
   * Reads the distinct ids of pass {@code p}, group by group, keeping the decoded batches, and
   * notes where each id's row is (or that the filter dropped it).
   */
  private void stage(int p) throws IOException {
    closeStaged();
    long[] distinct = plan.distinct();
    int from = plan.distinctStart(p);
    int to = plan.distinctStart(p + 1);
    if (stagedSource.length < to - from) {
      stagedSource = new int[to - from];
      stagedRow = new int[to - from];
    }
    Arrays.fill(stagedSource, 0, to - from, -1);
    int i = from;
    while (i < to) {
      DataGroup group = files.get(fileOf(distinct[i]));
      int j = i;
      while (j < to && distinct[j] < group.endRowId()) {
        j++;
      }
      int[] positions = new int[j - i];
      for (int k = i; k < j; k++) {
        positions[k - i] = (int) (distinct[k] - group.firstRowId());
      }
      RoaringBitmap rows = RoaringBitmap.bitmapOf(positions);
      ScanPlanner.checkTag(table, resolved);
      try (GroupBatches batches =
          new GroupBatches(
              table,
              group,
              layout.readColumns(),
              rows,
              ctx.filter(),
              allocator,
              j - i,
              readOptions,
              openFiles)) {
        // The batch size is the group's count of ids: one batch holds all of them (asking for
        // another would allocate a batch's vectors again for nothing).
        if (batches.next()) {
          int source = keep(batches.batch());
          stagedFiles.add(batches.path());
          int passing = batches.passing();
          for (int r = 0; r < passing; r++) {
            int row = batches.selected == null ? r : batches.selected[r];
            long id = group.firstRowId() + batches.rowNumber(row);
            int d = Arrays.binarySearch(distinct, i, j, id);
            stagedSource[d - from] = source;
            stagedRow[d - from] = row;
          }
        }
        bytesRead += batches.bytesRead();
      }
      i = j;
    }
  }

  /** Moves a decoded batch's buffers into vectors of this reader; returns its index. */
  private int keep(VectorSchemaRoot batch) {
    List<FieldVector> kept = new ArrayList<>(batch.getFieldVectors().size());
    try {
      for (FieldVector v : batch.getFieldVectors()) {
        FieldVector copy = v.getField().createVector(allocator);
        kept.add(copy);
        v.makeTransferPair(copy).transfer();
      }
    } catch (RuntimeException e) {
      kept.forEach(FieldVector::close);
      throw e;
    }
    VectorSchemaRoot root = new VectorSchemaRoot(kept);
    root.setRowCount(batch.getRowCount());
    staged.add(root);
    return staged.size() - 1;
  }

  private int fileOf(long id) {
    int at = Arrays.binarySearch(firstRowIds, id);
    return at >= 0 ? at : -at - 2;
  }

  private void closeStaged() {
    for (VectorSchemaRoot root : staged) {
      root.close();
    }
    staged.clear();
    stagedFiles.clear();
  }

  @Override
  public long bytesRead() {
    return bytesRead;
  }

  @Override
  protected void closeReadSource() throws IOException {
    closeStaged();
    if (ownsOpenFiles) {
      // A scan's take owns its files and the scan's child allocator (a fetcher's take shares the
      // fetcher's files and allocates from its caller's allocator).
      openFiles.close();
      allocator.close();
    }
  }

  @Override
  protected Schema readSchema() {
    return layout.arrowSchema();
  }
}
