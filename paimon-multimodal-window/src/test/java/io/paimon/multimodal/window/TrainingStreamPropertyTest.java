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
package io.paimon.multimodal.window;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TempWarehouse;
import io.paimon.multimodal.window.internal.StreamBatches;
import io.paimon.row.CloseableIterator;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.Test;

/**
 * {@link TrainingStream} over random tables, split layouts (plain and chunk-shuffled), ranks (1-8),
 * workers (1-4), batch sizes, buffer sizes, interleaving, prefetch and seeds: one epoch over all
 * ranks and workers reads every row of the scan exactly once; batches are exactly the batch size
 * (the last of each part may be shorter); each part's order is exactly what a brute-force reference
 * of the interleave and the shuffle buffer gives; it reproduces for the same configuration,
 * whatever the prefetch, and differs for another epoch; rows held stay within the documented bound
 * (measured by the stream).
 */
class TrainingStreamPropertyTest {

  @TempWarehouse Connection conn;

  @Test
  void everyRowOncePerEpochInTheReferenceOrder() throws Exception {
    SplittableRandom random = new SplittableRandom(13);
    for (int round = 0; round < 10; round++) {
      Table t = table(conn, "t" + round, random);
      Set<Long> all = new HashSet<>(ids(t.scan().withRowId().select(Schema.ROW_ID)));
      for (int trial = 0; trial < 6; trial++) {
        int scanBatch = 1 + random.nextInt(64);
        Scan scan = t.scan().select("id", Schema.ROW_ID).batchSize(scanBatch);
        if (random.nextInt(3) == 0) {
          scan = scan.withChunkShuffle(random.nextLong(), 1 + random.nextInt(80));
        }
        int world = 1 + random.nextInt(8);
        int workers = 1 + random.nextInt(4);
        boolean shuffle = random.nextBoolean();
        int batch = random.nextInt(3) == 0 ? 0 : 1 + random.nextInt(50);
        int buffer = 1 + random.nextInt(100);
        int interleave = 1 + random.nextInt(5);
        long seed = random.nextLong();
        long epoch = random.nextInt(3);
        String config =
            String.format(
                "round %d trial %d: world %d workers %d shuffle %s batch %d buffer %d"
                    + " interleave %d scanBatch %d",
                round, trial, world, workers, shuffle, batch, buffer, interleave, scanBatch);
        TrainingStream.Builder b =
            TrainingStream.builder(scan).bufferSize(buffer).maxBufferInputSplits(interleave);
        if (batch > 0) {
          b = b.batchSize(batch);
        }
        if (shuffle) {
          b = b.shuffle(seed);
        }
        List<Long> union = new ArrayList<>();
        for (int rank = 0; rank < world; rank++) {
          for (int worker = 0; worker < workers; worker++) {
            TrainingStream stream =
                b.shard(rank, world).worker(worker, workers).prefetch(random.nextInt(3)).build();
            List<Long> got = new ArrayList<>();
            long peak = read(stream, epoch, got, batch > 0 || shuffle ? effective(batch) : 0);
            List<Long> expected =
                reference(
                    stream.splits(), scan, shuffle, seed, epoch, rank, worker, buffer, interleave);
            assertThat(got).as(config + " rank " + rank + " worker " + worker).isEqualTo(expected);
            long bound =
                shuffle
                    ? 2L * (buffer + effective(batch)) + scanBatch
                    : batch > 0 ? batch + 2L * scanBatch : 0;
            assertThat(peak).as(config + " rows held").isLessThanOrEqualTo(bound);
            // Same configuration, other prefetch: same order.
            List<Long> again = new ArrayList<>();
            read(b.shard(rank, world).worker(worker, workers).prefetch(2).build(), epoch, again, 0);
            assertThat(again).as(config + " reproducible").isEqualTo(got);
            union.addAll(got);
          }
        }
        assertThat(union).as(config).hasSize(all.size());
        assertThat(new HashSet<>(union)).as(config).isEqualTo(all);
      }
    }
  }

  @Test
  void anotherEpochShufflesDifferently() {
    Table t = table(conn, "t", new SplittableRandom(5));
    TrainingStream stream =
        TrainingStream.builder(t.scan().select("id", Schema.ROW_ID).batchSize(16))
            .batchSize(10)
            .shuffle(7)
            .bufferSize(50)
            .build();
    List<Long> e0 = new ArrayList<>();
    List<Long> e1 = new ArrayList<>();
    List<Long> e0again = new ArrayList<>();
    read(stream, 0, e0, 10);
    read(stream, 1, e1, 10);
    read(stream, 0, e0again, 10);
    assertThat(e0).isEqualTo(e0again).isNotEqualTo(e1);
    assertThat(new HashSet<>(e0)).isEqualTo(new HashSet<>(e1));
  }

  private static int effective(int batch) {
    return batch > 0 ? batch : TrainingStream.DEFAULT_SHUFFLE_BATCH;
  }

