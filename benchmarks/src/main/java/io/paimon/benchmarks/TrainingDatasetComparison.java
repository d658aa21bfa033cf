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
import io.paimon.multimodal.Table;
import io.paimon.multimodal.window.TrainingDataset;
import io.paimon.row.ArrowSchemas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Random access of the map-style {@link TrainingDataset}: samples/s of {@code getItems(256)} at
 * uniformly random indices, against the same number of samples fetched in order ({@code getItems}
 * of 256 consecutive indices, from random starting points), both through the same dataset,
 * interleaved in rounds; with the default block cache and with one that holds the table (random
 * indices then decode from memory after the first epoch, as a training job's later epochs do), and
 * without a cache. Also {@code getBatch(256)} (Arrow, no maps) at random indices. The dataset is
 * the scan benchmark's table ({@link ScanDataset}). Run:
 *
 * <pre>
 * java --add-opens=java.base/java.nio=ALL-UNNAMED -Xmx4g -cp benchmarks/target/benchmarks.jar \
 *     io.paimon.benchmarks.TrainingDatasetComparison --rows 2000000
 * </pre>
 *
 * Options: {@code --rows N} (2,000,000), {@code --batches N} (200 per run), {@code --commits N}
 * (10), {@code --only default_cache|table_cache|no_cache}.
 */
public final class TrainingDatasetComparison {

  private static final int BATCH = 256;

  private long rows = 2_000_000;
  private int batches = 200;
  private int commits = 10;
  private String only;

  private TrainingDatasetComparison() {}

  public static void main(String[] args) throws Exception {
    TrainingDatasetComparison bench = new TrainingDatasetComparison();
    for (int i = 0; i + 1 < args.length; i += 2) {
      String v = args[i + 1].replace("_", "").replace(",", "");
      switch (args[i]) {
        case "--rows" -> bench.rows = Long.parseLong(v);
        case "--batches" -> bench.batches = Integer.parseInt(v);
        case "--commits" -> bench.commits = Integer.parseInt(v);
        case "--only" -> bench.only = args[i + 1];
        default ->
            throw new IllegalArgumentException(
                "unknown option "
                    + args[i]
                    + "; options: --rows N --batches N --commits N --only NAME");
      }
    }
    bench.run();
  }

  private void run() throws Exception {
    ScanDataset.checkFirstRow();
    Path work = Files.createTempDirectory("training-dataset-bench-");
    try (BufferAllocator allocator = new RootAllocator();
        Connection conn = Multimodal.connect(work.resolve("warehouse").toString())) {
      info("machine: %s; loadavg=%s", MachineInfo.describe(), ScanTimings.loadAverage());
      Table table = conn.createTable("frames", ScanDataset.schema(), false);
      org.apache.arrow.vector.types.pojo.Schema arrow =
          ArrowSchemas.toArrowSchema(table.schema().rowType());
      ScanDataset data = new ScanDataset();
      for (int c = 0; c < commits; c++) {
        int n = (int) (rows * (c + 1) / commits - rows * c / commits);
        List<ScanDataset.Row> chunk = data.next(n);
        try (VectorSchemaRoot root = ScanDataset.toArrow(chunk, arrow, allocator)) {
          table.add(root);
        }
      }
      info("dataset: %,d rows of the scan benchmark in %d commits", rows, commits);
      long[] caches = {TrainingDataset.DEFAULT_BLOCK_CACHE_BYTES, 1L << 30, 0};
      String[] names = {"default_cache", "table_cache", "no_cache"};
      for (int k = 0; k < caches.length; k++) {
        if (only != null && !only.equals(names[k])) {
          continue;
        }
        try (TrainingDataset dataset = TrainingDataset.of(table.scan(), caches[k])) {
          compare(dataset, names[k], caches[k]);
        }
      }
    } finally {
      BenchmarkFiles.deleteRecursively(work);
    }
  }

  private void compare(TrainingDataset dataset, String name, long cache) throws Exception {
    int size = dataset.size();
    SplittableRandom random = new SplittableRandom(7);
    Measurement.Work randomMaps =
        () -> {
          long sum = 0;
          for (int b = 0; b < batches; b++) {
            int[] picks = new int[BATCH];
            for (int i = 0; i < BATCH; i++) {
              picks[i] = random.nextInt(size);
            }
            for (Map<String, Object> s : dataset.getItems(picks)) {
              sum += (Long) s.get("id");
            }
          }
          return sum;
        };
    Measurement.Work inOrder =
        () -> {
          long sum = 0;
          for (int b = 0; b < batches; b++) {
            int from = random.nextInt(size - BATCH);
            int[] picks = new int[BATCH];
            for (int i = 0; i < BATCH; i++) {
              picks[i] = from + i;
            }
            for (Map<String, Object> s : dataset.getItems(picks)) {
              sum += (Long) s.get("id");
            }
          }
          return sum;
        };
    Measurement.Work randomArrow =
        () -> {
          long sum = 0;
          for (int b = 0; b < batches; b++) {
            int[] picks = new int[BATCH];
            for (int i = 0; i < BATCH; i++) {
              picks[i] = random.nextInt(size);
            }
            try (VectorSchemaRoot root = dataset.getBatch(picks)) {
              sum += root.getRowCount();
            }
          }
          return sum;
        };
    Measurement[] m =
        new Measurement.Rounds()
            .add("random getItems", randomMaps)
            .add("in-order getItems", inOrder)
            .add("random getBatch", randomArrow)
            .run(cache > TrainingDataset.DEFAULT_BLOCK_CACHE_BYTES ? 6 : 1, 5);
    double samples = (double) batches * BATCH;
    info("%s (block cache %,d bytes):", name, cache);
    for (Measurement x : m) {
      info("  %s", x.summary());
    }
    double ours = samples / m[0].median();
    double base = samples / m[1].median();
    double arrow = samples / m[2].median();
    bench("training_dataset.random_get_items_256_" + name, ours, base);
    bench("training_dataset.random_get_batch_256_" + name, arrow, base);
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

  private static void info(String format, Object... args) {
    System.out.println("INFO " + String.format(Locale.ROOT, format, args));
  }
}
