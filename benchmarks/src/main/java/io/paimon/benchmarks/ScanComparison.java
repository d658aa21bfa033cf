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

import static io.paimon.benchmarks.ScanTimings.bench;
import static io.paimon.benchmarks.ScanTimings.check;
import static io.paimon.benchmarks.ScanTimings.info;
import static io.paimon.benchmarks.ScanTimings.loadAverage;
import static io.paimon.benchmarks.ScanTimings.mean;
import static io.paimon.benchmarks.ScanTimings.measure;
import static io.paimon.benchmarks.ScanTimings.median;
import static io.paimon.benchmarks.ScanTimings.pct;

import com.github.luben.zstd.ZstdDecompressCtx;
import io.paimon.benchmarks.ScanTimings.Timings;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.SplitFile;
import io.paimon.multimodal.Table;
import io.paimon.row.ArrowSchemas;
import io.paimon.row.BenchmarkDataset;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileLayout;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.row.RowFileWriter;
import io.paimon.row.SeekableInput;
import io.paimon.types.RowType;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBResultSet;

/**
 * Table scans, side by side with DuckDB. Writes the benchmark dataset ({@link ScanDataset}) to a
 * fresh local table in 10 commits and loads the same rows into a DuckDB table (in-process, a file
 * under the temp directory, via its Appender), then measures in one run:
 *
 * <ol>
 *   <li>full scan to Arrow: {@code table.scan().toArrowReader()} vs DuckDB {@code SELECT * FROM t}
 *       exported as Arrow ({@code DuckDBResultSet.arrowExportStream}), both consuming every batch;
 *   <li>a 1% {@code id} range: ours vs DuckDB with the same SQL predicate, and our filtered scan
 *       against our full scan (file pruning must make it at least 20x faster);
 *   <li>{@code takeRowIds} of 10,000 random ids vs DuckDB {@code WHERE id IN (SELECT id FROM ids)}
 *       on a temporary table of the same ids, and vs its block-decompression bound: the blocks
 *       holding the ids, each decompressed once with zstd-jni from memory in one thread ({@code
 *       core.take_row_ids_bound});
 *   <li>commit latency of 10-row commits on a separate table at ~10 and at ~1,000 snapshots of
 *       history (must stay within 1.5x);
 *   <li>write rows/s of our {@code add} vs DuckDB's Appender (reported, not a target).
 * </ol>
 *
 * <p>Each figure is measured after warm-up runs, ours and DuckDB alternating, and the median is
 * reported (the best run on an INFO line). Run (see docs/benchmarks.md, "Table scans"):
 *
 * <pre>
 * java --add-opens=java.base()/java.nio=ALL-UNNAMED -Xmx4g \
 *     -cp "benchmarks/target/classes:$(cat benchmarks/target/cp.txt)" \
 *     io.paimon.benchmarks.ScanComparison --rows 5000000
 * </pre>
 *
 * Options: {@code --rows N} (5,000,000), {@code --commits N} (10), {@code --batch N} (4096 rows per
 * Arrow batch, both engines), {@code --warmup N} (2), {@code --repeat N} (5), {@code --take N}
 * (10,000), {@code --history N} (1,000), {@code --dir PATH} (a new temp directory) and {@code
 * --keep} (do not delete it).
 */
public final class ScanComparison {

  private long rows = 5_000_000;
  private int commits = 10;
  private int batch = 4096;
  private int warmup = 2;
  private int repeat = 5;
  private int take = 10_000;
  private int history = 1_000;
  private Path dir;
  private boolean keep;
  private String targetFileSize;
  private Set<String> only = Set.of("scan", "where", "take", "commit", "arrow");

  /** Our full scan's median, the reference of the pruning figure. */
  private long fullScanNanos;

  private ScanComparison() {}

