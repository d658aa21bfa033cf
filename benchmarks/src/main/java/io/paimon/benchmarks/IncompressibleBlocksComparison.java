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

import io.paimon.row.Row;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.row.RowFileWriter;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.LongFunction;
import org.apache.arrow.memory.RootAllocator;

/**
 * Blocks that barely compress: full scans into Arrow of {@code .row} files written with the default
 * {@link RowFileOptions#minCompressionSavings} (such blocks stored without entropy coding) against
 * the same rows written as Paimon's writer does (every block entropy-coded at level 1), for random
 * doubles (a score or feature column, the shape of data-evolution update files), float embeddings,
 * and a column that compresses well (where both write the same bytes).
 *
 * <p>Run: {@code java --add-opens=java.base/java.nio=ALL-UNNAMED -cp
 * benchmarks/target/benchmarks.jar io.paimon.benchmarks.IncompressibleBlocksComparison [--rows N]}
 */
public final class IncompressibleBlocksComparison {

  private IncompressibleBlocksComparison() {}

  /** Entry point. */
  public static void main(String[] args) throws Exception {
    int rows = 5_000_000;
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals("--rows")) {
        rows = Integer.parseInt(args[i + 1]);
      }
    }
    System.out.println(MachineInfo.describe());
    Path dir = Files.createTempDirectory("incompressible");
    ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
    try {
      Random r = new Random(7);
      compare(
          dir,
          pool,
          "row.scan_random_doubles",
          "ROW<score DOUBLE>",
          rows,
          i -> Row.of(r.nextDouble() * 1000));
      float[] v = new float[64];
      compare(
          dir,
          pool,
          "row.scan_float_embeddings",
          "ROW<e VECTOR<FLOAT, 64>>",
          rows / 32,
          i -> {
            float[] e = v.clone();
            for (int k = 0; k < e.length; k++) {
              e[k] = (float) r.nextGaussian();
            }
            return Row.of((Object) e);
          });
      compare(
          dir,
          pool,
          "row.scan_compressible",
          "ROW<id BIGINT, v INT>",
          rows,
          i -> Row.of(i, (int) (i % 100)));
    } finally {
      pool.shutdown();
      try (var files = Files.walk(dir)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private static void compare(
      Path dir, ExecutorService pool, String name, String schema, int rows, LongFunction<Row> row)
      throws Exception {
    RowType type = (RowType) DataTypes.parse(schema);
    Path ours = dir.resolve(name + "-ours.row");
    Path paimon = dir.resolve(name + "-paimon.row");
    // The same rows in both files: generate once per row, write to both.
    try (RowFileWriter a = RowFile.newWriter(ours, type, RowFileOptions.defaults());
        RowFileWriter b =
            RowFile.newWriter(paimon, type, RowFileOptions.defaults().minCompressionSavings(0))) {
      for (long i = 0; i < rows; i++) {
        Row x = row.apply(i);
        a.write(x);
        b.write(x);
      }
    }
    RowFileOptions read = RowFileOptions.defaults().executor(pool);
    try (RootAllocator allocator = new RootAllocator()) {
      Measurement.Work scanOurs = () -> scan(ours, type, read, allocator);
      Measurement.Work scanPaimon = () -> scan(paimon, type, read, allocator);
      Measurement[] m =
          new Measurement.Rounds().add("ours", scanOurs).add("paimon", scanPaimon).run(3, 10);
      double oursRate = rows / m[0].best();
      double baseRate = rows / m[1].best();
      System.out.printf(
          Locale.ROOT,
          "BENCH %s rows_per_s=%.0f rows/s baseline=%.0f ratio=%.3f%n",
          name,
          oursRate,
          baseRate,
          oursRate / baseRate);
      long oursBytes = Files.size(ours);
      long baseBytes = Files.size(paimon);
      System.out.printf(
          Locale.ROOT,
          "BENCH %s_bytes bytes=%d B baseline=%d ratio=%.3f%n",
          name,
          oursBytes,
          baseBytes,
          (double) oursBytes / baseBytes);
    }
  }

  private static long scan(Path file, RowType type, RowFileOptions options, RootAllocator allocator)
      throws Exception {
    long n = 0;
    try (RowFileReader reader = RowFile.open(file, type, options);
        RowArrowReader batches = reader.arrowReader(allocator, 8192)) {
      while (batches.loadNextBatch()) {
        n += batches.getVectorSchemaRoot().getRowCount();
      }
    }
    return n;
  }
}
