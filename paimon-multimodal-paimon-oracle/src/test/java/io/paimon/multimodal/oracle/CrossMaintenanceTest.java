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
package io.paimon.multimodal.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.SnapshotNotFoundException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.fs.FileIO;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.paimon.manifest.ManifestEntry;
import org.apache.paimon.manifest.ManifestFile;
import org.apache.paimon.manifest.ManifestFileMeta;
import org.apache.paimon.operation.LocalOrphanFilesClean;
import org.apache.paimon.options.ExpireConfig;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Paimon 1.4.2's table maintenance on tables we write: its orphan-files cleaner ({@link
 * LocalOrphanFilesClean}, what the {@code remove_orphan_files} procedure runs) deletes only true
 * orphans, never a file we still need (our {@code .stats} row-group files live in {@code
 * _EXTRA_FILES}); its snapshot expiry deletes the files only expired snapshots used, each data file
 * with its {@code .stats} file, and keeps what the latest snapshot and the tags need. After each,
 * both sides read every remaining row, and we keep committing.
 */
class CrossMaintenanceTest {

  @TempDir static Path warehouse;

  private static final FileIO IO = FileIO.local();

  /** Tiny row groups: every data file of more than two rows gets a {@code .stats} file. */
  private static final Map<String, String> OPTIONS = Map.of("stats.row-group-size", "2");

  private static PaimonCatalogs paimon;
  private static Connection ours;

  @BeforeAll
  static void open() throws Exception {
    paimon = PaimonCatalogs.open(warehouse);
    ours = Multimodal.builder().warehouse(paimon.warehouse()).fileIO(IO).connect();
  }

  @AfterAll
  static void close() throws Exception {
    ours.close();
    paimon.close();
  }

