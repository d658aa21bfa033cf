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
package io.paimon.multimodal.search.internal;

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.arrow.VectorCopy;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A session's resident columns: the declared columns of every live row of a snapshot, read once in
 * one scan and held as Arrow vectors, with the row IDs sorted for lookup, so that the winners of a
 * search selecting only these columns are copied from memory instead of taken from data files. The
 * last {@value #KEPT} snapshots are kept (a search of an older one still using its columns when
 * they are evicted keeps them until it ends). Thread-safe.
 */
final class ResidentColumns implements AutoCloseable {

  private static final int KEPT = 2;

  private final Table table;
  private final List<String> columns;
  private final LinkedHashMap<Snapshot, CompletableFuture<Loaded>> loaded =
      new LinkedHashMap<>(4, 0.75f, true);
  private boolean closed;

  ResidentColumns(Table table, List<String> columns) {
    this.table = table;
    this.columns = List.copyOf(columns);
  }

  /**
   * The rows {@code ids} (live rows of the view's snapshot) of the projection {@code output}, in
   * that order, as one batch the caller closes; or null when the projection wants a column that is
   * not resident or the snapshot lacks one (the caller then takes the rows from the table).
   */
  VectorSchemaRoot read(
      SnapshotView view,
      org.apache.arrow.vector.types.pojo.Schema output,
      long[] ids,
      BufferAllocator allocator) {
    for (Field f : output.getFields()) {
      if (!f.getName().equals(Schema.ROW_ID) && !columns.contains(f.getName())) {
        return null;
      }
    }
    Loaded held = acquire(view);
    try {
      if (held.batch == null) {
        return null;
      }
      int[] rows = new int[ids.length];
      for (int i = 0; i < ids.length; i++) {
        rows[i] = held.row(ids[i]);
        if (rows[i] < 0) {
          return null;
        }
      }
      VectorSchemaRoot out = VectorSchemaRoot.create(output, allocator);
      try {
        for (FieldVector to : out.getFieldVectors()) {
          FieldVector from = held.batch.getVector(to.getName());
          VectorCopy.copyRows(from, rows, 0, rows.length, to, 0);
          to.setValueCount(rows.length);
        }
        out.setRowCount(rows.length);
        return out;
      } catch (RuntimeException e) {
        out.close();
        throw e;
      }
    } finally {
      held.release();
    }
  }

  private Loaded acquire(SnapshotView view) {
    Snapshot snapshot = view.snapshot();
    while (true) {
      CompletableFuture<Loaded> future;
      boolean mine = false;
      synchronized (this) {
        if (closed) {
          throw new IllegalStateException("the search session is closed");
        }
        future = loaded.get(snapshot);
        if (future == null) {
          future = new CompletableFuture<>();
          loaded.put(snapshot, future);
          mine = true;
        }
      }
      if (mine) {
        load(view, future);
      }
      Loaded held;
      try {
        held = future.join();
      } catch (RuntimeException e) {
        synchronized (this) {
          loaded.remove(snapshot, future);
        }
        throw e.getCause() instanceof RuntimeException r ? r : e;
      }
      if (held.retain()) {
        return held;
      }
      // evicted and closed between the lookup and the retain: look again
      synchronized (this) {
        loaded.remove(snapshot, future);
      }
    }
  }

  private void load(SnapshotView view, CompletableFuture<Loaded> future) {
    Loaded made;
    try {
      made =
          view.scan().schema().columnNames().containsAll(columns)
              ? Loaded.read(table, view.snapshotId(), columns)
              : Loaded.ABSENT;
    } catch (RuntimeException e) {
      future.completeExceptionally(e);
      return;
    }
    List<Loaded> evicted = new ArrayList<>();
    synchronized (this) {
      // once closed, the session's close releases what this load made
      if (!closed) {
        Iterator<Map.Entry<Snapshot, CompletableFuture<Loaded>>> it = loaded.entrySet().iterator();
        while (loaded.size() > KEPT && it.hasNext()) {
          CompletableFuture<Loaded> old = it.next().getValue();
          if (old != future && old.isDone() && !old.isCompletedExceptionally()) {
            it.remove();
            evicted.add(old.join());
          }
        }
      }
    }
    future.complete(made);
    for (Loaded l : evicted) {
      l.release();
    }
  }

  @Override
  public void close() {
    List<CompletableFuture<Loaded>> held;
    synchronized (this) {
      closed = true;
      held = new ArrayList<>(loaded.values());
      loaded.clear();
    }
    for (CompletableFuture<Loaded> f : held) {
      f.thenAccept(Loaded::release);
    }
  }

