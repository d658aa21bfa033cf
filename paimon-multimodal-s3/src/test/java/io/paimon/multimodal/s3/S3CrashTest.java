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

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.SplitFile;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.blob.BlobBatch;
import io.paimon.multimodal.blob.BlobReader;
import io.paimon.multimodal.fs.InputFile;
import io.paimon.multimodal.s3.testing.S3ProxyServer;
import io.paimon.multimodal.testing.AppenderProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A writer on S3 that dies: a child JVM ({@link S3CrashAppender}) appending to a table in an
 * in-process s3proxy is killed at random moments, several times. After each death the table must
 * open, every snapshot must read, the rows must be whole batches (a commit is all or nothing)
 * holding at least every batch the child reported, row IDs must stay dense, and removeOrphanFiles
 * must clear what the dead writer left without touching what the snapshots reference. A new commit
 * must then succeed.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class S3CrashTest {

  private static final long SEED = 42;
  private static final int ROUNDS = 3;
  private static final String BUCKET = "bucket";
  private static final String WAREHOUSE = "s3://" + BUCKET + "/wh";
  private static final String TABLE = "crash";

  private static S3ProxyServer s3;

  @TempDir Path dir;

  @BeforeAll
  static void start() throws Exception {
    s3 = S3ProxyServer.start().createBucket(BUCKET);
  }

  @AfterAll
  static void stop() throws Exception {
    if (s3 != null) {
      s3.close();
    }
  }

  private static Connection connect() {
    Multimodal.Builder b = Multimodal.builder().warehouse(WAREHOUSE);
    S3CrashAppender.options(s3.endpoint().toString(), s3.accessKey(), s3.secretKey())
        .forEach(b::option);
    return b.connect();
  }

  @Test
  void aWriterKilledAtRandomMomentsLeavesAReadableTable() throws Exception {
    Random rnd = new Random(SEED);
    try (Connection conn = connect()) {
      conn.createTable(TABLE, S3CrashAppender.schema(), false);
    }
    Set<Long> reportedIds = new TreeSet<>();
    int orphansRemoved = 0;
    for (int round = 0; round < ROUNDS; round++) {
      String what = "seed " + SEED + " round " + round;
      try (AppenderProcess child =
          new AppenderProcess(
              dir,
              S3CrashAppender.class,
              s3.endpoint().toString(),
              s3.accessKey(),
              s3.secretKey(),
              WAREHOUSE,
              TABLE,
              Long.toString(round * 300_000L))) {
        child.awaitReports(1 + rnd.nextInt(3));
        // Let it get somewhere into its next commit (a random moment, not a wait for speed).
        Thread.sleep(rnd.nextInt(150));
        for (Map.Entry<Long, Integer> batch : child.kill().entrySet()) {
          for (long id = batch.getKey(); id < batch.getKey() + batch.getValue(); id++) {
            reportedIds.add(id);
          }
        }
      }
      try (Connection conn = connect()) {
        Table table = conn.getTable(TABLE);
        awaitQuiet(table);
        orphansRemoved += checkRecovered(table, reportedIds, what);
      }
    }
    // Killed while writing its next batch, the child left files no snapshot references (that all
    // three kills fell between a commit and the first object of the next one is next to
    // impossible).
    assertThat(orphansRemoved).as("seed %d: orphans removed in all rounds", SEED).isPositive();

    try (Connection conn = connect()) {
      Table table = conn.getTable(TABLE);
      Snapshot before = table.latestSnapshot().orElseThrow();
      List<Long> ids = ids(table.scan());
      Snapshot next = table.add(S3CrashAppender.batch(9_000_000));
      assertThat(next.id()).isEqualTo(before.id() + 1);
      assertThat(ids(table.scan())).hasSize(ids.size() + S3CrashAppender.BATCH);
      checkRowIds(table, "after the last round");
      checkPayloads(table.scan(), "after the last round");
    }
  }

  /**
   * Waits until the table's objects stop changing: a request whose bytes reached the server before
   * the kill may still be applied for a moment, and removing orphans with no grace period must not
   * race it.
   */
  private static void awaitQuiet(Table table) throws Exception {
    List<String> last = objects(table);
    while (true) {
      Thread.sleep(150);
      List<String> now = objects(table);
      if (now.equals(last)) {
        return;
      }
      last = now;
    }
  }

  private static List<String> objects(Table table) throws IOException {
    String root = WAREHOUSE + "/default.db/" + TABLE;
    List<String> out = new ArrayList<>();
    for (String d : List.of("snapshot", "manifest", "bucket-0")) {
      for (String name : table.io().list(root + "/" + d)) {
        out.add(d + "/" + name);
      }
    }
    return out;
  }

  /**
   * The checks after a crash, then orphan removal and the same checks again.
   *
   * @return the number of files removeOrphanFiles deleted
   */
  private static int checkRecovered(Table table, Set<Long> reportedIds, String what)
      throws IOException {
    Snapshot latest = table.latestSnapshot().orElseThrow();
    List<Snapshot> snapshots = table.snapshots();
    assertThat(snapshots)
        .as(what)
        .extracting(Snapshot::id)
        .containsExactlyElementsOf(LongStream.rangeClosed(1, latest.id()).boxed().toList());
    Set<String> referenced = new TreeSet<>();
    for (Snapshot s : snapshots) {
      String at = what + ", snapshot " + s.id();
      checkWholeBatches(ids(table.scan().snapshot(s.id())), at);
      referenced.addAll(checkFilesExist(table, s.id(), at));
    }
    List<Long> ids = ids(table.scan());
    assertThat(ids).as(what).containsAll(reportedIds);
    checkWholeBatches(ids, what);
    checkRowIds(table, what);
    checkPayloads(table.scan(), what);

    List<String> deleted = table.removeOrphanFiles(Duration.ZERO);
    assertThat(deleted).as(what).doesNotContainAnyElementsOf(referenced);
    assertThat(table.removeOrphanFiles(Duration.ZERO)).as(what + ", again").isEmpty();
    assertThat(table.snapshots()).as(what).isEqualTo(snapshots);
    for (Snapshot s : snapshots) {
      checkFilesExist(table, s.id(), what + ", snapshot " + s.id() + " after orphan removal");
    }
    assertThat(ids(table.scan())).as(what + " after orphan removal").isEqualTo(ids);
    checkRowIds(table, what + " after orphan removal");
    checkPayloads(table.scan(), what + " after orphan removal");
    return deleted.size();
  }

  /** The ids the scan reads, in row order. */
  private static List<Long> ids(Scan scan) {
    List<Long> out = new ArrayList<>();
    for (Map<String, Object> r : scan.select("id").toList()) {
      out.add((Long) r.get("id"));
    }
    return out;
  }

  /** No id twice, and each batch the ids touch is there whole: a commit is all or nothing. */
  private static void checkWholeBatches(List<Long> ids, String what) {
    assertThat(ids).as(what).doesNotHaveDuplicates();
    Map<Long, Integer> perBatch = new TreeMap<>();
    for (long id : ids) {
      perBatch.merge(id - Math.floorMod(id, S3CrashAppender.BATCH), 1, Integer::sum);
    }
    assertThat(perBatch.values()).as(what).containsOnly(S3CrashAppender.BATCH);
  }

  /** Row IDs are 0 .. n - 1, and each batch holds one contiguous range of them, in id order. */
  private static void checkRowIds(Table table, String what) {
    TreeMap<Long, Long> idByRowId = new TreeMap<>();
    for (Map<String, Object> r : table.scan().select("_ROW_ID", "id").toList()) {
      idByRowId.put((Long) r.get("_ROW_ID"), (Long) r.get("id"));
    }
    assertThat(idByRowId.keySet())
        .as("%s: row IDs are dense", what)
        .containsExactlyElementsOf(LongStream.range(0, idByRowId.size()).boxed().toList());
    long previous = -1;
    for (Map.Entry<Long, Long> e : idByRowId.entrySet()) {
      long id = e.getValue();
      if (Math.floorMod(id, S3CrashAppender.BATCH) != 0) {
        assertThat(id).as("%s: row ID %d", what, e.getKey()).isEqualTo(previous + 1);
      }
      previous = id;
    }
  }

  /** Every file of the snapshot's plan exists with its size; returns their names. */
  private static Set<String> checkFilesExist(Table table, long snapshotId, String what)
      throws IOException {
    Set<String> names = new TreeSet<>();
    for (Split split : table.scan().snapshot(snapshotId).plan()) {
      for (SplitFile f : split.files()) {
        try (InputFile in = table.io().newInputFile(f.path())) {
          assertThat(in.length()).as("%s: %s", what, f.path()).isEqualTo(f.fileSize());
        }
        names.add(f.path());
      }
    }
    return names;
  }

  /** Every BLOB the scan selects equals the payload of its row. */
  private static void checkPayloads(Scan scan, String what) {
    try (BlobBatch batch = BlobReader.of(scan.select("id")).read("payload")) {
      List<byte[]> payloads = batch.blobs("payload");
      for (int i = 0; i < batch.rowCount(); i++) {
        long id = (Long) batch.scalar().getVector("id").getObject(i);
        assertThat(payloads.get(i))
            .as("%s: payload of id %d", what, id)
            .isEqualTo(S3CrashAppender.payload(id));
      }
    }
  }
}
