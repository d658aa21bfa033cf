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

import static io.paimon.multimodal.TestTables.localRoot;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Table#merge}: upserts, conditional deletes, one commit, checked against a model. */
class MergeTest {

  @TempDir Path dir;

  private static Schema schema() {
    return Schema.builder()
        .column("id", DataTypes.BIGINT().notNull())
        .column("label", DataTypes.STRING())
        .column("n", DataTypes.INT())
        .option("deletion-vectors.enabled", "true")
        .build();
  }

  private static Map<String, Object> row(long id, String label, Integer n) {
    Map<String, Object> row = new HashMap<>();
    row.put("id", id);
    row.put("label", label);
    row.put("n", n);
    return row;
  }

  /** Rows by id, without _ROW_ID. */
  private static TreeMap<Long, Map<String, Object>> byId(Table t) {
    TreeMap<Long, Map<String, Object>> out = new TreeMap<>();
    for (Map<String, Object> r : t.scan().toList()) {
      out.put((Long) r.get("id"), new HashMap<>(r));
    }
    return out;
  }

  private static Map<Long, Long> rowIdsById(Table t) {
    Map<Long, Long> out = new HashMap<>();
    for (Map<String, Object> r : t.scan().select("id").withRowId().toList()) {
      out.put((Long) r.get("id"), (Long) r.get("_ROW_ID"));
    }
    return out;
  }

