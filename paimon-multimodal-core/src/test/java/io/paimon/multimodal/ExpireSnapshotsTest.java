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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.ForwardingFileIO;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.internal.paimon.IndexManifestEntry;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.ManifestMeta;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Table#expireSnapshots}: retention, tags, what is deleted (checked against an independent
 * listing of what the remaining snapshots and tags reference) and a kill at every deletion.
 */
class ExpireSnapshotsTest {

  @TempDir Path dir;

  private static Schema schema() {
    return Schema.builder()
        .column("id", DataTypes.BIGINT().notNull())
        .column("image", DataTypes.BLOB())
        .column("part", DataTypes.STRING())
        .column("n", DataTypes.INT())
        .partitionKeys("part")
        .option("deletion-vectors.enabled", "true")
        .option("stats.row-group-size", "2")
        .build();
  }

  /** Random commits: adds, updates, deletes, an overwrite; tags at some snapshots. */
  private static void history(Table t, Random r, int commits) {
    long id = 0;
    for (int c = 0; c < commits; c++) {
      int op = c < 2 ? 0 : r.nextInt(5);
      if (op <= 1) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < 1 + r.nextInt(8); i++) {
          Map<String, Object> row = new HashMap<>();
          row.put("id", id++);
          row.put("image", new byte[] {(byte) id, (byte) c});
          row.put("part", r.nextBoolean() ? "a" : "b");
          row.put("n", r.nextInt(10));
          rows.add(row);
        }
        t.add(rows);
      } else if (op == 2) {
        if (t.update("n = " + r.nextInt(10), Map.of("n", 20 + c)).id()
            != t.latestSnapshot().get().id()) {
          continue;
        }
        List<Map<String, Object>> first = t.scan().select("id").withRowId().limit(1).toList();
        if (!first.isEmpty()) {
          long rowId = (Long) first.get(0).get("_ROW_ID");
          t.updateByRowId(Map.of(rowId, Map.of("image", new byte[] {9, (byte) c})));
        }
      } else if (op == 3) {
        t.delete("id = " + r.nextInt((int) id));
      } else {
        t.overwrite(List.of(Map.of("id", id++, "part", "b", "n", 1)));
      }
      if (r.nextInt(4) == 0) {
        t.createTag("tag-" + c);
      }
    }
  }

  /** Every row (with _ROW_ID and image payload bytes) of every snapshot and tag. */
  private static Map<String, List<String>> contents(Table t) {
    Map<String, List<String>> out = new TreeMap<>();
    for (Snapshot s : t.snapshots()) {
      out.put("snapshot " + s.id(), rows(t, t.scan().snapshot(s.id())));
    }
    for (Tag tag : t.tags()) {
      out.put("tag " + tag.name(), rows(t, t.scan().tag(tag.name())));
    }
    return out;
  }

  private static List<String> rows(Table t, Scan scan) {
    List<String> out = new ArrayList<>();
    for (Map<String, Object> row : scan.withRowId().toList()) {
      BlobDescriptor d = (BlobDescriptor) row.get("image");
      String payload = "null";
      if (d != null) {
        payload = java.util.Arrays.toString(TestTables.payload(t, d));
      }
      out.add(row.get("_ROW_ID") + ":" + row.get("id") + ":" + row.get("n") + ":" + payload);
    }
    out.sort(null);
    return out;
  }

  /** Every file under the table's data, manifest and index directories, by name. */
  private static Set<String> storedFiles(Table t) throws IOException {
    Path root = TestTables.localRoot(t);
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile)
          .filter(p -> !root.relativize(p).toString().startsWith("snapshot"))
          .filter(p -> !root.relativize(p).toString().startsWith("schema"))
          .filter(p -> !root.relativize(p).toString().startsWith("tag"))
          .map(p -> p.getFileName().toString())
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  /** What the remaining snapshots and tags reference, read from their manifests here. */
  private static Set<String> referenced(Table t) throws IOException {
    TableState s = TestTables.state(t);
    List<SnapshotFile> all = new ArrayList<>();
    for (long id : s.snapshots().ids()) {
      all.add(s.snapshots().read(id));
    }
    for (String tag : s.tags().names()) {
      all.add(s.tags().readFile(tag).orElseThrow().snapshot());
    }
    Set<String> out = new TreeSet<>();
    for (SnapshotFile f : all) {
      for (String list : List.of(f.baseManifestList(), f.deltaManifestList())) {
        out.add(list);
        for (ManifestMeta m : s.manifests().readList(list)) {
          out.add(m.fileName());
          for (ManifestEntry e : s.manifests().readManifest(m.fileName())) {
            DataFileMeta d = e.file();
            out.add(d.fileName());
            out.addAll(d.extraFiles());
          }
        }
      }
      if (f.indexManifest() != null) {
        out.add(f.indexManifest());
        for (IndexManifestEntry e : s.manifests().readIndexManifest(f.indexManifest())) {
          out.add(e.fileName());
        }
      }
    }
    return out;
  }

  @Test
  void expiryKeepsWhatRemainsReadableAndLeavesNoUnreferencedFile() throws Exception {
    Random r = new Random(77);
    try (Connection conn = Multimodal.connect(dir.toString())) {
      for (int round = 0; round < 3; round++) {
        Table t = conn.createTable("e" + round, schema(), false);
        history(t, r, 12 + r.nextInt(8));
        Map<String, List<String>> before = contents(t);
        long latest = t.latestSnapshot().get().id();
        int keep = 1 + r.nextInt(4);
        List<Long> expired =
            t.expireSnapshots(
                ExpireOptions.builder()
                    .retainMin(keep)
                    .retainMax(keep)
                    .olderThan(Duration.ZERO)
                    .build());
        List<Long> remaining = t.snapshots().stream().map(Snapshot::id).toList();
        assertThat(remaining).hasSize(keep).contains(latest);
        assertThat(expired).hasSize((int) latest - keep).doesNotContainAnyElementsOf(remaining);
        Map<String, List<String>> after = contents(t);
        for (Map.Entry<String, List<String>> e : after.entrySet()) {
          assertThat(e.getValue()).as(e.getKey()).isEqualTo(before.get(e.getKey()));
        }
        assertThat(after.keySet().stream().filter(k -> k.startsWith("tag")))
            .isEqualTo(before.keySet().stream().filter(k -> k.startsWith("tag")).toList());
        assertThat(storedFiles(t)).isEqualTo(referenced(t));
        assertThat(t.removeOrphanFiles(Duration.ZERO)).isEmpty();
        // The table goes on: commits and expiry again.
        t.add(List.of(Map.of("id", 1000L, "part", "a")));
        assertThat(t.expireSnapshots(ExpireOptions.builder().retainMax(1).retainMin(1).build()))
            .isNotEmpty();
        assertThat(storedFiles(t)).isEqualTo(referenced(t));
      }
    }
  }

  @Test
  void retentionBoundsAndTableOptions() throws Exception {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("r", TestTables.idName(), false);
      for (int i = 0; i < 8; i++) {
        t.add(TestTables.rows(i, 1));
      }
      // Young snapshots beyond retainMin stay unless retainMax forces them out.
      assertThat(t.expireSnapshots(ExpireOptions.builder().retainMin(2).retainMax(6).build()))
          .containsExactly(1L, 2L);
      assertThat(
              t.expireSnapshots(
                  ExpireOptions.builder().retainMin(5).olderThan(Duration.ZERO).build()))
          .containsExactly(3L);
      assertThat(t.expireSnapshots(ExpireOptions.builder().retainMin(5).build())).isEmpty();
      // The table's defaults: 10 kept at least.
      assertThat(t.expireSnapshots()).isEmpty();
      Table opts =
          conn.createTable(
              "o",
              TestTables.idName("snapshot.num-retained.min", "1", "snapshot.time-retained", "0 s"),
              false);
      for (int i = 0; i < 3; i++) {
        opts.add(TestTables.rows(i, 1));
      }
      assertThat(opts.expireSnapshots()).containsExactly(1L, 2L);
      assertThat(opts.scan().count()).isEqualTo(3);
      assertThatThrownBy(() -> ExpireOptions.builder().retainMin(3).retainMax(2).build())
          .isInstanceOf(IllegalArgumentException.class);
      Table bad =
          conn.createTable("b", TestTables.idName("snapshot.time-retained", "1 fortnight"), false);
      bad.add(TestTables.rows(0, 1));
      bad.add(TestTables.rows(1, 1));
      assertThatThrownBy(() -> bad.expireSnapshots())
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("fortnight");
    }
  }

  @Test
  void rollbackToASnapshotOrATagDropsNewerSnapshotsTagsAndFiles() throws Exception {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("rb", schema(), false);
      history(t, new Random(9), 8);
      Map<String, List<String>> before = contents(t);
      long target = 4;
      t.createTag("keep", 3);
      t.createTag("newer", 6);
      Snapshot replaced = t.snapshot(target + 1);
      t.rollbackTo(target);
      assertThat(t.latestSnapshot().get().id()).isEqualTo(target);
      assertThat(t.snapshots()).hasSize((int) target);
      assertThat(rows(t, t.scan())).isEqualTo(before.get("snapshot " + target));
      assertThat(t.tags()).extracting(Tag::name).contains("keep").doesNotContain("newer");
      assertThat(storedFiles(t)).isEqualTo(referenced(t));
      // Commits go on from the rolled-back snapshot's next row ID.
      Snapshot next = t.add(List.of(Map.of("id", 500L, "part", "a")));
      assertThat(next.id()).isEqualTo(target + 1);
      // The id is reused, the snapshot is not: caches keyed by the whole snapshot tell them apart.
      assertThat(next).isNotEqualTo(replaced);
      assertThat(next.deltaManifestList()).isNotEqualTo(replaced.deltaManifestList());
      assertThat(t.scan().resolvedSnapshot()).contains(next);
      assertThat(t.scan().snapshot(target).resolvedSnapshot()).contains(t.snapshot(target));
      assertThat(rows(t, t.takeRowIds(t.snapshot(target).nextRowId()))).hasSize(1);

      // A tag whose snapshot expired is restored from the tag.
      t.add(List.of(Map.of("id", 501L, "part", "b")));
      t.expireSnapshots(ExpireOptions.builder().retainMin(1).olderThan(Duration.ZERO).build());
      assertThat(t.snapshots()).hasSize(1);
      assertThat(t.rollbackTo("keep")).isEqualTo(3);
      assertThat(rows(t, t.scan())).isEqualTo(before.get("snapshot 3"));
      assertThat(t.snapshots()).extracting(Snapshot::id).containsExactly(3L);
      assertThatThrownBy(() -> t.rollbackTo(99)).isInstanceOf(SnapshotNotFoundException.class);
      assertThatThrownBy(() -> t.rollbackTo("nope")).isInstanceOf(TagNotFoundException.class);
    }
  }

  @Test
  void tagsWithARetentionTimeExpireAndTagsRename() throws Exception {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("tr", TestTables.idName(), false);
      for (int i = 0; i < 4; i++) {
        t.add(TestTables.rows(i, 1));
      }
      Tag brief = t.createTag("brief", 1, Duration.ZERO);
      assertThat(brief.timeRetained()).contains(Duration.ZERO);
      t.createTag("long", 2, Duration.ofDays(30));
      t.createTag("forever", 3);
      assertThat(t.tags())
          .filteredOn(x -> x.name().equals("long"))
          .singleElement()
          .satisfies(x -> assertThat(x.timeRetained()).contains(Duration.ofDays(30)));
      Thread.sleep(5);
      t.expireSnapshots(ExpireOptions.builder().retainMin(1).olderThan(Duration.ZERO).build());
      assertThat(t.tags()).extracting(Tag::name).containsExactlyInAnyOrder("long", "forever");
      assertThat(t.scan().tag("long").count()).isEqualTo(2);
      t.renameTag("long", "release");
      assertThat(t.tags()).extracting(Tag::name).containsExactlyInAnyOrder("release", "forever");
      assertThat(t.scan().tag("release").count()).isEqualTo(2);
      assertThatThrownBy(() -> t.renameTag("long", "x")).isInstanceOf(TagNotFoundException.class);
      assertThatThrownBy(() -> t.renameTag("release", "forever"))
          .isInstanceOf(TagExistsException.class)
          .hasMessageContaining("already has a tag 'forever'");
      assertThatThrownBy(() -> t.createTag("neg", 1, Duration.ofSeconds(-1)))
          .isInstanceOf(IllegalArgumentException.class);
      assertThat(storedFiles(t)).isEqualTo(referenced(t));
    }
  }

  /** Fails the k-th file deletion (and every one after it, until reset). */
  private static final class KillingFileIO extends ForwardingFileIO {
    final AtomicInteger deletions = new AtomicInteger();
    volatile int failAt = Integer.MAX_VALUE;

    KillingFileIO() {
      super(FileIO.local());
    }

    @Override
    public void delete(String path) throws IOException {
      if (deletions.incrementAndGet() >= failAt) {
        throw new IOException("killed before deleting " + path);
      }
      super.delete(path);
    }

    @Override
    public void deleteFiles(Collection<String> paths) throws IOException {
      for (String p : paths) {
        delete(p);
      }
    }
  }

  @Test
  void anExpiryKilledAtAnyDeletionLeavesAReadableTableAndTheNextRunFinishes() throws Exception {
    for (int k = 1; k < 60; k += 3) {
      Path root = dir.resolve("k" + k);
      KillingFileIO io = new KillingFileIO();
      try (Connection conn = Multimodal.builder().warehouse(root.toString()).fileIO(io).connect()) {
        Table t = conn.createTable("t", schema(), false);
        history(t, new Random(k), 10);
        long latest = t.latestSnapshot().get().id();
        Map<String, List<String>> before = contents(t);
        ExpireOptions options =
            ExpireOptions.builder().retainMin(2).olderThan(Duration.ZERO).build();
        io.deletions.set(0);
        io.failAt = k;
        boolean killed;
        try {
          t.expireSnapshots(options);
          killed = false;
        } catch (java.io.UncheckedIOException e) {
          killed = true;
        }
        io.failAt = Integer.MAX_VALUE;
        // The latest two snapshots and every tag read as before, whatever was deleted.
        for (long id = latest - 1; id <= latest; id++) {
          assertThat(rows(t, t.scan().snapshot(id))).isEqualTo(before.get("snapshot " + id));
        }
        for (Tag tag : t.tags()) {
          assertThat(rows(t, t.scan().tag(tag.name()))).isEqualTo(before.get("tag " + tag.name()));
        }
        t.expireSnapshots(options);
        assertThat(t.snapshots().stream().map(Snapshot::id)).containsExactly(latest - 1, latest);
        assertThat(storedFiles(t)).isEqualTo(referenced(t));
        if (!killed) {
          break;
        }
      }
    }
  }
}
