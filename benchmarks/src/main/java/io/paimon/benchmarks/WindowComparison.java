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

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.window.ContiguousWindowDataset;
import io.paimon.multimodal.window.ContiguousWindows;
import io.paimon.multimodal.window.DType;
import io.paimon.multimodal.window.Tensor;
import io.paimon.multimodal.window.WindowTransforms;
import io.paimon.row.ArrowSchemas;
import io.paimon.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBResultSet;

/**
 * Contiguous training windows side by side with DuckDB window functions. A frame table of {@code
 * --episodes} episodes of {@code --frames} frames ({@code ep INT, frame BIGINT, state DOUBLE,
 * action DOUBLE}, written in 10 commits) is loaded into our table and, from the same integer
 * formulas, into an in-memory DuckDB table; loading is not timed. Each sample is the last three
 * states and the next sixteen actions of a frame, and only complete windows are kept ({@link
 * io.paimon.multimodal.window.Boundary#DROP}). Both sides compute the same checksum.
 *
 * <ol>
 *   <li>{@code windows.sequential}: ours builds the dataset (index of row IDs) and reads every
 *       sample, 256 per {@code getItems}, each column turned into a FLOAT64 {@link Tensor} — vs
 *       DuckDB computing {@code list(state) OVER (... ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)}
 *       and {@code list(action) OVER (... ROWS BETWEEN CURRENT ROW AND 15 FOLLOWING)} for every
 *       frame, filtering the complete ones and exporting them to Arrow;
 *   <li>{@code windows.shuffled}: ours reads the samples in a random order, 256 per request, as a
 *       shuffling data loader does — vs the same DuckDB query (which has no random access);
 *   <li>{@code windows.index_heap}: heap bytes per frame of our dataset (its index and anchors) —
 *       vs 24, a row ID, a group value and an order value per frame, which is what an index of the
 *       three columns holds.
 * </ol>
 *
 * Run: {@code java -Xms4g -Xmx4g --add-opens=java.base/java.nio=ALL-UNNAMED -cp
 * benchmarks/target/benchmarks.jar io.paimon.benchmarks.WindowComparison}. Options: {@code
 * --episodes N} (200), {@code --frames N} (1,000), {@code --repeat N} (3 timed runs, best
 * reported), {@code --warmup N} (1), {@code --cache-mib M} (the dataset's block cache, default 64),
 * {@code --dir PATH}. {@code windows.shuffled_vs_sequential} states the shuffled figure against the
 * in-order one of the same run.
 */
public final class WindowComparison {

  private static final int BATCH = 256;
  private int episodes = 200;
  private int frames = 1000;
  private int repeat = 3;
  private int warmup = 1;
  private long cacheBytes = ContiguousWindows.DEFAULT_BLOCK_CACHE_BYTES;
  private Path dir;

