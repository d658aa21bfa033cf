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

import static io.paimon.multimodal.TestTables.dataFiles;
import static io.paimon.multimodal.TestTables.localRoot;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.types.DataTypes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Table#update} and {@link Table#updateByRowId}: data-evolution files, checked by models.
 */
class UpdateTest {

  @TempDir Path dir;

  private static Schema schema(String... options) {
    Schema.Builder b =
        Schema.builder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("label", DataTypes.STRING())
            .column("score", DataTypes.DOUBLE())
            .column("n", DataTypes.INT().notNull());
    for (int i = 0; i < options.length; i += 2) {
      b.option(options[i], options[i + 1]);
    }
    return b.build();
  }

  private static List<Map<String, Object>> rows(long first, int count) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (long id = first; id < first + count; id++) {
      Map<String, Object> row = new HashMap<>();
      row.put("id", id);
      row.put("label", "l" + id);
      row.put("score", id * 0.5);
      row.put("n", (int) (id % 7));
      out.add(row);
    }
    return out;
  }

  /** Rows by _ROW_ID, every column. */
  private static TreeMap<Long, Map<String, Object>> byRowId(Scan scan) {
    TreeMap<Long, Map<String, Object>> out = new TreeMap<>();
    for (Map<String, Object> row : scan.withRowId().toList()) {
      Map<String, Object> copy = new LinkedHashMap<>(row);
      long id = (Long) copy.remove("_ROW_ID");
      assertThat(out.put(id, copy)).as("row ID %s twice", id).isNull();
    }
    return out;
  }

  @Test
  void updateWritesOnlyTheUpdatedColumnsOfTouchedRanges() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("t", schema(), false);
      t.add(rows(0, 100));
      t.add(rows(100, 100));
      t.add(rows(200, 100));
      TreeMap<Long, Map<String, Object>> before = byRowId(t.scan());
      Snapshot s = t.update("id >= 110 AND id < 120 OR id = 250", Map.of("label", "fixed"));
      assertThat(s.id()).isEqualTo(4);
      assertThat(s.commitKind()).isEqualTo("APPEND");
      TreeMap<Long, Map<String, Object>> expected = new TreeMap<>();
      before.forEach(
          (rowId, row) -> {
            Map<String, Object> r = new LinkedHashMap<>(row);
            long id = (Long) r.get("id");
            if ((id >= 110 && id < 120) || id == 250) {
              r.put("label", "fixed");
            }
            expected.put(rowId, r);
          });
      assertThat(byRowId(t.scan())).isEqualTo(expected);
      assertThat(byRowId(t.scan().snapshot(3))).isEqualTo(before);
      // One new file per touched range (the 2nd and 3rd appends), holding only "label".
      List<DataFileMeta> added = new ArrayList<>(dataFiles(t, 4));
      added.removeAll(dataFiles(t, 3));
      assertThat(added).hasSize(2);
      for (DataFileMeta f : added) {
        assertThat(f.writeCols()).containsExactly("label");
        assertThat(f.rowCount()).isEqualTo(100);
      }
      assertThat(added.stream().map(DataFileMeta::firstRowId))
          .containsExactlyInAnyOrder(100L, 200L);
      // The updated column's statistics prune with the new values.
      assertThat(t.scan().where("label = 'fixed'").count()).isEqualTo(11);
      assertThat(t.scan().where("label = 'l115'").count()).isZero();
      assertThat(t.scan().where("label = 'l15'").count()).isEqualTo(1);
      // Nothing matches: nothing committed.
      assertThat(t.update("id = 1000", Map.of("label", "x")).id()).isEqualTo(4);
      // A second update of the same range, another column: both hold.
      t.update("id = 115", Map.of("score", -1.0));
      Map<String, Object> row = t.scan().where("id = 115").toList().get(0);
      assertThat(row).containsEntry("label", "fixed").containsEntry("score", -1.0);
    }
  }

  @Test
  void updateByRowIdFromMapsAndArrow() {
    try (Connection conn = Multimodal.connect(dir.toString());
        BufferAllocator alloc = new RootAllocator()) {
      Table t = conn.createTable("t", schema(), false);
      t.add(rows(0, 50));
      Map<Long, Map<String, Object>> changes = new HashMap<>();
      changes.put(3L, Map.of("score", 9.0));
      Map<String, Object> nulls = new HashMap<>();
      nulls.put("label", null);
      nulls.put("n", 42);
      changes.put(7L, nulls);
      t.updateByRowId(changes);
      TreeMap<Long, Map<String, Object>> rows = byRowId(t.scan());
      assertThat(rows.get(3L)).containsEntry("score", 9.0).containsEntry("label", "l3");
      assertThat(rows.get(7L)).containsEntry("label", null).containsEntry("n", 42);
      assertThat(rows.get(7L)).containsEntry("score", 3.5);
      try (VectorSchemaRoot batch =
          VectorSchemaRoot.of(
              new BigIntVector("_ROW_ID", alloc), new Float8Vector("score", alloc))) {
        BigIntVector ids = (BigIntVector) batch.getVector(0);
        Float8Vector score = (Float8Vector) batch.getVector(1);
        ids.allocateNew(3);
        score.allocateNew(3);
        ids.set(0, 40);
        score.set(0, 1.5);
        ids.set(1, 2);
        score.setNull(1);
        ids.set(2, 3);
        score.set(2, 2.5);
        batch.setRowCount(3);
        t.updateByRowId(batch);
      }
      rows = byRowId(t.scan());
      assertThat(rows.get(40L)).containsEntry("score", 1.5);
      assertThat(rows.get(2L)).containsEntry("score", null);
      assertThat(rows.get(3L)).containsEntry("score", 2.5);
      assertThat(rows.get(4L)).containsEntry("score", 2.0);
      assertThat(t.updateByRowId(Map.of()).id()).isEqualTo(t.latestSnapshot().get().id());
    }
  }

  @Test
  void badUpdatesNameTheProblemAndWriteNothing() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Schema partitioned =
          Schema.builder()
              .column("id", DataTypes.BIGINT().notNull())
              .column("part", DataTypes.STRING())
              .column("n", DataTypes.INT().notNull())
              .partitionKeys("part")
              .build();
      Table t = conn.createTable("t", partitioned, false);
      t.add(List.of(Map.of("id", 1L, "part", "a", "n", 1), Map.of("id", 2L, "part", "b", "n", 2)));
      List<String> files = TableFixtures.tree(localRoot(t));
      assertThatThrownBy(() -> t.update("id = 1", Map.of("part", "b")))
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("partition column 'part'");
      assertThatThrownBy(() -> t.update("id = 1", Map.of("nope", 1)))
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("no column 'nope'");
      assertThatThrownBy(() -> t.update("id = 1", Map.of("_ROW_ID", 5L)))
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("_ROW_ID");
      assertThatThrownBy(() -> t.update("id = 1", Map.of("n", "text")))
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("row ID 0");
      Map<String, Object> nullN = new HashMap<>();
      nullN.put("n", null);
      assertThatThrownBy(() -> t.update("id = 2", nullN)).isInstanceOf(SchemaException.class);
      assertThatThrownBy(() -> t.update("id = = 1", Map.of("n", 1)))
          .isInstanceOf(PredicateException.class);
      assertThatThrownBy(() -> t.update("id = 1", Map.of()))
          .isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> t.updateByRowId(Map.of(0L, Map.of("n", 5), 9L, Map.of("n", 6))))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("no rows with row IDs [9]");
      assertThat(TableFixtures.tree(localRoot(t))).isEqualTo(files);
      assertThat(t.latestSnapshot().get().id()).isEqualTo(1);
    }
  }

  @Test
  void updatesAndDeletesCompose() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("t", schema("deletion-vectors.enabled", "true"), false);
      t.add(rows(0, 40));
      t.delete("id = 5 OR id = 6");
      t.update("id < 10", Map.of("n", 100));
      TreeMap<Long, Map<String, Object>> rows = byRowId(t.scan());
      assertThat(rows).doesNotContainKeys(5L, 6L).hasSize(38);
      for (long id = 0; id < 10; id++) {
        if (id != 5 && id != 6) {
          assertThat(rows.get(id)).containsEntry("n", 100);
        }
      }
      assertThat(rows.get(10L)).containsEntry("n", 3);
      t.delete("id = 1");
      assertThat(byRowId(t.scan())).doesNotContainKey(1L).containsKey(2L);
      assertThatThrownBy(() -> t.updateByRowId(Map.of(5L, Map.of("n", 1))))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("[5]");
    }
  }

  @Test
  void updatesOfAddedAndRenamedColumnsAndBlobs() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Schema s =
          Schema.builder()
              .column("id", DataTypes.BIGINT().notNull())
              .column("image", DataTypes.BLOB())
              .column("tag", DataTypes.STRING())
              .build();
      Table t = conn.createTable("b", s, false);
      List<Map<String, Object>> rows = new ArrayList<>();
      for (long id = 0; id < 20; id++) {
        Map<String, Object> row = new HashMap<>();
        row.put("id", id);
        row.put("image", ("img-" + id).getBytes(StandardCharsets.UTF_8));
        row.put("tag", "t" + id);
        rows.add(row);
      }
      t.add(rows);
      t.alter(SchemaChange.addColumn("depth", DataTypes.DOUBLE()));
      t.alter(SchemaChange.renameColumn("tag", "kind"));
      BlobDescriptor of3 = (BlobDescriptor) t.scan().where("id = 3").toList().get(0).get("image");
      t.update("id = 4", Map.of("depth", 1.25, "kind", "renamed", "image", "new".getBytes()));
      t.updateByRowId(Map.of(5L, Map.of("image", of3)));
      Map<Long, Map<String, Object>> got = byRowId(t.scan());
      assertThat(got.get(4L)).containsEntry("depth", 1.25).containsEntry("kind", "renamed");
      assertThat(got.get(6L)).containsEntry("depth", null).containsEntry("kind", "t6");
      assertThat(payload(t, got.get(4L).get("image"))).isEqualTo("new");
      assertThat(payload(t, got.get(5L).get("image"))).isEqualTo("img-3");
      assertThat(payload(t, got.get(7L).get("image"))).isEqualTo("img-7");
    }
  }

  private static String payload(Table t, Object descriptor) {
    return new String(TestTables.payload(t, (BlobDescriptor) descriptor), StandardCharsets.UTF_8);
  }

  @Test
  void randomChangesMatchAModel() {
    Random random = new Random(16);
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("m", schema("deletion-vectors.enabled", "true"), false);
      TreeMap<Long, Map<String, Object>> model = new TreeMap<>();
      long nextId = 0;
      long nextRowId = 0;
      for (int step = 0; step < 40; step++) {
        int op = model.isEmpty() ? 0 : random.nextInt(4);
        if (op == 0) {
          int n = 1 + random.nextInt(30);
          for (Map<String, Object> row : rows(nextId, n)) {
            model.put(nextRowId++, new LinkedHashMap<>(row));
          }
          t.add(rows(nextId, n));
          nextId += n;
        } else if (op == 1) {
          long lo = random.nextInt((int) nextId);
          long hi = lo + random.nextInt(15);
          String label = "u" + step;
          t.update("id >= " + lo + " AND id <= " + hi, Map.of("label", label, "n", step));
          for (Map<String, Object> row : model.values()) {
            long id = (Long) row.get("id");
            if (id >= lo && id <= hi) {
              row.put("label", label);
              row.put("n", step);
            }
          }
        } else if (op == 2) {
          List<Long> live = new ArrayList<>(model.keySet());
          Map<Long, Map<String, Object>> changes = new HashMap<>();
          for (int k = 0; k < 1 + random.nextInt(5); k++) {
            long rowId = live.get(random.nextInt(live.size()));
            double score = random.nextInt(1000) / 4.0;
            changes.put(rowId, Map.of("score", score));
            model.get(rowId).put("score", score);
          }
          t.updateByRowId(changes);
        } else {
          long id = random.nextInt((int) nextId);
          int n = random.nextInt(40);
          t.delete("id = " + id + " OR n = " + n);
          model.values().removeIf(row -> (Long) row.get("id") == id || (Integer) row.get("n") == n);
        }
        assertThat(byRowId(t.scan())).as("step %s op %s", step, op).isEqualTo(model);
        // Small batches move the update files' streaming reads across many batches; a filter on
        // an updated column is applied after those columns are filled.
        assertThat(byRowId(t.scan().batchSize(5)))
            .as("step %s, batches of 5", step)
            .isEqualTo(model);
        TreeMap<Long, Map<String, Object>> filtered = new TreeMap<>(model);
        filtered.values().removeIf(row -> (Integer) row.get("n") < 3);
        assertThat(byRowId(t.scan().batchSize(3).where("n >= 3")))
            .as("step %s, n >= 3", step)
            .isEqualTo(filtered);
      }
    }
  }

  @Test
  void concurrentUpdatesOfOneRangeBothTakeEffect() throws Exception {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("c", schema("deletion-vectors.enabled", "true"), false);
      t.add(rows(0, 200));
      ExecutorService pool = Executors.newFixedThreadPool(3);
      try {
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> done = new ArrayList<>();
        done.add(
            pool.submit(
                () -> {
                  go.await();
                  return t.update("id < 50", Map.of("label", "a"));
                }));
        done.add(
            pool.submit(
                () -> {
                  go.await();
                  return t.update("id >= 150", Map.of("label", "b"));
                }));
        done.add(
            pool.submit(
                () -> {
                  go.await();
                  return t.delete("id = 100");
                }));
        go.countDown();
        for (Future<?> f : done) {
          f.get(60, TimeUnit.SECONDS);
        }
      } finally {
        pool.shutdownNow();
      }
      TreeMap<Long, Map<String, Object>> rows = byRowId(t.scan());
      assertThat(rows).hasSize(199).doesNotContainKey(100L);
      rows.forEach(
          (rowId, row) -> {
            long id = (Long) row.get("id");
            String expected = id < 50 ? "a" : id >= 150 ? "b" : "l" + id;
            assertThat(row.get("label")).as("row %s", id).isEqualTo(expected);
          });
      assertThat(t.latestSnapshot().get().id()).isEqualTo(4);
    }
  }
}
