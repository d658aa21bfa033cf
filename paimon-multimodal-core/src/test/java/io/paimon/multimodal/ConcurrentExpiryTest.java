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
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Table#expireSnapshots} running again and again while another thread commits adds, updates,
 * deletes and compactions (deletion vectors, a BLOB column): every snapshot read while they ran,
 * every snapshot that remains and the latest one read as the committer's model held the rows when
 * it committed them, and after one last expiry no file is left that no remaining snapshot
 * references. Through one table object, and through two connections (that only meet in storage).
 */
class ConcurrentExpiryTest {

  private static final int COMMITS = 100;

  /** Expiries per commit: the expirer waits for the committer's progress, not for time. */
  private static final int EXPIRIES_PER_COMMIT = 2;

  @TempDir Path dir;

  private static Schema schema() {
    return Schema.builder()
        .column("id", DataTypes.BIGINT().notNull())
        .column("part", DataTypes.STRING().notNull())
        .column("n", DataTypes.INT())
        .column("image", DataTypes.BLOB())
        .partitionKeys("part")
        .option("deletion-vectors.enabled", "true")
        // Small files, so that commits touch some row-ID ranges of a partition and not others.
        .option("target-file-size", "1 kb")
        .build();
  }

  /** A row of the committer's model. */
  private record Row(String part, Integer n, byte[] image) {}

  /** What the committer committed: the rows of each of its snapshots. */
  private record Committed(Map<Long, List<String>> bySnapshot, List<String> last) {}