  public static void main(String[] args) throws Exception {
    WindowComparison b = new WindowComparison();
    for (int i = 0; i < args.length; i += 2) {
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("option " + args[i] + " needs a value");
      }
      String v = args[i + 1].replace("_", "").replace(",", "");
      switch (args[i]) {
        case "--episodes" -> b.episodes = Integer.parseInt(v);
        case "--frames" -> b.frames = Integer.parseInt(v);
        case "--repeat" -> b.repeat = Integer.parseInt(v);
        case "--warmup" -> b.warmup = Integer.parseInt(v);
        case "--cache-mib" -> b.cacheBytes = (long) (Double.parseDouble(v) * (1 << 20));
        case "--dir" -> b.dir = Path.of(args[i + 1]);
        default ->
            throw new IllegalArgumentException(
                "unknown option "
                    + args[i]
                    + "; options: --episodes N --frames N --repeat N --warmup N --cache-mib M"
                    + " --dir PATH");
      }
    }
    b.run();
  }

  // The same values on both sides, from integer formulas SQL evaluates identically.
  private static double state(long i) {
    return ((i * 7) % 1000) * 0.5;
  }

  private static double action(long i) {
    return ((i * 13) % 1000) * 0.25;
  }

  private void run() throws Exception {
    System.out.println(MachineInfo.describe());
    Path work = dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("windows-");
    long rows = (long) episodes * frames;
    try (BufferAllocator allocator = new RootAllocator();
        Connection conn = Multimodal.connect(work.resolve("warehouse").toString());
        java.sql.Connection jdbc = DriverManager.getConnection("jdbc:duckdb:")) {
      DuckDBConnection duck = jdbc.unwrap(DuckDBConnection.class);
      Table table =
          conn.createTable(
              "frames",
              Schema.builder()
                  .column("ep", DataTypes.INT().notNull())
                  .column("frame", DataTypes.BIGINT().notNull())
                  .column("state", DataTypes.DOUBLE().notNull())
                  .column("action", DataTypes.DOUBLE().notNull())
                  .build(),
              false);
      long t0 = System.nanoTime();
      write(table, allocator, rows);
      try (Statement st = duck.createStatement()) {
        st.execute(
            "CREATE TABLE frames AS SELECT (i // "
                + frames
                + ")::INT AS ep, (i % "
                + frames
                + ")::BIGINT AS frame, (((i * 7) % 1000) * 0.5)::DOUBLE AS state,"
                + " (((i * 13) % 1000) * 0.25)::DOUBLE AS action FROM range("
                + rows
                + ") r(i)");
      }
      System.out.printf(
          Locale.ROOT,
          "# wrote %,d frames to our table and DuckDB in %.1f s (not timed)%n",
          rows,
          (System.nanoTime() - t0) / 1e9);
      String sql =
          "SELECT ep, frame, s, a FROM (SELECT ep, frame,"
              + " list(state) OVER (PARTITION BY ep ORDER BY frame"
              + " ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS s,"
              + " list(action) OVER (PARTITION BY ep ORDER BY frame"
              + " ROWS BETWEEN CURRENT ROW AND 15 FOLLOWING) AS a,"
              + " frame - min(frame) OVER (PARTITION BY ep) AS pos,"
              + " max(frame) OVER (PARTITION BY ep) - frame AS rest FROM frames)"
              + " WHERE pos >= 2 AND rest >= 15";
      long[] sequential = new long[2];
      long[] shuffled = new long[2];
      long[] baseline = new long[2];
      double[] oursSeq = new double[repeat];
      double[] oursShuf = new double[repeat];
      double[] duckTimes = new double[repeat];
      for (int run = -warmup; run < repeat; run++) {
        // DuckDB first in each round: its worker threads stay busy for a moment after a query,
        // which slowed whatever ran right after it.
        System.gc();
        long s = System.nanoTime();
        baseline = duck(duck, allocator, sql);
        double c = (System.nanoTime() - s) / 1e9;
        Thread.sleep(200);
        System.gc();
        s = System.nanoTime();
        sequential = ours(table, false);
        double a = (System.nanoTime() - s) / 1e9;
        System.gc();
        s = System.nanoTime();
        shuffled = ours(table, true);
        double b = (System.nanoTime() - s) / 1e9;
        if (run >= 0) {
          oursSeq[run] = a;
          oursShuf[run] = b;
          duckTimes[run] = c;
        }
      }
      check(sequential, baseline, "sequential");
      check(shuffled, baseline, "shuffled");
      System.out.printf(
          Locale.ROOT,
          "# samples %,d; ours sequential %s s, shuffled %s s; DuckDB %s s%n",
          baseline[0],
          Arrays.toString(oursSeq),
          Arrays.toString(oursShuf),
          Arrays.toString(duckTimes));
      double duckBest = Arrays.stream(duckTimes).min().orElseThrow();
      bench("windows.sequential", baseline[0] / best(oursSeq), baseline[0] / duckBest);
      bench("windows.shuffled", baseline[0] / best(oursShuf), baseline[0] / duckBest);
      // The target of shuffled access: at least half the in-order figure, same dataset, same run.
      bench(
          "windows.shuffled_vs_sequential",
          baseline[0] / best(oursShuf),
          baseline[0] / best(oursSeq));
      indexHeap(table, rows);
    } finally {
      BenchmarkFiles.deleteRecursively(dir != null ? work.resolve("warehouse") : work);
    }
  }

  private static double best(double[] seconds) {
    return Arrays.stream(seconds).min().orElseThrow();
  }

  private static void bench(String name, double ours, double baseline) {
    System.out.printf(
        Locale.ROOT,
        "BENCH %s samples_per_s=%.0f samples/s baseline=%.0f ratio=%.3f%n",
        name,
        ours,
        baseline,
        ours / baseline);
  }

  private ContiguousWindowDataset dataset(Table table) {
    return ContiguousWindows.builder(table.scan())
        .columns("state", "action")
        .groupKey("ep")
        .orderKey("frame")
        .frameOffsets("state", -2, -1, 0)
        .frameOffsets("action", IntStream.range(0, 16).toArray())
        .transform("state", WindowTransforms.toTensor(DType.FLOAT64))
        .transform("action", WindowTransforms.toTensor(DType.FLOAT64))
        .blockCacheSize(cacheBytes)
        .build();
  }

  /** Samples read and a checksum of their values. */
  private long[] ours(Table table, boolean shuffle) {
    try (ContiguousWindowDataset ds = dataset(table)) {
      return read(ds, shuffle);
    }
  }

  private static long[] read(ContiguousWindowDataset ds, boolean shuffle) {
    int[] order = IntStream.range(0, ds.size()).toArray();
    if (shuffle) {
      SplittableRandom r = new SplittableRandom(42);
      for (int i = order.length - 1; i > 0; i--) {
        int j = r.nextInt(i + 1);
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
    }
    long checksum = 0;
    for (int from = 0; from < order.length; from += BATCH) {
      int[] batch = Arrays.copyOfRange(order, from, Math.min(order.length, from + BATCH));
      for (Map<String, Object> sample : ds.getItems(batch)) {
        checksum += sum(((Tensor) sample.get("state")).doubles());
        checksum += sum(((Tensor) sample.get("action")).doubles());
      }
    }
    return new long[] {ds.size(), checksum};
  }

  private static long sum(double[] values) {
    long s = 0;
    for (double v : values) {
      s += Math.round(v * 4);
    }
    return s;
  }

  private static long[] duck(DuckDBConnection duck, BufferAllocator allocator, String sql)
      throws Exception {
    long n = 0;
    long checksum = 0;
    try (Statement st = duck.createStatement();
        ResultSet rs = st.executeQuery(sql);
        ArrowReader r =
            (ArrowReader) rs.unwrap(DuckDBResultSet.class).arrowExportStream(allocator, 4096)) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot root = r.getVectorSchemaRoot();
        for (String column : List.of("s", "a")) {
          ListVector list = (ListVector) root.getVector(column);
          Float8Vector values = (Float8Vector) list.getDataVector();
          for (int i = 0; i < root.getRowCount(); i++) {
            for (int k = list.getElementStartIndex(i); k < list.getElementEndIndex(i); k++) {
              checksum += Math.round(values.get(k) * 4);
            }
          }
        }
        n += root.getRowCount();
      }
    }
    return new long[] {n, checksum};
  }

  private static void check(long[] ours, long[] baseline, String what) {
    if (ours[0] != baseline[0] || ours[1] != baseline[1]) {
      throw new IllegalStateException(
          what
              + ": ours gives "
              + ours[0]
              + " samples (checksum "
              + ours[1]
              + "), DuckDB "
              + baseline[0]
              + " (checksum "
              + baseline[1]
              + ")");
    }
  }

  /** Heap growth while a dataset is held, per frame. */
  private void indexHeap(Table table, long rows) {
    Runtime rt = Runtime.getRuntime();
    List<ContiguousWindowDataset> held = new ArrayList<>();
    System.gc();
    long before = rt.totalMemory() - rt.freeMemory();
    held.add(dataset(table));
    System.gc();
    long after = rt.totalMemory() - rt.freeMemory();
    System.out.printf(
        Locale.ROOT,
        "BENCH windows.index_heap bytes_per_frame=%.2f bytes baseline=24.00 ratio=%.3f%n",
        (after - before) / (double) rows,
        (after - before) / (double) rows / 24.0);
    if (held.get(0).size() < 0) {
      throw new IllegalStateException("unreachable");
    }
  }

  private void write(Table table, BufferAllocator allocator, long rows) {
    int commits = 10;
    long per = (rows + commits - 1) / commits;
    for (long start = 0; start < rows; start += per) {
      int n = (int) Math.min(per, rows - start);
      try (VectorSchemaRoot root =
          VectorSchemaRoot.create(
              new org.apache.arrow.vector.types.pojo.Schema(
                  List.of(
                      ArrowSchemas.toArrowField("ep", DataTypes.INT().notNull()),
                      ArrowSchemas.toArrowField("frame", DataTypes.BIGINT().notNull()),
                      ArrowSchemas.toArrowField("state", DataTypes.DOUBLE().notNull()),
                      ArrowSchemas.toArrowField("action", DataTypes.DOUBLE().notNull()))),
              allocator)) {
        for (FieldVector v : root.getFieldVectors()) {
          v.setInitialCapacity(n);
          v.allocateNew();
        }
        IntVector ep = (IntVector) root.getVector(0);
        BigIntVector frame = (BigIntVector) root.getVector(1);
        Float8Vector state = (Float8Vector) root.getVector(2);
        Float8Vector action = (Float8Vector) root.getVector(3);
        for (int k = 0; k < n; k++) {
          long i = start + k;
          ep.set(k, (int) (i / frames));
          frame.set(k, i % frames);
          state.set(k, state(i));
          action.set(k, action(i));
        }
        root.setRowCount(n);
        table.add(root);
      }
    }
  }
}
