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
import io.paimon.multimodal.blob.BlobBatch;
import io.paimon.multimodal.blob.BlobReader;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH suite of the BLOB read path on local storage (no injected latency), through the public API: a
 * {@link BlobReader} read of {@code rows} small payloads (planning, coalescing, fetching, CRC
 * checks and slicing in row order), contiguous and every-fourth-row, with checksums on and off; the
 * per-payload overhead shows as the time per operation divided by {@code rows}.
 *
 * <p>Run: {@code java --add-opens=java.base/java.nio=ALL-UNNAMED -jar
 * benchmarks/target/benchmarks.jar BlobReadBenchmarks}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 6, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx2g", "--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class BlobReadBenchmarks {

  /** A table of 4,096 payloads of 4-16 KiB, written once per fork. */
  @State(Scope.Benchmark)
  public static class TableState {
    @Param({"256"})
    public int rows;

    Path dir;
    Connection conn;
    Table table;

    @Setup(Level.Trial)
    public void write() throws IOException {
      dir = Files.createTempDirectory("blob-jmh");
      conn = Multimodal.connect(dir.toString());
      table =
          conn.createTable(
              "t",
              Schema.builder()
                  .column("id", DataTypes.BIGINT().notNull())
                  .column("shard", DataTypes.INT())
                  .column("image", DataTypes.BLOB())
                  .build(),
              false);
      Random random = new Random(7);
      List<Map<String, Object>> batch = new ArrayList<>();
      for (int i = 0; i < 4096; i++) {
        byte[] payload = new byte[(4 << 10) + random.nextInt(12 << 10)];
        random.nextBytes(payload);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", (long) i);
        row.put("shard", i % 4);
        row.put("image", payload);
        batch.add(row);
      }
      table.add(batch);
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
      conn.close();
      BenchmarkFiles.deleteRecursively(dir);
    }

    BlobReader contiguous() {
      return BlobReader.of(table.scan().where("id >= 1000 AND id < " + (1000 + rows)))
          .parallelism(2);
    }

    BlobReader everyFourth() {
      return BlobReader.of(
              table
                  .scan()
                  .where("shard = 0 AND id >= 1000 AND id < " + (1000 + 4 * rows))
                  .batchSize(rows))
          .parallelism(2);
    }
  }

  private static long consume(BlobReader reader) {
    long sum = 0;
    try (BlobBatch b = reader.read("image")) {
      for (byte[] x : b.blobs("image")) {
        sum += x.length;
      }
    }
    return sum;
  }

  @Benchmark
  public long readContiguous(TableState s) {
    return consume(s.contiguous());
  }

  @Benchmark
  public long readContiguousNoChecksums(TableState s) {
    return consume(s.contiguous().verifyChecksums(false));
  }

  @Benchmark
  public long readWithHoles(TableState s) {
    return consume(s.everyFourth());
  }
}
