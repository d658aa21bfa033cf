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
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.blob.BlobBatch;
import io.paimon.multimodal.blob.BlobReader;
import io.paimon.multimodal.fs.ReadHints;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;

/**
 * {@code BlobReadComparison --storage s3}: BLOB reads through S3 (s3proxy behind a proxy adding
 * {@code --latency-ms} to every request, {@link S3BenchServer}) side by side with two baselines in
 * the same run, all reading the same selected payloads:
 *
 * <ul>
 *   <li><b>per-row loop</b>: one ranged {@code GetObject} per row, one after another, with the AWS
 *       SDK's own client, as a caller holding the descriptors would write it;
 *   <li><b>ideal</b>: the same ranges our reader requests (adjacent payloads merged across holes of
 *       at most the hole limit, cut at the range limit), each one ranged {@code GetObject}, all at
 *       our parallelism on a plain thread pool: what a hand-tuned fetch of known ranges costs.
 * </ul>
 *
 * All three include the scan that finds the rows (ours runs it inside the reader; the baselines run
 * the same scan for the descriptors), so the ratios compare only payload fetching. The table holds
 * {@code --blobs} payloads of 64 to 256 KiB; the selections are 1,000 contiguous rows and a
 * scattered 10% (every tenth row). The reader runs with the defaults of the S3 storage ({@link
 * ReadHints#OBJECT_STORE}) unless {@code --parallelism} or {@code --range-limit-mib} is given.
 */
final class S3BlobReadComparison {

  private static final int MIN_SIZE = 64 << 10;
  private static final int MAX_SIZE = 256 << 10;

  private S3BlobReadComparison() {}

  static void run(String[] args) throws Exception {
    int blobs = 2000;
    long latency = 20;
    int parallelism = 0;
    int runs = 3;
    long rangeLimit = 0;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--blobs" -> blobs = Integer.parseInt(args[++i]);
        case "--range-limit-mib" -> rangeLimit = Long.parseLong(args[++i]) << 20;
        case "--latency-ms" -> latency = Long.parseLong(args[++i]);
        case "--parallelism" -> parallelism = Integer.parseInt(args[++i]);
        case "--runs" -> runs = Integer.parseInt(args[++i]);
        case "--storage" -> i++;
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    System.out.println("INFO machine " + MachineInfo.describe());
    Path dir = Files.createTempDirectory("s3-blob-read-comparison");
    try (S3BenchServer s3 = S3BenchServer.start(dir);
        Connection conn = s3.connect("blobs")) {
      Table table = BlobReadComparison.write(conn, blobs, MIN_SIZE, MAX_SIZE);
      ReadHints defaults = ReadHints.OBJECT_STORE;
      int p = parallelism > 0 ? parallelism : defaults.parallelism();
      ReadHints hints =
          new ReadHints(
              p, defaults.holeLimit(), rangeLimit > 0 ? rangeLimit : defaults.rangeLimit());
      int lo = Math.max(0, blobs / 2 - 500);
      Map<String, Scan> selections = new LinkedHashMap<>();
      selections.put(
          "contiguous_" + Math.min(1000, blobs),
          table.scan().where("id >= " + lo + " AND id < " + (lo + 1000)));
      selections.put("scattered_10pct", table.scan().where("shard = 3"));
      s3.latencyMillis(latency);
      System.out.printf(
          Locale.ROOT,
          "INFO settings storage=s3 latency=%d ms parallelism=%d rangeLimit=%d holeLimit=%d"
              + " runs=%d%n",
          latency,
          p,
          hints.rangeLimit(),
          hints.holeLimit(),
          runs);
      try (S3Client sdk = s3.sdkClient()) {
        for (Map.Entry<String, Scan> e : selections.entrySet()) {
          compare(s3, sdk, e.getKey(), e.getValue(), latency, p, hints, runs);
        }
      }
    } finally {
      BenchmarkFiles.deleteRecursively(dir);
    }
  }