  /** A table of ours: four commits of the BLOB table's rows, both partitions each, tag t2 at 2. */
  private static Table fourCommits(String name, SplittableRandom r) {
    Table table =
        ours.createTable(
            name,
            CrossChecks.ourSchema(BlobTables.SCHEMA, List.of(BlobTables.PARTITION), OPTIONS),
            false);
    long id = 0;
    for (int c = 0; c < 4; c++) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (String camera : new String[] {"left", "right", "left", "right", "left", null}) {
        Map<String, Object> row = BlobTables.row(r, id++);
        row.put(BlobTables.PARTITION, camera);
        rows.add(row);
      }
      table.add(rows);
    }
    table.createTag("t2", 2);
    return table;
  }

  private static Set<String> statsFiles(Set<String> files) {
    return files.stream().filter(f -> f.endsWith(".stats")).collect(Collectors.toSet());
  }

  /** Both sides read the latest snapshot and the tag alike. */
  private static void assertBothRead(String context, String name, Table table) throws Exception {
    CrossChecks.assertSameRows(
        context, paimon.readWithRowId(name), CrossChecks.ourRows(table.scan(), IO));
    CrossChecks.assertSameRows(
        context + ", tag t2",
        paimon.readTagWithRowId(name, "t2"),
        CrossChecks.ourRows(table.scan().tag("t2"), IO));
    CrossChecks.assertSamePlan(context, paimon, name, table);
  }

  @Test
  void paimonsOrphanCleanupDeletesOnlyOrphansAndKeepsOurStatsFiles() throws Exception {
    String name = "orphans";
    Table table = fourCommits(name, new SplittableRandom(61));
    List<Map<String, Object>> before = CrossChecks.ourRows(table.scan(), IO);
    List<Map<String, Object>> atTag = CrossChecks.ourRows(table.scan().tag("t2"), IO);
    Set<String> ours = paimon.files(name);
    assertThat(statsFiles(ours)).as(".stats files of our data files").isNotEmpty();

    // Orphans where Paimon looks: a data file, a .stats file, a manifest, a non-snapshot file.
    String uuid = UUID.randomUUID().toString();
    List<String> planted =
        List.of(
            "camera=left/bucket-0/data-" + uuid + "-0.row",
            "camera=left/bucket-0/data-" + uuid + "-0.row.stats",
            "manifest/manifest-" + uuid + "-0",
            "snapshot/stray");
    for (String p : planted) {
      Files.write(paimon.tableDir(name).resolve(p), new byte[] {1, 2, 3});
    }

    assertThat(paimon.cleanOrphans(name))
        .as("Paimon's orphan cleanup")
        .isEqualTo(new TreeSet<>(planted));
    assertThat(paimon.files(name)).as("files after the cleanup").isEqualTo(ours);
    CrossChecks.assertSameRows(
        "after Paimon's cleanup", before, CrossChecks.ourRows(table.scan(), IO));
    CrossChecks.assertSameRows(
        "after Paimon's cleanup, tag t2", atTag, CrossChecks.ourRows(table.scan().tag("t2"), IO));
    assertBothRead("after Paimon's cleanup", name, table);
    // Our filtered scans, which read the .stats files, still find their rows.
    assertThat(table.scan().where("id >= 20").count()).isEqualTo(4);
    assertThat(table.removeOrphanFiles(Duration.ZERO)).as("our orphan cleanup").isEmpty();
  }

  @Test
  void paimonsExpiryDeletesOnlyWhatExpiredSnapshotsUsedWithTheirStatsFiles() throws Exception {
    String name = "expiry";
    SplittableRandom r = new SplittableRandom(62);
    Table table = fourCommits(name, r);
    List<Map<String, Object>> atTag = CrossChecks.ourRows(table.scan().tag("t2"), IO);

    // Paimon drops partition camera=left (snapshot 5 deletes its files), then we append again.
    FileStoreTable paimonTable = paimon.table(name);
    try (BatchTableCommit commit = paimonTable.newBatchWriteBuilder().newCommit()) {
      commit.truncatePartitions(List.of(Map.of(BlobTables.PARTITION, "left")));
    }
    table.add(List.of(BlobTables.row(r, 100), BlobTables.row(r, 101), BlobTables.row(r, 102)));
    assertBothRead("after the truncation", name, table);

    // The files of camera=left written after the tag are what expiry may delete.
    Set<String> tagged = addedFiles(paimonTable, 2);
    Set<String> doomed = new TreeSet<>();
    for (String f : addedFiles(paimonTable, 4)) {
      if (f.startsWith("camera=left/") && !tagged.contains(f)) {
        doomed.add(f);
      }
    }
    assertThat(statsFiles(doomed)).as("doomed .stats files").isNotEmpty();
    Set<String> before = paimon.files(name);
    assertThat(before).containsAll(doomed);

    int expired =
        paimon
            .table(name)
            .newExpireSnapshots()
            .config(
                ExpireConfig.builder()
                    .snapshotRetainMax(1)
                    .snapshotRetainMin(1)
                    .snapshotTimeRetain(Duration.ZERO)
                    .build())
            .expire();
    assertThat(expired).as("snapshots expired").isEqualTo(5);

    Set<String> after = paimon.files(name);
    Set<String> gone = new TreeSet<>(before);
    gone.removeAll(after);
    Set<String> goneData =
        gone.stream().filter(f -> f.contains("/bucket-0/")).collect(Collectors.toSet());
    assertThat(goneData).as("data files deleted by the expiry").isEqualTo(doomed);
    assertThat(after).as("files of the tag").containsAll(tagged);
    assertThat(after).as("files of the latest snapshot").containsAll(addedFiles(paimonTable, 6));

    assertThat(table.snapshots().stream().map(Snapshot::id).toList()).containsExactly(6L);
    assertThatThrownBy(() -> table.snapshot(1))
        .isInstanceOf(SnapshotNotFoundException.class)
        .hasMessageContaining("1");
    CrossChecks.assertSameRows(
        "after the expiry, tag t2", atTag, CrossChecks.ourRows(table.scan().tag("t2"), IO));
    assertBothRead("after the expiry", name, table);

    // Nothing is left over, and nothing we need is an orphan; we keep committing.
    assertThat(paimon.cleanOrphans(name)).as("Paimon's orphan cleanup after the expiry").isEmpty();
    assertThat(table.removeOrphanFiles(Duration.ZERO)).as("our orphan cleanup").isEmpty();
    table.add(List.of(BlobTables.row(r, 200)));
    assertBothRead("after our next commit", name, table);
  }

  /**
   * The data files, and their extra files, that snapshot {@code id}'s manifests add (relative to
   * the table directory), as Paimon's manifest reader finds them.
   */
  private static Set<String> addedFiles(FileStoreTable table, long id) {
    org.apache.paimon.Snapshot s = table.snapshotManager().snapshot(id);
    ManifestFile manifests = table.store().manifestFileFactory().create();
    Set<String> out = new TreeSet<>();
    for (ManifestFileMeta m : table.store().manifestListFactory().create().readDataManifests(s)) {
      for (ManifestEntry e : manifests.read(m.fileName(), m.fileSize())) {
        String dir = table.store().pathFactory().getPartitionString(e.partition()) + "bucket-0/";
        if (e.kind().toByteValue() == 0) {
          out.add(dir + e.file().fileName());
          e.file().extraFiles().forEach(x -> out.add(dir + x));
        } else {
          out.remove(dir + e.file().fileName());
          e.file().extraFiles().forEach(x -> out.remove(dir + x));
        }
      }
    }
    return out;
  }
}
