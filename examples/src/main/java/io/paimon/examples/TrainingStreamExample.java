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
package io.paimon.examples;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.window.BatchFormat;
import io.paimon.multimodal.window.Tensor;
import io.paimon.multimodal.window.TrainingStream;
import io.paimon.row.CloseableIterator;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One epoch of a sharded, shuffled training read with {@link TrainingStream}: writes a frame table
 * ({@code episode INT, frame INT, state VECTOR<FLOAT, 4>, action VECTOR<FLOAT, 2>, reward DOUBLE
 * NOT NULL}) in several commits, then plays a data-parallel job of 2 ranks with 2 loader workers
 * each in one JVM: every (rank, worker) builds its stream, {@code .shard(rank, 2).worker(worker,
 * 2).batchSize(64).format(TENSOR).shuffle(7).bufferSize(512)}, and reads its epoch in its own
 * thread, as the four DataLoader workers of two GPUs would. The scan selects {@code _ROW_ID} too
 * ({@link Scan#withRowId()}), so each batch says which rows it holds; the example prints the rows
 * and batches of each (rank, worker) and checks that the four together read every row of the table
 * exactly once (it fails otherwise), and that a re-read of an epoch gives the same order. Last, it
 * plans the table with {@link Scan#withChunkShuffle}, the planning layer of the shuffle, prints its
 * chunks, and reads the same 2 x 2 epoch over them: smaller splits share out more evenly.
 *
 * <p>Run: {@code mvn -B -q -DskipTests -Pquickstart -Dquickstart.mainClass=
 * io.paimon.examples.TrainingStreamExample -pl examples -am package}.
 */
public final class TrainingStreamExample {

  private static final int RANKS = 2;
  private static final int WORKERS = 2;

  private TrainingStreamExample() {}

  /** What one (rank, worker) read in the epoch. */
  private record Share(int rank, int worker, int splits, int batches, long[] rowIds) {}

  /** Entry point; the optional first argument is the working directory for the warehouse. */
  public static void main(String[] args) throws Exception {
    Path warehouse = Examples.freshWarehouse(args, "target/training-stream-example");

    try (Connection conn = Multimodal.connect(warehouse.toString())) {
      Schema schema =
          Schema.builder()
              .column("episode", DataTypes.INT())
              .column("frame", DataTypes.INT())
              .column("state", DataTypes.VECTOR(DataTypes.FLOAT(), 4))
              .column("action", DataTypes.VECTOR(DataTypes.FLOAT(), 2))
              .column("reward", DataTypes.DOUBLE().notNull())
              .build();
      Table frames = conn.createTable("frames", schema, true);
      int[] lengths = {700, 420, 950, 300, 610, 820};
      long total = 0;
      for (int e = 0; e < lengths.length; e++) {
        frames.add(episode(e, lengths[e]));
        total += lengths[e];
      }
      System.out.println(
          "Wrote "
              + lengths.length
              + " episodes, "
              + total
              + " frames, one commit each (snapshot "
              + frames.latestSnapshot().orElseThrow().id()
              + ")");

      // One epoch of 2 ranks x 2 workers, each (rank, worker) in its own thread.
      Scan scan = frames.scan().select("episode", "frame", "state", "action", "reward").withRowId();
      long epoch = 0;
      List<Share> shares = epoch(scan, epoch);
      System.out.println("Epoch " + epoch + ", 2 ranks x 2 workers, batches of 64 tensors:");
      for (Share s : shares) {
        System.out.println(
            "  rank "
                + s.rank()
                + " worker "
                + s.worker()
                + ": "
                + s.rowIds().length
                + " rows in "
                + s.batches()
                + " batches from "
                + s.splits()
                + " split(s); first row IDs "
                + Arrays.toString(Arrays.copyOf(s.rowIds(), Math.min(8, s.rowIds().length))));
      }
      System.out.println("Every row was seen exactly once: " + checkOnce(shares, total));

      // Same seed and epoch, same order; another epoch, another order.
      TrainingStream first = stream(scan, 0, 0);
      long[] again = read(first, 0, 0, epoch).rowIds();
      long[] next = read(first, 0, 0, epoch + 1).rowIds();
      System.out.println(
          "Rank 0 worker 0 re-read: epoch 0 "
              + (Arrays.equals(again, shares.get(0).rowIds()) ? "same order" : "ANOTHER ORDER")
              + ", epoch 1 "
              + (Arrays.equals(next, again) ? "same order" : "another order"));

      // Chunk shuffle: the plan as shuffled chunks of at most 500 rows.
      List<Split> chunks = frames.scan().withChunkShuffle(42, 500).plan();
      StringBuilder firsts = new StringBuilder();
      for (int i = 0; i < Math.min(4, chunks.size()); i++) {
        firsts.append(i == 0 ? "" : ", ").append(rows(chunks.get(i)));
      }
      System.out.println(
          "Chunk shuffle (seed 42, 500 rows): "
              + chunks.size()
              + " chunks of "
              + chunks.stream().mapToLong(Split::liveRowCount).sum()
              + " rows (a plain plan has "
              + frames.scan().plan().size()
              + " splits); first chunks: "
              + firsts
              + ", ...");

      // The chunks as the streams' input: smaller splits share out more evenly.
      Scan chunked =
          frames
              .scan()
              .select("episode", "frame", "state", "action", "reward")
              .withRowId()
              .withChunkShuffle(42, 500);
      List<Share> chunkShares = epoch(chunked, epoch);
      StringBuilder perWorker = new StringBuilder();
      for (Share s : chunkShares) {
        perWorker
            .append(perWorker.length() == 0 ? "" : ", ")
            .append(s.rowIds().length)
            .append(" (")
            .append(s.splits())
            .append(" chunks)");
      }
      System.out.println(
          "Epoch " + epoch + " over the chunks, rows per (rank, worker): " + perWorker);
      System.out.println("Every row was seen exactly once: " + checkOnce(chunkShares, total));
    }
  }

  /** A stream of rank {@code rank}, worker {@code worker} of the example's 2 x 2. */
  private static TrainingStream stream(Scan scan, int rank, int worker) {
    return TrainingStream.builder(scan)
        .shard(rank, RANKS)
        .worker(worker, WORKERS)
        .batchSize(64)
        .format(BatchFormat.TENSOR)
        .shuffle(7)
        .bufferSize(512)
        .build();
  }

  /** One epoch of every (rank, worker), each in its own thread; by rank, then worker. */
  private static List<Share> epoch(Scan scan, long epoch) throws InterruptedException {
    List<Share> shares = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    List<Throwable> failures = new ArrayList<>();
    for (int rank = 0; rank < RANKS; rank++) {
      for (int worker = 0; worker < WORKERS; worker++) {
        TrainingStream stream = stream(scan, rank, worker);
        int r = rank;
        int w = worker;
        Thread t =
            new Thread(
                () -> {
                  Share share = read(stream, r, w, epoch);
                  synchronized (shares) {
                    shares.add(share);
                  }
                },
                "rank-" + rank + "-worker-" + worker);
        t.setUncaughtExceptionHandler(
            (th, ex) -> {
              synchronized (failures) {
                failures.add(ex);
              }
            });
        threads.add(t);
      }
    }
    for (Thread t : threads) {
      t.start();
    }
    for (Thread t : threads) {
      t.join();
    }
    if (!failures.isEmpty()) {
      throw new IllegalStateException("a loader worker failed", failures.get(0));
    }
    shares.sort((a, b) -> a.rank() != b.rank() ? a.rank() - b.rank() : a.worker() - b.worker());
    return shares;
  }

  /**
   * Checks that the shares together hold every row ID of the table once, and says so.
   *
   * @throws IllegalStateException if a row was missed or read twice
   */
  private static String checkOnce(List<Share> shares, long total) {
    Set<Long> seen = new HashSet<>();
    long read = 0;
    long duplicates = 0;
    for (Share s : shares) {
      for (long id : s.rowIds()) {
        read++;
        if (!seen.add(id)) {
          duplicates++;
        }
      }
    }
    if (read != total || duplicates != 0 || seen.size() != total) {
      throw new IllegalStateException(
          "the epoch read "
              + read
              + " rows ("
              + seen.size()
              + " distinct, "
              + duplicates
              + " duplicates) of a table of "
              + total);
    }
    return read + " rows, " + seen.size() + " distinct row IDs";
  }

  /** A chunk's row ranges, such as {@code rows 500-699+700-999}. */
  private static String rows(Split chunk) {
    StringBuilder b = new StringBuilder("rows ");
    for (int i = 0; i < chunk.ranges().size(); i++) {
      Split.RowRange r = chunk.ranges().get(i);
      b.append(i == 0 ? "" : "+")
          .append(r.firstRowId())
          .append('-')
          .append(r.firstRowId() + r.rowCount() - 1);
    }
    return b.toString();
  }

  /** Reads one epoch of the stream, collecting the row IDs of its batches in order. */
  private static Share read(TrainingStream stream, int rank, int worker, long epoch) {
    List<long[]> ids = new ArrayList<>();
    int batches = 0;
    int rows = 0;
    try (CloseableIterator<Map<String, Tensor>> it = stream.tensors(epoch)) {
      while (it.hasNext()) {
        Map<String, Tensor> batch = it.next();
        Tensor state = batch.get("state");
        Tensor action = batch.get("action");
        long[] rowIds = batch.get("_ROW_ID").longs();
        if (state.dim(0) != rowIds.length
            || state.dim(1) != 4
            || action.dim(1) != 2
            || batch.get("reward").dim(0) != rowIds.length) {
          throw new IllegalStateException(
              "unexpected shapes " + Arrays.toString(state.shape()) + " in " + batch.keySet());
        }
        ids.add(rowIds);
        rows += rowIds.length;
        batches++;
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    long[] all = new long[rows];
    int at = 0;
    for (long[] b : ids) {
      System.arraycopy(b, 0, all, at, b.length);
      at += b.length;
    }
    return new Share(rank, worker, stream.splits().size(), batches, all);
  }

  private static List<Map<String, Object>> episode(int e, int length) {
    List<Map<String, Object>> rows = new ArrayList<>(length);
    for (int i = 0; i < length; i++) {
      float[] state = new float[4];
      for (int j = 0; j < 4; j++) {
        state[j] = (float) Math.sin(0.05 * i + j + e);
      }
      float[] action = {(float) Math.cos(0.05 * i + e), (float) Math.sin(0.07 * i - e)};
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("episode", e);
      row.put("frame", i);
      row.put("state", state);
      row.put("action", action);
      row.put("reward", i == length - 1 ? 1.0 : 0.0);
      rows.add(row);
    }
    return rows;
  }
}