  /** One snapshot's resident columns; closed when its last user (the cache among them) is done. */
  static final class Loaded {

    /** What a snapshot without every resident column (dropped or renamed since) keeps. */
    static final Loaded ABSENT = new Loaded(null, new long[0], null);

    private final VectorSchemaRoot batch;

    /** The row IDs, ascending. */
    private final long[] sortedIds;

    /** The batch row of each of {@link #sortedIds}, or null when the batch is in row-ID order. */
    private final int[] rowOf;

    private final AtomicInteger users = new AtomicInteger(1);

    private Loaded(VectorSchemaRoot batch, long[] sortedIds, int[] rowOf) {
      this.batch = batch;
      this.sortedIds = sortedIds;
      this.rowOf = rowOf;
    }

    static Loaded read(Table table, long snapshotId, List<String> columns) {
      List<String> projection = new ArrayList<>(columns);
      projection.add(Schema.ROW_ID);
      BufferAllocator allocator = table.allocator();
      try (ArrowReader reader =
          table.scan().snapshot(snapshotId).select(projection).toArrowReader()) {
        VectorSchemaRoot all =
            VectorSchemaRoot.create(reader.getVectorSchemaRoot().getSchema(), allocator);
        try {
          long[] ids = new long[1024];
          int n = 0;
          while (reader.loadNextBatch()) {
            VectorSchemaRoot b = reader.getVectorSchemaRoot();
            int count = b.getRowCount();
            for (int j = 0; j < b.getFieldVectors().size(); j++) {
              VectorCopy.copyRows(b.getVector(j), null, 0, count, all.getVector(j), n);
            }
            BigIntVector rowIds = (BigIntVector) b.getVector(Schema.ROW_ID);
            if (n + count > ids.length) {
              ids = Arrays.copyOf(ids, Math.max(n + count, ids.length * 2));
            }
            for (int r = 0; r < count; r++) {
              ids[n + r] = rowIds.get(r);
            }
            n += count;
          }
          for (FieldVector v : all.getFieldVectors()) {
            v.setValueCount(n);
          }
          all.setRowCount(n);
          ids = Arrays.copyOf(ids, n);
          return ascending(ids)
              ? new Loaded(all, ids, null)
              : new Loaded(all, ids, sortCarryingRows(ids));
        } catch (RuntimeException | IOException e) {
          all.close();
          throw e;
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private static boolean ascending(long[] ids) {
      for (int i = 1; i < ids.length; i++) {
        if (ids[i - 1] >= ids[i]) {
          return false;
        }
      }
      return true;
    }

    /**
     * Sorts {@code ids} ascending in place and returns, for each sorted position, the index the id
     * had before (a heap sort of both arrays: no boxing, no recursion).
     */
    static int[] sortCarryingRows(long[] ids) {
      int[] rows = new int[ids.length];
      for (int i = 0; i < rows.length; i++) {
        rows[i] = i;
      }
      for (int i = ids.length / 2 - 1; i >= 0; i--) {
        siftDown(ids, rows, i, ids.length);
      }
      for (int end = ids.length - 1; end > 0; end--) {
        swap(ids, rows, 0, end);
        siftDown(ids, rows, 0, end);
      }
      return rows;
    }

    private static void siftDown(long[] ids, int[] rows, int i, int n) {
      while (true) {
        int child = 2 * i + 1;
        if (child >= n) {
          return;
        }
        if (child + 1 < n && ids[child + 1] > ids[child]) {
          child++;
        }
        if (ids[i] >= ids[child]) {
          return;
        }
        swap(ids, rows, i, child);
        i = child;
      }
    }

    private static void swap(long[] ids, int[] rows, int a, int b) {
      long id = ids[a];
      ids[a] = ids[b];
      ids[b] = id;
      int row = rows[a];
      rows[a] = rows[b];
      rows[b] = row;
    }

    /** The batch row of {@code rowId}, or -1 if the snapshot has no such live row. */
    int row(long rowId) {
      int i = Arrays.binarySearch(sortedIds, rowId);
      if (i < 0) {
        return -1;
      }
      return rowOf == null ? i : rowOf[i];
    }

    boolean retain() {
      if (batch == null) {
        return true;
      }
      for (int n = users.get(); n > 0; n = users.get()) {
        if (users.compareAndSet(n, n + 1)) {
          return true;
        }
      }
      return false;
    }

    void release() {
      if (users.decrementAndGet() == 0 && batch != null) {
        batch.close();
      }
    }
  }
}
