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

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Table;
import io.paimon.row.ArrowSchemas;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.duckdb.DuckDBResultSet;

/**
 * Table changes against DuckDB, on the scan benchmark's table ({@link ScanDataset}, 5,000,000 rows
 * in 10 commits, deletion vectors enabled) and the same rows in a DuckDB database file, in one run:
 *
 * <ul>
 *   <li>{@code update} of one column ({@code score}) for 1% of the rows, scattered over every file
 *       ({@code score} in a random 1% band) and clustered ({@code id} in a 1% range), against
 *       DuckDB's {@code UPDATE} of the same predicate; the bytes each update writes against the
 *       table's data bytes (an update writes the updated column of the files it touches, never the
 *       other columns, never whole files);
 *   <li>{@code delete} of 1% of the rows (scattered), against DuckDB's {@code DELETE};
 *   <li>a full scan after the updates and after the deletes against a full scan of the snapshot as
 *       loaded, alternating (the cost of reading update files and deletion vectors), and DuckDB's
 *       full Arrow export for reference.
 * </ul>
 *
 * Each change runs {@code --repeat} times on a different band; ours and DuckDB's alternate. Run:
 *
 * <pre>
 * java --add-opens=java.base/java.nio=ALL-UNNAMED -Xmx4g -cp benchmarks/target/benchmarks.jar \
 *     io.paimon.benchmarks.ChangesComparison --rows 5000000
 * </pre>
 *
 * Options: {@code --rows N}, {@code --commits N} (10), {@code --repeat N} (3), {@code --batch N}
 * (4096), {@code --dir PATH} and {@code --keep}.
 */
public final class ChangesComparison {

  private long rows = 5_000_000;
  private int commits = 10;
  private int repeat = 3;
  private int batch = 4096;
  private Path dir;
  private boolean keep;

  private ChangesComparison() {}

