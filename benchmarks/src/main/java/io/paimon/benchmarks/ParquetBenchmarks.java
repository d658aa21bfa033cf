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

import io.paimon.multimodal.parquet.ParquetFormat;
import io.paimon.row.ArrowSchemas;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.row.RowFileWriter;
import io.paimon.row.SeekableInput;
import io.paimon.types.DataField;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
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
 * JMH suite of the parquet data-file hot paths, on bytes in memory (no storage): one file of {@code
 * rows} rows (id BIGINT, score DOUBLE nullable, category STRING of 8 values, so dictionary encoded,
 * label STRING unique, so plain) read into Arrow batches of 4,096 rows, in the file's default codec
 * (zstd) and uncompressed; and the same rows written from one Arrow batch. Time per operation
 * divided by {@code rows} is the cost per row.
 *
 * <p>Run: {@code java --add-opens=java.base/java.nio=ALL-UNNAMED -jar
 * benchmarks/target/benchmarks.jar ParquetBenchmarks}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx2g", "--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class ParquetBenchmarks {

  private static final RowType TYPE =
      new RowType(
          List.of(
              new DataField(0, "id", DataTypes.BIGINT().notNull()),
              new DataField(1, "score", DataTypes.DOUBLE()),
              new DataField(2, "category", DataTypes.STRING()),
              new DataField(3, "label", DataTypes.STRING())));

  /** The rows as one Arrow batch and as a parquet file written from it. */
  @State(Scope.Benchmark)
  public static class FileState {
    @Param({"200000"})
    public int rows;

    @Param({"zstd", "none"})
    public String compression;

    BufferAllocator allocator;
    VectorSchemaRoot batch;
    byte[] file;

    @Setup(Level.Trial)
    public void write() throws IOException {
      allocator = new RootAllocator();
      batch = VectorSchemaRoot.create(ArrowSchemas.toArrowSchema(TYPE), allocator);
      batch.allocateNew();
      SplittableRandom r = new SplittableRandom(3);
      String[] categories = {"lake", "city", "forest", "sea", "desert", "road", "sky", "home"};
      BigIntVector id = (BigIntVector) batch.getVector("id");
      Float8Vector score = (Float8Vector) batch.getVector("score");
      VarCharVector category = (VarCharVector) batch.getVector("category");
      VarCharVector label = (VarCharVector) batch.getVector("label");
      for (int i = 0; i < rows; i++) {
        id.setSafe(i, i);
        if (r.nextInt(10) == 0) {
          score.setNull(i);
        } else {
          score.setSafe(i, r.nextDouble());
        }
        category.setSafe(i, categories[r.nextInt(8)].getBytes(StandardCharsets.UTF_8));
        label.setSafe(
            i, ("label-" + Long.toHexString(r.nextLong())).getBytes(StandardCharsets.UTF_8));
      }
      batch.setRowCount(rows);
      file = ParquetBenchmarks.write(batch, compression);
    }

    @TearDown(Level.Trial)
    public void close() {
      batch.close();
      allocator.close();
    }
  }

  static byte[] write(VectorSchemaRoot batch, String compression) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RowFileWriter w =
        new ParquetFormat()
            .newWriter(
                out,
                "bench.parquet",
                TYPE,
                Map.of("file.compression", compression),
                RowFileOptions.defaults())) {
      w.write(batch);
    }
    return out.toByteArray();
  }

  /** Every row of the file into Arrow batches of 4,096 rows; returns the sum of the ids. */
  @Benchmark
  public long scanToArrow(FileState s) throws IOException {
    long sum = 0;
    try (RowFileReader reader =
            new ParquetFormat().open(input(s.file), TYPE, RowFileOptions.defaults());
        RowArrowReader arrow = reader.arrowReader(s.allocator, 4096)) {
      while (arrow.loadNextBatch()) {
        BigIntVector id = (BigIntVector) arrow.getVectorSchemaRoot().getVector("id");
        for (int i = 0, n = id.getValueCount(); i < n; i++) {
          sum += id.get(i);
        }
      }
    }
    return sum;
  }

  /** The batch written to a new file in memory; returns its size. */
  @Benchmark
  public int writeFromArrow(FileState s) throws IOException {
    return write(s.batch, s.compression).length;
  }

  private static SeekableInput input(byte[] data) {
    return new SeekableInput() {
      @Override
      public String name() {
        return "bench.parquet";
      }

      @Override
      public long length() {
        return data.length;
      }

      @Override
      public void readFully(long position, byte[] buf, int off, int len) throws IOException {
        if (position < 0 || position + len > data.length) {
          throw new EOFException("read past the end");
        }
        System.arraycopy(data, (int) position, buf, off, len);
      }

      @Override
      public void close() {}
    };
  }
}
