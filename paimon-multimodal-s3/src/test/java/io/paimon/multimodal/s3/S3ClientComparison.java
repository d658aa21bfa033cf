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
package io.paimon.multimodal.s3;

import io.paimon.multimodal.fs.InputFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;

/**
 * Chooses the HTTP client of {@link S3FileIO} by measurement: the three synchronous clients of the
 * AWS SDK (Apache HttpClient 5, Apache HttpClient 4, the JDK's {@code HttpURLConnection}) behind
 * the same {@code S3FileIO} read path, against an in-process s3proxy on 127.0.0.1, reached through
 * a relay that counts TCP connections and delays each new one by the milliseconds given as the
 * first argument (default {@value #CONNECT_DELAY_MS}: a TCP + TLS handshake over a short network
 * path; on loopback a new connection costs nothing, which would hide the cost of a client that
 * keeps few connections alive). Workloads:
 *
 * <ul>
 *   <li>{@code ranged}: {@value #THREADS} threads, each {@value #RANGED_PER_THREAD} ranged reads of
 *       1 MiB at random offsets of a 64 MiB object (the BLOB reader's pattern);
 *   <li>{@code small}: {@value #SMALL} whole-object GETs of 4 KiB objects over {@value #THREADS}
 *       threads (manifests, snapshots), and the same one at a time for the median latency.
 * </ul>
 *
 * Every client runs once to warm up, then {@value #ROUNDS} rounds in rotating order; each figure is
 * the median over rounds. Prints {@code BENCH s3.client.<name>.<workload> ...} lines, the chosen
 * client ({@code apache5}) being the baseline of the ratios. Run after {@code mvn -pl
 * paimon-multimodal-s3 -am test-compile}: {@code java -cp <test class path>
 * io.paimon.multimodal.s3.S3ClientComparison}.
 */
public final class S3ClientComparison {

  static final int THREADS = 32;
  static final int RANGED_PER_THREAD = 16;
  static final int SMALL = 256;
  static final int CONNECT_DELAY_MS = 5;
  private static final int MIB = 1 << 20;
  private static final long BIG = 64L * MIB;
  private static final int ROUNDS = 5;

  private S3ClientComparison() {}

  private record Figures(
      double rangedMbps, double smallPerSecond, double smallP50Millis, long connections) {}

  /** Apache HttpClient 4.x, which SDK 2.57 deprecates in favour of the 5.x client. */
  @SuppressWarnings("deprecation")
  private static SdkHttpClient apache4(S3Options o) {
    return ApacheHttpClient.builder()
        .maxConnections(o.maxConnections())
        .connectionTimeout(o.connectionTimeout())
        .socketTimeout(o.socketTimeout())
        .connectionAcquisitionTimeout(o.connectionAcquisitionTimeout())
        .tcpKeepAlive(true)
        .build();
  }

  private static SdkHttpClient urlConnection(S3Options o) {
    // No pool to size: the JDK keeps up to http.maxConnections (default 5) idle connections per
    // host, a JVM-wide setting.
    return UrlConnectionHttpClient.builder()
        .connectionTimeout(o.connectionTimeout())
        .socketTimeout(o.socketTimeout())
        .build();
  }

  public static void main(String[] args) throws Exception {
    Map<String, Function<S3Options, SdkHttpClient>> clients = new LinkedHashMap<>();
    clients.put("apache5", S3Clients::httpClient);
    clients.put("apache4", S3ClientComparison::apache4);
    clients.put("urlconnection", S3ClientComparison::urlConnection);

    int connectDelay = args.length > 0 ? Integer.parseInt(args[0]) : CONNECT_DELAY_MS;
    System.out.println("connect delay " + connectDelay + " ms");
    try (S3TestServer server = S3TestServer.start();
        Relay relay = new Relay(server.endpoint().getPort(), connectDelay)) {
      String bucket = server.newBucket();
      Map<String, String> raw = new LinkedHashMap<>(server.options());
      raw.put(S3Options.ENDPOINT, "http://127.0.0.1:" + relay.port());
      S3Options options = S3Options.parse(raw);
      String big = "s3://" + bucket + "/big";
      List<String> small = new ArrayList<>();
      try (S3FileIO io = S3FileIO.create(S3Options.parse(server.options()))) {
        byte[] chunk = new byte[MIB];
        new Random(1).nextBytes(chunk);
        try (OutputStream out = io.newOutputStream(big)) {
          for (long i = 0; i < BIG / MIB; i++) {
            out.write(chunk);
          }
        }
        byte[] four = Arrays.copyOf(chunk, 4096);
        for (int i = 0; i < SMALL; i++) {
          String p = "s3://" + bucket + "/small/" + i;
          io.overwrite(p, four);
          small.add(p);
        }
      }

      List<String> names = new ArrayList<>(clients.keySet());
      for (String name : names) {
        try (S3FileIO io =
            new S3FileIO(options, clients.get(name).apply(options), S3FileIO.Tuning.DEFAULT)) {
          measure(io, big, small, relay);
        }
      }
      Map<String, List<Figures>> rounds = new LinkedHashMap<>();
      for (int round = 0; round < ROUNDS; round++) {
        for (int i = 0; i < names.size(); i++) {
          String name = names.get((i + round) % names.size());
          try (S3FileIO io =
              new S3FileIO(options, clients.get(name).apply(options), S3FileIO.Tuning.DEFAULT)) {
            rounds
                .computeIfAbsent(name, k -> new ArrayList<>())
                .add(measure(io, big, small, relay));
          }
        }
      }
      Figures base = median(rounds.get("apache5"));
      for (String name : names) {
        Figures f = median(rounds.get(name));
        System.out.printf(
            "BENCH s3.client.%s.ranged-1mib-32threads throughput=%.0f MB/s baseline=%.0f"
                + " ratio=%.2f%n",
            name, f.rangedMbps, base.rangedMbps, f.rangedMbps / base.rangedMbps);
        System.out.printf(
            "BENCH s3.client.%s.small-get-32threads throughput=%.0f req/s baseline=%.0f"
                + " ratio=%.2f%n",
            name, f.smallPerSecond, base.smallPerSecond, f.smallPerSecond / base.smallPerSecond);
        System.out.printf(
            "BENCH s3.client.%s.small-get-serial p50=%.3f ms baseline=%.3f ratio=%.2f%n",
            name, f.smallP50Millis, base.smallP50Millis, f.smallP50Millis / base.smallP50Millis);
        System.out.printf(
            "BENCH s3.client.%s.connections-opened count=%d connections baseline=%d ratio=%.2f%n",
            name,
            f.connections,
            base.connections,
            f.connections / (double) Math.max(1, base.connections));
      }
    }
  }

