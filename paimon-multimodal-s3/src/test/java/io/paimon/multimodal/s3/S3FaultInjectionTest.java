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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.SplitFile;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.blob.BlobBatch;
import io.paimon.multimodal.blob.BlobReadException;
import io.paimon.multimodal.blob.BlobReader;
import io.paimon.multimodal.fs.InputFile;
import io.paimon.multimodal.s3.testing.ChaosProxy;
import io.paimon.multimodal.s3.testing.ChaosProxy.Action;
import io.paimon.multimodal.s3.testing.ChaosProxy.Request;
import io.paimon.multimodal.s3.testing.ChaosProxy.Rule;
import io.paimon.multimodal.s3.testing.S3ProxyServer;
import io.paimon.types.DataTypes;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongToIntFunction;
import java.util.function.Predicate;
import java.util.stream.LongStream;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Tables on S3 through the real AWS SDK, its HTTP client and a real network hop: a {@link
 * ChaosProxy} between the storage and s3proxy fails requests the way networks and object stores
 * fail them. Every connection is made as a user makes one, from a warehouse URI and {@code s3.}
 * options (the endpoint being the proxy's), so the retry settings are the shipped defaults. The
 * tests prove that faults are retried where retrying is safe, that a payload is never silently
 * short, that errors are clear where retrying is not safe or the attempts run out, that a lost
 * commit reply is recognised as the writer's own, and that concurrent writers under faults neither
 * lose nor duplicate rows.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class S3FaultInjectionTest {

  private static final long SEED = 20_250_611;
  private static final String BUCKET = "faults";
  private static final int MIB = 1 << 20;

  private static S3ProxyServer s3;
  private static ChaosProxy proxy;

  private final List<Connection> connections = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    s3 = S3ProxyServer.start().createBucket(BUCKET);
    proxy = ChaosProxy.start(s3.endpoint());
  }

  @AfterAll
  static void stop() throws Exception {
    if (proxy != null) {
      proxy.close();
    }
    if (s3 != null) {
      s3.close();
    }
  }

  @AfterEach
  void heal() {
    proxy.rule(Rule.FORWARD_ALL);
    proxy.resetCounters();
    for (Connection c : connections) {
      c.close();
    }
    connections.clear();
  }

  // ------------------------------------------------------------------------------------------
  // Fixtures

  /** A connection to a new warehouse of its own, through the proxy, closed after the test. */
  private Connection connect(Map<String, String> extra) {
    return connect("s3://" + BUCKET + "/" + UUID.randomUUID(), extra);
  }

  private Connection connect(String warehouse, Map<String, String> extra) {
    Multimodal.Builder b =
        Multimodal.builder()
            .warehouse(warehouse)
            .option(S3Options.ENDPOINT, proxy.endpoint().toString())
            .option(S3Options.REGION, S3ProxyServer.REGION)
            .option(S3Options.ACCESS_KEY, s3.accessKey())
            .option(S3Options.SECRET_KEY, s3.secretKey())
            .option(S3Options.PATH_STYLE_ACCESS, "true");
    extra.forEach(b::option);
    Connection c = b.connect();
    connections.add(c);
    return c;
  }

  private static Schema schema() {
    return Schema.builder()
        .column("id", DataTypes.BIGINT().notNull())
        .column("category", DataTypes.STRING())
        .column("image", DataTypes.BLOB())
        .build();
  }

  private static String category(long id) {
    return id % 3 == 0 ? "lake" : "sea";
  }

  /** The payload of row {@code id}: {@code size} bytes derived from the seed and the id. */
  private static byte[] payload(long id, int size) {
    byte[] out = new byte[size];
    new Random(SEED * 31 + id).nextBytes(out);
    return out;
  }

  /** Rows {@code first .. first + n - 1}; a negative size is a null image. */
  private static List<Map<String, Object>> rows(long first, int n, LongToIntFunction size) {
    List<Map<String, Object>> rows = new ArrayList<>(n);
    for (long id = first; id < first + n; id++) {
      Map<String, Object> r = new HashMap<>();
      r.put("id", id);
      r.put("category", category(id));
      int s = size.applyAsInt(id);
      r.put("image", s < 0 ? null : payload(id, s));
      rows.add(r);
    }
    return rows;
  }

  /** Small payloads: 1 byte to 4 KiB. */
  private static int small(long id) {
    return 1 + Math.floorMod(id * 2_654_435_761L, 4096);
  }

  /** Each row's {@code _ROW_ID} and {@code id}, by row ID. */
  private static TreeMap<Long, Long> idsByRowId(Table table) {
    TreeMap<Long, Long> out = new TreeMap<>();
    for (Map<String, Object> r : table.scan().select("_ROW_ID", "id").toList()) {
      assertThat(out.put((Long) r.get("_ROW_ID"), (Long) r.get("id")))
          .as("row ID %s appears twice", r.get("_ROW_ID"))
          .isNull();
    }
    return out;
  }

  /** The table holds exactly the ids {@code 0 .. n - 1}, once each, with row IDs 0 .. n - 1. */
  private static void assertWhole(Table table, Set<Long> expectedIds, String what) {
    TreeMap<Long, Long> byRowId = idsByRowId(table);
    assertThat(byRowId.keySet())
        .as("%s: row IDs are dense", what)
        .containsExactlyElementsOf(LongStream.range(0, expectedIds.size()).boxed().toList());
    assertThat(byRowId.values()).as("%s: no row twice", what).doesNotHaveDuplicates();
    assertThat(new TreeSet<>(byRowId.values()))
        .as("%s: every row, none lost", what)
        .isEqualTo(new TreeSet<>(expectedIds));
  }

  /** Every file the snapshot's plan names exists with the size the plan gives. */
  private static void assertFilesExist(Table table, long snapshotId) throws IOException {
    List<Split> splits = table.scan().snapshot(snapshotId).plan();
    assertThat(splits).as("splits of snapshot %d", snapshotId).isNotEmpty();
    for (Split split : splits) {
      for (SplitFile f : split.files()) {
        try (InputFile in = table.io().newInputFile(f.path())) {
          assertThat(in.length()).as(f.path()).isEqualTo(f.fileSize());
        }
      }
    }
  }

  /** Reads every image the scan selects and compares it with the reference; returns the count. */
  private static int assertImages(Scan scan, LongToIntFunction size, String what) {
    try (BlobBatch batch = BlobReader.of(scan).read("image")) {
      List<byte[]> images = batch.blobs("image");
      for (int i = 0; i < batch.rowCount(); i++) {
        long id = (Long) batch.scalar().getVector("id").getObject(i);
        int s = size.applyAsInt(id);
        if (s < 0) {
          assertThat(images.get(i)).as("%s: image of row %d", what, id).isNull();
        } else {
          assertThat(images.get(i)).as("%s: image of row %d", what, id).isEqualTo(payload(id, s));
        }
      }
      return batch.rowCount();
    }
  }

  private static boolean isRead(Request r) {
    return r.method().equals("GET") || r.method().equals("HEAD");
  }

  private static boolean isRangedGet(Request r) {
    return r.method().equals("GET") && r.header("Range") != null;
  }

  private static boolean isSnapshotCreate(Request r) {
    return r.method().equals("PUT")
        && r.header("If-None-Match") != null
        && r.path().contains("/snapshot/snapshot-");
  }

  /**
   * The last byte a ranged GET asks for: the same for a read and its resumptions (which move only
   * the start), so that a read is truncated once, not once per resumption.
   */
  private static String rangeEnd(Request r) {
    String range = r.header("Range");
    return range.substring(range.indexOf('-') + 1);
  }

  /**
   * Rules tried in order, the first that does not forward deciding; records every request and
   * counts what was done by kind, so that a test can prove its faults were really injected.
   */
  private static final class Faults implements Rule {
    private final List<Rule> rules;
    private final Map<Action.Kind, LongAdder> taken = new EnumMap<>(Action.Kind.class);
    private final ConcurrentLinkedQueue<Request> requests = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<String> log = new ConcurrentLinkedQueue<>();

    Faults(Rule... rules) {
      this.rules = List.of(rules);
      for (Action.Kind k : Action.Kind.values()) {
        taken.put(k, new LongAdder());
      }
    }

    @Override
    public Action decide(Request request) {
      requests.add(request);
      for (Rule rule : rules) {
        Action a = rule.decide(request);
        if (a.kind() != Action.Kind.FORWARD) {
          taken.get(a.kind()).increment();
          log.add(a + " " + request);
          return a;
        }
      }
      taken.get(Action.Kind.FORWARD).increment();
      return Action.forward();
    }

    long count(Action.Kind kind) {
      return taken.get(kind).sum();
    }

    /** The requests seen that match. */
    List<Request> requests(Predicate<Request> matching) {
      return requests.stream().filter(matching).toList();
    }

    @Override
    public String toString() {
      return "faults " + taken + ", first: " + log.stream().limit(20).toList();
    }
  }

  // ------------------------------------------------------------------------------------------
  // Tests

  @Test
  void transientFaultsAreRetriedAndEveryByteArrives() throws Exception {
    // Four payloads over 1 MiB (the first commit's .blob file is a 2-part multipart upload), the
    // rest small, every tenth null.
    Map<Long, Integer> large = Map.of(0L, 3_300_000, 5L, 2_600_001, 12L, MIB + 1, 20L, 1_500_000);
    LongToIntFunction size = id -> id % 10 == 9 ? -1 : large.getOrDefault(id, small(id));
    Faults faults =
        new Faults(
            Rule.firstN(2, S3FaultInjectionTest::isRead, Action.status(503, "SlowDown")),
            Rule.everyNth(9, r -> true, Action.dropBeforeForward()),
            Rule.oncePer(
                r -> r.path() + " " + rangeEnd(r),
                S3FaultInjectionTest::isRangedGet,
                Action.truncateBody(517)));
    proxy.rule(faults);

    Connection conn =
        connect(Map.of(S3Options.PART_SIZE, "5 mb", S3Options.MULTIPART_THRESHOLD, "5 mb"));
    Table table = conn.createTable("docs", schema(), false);
    Snapshot s1 = table.add(rows(0, 15, size));
    Snapshot s2 = table.add(rows(15, 15, size));
    assertThat(s2.id()).isEqualTo(s1.id() + 1);

    String what = "seed " + SEED + ", " + faults;
    assertWhole(table, new TreeSet<>(LongStream.range(0, 30).boxed().toList()), what);
    assertThat(table.scan().where("category = 'lake'").select("id", "category").toList())
        .as(what)
        .extracting(r -> r.get("id"), r -> r.get("category"))
        .containsExactlyInAnyOrderElementsOf(
            LongStream.range(0, 30)
                .filter(id -> id % 3 == 0)
                .mapToObj(id -> Tuple.tuple(id, "lake"))
                .toList());
    assertThat(assertImages(table.scan(), size, what)).isEqualTo(30);
    assertThat(assertImages(table.scan().where("id >= 4 AND id < 21").select("id"), size, what))
        .isEqualTo(17);
    // A fresh connection reads it all again (no state cached from the writes).
    Table again = connect(conn.warehouse(), Map.of()).getTable("docs");
    assertThat(assertImages(again.scan().where("category = 'sea'"), size, what)).isEqualTo(20);

    assertThat(
            faults.requests(
                r -> r.method().equals("POST") && String.valueOf(r.query()).startsWith("uploads")))
        .as("%s: a multipart upload", what)
        .isNotEmpty();
    assertThat(faults.count(Action.Kind.STATUS)).as(what).isEqualTo(2);
    assertThat(faults.count(Action.Kind.DROP_BEFORE_FORWARD)).as(what).isGreaterThan(10);
    assertThat(faults.count(Action.Kind.TRUNCATE_BODY)).as(what).isGreaterThan(10);
    assertThat(proxy.faults())
        .as(what)
        .isEqualTo(
            faults.count(Action.Kind.STATUS)
                + faults.count(Action.Kind.DROP_BEFORE_FORWARD)
                + faults.count(Action.Kind.TRUNCATE_BODY));
  }

  @Test
  void aPayloadCutShortEveryTimeIsAnErrorNamingTheFileNeverAShortArray() throws Exception {
    LongToIntFunction size = id -> 20_000 + (int) (id * 7_919);
    Connection conn = connect(Map.of());
    Table table = conn.createTable("docs", schema(), false);
    table.add(rows(0, 10, size));
    List<BlobDescriptor> descriptors = new ArrayList<>();
    for (Map<String, Object> r : table.scan().select("image").toList()) {
      descriptors.add((BlobDescriptor) r.get("image"));
    }
    String blobFile = descriptors.get(0).uri();
    assertThat(blobFile).startsWith("s3://" + BUCKET + "/").endsWith(".blob");
    assertThat(descriptors).allMatch(d -> d.uri().equals(blobFile));

    Faults faults =
        new Faults(
            Rule.everyNth(
                1, r -> isRangedGet(r) && r.path().endsWith(".blob"), Action.truncateBody(1000)));
    proxy.rule(faults);

    assertThatThrownBy(() -> BlobReader.of(table.scan()).read("image").close())
        .isInstanceOf(BlobReadException.class)
        .hasMessageContaining("file " + blobFile)
        .hasMessageContaining("column 'image'")
        .hasMessageContaining("Premature end of Content-Length delimited message body")
        .satisfies(
            e -> {
              BlobReadException b = (BlobReadException) e;
              assertThat(b.reason()).isEqualTo(BlobReadException.Reason.IO_ERROR);
              assertThat(b.file()).startsWith(blobFile);
            });
    // Five attempts (the default), each cut after 1000 bytes.
    assertThat(faults.count(Action.Kind.TRUNCATE_BODY)).isGreaterThanOrEqualTo(5);

    // Directly: the read fails naming the object, the range and the attempts. The object is whole
    // and only its transfers were cut, so this is an I/O error, not an EOFException (which says
    // the object ends inside the range, and makes a BLOB read report SHORT_READ).
    BlobDescriptor d = descriptors.get(3);
    byte[] buf = new byte[Math.toIntExact(d.length())];
    long end = d.offset() + d.length() - 1;
    try (InputFile in = table.io().newInputFile(d.uri())) {
      assertThatThrownBy(() -> in.readFully(d.offset(), buf, 0, buf.length))
          .isInstanceOf(IOException.class)
          .isNotInstanceOf(EOFException.class)
          .hasMessageStartingWith(d.uri() + ": GET bytes=" + d.offset() + "-" + end)
          .hasMessageContaining("failed after 5 attempts, 5000 of " + d.length() + " bytes read")
          .hasMessageContaining("Premature end of Content-Length delimited message body");
      // An object that really ends inside the range is an EOFException naming both.
      long length = in.length();
      assertThatThrownBy(() -> in.readFully(length - 10, new byte[100], 0, 100))
          .isInstanceOf(EOFException.class)
          .hasMessageStartingWith(
              d.uri() + ": GET bytes=" + (length - 10) + "-" + (length + 89) + ": ")
          .hasMessageContaining("the object ends inside the range");
    }

    proxy.rule(Rule.FORWARD_ALL);
    assertThat(assertImages(table.scan(), size, "after healing")).isEqualTo(10);
  }

  @Test
  void persistentServerErrorsOnPutsFailTheAddClearlyAndLeaveTheTableAsItWas() throws Exception {
    LongToIntFunction size = S3FaultInjectionTest::small;
    Connection conn = connect(Map.of(S3Options.MAX_ATTEMPTS, "3"));
    Table table = conn.createTable("docs", schema(), false);
    Snapshot before = table.add(rows(0, 20, size));

    Faults faults =
        new Faults(
            Rule.everyNth(
                1, r -> r.method().equals("PUT"), Action.status(503, "ServiceUnavailable")));
    proxy.rule(faults);
    assertThatThrownBy(() -> table.add(rows(20, 20, size)))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("PUT If-None-Match: * s3://" + BUCKET + "/")
        .hasMessageContaining("failed after 3 attempts and the object was not created")
        .hasMessageContaining("HTTP 503 ServiceUnavailable");
    // The first file's PUT, three times; the aborted write abandons its other open file (a
    // .blob stream) instead of uploading it only to delete it.
    assertThat(faults.count(Action.Kind.STATUS)).as(faults.toString()).isEqualTo(3);

    proxy.rule(Rule.FORWARD_ALL);
    assertThat(table.latestSnapshot()).contains(before);
    assertThat(table.snapshots()).containsExactly(before);
    assertWhole(table, new TreeSet<>(LongStream.range(0, 20).boxed().toList()), "after the fault");
    assertThat(assertImages(table.scan(), size, "after the fault")).isEqualTo(20);

    Snapshot next = table.add(rows(20, 20, size));
    assertThat(next.id()).isEqualTo(before.id() + 1);
    assertWhole(table, new TreeSet<>(LongStream.range(0, 40).boxed().toList()), "after next add");
    assertThat(assertImages(table.scan(), size, "after next add")).isEqualTo(40);
  }

  @Test
  void aCommitWhoseReplyIsLostLandsExactlyOnce() throws Exception {
    LongToIntFunction size = S3FaultInjectionTest::small;
    Connection conn = connect(Map.of());
    Table table = conn.createTable("docs", schema(), false);
    table.add(rows(0, 25, size));

    Faults faults =
        new Faults(
            Rule.firstN(1, S3FaultInjectionTest::isSnapshotCreate, Action.dropAfterForward()));
    proxy.rule(faults);
    Snapshot added = table.add(rows(25, 25, size));
    proxy.rule(Rule.FORWARD_ALL);

    assertThat(faults.count(Action.Kind.DROP_AFTER_FORWARD)).isEqualTo(1);
    // The lost create, then its retry, answered 412 as the object exists: the writer looked and
    // found its own write id.
    assertThat(faults.requests(S3FaultInjectionTest::isSnapshotCreate))
        .extracting(Request::path)
        .hasSize(2)
        .allMatch(p -> p.endsWith("/snapshot/snapshot-2"));
    assertThat(added.id()).isEqualTo(2);
    assertThat(table.latestSnapshot()).contains(added);
    assertThat(table.snapshots()).extracting(Snapshot::id).containsExactly(1L, 2L);
    assertWhole(table, new TreeSet<>(LongStream.range(0, 50).boxed().toList()), "lost reply");
    assertFilesExist(table, 1);
    assertFilesExist(table, 2);
    assertThat(assertImages(table.scan(), size, "lost reply")).isEqualTo(50);
    // Nothing was written twice or left behind.
    assertThat(table.removeOrphanFiles(Duration.ZERO)).isEmpty();
  }

  @Test
  void concurrentWritersUnderFaultsNeitherLoseNorDuplicateRows() throws Exception {
    int writers = 8;
    int addsEach = 3;
    int rowsPerAdd = 20;
    LongToIntFunction size = S3FaultInjectionTest::small;
    Connection setup = connect(Map.of());
    setup.createTable("docs", schema(), false);
    String warehouse = setup.warehouse();

    AtomicLong seen = new AtomicLong();
    Faults faults =
        new Faults(
            r ->
                seen.incrementAndGet() % 10 != 0
                    ? Action.forward()
                    : seen.get() % 20 == 0
                        ? Action.dropBeforeForward()
                        : Action.status(503, "InternalError"));
    proxy.rule(faults);

    ExecutorService pool = Executors.newFixedThreadPool(writers);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<List<Long>>> results = new ArrayList<>();
    try {
      for (int w = 0; w < writers; w++) {
        long first = w * 1_000L;
        Table table = connect(warehouse, Map.of()).getTable("docs");
        results.add(
            pool.submit(
                () -> {
                  go.await();
                  List<Long> ids = new ArrayList<>();
                  for (int a = 0; a < addsEach; a++) {
                    ids.add(table.add(rows(first + a * rowsPerAdd, rowsPerAdd, size)).id());
                  }
                  return ids;
                }));
      }
      go.countDown();
      List<Long> snapshotIds = new ArrayList<>();
      for (Future<List<Long>> f : results) {
        snapshotIds.addAll(f.get(90, TimeUnit.SECONDS));
      }
      proxy.rule(Rule.FORWARD_ALL);

      String what = faults.toString();
      int commits = writers * addsEach;
      assertThat(new TreeSet<>(snapshotIds))
          .as(what)
          .containsExactlyElementsOf(LongStream.rangeClosed(1, commits).boxed().toList());
      Table table = setup.getTable("docs");
      assertThat(table.snapshots())
          .extracting(Snapshot::id)
          .containsExactlyElementsOf(LongStream.rangeClosed(1, commits).boxed().toList());
      Set<Long> expected = new TreeSet<>();
      for (int w = 0; w < writers; w++) {
        for (long id = w * 1_000L; id < w * 1_000L + addsEach * rowsPerAdd; id++) {
          expected.add(id);
        }
      }
      assertWhole(table, expected, what);
      assertThat(assertImages(table.scan(), size, what)).isEqualTo(expected.size());
      assertThat(faults.count(Action.Kind.STATUS)).as(what).isGreaterThan(5);
      assertThat(faults.count(Action.Kind.DROP_BEFORE_FORWARD)).as(what).isGreaterThan(5);
    } finally {
      pool.shutdownNow();
    }
  }
}