  @Test
  void upsertUpdatesMatchedRowsInPlaceAndInsertsTheRestInOneCommit() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("t", schema(), false);
      t.add(List.of(row(1, "a", 1), row(2, "b", 2), row(3, "c", 3)));
      Map<Long, Long> before = rowIdsById(t);
      Map<String, Object> partial = new HashMap<>();
      partial.put("id", 3);
      partial.put("n", 30);
      Snapshot s =
          t.merge(List.of(row(2, "B", null), partial, row(9, "new", 9)), "id")
              .whenMatchedUpdate()
              .whenNotMatchedInsert()
              .commit();
      assertThat(s.id()).isEqualTo(2);
      TreeMap<Long, Map<String, Object>> rows = byId(t);
      assertThat(rows.get(1L)).isEqualTo(row(1, "a", 1));
      assertThat(rows.get(2L)).isEqualTo(row(2, "B", null));
      assertThat(rows.get(3L)).isEqualTo(row(3, "c", 30));
      assertThat(rows.get(9L)).isEqualTo(row(9, "new", 9));
      Map<Long, Long> after = rowIdsById(t);
      for (long id = 1; id <= 3; id++) {
        assertThat(after.get(id)).isEqualTo(before.get(id));
      }
      assertThat(after.get(9L)).isEqualTo(3L);
      // Nothing applies: nothing committed.
      assertThat(t.merge(List.of(row(50, "x", 1)), "id").whenMatchedUpdate().commit().id())
          .isEqualTo(2);
    }
  }

  @Test
  void conditionalDeleteThenUpdateAsSqlMergeOrdersClauses() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("t", schema(), false);
      t.add(List.of(row(1, "a", 1), row(2, "b", 2), row(3, "c", 3), row(4, "d", 4)));
      Snapshot s =
          t.merge(List.of(row(1, "gone", -1), row(2, "B", 2), row(3, "C", 3), row(5, "e", 5)), "id")
              .whenMatchedDelete((src, target) -> (Integer) src.get("n") < 0)
              .whenMatchedUpdate((src, target) -> !target.get("label").equals("c"))
              .whenNotMatchedInsert(src -> (Long) src.get("id") != 5)
              .commit();
      assertThat(s.commitKind()).isEqualTo("OVERWRITE");
      TreeMap<Long, Map<String, Object>> rows = byId(t);
      assertThat(rows.keySet()).containsExactly(2L, 3L, 4L);
      assertThat(rows.get(2L)).containsEntry("label", "B");
      assertThat(rows.get(3L)).containsEntry("label", "c");
      assertThat(t.snapshots()).hasSize(2);
    }
  }

  @Test
  void arrowSourcesAndEmptyTables() {
    try (Connection conn = Multimodal.connect(dir.toString());
        BufferAllocator alloc = new RootAllocator()) {
      Table t = conn.createTable("t", schema(), false);
      try (VectorSchemaRoot batch =
          VectorSchemaRoot.of(new BigIntVector("id", alloc), new VarCharVector("label", alloc))) {
        BigIntVector id = (BigIntVector) batch.getVector(0);
        VarCharVector label = (VarCharVector) batch.getVector(1);
        id.allocateNew(2);
        label.allocateNew(2);
        id.set(0, 7);
        label.setSafe(0, "seven".getBytes(StandardCharsets.UTF_8));
        id.set(1, 8);
        label.setSafe(1, "eight".getBytes(StandardCharsets.UTF_8));
        batch.setRowCount(2);
        t.merge(batch, "id").whenMatchedUpdate().whenNotMatchedInsert().commit();
        assertThat(byId(t).keySet()).containsExactly(7L, 8L);
        label.setSafe(0, "SEVEN".getBytes(StandardCharsets.UTF_8));
        t.merge(batch, "id").whenMatchedUpdate().whenNotMatchedInsert().commit();
      }
      assertThat(byId(t).get(7L)).containsEntry("label", "SEVEN");
      assertThat(t.scan().count()).isEqualTo(2);
    }
  }

  @Test
  void badMergesNameTheProblemAndWriteNothing() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("t", schema(), false);
      t.add(List.of(row(1, "a", 1)));
      Table plain =
          conn.createTable(
              "plain",
              Schema.builder()
                  .column("id", DataTypes.BIGINT())
                  .column("v", DataTypes.INT())
                  .build(),
              false);
      plain.add(List.of(Map.of("id", 1L, "v", 1)));
      List<String> files = TableFixtures.tree(localRoot(t));
      assertThatThrownBy(
              () ->
                  t.merge(List.of(row(1, "x", 1), row(1, "y", 2)), "id")
                      .whenMatchedUpdate()
                      .commit())
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("same keys");
      assertThatThrownBy(
              () -> t.merge(List.of(Map.of("id", 1L, "zzz", 1)), "id").whenMatchedUpdate().commit())
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("zzz");
      assertThatThrownBy(() -> t.merge(List.of(row(1, "a", 1)), "nope"))
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("nope");
      assertThatThrownBy(() -> t.merge(List.of(row(1, "a", 1)), "id").commit())
          .isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(
              () -> plain.merge(List.of(Map.of("id", 1L)), "id").whenMatchedDelete().commit())
          .isInstanceOf(UnsupportedTableException.class)
          .hasMessageContaining("deletion-vectors.enabled");
      Map<String, Object> badType = new HashMap<>(row(5, "x", null));
      badType.put("n", "not a number");
      assertThatThrownBy(
              () ->
                  t.merge(List.of(row(1, "z", 3), badType), "id")
                      .whenMatchedUpdate()
                      .whenNotMatchedInsert()
                      .commit())
          .isInstanceOf(SchemaException.class);
      assertThat(TableFixtures.tree(localRoot(t))).isEqualTo(files);
    }
  }

  @Test
  void randomMergesMatchAModel() {
    Random random = new Random(21);
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("m", schema(), false);
      TreeMap<Long, Map<String, Object>> model = new TreeMap<>();
      for (int step = 0; step < 25; step++) {
        List<Map<String, Object>> source = new ArrayList<>();
        Map<Long, Map<String, Object>> byKey = new LinkedHashMap<>();
        for (int i = 0; i < 1 + random.nextInt(20); i++) {
          long id = random.nextInt(60);
          byKey.put(id, row(id, "s" + step + "-" + i, random.nextInt(10) - 2));
        }
        source.addAll(byKey.values());
        t.merge(source, "id")
            .whenMatchedDelete((s, tg) -> (Integer) s.get("n") < 0)
            .whenMatchedUpdate()
            .whenNotMatchedInsert(s -> (Integer) s.get("n") >= 0)
            .commit();
        for (Map<String, Object> s : source) {
          long id = (Long) s.get("id");
          boolean negative = (Integer) s.get("n") < 0;
          if (model.containsKey(id)) {
            if (negative) {
              model.remove(id);
            } else {
              model.put(id, new HashMap<>(s));
            }
          } else if (!negative) {
            model.put(id, new HashMap<>(s));
          }
        }
        assertThat(byId(t)).as("step %s", step).isEqualTo(model);
      }
    }
  }
}
