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

import static io.paimon.benchmarks.ScanTimings.OS;
import static io.paimon.benchmarks.ScanTimings.bench;
import static io.paimon.benchmarks.ScanTimings.check;
import static io.paimon.benchmarks.ScanTimings.info;
import static io.paimon.benchmarks.ScanTimings.loadAverage;
import static io.paimon.benchmarks.ScanTimings.median;

import io.paimon.benchmarks.ScanTimings.Runs;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.SplitFile;
import io.paimon.multimodal.Table;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.apache.paimon.Snapshot;
import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.CatalogContext;
import org.apache.paimon.catalog.CatalogFactory;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.manifest.ManifestFileMeta;
import org.apache.paimon.options.Options;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.DataSplit;

/**
 * Planning a full scan of a table with a long history, side by side with Apache Paimon 1.4.2 on the
 * same files. Our library writes a table of {@code --commits} commits (1,000) of {@code --rows}
 * rows (5) of the benchmark dataset ({@link ScanDataset}), one data file per commit, and a second
 * table that adds a BLOB column, so that each commit adds a {@code .row} and a {@code .blob} file
 * (2,000 manifest entries). Both planners must see the same snapshot, files and row counts before
 * anything is timed. Then, in rounds that run each contender once in turn (warm-up rounds first),
 * each timed piece after a {@link System#gc()}, medians reported:
 *
 * <ol>
 *   <li>{@code core.plan} (and {@code core.plan_blob}): ours {@code table.scan().plan()} on a fresh
 *       connection, so no manifest is cached, against Paimon's {@code
 *       FileStoreTable.newScan().plan()} on a fresh catalog with {@code cache-enabled=false}. Only
 *       the plan is timed; opening (connect and {@code getTable}, or {@code createCatalog} and
 *       {@code getTable}) is printed on an INFO line;
 *   <li>warm (INFO): ours on one long-lived table of one connection (its manifest cache), Paimon on
 *       one table of a caching catalog (its default manifest cache).
 * </ol>
 *
 * <p>Run (see docs/benchmarks.md, "Planning"):
 *
 * <pre>
 * java --add-opens=java.base/java.nio=ALL-UNNAMED -Xmx2g \
 *     -cp benchmarks/target/benchmarks.jar io.paimon.benchmarks.PlanComparison
 * </pre>
 *
 * Options: {@code --commits N} (1,000), {@code --rows N} (5 per commit), {@code --warmup N} (10
 * rounds), {@code --repeat N} (21 rounds), {@code --only plain,blob}, {@code --dir PATH} (a new
 * temp directory) and {@code --keep} (do not delete it).
 */
public final class PlanComparison {

  private static final String DATABASE = Multimodal.DEFAULT_DATABASE;

  private int commits = 1_000;
  private int rowsPerCommit = 5;
  private int warmup = 10;
  private int repeat = 21;
  private Path dir;
  private boolean keep;
  private Set<String> only = Set.of("plain", "blob");

  private String warehouse;

  private PlanComparison() {}

