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
package io.paimon.multimodal.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.row.SeekableInput;
import io.paimon.types.DataField;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roaringbitmap.RoaringBitmap;

/**
 * Mutated parquet files (bytes flipped, ints overwritten with extreme values, truncated, junk
 * appended) written by Paimon 1.4.2 and pypaimon: reading each either returns rows or throws an
 * {@link IOException} naming the file, never another exception, a hang, or an allocation beyond
 * what the file justifies (the test's heap is the bound: an OutOfMemoryError fails it).
 */
class ParquetFuzzTest {

  private static final int CASES = 1500;

  @TempDir Path tmp;

  static Path shared() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path golden = p.resolveSibling("shared").resolve("golden").resolve("paimon-tables");
      if (Files.isDirectory(golden)) {
        return golden;
      }
    }
    throw new IllegalStateException("no ../shared/golden/paimon-tables beside the repository");
  }

  /** The golden parquet data files with the file type of their table. */
  private static List<Object[]> seeds() throws IOException {
    RowType docs =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().copy(false)),
                new DataField(1, "content", DataTypes.STRING()),
                new DataField(3, "category", DataTypes.STRING())));
    RowType events =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT()),
                new DataField(1, "v", DataTypes.STRING()),
                new DataField(2, "category", DataTypes.STRING())));
    List<Object[]> seeds = new ArrayList<>();
    try (Stream<Path> files = Files.walk(shared())) {
      for (Path f : (Iterable<Path>) files::iterator) {
        if (f.toString().endsWith(".parquet")) {
          seeds.add(
              new Object[] {
                Files.readAllBytes(f), f.toString().contains("events") ? events : docs
              });
        }
      }
    }
    seeds.addAll(writtenSeeds());
    return seeds;
  }

  /**
   * Files of our own writer in the encodings the page decoder reads: V1 and V2 pages, dictionary
   * and plain values, nulls, RLE booleans, several pages per chunk.
   */
  private static List<Object[]> writtenSeeds() throws IOException {
    RowType type =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().copy(false)),
                new DataField(1, "s", DataTypes.STRING()),
                new DataField(2, "d", DataTypes.DOUBLE()),
                new DataField(3, "b", DataTypes.BOOLEAN()),
                new DataField(4, "i", DataTypes.INT()),
                new DataField(5, "ts", DataTypes.TIMESTAMP(6))));
    List<Object[]> out = new ArrayList<>();
    String[][] variants = {
      {"parquet.writer.version", "v1", "parquet.enable.dictionary", "true"},
      {"parquet.writer.version", "v2", "parquet.enable.dictionary", "true"},
      {"parquet.writer.version", "v1", "parquet.enable.dictionary", "false"},
      {"parquet.writer.version", "v2", "parquet.enable.dictionary", "false"}
    };
    SplittableRandom r = new SplittableRandom(7);
    for (String[] v : variants) {
      java.util.Map<String, String> options = new java.util.HashMap<>();
      options.put(v[0], v[1]);
      options.put(v[2], v[3]);
      options.put("file.compression", "none");
      options.put("parquet.page.row.count.limit", "40");
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      try (io.paimon.row.RowFileWriter w =
          new ParquetFormat()
              .newWriter(bytes, "written.parquet", type, options, RowFileOptions.defaults())) {
        for (long i = 0; i < 300; i++) {
          w.write(
              io.paimon.row.Row.of(
                  i,
                  r.nextInt(4) == 0 ? null : "s" + r.nextInt(r.nextBoolean() ? 5 : 1000),
                  r.nextInt(5) == 0 ? null : r.nextDouble(),
                  r.nextInt(5) == 0 ? null : r.nextBoolean(),
                  r.nextInt(5) == 0 ? null : r.nextInt(50),
                  r.nextInt(5) == 0
                      ? null
                      : java.time.LocalDateTime.of(2026, 1, 1, 0, 0).plusNanos(i * 1000)));
        }
      }
      out.add(new Object[] {bytes.toByteArray(), type});
    }
    out.add(nestedSeed(r));
    return out;
  }

  /** A file of our writer with nested columns: lists, maps and rows with nulls and empties. */
  private static Object[] nestedSeed(SplittableRandom r) throws IOException {
    RowType type =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().copy(false)),
                new DataField(1, "l", DataTypes.ARRAY(DataTypes.INT())),
                new DataField(2, "m", DataTypes.MAP(DataTypes.STRING(), DataTypes.DOUBLE())),
                new DataField(
                    3,
                    "row",
                    DataTypes.ROW(
                        DataTypes.FIELD("a", DataTypes.INT()),
                        DataTypes.FIELD("s", DataTypes.ARRAY(DataTypes.STRING()))))));
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (io.paimon.row.RowFileWriter w =
        new ParquetFormat()
            .newWriter(
                bytes,
                "nested.parquet",
                type,
                java.util.Map.of("file.compression", "none", "parquet.page.row.count.limit", "30"),
                RowFileOptions.defaults())) {
      for (long i = 0; i < 200; i++) {
        List<Object> l = new ArrayList<>();
        for (int k = 0; k < r.nextInt(4); k++) {
          l.add(r.nextInt(4) == 0 ? null : r.nextInt(100));
        }
        java.util.Map<Object, Object> m = new java.util.LinkedHashMap<>();
        for (int k = 0; k < r.nextInt(3); k++) {
          m.put("k" + k, r.nextBoolean() ? null : r.nextDouble());
        }
        List<Object> s = r.nextInt(3) == 0 ? null : new ArrayList<>(List.of("x" + i, "y"));
        w.write(
            io.paimon.row.Row.of(
                i,
                r.nextInt(5) == 0 ? null : l,
                r.nextInt(5) == 0 ? null : m,
                r.nextInt(5) == 0 ? null : io.paimon.row.Row.of(r.nextInt(9), s)));
      }
    }
    return new Object[] {bytes.toByteArray(), type};
  }

  @Test
  void mutatedFilesReadOrFailWithAnIoExceptionNamingTheFile() throws Exception {
    List<Object[]> seeds = seeds();
    assertThat(seeds).hasSizeGreaterThanOrEqualTo(6);
    for (Object[] s : seeds) {
      byte[] data = (byte[]) s[0];
      assertThat(read(data, (RowType) s[1], "seed")).isPositive();
      // An Arrow reader reports the column-chunk bytes it read, at most the file.
      try (RootAllocator allocator = new RootAllocator();
          RowFileReader reader =
              new ParquetFormat()
                  .open(input(data, "seed"), (RowType) s[1], RowFileOptions.defaults());
          RowArrowReader arrow = reader.arrowReader(allocator, 1024)) {
        while (arrow.loadNextBatch()) {
          // drain
        }
        assertThat(arrow.bytesRead()).isPositive().isLessThanOrEqualTo(data.length);
      }
    }
    ExecutorService pool = Executors.newSingleThreadExecutor();
    int rejected = 0;
    try {
      SplittableRandom r = new SplittableRandom(20261203L);
      for (int i = 0; i < CASES; i++) {
        Object[] s = seeds.get(r.nextInt(seeds.size()));
        byte[] data = mutate(((byte[]) s[0]).clone(), r);
        String name = "case-" + i + ".parquet";
        Future<Long> f = pool.submit(() -> read(data, (RowType) s[1], name));
        try {
          f.get(20, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
          Throwable cause = e.getCause();
          assertThat(cause).as("case %d", i).isInstanceOf(IOException.class);
          assertThat(cause.getMessage()).as("case %d", i).contains(name);
          rejected++;
        }
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(rejected).as("some mutations are rejected").isPositive();
  }

  private static byte[] mutate(byte[] data, SplittableRandom r) {
    switch (r.nextInt(4)) {
      case 0:
        for (int k = 1 + r.nextInt(8); k > 0; k--) {
          data[r.nextInt(data.length)] ^= (byte) (1 + r.nextInt(255));
        }
        return data;
      case 1:
        {
          int at = r.nextInt(data.length - 4);
          int v = r.nextBoolean() ? Integer.MAX_VALUE : r.nextInt();
          data[at] = (byte) v;
          data[at + 1] = (byte) (v >>> 8);
          data[at + 2] = (byte) (v >>> 16);
          data[at + 3] = (byte) (v >>> 24);
          return data;
        }
      case 2:
        return java.util.Arrays.copyOf(data, r.nextInt(data.length));
      default:
        {
          byte[] longer = java.util.Arrays.copyOf(data, data.length + 1 + r.nextInt(64));
          int at = r.nextInt(data.length);
          System.arraycopy(data, at, longer, longer.length - (data.length - at), data.length - at);
          for (int k = at; k < longer.length - (data.length - at); k++) {
            longer[k] = (byte) r.nextInt(256);
          }
          return longer;
        }
    }
  }

  /** Reads every row through the Arrow and row paths, with and without a selection. */
  private static long read(byte[] data, RowType type, String name) throws IOException {
    SeekableInput in = input(data, name);
    long rows = 0;
    try (RootAllocator allocator = new RootAllocator();
        RowFileReader reader = new ParquetFormat().open(in, type, RowFileOptions.defaults())) {
      try (RowArrowReader arrow = reader.arrowReader(allocator, 3)) {
        while (arrow.loadNextBatch()) {
          rows += arrow.getVectorSchemaRoot().getRowCount();
        }
      }
      if (reader.rowCount() > 1) {
        RoaringBitmap some = RoaringBitmap.bitmapOf(0, (int) reader.rowCount() - 1);
        try (io.paimon.row.CloseableIterator<io.paimon.row.Row> it =
            reader.project(1, 0).select(some).iterator()) {
          while (it.hasNext()) {
            it.next();
          }
        } catch (java.io.UncheckedIOException e) {
          throw e.getCause();
        }
      }
    }
    return rows;
  }

  /** An input over {@code data}, refusing reads past its end. */
  static SeekableInput input(byte[] data, String name) {
    return new SeekableInput() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public long length() {
        return data.length;
      }

      @Override
      public void readFully(long position, byte[] buf, int off, int len) throws IOException {
        if (position < 0 || position + len > data.length) {
          throw new java.io.EOFException(name + ": read past the end");
        }
        System.arraycopy(data, (int) position, buf, off, len);
      }

      @Override
      public void close() {}
    };
  }
}
