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

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.blob.BlobBatch;
import io.paimon.multimodal.blob.BlobReader;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.InputFile;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * BLOB reads side by side: {@link BlobReader} against a per-row loop (one ranged read per blob, in
 * row order, as a caller holding descriptors would write it) and against the ideal (the same bytes
 * in one sequential read; with latency, {@code ceil(requests / parallelism) x latency + bytes /
 * bandwidth}, where requests are ours and bandwidth is that of the sequential read). A table of
 * {@code --blobs} images of 64 KiB to 1 MiB is written once; a contiguous 10% of the rows and a
 * scattered 10% (every tenth row) are read at 0 ms and at {@code --latency-ms} injected latency per
 * payload request ({@link LatencyFileIO}). Both contenders include the scan that finds the rows.
 *
 * <p>Run: {@code java -Xms4g -Xmx4g -XX:+AlwaysPreTouch --add-opens=java.base/java.nio=ALL-UNNAMED
 * -cp benchmarks/target/benchmarks.jar io.paimon.benchmarks.BlobReadComparison [--blobs 2000]
 * [--latency-ms 10] [--parallelism 64] [--runs 5] [--dir /tmp/x]} (a pre-sized heap keeps page
 * faults of a growing heap out of every contender's timings).
 */
public final class BlobReadComparison {

  private static final int MIN_SIZE = 64 << 10;
  private static final int MAX_SIZE = 1 << 20;

  /**
   * Larger than the default (4 MiB): the payloads here are up to 1 MiB and the storage is a local
   * page cache behind a simulated latency, where fewer, larger requests cost less CPU.
   */
  private static final long RANGE_LIMIT = 16L << 20;

  private BlobReadComparison() {}

  /** Entry point. */
  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals(FIRST_READ_CHILD)) {
      firstReadChild(args);
      return;
    }
    if (List.of(args).contains("--storage")) {
      int at = List.of(args).indexOf("--storage");
      String storage = at + 1 < args.length ? args[at + 1] : "";
      if (storage.equals("s3")) {
        S3BlobReadComparison.run(args);
        return;
      }
      if (!storage.equals("local")) {
        throw new IllegalArgumentException("--storage is local or s3, got '" + storage + "'");
      }
    }
    int blobs = 2000;
    long latency = 10;
    int parallelism = 64;
    int runs = 5;
    Path dir = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--blobs":
          blobs = Integer.parseInt(args[++i]);
          break;
        case "--latency-ms":
          latency = Long.parseLong(args[++i]);
          break;
        case "--parallelism":
          parallelism = Integer.parseInt(args[++i]);
          break;
        case "--runs":
          runs = Integer.parseInt(args[++i]);
          break;
        case "--dir":
          dir = Path.of(args[++i]);
          break;
        case "--storage":
          i++;
          break;
        default:
          throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    boolean temporary = dir == null;
    if (temporary) {
      dir = Files.createTempDirectory("blob-read-comparison");
    }
    System.out.println("INFO machine " + MachineInfo.describe());
    LatencyFileIO io = new LatencyFileIO();
    try (Connection conn =
        Multimodal.builder().warehouse(dir.resolve("wh").toString()).fileIO(io).connect()) {
      Table table = write(conn, blobs);
      int lo = blobs * 45 / 100;
      int hi = lo + blobs / 10;
      Map<String, Scan> selections = new LinkedHashMap<>();
      selections.put("contiguous_10pct", table.scan().where("id >= " + lo + " AND id < " + hi));
      selections.put("scattered_10pct", table.scan().where("shard = 3"));
      // Without latency, threads beyond a couple per core only contend for the CPUs that copy
      // from the page cache; with latency, parallelism hides it (see docs/blob-reads.md).
      int local = Math.min(parallelism, 2 * Runtime.getRuntime().availableProcessors());
      for (long ms : latency == 0 ? new long[] {0} : new long[] {0, latency}) {
        io.latencyMillis(ms);
        int p = ms == 0 ? local : parallelism;
        System.out.printf(
            Locale.ROOT,
            "INFO settings latency=%d ms parallelism=%d rangeLimit=%d holeLimit=%d"
                + " prefetchBudget=%d verifyChecksums=true runs=%d%n",
            ms,
            p,
            RANGE_LIMIT,
            BlobReader.DEFAULT_HOLE_LIMIT,
            budget(p),
            runs);
        for (Map.Entry<String, Scan> s : selections.entrySet()) {
          compare(io, s.getKey(), s.getValue(), ms, p, runs);
        }
      }
      firstRead(conn.warehouse(), lo, hi, local, runs);
    } finally {
      if (temporary) {
        BenchmarkFiles.deleteRecursively(dir);
      }
    }
  }

  private static Table write(Connection conn, int blobs) {
    return write(conn, blobs, MIN_SIZE, MAX_SIZE);
  }

  /**
   * A table {@code images(id, shard, image)} of {@code blobs} random payloads of {@code minSize} to
   * {@code maxSize} bytes (seed 42), in commits of 500; shard is id mod 10.
   */
  static Table write(Connection conn, int blobs, int minSize, int maxSize) {
    Schema schema =
        Schema.builder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("shard", DataTypes.INT())
            .column("image", DataTypes.BLOB())
            .build();
    Table table = conn.createTable("images", schema, false);
    Random random = new Random(42);
    long bytes = 0;
    int perCommit = 500;
    for (int from = 0; from < blobs; from += perCommit) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (int i = from; i < Math.min(blobs, from + perCommit); i++) {
        byte[] image = new byte[minSize + random.nextInt(maxSize - minSize + 1)];
        random.nextBytes(image);
        bytes += image.length;
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", (long) i);
        row.put("shard", i % 10);
        row.put("image", image);
        rows.add(row);
      }
      table.add(rows);
    }
    System.out.printf(
        Locale.ROOT, "INFO table blobs=%d payload_bytes=%d (%.1f MiB)%n", blobs, bytes, mib(bytes));
    return table;
  }

  private static void compare(
      LatencyFileIO io, String selection, Scan scan, long latency, int parallelism, int runs)
      throws Exception {
    BlobReader reader =
        BlobReader.of(scan)
            .parallelism(parallelism)
            .rangeLimit(RANGE_LIMIT)
            .prefetchBudget(budget(parallelism));
    List<BlobDescriptor> descriptors = new ArrayList<>();
    for (Map<String, Object> row : scan.select("image").toList()) {
      descriptors.add((BlobDescriptor) row.get("image"));
    }
    long payload = descriptors.stream().mapToLong(BlobDescriptor::length).sum();
    String name = "blob_read_" + selection + "_" + latency + "ms";

    io.reset();
    long checksum = readOurs(reader);
    long requests = io.requests();
    long requestedBytes = io.bytes();
    Measurement ours = Measurement.of("ours " + name, 1, runs, () -> readOurs(reader));
    Measurement loop =
        Measurement.of(
            "per-row loop " + name, latency > 0 ? 0 : 1, Math.min(runs, 3), () -> perRow(io, scan));
    if (perRow(io, scan) != checksum) {
      throw new IllegalStateException("the per-row loop read other bytes than BlobReader");
    }
    Measurement sequential =
        Measurement.of(
            "one sequential read " + name, 1, runs, () -> sequential(descriptors, payload));
    double bandwidth = payload / sequential.median();
    double ideal =
        latency == 0
            ? sequential.median()
            : Math.ceil((double) requests / parallelism) * latency / 1000.0 + payload / bandwidth;
    System.out.println("INFO " + ours.summary());
    System.out.println("INFO " + loop.summary());
    System.out.println("INFO " + sequential.summary());
    System.out.printf(
        Locale.ROOT,
        "INFO %s rows=%d payload=%.1f MiB requests: ours=%d (%.1f MiB read) per-row=%d;"
            + " sequential bandwidth %.0f MiB/s; ideal %.1f ms%n",
        name,
        descriptors.size(),
        mib(payload),
        requests,
        mib(requestedBytes),
        descriptors.size(),
        mib((long) bandwidth),
        ideal * 1000);
    bench(name + "_vs_per_row_loop", ours.median(), loop.median());
    bench(name + "_vs_ideal", ours.median(), ideal);
  }

  private static final String FIRST_READ_CHILD = "--first-read-child";

  /** Reads after the first two in the child, the last half of which are its warm reads. */
  private static final int CHILD_READS = 20;

  /**
   * The first BLOB read of a process against a warm one: {@code children} fresh JVMs each open a
   * connection to the warehouse, then read the contiguous selection (at 0 ms, with the 0 ms
   * settings) once, once more, and {@value #CHILD_READS} times; the first read includes everything
   * a process pays once (class loading, interpretation, the first plan of the table) and is
   * compared with the median of the child's last {@value #CHILD_READS}/2 reads.
   */
  private static void firstRead(String warehouse, int lo, int hi, int parallelism, int children)
      throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    double[] first = new double[children];
    double[] second = new double[children];
    double[] warm = new double[children];
    double[] open = new double[children];
    for (int i = 0; i < children; i++) {
      Process child =
          new ProcessBuilder(
                  java,
                  "-Xms2g",
                  "-Xmx2g",
                  "--add-opens=java.base/java.nio=ALL-UNNAMED",
                  "-cp",
                  System.getProperty("java.class.path"),
                  BlobReadComparison.class.getName(),
                  FIRST_READ_CHILD,
                  warehouse,
                  Integer.toString(lo),
                  Integer.toString(hi),
                  Integer.toString(parallelism))
              .redirectErrorStream(true)
              .start();
      String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (child.waitFor() != 0 || !out.contains("FIRST_READ ")) {
        throw new IllegalStateException("the first-read child failed:\n" + out);
      }
      String[] f = out.substring(out.indexOf("FIRST_READ ") + 11).trim().split("\\s+");
      open[i] = Double.parseDouble(f[0]);
      first[i] = Double.parseDouble(f[1]);
      second[i] = Double.parseDouble(f[2]);
      warm[i] = Double.parseDouble(f[3]);
    }
    System.out.printf(
        Locale.ROOT,
        "INFO blob_read_first_in_fresh_jvm (contiguous_10pct, 0 ms, %d JVMs): connect+open table"
            + " %s ms, first read %s ms, second %s ms, warm (median of reads %d-%d) %s ms%n",
        children,
        Arrays.toString(open),
        Arrays.toString(first),
        Arrays.toString(second),
        CHILD_READS / 2 + 3,
        CHILD_READS + 2,
        Arrays.toString(warm));
    bench("blob_read_first_in_fresh_jvm", median(first) / 1000, median(warm) / 1000);
  }

  private static double median(double[] values) {
    double[] v = values.clone();
    Arrays.sort(v);
    return v[v.length / 2];
  }

  /** The child of {@link #firstRead}: prints open, first, second and warm times in ms. */
  private static void firstReadChild(String[] args) throws Exception {
    long start = System.nanoTime();
    try (Connection conn = Multimodal.builder().warehouse(args[1]).connect()) {
      Table table = conn.getTable("images");
      BlobReader reader =
          BlobReader.of(table.scan().where("id >= " + args[2] + " AND id < " + args[3]))
              .parallelism(Integer.parseInt(args[4]))
              .rangeLimit(RANGE_LIMIT)
              .prefetchBudget(budget(Integer.parseInt(args[4])));
      double open = (System.nanoTime() - start) / 1e6;
      double[] t = new double[CHILD_READS + 2];
      for (int i = 0; i < t.length; i++) {
        long s = System.nanoTime();
        if (readOurs(reader) == 0) {
          throw new IllegalStateException("nothing read");
        }
        t[i] = (System.nanoTime() - s) / 1e6;
      }
      double warm = median(Arrays.copyOfRange(t, 2 + CHILD_READS / 2, t.length));
      System.out.printf(Locale.ROOT, "FIRST_READ %.1f %.1f %.1f %.1f%n", open, t[0], t[1], warm);
    }
  }

  private static long budget(int parallelism) {
    // Enough for every worker to hold a request of a scattered read (payloads up to 1 MiB) and
    // for a contiguous read to keep all its 16 MiB requests in flight.
    return Math.max(16 * RANGE_LIMIT, parallelism * (2L << 20));
  }

  private static void bench(String name, double ours, double baseline) {
    System.out.printf(
        Locale.ROOT,
        "BENCH %s time=%.1f ms baseline=%.1f ratio=%.3f%n",
        name,
        ours * 1000,
        baseline * 1000,
        ours / baseline);
  }

  private static long readOurs(BlobReader reader) {
    long sum = 0;
    try (BlobBatch b = reader.read("image")) {
      for (byte[] x : b.blobs("image")) {
        sum += x.length + x[x.length / 2];
      }
    }
    return sum;
  }

  private static long perRow(FileIO io, Scan scan) throws IOException {
    long sum = 0;
    for (Map<String, Object> row : scan.select("image").toList()) {
      BlobDescriptor d = (BlobDescriptor) row.get("image");
      byte[] x = new byte[(int) d.length()];
      try (InputFile in = io.newInputFile(d.uri())) {
        in.readFully(d.offset(), x, 0, x.length);
      }
      sum += x.length + x[x.length / 2];
    }
    return sum;
  }

  /** The same number of bytes in one read from the start of the first selected row's file. */
  private static long sequential(List<BlobDescriptor> descriptors, long payload)
      throws IOException {
    byte[] all = new byte[(int) payload];
    try (InputFile in = FileIO.local().newInputFile(descriptors.get(0).uri())) {
      long start = Math.max(0, Math.min(descriptors.get(0).offset(), in.length() - payload));
      in.readFully(start, all, 0, all.length);
    }
    return all[all.length / 2];
  }

  private static double mib(long bytes) {
    return bytes / (1024.0 * 1024.0);
  }
}