  public static void main(String[] args) throws Exception {
    List<String> list = List.of(args);
    int at = list.indexOf("--storage");
    if (at >= 0) {
      String storage = at + 1 < args.length ? args[at + 1] : "";
      if (storage.equals("s3")) {
        S3ScanComparison.run(args);
        return;
      }
      if (!storage.equals("local")) {
        throw new IllegalArgumentException("--storage is local or s3, got '" + storage + "'");
      }
      List<String> rest = new ArrayList<>(list);
      rest.remove(at + 1);
      rest.remove(at);
      args = rest.toArray(new String[0]);
    }
    ScanComparison bench = new ScanComparison();
    bench.parse(args);
    bench.run();
  }

  private void parse(String[] args) {
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--keep")) {
        keep = true;
        continue;
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("option " + a + " needs a value");
      }
      String raw = args[++i];
      String v = raw.replace("_", "").replace(",", "");
      switch (a) {
        case "--rows" -> rows = Long.parseLong(v);
        case "--commits" -> commits = Integer.parseInt(v);
        case "--batch" -> batch = Integer.parseInt(v);
        case "--warmup" -> warmup = Integer.parseInt(v);
        case "--repeat" -> repeat = Integer.parseInt(v);
        case "--take" -> take = Integer.parseInt(v);
        case "--history" -> history = Integer.parseInt(v);
        case "--dir" -> dir = Path.of(args[i]);
        case "--only" -> only = Set.of(raw.split(","));
        case "--target-file-size" -> targetFileSize = raw;
        default ->
            throw new IllegalArgumentException(
                "unknown option "
                    + a
                    + "; options: --rows N --commits N --batch N --warmup N --repeat N --take N"
                    + " --history N --dir PATH --keep --only scan,where,take,commit,arrow"
                    + " --target-file-size SIZE");
      }
    }
    if (rows < 100 * commits || take > rows || repeat < 1 || warmup < 0 || history < 20) {
      throw new IllegalArgumentException(
          "need rows >= 100 * commits, take <= rows, repeat >= 1," + " warmup >= 0, history >= 20");
    }
  }

  private void run() throws Exception {
    ScanDataset.checkFirstRow();
    Path work =
        dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("scan-comparison-");
    try (BufferAllocator allocator = new RootAllocator();
        Connection conn = Multimodal.connect(work.resolve("warehouse").toString());
        java.sql.Connection jdbc =
            DriverManager.getConnection("jdbc:duckdb:" + work.resolve("bench.duckdb"))) {
      DuckDBConnection duck = jdbc.unwrap(DuckDBConnection.class);
      printMachine(duck, work);

      Table table =
          conn.createTable(
              "bench",
              targetFileSize == null
                  ? ScanDataset.schema()
                  : ScanDataset.schema(Map.of("target-file-size", targetFileSize)),
              false);
      load(table, duck, work);
      if (only.contains("arrow")) {
        writeArrow(conn, table, allocator, work);
      }

      if (only.contains("scan") || only.contains("where")) {
        fullScan(table, duck, allocator);
      }
      if (only.contains("where")) {
        filteredScan(table, duck, allocator);
      }
      if (only.contains("take")) {
        takeRowIds(table, duck, allocator);
      }
      if (only.contains("commit")) {
        commitLatency(conn);
      }
      info("done; loadavg=%s", loadAverage());
    } finally {
      if (!keep) {
        BenchmarkFiles.deleteRecursively(work);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Setup

  private void printMachine(DuckDBConnection duck, Path work) throws SQLException {
    String cpu = "unknown";
    try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
      cpu =
          lines
              .filter(l -> l.startsWith("model name"))
              .findFirst()
              .map(l -> l.substring(l.indexOf(':') + 1).trim())
              .orElse(cpu);
    } catch (IOException | RuntimeException e) {
      // not Linux: leave it unknown
    }
    info(
        "machine: nproc=%d cpu=\"%s\" java=%s (%s) os=%s/%s maxHeap=%d MB loadavg=%s",
        Runtime.getRuntime().availableProcessors(),
        cpu,
        System.getProperty("java.version"),
        System.getProperty("java.vm.name"),
        System.getProperty("os.name"),
        System.getProperty("os.arch"),
        Runtime.getRuntime().maxMemory() >> 20,
        loadAverage());
    info(
        "duckdb: %s threads=%s (in-process JDBC, database file under %s)",
        queryString(duck, "SELECT version()"),
        queryString(duck, "SELECT current_setting('threads')"),
        work);
    info(
        "dataset: %,d rows of ROW<id BIGINT, ts TIMESTAMP(3), name STRING, score DOUBLE,"
            + " tags ARRAY<STRING>, payload BYTES> (specs/row-format.md), %d commits, Arrow batches"
            + " of %d rows, %d warm-up + %d measured runs",
        rows, commits, batch, warmup, repeat);
  }

  /** Writes the rows to our table (one add per commit) and to DuckDB (Appender, untimed). */
  private void load(Table table, DuckDBConnection duck, Path work) throws Exception {
    try (Statement st = duck.createStatement()) {
      st.execute(ScanDataset.DUCKDB_DDL);
    }
    ScanDataset data = new ScanDataset();
    long oursNanos = 0;
    long duckNanos = 0;
    try (DuckDBAppender app = duck.createAppender(DuckDBConnection.DEFAULT_SCHEMA, "t")) {
      for (int c = 0; c < commits; c++) {
        int n = (int) (rows * (c + 1) / commits - rows * c / commits);
        List<ScanDataset.Row> chunk = data.next(n);
        List<Map<String, Object>> maps = new ArrayList<>(n);
        for (ScanDataset.Row r : chunk) {
          maps.add(r.toMap());
        }
        long t0 = System.nanoTime();
        Snapshot s = table.add(maps);
        long t1 = System.nanoTime();
        oursNanos += t1 - t0;
        for (ScanDataset.Row r : chunk) {
          app.beginRow()
              .append(r.id())
              .appendEpochMillis(r.tsMillis())
              .append(r.name())
              .append(r.score())
              .append(r.tags())
              .append(r.payload())
              .endRow();
        }
        app.flush();
        duckNanos += System.nanoTime() - t1;
        info(
            "commit %d: snapshot %d, %,d rows in %.0f ms (%,.0f rows/s)",
            c + 1, s.id(), n, (t1 - t0) / 1e6, n / ((t1 - t0) / 1e9));
      }
    }
    long t0 = System.nanoTime();
    try (Statement st = duck.createStatement()) {
      st.execute("CHECKPOINT");
    }
    duckNanos += System.nanoTime() - t0;
    Snapshot latest = table.latestSnapshot().orElseThrow();
    check(
        latest.totalRecordCount() == rows && latest.nextRowId() == rows,
        "table holds " + latest.totalRecordCount() + " rows, next row ID " + latest.nextRowId());
    check(queryLong(duck, "SELECT count(*) FROM t") == rows, "DuckDB row count");
    check(
        queryString(duck, "SELECT name FROM t WHERE id = 0").equals("jsbtmpqel")
            && queryLong(duck, "SELECT epoch_ms(ts) FROM t WHERE id = 0") == 1_700_000_000_031L,
        "DuckDB row 0");
    info(
        "table: %d data files, %,d bytes on disk; DuckDB file %,d bytes",
        table.scan().plan().size(),
        sizeOf(work.resolve("warehouse")),
        Files.size(work.resolve("bench.duckdb")));
    bench(
        "core.write",
        "rows_per_s",
        rows / (oursNanos / 1e9),
        "rows/s",
        rows / (duckNanos / 1e9),
        true);
    info(
        "write: ours add(List<Map>) %.1f s for %,d rows (%d commits, row generation excluded);"
            + " DuckDB Appender + CHECKPOINT %.1f s",
        oursNanos / 1e9, rows, commits, duckNanos / 1e9);
  }

  /**
   * Writes the same rows again, one {@code add(VectorSchemaRoot)} per commit, against the bare
   * codec writing them as {@code Row}s to a local {@code .row} file (RowFormatComparison's write).
   * The batches and rows are built before each timed pair; the two alternate which goes first.
   */
  private void writeArrow(Connection conn, Table loaded, BufferAllocator allocator, Path work)
      throws Exception {
    Table table =
        conn.createTable(
            "bench_arrow",
            targetFileSize == null
                ? ScanDataset.schema()
                : ScanDataset.schema(Map.of("target-file-size", targetFileSize)),
            false);
    RowType type = table.schema().rowType();
    org.apache.arrow.vector.types.pojo.Schema arrow = ArrowSchemas.toArrowSchema(type);
    Path codecFile = work.resolve("codec-write.row");
    ScanDataset data = new ScanDataset();
    long[] ours = new long[commits];
    long[] base = new long[commits];
    long[] oursCpu = new long[commits];
    long[] baseCpu = new long[commits];
    long codecBytes = 0;
    for (int c = 0; c < commits; c++) {
      int n = (int) (rows * (c + 1) / commits - rows * c / commits);
      List<ScanDataset.Row> chunk = data.next(n);
      io.paimon.row.Row[] codecRows = new io.paimon.row.Row[n];
      for (int i = 0; i < n; i++) {
        codecRows[i] = chunk.get(i).toRow();
      }
      try (VectorSchemaRoot root = ScanDataset.toArrow(chunk, arrow, allocator)) {
        for (int turn = 0; turn < 2; turn++) {
          if ((turn == 0) == (c % 2 == 0)) {
            long c0 = ScanTimings.OS.getProcessCpuTime();
            long t0 = System.nanoTime();
            table.add(root);
            ours[c] = System.nanoTime() - t0;
            oursCpu[c] = ScanTimings.OS.getProcessCpuTime() - c0;
          } else {
            Files.deleteIfExists(codecFile);
            long c0 = ScanTimings.OS.getProcessCpuTime();
            long t0 = System.nanoTime();
            try (RowFileWriter writer =
                RowFile.newWriter(codecFile, type, RowFileOptions.defaults())) {
              for (io.paimon.row.Row r : codecRows) {
                writer.write(r);
              }
              writer.close();
              codecBytes += writer.bytesWritten();
            }
            base[c] = System.nanoTime() - t0;
            baseCpu[c] = ScanTimings.OS.getProcessCpuTime() - c0;
          }
        }
      }
    }
    Files.deleteIfExists(codecFile);
    Snapshot latest = table.latestSnapshot().orElseThrow();
    check(
        latest.totalRecordCount() == rows,
        "bench_arrow holds " + latest.totalRecordCount() + " rows");
    long oursBytes = dataFileBytes(work.resolve("warehouse"), "bench_arrow");
    // add(List<Map>) of the same rows must have written the same data files (ArrowWriteParityTest
    // compares them byte for byte); here their sizes are checked.
    long mapBytes = dataFileBytes(work.resolve("warehouse"), loaded.name());
    check(
        oursBytes == mapBytes,
        "add(VectorSchemaRoot) wrote "
            + oursBytes
            + " bytes of data files, add(List<Map>) "
            + mapBytes);
    double oursMedian = new ScanTimings.Runs(ours).medianSeconds();
    double baseMedian = new ScanTimings.Runs(base).medianSeconds();
    double perCommit = (double) rows / commits;
    bench(
        "core.write_arrow",
        "rows_per_s",
        perCommit / oursMedian,
        "rows/s",
        perCommit / baseMedian,
        true);
    info(
        "write_arrow: ours add(VectorSchemaRoot) median %.0f ms per %,.0f-row commit (total %.1f s,"
            + " %,d bytes of data files); bare codec RowFile.newWriter writing Rows median %.0f ms"
            + " (total %.1f s, %,d bytes); batches and rows built untimed; CPU time (all threads)"
            + " median ours %.0f ms, codec %.0f ms; target ratio >= 0.8: %s",
        oursMedian * 1e3,
        perCommit,
        Arrays.stream(ours).sum() / 1e9,
        oursBytes,
        baseMedian * 1e3,
        Arrays.stream(base).sum() / 1e9,
        codecBytes,
        new ScanTimings.Runs(oursCpu).medianMillis(),
        new ScanTimings.Runs(baseCpu).medianMillis(),
        oursMedian <= baseMedian / 0.8 ? "met" : "MISSED");
    conn.dropTable("bench_arrow", false);
  }

  /** The bytes of a table's {@code .row} files under the warehouse. */
  private static long dataFileBytes(Path warehouse, String table) throws IOException {
    try (Stream<Path> paths = Files.walk(warehouse.resolve("default.db").resolve(table))) {
      return paths
          .filter(p -> p.getFileName().toString().endsWith(".row"))
          .mapToLong(
              p -> {
                try {
                  return Files.size(p);
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              })
          .sum();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // 1. Full scan

  private void fullScan(Table table, DuckDBConnection duck, BufferAllocator allocator)
      throws Exception {
    Timings t =
        measure(
            warmup,
            repeat,
            () ->
                expectRows(
                    consume(table.scan().batchSize(batch).allocator(allocator).toArrowReader()),
                    rows,
                    "ours full scan"),
            () ->
                expectRows(
                    duckArrow(duck, allocator, "SELECT * FROM t"), rows, "DuckDB full scan"));
    fullScanNanos = t.ours().median();
    bench(
        "core.scan_full",
        "rows_per_s",
        rows / t.ours().medianSeconds(),
        "rows/s",
        rows / t.base().medianSeconds(),
        true);
    info(
        "full scan: ours median %.0f ms (best %.0f), DuckDB Arrow export median %.0f ms"
            + " (best %.0f); %s",
        t.ours().medianMillis(),
        t.ours().bestMillis(),
        t.base().medianMillis(),
        t.base().bestMillis(),
        t.cpu());
  }

  // ---------------------------------------------------------------------------------------------
  // 2. A 1% id range

  private void filteredScan(Table table, DuckDBConnection duck, BufferAllocator allocator)
      throws Exception {
    long width = rows / 100;
    long from = rows * 37 / 100 + 123;
    String predicate = "id >= " + from + " AND id < " + (from + width);
    int runs = Math.max(10, 3 * repeat);
    Timings t =
        measure(
            warmup + 2,
            runs,
            () ->
                expectRows(
                    consume(
                        table
                            .scan()
                            .where(predicate)
                            .batchSize(batch)
                            .allocator(allocator)
                            .toArrowReader()),
                    width,
                    "ours where()"),
            () ->
                expectRows(
                    duckArrow(duck, allocator, "SELECT * FROM t WHERE " + predicate),
                    width,
                    "DuckDB where"));
    info(
        "where(\"%s\"): %,d rows; our plan reads %d of %d data files; %s",
        predicate,
        width,
        table.scan().where(predicate).plan().size(),
        table.scan().plan().size(),
        t.cpu());
    bench(
        "core.scan_where_1pct",
        "ms",
        t.ours().medianMillis(),
        "ms",
        t.base().medianMillis(),
        false);
    // Pruning: ours filtered against ours full (a ratio <= 0.05 is the 20x target).
    bench(
        "core.scan_pruning",
        "ms_where_1pct",
        t.ours().medianMillis(),
        "ms",
        fullScanNanos / 1e6,
        false);
    double speedup = fullScanNanos / (double) t.ours().median();
    info(
        "pruning: where() 1%% is %.1fx faster than our full scan (target >= 20x: %s)",
        speedup, speedup >= 20 ? "met" : "MISSED");

    // The other end: a filter that no statistics can prune and that passes about half the rows.
    String half = "score < 500";
    long halfRows = queryLong(duck, "SELECT count(*) FROM t WHERE " + half);
    Timings h =
        measure(
            1,
            Math.max(3, repeat / 2),
            () ->
                expectRows(
                    consume(
                        table
                            .scan()
                            .where(half)
                            .batchSize(batch)
                            .allocator(allocator)
                            .toArrowReader()),
                    halfRows,
                    "ours where(\"" + half + "\")"),
            () ->
                expectRows(
                    duckArrow(duck, allocator, "SELECT * FROM t WHERE " + half),
                    halfRows,
                    "DuckDB where " + half));
    info(
        "where(\"%s\") (%,d rows, no file pruned): ours median %.0f ms, DuckDB %.0f ms;"
            + " our full scan %.0f ms; %s",
        half,
        halfRows,
        h.ours().medianMillis(),
        h.base().medianMillis(),
        fullScanNanos / 1e6,
        h.cpu());
  }

  // ---------------------------------------------------------------------------------------------
  // 3. takeRowIds

  private void takeRowIds(Table table, DuckDBConnection duck, BufferAllocator allocator)
      throws Exception {
    // Distinct random ids in random order (seeded). A single writer committed the rows in order
    // from row ID 0, so _ROW_ID == id and DuckDB can be asked for the same rows by id.
    SplittableRandom random = new SplittableRandom(7);
    Set<Long> picked = new LinkedHashSet<>();
    while (picked.size() < take) {
      picked.add(random.nextLong(rows));
    }
    long[] ids = picked.stream().mapToLong(Long::longValue).toArray();
    try (Statement st = duck.createStatement()) {
      st.execute("CREATE TABLE ids (id BIGINT)");
    }
    try (DuckDBAppender app = duck.createAppender(DuckDBConnection.DEFAULT_SCHEMA, "ids")) {
      for (long id : ids) {
        app.beginRow().append(id).endRow();
      }
    }
    Timings t =
        measure(
            warmup,
            repeat,
            () ->
                consumeTake(
                    table.takeRowIds(ids).batchSize(batch).allocator(allocator).toArrowReader(),
                    ids),
            () ->
                expectRows(
                    duckArrow(duck, allocator, "SELECT * FROM t WHERE id IN (SELECT id FROM ids)"),
                    take,
                    "DuckDB IN (ids)"));
    bench(
        "core.take_row_ids",
        "rows_per_s",
        take / t.ours().medianSeconds(),
        "rows/s",
        take / t.base().medianSeconds(),
        true);
    info(
        "takeRowIds(%,d random ids): ours median %.0f ms (best %.0f); DuckDB WHERE id IN"
            + " (SELECT id FROM ids) median %.0f ms (best %.0f); our full scan %.0f ms; %s",
        take,
        t.ours().medianMillis(),
        t.ours().bestMillis(),
        t.base().medianMillis(),
        t.base().bestMillis(),
        fullScanNanos / 1e6,
        t.cpu());
    takeBound(table, ids, allocator);
    // A take of all ids in one output batch (the batch size is the take's size).
    Timings one =
        measure(
            1,
            Math.max(3, repeat / 2),
            () ->
                consumeTake(
                    table.takeRowIds(ids).batchSize(take).allocator(allocator).toArrowReader(),
                    ids),
            () -> 0L);
    info(
        "takeRowIds(%,d random ids).batchSize(%d): ours median %.0f ms (%.0f rows/s)",
        take, take, one.ours().medianMillis(), take / one.ours().medianSeconds());
  }

  /**
   * The block-decompression bound of a take: the data blocks holding the ids, each decompressed
   * once with zstd-jni from bytes already in memory (no I/O, no decoding), against the take itself,
   * alternating. A take reads at least these blocks and decompresses each, so its rows/s cannot
   * beat the bound's by more than what threads add.
   */
  private void takeBound(Table table, long[] ids, BufferAllocator allocator) throws Exception {
    List<SplitFile> files = new ArrayList<>();
    for (Split s : table.scan().plan()) {
      files.addAll(s.files());
    }
    files.sort(Comparator.comparingLong(SplitFile::firstRowId));
    long[] sorted = ids.clone();
    Arrays.sort(sorted);
    List<byte[]> blocks = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>();
    long compressedBytes = 0;
    long uncompressedBytes = 0;
    int i = 0;
    for (SplitFile f : files) {
      long end = f.firstRowId() + f.rowCount();
      if (i >= sorted.length || sorted[i] >= end) {
        continue;
      }
      Path path = localPath(f.path());
      try (RowFileReader reader = RowFile.open(path, BenchmarkDataset.TYPE);
          SeekableInput input = RowFile.localInput(path)) {
        RowFileLayout layout = reader.layout();
        long[] starts = layout.rowStarts();
        long[] offsets = layout.blockOffsets();
        int[] compressed = layout.compressedSizes();
        int[] uncompressed = layout.uncompressedSizes();
        int last = -1;
        for (; i < sorted.length && sorted[i] < end; i++) {
          int at = Arrays.binarySearch(starts, sorted[i] - f.firstRowId());
          int b = at >= 0 ? at : -at - 2;
          if (b == last) {
            continue;
          }
          last = b;
          byte[] block = new byte[compressed[b]];
          input.readFully(offsets[b], block, 0, block.length);
          blocks.add(block);
          sizes.add(uncompressed[b]);
          compressedBytes += block.length;
          uncompressedBytes += uncompressed[b];
        }
      }
    }
    check(i == sorted.length, "the plan's files do not cover the taken ids");
    int[] size = sizes.stream().mapToInt(Integer::intValue).toArray();
    byte[] out = new byte[Arrays.stream(size).max().orElse(1)];
    Timings t;
    try (ZstdDecompressCtx ctx = new ZstdDecompressCtx()) {
      t =
          measure(
              warmup,
              repeat,
              () ->
                  consumeTake(
                      table.takeRowIds(ids).batchSize(batch).allocator(allocator).toArrowReader(),
                      ids),
              () -> {
                long sum = 0;
                for (int b = 0; b < size.length; b++) {
                  byte[] src = blocks.get(b);
                  int n = ctx.decompressByteArray(out, 0, size[b], src, 0, src.length);
                  check(n == size[b], "block decompressed to " + n + " bytes");
                  sum += n + out[n - 1];
                }
                return sum;
              });
    }
    bench(
        "core.take_row_ids_bound",
        "rows_per_s",
        ids.length / t.ours().medianSeconds(),
        "rows/s",
        ids.length / t.base().medianSeconds(),
        true);
    info(
        "take bound: %,d ids in %,d blocks (%.2f ids per block; %,d compressed, %,d uncompressed"
            + " bytes); decompressing them once, one thread: median %.0f ms (best %.0f); the take"
            + " median %.0f ms (best %.0f); %s",
        ids.length,
        size.length,
        (double) ids.length / size.length,
        compressedBytes,
        uncompressedBytes,
        t.base().medianMillis(),
        t.base().bestMillis(),
        t.ours().medianMillis(),
        t.ours().bestMillis(),
        t.cpu());
  }

  private static Path localPath(String path) {
    return path.startsWith("file:") ? Path.of(URI.create(path)) : Path.of(path);
  }

  /** Consumes a takeRowIds reader, checking that row i has id ids[i]. */
  private static long consumeTake(ArrowReader reader, long[] ids) throws IOException {
    long n = 0;
    try (reader) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot root = reader.getVectorSchemaRoot();
        BigIntVector id = (BigIntVector) root.getVector("id");
        for (int i = 0; i < root.getRowCount(); i++) {
          check(
              id.get(i) == ids[(int) n + i],
              "takeRowIds row "
                  + (n + i)
                  + " has id "
                  + id.get(i)
                  + ", expected "
                  + ids[(int) n + i]);
        }
        n += root.getRowCount();
      }
    }
    check(n == ids.length, "takeRowIds returned " + n + " rows, expected " + ids.length);
    return n;
  }

  // ---------------------------------------------------------------------------------------------
  // 4. Commit latency against history length

  private void commitLatency(Connection conn) throws Exception {
    int samples = 31;
    ScanDataset data = new ScanDataset();
    // Warm the commit path up on a throwaway table.
    Table warm = conn.createTable("commit_warmup", ScanDataset.schema(), false);
    for (int i = 0; i < 200; i++) {
      warm.add(maps(data.next(10)));
    }
    Table small = conn.createTable("commits", ScanDataset.schema(), false);
    for (int i = 0; i < 10; i++) {
      small.add(maps(data.next(10)));
    }
    double[] at10 = commitSamples(small, data, samples);
    long t0 = System.nanoTime();
    long made = small.latestSnapshot().orElseThrow().id();
    while (made < history) {
      made = small.add(maps(data.next(10))).id();
    }
    info("commits: grew the table to %d snapshots in %.1f s", made, (System.nanoTime() - t0) / 1e9);
    double[] at1000 = commitSamples(small, data, samples);
    double m10 = median(at10);
    double m1000 = median(at1000);
    System.out.printf(
        Locale.ROOT,
        "BENCH core.commit_latency ms_at_%d=%.2f ms baseline=%.2f" + " ratio=%.3f%n",
        history,
        m1000,
        m10,
        m1000 / m10);
    info(
        "commit latency (10-row commits, %d each): at 10..%d snapshots median %.2f ms, mean"
            + " %.2f, p90 %.2f; at %d..%d snapshots median %.2f ms, mean %.2f, p90 %.2f (target"
            + " ratio <= 1.5: %s)",
        samples,
        10 + samples,
        m10,
        mean(at10),
        pct(at10, 0.9),
        history,
        history + samples,
        m1000,
        mean(at1000),
        pct(at1000, 0.9),
        m1000 / m10 <= 1.5 ? "met" : "MISSED");
  }

  private static double[] commitSamples(Table table, ScanDataset data, int n) {
    double[] ms = new double[n];
    for (int i = 0; i < n; i++) {
      List<Map<String, Object>> rows = maps(data.next(10));
      long t0 = System.nanoTime();
      table.add(rows);
      ms[i] = (System.nanoTime() - t0) / 1e6;
    }
    return ms;
  }

  private static List<Map<String, Object>> maps(List<ScanDataset.Row> rows) {
    List<Map<String, Object>> out = new ArrayList<>(rows.size());
    for (ScanDataset.Row r : rows) {
      out.add(r.toMap());
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // Readers

  /** Reads every batch, touching row counts; closes the reader. */
  private static long consume(ArrowReader reader) throws IOException {
    long n = 0;
    try (reader) {
      while (reader.loadNextBatch()) {
        n += reader.getVectorSchemaRoot().getRowCount();
      }
    }
    return n;
  }

  /** Runs a query in DuckDB and consumes its Arrow export, touching row counts. */
  private long duckArrow(DuckDBConnection duck, BufferAllocator allocator, String sql)
      throws Exception {
    try (Statement st = duck.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      ArrowReader reader =
          (ArrowReader) rs.unwrap(DuckDBResultSet.class).arrowExportStream(allocator, batch);
      return consume(reader);
    }
  }

  private static long expectRows(long got, long expected, String what) {
    check(got == expected, what + " returned " + got + " rows, expected " + expected);
    return got;
  }

  private static String queryString(DuckDBConnection duck, String sql) throws SQLException {
    try (Statement st = duck.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  private static long queryLong(DuckDBConnection duck, String sql) throws SQLException {
    try (Statement st = duck.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static long sizeOf(Path root) throws IOException {
    try (Stream<Path> paths = Files.walk(root)) {
      return paths
          .filter(Files::isRegularFile)
          .mapToLong(
              p -> {
                try {
                  return Files.size(p);
                } catch (IOException e) {
                  return 0;
                }
              })
          .sum();
    }
  }
}
