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

import io.paimon.multimodal.TaskGroup;
import io.paimon.multimodal.internal.TableState;
import io.paimon.row.RowFileOptions;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
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
 * plus one output batch. Not thread-safe; a pass's groups are read concurrently on the connection's
 * decode pool.
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
   * notes where each id's row is (or that the filter dropped it). Groups are read concurrently on
   * the connection's decode pool, the calling thread reading the first: a take of scattered rows
   * spends its time decompressing one block per group, and those blocks are independent.
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
    List<int[]> spans = new ArrayList<>();
    for (int i = from; i < to; ) {
      long end = files.get(fileOf(distinct[i])).endRowId();
      int j = i;
      while (j < to && distinct[j] < end) {
        j++;
      }
      spans.add(new int[] {i, j});
      i = j;
    }
    GroupRead[] reads = new GroupRead[spans.size()];
    try {
      int concurrent = Math.min(spans.size(), table.executors().decodeThreads());
      if (concurrent <= 1) {
        for (int s = 0; s < reads.length; s++) {
          reads[s] = read(spans.get(s), distinct);
        }
      } else {
        readConcurrently(spans, distinct, reads, concurrent);
      }
      for (GroupRead r : reads) {
        if (r.batch != null) {
          int source = staged.size();
          staged.add(r.batch);
          r.batch = null;
          stagedFiles.add(r.path);
          for (int k = 0; k < r.count; k++) {
            stagedSource[r.distinct[k] - from] = source;
            stagedRow[r.distinct[k] - from] = r.rows[k];
          }
        }
        bytesRead += r.bytesRead;
      }
    } finally {
      for (GroupRead r : reads) {
        if (r != null && r.batch != null) {
          r.batch.close();
        }
      }
    }
  }

  /**
   * Reads {@code spans} into {@code reads}, the first in this thread and the rest as tasks; on a
   * failure every batch read so far is closed, and the first failure is thrown.
   */
  private void readConcurrently(List<int[]> spans, long[] distinct, GroupRead[] reads, int limit)
      throws IOException {
    List<Future<GroupRead>> futures = new ArrayList<>(spans.size() - 1);
    Throwable failure = null;
    TaskGroup tasks = table.executors().newDecodeGroup("take " + table.name(), limit);
    try {
      for (int s = 1; s < spans.size(); s++) {
        int[] span = spans.get(s);
        futures.add(tasks.submit(() -> read(span, distinct)));
      }
      reads[0] = read(spans.get(0), distinct);
      for (int s = 1; s < spans.size(); s++) {
        reads[s] = futures.get(s - 1).get();
      }
    } catch (ExecutionException e) {
      failure = e.getCause();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure = new InterruptedIOException("interrupted while taking rows of " + table.name());
    } catch (IOException | RuntimeException | Error e) {
      failure = e;
    } finally {
      // cancels what has not started and waits for the rest: no task touches the reads after this
      tasks.close();
    }
    if (failure == null) {
      return;
    }
    for (int s = 0; s < reads.length; s++) {
      GroupRead r = reads[s];
      if (r == null && s > 0 && s - 1 < futures.size()) {
        r = finished(futures.get(s - 1));
      }
      if (r != null && r.batch != null) {
        r.batch.close();
        r.batch = null;
      }
    }
    if (failure instanceof IOException io) {
      throw io;
    }
    if (failure instanceof RuntimeException re) {
      throw re;
    }
    if (failure instanceof Error err) {
      throw err;
    }
    throw new IOException("taking rows of " + table.name() + " failed", failure);
  }

  /** What a task returned, if it ended normally. */
  private static GroupRead finished(Future<GroupRead> f) {
    if (!f.isDone() || f.isCancelled()) {
      return null;
    }
    try {
      return f.get();
    } catch (ExecutionException | InterruptedException e) {
      return null;
    }
  }

  /** The rows of one group a pass takes: its decoded batch and where each id's row is in it. */
  private static final class GroupRead {
    VectorSchemaRoot batch;
    String path;
    int[] distinct;
    int[] rows;
    int count;
    long bytesRead;
  }

  /** Reads the distinct ids {@code span[0]..span[1]} (all in one group) in one row selection. */
  private GroupRead read(int[] span, long[] distinct) throws IOException {
    int i = span[0];
    int j = span[1];
    DataGroup group = files.get(fileOf(distinct[i]));
    int[] positions = new int[j - i];
    for (int k = i; k < j; k++) {
      positions[k - i] = (int) (distinct[k] - group.firstRowId());
    }
    RoaringBitmap rows = RoaringBitmap.bitmapOf(positions);
    ScanPlanner.checkTag(table, resolved);
    GroupRead out = new GroupRead();
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
        out.batch = keep(batches.batch());
        out.path = batches.path();
        int passing = batches.passing();
        out.distinct = new int[passing];
        out.rows = new int[passing];
        for (int r = 0; r < passing; r++) {
          int row = batches.selected == null ? r : batches.selected[r];
          long id = group.firstRowId() + batches.rowNumber(row);
          out.distinct[r] = Arrays.binarySearch(distinct, i, j, id);
          out.rows[r] = row;
        }
        out.count = passing;
      }
      out.bytesRead = batches.bytesRead();
    } catch (IOException | RuntimeException e) {
      if (out.batch != null) {
        out.batch.close();
      }
      throw e;
    }
    return out;
  }

  /** Moves a decoded batch's buffers into vectors of this reader (any thread may call it). */
  private VectorSchemaRoot keep(VectorSchemaRoot batch) {
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
    return root;
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
