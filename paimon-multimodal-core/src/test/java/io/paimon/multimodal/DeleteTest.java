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

import static io.paimon.multimodal.TestTables.longs;
import static io.paimon.multimodal.TestTables.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Table#delete}: deletion vectors, partition drops, no-match and refused deletes. */
class DeleteTest {

  @TempDir Path dir;

  @Test
  void deletedRowsVanishAndOtherRowIdsStay() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("t", TestTables.idName("deletion-vectors.enabled", "true"), false);
      t.add(rows(0, 50));
      t.add(rows(50, 50));
      List<Long> before = longs(t.scan().withRowId(), "_ROW_ID");
      Snapshot s = t.delete("id BETWEEN 10 AND 19 OR id = 70");
      assertThat(s.commitKind()).isEqualTo("OVERWRITE");
      Snapshot s2 = t.delete("id = 11 OR id = 71");
      assertThat(s2.id()).isEqualTo(s.id() + 1);
      List<Long> expected = new ArrayList<>(before);
      expected.removeIf(id -> (id >= 10 && id <= 19) || id == 70 || id == 71);
      assertThat(longs(t.scan().withRowId(), "_ROW_ID")).isEqualTo(expected);
      assertThat(t.scan().count()).isEqualTo(88);
      assertThatThrownBy(() -> t.takeRowIds(12L).toList())
          .isInstanceOf(RowIdNotFoundException.class)
          .hasMessageContaining("has no rows with IDs [12]");
      // No match: nothing committed.
      assertThat(t.delete("id = 12").id()).isEqualTo(s2.id());
      assertThat(t.scan().snapshot(2).count()).isEqualTo(100);
      assertThatThrownBy(() -> t.delete("id ==")).isInstanceOf(PredicateException.class);
    }
  }

  @Test
  void batchesAfterDeletesAreHandedOnWholeAndStayAtLeastHalfFull() throws Exception {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("t", TestTables.idName("deletion-vectors.enabled", "true"), false);
      t.add(rows(0, 1000));
      t.add(rows(1000, 1000));
      t.delete("id IN (3, 13, 23, 333, 1234) OR id BETWEEN 1500 AND 1519");
      List<Integer> sizes = new ArrayList<>();
      List<Long> ids = new ArrayList<>();
      try (org.apache.arrow.vector.ipc.ArrowReader reader =
          t.scan().batchSize(100).toArrowReader()) {
        while (reader.loadNextBatch()) {
          var root = reader.getVectorSchemaRoot();
          sizes.add(root.getRowCount());
          var v = (org.apache.arrow.vector.BigIntVector) root.getVector("id");
          for (int i = 0; i < root.getRowCount(); i++) {
            ids.add(v.get(i));
          }
        }
      }
      List<Long> expected = new ArrayList<>();
      for (long id = 0; id < 2000; id++) {
        if (!List.of(3L, 13L, 23L, 333L, 1234L).contains(id) && (id < 1500 || id > 1519)) {
          expected.add(id);
        }
      }
      assertThat(ids).isEqualTo(expected);
      assertThat(sizes).allSatisfy(n -> assertThat(n).isBetween(50, 100));
      assertThat(sizes.stream().mapToInt(Integer::intValue).sum()).isEqualTo(expected.size());
    }
  }

  @Test
  void partitionPredicatesDropPartitionsAndDefaultTablesRefuseVectors() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t =
          conn.createTable(
              "p",
              Schema.builder()
                  .column("id", DataTypes.BIGINT())
                  .column("part", DataTypes.STRING())
                  .partitionKeys("part")
                  .build(),
              false);
      t.add(List.of(Map.of("id", 1L, "part", "a"), Map.of("id", 2L, "part", "b")));
      assertThatThrownBy(() -> t.delete("id = 1"))
          .isInstanceOf(UnsupportedTableException.class)
          .hasMessageContaining("deletion-vectors.enabled");
      Snapshot s = t.delete("part = 'a'");
      assertThat(s.commitKind()).isEqualTo("OVERWRITE");
      assertThat(longs(t.scan(), "id")).containsExactly(2L);
    }
  }

  /**
   * Random adds and deletes against a model of the live rows (row ID to id): after every step the
   * scan, the count, the row IDs and takes of live and deleted IDs agree with the model.
   */
  @Test
  void randomAddsAndDeletesMatchAModelOfTheLiveRows() {
    long seed = Long.getLong("delete.seed", System.nanoTime());
    java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t =
          conn.createTable(
              "r",
              TestTables.idName("deletion-vectors.enabled", "true", "target-file-size", "4 kb"),
              false);
      java.util.TreeMap<Long, Long> live = new java.util.TreeMap<>();
      java.util.Set<Long> deleted = new java.util.HashSet<>();
      long nextId = 0;
      for (int step = 0; step < 14; step++) {
        String ctx = "seed " + seed + " step " + step;
        if (live.isEmpty() || r.nextInt(3) == 0) {
          int n = 1 + r.nextInt(300);
          long before = t.latestSnapshot().map(Snapshot::nextRowId).orElse(0L);
          t.add(rows(nextId, n));
          for (int k = 0; k < n; k++) {
            live.put(before + k, nextId + k);
          }
          nextId += n;
          continue;
        }
        long a = r.nextLong(nextId);
        long b = a + r.nextInt(60);
        long m = 2 + r.nextInt(5);
        String where;
        java.util.function.LongPredicate matches;
        switch (r.nextInt(3)) {
          case 0:
            where = "id BETWEEN " + a + " AND " + b;
            matches = id -> id >= a && id <= b;
            break;
          case 1:
            where = "id = " + a + " OR id = " + b + " OR id > " + (nextId - 1 - r.nextInt(5));
            long tail = Long.parseLong(where.substring(where.lastIndexOf('>') + 2));
            matches = id -> id == a || id == b || id > tail;
            break;
          default:
            where = "name = '" + TestTables.name(a) + "' OR (id >= " + a + " AND id < " + b + ")";
            String nameA = TestTables.name(a);
            matches = id -> TestTables.name(id).equals(nameA) || (id >= a && id < b);
        }
        long snapshotBefore = t.latestSnapshot().orElseThrow().id();
        boolean any = live.values().stream().anyMatch(matches::test);
        Snapshot s = t.delete(where);
        assertThat(s.id()).as("%s: %s", ctx, where).isEqualTo(snapshotBefore + (any ? 1 : 0));
        live.entrySet()
            .removeIf(
                e -> {
                  if (matches.test(e.getValue())) {
                    deleted.add(e.getKey());
                    return true;
                  }
                  return false;
                });
        assertThat(longs(t.scan().withRowId(), "_ROW_ID"))
            .as("%s: %s", ctx, where)
            .containsExactlyElementsOf(live.keySet());
        assertThat(longs(t.scan(), "id")).as(ctx).containsExactlyElementsOf(live.values());
        assertThat(t.scan().count()).as(ctx).isEqualTo(live.size());
        if (!live.isEmpty()) {
          long rowId = new ArrayList<>(live.keySet()).get(r.nextInt(live.size()));
          assertThat(longs(t.takeRowIds(rowId), "id")).as(ctx).containsExactly(live.get(rowId));
        }
        if (!deleted.isEmpty()) {
          long gone = deleted.iterator().next();
          assertThatThrownBy(() -> t.takeRowIds(gone).toList())
              .as(ctx)
              .isInstanceOf(RowIdNotFoundException.class)
              .hasMessageContaining(String.valueOf(gone));
        }
      }
    }
  }

  /** Two threads deleting different rows of the same files at once: both deletions survive. */
  @Test
  void concurrentDeletesOfTheSameFilesBothTakeEffect() throws Exception {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("c", TestTables.idName("deletion-vectors.enabled", "true"), false);
      t.add(rows(0, 400));
      java.util.concurrent.ExecutorService pool =
          java.util.concurrent.Executors.newFixedThreadPool(2);
      try {
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        List<java.util.concurrent.Future<?>> done = new ArrayList<>();
        for (int w = 0; w < 2; w++) {
          int worker = w;
          done.add(
              pool.submit(
                  () -> {
                    go.await();
                    for (int k = 0; k < 10; k++) {
                      long id = worker * 200 + k * 7;
                      conn.getTable("c").delete("id = " + id);
                    }
                    return null;
                  }));
        }
        go.countDown();
        for (java.util.concurrent.Future<?> f : done) {
          f.get(60, java.util.concurrent.TimeUnit.SECONDS);
        }
      } finally {
        pool.shutdownNow();
      }
      List<Long> ids = longs(conn.getTable("c").scan(), "id");
      assertThat(ids).hasSize(380);
      for (int w = 0; w < 2; w++) {
        for (int k = 0; k < 10; k++) {
          assertThat(ids).doesNotContain(w * 200L + k * 7);
        }
      }
    }
  }
}
