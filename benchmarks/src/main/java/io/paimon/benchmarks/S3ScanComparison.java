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
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Table;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * {@code ScanComparison --storage s3}: table scans through S3 (s3proxy behind a proxy adding {@code
 * --latency-ms} to every request, {@link S3BenchServer}) against the same scans of the same table
 * on the local file system, in one run: a full scan to Arrow and a 1% {@code id} range. The table
 * is the scan benchmark's dataset ({@link ScanDataset}, {@code --rows} rows in {@code --commits}
 * commits), written to both warehouses. Each figure is reported with the number of requests the S3
 * scan made (by method), since over a real network the round trips, not the bytes, set the time of
 * a selective scan.
 */
final class S3ScanComparison {

  private S3ScanComparison() {}

  static void run(String[] args) throws Exception {
    long rows = 1_000_000;
    int commits = 10;
    long latency = 20;
    int runs = 3;
    for (int i = 0; i < args.length; i++) {
      String v = i + 1 < args.length ? args[i + 1].replace("_", "").replace(",", "") : "";
      switch (args[i]) {
        case "--rows" -> rows = Long.parseLong(v);
        case "--commits" -> commits = Integer.parseInt(v);
        case "--latency-ms" -> latency = Long.parseLong(v);
        case "--repeat" -> runs = Integer.parseInt(v);
        case "--storage" -> {}
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
      i++;
    }
    System.out.println("INFO machine " + MachineInfo.describe());
    Path dir = Files.createTempDirectory("s3-scan-comparison");
    try (S3BenchServer s3 = S3BenchServer.start(dir.resolve("s3"));
        Connection remote = s3.connect("scan");
        Connection local = Multimodal.connect(dir.resolve("local").toString());
        RootAllocator allocator = new RootAllocator()) {
      Table remoteTable = remote.createTable("t", ScanDataset.schema(), false);
      Table localTable = local.createTable("t", ScanDataset.schema(), false);
      ScanDataset data = new ScanDataset();
      for (int c = 0; c < commits; c++) {
        int n = (int) (rows * (c + 1) / commits - rows * c / commits);
        List<Map<String, Object>> maps = new ArrayList<>(n);
        for (ScanDataset.Row r : data.next(n)) {
          maps.add(r.toMap());
        }
        remoteTable.add(maps);
        localTable.add(maps);
      }
      System.out.printf(
          Locale.ROOT, "INFO table rows=%d commits=%d latency=%d ms%n", rows, commits, latency);
      s3.latencyMillis(latency);
      long lo = rows / 2;
      String range = "id >= " + lo + " AND id < " + (lo + rows / 100);
      compare(
          s3,
          "s3.scan_full_" + latency + "ms",
          remoteTable.scan().allocator(allocator),
          localTable.scan().allocator(allocator),
          rows,
          runs);
      compare(
          s3,
          "s3.scan_where_1pct_" + latency + "ms",
          remoteTable.scan().where(range).allocator(allocator),
          localTable.scan().where(range).allocator(allocator),
          rows / 100,
          runs);
    } finally {
      BenchmarkFiles.deleteRecursively(dir);
    }
  }

  private static void compare(
      S3BenchServer s3, String name, Scan remote, Scan local, long expected, int runs)
      throws Exception {
    if (consume(remote) != expected || consume(local) != expected) {
      throw new IllegalStateException(name + ": a scan did not return " + expected + " rows");
    }
    s3.proxy().resetCounters();
    consume(remote);
    String requests =
        String.format(
            Locale.ROOT,
            "requests=%d (GET %d, HEAD %d, other %d)",
            s3.proxy().requests(),
            s3.proxy().requests("GET"),
            s3.proxy().requests("HEAD"),
            s3.proxy().requests() - s3.proxy().requests("GET") - s3.proxy().requests("HEAD"));
    Measurement[] m =
        new Measurement.Rounds()
            .add("s3 " + name, () -> consume(remote))
            .add("local " + name, () -> consume(local))
            .run(1, runs);
    System.out.println("INFO " + m[0].summary());
    System.out.println("INFO " + m[1].summary());
    System.out.printf(
        Locale.ROOT,
        "BENCH %s time=%.1f ms baseline=%.1f ratio=%.3f rows=%d %s (baseline: the same scan on"
            + " local disk)%n",
        name,
        m[0].median() * 1000,
        m[1].median() * 1000,
        m[0].median() / m[1].median(),
        expected,
        requests);
  }

  private static long consume(Scan scan) throws Exception {
    long n = 0;
    try (ArrowReader r = scan.toArrowReader()) {
      while (r.loadNextBatch()) {
        n += r.getVectorSchemaRoot().getRowCount();
      }
    }
    return n;
  }
}
