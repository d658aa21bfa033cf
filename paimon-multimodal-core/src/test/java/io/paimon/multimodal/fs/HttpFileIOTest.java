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
package io.paimon.multimodal.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.types.DataTypes;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Read-only HTTP storage against the JDK's own server on 127.0.0.1: ranged GETs, a server that
 * ignores ranges, a short body, a range past the end, a redirect, a missing file; and BLOB
 * descriptors with {@code http://} URIs resolved through a connection's storage.
 */
class HttpFileIOTest {

  private static final byte[] CONTENT = new byte[100_000];
  private static HttpServer server;
  private static String base;

  @TempDir Path dir;

  @BeforeAll
  static void start() throws IOException {
    new Random(7).nextBytes(CONTENT);
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/file", e -> serve(e, true, false));
    server.createContext("/norange", e -> serve(e, false, false));
    server.createContext("/short", e -> serve(e, true, true));
    server.createContext(
        "/moved",
        e -> {
          e.getResponseHeaders().add("Location", base + "/file");
          e.sendResponseHeaders(302, -1);
          e.close();
        });
    server.createContext(
        "/missing",
        e -> {
          e.sendResponseHeaders(404, -1);
          e.close();
        });
    server.start();
    base = "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @AfterAll
  static void stop() {
    server.stop(0);
  }

  private static void serve(HttpExchange e, boolean ranges, boolean truncate) throws IOException {
    e.getResponseHeaders().add("Last-Modified", "Tue, 01 Dec 2026 10:00:00 GMT");
    String range = e.getRequestHeaders().getFirst("Range");
    boolean head = e.getRequestMethod().equals("HEAD");
    if (head) {
      e.getResponseHeaders().add("Content-Length", Integer.toString(CONTENT.length));
      e.sendResponseHeaders(200, -1);
      e.close();
      return;
    }
    byte[] body = CONTENT;
    int status = 200;
    if (ranges && range != null) {
      String[] ab = range.substring("bytes=".length()).split("-");
      int a = Integer.parseInt(ab[0]);
      int b = Math.min(Integer.parseInt(ab[1]), CONTENT.length - 1);
      if (a >= CONTENT.length) {
        e.sendResponseHeaders(416, -1);
        e.close();
        return;
      }
      body = Arrays.copyOfRange(CONTENT, a, b + 1);
      if (truncate) {
        body = Arrays.copyOf(body, body.length / 2);
      }
      status = 206;
    }
    e.sendResponseHeaders(status, body.length);
    try (OutputStream out = e.getResponseBody()) {
      out.write(body);
    }
  }

  private static byte[] read(String url, long position, int len) throws IOException {
    byte[] out = new byte[len];
    try (InputFile in = FileIO.forUri(url, Map.of()).newInputFile(url)) {
      in.readFully(position, out, 0, len);
    }
    return out;
  }

  @Test
  void rangedReadsReturnExactlyTheirBytes() throws IOException {
    FileIO http = FileIO.forUri(base + "/file", Map.of());
    assertThat(http).isSameAs(FileIO.forUri("https://example.com/x", Map.of()));
    try (InputFile in = http.newInputFile(base + "/file")) {
      assertThat(in.length()).isEqualTo(CONTENT.length);
    }
    assertThat(read(base + "/file", 12_345, 777))
        .isEqualTo(Arrays.copyOfRange(CONTENT, 12_345, 12_345 + 777));
    assertThat(read(base + "/norange", 99_000, 1_000))
        .isEqualTo(Arrays.copyOfRange(CONTENT, 99_000, 100_000));
    assertThat(read(base + "/moved", 5, 10)).isEqualTo(Arrays.copyOfRange(CONTENT, 5, 15));
    assertThat(http.readAllBytes(base + "/file")).isEqualTo(CONTENT);
    assertThat(http.exists(base + "/file")).isTrue();
    assertThat(http.exists(base + "/missing")).isFalse();
    assertThat(http.lastModifiedMillis(base + "/file")).isEqualTo(1796119200000L);
  }

  @Test
  void shortAndOutOfRangeResponsesAreErrorsNamingTheUrlAndRange() {
    assertThatThrownBy(() -> read(base + "/short", 100, 1_000))
        .isInstanceOf(EOFException.class)
        .hasMessageContaining(base + "/short")
        .hasMessageContaining("bytes=100-1099")
        .hasMessageContaining("500 of 1000");
    assertThatThrownBy(() -> read(base + "/file", 200_000, 10))
        .isInstanceOf(EOFException.class)
        .hasMessageContaining("bytes=200000-200009")
        .hasMessageContaining("416");
    assertThatThrownBy(() -> read(base + "/norange", 99_995, 10))
        .isInstanceOf(EOFException.class)
        .hasMessageContaining(base + "/norange");
    assertThatThrownBy(() -> read(base + "/missing", 0, 1))
        .isInstanceOf(java.nio.file.NoSuchFileException.class);
  }

  @Test
  void writesAreRefusedAndAWarehouseCannotLiveThere() {
    FileIO http = FileIO.forUri(base + "/file", Map.of());
    assertThatThrownBy(() -> http.newOutputStream(base + "/new"))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("read-only");
    assertThatThrownBy(() -> http.createIfAbsent(base + "/new", new byte[1]))
        .hasMessageContaining("read-only");
    assertThatThrownBy(() -> Multimodal.connect(base + "/wh"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("read-only");
  }

  @Test
  void descriptorsWithHttpUrisResolveThroughTheConnection() throws IOException {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t =
          conn.createTable(
              "t",
              Schema.builder()
                  .column("id", DataTypes.BIGINT())
                  .column("image", DataTypes.BLOB())
                  .build(),
              false);
      Map<String, Object> row = new HashMap<>();
      row.put("id", 1L);
      row.put("image", new BlobDescriptor(base + "/file", 1_000, 2_000));
      // The payload is read from the URL and stored in the table's .blob file.
      t.add(List.of(row));
      BlobDescriptor stored = (BlobDescriptor) t.scan().toList().get(0).get("image");
      assertThat(stored.uri()).startsWith(dir.toString());
      byte[] payload = new byte[(int) stored.length()];
      try (InputFile in = t.io().newInputFile(stored.uri())) {
        in.readFully(stored.offset(), payload, 0, payload.length);
      }
      assertThat(payload).isEqualTo(Arrays.copyOfRange(CONTENT, 1_000, 3_000));
      // The table's storage reads http:// descriptors too, as the BLOB reader does.
      byte[] direct = new byte[16];
      try (InputFile in = t.io().newInputFile(base + "/file")) {
        in.readFully(64, direct, 0, 16);
      }
      assertThat(direct).isEqualTo(Arrays.copyOfRange(CONTENT, 64, 80));
    }
  }
}
