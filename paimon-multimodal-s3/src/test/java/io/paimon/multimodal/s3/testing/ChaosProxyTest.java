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
package io.paimon.multimodal.s3.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.paimon.multimodal.s3.testing.ChaosProxy.Action;
import io.paimon.multimodal.s3.testing.ChaosProxy.Request;
import io.paimon.multimodal.s3.testing.ChaosProxy.Rule;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * {@link ChaosProxy} between raw sockets or the JDK HTTP client and the JDK HTTP server (or a raw
 * socket server, where bytes must be compared exactly), and once between the AWS SDK and s3proxy.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ChaosProxyTest {

  private static final int MIB = 1024 * 1024;

  /** A request the upstream server handled. */
  record Seen(
      String method,
      String uri,
      Map<String, List<String>> headers,
      long bodyLength,
      String bodySha256,
      int remotePort) {}

  private final Queue<Seen> seen = new ConcurrentLinkedQueue<>();
  private final AtomicReference<CountDownLatch> barrier = new AtomicReference<>();
  private ExecutorService upstreamThreads;
  private HttpServer upstream;
  private ChaosProxy proxy;

  @BeforeAll
  static void noDelay() {
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  @BeforeEach
  void startUpstream() throws IOException {
    upstreamThreads = Executors.newCachedThreadPool();
    upstream = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
    upstream.setExecutor(upstreamThreads);
    upstream.createContext("/", this::handle);
    upstream.start();
    proxy = ChaosProxy.start(URI.create("http://127.0.0.1:" + upstream.getAddress().getPort()));
  }

  @AfterEach
  void stop() {
    if (proxy != null) {
      proxy.close();
    }
    upstream.stop(0);
    upstreamThreads.shutdownNow();
  }

  /**
   * The upstream: reads and digests the request body, records the request, and answers {@code
   * ?size=N} bytes of {@link #payload} (chunked with {@code &chunked=1}), or {@code ?status=N}
   * without a body. {@code /barrier} answers 200 once {@link #barrier} has counted down to zero.
   */
  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      MessageDigest digest = sha256();
      long length = 0;
      byte[] buffer = new byte[64 * 1024];
      try (InputStream in = exchange.getRequestBody()) {
        int n;
        while ((n = in.read(buffer)) >= 0) {
          digest.update(buffer, 0, n);
          length += n;
        }
      }
      String bodySha = HexFormat.of().formatHex(digest.digest());
      Map<String, List<String>> headers = new HashMap<>();
      exchange.getRequestHeaders().forEach((k, v) -> headers.put(k, List.copyOf(v)));
      seen.add(
          new Seen(
              exchange.getRequestMethod(),
              exchange.getRequestURI().toString(),
              headers,
              length,
              bodySha,
              exchange.getRemoteAddress().getPort()));
      exchange.getResponseHeaders().set("X-Body-Length", Long.toString(length));
      exchange.getResponseHeaders().set("X-Body-Sha256", bodySha);

      if (exchange.getRequestURI().getPath().equals("/barrier")) {
        CountDownLatch latch = barrier.get();
        latch.countDown();
        boolean all;
        try {
          all = latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          all = false;
        }
        exchange.sendResponseHeaders(all ? 200 : 500, -1);
        return;
      }
      Map<String, String> query = query(exchange.getRequestURI());
      if (query.containsKey("status")) {
        exchange.sendResponseHeaders(Integer.parseInt(query.get("status")), -1);
        return;
      }
      int size = Integer.parseInt(query.getOrDefault("size", "0"));
      if (exchange.getRequestMethod().equals("HEAD")) {
        exchange.getResponseHeaders().set("Content-Length", Integer.toString(size));
        exchange.sendResponseHeaders(200, -1);
        return;
      }
      boolean chunked = query.containsKey("chunked");
      exchange.sendResponseHeaders(200, chunked ? 0 : size == 0 ? -1 : size);
      byte[] body = payload(size);
      try (OutputStream out = exchange.getResponseBody()) {
        for (int off = 0; off < size; off += 100_000) {
          out.write(body, off, Math.min(100_000, size - off));
        }
      }
    }
  }

  @Test
  void forwardsRequestsAndResponsesByteForByte() throws Exception {
    // Odd spacing and casing, a folded line, a signed-looking Host for another port, a chunked
    // body with extensions and trailers: a raw upstream must receive exactly these bytes.
    String get =
        "GET /bucket/key%20x?list-type=2&prefix=a%2Fb HTTP/1.1\r\n"
            + "Host: s3.example.invalid:9000\r\n"
            + "x-amz-date:20260102T030405Z\r\n"
            + "X-Amz-Content-SHA256:   UNSIGNED-PAYLOAD  \r\n"
            + "Authorization: AWS4-HMAC-SHA256 Credential=AK/20260102/us-east-1/s3/aws4_request,"
            + " SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=0123abcd\r\n"
            + "X-Folded: first\r\n"
            + "\tsecond\r\n"
            + "Range: bytes=0-4\r\n"
            + "\r\n";
    String put =
        "PUT /bucket/chunked HTTP/1.1\r\n"
            + "host: s3.example.invalid:9000\r\n"
            + "Content-Encoding: aws-chunked\r\n"
            + "Transfer-Encoding: chunked\r\n"
            + "x-amz-trailer: x-amz-checksum-crc32\r\n"
            + "\r\n"
            + "5;chunk-signature=abc\r\nhello\r\n"
            + "1A\r\nabcdefghijklmnopqrstuvwxyz\r\n"
            + "0;chunk-signature=def\r\n"
            + "x-amz-checksum-crc32: AAAAAA==\r\n"
            + "\r\n";
    String okFixed =
        "HTTP/1.1 206 Partial Content\r\nETag: \"e\"\r\nContent-Length: 5\r\n\r\nhello";
    String okChunked =
        "HTTP/1.1 200 OK\r\n"
            + "x-amz-request-id: R2\r\n"
            + "Transfer-Encoding: chunked\r\n"
            + "\r\n"
            + "3;x=y\r\nabc\r\n"
            + "0\r\n"
            + "X-Trailer: t\r\n"
            + "\r\n";
    try (RawUpstream raw = new RawUpstream(List.of(get, put), List.of(okFixed, okChunked));
        ChaosProxy p = ChaosProxy.start(raw.uri());
        RawClient client = new RawClient(p.port())) {
      client.send(get);
      assertThat(client.readExactly(okFixed.length())).isEqualTo(bytes(okFixed));
      client.send(put);
      assertThat(client.readExactly(okChunked.length())).isEqualTo(bytes(okChunked));

      assertThat(raw.received()).containsExactly(get, put);
      assertThat(raw.connections()).isEqualTo(1);
      assertThat(p.connections()).isEqualTo(1);
      assertThat(p.requests()).isEqualTo(2);
      assertThat(p.forwarded()).isEqualTo(2);
    }
  }

  @Test
  void upstreamSeesTheClientsHostAndHeaders() throws Exception {
    String host = "127.0.0.1:" + proxy.port();
    try (RawClient client = new RawClient(proxy.port())) {
      client.send(
          "GET /obj?size=3 HTTP/1.1\r\nHost: "
              + host
              + "\r\nRange: bytes=0-2\r\nIf-None-Match: *\r\nX-Amz-Meta-Mixed: Some Value\r\n\r\n");
      RawResponse response = client.read("GET");
      assertThat(response.status).isEqualTo(200);
      assertThat(response.body).isEqualTo(payload(3));
    }
    Seen s = seen.remove();
    assertThat(s.method()).isEqualTo("GET");
    assertThat(s.uri()).isEqualTo("/obj?size=3");
    assertThat(s.headers())
        .containsEntry("Host", List.of(host))
        .containsEntry("Range", List.of("bytes=0-2"))
        .containsEntry("If-none-match", List.of("*"))
        .containsEntry("X-amz-meta-mixed", List.of("Some Value"));
  }

  @Test
  void streamsLargeFixedLengthBodiesBothWays() throws Exception {
    byte[] upload = payload(8 * MIB + 123);
    HttpResponse<byte[]> response =
        http()
            .send(
                HttpRequest.newBuilder(uri("/big?size=" + (9 * MIB + 7)))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(upload))
                    .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValueAsLong("content-length")).hasValue(9L * MIB + 7);
    assertThat(response.body()).isEqualTo(payload(9 * MIB + 7));
    Seen s = seen.remove();
    assertThat(s.bodyLength()).isEqualTo(upload.length);
    assertThat(s.bodySha256()).isEqualTo(sha256Hex(upload));
  }

  @Test
  void streamsLargeChunkedBodiesBothWays() throws Exception {
    byte[] upload = payload(7 * MIB + 5);
    HttpResponse<byte[]> response =
        http()
            .send(
                HttpRequest.newBuilder(uri("/big?chunked=1&size=" + (6 * MIB + 3)))
                    .POST(
                        HttpRequest.BodyPublishers.ofInputStream(
                            () -> new ByteArrayInputStream(upload)))
                    .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("transfer-encoding")).hasValue("chunked");
    assertThat(response.body()).isEqualTo(payload(6 * MIB + 3));
    Seen s = seen.remove();
    assertThat(s.headers()).containsEntry("Transfer-encoding", List.of("chunked"));
    assertThat(s.bodyLength()).isEqualTo(upload.length);
    assertThat(s.bodySha256()).isEqualTo(sha256Hex(upload));
  }

  @Test
  void keepsOneConnectionAliveForManyRequests() throws Exception {
    try (RawClient client = new RawClient(proxy.port())) {
      for (int i = 0; i < 100; i++) {
        client.send(get("/k" + i + "?size=" + i));
        RawResponse response = client.read("GET");
        assertThat(response.status).isEqualTo(200);
        assertThat(response.body).isEqualTo(payload(i));
      }
    }
    assertThat(proxy.connections()).isEqualTo(1);
    assertThat(proxy.requests("GET")).isEqualTo(100);
    // One upstream connection served them all.
    assertThat(seen.stream().map(Seen::remotePort).distinct()).hasSize(1);
  }

  @Test
  void closesAfterConnectionClose() throws Exception {
    try (RawClient client = new RawClient(proxy.port())) {
      client.send("GET /c?size=10 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
      assertThat(client.read("GET").body).isEqualTo(payload(10));
      assertThat(client.in.read()).isEqualTo(-1);
    }
  }

  @Test
  void relaysBodilessResponses() throws Exception {
    try (RawClient client = new RawClient(proxy.port())) {
      client.send(
          "HEAD /h?size=5000 HTTP/1.1\r\nHost: x\r\n\r\n"
              + get("/n?status=204")
              + get("/m?status=304")
              + get("/after?size=17"));
      RawResponse head = client.read("HEAD");
      assertThat(head.status).isEqualTo(200);
      assertThat(head.headers).containsEntry("content-length", "5000");
      assertThat(head.body).isEmpty();
      assertThat(client.read("GET").status).isEqualTo(204);
      assertThat(client.read("GET").status).isEqualTo(304);
      // Were a HEAD or 204/304 body awaited, this response would be misread or never come.
      RawResponse after = client.read("GET");
      assertThat(after.status).isEqualTo(200);
      assertThat(after.body).isEqualTo(payload(17));
    }
    assertThat(proxy.connections()).isEqualTo(1);
  }

  @Test
  void replacesAServerConnectionClosedWhileIdle() throws Exception {
    // This server answers one request per connection and closes it without saying so.
    try (RawServer server =
            new RawServer(
                s -> {
                  readHeadBytes(s.getInputStream());
                  s.getOutputStream()
                      .write(bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"));
                });
        ChaosProxy p = ChaosProxy.start(server.uri());
        RawClient client = new RawClient(p.port())) {
      for (int i = 0; i < 3; i++) {
        Thread.sleep(300); // idle long enough for the proxy to check the server connection
        client.send(get("/idle" + i));
        RawResponse response = client.read("GET");
        assertThat(response.status).isEqualTo(200);
        assertThat(response.body).isEqualTo(bytes("ok"));
      }
      assertThat(server.connections()).isEqualTo(3);
      assertThat(p.connections()).isEqualTo(1);
    }
  }

  @Test
  void sendsTheBodyWhenTheServerIgnoresExpectContinue() throws Exception {
    // This server never sends 100 Continue: it reads the head and the 5-byte body, then answers.
    try (RawServer server =
            new RawServer(
                s -> {
                  String head = readHeadBytes(s.getInputStream());
                  assertThat(head).contains("Expect: 100-continue");
                  String body =
                      new String(s.getInputStream().readNBytes(5), StandardCharsets.UTF_8);
                  s.getOutputStream()
                      .write(bytes("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n" + body));
                });
        ChaosProxy p = ChaosProxy.start(server.uri());
        RawClient client = new RawClient(p.port())) {
      client.send(
          "PUT /e HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n");
      // Like a client whose wait for 100 Continue ran out, send the body anyway.
      client.send("hello");
      RawResponse response = client.read("PUT");
      assertThat(response.status).isEqualTo(200);
      assertThat(response.body).isEqualTo(bytes("hello"));
    }
  }

  @Test
  void relaysOneHundredContinue() throws Exception {
    byte[] body = payload(MIB);
    try (RawClient client = new RawClient(proxy.port())) {
      for (int i = 0; i < 2; i++) {
        client.send(
            "PUT /upload?size=4 HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: "
                + body.length
                + "\r\n\r\n");
        RawResponse interim = client.read("PUT");
        assertThat(interim.status).isEqualTo(100);
        client.send(body);
        RawResponse response = client.read("PUT");
        assertThat(response.status).isEqualTo(200);
        assertThat(response.body).isEqualTo(payload(4));
        assertThat(response.headers).containsEntry("x-body-sha256", sha256Hex(body));
      }
    }
    assertThat(seen).hasSize(2).allMatch(s -> s.bodyLength() == MIB);
  }

  @Test
  void statusFaultAnswersWithoutReachingTheServer() throws Exception {
    proxy.rule(Rule.firstN(2, r -> true, Action.status(503, "SlowDown")));
    try (RawClient client = new RawClient(proxy.port())) {
      client.send(get("/bucket/key?size=5"));
      RawResponse slowDown = client.read("GET");
      assertThat(slowDown.status).isEqualTo(503);
      assertThat(slowDown.headers).containsEntry("content-type", "application/xml");
      assertThat(new String(slowDown.body, StandardCharsets.UTF_8))
          .contains("<Error><Code>SlowDown</Code>")
          .contains("<Resource>/bucket/key</Resource>");

      // A body sent without Expect is read and dropped; the connection stays usable.
      byte[] body = payload(300_000);
      client.send("POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: " + body.length + "\r\n\r\n");
      client.send(body);
      assertThat(client.read("POST").status).isEqualTo(503);

      client.send(get("/bucket/key?size=5"));
      RawResponse ok = client.read("GET");
      assertThat(ok.status).isEqualTo(200);
      assertThat(ok.body).isEqualTo(payload(5));
    }
    assertThat(seen).hasSize(1);
    assertThat(proxy.connections()).isEqualTo(1);
    assertThat(proxy.requests()).isEqualTo(3);
    assertThat(proxy.requests("GET")).isEqualTo(2);
    assertThat(proxy.requests("POST")).isEqualTo(1);
    assertThat(proxy.forwarded()).isEqualTo(1);
    assertThat(proxy.faults()).isEqualTo(2);
  }

  @Test
  void statusFaultOnExpectContinueClosesTheConnection() throws Exception {
    proxy.rule(r -> Action.status(500, "InternalError"));
    try (RawClient client = new RawClient(proxy.port())) {
      client.send(
          "PUT /e HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 10\r\n\r\n");
      RawResponse response = client.read("PUT");
      assertThat(response.status).isEqualTo(500);
      assertThat(response.headers).containsEntry("connection", "close");
      assertThat(new String(response.body, StandardCharsets.UTF_8))
          .contains("<Code>InternalError</Code>");
      assertThat(client.in.read()).isEqualTo(-1);
    }
    assertThat(seen).isEmpty();
  }

  @Test
  void dropBeforeForwardFailsTheClientWithoutReachingTheServer() {
    proxy.rule(r -> Action.dropBeforeForward());
    assertThatThrownBy(
            () ->
                http()
                    .send(
                        HttpRequest.newBuilder(uri("/d"))
                            .POST(HttpRequest.BodyPublishers.ofString("x"))
                            .build(),
                        HttpResponse.BodyHandlers.ofByteArray()))
        .isInstanceOf(IOException.class);
    assertThat(seen).isEmpty();
    assertThat(proxy.forwarded()).isZero();
    assertThat(proxy.faults()).isEqualTo(1);
  }

  @Test
  void truncateBodySendsTheHeadAndAShortBody() throws Exception {
    proxy.rule(r -> r.method().equals("GET") ? Action.truncateBody(1000) : Action.forward());
    try (RawClient client = new RawClient(proxy.port())) {
      client.send(get("/t?size=" + MIB));
      RawHead head = client.readHead();
      assertThat(head.headers).containsEntry("content-length", Integer.toString(MIB));
      assertThat(client.readToEnd()).isEqualTo(Arrays.copyOf(payload(MIB), 1000));
    }
    try (RawClient client = new RawClient(proxy.port())) {
      // Chunked: 1000 bytes on the wire, chunk lines included.
      client.send(get("/t?chunked=1&size=" + MIB));
      RawHead head = client.readHead();
      assertThat(head.headers).containsEntry("transfer-encoding", "chunked");
      assertThat(client.readToEnd()).hasSize(1000);
    }
    assertThatThrownBy(
            () ->
                http()
                    .send(
                        HttpRequest.newBuilder(uri("/t?size=" + MIB)).build(),
                        HttpResponse.BodyHandlers.ofByteArray()))
        .isInstanceOf(IOException.class);
    assertThat(proxy.faults()).isEqualTo(3);
    assertThat(proxy.forwarded()).isEqualTo(3);
  }

  @Test
  void dropAfterForwardReachesTheServerButFailsTheClient() {
    proxy.rule(
        r ->
            r.method().equals("PUT") && r.header("If-None-Match") != null
                ? Action.dropAfterForward()
                : Action.forward());
    byte[] body = payload(200_000);
    assertThatThrownBy(
            () ->
                http()
                    .send(
                        HttpRequest.newBuilder(uri("/cond?size=10"))
                            .header("If-None-Match", "*")
                            .PUT(HttpRequest.BodyPublishers.ofByteArray(body))
                            .build(),
                        HttpResponse.BodyHandlers.ofByteArray()))
        .isInstanceOf(IOException.class);
    Seen s = seen.remove();
    assertThat(s.method()).isEqualTo("PUT");
    assertThat(s.bodySha256()).isEqualTo(sha256Hex(body));
    assertThat(proxy.forwarded()).isEqualTo(1);
    assertThat(proxy.faults()).isEqualTo(1);
  }

  @Test
  void latencyIsPaidPerRequest() throws Exception {
    proxy.latency(Duration.ofMillis(20));
    try (RawClient client = new RawClient(proxy.port())) {
      client.send(get("/warm"));
      client.read("GET");
      long start = System.nanoTime();
      for (int i = 0; i < 10; i++) {
        client.send(get("/l?size=10"));
        assertThat(client.read("GET").status).isEqualTo(200);
      }
      assertThat(Duration.ofNanos(System.nanoTime() - start))
          .isGreaterThanOrEqualTo(Duration.ofMillis(200));
    }
    assertThat(proxy.connections()).isEqualTo(1);
  }

  @Test
  void servesSixtyFourConnectionsAtOnce() throws Exception {
    int clients = 64;
    barrier.set(new CountDownLatch(clients));
    proxy.latency(Duration.ofMillis(20));
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    try {
      List<Future<Integer>> results = new ArrayList<>();
      for (int c = 0; c < clients; c++) {
        int id = c;
        results.add(
            pool.submit(
                () -> {
                  try (RawClient client = new RawClient(proxy.port())) {
                    // Answered 200 only once all 64 are at the server at the same time.
                    client.send(get("/barrier"));
                    int status = client.read("GET").status;
                    for (int i = 0; i < 5; i++) {
                      int size = 64 * 1024 + id * 31 + i;
                      client.send(get("/x?size=" + size));
                      RawResponse r = client.read("GET");
                      assertThat(r.body).isEqualTo(payload(size));
                    }
                    return status;
                  }
                }));
      }
      for (Future<Integer> r : results) {
        assertThat(r.get(60, TimeUnit.SECONDS)).isEqualTo(200);
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(proxy.connections()).isEqualTo(clients);
    assertThat(proxy.forwarded()).isEqualTo(clients * 6L);
  }

  @Test
  void ruleHelpersCountTheirMatches() throws Exception {
    proxy.rule(Rule.everyNth(3, r -> r.path().equals("/n"), Action.status(500, null)));
    List<Integer> statuses = new ArrayList<>();
    try (RawClient client = new RawClient(proxy.port())) {
      for (int i = 0; i < 7; i++) {
        client.send(get(i == 3 ? "/other" : "/n"));
        statuses.add(client.read("GET").status);
      }
    }
    assertThat(statuses).containsExactly(200, 200, 500, 200, 200, 200, 500);

    // Each distinct ranged read fails once; its retry and unranged reads go through.
    proxy.rule(
        Rule.oncePer(
            r -> r.target() + " " + r.header("Range"),
            r -> r.header("Range") != null,
            Action.status(503, "SlowDown")));
    List<String> requests =
        List.of("0-9", "0-9", "10-19", "", "10-19", "0-9", "20-29").stream()
            .map(
                range ->
                    "GET /r?size=30 HTTP/1.1\r\nHost: x\r\n"
                        + (range.isEmpty() ? "" : "Range: bytes=" + range + "\r\n")
                        + "\r\n")
            .collect(Collectors.toList());
    statuses.clear();
    try (RawClient client = new RawClient(proxy.port())) {
      for (String request : requests) {
        client.send(request);
        statuses.add(client.read("GET").status);
      }
    }
    assertThat(statuses).containsExactly(503, 200, 503, 200, 200, 200, 503);
  }

  @Test
  void requestsCarryASequenceNumberAndCountersReset() throws Exception {
    List<Request> decided = new ArrayList<>();
    proxy.rule(
        r -> {
          synchronized (decided) {
            decided.add(r);
          }
          return Action.forward();
        });
    try (RawClient client = new RawClient(proxy.port())) {
      client.send(get("/a?q=1"));
      client.read("GET");
      proxy.resetCounters();
      client.send("DELETE /b HTTP/1.1\r\nHost: x\r\nX-Custom:  v  \r\n\r\n");
      client.read("DELETE");
    }
    assertThat(decided).extracting(Request::sequence).containsExactly(0L, 0L);
    Request delete = decided.get(1);
    assertThat(delete.method()).isEqualTo("DELETE");
    assertThat(delete.path()).isEqualTo("/b");
    assertThat(delete.query()).isNull();
    assertThat(delete.header("x-custom")).isEqualTo("v");
    assertThat(decided.get(0).query()).isEqualTo("q=1");
    assertThat(proxy.requests()).isEqualTo(1);
    assertThat(proxy.requests("GET")).isZero();
    assertThat(proxy.requests("DELETE")).isEqualTo(1);
  }

  @Test
  void rejectsOversizedHeads() throws Exception {
    try (RawClient client = new RawClient(proxy.port())) {
      client.send("GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(20_000) + "\r\n\r\n");
      assertThat(client.read("GET").status).isEqualTo(431);
    }
    try (RawClient client = new RawClient(proxy.port())) {
      StringBuilder many = new StringBuilder("GET / HTTP/1.1\r\nHost: x\r\n");
      for (int i = 0; i < 300; i++) {
        many.append("X-H").append(i).append(": v\r\n");
      }
      client.send(many.append("\r\n").toString());
      assertThat(client.read("GET").status).isEqualTo(431);
    }
    assertThat(seen).isEmpty();
  }

  @Test
  void closeFreesThePortAndTheThreads() throws Exception {
    int port = proxy.port();
    RawClient idle = new RawClient(port);
    idle.send(get("/i"));
    idle.read("GET");
    assertThat(proxyThreads(port)).isNotEmpty();

    proxy.close();
    proxy = null;

    assertThat(proxyThreads(port)).isEmpty();
    // The idle keep-alive connection was closed.
    assertThat(readOrFail(idle)).isEqualTo(-1);
    idle.close();
    assertThatThrownBy(() -> new Socket("127.0.0.1", port).close())
        .isInstanceOf(ConnectException.class);
    try (ServerSocket rebind = new ServerSocket()) {
      rebind.setReuseAddress(true);
      rebind.bind(new InetSocketAddress("127.0.0.1", port));
    }
  }

  /** The AWS SDK through the proxy (latency, then faults) to s3proxy. */
  @Test
  void awsSdkThroughTheProxyToS3Proxy() throws Exception {
    try (S3ProxyServer s3 = S3ProxyServer.start().createBucket("bucket");
        ChaosProxy p = ChaosProxy.start(s3.endpoint()).latency(Duration.ofMillis(20))) {
      Queue<Request> requests = new ConcurrentLinkedQueue<>();
      AtomicReference<Rule> faults = new AtomicReference<>(Rule.FORWARD_ALL);
      p.rule(
          r -> {
            requests.add(r);
            return faults.get().decide(r);
          });
      try (S3Client client = sdk(s3, p)) {
        byte[] object = payload(3 * MIB);
        client.putObject(b -> b.bucket("bucket").key("dir/obj"), RequestBody.fromBytes(object));
        Request put = requests.remove();
        assertThat(put.method()).isEqualTo("PUT");
        assertThat(put.header("Host")).isEqualTo("127.0.0.1:" + p.port());
        // The SDK sends Expect: 100-continue, and s3proxy answers it (else the proxy would wait).
        assertThat(put.header("Expect")).isEqualToIgnoringCase("100-continue");

        byte[] range =
            client
                .getObjectAsBytes(
                    b -> b.bucket("bucket").key("dir/obj").range("bytes=1000-1048575"))
                .asByteArray();
        assertThat(range).isEqualTo(Arrays.copyOfRange(object, 1000, 1048576));
        assertThat(requests.remove().header("Range")).isEqualTo("bytes=1000-1048575");

        // Two 503 SlowDown answers, then the SDK's third attempt goes through.
        p.resetCounters();
        faults.set(Rule.firstN(2, r -> r.method().equals("GET"), Action.status(503, "SlowDown")));
        byte[] whole =
            client.getObjectAsBytes(b -> b.bucket("bucket").key("dir/obj")).asByteArray();
        assertThat(whole).isEqualTo(object);
        assertThat(p.requests("GET")).isEqualTo(3);
        assertThat(p.faults()).isEqualTo(2);
        assertThat(p.forwarded()).isEqualTo(1);

        // A conditional PUT whose response is lost: the server applied it, the SDK's retry then
        // meets its own object and gets 412.
        p.resetCounters();
        faults.set(
            Rule.firstN(
                1,
                r -> r.method().equals("PUT") && r.header("If-None-Match") != null,
                Action.dropAfterForward()));
        byte[] second = payload(100_000);
        assertThatThrownBy(
                () ->
                    client.putObject(
                        b -> b.bucket("bucket").key("dir/new").ifNoneMatch("*"),
                        RequestBody.fromBytes(second)))
            .isInstanceOfSatisfying(
                S3Exception.class, e -> assertThat(e.statusCode()).isEqualTo(412));
        assertThat(p.requests("PUT")).isEqualTo(2);
        assertThat(client.getObjectAsBytes(b -> b.bucket("bucket").key("dir/new")).asByteArray())
            .isEqualTo(second);
      }
    }
  }

  // ------------------------------------------------------------------------------------------

  private static S3Client sdk(S3ProxyServer s3, ChaosProxy p) {
    BackoffStrategy fast =
        BackoffStrategy.exponentialDelay(Duration.ofMillis(5), Duration.ofMillis(50));
    return S3Client.builder()
        .endpointOverride(p.endpoint())
        .region(Region.of(S3ProxyServer.REGION))
        .forcePathStyle(true)
        .credentialsProvider(
            StaticCredentialsProvider.create(
                AwsBasicCredentials.create(s3.accessKey(), s3.secretKey())))
        .overrideConfiguration(
            o ->
                o.retryStrategy(
                    AwsRetryStrategy.standardRetryStrategy().toBuilder()
                        .maxAttempts(3)
                        .backoffStrategy(fast)
                        .throttlingBackoffStrategy(fast)
                        .build()))
        .build();
  }

  private static List<Thread> proxyThreads(int port) {
    List<Thread> threads = new ArrayList<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().startsWith("chaos-proxy-" + port + "-") && t.isAlive()) {
        threads.add(t);
      }
    }
    return threads;
  }

  private static int readOrFail(RawClient client) {
    try {
      return client.in.read();
    } catch (IOException e) {
      return -1;
    }
  }

  private HttpClient http() {
    return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  }

  private URI uri(String target) {
    return URI.create(proxy.endpoint() + target);
  }

  private static String get(String target) {
    return "GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n";
  }

  private static Map<String, String> query(URI uri) {
    Map<String, String> query = new HashMap<>();
    if (uri.getQuery() != null) {
      for (String kv : uri.getQuery().split("&")) {
        int eq = kv.indexOf('=');
        query.put(eq < 0 ? kv : kv.substring(0, eq), eq < 0 ? "" : kv.substring(eq + 1));
      }
    }
    return query;
  }

  /** {@code size} deterministic pseudo-random bytes. */
  static byte[] payload(int size) {
    byte[] b = new byte[size];
    SplittableRandom random = new SplittableRandom(size);
    for (int i = 0; i < size; i += 8) {
      long v = random.nextLong();
      for (int j = 0; j < 8 && i + j < size; j++) {
        b[i + j] = (byte) (v >>> (8 * j));
      }
    }
    return b;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  private static String sha256Hex(byte[] b) {
    return HexFormat.of().formatHex(sha256().digest(b));
  }

  /** A response head read by {@link RawClient}: status and fields, names lower-cased. */
  static class RawHead {
    int status;
    final Map<String, String> headers = new LinkedHashMap<>();
  }

  static final class RawResponse extends RawHead {
    byte[] body = new byte[0];
  }

  /** A client on a raw socket with a minimal response parser of its own. */
  static final class RawClient implements Closeable {
    final Socket socket;
    final InputStream in;
    final OutputStream out;

    RawClient(int port) throws IOException {
      socket = new Socket("127.0.0.1", port);
      socket.setSoTimeout(30_000);
      socket.setTcpNoDelay(true);
      in = new BufferedInputStream(socket.getInputStream());
      out = socket.getOutputStream();
    }

    void send(String s) throws IOException {
      send(bytes(s));
    }

    void send(byte[] b) throws IOException {
      out.write(b);
      out.flush();
    }

    byte[] readExactly(int n) throws IOException {
      byte[] b = in.readNBytes(n);
      if (b.length < n) {
        throw new EOFException("got " + b.length + " of " + n + " bytes");
      }
      return b;
    }

    byte[] readToEnd() throws IOException {
      return in.readAllBytes();
    }

    String readLine() throws IOException {
      ByteArrayOutputStream line = new ByteArrayOutputStream();
      int b;
      while ((b = in.read()) != '\n') {
        if (b < 0) {
          throw new EOFException("connection closed inside a line");
        }
        line.write(b);
      }
      String s = line.toString(StandardCharsets.ISO_8859_1);
      return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }

    RawHead readHead() throws IOException {
      return readHead(new RawHead());
    }

    private <H extends RawHead> H readHead(H head) throws IOException {
      String status = readLine();
      head.status = Integer.parseInt(status.split(" ")[1]);
      String line;
      while (!(line = readLine()).isEmpty()) {
        int colon = line.indexOf(':');
        head.headers.put(
            line.substring(0, colon).toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
      }
      return head;
    }

    /** Reads one response to a request with this method, body decoded. */
    RawResponse read(String method) throws IOException {
      RawResponse r = readHead(new RawResponse());
      if (method.equals("HEAD") || r.status < 200 || r.status == 204 || r.status == 304) {
        return r;
      }
      if ("chunked".equalsIgnoreCase(r.headers.get("transfer-encoding"))) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int size;
        while ((size = Integer.parseInt(readLine().split(";")[0].trim(), 16)) > 0) {
          body.write(readExactly(size));
          readLine();
        }
        while (!readLine().isEmpty()) {
          // trailers
        }
        r.body = body.toByteArray();
      } else if (r.headers.containsKey("content-length")) {
        r.body = readExactly(Integer.parseInt(r.headers.get("content-length")));
      } else {
        r.body = readToEnd();
      }
      return r;
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }

  /** Reads a message head up to its empty line; returns it as text. */
  private static String readHeadBytes(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    while (matched < 4) {
      int b = in.read();
      if (b < 0) {
        throw new EOFException("connection closed inside a head");
      }
      head.write(b);
      matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
    }
    return head.toString(StandardCharsets.ISO_8859_1);
  }

  /** What a {@link RawServer} does with one accepted connection (closed after it). */
  interface ConnectionHandler {
    void handle(Socket socket) throws Exception;
  }

  /** A raw server that runs a handler for each connection it accepts, one at a time. */
  static final class RawServer implements Closeable {
    private final ServerSocket server;
    private final AtomicInteger connections = new AtomicInteger();

    RawServer(ConnectionHandler handler) throws IOException {
      server = new ServerSocket(0, 8, java.net.InetAddress.getByName("127.0.0.1"));
      Thread thread =
          new Thread(
              () -> {
                while (!server.isClosed()) {
                  try (Socket s = server.accept()) {
                    connections.incrementAndGet();
                    handler.handle(s);
                    s.getOutputStream().flush();
                  } catch (Exception e) {
                    // closed by the test, or the handler failed: the client will notice
                  }
                }
              },
              "raw-server");
      thread.setDaemon(true);
      thread.start();
    }

    URI uri() {
      return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    int connections() {
      return connections.get();
    }

    @Override
    public void close() throws IOException {
      server.close();
    }
  }

  /**
   * A raw upstream for byte-exact checks: on one connection it reads each expected request's length
   * in bytes, records what came, and answers the canned response.
   */
  static final class RawUpstream implements Closeable {
    private final ServerSocket server;
    private final List<String> received = new ArrayList<>();
    private final Thread thread;
    private volatile int connections;

    RawUpstream(List<String> requests, List<String> responses) throws IOException {
      server = new ServerSocket(0, 8, java.net.InetAddress.getByName("127.0.0.1"));
      thread =
          new Thread(
              () -> {
                try (Socket s = server.accept()) {
                  connections++;
                  InputStream in = s.getInputStream();
                  for (int i = 0; i < requests.size(); i++) {
                    byte[] got = in.readNBytes(requests.get(i).length());
                    synchronized (received) {
                      received.add(new String(got, StandardCharsets.ISO_8859_1));
                    }
                    s.getOutputStream().write(bytes(responses.get(i)));
                    s.getOutputStream().flush();
                  }
                  in.read(); // stay open until the proxy closes

                } catch (IOException e) {
                  // closed by the test
                }
              },
              "raw-upstream");
      thread.setDaemon(true);
      thread.start();
    }

    URI uri() {
      return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    List<String> received() {
      synchronized (received) {
        return List.copyOf(received);
      }
    }

    int connections() {
      return connections;
    }

    @Override
    public void close() throws IOException {
      server.close();
    }
  }
}