  public static void main(String[] args) throws Exception {
    ChangesComparison bench = new ChangesComparison();
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
      String v = args[++i].replace("_", "").replace(",", "");
      switch (a) {
        case "--rows" -> rows = Long.parseLong(v);
        case "--commits" -> commits = Integer.parseInt(v);
        case "--repeat" -> repeat = Integer.parseInt(v);
        case "--batch" -> batch = Integer.parseInt(v);
        case "--dir" -> dir = Path.of(args[i]);
        default ->
            throw new IllegalArgumentException(
                "unknown option "
                    + a
                    + "; options: --rows N --commits N --repeat N --batch N --dir PATH --keep");
      }
    }
    if (rows < 1000L * commits || repeat < 1 || repeat > 20) {
      throw new IllegalArgumentException("need rows >= 1000 * commits and 1 <= repeat <= 20");
    }
  }

  private void run() throws Exception {
    ScanDataset.checkFirstRow();
    Path work =
        dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("changes-bench-");
    Path warehouse = work.resolve("warehouse");
    try (BufferAllocator allocator = new RootAllocator();
        Connection conn = Multimodal.connect(warehouse.toString());
        java.sql.Connection jdbc =
            DriverManager.getConnection("jdbc:duckdb:" + work.resolve("bench.duckdb"))) {
      DuckDBConnection duck = jdbc.unwrap(DuckDBConnection.class);
      info("machine: %s; loadavg=%s", MachineInfo.describe(), ScanTimings.loadAverage());
      info(
          "dataset: %,d rows of the scan benchmark in %d commits; %d runs of each change",
          rows, commits, repeat);
      Table table =
          conn.createTable(
              "changes", ScanDataset.schema(Map.of("deletion-vectors.enabled", "true")), false);
      load(table, duck, allocator);
      long dataBytes = sizeOf(warehouse);
      info("table: %,d bytes on disk, %d row ranges", dataBytes, table.scan().plan().size());

      long loaded = table.latestSnapshot().orElseThrow().id();
      long before = scanOurs(table, allocator, rows);
      long duckBefore = scanDuck(duck, allocator, rows);
      info(
          "full scan before changes: ours %.0f ms, DuckDB %.0f ms", before / 1e6, duckBefore / 1e6);

      // Updates: bands of 10 in score's [0, 1000) are 1% of the rows each, spread over all files.
      long[] ours = new long[repeat];
      long[] base = new long[repeat];
      long[] written = new long[repeat];
      for (int k = 0; k < repeat; k++) {
        String where = band("score", k);
        long expected = count(duck, where);
        Set<Path> files = files(warehouse);
        long t0 = System.nanoTime();
        Snapshot s = table.update(where, Map.of("score", -1.0 - k));
        ours[k] = System.nanoTime() - t0;
        written[k] = newBytes(warehouse, files);
        base[k] = duckUpdate(duck, "UPDATE t SET score = " + (-1.0 - k) + " WHERE " + where);
        check(table.scan().where("score = " + (-1.0 - k)).count() == expected, "update " + k);
        info(
            "update %d (%s): %,d rows, snapshot %d, ours %.0f ms writing %,d bytes; DuckDB %.0f ms",
            k, where, expected, s.id(), ours[k] / 1e6, written[k], base[k] / 1e6);
      }
      bench(
          "changes.update_1pct_scattered",
          "time",
          median(ours) / 1e6,
          "ms",
          median(base) / 1e6,
          true);
      bench("changes.update_1pct_scattered_bytes", "bytes", median(written), "B", dataBytes, true);

      long width = rows / 100;
      for (int k = 0; k < repeat; k++) {
        long lo = (k * 37 % 97) * width;
        String where = "id >= " + lo + " AND id < " + (lo + width);
        Set<Path> files = files(warehouse);
        long t0 = System.nanoTime();
        table.update(where, Map.of("name", "clustered-" + k));
        ours[k] = System.nanoTime() - t0;
        written[k] = newBytes(warehouse, files);
        base[k] = duckUpdate(duck, "UPDATE t SET name = 'clustered-" + k + "' WHERE " + where);
        check(table.scan().where("name = 'clustered-" + k + "'").count() == width, "clustered");
        info(
            "update %d (%s): ours %.0f ms writing %,d bytes; DuckDB %.0f ms",
            k, where, ours[k] / 1e6, written[k], base[k] / 1e6);
      }
      bench(
          "changes.update_1pct_clustered",
          "time",
          median(ours) / 1e6,
          "ms",
          median(base) / 1e6,
          true);
      bench("changes.update_1pct_clustered_bytes", "bytes", median(written), "B", dataBytes, true);

      long live = rows;
      long[] pair = scanPair(table, allocator, loaded, rows, live);
      long duckAfterUpdate = scanDuck(duck, allocator, live);
      bench(
          "changes.scan_after_update",
          "rows_per_s",
          live / (pair[1] / 1e9),
          "rows/s",
          rows / (pair[0] / 1e9),
          true);
      info("full scan after the updates: DuckDB %.0f ms", duckAfterUpdate / 1e6);

      for (int k = 0; k < repeat; k++) {
        String where = band("score", 50 + k);
        long expected = count(duck, where);
        Set<Path> files = files(warehouse);
        long t0 = System.nanoTime();
        table.delete(where);
        ours[k] = System.nanoTime() - t0;
        written[k] = newBytes(warehouse, files);
        base[k] = duckUpdate(duck, "DELETE FROM t WHERE " + where);
        live -= expected;
        info(
            "delete %d (%s): %,d rows, ours %.0f ms writing %,d bytes; DuckDB %.0f ms",
            k, where, expected, ours[k] / 1e6, written[k], base[k] / 1e6);
      }
      check(table.scan().count() == live, "rows after the deletes");
      bench("changes.delete_1pct", "time", median(ours) / 1e6, "ms", median(base) / 1e6, true);
      pair = scanPair(table, allocator, loaded, rows, live);
      long afterDelete = pair[1];
      long duckAfterDelete = scanDuck(duck, allocator, live);
      bench(
          "changes.scan_after_delete",
          "rows_per_s",
          live / (afterDelete / 1e9),
          "rows/s",
          rows / (pair[0] / 1e9),
          true);
      bench(
          "changes.scan_after_changes_vs_duckdb",
          "rows_per_s",
          live / (afterDelete / 1e9),
          "rows/s",
          live / (duckAfterDelete / 1e9),
          true);
      info("done; loadavg=%s", ScanTimings.loadAverage());
    } finally {
      if (!keep) {
        BenchmarkFiles.deleteRecursively(work);
      }
    }
  }

  /** A 1% band of a column uniform in [0, 1000): {@code column >= 10k AND column < 10k + 10}. */
  private static String band(String column, int k) {
    int lo = (k * 7 % 100) * 10;
    return column + " >= " + lo + " AND " + column + " < " + (lo + 10);
  }

  private void load(Table table, DuckDBConnection duck, BufferAllocator allocator)
      throws Exception {
    try (Statement st = duck.createStatement()) {
      st.execute(ScanDataset.DUCKDB_DDL);
    }
    org.apache.arrow.vector.types.pojo.Schema arrow =
        ArrowSchemas.toArrowSchema(table.schema().rowType());
    ScanDataset data = new ScanDataset();
    try (DuckDBAppender app = duck.createAppender(DuckDBConnection.DEFAULT_SCHEMA, "t")) {
      for (int c = 0; c < commits; c++) {
        int n = (int) (rows * (c + 1) / commits - rows * c / commits);
        List<ScanDataset.Row> chunk = data.next(n);
        try (VectorSchemaRoot root = ScanDataset.toArrow(chunk, arrow, allocator)) {
          table.add(root);
        }
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
      }
    }
    try (Statement st = duck.createStatement()) {
      st.execute("CHECKPOINT");
    }
  }

  /** Our full scan (median of three), checking the row count. */
  private long scanOurs(Table table, BufferAllocator allocator, long expected) throws Exception {
    long[] t = new long[3];
    for (int i = 0; i < t.length; i++) {
      long t0 = System.nanoTime();
      long n = consume(table.scan().batchSize(batch).allocator(allocator).toArrowReader());
      t[i] = System.nanoTime() - t0;
      check(n == expected, "ours full scan returned " + n + " rows, expected " + expected);
    }
    return median(t);
  }

  /**
   * Medians of full scans of snapshot {@code before} (the table as loaded) and of the latest
   * snapshot, alternating, so that both see the same machine.
   */
  private long[] scanPair(
      Table table, BufferAllocator allocator, long before, long beforeRows, long latestRows)
      throws Exception {
    long[] old = new long[5];
    long[] now = new long[5];
    for (int i = 0; i < old.length; i++) {
      long t0 = System.nanoTime();
      long n =
          consume(
              table.scan().snapshot(before).batchSize(batch).allocator(allocator).toArrowReader());
      long t1 = System.nanoTime();
      long m = consume(table.scan().batchSize(batch).allocator(allocator).toArrowReader());
      long t2 = System.nanoTime();
      check(n == beforeRows && m == latestRows, "scan row counts " + n + ", " + m);
      old[i] = t1 - t0;
      now[i] = t2 - t1;
    }
    info(
        "full scans, alternating: snapshot %d (as loaded) median %.0f ms, latest %.0f ms",
        before, median(old) / 1e6, median(now) / 1e6);
    return new long[] {median(old), median(now)};
  }

  private long scanDuck(DuckDBConnection duck, BufferAllocator allocator, long expected)
      throws Exception {
    long[] t = new long[3];
    for (int i = 0; i < t.length; i++) {
      long t0 = System.nanoTime();
      long n;
      try (Statement st = duck.createStatement();
          ResultSet rs = st.executeQuery("SELECT * FROM t")) {
        n =
            consume(
                (ArrowReader) rs.unwrap(DuckDBResultSet.class).arrowExportStream(allocator, batch));
      }
      t[i] = System.nanoTime() - t0;
      check(n == expected, "DuckDB full scan returned " + n + " rows, expected " + expected);
    }
    return median(t);
  }

  /** Runs a change in DuckDB and makes it durable, as our commit is. */
  private static long duckUpdate(DuckDBConnection duck, String sql) throws Exception {
    long t0 = System.nanoTime();
    try (Statement st = duck.createStatement()) {
      st.execute(sql);
      st.execute("CHECKPOINT");
    }
    return System.nanoTime() - t0;
  }

  private static long count(DuckDBConnection duck, String where) throws Exception {
    try (Statement st = duck.createStatement();
        ResultSet rs = st.executeQuery("SELECT count(*) FROM t WHERE " + where)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static long consume(ArrowReader reader) throws IOException {
    long n = 0;
    try (reader) {
      while (reader.loadNextBatch()) {
        n += reader.getVectorSchemaRoot().getRowCount();
      }
    }
    return n;
  }

  private static long median(long[] v) {
    long[] s = v.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  private static Set<Path> files(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      return new HashSet<>(walk.filter(Files::isRegularFile).toList());
    }
  }

  /** The bytes of the files under {@code root} that are not in {@code before}. */
  private static long newBytes(Path root, Set<Path> before) throws IOException {
    long n = 0;
    for (Path p : files(root)) {
      if (!before.contains(p)) {
        n += Files.size(p);
      }
    }
    return n;
  }

  private static long sizeOf(Path root) throws IOException {
    long n = 0;
    for (Path p : files(root)) {
      n += Files.size(p);
    }
    return n;
  }
}
