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
package io.paimon.multimodal;

import static io.paimon.multimodal.TestTables.dataAndManifestFiles;
import static io.paimon.multimodal.TestTables.idName;
import static io.paimon.multimodal.TestTables.longs;
import static io.paimon.multimodal.TestTables.range;
import static io.paimon.multimodal.TestTables.readCount;
import static io.paimon.multimodal.TestTables.referencedFiles;
import static io.paimon.multimodal.TestTables.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.testing.AppenderProcess;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Writers that die: a child JVM killed at random moments while it appends, and commits whose
 * snapshot creation fails. The table must stay readable and whole, and removeOrphanFiles must
 * delete exactly the files no snapshot references.
 */
class CrashRecoveryTest {

  private static final int ROUNDS = 3;

  @TempDir Path dir;

  private RootAllocator allocator;

  @BeforeEach
  void open() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void close() {
    allocator.close();
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {42})
  void aWriterKilledAtRandomMomentsLeavesAWholeTable(long seed) throws Exception {
    Random rnd = new Random(seed);
    Path warehouse = dir.resolve("warehouse");
    try (Connection conn = Multimodal.connect(warehouse.toString())) {
      conn.createTable("crash", CrashAppender.schema(), false);
    }
    Set<Long> reportedIds = new TreeSet<>();
    for (int round = 0; round < ROUNDS; round++) {
      String what = "seed " + seed + " round " + round;
      try (AppenderProcess child =
          new AppenderProcess(
              dir,
              CrashAppender.class,
              dir.resolve("warehouse").toString(),
              "crash",
              Long.toString(round * 300_000L))) {
        child.awaitReports(1 + rnd.nextInt(3));
        // Let it get somewhere into its next commit (a random moment, not a wait for speed).
        Thread.sleep(rnd.nextInt(100));
        for (Map.Entry<Long, Integer> batch : child.kill().entrySet()) {
          for (long id = batch.getKey(); id < batch.getKey() + batch.getValue(); id++) {
            reportedIds.add(id);
          }
        }
      }
      try (Connection conn = Multimodal.connect(warehouse.toString())) {
        checkRecovered(conn.getTable("crash"), reportedIds, what);
      }
    }
    try (Connection conn = Multimodal.connect(warehouse.toString())) {
      Table table = conn.getTable("crash");
      long before = table.scan().count();
      table.add(CrashAppender.batch(9_000_000));
      assertThat(table.scan().count()).isEqualTo(before + CrashAppender.BATCH);
      assertThat(readCount(table.scan().allocator(allocator))).isEqualTo(before + 300);
    }
  }

  /** The checks after a crash, then orphan removal and the same checks again. */
  private void checkRecovered(Table table, Set<Long> reportedIds, String what) throws Exception {
    Snapshot latest = table.latestSnapshot().orElseThrow();
    List<Long> ids = longs(table.scan().allocator(allocator), "id");
    assertThat((long) ids.size()).as(what).isEqualTo(table.scan().snapshot(latest.id()).count());
    assertThat(ids).as(what).doesNotHaveDuplicates().containsAll(reportedIds);
    // A commit is all or nothing: each batch the table holds is whole.
    Map<Long, Integer> perBatch = new TreeMap<>();
    for (long id : ids) {
      perBatch.merge(id - Math.floorMod(id, CrashAppender.BATCH), 1, Integer::sum);
    }
    assertThat(perBatch.values()).as(what).containsOnly(CrashAppender.BATCH);
    checkFiles(table, what);

    Set<String> orphans = new TreeSet<>(dataAndManifestFiles(table));
    orphans.removeAll(referencedFiles(table));
    orphans.addAll(TestTables.interruptedTempFiles(table));
    List<String> deleted = table.removeOrphanFiles(Duration.ZERO);
    assertThat(deleted.stream().map(p -> Path.of(p).getFileName().toString()))
        .as(what)
        .containsExactlyInAnyOrderElementsOf(orphans);
    assertThat(dataAndManifestFiles(table)).as(what).isEqualTo(referencedFiles(table));
    assertThat(TestTables.interruptedTempFiles(table)).as(what).isEmpty();
    assertThat(longs(table.scan().allocator(allocator), "id")).as(what).isEqualTo(ids);
    checkFiles(table, what);
  }

