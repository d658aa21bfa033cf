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
package io.paimon.row.internal;

import com.github.luben.zstd.ZstdDecompressCtx;
import io.paimon.row.ArrowSchemas;
import io.paimon.row.BenchmarkDataset;
import io.paimon.row.Row;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileLayout;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * JMH suite of the {@code .row} codec's hot paths, on the spec's benchmark dataset ({@link
 * BenchmarkDataset}, written once per fork with default options):
 *
 * <ul>
 *   <li>{@code encodeRow}: one row encoded into a block buffer (no compression);
 *   <li>{@code decompressBlock}: one block decompressed and its trailer validated, against {@code
 *       rawZstdDecompressBlock}, zstd-jni alone on the same blocks;
 *   <li>{@code decodeBlockToRows} / {@code decodeBlockToArrow}: every row of one decompressed block
 *       into generic rows / Arrow vectors (as the Arrow reader does: staged per column, copied in
 *       bulk); {@code decodeBlockToArrowPerValue}: the same through Arrow's per-value setters;
 *   <li>{@code pointLookupCachedBlock} / {@code pointLookupUncachedBlock}: {@link
 *       RowFileReader#read(long)} of a row in the block read last / in another block;
 *   <li>{@code decodeIndex} and {@code readVarints}: the block index of the whole file, 1024
 *       row-encoding varints of mixed lengths.
 * </ul>
 *
 * <p>Lives in the codec's test sources, beside the internals it measures; the unit tests never run
 * it. How to run it (the test class path, then {@code org.openjdk.jmh.Main RowFormatBenchmarks}) is
 * in {@code docs/benchmarks.md}, "JMH: RowFormatBenchmarks".
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx3g", "--add-opens=java.base/java.nio=ALL-UNNAMED"})
public class RowFormatBenchmarks {

  /** The dataset file, its blocks in memory, and an open reader; one per fork. */
  @State(Scope.Benchmark)
  public static class FileState {
    @Param({"1000000"})
    public int rows;

    Path dir;
    Path file;
    RowFileLayout layout;
    byte[] bytes;
    byte[] index;

    @Setup(Level.Trial)
    public void writeFile() throws IOException {
      dir = Files.createTempDirectory("rowformat-jmh");
      file = dir.resolve("bench.row");
      BenchmarkDataset.writeFile(file, rows, RowFileOptions.defaults());
      bytes = Files.readAllBytes(file);
      try (RowFileReader reader = RowFile.open(file, BenchmarkDataset.TYPE);
          CodecProbe.Blocks blocks =
              CodecProbe.Blocks.load(RowFile.localInput(file), BenchmarkDataset.TYPE)) {
        layout = reader.layout();
        index = blocks.indexBytes();
      }
    }

    @TearDown(Level.Trial)
    public void deleteFile() throws IOException {
      Files.deleteIfExists(file);
      Files.deleteIfExists(dir);
    }
  }

  /** Per-thread decoding state: the blocks in memory, an Arrow root, a reader, row numbers. */
  @State(Scope.Thread)
  public static class ReadState {
    CodecProbe.Blocks blocks;
    ZstdDecompressCtx zstd;
    byte[] out;
    BufferAllocator allocator;
    VectorSchemaRoot root;
    FieldVector[] vectors;
    RowFileReader reader;
    long[] cachedRows;
    long[] uncachedRows;
    int next;
    int block;
    byte[] varints;

    @Setup(Level.Trial)
    public void open(FileState state) throws IOException {
      blocks = CodecProbe.Blocks.load(RowFile.localInput(state.file), BenchmarkDataset.TYPE);
      zstd = new ZstdDecompressCtx();
      int max = 0;
      for (int u : state.layout.uncompressedSizes()) {
        max = Math.max(max, u);
      }
      out = new byte[max];
      allocator = new RootAllocator();
      root = VectorSchemaRoot.create(ArrowSchemas.toArrowSchema(BenchmarkDataset.TYPE), allocator);
      vectors = root.getFieldVectors().toArray(new FieldVector[0]);
      for (FieldVector v : vectors) {
        v.setInitialCapacity(1024);
        v.allocateNew();
      }
      reader = RowFile.open(state.file, BenchmarkDataset.TYPE);
      // A middle block stays decompressed for the decode benchmarks.
      block = blocks.blockCount() / 2;
      blocks.decompress(block);
      long[] starts = state.layout.rowStarts();
      long first = starts[block];
      cachedRows = new long[blocks.rowCount()];
      for (int i = 0; i < cachedRows.length; i++) {
        cachedRows[i] = first + (i * 7L) % cachedRows.length;
      }
      SplittableRandom random = new SplittableRandom(11);
      uncachedRows = new long[4096];
      for (int i = 0; i < uncachedRows.length; i++) {
        uncachedRows[i] = random.nextLong(state.layout.totalRowCount());
      }
      int[] values = new int[1024];
      for (int i = 0; i < values.length; i++) {
        values[i] = random.nextInt(1 << (1 + random.nextInt(28)));
      }
      varints = CodecProbe.writeVarints(values);
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
      reader.close();
      root.close();
      allocator.close();
      zstd.close();
      blocks.close();
    }

    int nextBlock() {
      int b = next++;
      if (next >= blocks.blockCount()) {
        next = 0;
      }
      return b;
    }
  }

  /** Rows to encode, generated once per fork. */
  @State(Scope.Thread)
  public static class EncodeState {
    Row[] rows;
    CodecProbe.Encoder encoder;
    int next;

    @Setup(Level.Trial)
    public void generate() {
      rows = BenchmarkDataset.generate(4096);
      encoder = new CodecProbe.Encoder(BenchmarkDataset.TYPE, RowFileOptions.DEFAULT_BLOCK_SIZE);
    }
  }

  @Benchmark
  public int encodeRow(EncodeState s) throws IOException {
    Row row = s.rows[s.next];
    s.next = (s.next + 1) & (s.rows.length - 1);
    return s.encoder.encode(row);
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public int decompressBlock(ReadState s) throws IOException {
    return s.blocks.decompress(s.nextBlock());
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public int rawZstdDecompressBlock(ReadState s, FileState f) {
    int b = s.nextBlock();
    int size = f.layout.uncompressedSizes()[b];
    return s.zstd.decompressByteArray(
        s.out, 0, size, f.bytes, (int) f.layout.blockOffsets()[b], f.layout.compressedSizes()[b]);
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public void decodeBlockToRows(ReadState s, Blackhole sink) throws IOException {
    s.blocks.readRows(sink);
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public int decodeBlockToArrow(ReadState s) throws IOException {
    int n = s.blocks.readArrow(s.vectors);
    s.root.setRowCount(n);
    return n;
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public int decodeBlockToArrowPerValue(ReadState s) throws IOException {
    for (FieldVector v : s.vectors) {
      v.reset();
    }
    int n = s.blocks.readArrowPerValue(s.vectors);
    s.root.setRowCount(n);
    return n;
  }

  @Benchmark
  public Row pointLookupCachedBlock(ReadState s) throws IOException {
    long row = s.cachedRows[s.next];
    s.next = s.next + 1 < s.cachedRows.length ? s.next + 1 : 0;
    return s.reader.read(row);
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public Row pointLookupUncachedBlock(ReadState s) throws IOException {
    long row = s.uncachedRows[s.next];
    s.next = (s.next + 1) & (s.uncachedRows.length - 1);
    return s.reader.read(row);
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public int decodeIndex(FileState f) throws IOException {
    return CodecProbe.decodeIndex(f.index);
  }

  @Benchmark
  public long readVarints(ReadState s) throws IOException {
    return CodecProbe.readVarints(s.varints, 1024);
  }
}