  /**
   * Reads one epoch's row IDs into {@code out}, checking that every batch but the last has {@code
   * exact} rows (when not 0); returns the most rows the stream held.
   */
  private static long read(TrainingStream stream, long epoch, List<Long> out, int exact) {
    try (CloseableIterator<VectorSchemaRoot> it = stream.arrow(epoch)) {
      List<Integer> sizes = new ArrayList<>();
      while (it.hasNext()) {
        try (VectorSchemaRoot root = it.next()) {
          BigIntVector ids = (BigIntVector) root.getVector(Schema.ROW_ID);
          for (int i = 0; i < root.getRowCount(); i++) {
            out.add(ids.get(i));
          }
          sizes.add(root.getRowCount());
        }
      }
      if (exact > 0) {
        for (int i = 0; i + 1 < sizes.size(); i++) {
          assertThat(sizes.get(i)).as("batch " + i + " of " + sizes).isEqualTo(exact);
        }
        if (!sizes.isEmpty()) {
          assertThat(sizes.get(sizes.size() - 1)).isBetween(1, exact);
        }
      }
      return ((StreamBatches) it).peakRetainedRows();
    } catch (Exception e) {
      throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
    }
  }

  /**
   * The brute-force reference of one part's order: its splits' batches interleaved round-robin
   * ({@code interleave} open at once, an ended split replaced in its turn by the next), then, with
   * shuffle, a rolling buffer of {@code buffer} rows (a new row replaces a random slot, whose row
   * is emitted; the rest shuffled by Fisher-Yates at the end), from the generator of (seed, epoch,
   * rank, worker).
   */
  private static List<Long> reference(
      List<Split> splits,
      Scan scan,
      boolean shuffle,
      long seed,
      long epoch,
      int rank,
      int worker,
      int buffer,
      int interleave) {
    List<List<List<Long>>> batches = new ArrayList<>();
    for (Split s : splits) {
      List<List<Long>> perSplit = new ArrayList<>();
      try (ArrowReader r = scan.split(s).toArrowReader()) {
        while (r.loadNextBatch()) {
          VectorSchemaRoot root = r.getVectorSchemaRoot();
          if (root.getRowCount() == 0) {
            continue;
          }
          List<Long> ids = new ArrayList<>();
          BigIntVector v = (BigIntVector) root.getVector(Schema.ROW_ID);
          for (int i = 0; i < root.getRowCount(); i++) {
            ids.add(v.get(i));
          }
          perSplit.add(ids);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      batches.add(perSplit);
    }
    int k = shuffle ? interleave : 1;
    List<Long> input = new ArrayList<>();
    List<Integer> open = new ArrayList<>();
    Map<Integer, Integer> position = new HashMap<>();
    int next = 0;
    int turn = 0;
    while (true) {
      while (open.size() < k && next < batches.size()) {
        open.add(next++);
      }
      if (open.isEmpty()) {
        break;
      }
      if (turn >= open.size()) {
        turn = 0;
      }
      int split = open.get(turn);
      int at = position.getOrDefault(split, 0);
      if (at < batches.get(split).size()) {
        input.addAll(batches.get(split).get(at));
        position.put(split, at + 1);
        turn++;
      } else if (next < batches.size()) {
        open.set(turn, next++);
      } else {
        open.remove(turn);
      }
    }
    if (!shuffle) {
      return input;
    }
    SplittableRandom random = new SplittableRandom(StreamBatches.seedOf(seed, epoch, rank, worker));
    List<Long> out = new ArrayList<>();
    List<Long> slots = new ArrayList<>();
    for (long row : input) {
      if (slots.size() < buffer) {
        slots.add(row);
      } else {
        int j = random.nextInt(buffer);
        out.add(slots.get(j));
        slots.set(j, row);
      }
    }
    for (int i = slots.size() - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      long swap = slots.get(i);
      slots.set(i, slots.get(j));
      slots.set(j, swap);
    }
    out.addAll(slots);
    return out;
  }

  /** A table of 1-6 commits of 0-300 rows (some partitions), a few rows deleted. */
  private static Table table(Connection conn, String name, SplittableRandom random) {
    Table t =
        conn.createTable(
            name,
            Schema.builder()
                .column("p", DataTypes.INT())
                .column("id", DataTypes.BIGINT())
                .partitionKeys("p")
                .option("deletion-vectors.enabled", "true")
                .build(),
            false);
    long next = 0;
    int commits = 1 + random.nextInt(6);
    for (int c = 0; c < commits; c++) {
      int n = random.nextInt(300);
      List<Map<String, Object>> rows = new ArrayList<>();
      for (int i = 0; i < n; i++, next++) {
        rows.add(Map.of("p", random.nextInt(2), "id", next));
      }
      if (!rows.isEmpty()) {
        t.add(rows);
      }
    }
    if (next > 10 && random.nextBoolean()) {
      t.delete("id < " + (next / 10));
    }
    return t;
  }

  private static List<Long> ids(Scan scan) {
    List<Long> out = new ArrayList<>();
    for (Map<String, Object> row : scan.toList()) {
      out.add((Long) row.get(Schema.ROW_ID));
    }
    return out;
  }
}