  /** Every referenced file exists, and every BLOB descriptor points at its payload. */
  private void checkFiles(Table table, String what) throws IOException {
    for (String name : referencedFiles(table)) {
      String dirName =
          name.startsWith("manifest") || name.startsWith("index-manifest")
              ? "manifest"
              : "bucket-0";
      assertThat(TestTables.localRoot(table).resolve(dirName).resolve(name)).as(what).exists();
    }
    for (Map<String, Object> row :
        table.scan().select("id", "payload").allocator(allocator).toList()) {
      long id = (Long) row.get("id");
      BlobDescriptor d = (BlobDescriptor) row.get("payload");
      byte[] bytes = new byte[(int) d.length()];
      try (RandomAccessFile f = new RandomAccessFile(d.uri(), "r")) {
        f.seek(d.offset());
        f.readFully(bytes);
      }
      assertThat(bytes).as("%s, id %s", what, id).isEqualTo(CrashAppender.payload(id));
    }
  }

  /** A table over a {@link FaultyFileIO}, with a first commit of 50 rows. */
  private Table faultyTable(Connection conn) {
    Table table = conn.createTable("t", idName("target-file-size", "8 kb"), false);
    table.add(rows(0, 50));
    return table;
  }

  @Test
  void aCommitWhoseSnapshotCannotBeCreatedLeavesOnlyOrphans() throws Exception {
    FaultyFileIO io = new FaultyFileIO();
    try (Connection conn = Multimodal.builder().warehouse(dir.toString()).fileIO(io).connect()) {
      Table table = faultyTable(conn);
      Snapshot first = table.latestSnapshot().orElseThrow();
      Set<String> before = dataAndManifestFiles(table);

      io.fault(FaultyFileIO.SnapshotFault.FAIL_BEFORE_CREATING);
      assertThatThrownBy(() -> table.add(rows(50, 1_000)))
          .isInstanceOf(UncheckedIOException.class)
          .hasMessageContaining("injected failure creating ")
          .hasMessageContaining("snapshot-2");
      io.fault(FaultyFileIO.SnapshotFault.NONE);

      // Nothing committed: same snapshots, same rows.
      assertThat(table.snapshots()).containsExactly(first);
      assertThat(longs(table.scan().allocator(allocator), "id")).isEqualTo(range(50));
      Set<String> leftovers = new TreeSet<>(dataAndManifestFiles(table));
      leftovers.removeAll(before);
      assertThat(leftovers).isNotEmpty().doesNotContainAnyElementsOf(referencedFiles(table));
      assertThat(leftovers).anyMatch(f -> f.startsWith("manifest-list-"));

      // Within the grace period nothing goes; without it, exactly the leftovers do.
      assertThat(table.removeOrphanFiles(Duration.ofHours(1))).isEmpty();
      assertThat(dataAndManifestFiles(table)).containsAll(leftovers);
      List<String> deleted = new ArrayList<>();
      for (String path : table.removeOrphanFiles(Duration.ZERO)) {
        deleted.add(Path.of(path).getFileName().toString());
      }
      assertThat(deleted).containsExactlyInAnyOrderElementsOf(leftovers);
      assertThat(dataAndManifestFiles(table)).isEqualTo(before);
      assertThat(table.removeOrphanFiles(Duration.ZERO)).isEmpty();

      Snapshot next = table.add(rows(50, 10));
      assertThat(next.id()).isEqualTo(2);
      assertThat(longs(table.scan().allocator(allocator), "id")).isEqualTo(range(60));
    }
  }

  @Test
  void aCommitWhoseSnapshotWasCreatedDespiteAnErrorKeepsItsFiles() throws Exception {
    FaultyFileIO io = new FaultyFileIO();
    try (Connection conn = Multimodal.builder().warehouse(dir.toString()).fileIO(io).connect()) {
      Table table = faultyTable(conn);

      // The store created the snapshot but the call failed (e.g. a lost reply): the writer sees
      // that the snapshot is its own, so the add succeeds (a retry would duplicate the rows), and
      // no file the snapshot references is deleted.
      io.fault(FaultyFileIO.SnapshotFault.FAIL_AFTER_CREATING);
      Snapshot added = table.add(rows(50, 1_000));
      assertThat(added.id()).isEqualTo(2);
      assertThat(added.deltaRecordCount()).isEqualTo(1_000);
      io.fault(FaultyFileIO.SnapshotFault.NONE);

      Snapshot latest = table.latestSnapshot().orElseThrow();
      assertThat(latest.id()).isEqualTo(2);
      assertThat(longs(table.scan().allocator(allocator), "id")).isEqualTo(range(1_050));
      assertThat(table.removeOrphanFiles(Duration.ZERO)).isEmpty();
      checkFilesExist(table);
      assertThat(readCount(table.scan().allocator(allocator))).isEqualTo(1_050);
    }
  }

  private static void checkFilesExist(Table table) {
    for (String name : referencedFiles(table)) {
      String dirName =
          name.startsWith("manifest") || name.startsWith("index-manifest")
              ? "manifest"
              : "bucket-0";
      assertThat(TestTables.localRoot(table).resolve(dirName).resolve(name)).exists();
    }
  }
}