  @ParameterizedTest(name = "separate connections: {0}")
  @ValueSource(booleans = {false, true})
  void expiryWhileCommittingKeepsEverySnapshotItLeavesReadable(boolean separate) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try (Connection conn = Multimodal.connect(dir.toString());
        Connection other = separate ? Multimodal.connect(dir.toString()) : null) {
      Table t = conn.createTable("t", schema(), false);
      Table expiring = separate ? other.getTable("t") : t;
      Semaphore progress = new Semaphore(0);
      Future<Committed> committer = pool.submit(() -> commit(t, progress));
      Future<Map<Long, List<String>>> expirer = pool.submit(() -> expire(expiring, progress));
      Committed committed = committer.get(5, TimeUnit.MINUTES);
      Map<Long, List<String>> seen = expirer.get(5, TimeUnit.MINUTES);

      assertThat(rows(t, t.scan())).as("latest").isEqualTo(committed.last());
      assertThat(seen).as("snapshots the expirer read").isNotEmpty();
      for (Map.Entry<Long, List<String>> e : seen.entrySet()) {
        assertThat(e.getValue())
            .as("snapshot %s read while committing", e.getKey())
            .isEqualTo(committed.bySnapshot().get(e.getKey()));
      }
      checkRemaining(t, committed);

      // The expirer may have left one to three snapshots: down to one, the latest.
      long latest = t.latestSnapshot().orElseThrow().id();
      t.expireSnapshots(
          ExpireOptions.builder().retainMin(1).retainMax(1).olderThan(Duration.ZERO).build());
      assertThat(t.snapshots()).extracting(Snapshot::id).containsExactly(latest);
      checkRemaining(t, committed);
      assertThat(storedFiles(t)).isEqualTo(referenced(t));
      assertThat(t.removeOrphanFiles(Duration.ZERO)).isEmpty();
    } finally {
      pool.shutdownNow();
      assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
    }
  }

  private static void checkRemaining(Table t, Committed committed) {
    for (Snapshot s : t.snapshots()) {
      assertThat(committed.bySnapshot()).as("snapshot %s", s.id()).containsKey(s.id());
      assertThat(rows(t, t.scan().snapshot(s.id())))
          .as("snapshot %s", s.id())
          .isEqualTo(committed.bySnapshot().get(s.id()));
    }
  }

  /**
   * Adds, updates (by predicate, of n or of the BLOB), deletes and now and then a compaction, kept
   * in a model; releases permits for the expirer after each commit (and all it may still need at
   * the end, so that it never waits for a committer that stopped).
   */
  private static Committed commit(Table t, Semaphore progress) {
    Random r = new Random(42);
    TreeMap<Long, Row> model = new TreeMap<>();
    Map<Long, List<String>> bySnapshot = new HashMap<>();
    long nextId = 0;
    try {
      for (int c = 0; c < COMMITS; c++) {
        int op = c < 2 || model.isEmpty() ? 0 : r.nextInt(8);
        Snapshot s;
        if (op <= 2) {
          List<Map<String, Object>> rows = new ArrayList<>();
          for (int i = 1 + r.nextInt(12); i > 0; i--) {
            long id = nextId++;
            Row row =
                new Row(
                    r.nextBoolean() ? "a" : "b",
                    r.nextInt(5) == 0 ? null : r.nextInt(10),
                    r.nextInt(5) == 0 ? null : new byte[] {(byte) id, (byte) c});
            Map<String, Object> m = new HashMap<>();
            m.put("id", id);
            m.put("part", row.part());
            m.put("n", row.n());
            m.put("image", row.image());
            rows.add(m);
            model.put(id, row);
          }
          s = t.add(rows);
        } else if (op == 3) {
          int k = r.nextInt(10);
          int v = 100 + c;
          s = t.update("n < " + k, Map.of("n", v));
          model.replaceAll(
              (id, row) ->
                  row.n() != null && row.n() < k ? new Row(row.part(), v, row.image()) : row);
        } else if (op == 4) {
          long id = someId(model, r);
          byte[] image = {(byte) 0xEE, (byte) c};
          s = t.update("id = " + id, Map.of("image", image));
          model.computeIfPresent(id, (k, row) -> new Row(row.part(), row.n(), image));
        } else if (op == 5) {
          long id = someId(model, r);
          s = t.delete("id = " + id);
          model.remove(id);
        } else if (op == 6) {
          int k = r.nextInt(10);
          s = t.delete("n = " + k);
          model.values().removeIf(row -> row.n() != null && row.n() == k);
        } else {
          s = t.compact();
        }
        bySnapshot.put(s.id(), lines(model));
        progress.release(EXPIRIES_PER_COMMIT);
      }
    } finally {
      progress.release(COMMITS * EXPIRIES_PER_COMMIT);
    }
    return new Committed(bySnapshot, lines(model));
  }

  private static long someId(TreeMap<Long, Row> model, Random r) {
    return model.ceilingKey((long) r.nextInt(Math.toIntExact(model.lastKey()) + 1));
  }

  /**
   * Expires down to one to three snapshots, as often as the committer's progress allows, and reads
   * the latest snapshot after each expiry (the expiry of its own thread cannot remove it).
   */
  private static Map<Long, List<String>> expire(Table t, Semaphore progress)
      throws InterruptedException {
    Random r = new Random(7);
    Map<Long, List<String>> seen = new TreeMap<>();
    Set<Long> expired = new TreeSet<>();
    for (int i = 0; i < COMMITS * EXPIRIES_PER_COMMIT; i++) {
      progress.acquire();
      int keep = 1 + r.nextInt(3);
      for (long id :
          t.expireSnapshots(
              ExpireOptions.builder()
                  .retainMin(keep)
                  .retainMax(keep)
                  .olderThan(Duration.ZERO)
                  .build())) {
        assertThat(expired.add(id)).as("snapshot %s expired twice", id).isTrue();
      }
      Snapshot latest = t.latestSnapshot().orElseThrow();
      seen.put(latest.id(), rows(t, t.scan().snapshot(latest.id())));
    }
    assertThat(expired).as("expired snapshots").isNotEmpty();
    return seen;
  }

  private static List<String> lines(TreeMap<Long, Row> model) {
    List<String> out = new ArrayList<>();
    model.forEach(
        (id, row) ->
            out.add(
                id
                    + ":"
                    + row.part()
                    + ":"
                    + row.n()
                    + ":"
                    + (row.image() == null ? "null" : Arrays.toString(row.image()))));
    out.sort(null);
    return out;
  }

  /** The rows of a scan as {@link #lines} gives the model's, BLOB payloads read from storage. */
  private static List<String> rows(Table t, Scan scan) {
    List<String> out = new ArrayList<>();
    for (Map<String, Object> row : scan.toList()) {
      BlobDescriptor d = (BlobDescriptor) row.get("image");
      String payload = "null";
      if (d != null) {
        payload = Arrays.toString(TestTables.payload(t, d));
      }
      out.add(row.get("id") + ":" + row.get("part") + ":" + row.get("n") + ":" + payload);
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
          .map(p -> p.getFileName().toString())
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  /**
   * What the remaining snapshots reference, read from their manifests here (as {@code
   * ExpireSnapshotsTest} does; this test makes no tags).
   */
  private static Set<String> referenced(Table t) throws IOException {
    TableState s = TestTables.state(t);
    Set<String> out = new TreeSet<>();
    for (long id : s.snapshots().ids()) {
      SnapshotFile f = s.snapshots().read(id);
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
}