  public static void main(String[] args) throws Exception {
    PlanComparison bench = new PlanComparison();
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
        case "--commits" -> commits = Integer.parseInt(v);
        case "--rows" -> rowsPerCommit = Integer.parseInt(v);
        case "--warmup" -> warmup = Integer.parseInt(v);
        case "--repeat" -> repeat = Integer.parseInt(v);
        case "--only" -> only = Set.of(raw.split(","));
        case "--dir" -> dir = Path.of(raw);
        default ->
            throw new IllegalArgumentException(
                "unknown option "
                    + a
                    + "; options: --commits N --rows N --warmup N --repeat N --only plain,blob"
                    + " --dir PATH --keep");
      }
    }
    if (commits < 1 || rowsPerCommit < 1 || repeat < 1 || warmup < 0) {
      throw new IllegalArgumentException("need commits >= 1, rows >= 1, repeat >= 1, warmup >= 0");
    }
  }

  private void run() throws Exception {
    Path work =
        dir != null ? Files.createDirectories(dir) : Files.createTempDirectory("plan-comparison-");
    warehouse = work.resolve("warehouse").toAbsolutePath().toString();
    try (Connection conn = Multimodal.connect(warehouse)) {
      info("machine: %s", MachineInfo.describe());
      info(
          "dataset: %,d commits of %d rows of ROW<id BIGINT, ts TIMESTAMP(3), name STRING, score"
              + " DOUBLE, tags ARRAY<STRING>, payload BYTES> (specs/row-format.md), written by"
              + " our library; Paimon %s; %d warm-up + %d measured rounds",
          commits, rowsPerCommit, paimonVersion(), warmup, repeat);
      if (only.contains("plain")) {
        write(conn, "plan_plain", ScanDataset.schema(), false);
        compare("core.plan", "plan_plain");
      }
      if (only.contains("blob")) {
        Schema withBlob = ScanDataset.columns().column("image", DataTypes.BLOB()).build();
        write(conn, "plan_blob", withBlob, true);
        compare("core.plan_blob", "plan_blob");
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

  /** Commits the rows, one data file (and one {@code .blob} file with a BLOB column) per commit. */
  private void write(Connection conn, String name, Schema schema, boolean blob) throws Exception {
    Table table = conn.createTable(name, schema, false);
    ScanDataset data = new ScanDataset();
    SplittableRandom random = new SplittableRandom(11);
    double[] ms = new double[commits];
    long start = System.nanoTime();
    for (int c = 0; c < commits; c++) {
      List<Map<String, Object>> rows = new ArrayList<>(rowsPerCommit);
      for (ScanDataset.Row r : data.next(rowsPerCommit)) {
        Map<String, Object> row = r.toMap();
        if (blob) {
          byte[] image = new byte[256 + random.nextInt(768)];
          random.nextBytes(image);
          row.put("image", image);
        }
        rows.add(row);
      }
      long t0 = System.nanoTime();
      table.add(rows);
      ms[c] = (System.nanoTime() - t0) / 1e6;
    }
    double[] last = Arrays.copyOfRange(ms, Math.max(0, commits - 100), commits);
    info(
        "%s: %,d commits in %.1f s (median commit %.2f ms, the last 100 %.2f ms)",
        name, commits, (System.nanoTime() - start) / 1e9, median(ms), median(last));
  }

  // ---------------------------------------------------------------------------------------------
  // The comparison

  /** What both planners must agree on, and what each timed round checks again. */
  private record Expected(long snapshotId, long rows, int ourSplits, int paimonSplits) {}

  /** One timed plan: open (untimed for the BENCH line), then plan, with the plan's CPU time. */
  private record Sample(long openNanos, long planNanos, long planCpuNanos) {}

  @FunctionalInterface
  private interface Contender {
    Sample run() throws Exception;
  }

  private void compare(String benchName, String name) throws Exception {
    Expected expected = checkSamePlan(name);
    try (Connection warmConn = Multimodal.connect(warehouse);
        Catalog warmCatalog = CatalogFactory.createCatalog(paimonContext(true))) {
      Table warmOurs = warmConn.getTable(name);
      FileStoreTable warmPaimon = (FileStoreTable) warmCatalog.getTable(identifier(name));
      Sample[][] s =
          rounds(
              () -> oursCold(name, expected),
              () -> paimonCold(name, expected),
              () -> plan(warmOurs, expected, 0),
              () -> plan(warmPaimon, expected, 0));
      Runs oursPlan = planRuns(s[0]);
      Runs paimonPlan = planRuns(s[1]);
      bench(benchName, "ms", oursPlan.medianMillis(), "ms", paimonPlan.medianMillis(), false);
      info(
          "%s cold (fresh connection / fresh catalog without caches): plan median ours %.2f ms"
              + " (best %.2f), Paimon %.2f ms (best %.2f); plan CPU time mean ours %.1f ms,"
              + " Paimon %.1f ms; open median ours (connect + getTable) %.2f ms, Paimon"
              + " (createCatalog + getTable) %.2f ms",
          name,
          oursPlan.medianMillis(),
          oursPlan.bestMillis(),
          paimonPlan.medianMillis(),
          paimonPlan.bestMillis(),
          cpuMillis(s[0]),
          cpuMillis(s[1]),
          openRuns(s[0]).medianMillis(),
          openRuns(s[1]).medianMillis());
      Runs oursWarm = planRuns(s[2]);
      Runs paimonWarm = planRuns(s[3]);
      info(
          "%s warm (one connection with its manifest cache / one caching catalog): plan median"
              + " ours %.2f ms (best %.2f), Paimon %.2f ms (best %.2f), ratio %.3f; CPU time"
              + " mean ours %.1f ms, Paimon %.1f ms",
          name,
          oursWarm.medianMillis(),
          oursWarm.bestMillis(),
          paimonWarm.medianMillis(),
          paimonWarm.bestMillis(),
          oursWarm.median() / (double) paimonWarm.median(),
          cpuMillis(s[2]),
          cpuMillis(s[3]));
    }
  }

  /**
   * Plans the latest snapshot with both libraries and checks that they agree: the same snapshot,
   * the same set of files, the same rows covered (ours: the splits' row ranges; Paimon: the data
   * files that are not {@code .blob} files) and the same sum of every file's row count.
   */
  private Expected checkSamePlan(String name) throws Exception {
    List<Split> ours;
    try (Connection conn = Multimodal.connect(warehouse)) {
      ours = conn.getTable(name).scan().plan();
    }
    Set<String> ourFiles = new TreeSet<>();
    long ourRows = 0;
    long ourFileRows = 0;
    long ourBlobFiles = 0;
    for (Split split : ours) {
      ourRows += split.rowCount();
      for (SplitFile f : split.files()) {
        check(ourFiles.add(f.name()), "our plan lists " + f.name() + " twice");
        ourFileRows += f.rowCount();
        ourBlobFiles += f.name().endsWith(".blob") ? 1 : 0;
      }
    }
    List<DataSplit> theirs;
    Snapshot latest;
    List<ManifestFileMeta> manifests;
    try (Catalog catalog = CatalogFactory.createCatalog(paimonContext(false))) {
      FileStoreTable table = (FileStoreTable) catalog.getTable(identifier(name));
      theirs = dataSplits(table.newScan().plan().splits());
      latest = table.latestSnapshot().orElseThrow();
      manifests = table.store().manifestListFactory().create().readDataManifests(latest);
    }
    Set<String> paimonFiles = new TreeSet<>();
    long paimonRows = 0;
    long paimonFileRows = 0;
    for (DataSplit split : theirs) {
      check(
          split.snapshotId() == latest.id(),
          "Paimon planned snapshot " + split.snapshotId() + ", latest is " + latest.id());
      for (DataFileMeta f : split.dataFiles()) {
        check(paimonFiles.add(f.fileName()), "Paimon's plan lists " + f.fileName() + " twice");
        paimonFileRows += f.rowCount();
        paimonRows += f.fileName().endsWith(".blob") ? 0 : f.rowCount();
      }
    }
    long rows = (long) commits * rowsPerCommit;
    check(
        ours.stream().allMatch(s -> s.snapshotId() == latest.id()),
        "our plan is not of snapshot " + latest.id());
    check(
        ourRows == rows && paimonRows == rows,
        "plans cover " + ourRows + " (ours) and " + paimonRows + " (Paimon) rows, wrote " + rows);
    check(
        ourFileRows == paimonFileRows,
        "file row counts sum to " + ourFileRows + " (ours) and " + paimonFileRows + " (Paimon)");
    check(
        ourFiles.equals(paimonFiles),
        "the plans list different files: ours " + ourFiles + ", Paimon " + paimonFiles);
    long entries = 0;
    long manifestBytes = 0;
    for (ManifestFileMeta m : manifests) {
      entries += m.numAddedFiles() + m.numDeletedFiles();
      manifestBytes += m.fileSize();
    }
    info(
        "%s: snapshot %d; both plans list the same %,d files (%,d .blob) and %,d rows (file row"
            + " counts sum to %,d); ours %,d splits, Paimon %,d; the snapshot's manifest lists"
            + " name %d manifests, %,d entries, %,d bytes",
        name,
        latest.id(),
        ourFiles.size(),
        ourBlobFiles,
        rows,
        ourFileRows,
        ours.size(),
        theirs.size(),
        manifests.size(),
        entries,
        manifestBytes);
    return new Expected(latest.id(), rows, ours.size(), theirs.size());
  }

  /**
   * Warm-up rounds, then measured rounds; each round runs every contender once, in order, each
   * after a {@link System#gc()}. Returns the measured samples by contender.
   */
  private Sample[][] rounds(Contender... contenders) throws Exception {
    for (int i = 0; i < warmup; i++) {
      for (Contender c : contenders) {
        c.run();
      }
    }
    Sample[][] samples = new Sample[contenders.length][repeat];
    for (int i = 0; i < repeat; i++) {
      for (int c = 0; c < contenders.length; c++) {
        System.gc();
        samples[c][i] = contenders[c].run();
      }
    }
    return samples;
  }

  private Sample oursCold(String name, Expected expected) throws Exception {
    long t0 = System.nanoTime();
    try (Connection conn = Multimodal.connect(warehouse)) {
      Table table = conn.getTable(name);
      return plan(table, expected, System.nanoTime() - t0);
    }
  }

  private Sample paimonCold(String name, Expected expected) throws Exception {
    long t0 = System.nanoTime();
    try (Catalog catalog = CatalogFactory.createCatalog(paimonContext(false))) {
      FileStoreTable table = (FileStoreTable) catalog.getTable(identifier(name));
      return plan(table, expected, System.nanoTime() - t0);
    }
  }

  private static Sample plan(Table table, Expected expected, long openNanos) {
    long c0 = OS.getProcessCpuTime();
    long t0 = System.nanoTime();
    List<Split> plan = table.scan().plan();
    long t1 = System.nanoTime();
    long c1 = OS.getProcessCpuTime();
    long rows = 0;
    for (Split s : plan) {
      rows += s.rowCount();
    }
    check(
        plan.size() == expected.ourSplits() && rows == expected.rows(),
        "our plan changed: " + plan.size() + " splits, " + rows + " rows");
    return new Sample(openNanos, t1 - t0, c1 - c0);
  }

  private static Sample plan(FileStoreTable table, Expected expected, long openNanos) {
    long c0 = OS.getProcessCpuTime();
    long t0 = System.nanoTime();
    List<DataSplit> plan = dataSplits(table.newScan().plan().splits());
    long t1 = System.nanoTime();
    long c1 = OS.getProcessCpuTime();
    long rows = 0;
    for (DataSplit s : plan) {
      check(s.snapshotId() == expected.snapshotId(), "Paimon planned snapshot " + s.snapshotId());
      for (DataFileMeta f : s.dataFiles()) {
        rows += f.fileName().endsWith(".blob") ? 0 : f.rowCount();
      }
    }
    check(
        plan.size() == expected.paimonSplits() && rows == expected.rows(),
        "Paimon's plan changed: " + plan.size() + " splits, " + rows + " rows");
    return new Sample(openNanos, t1 - t0, c1 - c0);
  }

  private static List<DataSplit> dataSplits(List<org.apache.paimon.table.source.Split> splits) {
    List<DataSplit> out = new ArrayList<>(splits.size());
    for (org.apache.paimon.table.source.Split s : splits) {
      check(s instanceof DataSplit, "Paimon planned a " + s.getClass().getName());
      out.add((DataSplit) s);
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // Helpers

  /**
   * A Paimon catalog context on the warehouse; without caching, a new catalog reads every manifest
   * again (Paimon's default caches tables and manifests in the catalog).
   */
  private CatalogContext paimonContext(boolean cached) {
    Options options = new Options();
    options.set("warehouse", warehouse);
    options.set("cache-enabled", Boolean.toString(cached));
    return CatalogContext.create(options);
  }

  private static Identifier identifier(String name) {
    return Identifier.create(DATABASE, name);
  }

  /** The bundle's version from its Maven metadata (the shaded jar's manifest is ours). */
  private static String paimonVersion() {
    try (InputStream in =
        Catalog.class.getResourceAsStream(
            "/META-INF/maven/org.apache.paimon/paimon-bundle/pom.properties")) {
      if (in == null) {
        return "(version unknown)";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "(version unknown)");
    } catch (IOException e) {
      return "(version unknown)";
    }
  }

  private static Runs planRuns(Sample[] samples) {
    return new Runs(Arrays.stream(samples).mapToLong(Sample::planNanos).toArray());
  }

  /**
   * The mean process CPU time of the plans in milliseconds (all threads: Paimon reads manifests in
   * a thread pool). The mean, not the median: the clock ticks in 10 ms steps on Linux, coarser than
   * one plan.
   */
  private static double cpuMillis(Sample[] samples) {
    return Arrays.stream(samples).mapToLong(Sample::planCpuNanos).average().orElseThrow() / 1e6;
  }

  private static Runs openRuns(Sample[] samples) {
    return new Runs(Arrays.stream(samples).mapToLong(Sample::openNanos).toArray());
  }
}
