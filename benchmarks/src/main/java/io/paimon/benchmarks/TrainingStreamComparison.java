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
package io.paimon.benchmarks;

import static io.paimon.benchmarks.ScanTimings.bench;
import static io.paimon.benchmarks.ScanTimings.check;
import static io.paimon.benchmarks.ScanTimings.info;
import static io.paimon.benchmarks.ScanTimings.loadAverage;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.window.BatchFormat;
import io.paimon.multimodal.window.Tensor;
import io.paimon.multimodal.window.TrainingStream;
import io.paimon.row.CloseableIterator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * {@link TrainingStream} throughput against our own plain scan. Writes the scan benchmark's dataset
 * ({@link ScanDataset}, the table of {@link ScanComparison}) to a fresh local table in {@code
 * --commits} commits (not timed), then selects its numeric columns, {@code id BIGINT} and {@code
 * score DOUBLE} (the TENSOR format refuses the timestamp, string, array and binary columns), and
 * measures in one run, the three alternating in rounds ({@link Measurement#interleaved}):
 *
 * <ol>
 *   <li>baseline: {@code table.scan().select("id", "score").toArrowReader()} read to the end in the
 *       calling thread (the {@code id} values summed), rows/s;
 *   <li>{@code training_stream.shuffled_tensor_4_workers}: four streams, {@code .worker(w, 4)
 *       .batchSize(256).format(TENSOR).shuffle(42).bufferSize(4096).maxBufferInputSplits(4)
 *       .prefetch(1)}, each built (planned) and iterated in its own thread as four DataLoader
 *       workers would, every batch's tensors read (the {@code id} values summed); rows/s over all
 *       four, from the start of the first build to the end of the last worker. Target: ratio to the
 *       baseline at least 0.8;
 *   <li>{@code training_stream.arrow_batched_1_worker}: one stream, {@code .batchSize(256)
 *       .format(ARROW).prefetch(1)} without shuffle, every batch's vectors read and closed.
 * </ol>
 *
 * Each run checks that every row was read once (row count and the sum of {@code id}, which runs
 * from 0). Each measured run's figure is the median of {@code --repeat} runs after {@code --warmup}
 * rounds; INFO lines give every run and the median process CPU time (all threads, the read-ahead
 * and decode pools included). Memory, in one extra run of the baseline and of the shuffled tensor
 * read: a background thread samples {@code Runtime.totalMemory() - freeMemory()} every millisecond
 * (the heap also holds garbage not yet collected, so it is a rough bound), and each worker reads
 * through its own Arrow allocator ({@link Scan#allocator}), whose peak is the most Arrow memory the
 * worker held at once: its input batches, shuffle buffer and batches, its read-ahead and its
 * readers' decode buffers. (The stream's exact count of rows held, {@code
 * StreamBatches.peakRetainedRows()}, is in the window module's internal package, which the module
 * boundaries ({@code ArchitectureTest}) keep this module from using.)
 *
 * <p>Run (after {@code mvn -B -pl benchmarks -am package -DskipTests}):
 *
 * <pre>
 * java --add-opens=java.base/java.nio=ALL-UNNAMED -Xmx4g \
 *     -cp benchmarks/target/benchmarks.jar \
 *     io.paimon.benchmarks.TrainingStreamComparison --rows 2000000
 * </pre>
 *
 * Options: {@code --rows N} (2,000,000), {@code --commits N} (10), {@code --warmup N} (3), {@code
 * --repeat N} (9), {@code --dir PATH} (a new temp directory) and {@code --keep} (do not delete it).
 */
public final class TrainingStreamComparison {

  private static final String[] COLUMNS = {"id", "score"};
  private static final int WORKERS = 4;
  private static final int BATCH = 256;
  private static final int BUFFER = 4096;
  private static final long SEED = 42;

  private static final int INTERLEAVE = 4;

  /** The scan's default rows per Arrow batch, the stream's input batches. */
  private static final int SCAN_BATCH = 4096;

  /** Bytes of values of a row of the selected columns: a BIGINT and a DOUBLE. */
  private static final int ROW_BYTES = 16;

  private static final double MIB = 1 << 20;

  private long rows = 2_000_000;
  private int commits = 10;
  private int warmup = 3;
  private int repeat = 9;
  private Path dir;
  private boolean keep;

  /** The epoch of the next shuffled read, so every run reads a fresh order. */
  private long epoch;

  private TrainingStreamComparison() {}

  public static void main(String[] args) throws Exception {
    TrainingStreamComparison bench = new TrainingStreamComparison();
    bench.parse(args);
    bench.run();
  }

  private void parse(String[] args) {
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--keep")) {
        keep = true;
        continue;
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("option " + a + " needs a value");
      }
      String raw = args[++i];
      String v = raw.replace("_", "").replace(",", "");
      switch (a) {
        case "--rows" -> rows = Long.parseLong(v);
        case "--commits" -> commits = Integer.parseInt(v);
        case "--warmup" -> warmup = Integer.parseInt(v);
        case "--repeat" -> repeat = Integer.parseInt(v);
        case "--dir" -> dir = Path.of(raw);
        default ->
            throw new IllegalArgumentException(
                "unknown option "
                    + a
                    + "; options: --rows N --commits N --warmup N --repeat N --dir PATH --keep");
      }
    }
    if (rows < 100L * commits || commits < 1 || repeat < 1 || warmup < 0) {
      throw new IllegalArgumentException(
          "need rows >= 100 * commits, commits >= 1, repeat >= 1, warmup >= 0");
    }
  }

  private void run() throws Exception {
    ScanDataset.checkFirstRow();
    System.out.println(MachineInfo.describe());
    Path work =
        dir != null
            ? Files.createDirectories(dir)
            : Files.createTempDirectory("training-stream-comparison-");
    try (Connection conn = Multimodal.connect(work.resolve("warehouse").toString())) {
      Table table = conn.createTable("bench", ScanDataset.schema(), false);
      load(table);
      info(
          "dataset: %,d rows of the scan benchmark's table in %d commits, %d splits planned;"
              + " reading columns %s; %d warm-up + %d measured rounds",
          rows,
          commits,
          table.scan().select(COLUMNS).plan().size(),
          String.join(",", COLUMNS),
          warmup,
          repeat);
      for (int w = 0; w < WORKERS; w++) {
        TrainingStream s = shuffledTensors(table, w);
        long n = s.splits().stream().mapToLong(x -> x.liveRowCount()).sum();
        info("worker %d of %d: %d splits, %,d rows", w, WORKERS, s.splits().size(), n);
      }

      List<List<Long>> cpu = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
      Measurement[] m =
          new Measurement.Rounds()
              .add("plain scan", cpuTimed(cpu.get(0), () -> plainScan(table)))
              .add(
                  "shuffled tensor stream, 4 workers",
                  cpuTimed(cpu.get(1), () -> shuffledTensorRun(table)))
              .add(
                  "arrow batched stream, 1 worker", cpuTimed(cpu.get(2), () -> arrowBatched(table)))
              .run(warmup, repeat);
      double base = rows / m[0].median();
      double shuffled = rows / m[1].median();
      double arrow = rows / m[2].median();
      bench(
          "training_stream.shuffled_tensor_4_workers",
          "rows_per_s",
          shuffled,
          "rows/s",
          base,
          true);
      bench("training_stream.arrow_batched_1_worker", "rows_per_s", arrow, "rows/s", base, true);
      for (int i = 0; i < m.length; i++) {
        info("%s; process CPU median %.0f ms", m[i].summary(), medianMillis(cpu.get(i), repeat));
      }

      memory(table);
      info("done; loadavg=%s", loadAverage());
    } finally {
      if (!keep) {
        BenchmarkFiles.deleteRecursively(work);
      }
    }
  }

  /** Writes the rows, one add per commit (not timed). */
  private void load(Table table) {
    ScanDataset data = new ScanDataset();
    long t0 = System.nanoTime();
    for (int c = 0; c < commits; c++) {
      int n = (int) (rows * (c + 1) / commits - rows * c / commits);
      List<Map<String, Object>> maps = new ArrayList<>(n);
      for (ScanDataset.Row r : data.next(n)) {
        maps.add(r.toMap());
      }
      table.add(maps);
    }
    Snapshot latest = table.latestSnapshot().orElseThrow();
    check(
        latest.totalRecordCount() == rows,
        "table holds " + latest.totalRecordCount() + " rows, expected " + rows);
    info("wrote %,d rows in %.1f s (not timed)", rows, (System.nanoTime() - t0) / 1e9);
  }

  private Scan columns(Table table) {
    return table.scan().select(COLUMNS);
  }

  private TrainingStream shuffledTensors(Table table, int worker) {
    return shuffledTensors(columns(table), worker);
  }

  private TrainingStream shuffledTensors(Scan scan, int worker) {
    return TrainingStream.builder(scan)
        .worker(worker, WORKERS)
        .batchSize(BATCH)
        .format(BatchFormat.TENSOR)
        .shuffle(SEED)
        .bufferSize(BUFFER)
        .maxBufferInputSplits(INTERLEAVE)
        .prefetch(1)
        .build();
  }

  /** Checks the row count and the sum of ids 0 .. rows - 1. */
  private long expect(long count, long idSum, String what) {
    check(count == rows, what + " read " + count + " rows, expected " + rows);
    check(
        idSum == rows * (rows - 1) / 2,
        what + " summed ids to " + idSum + ", expected " + rows * (rows - 1) / 2);
    return count;
  }

  /** {@code work}, recording the process CPU time (all threads) of each run in {@code cpu}. */
  private static Measurement.Work cpuTimed(List<Long> cpu, Measurement.Work work) {
    return () -> {
      long c0 = ScanTimings.OS.getProcessCpuTime();
      long result = work.run();
      cpu.add(ScanTimings.OS.getProcessCpuTime() - c0);
      return result;
    };
  }

  /** The median of the last {@code runs} CPU times (the measured runs, after the warm-ups). */
  private static double medianMillis(List<Long> cpu, int runs) {
    double[] v =
        cpu.subList(cpu.size() - runs, cpu.size()).stream().mapToDouble(x -> x / 1e6).toArray();
    return ScanTimings.median(v);
  }

  // ---------------------------------------------------------------------------------------------
  // The three reads

  /** The baseline: our plain scan of the same columns, to the end. */
  private long plainScan(Table table) throws Exception {
    return plainScan(table, null);
  }

  /** As {@link #plainScan(Table)}, allocating from {@code allocator} unless it is null. */
  private long plainScan(Table table, BufferAllocator allocator) throws Exception {
    long n = 0;
    long idSum = 0;
    Scan scan = allocator == null ? columns(table) : columns(table).allocator(allocator);
    try (ArrowReader reader = scan.toArrowReader()) {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      while (reader.loadNextBatch()) {
        int count = root.getRowCount();
        BigIntVector id = (BigIntVector) root.getVector("id");
        for (int i = 0; i < count; i++) {
          idSum += id.get(i);
        }
        n += count;
      }
    }
    return expect(n, idSum, "plain scan");
  }

  /** Four workers, each building its stream and reading one shuffled epoch as tensors. */
  private long shuffledTensorRun(Table table) throws Exception {
    return shuffledTensorRun(table, null);
  }

  /**
   * As {@link #shuffledTensorRun(Table)}; worker {@code w} allocates from {@code allocators[w]}
   * unless {@code allocators} is null (the connection's allocator).
   */
  private long shuffledTensorRun(Table table, BufferAllocator[] allocators) throws Exception {
    long e = epoch++;
    AtomicLong count = new AtomicLong();
    AtomicLong idSum = new AtomicLong();
    List<Throwable> failures = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    for (int w = 0; w < WORKERS; w++) {
      int worker = w;
      Thread t =
          new Thread(
              () -> {
                long n = 0;
                long sum = 0;
                double scoreSum = 0;
                Scan scan = columns(table);
                TrainingStream stream =
                    shuffledTensors(
                        allocators == null ? scan : scan.allocator(allocators[worker]), worker);
                try (CloseableIterator<Map<String, Tensor>> batches = stream.tensors(e)) {
                  while (batches.hasNext()) {
                    Map<String, Tensor> batch = batches.next();
                    long[] ids = batch.get("id").longs();
                    double[] scores = batch.get("score").doubles();
                    for (long id : ids) {
                      sum += id;
                    }
                    for (double s : scores) {
                      scoreSum += s;
                    }
                    n += ids.length;
                  }
                } catch (Exception ex) {
                  throw new IllegalStateException(ex);
                }
                count.addAndGet(n);
                idSum.addAndGet(sum + (scoreSum < 0 ? 1 : 0));
              },
              "loader-worker-" + w);
      t.setUncaughtExceptionHandler(
          (th, ex) -> {
            synchronized (failures) {
              failures.add(ex);
            }
          });
      threads.add(t);
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
    return expect(count.get(), idSum.get(), "shuffled tensor stream");
  }

  /** One worker, unshuffled, batches of 256 rows as Arrow, each read and closed. */
  private long arrowBatched(Table table) throws Exception {
    TrainingStream stream =
        TrainingStream.builder(columns(table))
            .batchSize(BATCH)
            .format(BatchFormat.ARROW)
            .prefetch(1)
            .build();
    long n = 0;
    long idSum = 0;
    double scoreSum = 0;
    try (CloseableIterator<VectorSchemaRoot> batches = stream.arrow(0)) {
      while (batches.hasNext()) {
        try (VectorSchemaRoot root = batches.next()) {
          int count = root.getRowCount();
          BigIntVector id = (BigIntVector) root.getVector("id");
          Float8Vector score = (Float8Vector) root.getVector("score");
          for (int i = 0; i < count; i++) {
            idSum += id.get(i);
            scoreSum += score.get(i);
          }
          n += count;
        }
      }
    }
    return expect(n, idSum + (scoreSum < 0 ? 1 : 0), "arrow batched stream");
  }

  // ---------------------------------------------------------------------------------------------
  // Memory

  /**
   * Peak memory of one run of the plain scan and of the shuffled tensor read: heap samples, and the
   * peak Arrow (off-heap) allocation of each, every worker allocating from its own allocator
   * ({@link Scan#allocator}: its stream's input batches, shuffle buffer, batches and read-ahead,
   * and its readers' allocators, which are children of it).
   */
  private void memory(Table table) throws Exception {
    long basePeak;
    long baseArrow;
    try (BufferAllocator a = new RootAllocator()) {
      basePeak = sampleHeap(() -> plainScan(table, a));
      baseArrow = a.getPeakMemoryAllocation();
    }
    long shuffledPeak;
    long[] arrow = new long[WORKERS];
    try (BufferAllocator root = new RootAllocator()) {
      BufferAllocator[] perWorker = new BufferAllocator[WORKERS];
      for (int w = 0; w < WORKERS; w++) {
        perWorker[w] = root.newChildAllocator("worker " + w, 0, Long.MAX_VALUE);
      }
      shuffledPeak = sampleHeap(() -> shuffledTensorRun(table, perWorker));
      for (int w = 0; w < WORKERS; w++) {
        arrow[w] = perWorker[w].getPeakMemoryAllocation();
        perWorker[w].close();
      }
    }
    info(
        "heap sample (used = total - free, every 1 ms, one run each, garbage included): plain scan"
            + " peak %d MiB, shuffled tensor stream 4 workers peak %d MiB; max heap %d MiB",
        basePeak >> 20, shuffledPeak >> 20, Runtime.getRuntime().maxMemory() >> 20);
    long peak = 0;
    StringBuilder each = new StringBuilder();
    for (int w = 0; w < WORKERS; w++) {
      peak = Math.max(peak, arrow[w]);
      each.append(w == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.2f", arrow[w] / MIB));
    }
    long boundRows = 2L * (BUFFER + BATCH) + SCAN_BATCH;
    info(
        "peak Arrow memory held by one worker: %.2f MiB (workers [%s] MiB; bufferSize %d, batch %d,"
            + " %d splits read at once); one plain scan reader: %.2f MiB; the stream's bound on"
            + " rows held, 2 * (bufferSize + batch) + one input batch = %,d rows, is %.2f MiB of"
            + " values",
        peak / MIB,
        each,
        BUFFER,
        BATCH,
        INTERLEAVE,
        baseArrow / MIB,
        boundRows,
        boundRows * ROW_BYTES / MIB);
  }

  /** The highest used heap seen while {@code work} runs, sampled every millisecond. */
  private static long sampleHeap(Measurement.Work work) throws Exception {
    System.gc();
    Runtime rt = Runtime.getRuntime();
    AtomicLong peak = new AtomicLong(rt.totalMemory() - rt.freeMemory());
    Thread sampler =
        new Thread(
            () -> {
              while (!Thread.currentThread().isInterrupted()) {
                peak.accumulateAndGet(rt.totalMemory() - rt.freeMemory(), Math::max);
                try {
                  Thread.sleep(1);
                } catch (InterruptedException e) {
                  return;
                }
              }
            },
            "heap-sampler");
    sampler.setDaemon(true);
    sampler.start();
    try {
      work.run();
    } finally {
      sampler.interrupt();
      sampler.join();
    }
    return peak.get();
  }
}
