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
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.IntStream;
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
 * JMH suite of the training-window hot paths on a frame table of 50 episodes of 400 frames ({@code
 * state} and {@code action} as 8-float VECTORs): a batch of 32 samples (the last three states and
 * the next sixteen actions, as FLOAT32 tensors) requested in order and at random positions, and the
 * transforms alone ({@code toTensor} of one 16-frame window, {@code stack} of 32 windows). {@code
 * WindowComparison} measures whole epochs against DuckDB.
 *
 * <p>Run: {@code java --add-opens=java.base/java.nio=ALL-UNNAMED -jar
 * benchmarks/target/benchmarks.jar WindowBenchmarks}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx2g", "--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class WindowBenchmarks {

  private static final int EPISODES = 50;
  private static final int FRAMES = 400;
  private static final int BATCH = 32;

  /** The frame table and its dataset, built once per fork. */
  @State(Scope.Benchmark)
  public static class Frames {
    Path dir;
    Connection conn;
    ContiguousWindowDataset dataset;
    int[][] sequential;
    int[][] random;
    List<float[]> window;
    List<Tensor> windows;
    Function<List<?>, Tensor> toTensor = WindowTransforms.toTensor(DType.FLOAT32);

    @Setup(Level.Trial)
    public void write() throws IOException {
      dir = Files.createTempDirectory("windows-jmh");
      conn = Multimodal.connect(dir.toString());
      Table frames =
          conn.createTable(
              "frames",
              Schema.builder()
                  .column("ep", DataTypes.INT().notNull())
                  .column("frame", DataTypes.BIGINT().notNull())
                  .column("state", DataTypes.VECTOR(DataTypes.FLOAT(), 8))
                  .column("action", DataTypes.VECTOR(DataTypes.FLOAT(), 8))
                  .build(),
              false);
      List<Map<String, Object>> rows = new ArrayList<>();
      for (int e = 0; e < EPISODES; e++) {
        for (int i = 0; i < FRAMES; i++) {
          Map<String, Object> row = new LinkedHashMap<>();
          row.put("ep", e);
          row.put("frame", (long) i);
          row.put("state", vector(e, i));
          row.put("action", vector(i, e));
          rows.add(row);
        }
      }
      frames.add(rows);
      dataset =
          ContiguousWindows.builder(frames.scan())
              .columns("state", "action")
              .groupKey("ep")
              .orderKey("frame")
              .frameOffsets("state", -2, -1, 0)
              .frameOffsets("action", IntStream.range(0, 16).toArray())
              .transform("state", toTensor)
              .transform("action", toTensor)
              .build();
      SplittableRandom r = new SplittableRandom(1);
      sequential = new int[64][];
      random = new int[64][];
      for (int k = 0; k < 64; k++) {
        int start = r.nextInt(dataset.size() - BATCH);
        sequential[k] = IntStream.range(start, start + BATCH).toArray();
        random[k] = IntStream.range(0, BATCH).map(i -> r.nextInt(dataset.size())).toArray();
      }
      window = new ArrayList<>();
      for (int i = 0; i < 16; i++) {
        window.add(vector(1, i));
      }
      windows = new ArrayList<>();
      for (int i = 0; i < BATCH; i++) {
        windows.add(toTensor.apply(window));
      }
    }

    private static float[] vector(int a, int b) {
      float[] v = new float[8];
      for (int j = 0; j < 8; j++) {
        v[j] = a * 0.5f + b * 0.25f + j;
      }
      return v;
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
      conn.close();
      BenchmarkFiles.deleteRecursively(dir);
    }
  }

  /** Which prepared request comes next, per benchmark thread. */
  @State(Scope.Thread)
  public static class Cursor {
    int next;
  }

  @Benchmark
  public List<Map<String, Object>> getItemsSequential32(Frames f, Cursor c) {
    return f.dataset.getItems(f.sequential[c.next++ & 63]);
  }

  @Benchmark
  public List<Map<String, Object>> getItemsRandom32(Frames f, Cursor c) {
    return f.dataset.getItems(f.random[c.next++ & 63]);
  }

  @Benchmark
  public Tensor toTensorWindow16x8(Frames f) {
    return f.toTensor.apply(f.window);
  }

  @Benchmark
  public Tensor stack32(Frames f) {
    return Tensor.stack(f.windows);
  }
}
