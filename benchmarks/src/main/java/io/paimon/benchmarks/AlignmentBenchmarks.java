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
import io.paimon.multimodal.window.Aggregation;
import io.paimon.multimodal.window.Aligned;
import io.paimon.multimodal.window.Alignment;
import io.paimon.multimodal.window.AsofJoin;
import io.paimon.multimodal.window.Direction;
import io.paimon.multimodal.window.Interpolation;
import io.paimon.multimodal.window.WindowJoin;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH suite of the alignment operations end to end on small tables (100,000 left and 100,000 right
 * rows in 100 groups, BIGINT keys): {@code joinAsof} backward and nearest with a tolerance, {@code
 * interpolate} and {@code joinWindow} MEAN, each read to the end through {@code
 * toArrowReader(4096)}. Time per operation divided by 100,000 is the cost per left row, including
 * loading the right keys. {@code AsofComparison} measures the same at 10M rows against DuckDB.
 *
 * <p>Run: {@code java --add-opens=java.base/java.nio=ALL-UNNAMED -jar
 * benchmarks/target/benchmarks.jar AlignmentBenchmarks}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx2g", "--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class AlignmentBenchmarks {

  private static final int ROWS = 100_000;
  private static final int GROUPS = 100;

  /** The left and right tables, written once per fork. */
  @State(Scope.Benchmark)
  public static class Tables {
    Path dir;
    Connection conn;
    Table left;
    Table right;

    @Setup(Level.Trial)
    public void write() throws IOException {
      dir = Files.createTempDirectory("alignment-jmh");
      conn = Multimodal.connect(dir.toString());
      left = conn.createTable("l", schema("id", DataTypes.BIGINT()), false);
      right = conn.createTable("r", schema("v", DataTypes.DOUBLE()), false);
      List<Map<String, Object>> l = new ArrayList<>();
      List<Map<String, Object>> r = new ArrayList<>();
      for (int i = 0; i < ROWS; i++) {
        l.add(row(i % GROUPS, 10L * i + 3, "id", (long) i));
        r.add(row((i * 7) % GROUPS, 10L * i, "v", i * 0.5));
      }
      left.add(l);
      right.add(r);
    }

    private static Schema schema(String payload, io.paimon.types.DataType type) {
      return Schema.builder()
          .column("g", DataTypes.BIGINT().notNull())
          .column("t", DataTypes.BIGINT().notNull())
          .column(payload, type)
          .build();
    }

    private static Map<String, Object> row(long g, long t, String name, Object value) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("g", g);
      m.put("t", t);
      m.put(name, value);
      return m;
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
      conn.close();
      BenchmarkFiles.deleteRecursively(dir);
    }
  }

  private static long drain(Aligned aligned) throws IOException {
    long rows = 0;
    try (ArrowReader r = aligned.toArrowReader(4096)) {
      while (r.loadNextBatch()) {
        rows += r.getVectorSchemaRoot().getRowCount();
      }
    }
    return rows;
  }

  @Benchmark
  public long asofBackward(Tables s) throws IOException {
    return drain(
        Alignment.joinAsof(s.left.scan(), s.right.scan().select("v"), AsofJoin.on("t").by("g")));
  }

  @Benchmark
  public long asofNearestWithTolerance(Tables s) throws IOException {
    return drain(
        Alignment.joinAsof(
            s.left.scan(),
            s.right.scan().select("v"),
            AsofJoin.on("t").by("g").direction(Direction.NEAREST).tolerance(500L)));
  }

  @Benchmark
  public long interpolate(Tables s) throws IOException {
    return drain(
        Alignment.interpolate(
            s.left.scan(), s.right.scan().select("v"), Interpolation.on("t").by("g")));
  }

  @Benchmark
  public long windowMean(Tables s) throws IOException {
    return drain(
        Alignment.joinWindow(
            s.left.scan(),
            s.right.scan().select("v"),
            WindowJoin.on("t")
                .by("g")
                .preceding(2000L)
                .following(2000L)
                .aggregate("v", Aggregation.MEAN)));
  }
}