  private static Figures median(List<Figures> rounds) {
    int n = rounds.size();
    double[] a = rounds.stream().mapToDouble(Figures::rangedMbps).sorted().toArray();
    double[] b = rounds.stream().mapToDouble(Figures::smallPerSecond).sorted().toArray();
    double[] c = rounds.stream().mapToDouble(Figures::smallP50Millis).sorted().toArray();
    long[] d = rounds.stream().mapToLong(Figures::connections).sorted().toArray();
    return new Figures(a[n / 2], b[n / 2], c[n / 2], d[n / 2]);
  }

  private static Figures measure(S3FileIO io, String big, List<String> small, Relay relay)
      throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      long connections = relay.accepted();
      long t0 = System.nanoTime();
      long bytes = ranged(io, big, pool);
      double rangedSeconds = (System.nanoTime() - t0) / 1e9;

      t0 = System.nanoTime();
      smallParallel(io, small, pool);
      double smallSeconds = (System.nanoTime() - t0) / 1e9;

      double[] latencies = new double[small.size()];
      for (int i = 0; i < small.size(); i++) {
        long s = System.nanoTime();
        io.readAllBytes(small.get(i));
        latencies[i] = (System.nanoTime() - s) / 1e6;
      }
      Arrays.sort(latencies);
      return new Figures(
          bytes / (double) MIB / rangedSeconds,
          small.size() / smallSeconds,
          latencies[latencies.length / 2],
          relay.accepted() - connections);
    } finally {
      pool.shutdownNow();
    }
  }

  private static long ranged(S3FileIO io, String big, ExecutorService pool) throws Exception {
    InputFile file = io.newInputFile(big, BIG);
    List<Callable<Long>> tasks = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      long seed = t;
      tasks.add(
          () -> {
            Random rnd = new Random(seed);
            byte[] buf = new byte[MIB];
            long n = 0;
            for (int i = 0; i < RANGED_PER_THREAD; i++) {
              long pos = (long) (rnd.nextDouble() * (BIG - MIB));
              file.readFully(pos, buf, 0, MIB);
              n += MIB;
            }
            return n;
          });
    }
    long total = 0;
    for (Future<Long> f : pool.invokeAll(tasks)) {
      total += f.get();
    }
    return total;
  }

  private static void smallParallel(S3FileIO io, List<String> small, ExecutorService pool)
      throws Exception {
    List<Callable<Integer>> tasks = new ArrayList<>();
    for (String p : small) {
      tasks.add(() -> io.readAllBytes(p).length);
    }
    for (Future<Integer> f : pool.invokeAll(tasks)) {
      f.get();
    }
  }

  /**
   * A TCP relay to the server that counts the connections it accepts and delays each new one (the
   * cost of a handshake); two daemon threads per connection. Closing it stops accepting.
   */
  private static final class Relay implements AutoCloseable {
    private final ServerSocket server;
    private final AtomicLong accepted = new AtomicLong();

    Relay(int targetPort, int connectDelayMillis) throws IOException {
      server = new ServerSocket(0, 512, InetAddress.getLoopbackAddress());
      Thread acceptor =
          new Thread(
              () -> {
                while (!server.isClosed()) {
                  try {
                    Socket client = server.accept();
                    accepted.incrementAndGet();
                    daemon(() -> connect(client, targetPort, connectDelayMillis));
                  } catch (IOException e) {
                    return;
                  }
                }
              },
              "relay-accept");
      acceptor.setDaemon(true);
      acceptor.start();
    }

    int port() {
      return server.getLocalPort();
    }

    long accepted() {
      return accepted.get();
    }

    private static void connect(Socket client, int port, int delayMillis) {
      try {
        Thread.sleep(delayMillis);
        Socket upstream = new Socket(InetAddress.getLoopbackAddress(), port);
        client.setTcpNoDelay(true);
        upstream.setTcpNoDelay(true);
        daemon(() -> pump(upstream, client));
        pump(client, upstream);
      } catch (IOException | InterruptedException e) {
        closeQuietly(client);
      }
    }

    private static void pump(Socket from, Socket to) {
      byte[] buf = new byte[64 << 10];
      try (InputStream in = from.getInputStream();
          OutputStream out = to.getOutputStream()) {
        int n;
        while ((n = in.read(buf)) >= 0) {
          out.write(buf, 0, n);
        }
      } catch (IOException e) {
        // the other side closed
      } finally {
        closeQuietly(from);
        closeQuietly(to);
      }
    }

    private static void daemon(Runnable r) {
      Thread t = new Thread(r, "relay");
      t.setDaemon(true);
      t.start();
    }

    private static void closeQuietly(Socket s) {
      try {
        s.close();
      } catch (IOException e) {
        // closing
      }
    }

    @Override
    public void close() throws IOException {
      server.close();
    }
  }
}
