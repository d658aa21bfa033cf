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
package io.paimon.multimodal.blob;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.TaskGroup;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.row.CloseableIterator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** Completion order, cancellation, the prefetch budget, and a differential test. */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class BlobReaderConcurrencyTest {

  @Parameter TestStorage storage;

  @TempDir Path dir;

  /** A fresh warehouse of the storage, read and written through {@code io}, which wraps it. */
  private Connection connect(LatencyFileIO io, String name) {
    return storage.connect(dir.resolve(name), base -> io);
  }

  private static List<Object> ours(BlobBatch b, String column) {
    switch (column) {
      case "image":
        return new ArrayList<>(b.blobs(column));
      case "pages":
        return new ArrayList<>(b.arrays(column));
      default:
        return new ArrayList<>(b.maps(column));
    }
  }

  @Test
  void matchesAPerRowReferenceOverRandomTablesSelectionsAndSettings() throws Exception {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    for (int round = 0; round < 6; round++) {
      LatencyFileIO io =
          LatencyFileIO.random(storage.fileIO(), random.nextLong(), 300)
              .scatteredReads(random.nextBoolean());
      try (Connection conn = connect(io, "wh" + round)) {
        String external = conn.warehouse() + "/ext" + round + ".bin";
        storage.fileIO().overwrite(external, BlobTables.payload(seed, round, 5000));
        List<BlobDescriptor> externals =
            List.of(
                new BlobDescriptor(external, 0, 10),
                new BlobDescriptor(external, 5, 100),
                new BlobDescriptor(external, 4000, -1));
        Table t = BlobTables.table(conn, "docs");
        int from = 0;
        for (int commit = 0; commit < 1 + random.nextInt(3); commit++) {
          int n = 1 + random.nextInt(120);
          t.add(BlobTables.randomRows(random, seed, from, n, externals));
          from += n;
        }
        String[] filters = {"id >= 0", "tag = 't1'", "id BETWEEN 10 AND 60", "tag IN ('t0', 't4')"};
        Scan scan = t.scan().where(filters[random.nextInt(filters.length)]);
        if (random.nextBoolean()) {
          scan = scan.batchSize(1 + random.nextInt(40));
        }
        BlobReader reader =
            BlobReader.of(scan)
                .parallelism(1 + random.nextInt(8))
                .holeLimit(random.nextInt(3) == 0 ? 0 : random.nextInt(20_000))
                .rangeLimit(1 + random.nextInt(30_000))
                .prefetchBudget(30_000 + random.nextInt(100_000))
                .verifyChecksums(random.nextInt(4) != 0);
        String[] columns = {"image", "pages", "renditions"};
        List<List<Object>> expected = new ArrayList<>();
        for (String c : columns) {
          expected.add(BlobTables.reference(scan, c, storage.fileIO()));
        }
        String context = "seed " + seed + " round " + round + " " + reader;
        try (BlobBatch b = reader.read(columns)) {
          for (int c = 0; c < columns.length; c++) {
            assertThat(BlobTables.normalize(ours(b, columns[c])))
                .as(context + " column " + columns[c])
                .isEqualTo(BlobTables.normalize(expected.get(c)));
          }
        }
        List<List<Object>> streamed = new ArrayList<>();
        for (int c = 0; c < columns.length; c++) {
          streamed.add(new ArrayList<>());
        }
        try (CloseableIterator<BlobBatch> it = reader.stream(columns)) {
          while (it.hasNext()) {
            try (BlobBatch b = it.next()) {
              for (int c = 0; c < columns.length; c++) {
                streamed.get(c).addAll(ours(b, columns[c]));
              }
            }
          }
        }
        for (int c = 0; c < columns.length; c++) {
          assertThat(BlobTables.normalize(streamed.get(c)))
              .as(context + " streamed column " + columns[c])
              .isEqualTo(BlobTables.normalize(expected.get(c)));
        }
      }
    }
  }

  @Test
  void deliversInRowOrderWhateverOrderTheReadsFinishIn() {
    LatencyFileIO io = LatencyFileIO.random(storage.fileIO(), 11, 5_000);
    try (Connection conn = connect(io, "wh")) {
      Table t = BlobTables.table(conn, "docs");
      int[] sizes = new int[60];
      java.util.Arrays.fill(sizes, 2000);
      t.add(BlobTables.images(11, 0, 60, sizes));
      for (int attempt = 0; attempt < 3; attempt++) {
        try (BlobBatch b =
            BlobReader.of(t.scan()).parallelism(16).holeLimit(0).rangeLimit(2016).read("image")) {
          for (int r = 0; r < 60; r++) {
            assertThat(b.blobs("image").get(r)).isEqualTo(BlobTables.payload(11, r, 2000));
          }
        }
      }
      assertThat(io.maxRunning()).isGreaterThan(1);
    }
  }

  @Test
  @Timeout(300) // a read that cannot progress hangs: fail instead
  void readsFinishOnOneIoAndOneDecodeThreadAlsoFromInsideAPoolTask() throws Exception {
    LatencyFileIO io = LatencyFileIO.random(storage.fileIO(), 21, 500);
    try (Connection conn =
        Multimodal.builder()
            .warehouse(storage.newWarehouse(dir.resolve("narrow")))
            .fileIO(io)
            .ioThreads(1)
            .decodeThreads(1)
            .connect()) {
      Table t = BlobTables.table(conn, "docs");
      int[] sizes = new int[80];
      java.util.Arrays.fill(sizes, 3000);
      t.add(BlobTables.images(21, 0, 80, sizes));
      Scan scan = t.scan().where("id >= 5").batchSize(16);
      List<Object> expected = BlobTables.reference(scan, "image", io);
      BlobReader reader = BlobReader.of(scan).parallelism(8).holeLimit(0).rangeLimit(4000);
      java.util.concurrent.Callable<Object> read =
          () -> {
            List<Object> got = new ArrayList<>();
            try (BlobBatch b = reader.read("image")) {
              got.addAll(b.blobs("image"));
            }
            try (CloseableIterator<BlobBatch> it = reader.stream("image")) {
              while (it.hasNext()) {
                try (BlobBatch b = it.next()) {
                  got.addAll(b.blobs("image"));
                }
              }
            }
            return BlobTables.normalize(got);
          };
      List<Object> twice = new ArrayList<>(expected);
      twice.addAll(expected);
      Object want = BlobTables.normalize(twice);
      assertThat(read.call()).isEqualTo(want);
      // The one I/O thread runs a read whose fetches need that same thread.
      try (TaskGroup outer = conn.executors().newIoGroup("outer", 2)) {
        List<java.util.concurrent.Future<Object>> reads = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
          reads.add(outer.submit(read));
        }
        for (java.util.concurrent.Future<Object> f : reads) {
          assertThat(f.get(120, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo(want);
        }
      }
    }
  }

  @Test
  void closingMidStreamCancelsReadsInFlightAndLeavesNoThreads() {
    LatencyFileIO io = LatencyFileIO.fixed(storage.fileIO(), 2_000_000);
    try (Connection conn = connect(io, "wh")) {
      Table t = BlobTables.table(conn, "docs");
      int[] sizes = new int[40];
      java.util.Arrays.fill(sizes, 1000);
      t.add(BlobTables.images(12, 0, 40, sizes));
      long start = System.nanoTime();
      CloseableIterator<BlobBatch> it =
          BlobReader.of(t.scan().batchSize(4)).parallelism(8).holeLimit(0).stream("image");
      AtomicReference<Throwable> failure = new AtomicReference<>();
      Thread consumer =
          new Thread(
              () -> {
                try {
                  it.next();
                } catch (RuntimeException e) {
                  failure.set(e);
                }
              });
      consumer.start();
      // Wait until reads are in flight, then close from another thread.
      while (io.running() == 0) {
        Thread.onSpinWait();
      }
      it.close();
      try {
        consumer.join(10_000);
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertThat(millis).as("close must not wait for 2 s reads").isLessThan(1_500);
      assertThat(failure.get())
          .isInstanceOfSatisfying(
              BlobReadException.class,
              e -> assertThat(e.reason()).isEqualTo(BlobReadException.Reason.CANCELLED));
      assertThat(it.hasNext()).isFalse();
      assertThat(BlobReaderTest.fetchThreads()).isEmpty();
      assertThat(io.running()).isZero();
    }
  }

  /**
   * A batch of one range is read by the consumer itself on a local disk (no hand-off); closing from
   * another thread, or interrupting the consumer, must still cancel that read at once.
   */
  @Test
  void closingOrInterruptingDuringASingleReadCancelsIt() throws Exception {
    LatencyFileIO io = LatencyFileIO.fixed(storage.fileIO(), 2_000_000);
    try (Connection conn = connect(io, "wh")) {
      Table t = BlobTables.table(conn, "docs");
      t.add(BlobTables.images(14, 0, 1, new int[] {1000}));
      for (boolean interrupt : new boolean[] {false, true}) {
        long start = System.nanoTime();
        CloseableIterator<BlobBatch> it = BlobReader.of(t.scan()).stream("image");
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
        Thread consumer =
            new Thread(
                () -> {
                  try {
                    it.next();
                  } catch (RuntimeException e) {
                    failure.set(e);
                  }
                  stillInterrupted.set(Thread.currentThread().isInterrupted());
                });
        consumer.start();
        while (io.running() == 0) {
          Thread.onSpinWait();
        }
        if (interrupt) {
          consumer.interrupt();
        } else {
          it.close();
        }
        consumer.join(10_000);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(millis).as("interrupt " + interrupt).isLessThan(1_500);
        assertThat(failure.get())
            .as("interrupt " + interrupt)
            .isInstanceOfSatisfying(
                BlobReadException.class,
                e -> assertThat(e.reason()).isEqualTo(BlobReadException.Reason.CANCELLED));
        assertThat(stillInterrupted.get()).as("interrupt " + interrupt).isEqualTo(interrupt);
        it.close();
        assertThat(it.hasNext()).isFalse();
        assertThat(BlobReaderTest.fetchThreads()).isEmpty();
        // An interrupted consumer does not wait for the workers it stopped: give them a moment.
        long deadline = System.nanoTime() + 1_000_000_000L;
        while (io.running() > 0 && System.nanoTime() < deadline) {
          Thread.sleep(1);
        }
        assertThat(io.running()).isZero();
      }
    }
  }

  @Test
  void streamKeepsFetchedButUnconsumedBytesWithinThePrefetchBudget() throws Exception {
    LatencyFileIO io = LatencyFileIO.fixed(storage.fileIO(), 200);
    try (Connection conn = connect(io, "wh")) {
      Table t = BlobTables.table(conn, "docs");
      int rows = 200;
      int size = 10_000;
      int[] sizes = new int[rows];
      java.util.Arrays.fill(sizes, size);
      t.add(BlobTables.images(13, 0, rows, sizes));
      long budget = 100_000;
      int batchRows = 4;
      long batchBytes = (long) batchRows * size;
      AtomicLong consumed = new AtomicLong();
      AtomicLong requested = new AtomicLong();
      AtomicLong worstExcess = new AtomicLong(Long.MIN_VALUE);
      AtomicLong mostAhead = new AtomicLong();
      io.listener(
          r -> {
            long ahead = requested.addAndGet(r.length()) - consumed.get();
            worstExcess.accumulateAndGet(ahead - (budget + batchBytes), Math::max);
            mostAhead.accumulateAndGet(ahead, Math::max);
          });
      try (CloseableIterator<BlobBatch> it =
          BlobReader.of(t.scan().batchSize(batchRows))
              .parallelism(8)
              .holeLimit(0)
              .rangeLimit(20_000)
              .prefetchBudget(budget)
              .verifyChecksums(false)
              .stream("image")) {
        int seen = 0;
        while (it.hasNext()) {
          try (BlobBatch b = it.next()) {
            for (byte[] x : b.blobs("image")) {
              consumed.addAndGet(x.length);
              seen++;
            }
            Thread.sleep(2);
          }
        }
        assertThat(seen).isEqualTo(rows);
      }
      // What was requested but not yet handed out: at most the budget plus the batch being
      // assembled (whose bytes are the "one batch" of memory).
      assertThat(worstExcess.get()).isLessThanOrEqualTo(0);
      // And the budget is used: the reader works ahead of the consumer.
      assertThat(mostAhead.get()).isGreaterThan(budget / 2);
    }
  }
}
