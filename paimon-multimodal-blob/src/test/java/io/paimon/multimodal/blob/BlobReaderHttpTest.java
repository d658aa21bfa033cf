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
package io.paimon.multimodal.blob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.row.CloseableIterator;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.apache.arrow.vector.BigIntVector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * BLOB descriptors with {@code http://127.0.0.1:...} URIs, read by {@link BlobReader} from the
 * JDK's own HTTP server serving the real {@code .blob} files of a table by range: payloads equal
 * the source table's, row-aligned with nulls and empty payloads kept, through {@code read} and
 * {@code stream}, behind a redirect, and to the end of the object for length -1; ranges of one file
 * are coalesced into few requests; a truncated body, a short 206, a range past the end and a 404
 * fail with a {@link BlobReadException} naming the URL, never a short payload.
 */
class BlobReaderHttpTest {

  static {
    // Read by the JDK server's configuration when its first server is created.
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  private static final long SEED = 20260417L;
  private static final int ROWS = 300;
  private static final int ADDS = 3;

  /** How the server answers, one mode per path prefix; the rest of the path names the file. */
  private enum Mode {
    /** 206 with Content-Range and exactly the bytes asked for (clamped to the file). */
    RANGES("/files/"),
    /** 302 to the same file under {@link #RANGES}. */
    REDIRECT("/moved/"),
    /** 206 announcing the whole range, then half of it and the connection closed. */
    CUT("/cut/"),
    /** 206 with an honest Content-Length of half the range asked for. */
    SHORT("/short/"),
    /** 404 for every request. */
    MISSING("/missing/");

    final String prefix;

    Mode(String prefix) {
      this.prefix = prefix;
    }
  }

  @TempDir static Path dir;

  private static HttpServer server;
  private static ExecutorService serverThreads;
  private static String base;
  private static Connection conn;
  private static Table source;

  /** The source table's .blob files, by their path under the warehouse (the URL path). */
  private static final Map<String, Path> FILES = new LinkedHashMap<>();

  /** Requests seen, by "METHOD /prefix/"; ranged GETs of the served files under "RANGE". */
  private static final Map<String, AtomicInteger> REQUESTS = new ConcurrentHashMap<>();

  /** The source rows: id and the descriptor of its image (null for a null cell). */
  private static final Map<Long, BlobDescriptor> SOURCE = new LinkedHashMap<>();

  @BeforeAll
  static void writeSourceAndStartServer() throws IOException {
    conn = Multimodal.connect(dir.resolve("wh").toString());
    source =
        conn.createTable(
            "source",
            Schema.builder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("tag", DataTypes.STRING())
                .column("image", DataTypes.BLOB())
                .build(),
            false);
    Random random = new Random(SEED);
    int[] sizes = new int[ROWS];
    for (int i = 0; i < ROWS; i++) {
      int kind = random.nextInt(10);
      if (i % 37 == 5) {
        sizes[i] = (1 << 20) + random.nextInt(1 << 19);
      } else if (kind == 0) {
        sizes[i] = -1;
      } else if (kind == 1) {
        sizes[i] = 0;
      } else if (kind <= 4) {
        sizes[i] = 1 + random.nextInt(16);
      } else {
        sizes[i] = 17 + random.nextInt(8_000);
      }
    }
    int perAdd = ROWS / ADDS;
    for (int a = 0; a < ADDS; a++) {
      int[] part = new int[perAdd];
      System.arraycopy(sizes, a * perAdd, part, 0, perAdd);
      source.add(BlobTables.images(SEED, a * perAdd, perAdd, part));
    }
    Path warehouse = dir.resolve("wh").toRealPath();
    for (Map<String, Object> row : source.scan().toList()) {
      BlobDescriptor d = (BlobDescriptor) row.get("image");
      SOURCE.put((Long) row.get("id"), d);
      if (d != null) {
        Path file = Paths.get(d.uri()).toRealPath();
        FILES.putIfAbsent(warehouse.relativize(file).toString().replace('\\', '/'), file);
      }
    }
    assertThat(SOURCE).as("seed %d", SEED).hasSize(ROWS);
    assertThat(FILES.keySet())
        .as("seed %d", SEED)
        .hasSizeGreaterThan(1)
        .allMatch(n -> n.endsWith(".blob"));

    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    serverThreads = Executors.newFixedThreadPool(8);
    server.setExecutor(serverThreads);
    for (Mode mode : Mode.values()) {
      server.createContext(mode.prefix, e -> handle(e, mode));
    }
    server.start();
    base = "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.stop(0);
      serverThreads.shutdownNow();
    }
    if (conn != null) {
      conn.close();
    }
  }

  @BeforeEach
  void resetCounts() {
    REQUESTS.clear();
  }

  private static int count(String key) {
    AtomicInteger n = REQUESTS.get(key);
    return n == null ? 0 : n.get();
  }

  private static void handle(HttpExchange e, Mode mode) throws IOException {
    try (e) {
      String method = e.getRequestMethod();
      REQUESTS
          .computeIfAbsent(method + " " + mode.prefix, k -> new AtomicInteger())
          .incrementAndGet();
      String name = e.getRequestURI().getPath().substring(mode.prefix.length());
      Path file = FILES.get(name);
      if (mode == Mode.MISSING || file == null) {
        e.sendResponseHeaders(404, -1);
        return;
      }
      if (mode == Mode.REDIRECT) {
        e.getResponseHeaders().add("Location", base + Mode.RANGES.prefix + name);
        e.sendResponseHeaders(302, -1);
        return;
      }
      long size = Files.size(file);
      e.getResponseHeaders().add("Accept-Ranges", "bytes");
      if (method.equals("HEAD")) {
        e.getResponseHeaders().add("Content-Length", Long.toString(size));
        e.sendResponseHeaders(200, -1);
        return;
      }
      String range = e.getRequestHeaders().getFirst("Range");
      if (range == null) {
        REQUESTS.computeIfAbsent("UNRANGED", k -> new AtomicInteger()).incrementAndGet();
        sendBody(e, 200, file, 0, size, size);
        return;
      }
      String[] ab = range.substring("bytes=".length()).split("-", -1);
      long a = Long.parseLong(ab[0]);
      long b = ab[1].isEmpty() ? size - 1 : Math.min(Long.parseLong(ab[1]), size - 1);
      if (a >= size) {
        e.getResponseHeaders().add("Content-Range", "bytes */" + size);
        e.sendResponseHeaders(416, -1);
        return;
      }
      REQUESTS.computeIfAbsent("RANGE", k -> new AtomicInteger()).incrementAndGet();
      long length = b - a + 1;
      e.getResponseHeaders().add("Content-Range", "bytes " + a + "-" + b + "/" + size);
      if (mode == Mode.SHORT) {
        sendBody(e, 206, file, a, length / 2, length / 2);
      } else if (mode == Mode.CUT) {
        sendBody(e, 206, file, a, length, length / 2);
      } else {
        sendBody(e, 206, file, a, length, length);
      }
    }
  }

  /**
   * Sends {@code announced} as the Content-Length and the first {@code sent} bytes of the file from
   * {@code position}; when fewer, the server closes the connection mid-body.
   */
  private static void sendBody(
      HttpExchange e, int status, Path file, long position, long announced, long sent)
      throws IOException {
    e.sendResponseHeaders(status, announced == 0 ? -1 : announced);
    byte[] bytes = readFile(file, position, sent);
    OutputStream out = e.getResponseBody();
    out.write(bytes);
    out.flush();
    // With fewer bytes than announced, closing throws ("insufficient bytes written to stream") and
    // the server drops the connection mid-body.
    out.close();
  }

  /**
   * The brute-force reference: {@code length} bytes of the file at {@code position}, by java.nio.
   */
  private static byte[] readFile(Path file, long position, long length) {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer buf = ByteBuffer.allocate(Math.toIntExact(length));
      while (buf.hasRemaining()) {
        if (ch.read(buf, position + buf.position()) < 0) {
          throw new IOException(file + " ends before " + (position + length));
        }
      }
      return buf.array();
    } catch (IOException ex) {
      throw new UncheckedIOException(ex);
    }
  }

  private static String name(BlobDescriptor local) {
    try {
      Path warehouse = dir.resolve("wh").toRealPath();
      return warehouse
          .relativize(Paths.get(local.uri()).toRealPath())
          .toString()
          .replace('\\', '/');
    } catch (IOException ex) {
      throw new UncheckedIOException(ex);
    }
  }

  private static String url(Mode mode, BlobDescriptor local) {
    return base + mode.prefix + name(local);
  }

  private static Table remoteTable(String tableName) {
    return conn.createTable(
        tableName,
        Schema.builder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("ref", DataTypes.BLOB())
            .option("blob-descriptor-field", "ref")
            .build(),
        false);
  }

  private static Map<String, Object> row(long id, BlobDescriptor ref) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("id", id);
    row.put("ref", ref);
    return row;
  }

  /**
   * Writes a table whose every source row points over HTTP (through {@code mode}) at the source
   * payload's range; returns the expected payloads by id (null for a null cell).
   */
  private static Map<Long, byte[]> addMirrorRows(Table remote, Mode mode) {
    List<Map<String, Object>> rows = new ArrayList<>();
    Map<Long, byte[]> expected = new LinkedHashMap<>();
    for (Map.Entry<Long, BlobDescriptor> s : SOURCE.entrySet()) {
      BlobDescriptor d = s.getValue();
      rows.add(
          row(
              s.getKey(),
              d == null ? null : new BlobDescriptor(url(mode, d), d.offset(), d.length())));
      expected.put(
          s.getKey(), d == null ? null : readFile(Paths.get(d.uri()), d.offset(), d.length()));
    }
    remote.add(rows);
    return expected;
  }

  /** The payloads of a batch by the id of their row. */
  private static Map<Long, byte[]> byId(BlobBatch b, String column) {
    Map<Long, byte[]> out = new HashMap<>();
    BigIntVector ids = (BigIntVector) b.scalar().getVector("id");
    List<byte[]> blobs = b.blobs(column);
    assertThat(blobs).hasSize(b.rowCount());
    for (int r = 0; r < b.rowCount(); r++) {
      assertThat(out.put(ids.get(r), blobs.get(r))).as("row id %d twice", ids.get(r)).isNull();
    }
    return out;
  }

  private static void assertSamePayloads(Map<Long, byte[]> actual, Map<Long, byte[]> expected) {
    assertThat(actual.keySet()).as("seed %d", SEED).isEqualTo(expected.keySet());
    for (Map.Entry<Long, byte[]> e : expected.entrySet()) {
      assertThat(actual.get(e.getKey()))
          .as("row id %d, seed %d", e.getKey(), SEED)
          .isEqualTo(e.getValue());
    }
  }

  private static Map<Long, byte[]> readAll(BlobReader reader, String column) {
    try (BlobBatch b = reader.read(column)) {
      return byId(b, column);
    }
  }

  private static Map<Long, byte[]> streamAll(BlobReader reader, String column) {
    Map<Long, byte[]> out = new HashMap<>();
    try (CloseableIterator<BlobBatch> it = reader.stream(column)) {
      while (it.hasNext()) {
        try (BlobBatch b = it.next()) {
          Map<Long, byte[]> batch = byId(b, column);
          batch
              .keySet()
              .forEach(id -> assertThat(out).as("row id %d twice", id).doesNotContainKey(id));
          out.putAll(batch);
        }
      }
    }
    return out;
  }

  @Test
  void theSourceTableReadsTheBytesItsDescriptorsPointAt() {
    Map<Long, byte[]> expected = new LinkedHashMap<>();
    SOURCE.forEach(
        (id, d) ->
            expected.put(
                id, d == null ? null : readFile(Paths.get(d.uri()), d.offset(), d.length())));
    assertSamePayloads(readAll(BlobReader.of(source.scan()).parallelism(8), "image"), expected);
    assertThat(expected.values()).as("seed %d", SEED).containsNull();
    assertThat(expected.values())
        .as("seed %d", SEED)
        .anyMatch(b -> b != null && b.length == 0)
        .anyMatch(b -> b != null && b.length > 0 && b.length < 8)
        .anyMatch(b -> b != null && b.length > 1 << 20);
  }

  @Test
  void httpDescriptorsReadTheSourcePayloadsRowAlignedWithFewRangedRequests() {
    Table remote = remoteTable("mirror");
    Map<Long, byte[]> expected = addMirrorRows(remote, Mode.RANGES);
    // The payloads as the source table's own reader reads them (CRC-checked entries).
    Map<Long, byte[]> fromSource = readAll(BlobReader.of(source.scan()).parallelism(8), "image");
    assertSamePayloads(fromSource, expected);
    // The second table keeps the descriptors as given: they point at the server.
    assertThat(remote.scan().toList())
        .allSatisfy(
            r -> {
              BlobDescriptor d = (BlobDescriptor) r.get("ref");
              if (d != null) {
                assertThat(d.uri()).startsWith(base + Mode.RANGES.prefix).endsWith(".blob");
              }
            });

    assertSamePayloads(readAll(BlobReader.of(remote.scan()).parallelism(8), "ref"), expected);
    int ranged = count("RANGE");
    long fetched = SOURCE.values().stream().filter(d -> d != null && d.length() > 0).count();
    assertThat(ranged).as("ranged GETs").isPositive();
    // The ranges of one file are merged across the entries' framing (hole limit 1 MiB by default).
    assertThat((long) ranged).as("ranged GETs for %d payloads", fetched).isLessThan(fetched);
    assertThat(count("UNRANGED")).as("GETs without Range").isZero();

    REQUESTS.clear();
    assertSamePayloads(
        streamAll(BlobReader.of(remote.scan().batchSize(64)).parallelism(8), "ref"), expected);
    assertThat(count("RANGE")).as("ranged GETs of the stream").isPositive();

    // Without merging across holes, every non-empty payload is one ranged GET of its own (none
    // exceeds the range limit, and the framing between entries keeps them apart).
    REQUESTS.clear();
    assertSamePayloads(
        readAll(BlobReader.of(remote.scan()).parallelism(8).holeLimit(0), "ref"), expected);
    assertThat((long) count("RANGE")).as("ranged GETs, hole limit 0").isEqualTo(fetched);
  }

  @Test
  void unknownLengthReadsToTheEndOfTheServedObject() {
    Table remote = remoteTable("tails");
    List<Map<String, Object>> rows = new ArrayList<>();
    Map<Long, byte[]> expected = new LinkedHashMap<>();
    Map<String, BlobDescriptor> lastOfFile = new LinkedHashMap<>();
    SOURCE.values().stream()
        .filter(d -> d != null && d.length() > 0)
        .forEach(d -> lastOfFile.put(name(d), d));
    long id = 0;
    for (BlobDescriptor d : lastOfFile.values()) {
      Path file = Paths.get(d.uri());
      long size = file.toFile().length();
      // The whole object, the last payload and everything after it, and a fixed range in between.
      for (long[] range : new long[][] {{0, -1}, {d.offset(), -1}, {d.offset(), d.length()}}) {
        rows.add(row(id, new BlobDescriptor(url(Mode.RANGES, d), range[0], range[1])));
        long length = range[1] < 0 ? size - range[0] : range[1];
        expected.put(id++, readFile(file, range[0], length));
      }
    }
    rows.add(row(id, null));
    expected.put(id, null);
    remote.add(rows);
    assertSamePayloads(readAll(BlobReader.of(remote.scan()).parallelism(4), "ref"), expected);
    assertThat(count("HEAD " + Mode.RANGES.prefix)).as("HEADs for the lengths").isPositive();
    assertThat(count("RANGE")).as("ranged GETs").isPositive();
    assertThat(count("UNRANGED")).as("GETs without Range").isZero();
  }

  @Test
  void descriptorsBehindARedirectReadTheTargetBytes() {
    Table remote = remoteTable("redirected");
    Map<Long, byte[]> expected = addMirrorRows(remote, Mode.REDIRECT);
    assertSamePayloads(readAll(BlobReader.of(remote.scan()).parallelism(8), "ref"), expected);
    assertThat(count("GET " + Mode.REDIRECT.prefix)).as("GETs answered 302").isPositive();
    assertThat(count("RANGE")).as("ranged GETs of the target").isPositive();
  }

  /**
   * A table with a row for every non-empty source payload, pointing through {@code mode} at the
   * payload's file with the offset and length that {@code shift} gives.
   */
  private static Table pointingAt(
      String tableName, Mode mode, Function<BlobDescriptor, BlobDescriptor> shift) {
    Table remote = remoteTable(tableName);
    List<Map<String, Object>> rows = new ArrayList<>();
    SOURCE.forEach(
        (id, d) -> {
          if (d != null && d.length() > 0) {
            BlobDescriptor s = shift.apply(d);
            rows.add(row(id, new BlobDescriptor(url(mode, d), s.offset(), s.length())));
          }
        });
    remote.add(rows);
    return remote;
  }

  @Test
  void aBodyCutShortOfItsContentLengthIsAnErrorNamingTheUrl() {
    Table remote = pointingAt("cut", Mode.CUT, d -> d);
    String prefix = base + Mode.CUT.prefix;
    assertThatThrownBy(() -> BlobReader.of(remote.scan()).parallelism(8).read("ref").close())
        .isInstanceOfSatisfying(
            BlobReadException.class,
            e -> {
              assertThat(e.column()).isEqualTo("ref");
              assertThat(e.file()).startsWith(prefix);
              // The HTTP storage reports a connection cut mid-body as the short read it is.
              assertThat(e.reason()).isEqualTo(BlobReadException.Reason.SHORT_READ);
            })
        .hasMessageContaining(prefix);
    assertThatThrownBy(
            () -> streamAll(BlobReader.of(remote.scan().batchSize(64)).parallelism(8), "ref"))
        .isInstanceOf(BlobReadException.class)
        .hasMessageContaining(prefix);
    assertThat(count("GET " + Mode.CUT.prefix)).isPositive();
  }

  @Test
  void aShorter206BodyIsAShortReadNamingTheUrlAndRange() {
    Table remote = pointingAt("short", Mode.SHORT, d -> d);
    String prefix = base + Mode.SHORT.prefix;
    assertThatThrownBy(() -> BlobReader.of(remote.scan()).parallelism(8).read("ref").close())
        .isInstanceOfSatisfying(
            BlobReadException.class,
            e -> {
              assertThat(e.reason()).isEqualTo(BlobReadException.Reason.SHORT_READ);
              assertThat(e.file()).startsWith(prefix);
            })
        .hasMessageContaining(prefix)
        .hasMessageContaining("bytes=");
  }

  @Test
  void aRangePastTheEndOfTheObjectIsAShortReadNamingTheUrl() {
    String prefix = base + Mode.RANGES.prefix;
    // Starting past the end: the server answers 416.
    Table past =
        pointingAt(
            "past",
            Mode.RANGES,
            d -> new BlobDescriptor(d.uri(), Paths.get(d.uri()).toFile().length() + 10, 5));
    assertThatThrownBy(() -> BlobReader.of(past.scan()).parallelism(4).read("ref").close())
        .isInstanceOfSatisfying(
            BlobReadException.class,
            e -> assertThat(e.reason()).isEqualTo(BlobReadException.Reason.SHORT_READ))
        .hasMessageContaining(prefix)
        .hasMessageContaining("416");
    // Straddling the end: the server sends what there is, fewer bytes than the descriptor says.
    Table straddling =
        pointingAt(
            "straddling",
            Mode.RANGES,
            d -> new BlobDescriptor(d.uri(), Paths.get(d.uri()).toFile().length() - 3, 100));
    assertThatThrownBy(
            () -> BlobReader.of(straddling.scan()).parallelism(4).holeLimit(0).read("ref").close())
        .isInstanceOfSatisfying(
            BlobReadException.class,
            e -> assertThat(e.reason()).isEqualTo(BlobReadException.Reason.SHORT_READ))
        .hasMessageContaining(prefix);
    // Unknown length from past the end: the HEAD's length says there is nothing to read.
    Table unknown =
        pointingAt(
            "unknown",
            Mode.RANGES,
            d -> new BlobDescriptor(d.uri(), Paths.get(d.uri()).toFile().length() + 1, -1));
    assertThatThrownBy(() -> BlobReader.of(unknown.scan()).read("ref").close())
        .isInstanceOfSatisfying(
            BlobReadException.class,
            e -> assertThat(e.reason()).isEqualTo(BlobReadException.Reason.SHORT_READ))
        .hasMessageContaining(prefix)
        .hasMessageContaining("past the end");
  }

  @Test
  void aMissingObjectIsAnErrorNamingTheUrl() {
    String prefix = base + Mode.MISSING.prefix;
    Table ranged = pointingAt("missing", Mode.MISSING, d -> d);
    assertThatThrownBy(() -> BlobReader.of(ranged.scan()).parallelism(4).read("ref").close())
        .isInstanceOfSatisfying(
            BlobReadException.class,
            e -> {
              assertThat(e.reason()).isEqualTo(BlobReadException.Reason.MISSING_FILE);
              assertThat(e.file()).startsWith(prefix);
            })
        .hasMessageContaining(prefix);
    // Of unknown length, the HEAD finds it missing.
    Table whole = pointingAt("missingWhole", Mode.MISSING, d -> new BlobDescriptor(d.uri(), 0, -1));
    assertThatThrownBy(() -> BlobReader.of(whole.scan()).read("ref").close())
        .isInstanceOfSatisfying(
            BlobReadException.class,
            e -> assertThat(e.reason()).isEqualTo(BlobReadException.Reason.MISSING_FILE))
        .hasMessageContaining(prefix);
  }
}