  private static void compare(
      S3BenchServer s3,
      S3Client sdk,
      String selection,
      Scan scan,
      long latency,
      int parallelism,
      ReadHints hints,
      int runs)
      throws Exception {
    // The storage's defaults unless the run overrides them.
    BlobReader reader =
        hints.equals(ReadHints.OBJECT_STORE)
            ? BlobReader.of(scan)
            : BlobReader.of(scan)
                .parallelism(parallelism)
                .holeLimit(hints.holeLimit())
                .rangeLimit(hints.rangeLimit())
                .prefetchBudget(
                    Math.max(BlobReader.DEFAULT_PREFETCH_BUDGET, parallelism * hints.rangeLimit()));
    List<BlobDescriptor> descriptors = descriptors(scan);
    List<long[]> ranges = ranges(sortedByFile(descriptors), hints);
    long payload = descriptors.stream().mapToLong(BlobDescriptor::length).sum();
    String name = "s3.blob_read_" + selection + "_" + latency + "ms";

    long checksum = readOurs(reader);
    s3.proxy().resetCounters();
    readOurs(reader);
    long ourRequests = s3.proxy().requests("GET");
    if (perRow(sdk, scan) != checksum || ideal(sdk, scan, hints, parallelism) != checksum) {
      throw new IllegalStateException("the baselines read other bytes than BlobReader");
    }
    Measurement[] m =
        new Measurement.Rounds()
            .add("ours " + name, () -> readOurs(reader))
            .add("ideal " + name, () -> ideal(sdk, scan, hints, parallelism))
            .run(1, runs);
    Measurement loop = Measurement.of("per-row loop " + name, 0, 1, () -> perRow(sdk, scan));
    System.out.println("INFO " + m[0].summary());
    System.out.println("INFO " + m[1].summary());
    System.out.println("INFO " + loop.summary());
    System.out.printf(
        Locale.ROOT,
        "INFO %s rows=%d payload=%.1f MiB GET requests: ours=%d (scan and payload) ideal=%d"
            + " (payload) per-row=%d%n",
        name,
        descriptors.size(),
        payload / 1048576.0,
        ourRequests,
        ranges.size(),
        descriptors.size());
    bench(name + "_vs_per_row_loop", m[0].median(), loop.median());
    bench(name + "_vs_ideal", m[0].median(), m[1].median());
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

  private static List<BlobDescriptor> descriptors(Scan scan) {
    List<BlobDescriptor> out = new ArrayList<>();
    for (Map<String, Object> row : scan.select("image").toList()) {
      out.add((BlobDescriptor) row.get("image"));
    }
    return out;
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

  private static long perRow(S3Client sdk, Scan scan) throws IOException {
    long sum = 0;
    for (BlobDescriptor d : descriptors(scan)) {
      byte[] x = get(sdk, d.uri(), d.offset(), (int) d.length());
      sum += x.length + x[x.length / 2];
    }
    return sum;
  }

  /**
   * The ranges a perfect fetcher requests: per file, payloads in offset order, merged while the
   * hole between them is at most the hole limit and the merged range stays within the range limit.
   * Each range is {unused, start, end, first descriptor, last descriptor + 1} into the sorted list.
   */
  private static List<long[]> ranges(List<BlobDescriptor> sorted, ReadHints hints) {
    List<long[]> out = new ArrayList<>();
    long[] cur = null;
    for (int i = 0; i < sorted.size(); i++) {
      BlobDescriptor d = sorted.get(i);
      long end = d.offset() + d.length();
      if (cur != null
          && sorted.get((int) cur[3]).uri().equals(d.uri())
          && d.offset() >= cur[2]
          && d.offset() - cur[2] <= hints.holeLimit()
          && end - cur[1] <= hints.rangeLimit()) {
        cur[2] = end;
        cur[4] = i + 1;
      } else {
        cur = new long[] {0, d.offset(), end, i, i + 1};
        out.add(cur);
      }
    }
    return out;
  }

  private static List<BlobDescriptor> sortedByFile(List<BlobDescriptor> descriptors) {
    List<BlobDescriptor> sorted = new ArrayList<>(descriptors);
    sorted.sort(
        Comparator.comparing(BlobDescriptor::uri).thenComparingLong(BlobDescriptor::offset));
    return sorted;
  }

  private static long ideal(S3Client sdk, Scan scan, ReadHints hints, int parallelism)
      throws Exception {
    List<BlobDescriptor> sorted = sortedByFile(descriptors(scan));
    List<long[]> ranges = ranges(sorted, hints);
    ExecutorService pool = Executors.newFixedThreadPool(parallelism);
    try {
      List<Future<Long>> parts = new ArrayList<>();
      for (long[] r : ranges) {
        parts.add(
            pool.submit(
                () -> {
                  BlobDescriptor first = sorted.get((int) r[3]);
                  byte[] bytes = get(sdk, first.uri(), r[1], (int) (r[2] - r[1]));
                  long sum = 0;
                  for (int i = (int) r[3]; i < r[4]; i++) {
                    BlobDescriptor d = sorted.get(i);
                    int at = (int) (d.offset() - r[1]);
                    sum += d.length() + bytes[at + (int) (d.length() / 2)];
                  }
                  return sum;
                }));
      }
      long sum = 0;
      for (Future<Long> f : parts) {
        sum += f.get();
      }
      return sum;
    } finally {
      pool.shutdownNow();
    }
  }

  private static byte[] get(S3Client sdk, String uri, long offset, int length) throws IOException {
    String[] bk = S3BenchServer.bucketAndKey(uri);
    GetObjectRequest req =
        GetObjectRequest.builder()
            .bucket(bk[0])
            .key(bk[1])
            .range("bytes=" + offset + "-" + (offset + length - 1))
            .build();
    try (InputStream in = sdk.getObject(req)) {
      byte[] x = in.readNBytes(length);
      if (x.length != length) {
        throw new IOException("short read of " + uri + " at " + offset);
      }
      return x;
    }
  }
}
