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

import com.github.luben.zstd.ZstdDecompressCtx;
import io.paimon.row.BenchmarkDataset;
import io.paimon.row.CloseableIterator;
import io.paimon.row.Row;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileLayout;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.row.RowFileWriter;
import io.paimon.row.SeekableInput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Side-by-side comparison of the {@code .row} codec with its baselines, on the spec's benchmark
 * dataset ({@link BenchmarkDataset}) and in one JVM run:
 *
 * <ul>
 *   <li>{@code rowformat.write}: rows/s of our writer (default options) vs an Arrow IPC file writer
 *       with ZSTD, both starting from the same generated {@link Row} objects;
 *   <li>{@code rowformat.scan_rows}: rows/s of a full scan into generic rows ({@link
 *       RowFileReader#iterator()}) vs reading the Arrow IPC file;
 *   <li>{@code rowformat.scan_arrow_rows}: rows/s of a full scan into Arrow vectors ({@link
 *       RowFileReader#arrowReader}, batches of 4096) vs reading the Arrow IPC file;
 *   <li>{@code rowformat.scan_arrow}: the same scan in uncompressed block bytes/s vs raw zstd-jni
 *       decompression of our own blocks from memory (target: ratio at least 0.75);
 *   <li>{@code rowformat.scan_arrow_coalesce_1m}: as above with coalesced reads of at most 1 MiB
 *       instead of the default 8 MiB;
 *   <li>{@code rowformat.scan_arrow_sync}: as above without read-ahead (one thread, like the
 *       baseline);
 *   <li>{@code rowformat.point_lookup}: lookups/s of {@link RowFileReader#read(long)} for seeded
 *       random rows vs a positional read plus zstd decompression of the same rows' blocks (target:
 *       ratio at least 0.9);
 *   <li>{@code rowformat.file_size}: bytes of our file vs the Arrow IPC file.
 * </ul>
 *
 * <p>Each figure is the best of several timed runs after warm-up runs; the best and median of every
 * measurement, and the ratio of the medians, are printed as {@code #} lines. The pieces of work of
 * one comparison run interleaved, round by round, so that drift in the machine's speed affects ours
 * and the baseline alike. Usage: {@code RowFormatComparison [--rows N] [--dir PATH] [--quick]
 * [--runs N] [--warmups N] [--lookups N] [--keep]}. Needs {@code
 * --add-opens=java.base/java.nio=ALL-UNNAMED} (Arrow) and a heap of a few GiB for a million rows.
 */
public final class RowFormatComparison {

  static final int ARROW_WRITE_BATCH = 64 * 1024;
  static final int ARROW_READ_BATCH = 4096;
  static final long LOOKUP_SEED = 7;
  static final double SCAN_TARGET = 0.75;
  static final double LOOKUP_TARGET = 0.9;

  /**
   * Where the codec's background work runs (read-ahead, parallel decoding, block compression), as a
   * connection's decode pool would run it: one daemon thread per processor. The format starts no
   * thread of its own; without an executor everything would run in the calling thread.
   */
  static final java.util.concurrent.ExecutorService POOL =
      java.util.concurrent.Executors.newFixedThreadPool(
          Runtime.getRuntime().availableProcessors(),
          r -> {
            Thread t = new Thread(r, "rowformat-bench");
            t.setDaemon(true);
            return t;
          });

  /** The default options on {@link #POOL}. */
  static final RowFileOptions OPTIONS = RowFileOptions.defaults().executor(POOL);

  private final Config config;

  private RowFormatComparison(Config config) {
    this.config = config;
  }

  /** Runs the comparison; see the class javadoc for the arguments. */
  public static void main(String[] args) throws Exception {
    Config config;
    try {
      config = Config.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(
          "usage: RowFormatComparison [--rows N] [--dir PATH] [--quick] [--runs N] [--warmups N]"
              + " [--lookups N] [--keep]");
      System.exit(2);
      return;
    }
    new RowFormatComparison(config).run();
  }

  private void run() throws Exception {
    System.out.println(MachineInfo.describe());
    Path dir = config.dir != null ? config.dir : Files.createTempDirectory("rowformat-bench");
    Files.createDirectories(dir);
    Path ours = dir.resolve("bench-" + config.rows + ".row");
    Path arrow = dir.resolve("bench-" + config.rows + ".arrow");
    long start = System.nanoTime();
    Row[] rows = BenchmarkDataset.generate(config.rows);
    System.out.printf(
        Locale.ROOT,
        "# generated %d rows in %.2f s (not timed); warm-up runs %d, timed runs %d%n",
        rows.length,
        (System.nanoTime() - start) / 1e9,
        config.warmups,
        config.runs);
    try (BufferAllocator allocator = new RootAllocator()) {
      compareWrites(rows, ours, arrow, allocator);
      rows = null; // Free the generated rows before the reads.
      RowFileLayout layout;
      try (RowFileReader reader = RowFile.open(ours, BenchmarkDataset.TYPE)) {
        layout = reader.layout();
      }
      long uncompressed = layout.uncompressedBytes();
      System.out.printf(
          Locale.ROOT,
          "DATASET rows=%d blocks=%d uncompressed_block_bytes=%d file_bytes=%d"
              + " arrow_ipc_bytes=%d%n",
          layout.totalRowCount(),
          layout.blockCount(),
          uncompressed,
          layout.fileSize(),
          Files.size(arrow));
      compareScans(ours, arrow, layout, allocator);
      compareLookups(ours, layout);
      bench("rowformat.file_size", "bytes", layout.fileSize(), "B", Files.size(arrow), "%.0f");
    } finally {
      if (!config.keep) {
        Files.deleteIfExists(ours);
        Files.deleteIfExists(arrow);
        if (config.dir == null) {
          Files.deleteIfExists(dir);
        }
      }
    }
    System.out.println("# checksum " + Measurement.sink());
  }

  private void compareWrites(Row[] rows, Path ours, Path arrow, BufferAllocator allocator)
      throws Exception {
    Measurement[] writes =
        new Measurement.Rounds()
            .add(
                "ours write (RowFile writer, default options)",
                () -> {
                  Files.deleteIfExists(ours);
                  try (RowFileWriter writer =
                      RowFile.newWriter(ours, BenchmarkDataset.TYPE, OPTIONS)) {
                    for (Row row : rows) {
                      writer.write(row);
                    }
                    writer.close();
                    return writer.bytesWritten();
                  }
                })
            .add(
                "arrow write (IPC file, ZSTD level "
                    + ArrowIpcBaseline.ZSTD_LEVEL
                    + ", batches of "
                    + ARROW_WRITE_BATCH
                    + ")",
                () -> {
                  Files.deleteIfExists(arrow);
                  return ArrowIpcBaseline.write(rows, arrow, allocator, ARROW_WRITE_BATCH);
                })
            .run(config.warmups, config.runs);
    Measurement oursWrite = writes[0];
    Measurement arrowWrite = writes[1];
    print(oursWrite, arrowWrite);
    benchRate("rowformat.write", "rows_per_s", rows.length, "rows/s", oursWrite, arrowWrite);
  }

  private void compareScans(Path ours, Path arrow, RowFileLayout layout, BufferAllocator allocator)
      throws Exception {
    long rowCount = layout.totalRowCount();
    long uncompressed = layout.uncompressedBytes();
    byte[] file = Files.readAllBytes(ours);
    int maxBlock = Arrays.stream(layout.uncompressedSizes()).max().orElse(0);
    Measurement[] scans =
        new Measurement.Rounds()
            .add(
                "arrow read (IPC file, ZSTD)",
                () -> {
                  long[] result = ArrowIpcBaseline.read(arrow, allocator);
                  check(result[0] == rowCount, "Arrow read " + result[0] + " rows");
                  return result[1];
                })
            .add(
                "ours scan into generic rows (iterator)",
                () -> {
                  long n = 0;
                  long sum = 0;
                  try (RowFileReader reader = RowFile.open(ours, BenchmarkDataset.TYPE, OPTIONS);
                      CloseableIterator<Row> it = reader.iterator()) {
                    while (it.hasNext()) {
                      sum += (Long) it.next().get(0);
                      n++;
                    }
                  }
                  check(n == rowCount, "iterator returned " + n + " rows");
                  return sum;
                })
            .add(
                "ours scan into Arrow (arrowReader, batch " + ARROW_READ_BATCH + ")",
                () -> scanArrow(ours, OPTIONS, allocator, rowCount))
            .add(
                "ours scan into Arrow with maxCoalescedRead 1 MiB (default 8 MiB)",
                () -> scanArrow(ours, OPTIONS.maxCoalescedRead(1 << 20), allocator, rowCount))
            .add(
                "ours scan into Arrow without read-ahead (readAheadBlocks 0)",
                () -> scanArrow(ours, OPTIONS.readAheadBlocks(0), allocator, rowCount))
            .add(
                "raw zstd-jni decompression of our blocks (file bytes in memory)",
                () -> decompressAll(file, layout, new byte[maxBlock]))
            .run(config.warmups, config.runs);
    Measurement arrowRead = scans[0];
    Measurement scanRows = scans[1];
    Measurement scanArrow = scans[2];
    Measurement scanArrowSmallRanges = scans[3];
    Measurement scanArrowSync = scans[4];
    Measurement rawZstd = scans[5];
    print(arrowRead, scanRows, scanArrow, scanArrowSmallRanges, scanArrowSync, rawZstd);
    benchRate("rowformat.scan_rows", "rows_per_s", rowCount, "rows/s", scanRows, arrowRead);
    benchRate("rowformat.scan_arrow_rows", "rows_per_s", rowCount, "rows/s", scanArrow, arrowRead);
    double ratio =
        benchRate(
            "rowformat.scan_arrow",
            "uncompressed_bytes_per_s",
            uncompressed,
            "B/s",
            scanArrow,
            rawZstd);
    benchRate(
        "rowformat.scan_arrow_coalesce_1m",
        "uncompressed_bytes_per_s",
        uncompressed,
        "B/s",
        scanArrowSmallRanges,
        rawZstd);
    benchRate(
        "rowformat.scan_arrow_sync",
        "uncompressed_bytes_per_s",
        uncompressed,
        "B/s",
        scanArrowSync,
        rawZstd);
    target("rowformat.scan_arrow", ratio, SCAN_TARGET);
  }

  private static long scanArrow(
      Path file, RowFileOptions options, BufferAllocator allocator, long rowCount)
      throws IOException {
    long n = 0;
    long sum = 0;
    try (RowFileReader reader = RowFile.open(file, BenchmarkDataset.TYPE, options);
        RowArrowReader arrow = reader.arrowReader(allocator, ARROW_READ_BATCH)) {
      VectorSchemaRoot root = arrow.getVectorSchemaRoot();
      while (arrow.loadNextBatch()) {
        int batch = root.getRowCount();
        BigIntVector id = (BigIntVector) root.getVector(0);
        sum += id.get(0) + id.get(batch - 1);
        n += batch;
      }
    }
    check(n == rowCount, "Arrow reader returned " + n + " rows");
    return sum;
  }

  private static long decompressAll(byte[] file, RowFileLayout layout, byte[] out) {
    long[] offsets = layout.blockOffsets();
    int[] compressed = layout.compressedSizes();
    int[] uncompressed = layout.uncompressedSizes();
    long total = 0;
    try (ZstdDecompressCtx ctx = new ZstdDecompressCtx()) {
      for (int b = 0; b < offsets.length; b++) {
        int n =
            ctx.decompressByteArray(out, 0, uncompressed[b], file, (int) offsets[b], compressed[b]);
        check(n == uncompressed[b], "block " + b + " decompressed to " + n + " bytes");
        total += n + out[n - 1];
      }
    }
    return total;
  }

  private void compareLookups(Path ours, RowFileLayout layout) throws Exception {
    long rowCount = layout.totalRowCount();
    long[] rowNumbers = new long[config.lookups];
    SplittableRandom random = new SplittableRandom(LOOKUP_SEED);
    for (int i = 0; i < rowNumbers.length; i++) {
      rowNumbers[i] = random.nextLong(rowCount);
    }
    // The baseline reads and decompresses the blocks holding the same rows.
    long[] rowStarts = layout.rowStarts();
    int[] blocks = new int[rowNumbers.length];
    for (int i = 0; i < rowNumbers.length; i++) {
      int b = Arrays.binarySearch(rowStarts, rowNumbers[i]);
      blocks[i] = b >= 0 ? b : -b - 2;
    }
    long[] offsets = layout.blockOffsets();
    int[] compressed = layout.compressedSizes();
    int[] uncompressed = layout.uncompressedSizes();
    Measurement oursLookup;
    Measurement baseline;
    try (RowFileReader reader = RowFile.open(ours, BenchmarkDataset.TYPE);
        SeekableInput input = RowFile.localInput(ours);
        ZstdDecompressCtx ctx = new ZstdDecompressCtx()) {
      int maxCompressed = Arrays.stream(compressed).max().orElse(0);
      int maxUncompressed = Arrays.stream(uncompressed).max().orElse(0);
      byte[] src = new byte[maxCompressed];
      byte[] dst = new byte[maxUncompressed];
      Measurement[] lookups =
          new Measurement.Rounds()
              .add(
                  "ours point lookups (read(row), reader opened once, "
                      + rowNumbers.length
                      + " rows)",
                  () -> {
                    long sum = 0;
                    for (long r : rowNumbers) {
                      sum += (Long) reader.read(r).get(0);
                    }
                    return sum;
                  })
              .add(
                  "baseline: positional read + zstd decompression of the same rows' blocks",
                  () -> {
                    long sum = 0;
                    for (int b : blocks) {
                      input.readFully(offsets[b], src, 0, compressed[b]);
                      int n =
                          ctx.decompressByteArray(dst, 0, uncompressed[b], src, 0, compressed[b]);
                      sum += n + dst[n - 1];
                    }
                    return sum;
                  })
              .run(config.warmups, config.runs);
      oursLookup = lookups[0];
      baseline = lookups[1];
    }
    print(oursLookup, baseline);
    double ratio =
        benchRate(
            "rowformat.point_lookup",
            "lookups_per_s",
            rowNumbers.length,
            "lookups/s",
            oursLookup,
            baseline);
    target("rowformat.point_lookup", ratio, LOOKUP_TARGET);
  }

  private static void print(Measurement... measurements) {
    for (Measurement m : measurements) {
      System.out.println("# " + m.summary());
    }
  }

  /** Prints a BENCH line of {@code amount} per best second, ours against the baseline. */
  private static double benchRate(
      String name, String metric, double amount, String unit, Measurement ours, Measurement base) {
    double oursRate = amount / ours.best();
    double baseRate = amount / base.best();
    System.out.printf(
        Locale.ROOT, "# %s ratio of the medians=%.3f%n", name, base.median() / ours.median());
    return bench(name, metric, oursRate, unit, baseRate, "%.0f");
  }

  private static double bench(
      String name, String metric, double ours, String unit, double baseline, String format) {
    double ratio = ours / baseline;
    System.out.printf(
        Locale.ROOT,
        "BENCH %s %s=" + format + " %s baseline=" + format + " ratio=%.3f%n",
        name,
        metric,
        ours,
        unit,
        baseline,
        ratio);
    return ratio;
  }

  private static void target(String name, double ratio, double target) {
    System.out.printf(
        Locale.ROOT,
        "TARGET %s ratio=%.3f target>=%.2f %s%n",
        name,
        ratio,
        target,
        ratio >= target ? "MET" : "NOT MET");
  }

  private static void check(boolean condition, String message) {
    if (!condition) {
      throw new IllegalStateException(message);
    }
  }

  /** Command-line settings. */
  static final class Config {
    int rows = BenchmarkDataset.DEFAULT_ROWS;
    Path dir;
    int warmups = 2;
    int runs = 5;
    int lookups = 10_000;
    boolean keep;

    static Config parse(String[] args) {
      Config c = new Config();
      boolean rowsGiven = false;
      boolean quick = false;
      Integer runs = null;
      Integer warmups = null;
      for (int i = 0; i < args.length; i++) {
        String arg = args[i];
        switch (arg) {
          case "--rows":
            c.rows = positive(arg, value(args, ++i, arg));
            rowsGiven = true;
            break;
          case "--dir":
            c.dir = Path.of(value(args, ++i, arg));
            break;
          case "--runs":
            runs = positive(arg, value(args, ++i, arg));
            break;
          case "--warmups":
            warmups = Integer.parseInt(value(args, ++i, arg));
            break;
          case "--lookups":
            c.lookups = positive(arg, value(args, ++i, arg));
            break;
          case "--quick":
            quick = true;
            break;
          case "--keep":
            c.keep = true;
            break;
          default:
            throw new IllegalArgumentException("unknown argument " + arg);
        }
      }
      if (quick) {
        if (!rowsGiven) {
          c.rows = 20_000;
        }
        c.warmups = 1;
        c.runs = 2;
        c.lookups = Math.min(c.lookups, 2_000);
      }
      if (runs != null) {
        c.runs = runs;
      }
      if (warmups != null) {
        c.warmups = warmups;
      }
      return c;
    }

    private static String value(String[] args, int i, String option) {
      if (i >= args.length) {
        throw new IllegalArgumentException(option + " needs a value");
      }
      return args[i];
    }

    private static int positive(String option, String value) {
      int v;
      try {
        v = Integer.parseInt(value.replace("_", "").replace(",", ""));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(option + " needs a positive integer, got " + value);
      }
      if (v <= 0) {
        throw new IllegalArgumentException(option + " needs a positive integer, got " + value);
      }
      return v;
    }
  }
}
