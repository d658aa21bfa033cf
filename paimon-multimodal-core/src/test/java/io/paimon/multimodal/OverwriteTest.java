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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Table#overwrite}: whole tables, dynamic and static partitions, checked by a model. */
class OverwriteTest {

  @TempDir Path dir;

  private static Schema partitioned(String... options) {
    Schema.Builder b =
        Schema.builder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("day", DataTypes.STRING())
            .column("v", DataTypes.INT())
            .partitionKeys("day");
    for (int i = 0; i < options.length; i += 2) {
      b.option(options[i], options[i + 1]);
    }
    return b.build();
  }

  private static Map<String, Object> row(long id, String day, int v) {
    Map<String, Object> row = new HashMap<>();
    row.put("id", id);
    row.put("day", day);
    row.put("v", v);
    return row;
  }

  /** id -> "day/v" of every row, and the row IDs by id. */
  private static TreeMap<Long, String> rows(Scan scan) {
    TreeMap<Long, String> out = new TreeMap<>();
    for (Map<String, Object> r : scan.toList()) {
      out.put((Long) r.get("id"), r.get("day") + "/" + r.get("v"));
    }
    return out;
  }

  private static TreeMap<Long, Long> rowIds(Table t) {
    TreeMap<Long, Long> out = new TreeMap<>();
    for (Map<String, Object> r : t.scan().select("id").withRowId().toList()) {
      out.put((Long) r.get("id"), (Long) r.get("_ROW_ID"));
    }
    return out;
  }

  @Test
  void overwritingAnUnpartitionedTableReplacesEveryRowWithNewRowIds() throws Exception {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("t", TestTables.idName("deletion-vectors.enabled", "true"), false);
      t.add(TestTables.rows(0, 10));
      t.delete("id = 3");
      Snapshot s = t.overwrite(TestTables.rows(100, 3));
      assertThat(s.commitKind()).isEqualTo("OVERWRITE");
      assertThat(TestTables.longs(t.scan(), "id")).containsExactly(100L, 101L, 102L);
      assertThat(TestTables.longs(t.scan().withRowId(), "_ROW_ID")).containsExactly(10L, 11L, 12L);
      assertThat(t.scan().snapshot(2).count()).isEqualTo(9);
      assertThat(TestTables.state(t).snapshots().read(s.id()).indexManifest()).isNotNull();
      // Truncate.
      t.overwrite(List.of());
      assertThat(t.scan().count()).isZero();
      t.add(TestTables.rows(7, 1));
      assertThat(TestTables.longs(t.scan().withRowId(), "_ROW_ID")).containsExactly(13L);
    }
  }

  @Test
  void dynamicOverwriteReplacesOnlyThePartitionsOfTheRows() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("p", partitioned("deletion-vectors.enabled", "true"), false);
      t.add(List.of(row(1, "a", 1), row(2, "b", 2), row(3, "c", 3)));
      t.add(List.of(row(4, "a", 4), row(5, "b", 5)));
      t.delete("id = 5");
      TreeMap<Long, Long> before = rowIds(t);
      t.overwrite(List.of(row(10, "a", 10), row(11, "d", 11)));
      assertThat(rows(t.scan()))
          .containsExactly(
              Map.entry(2L, "b/2"),
              Map.entry(3L, "c/3"),
              Map.entry(10L, "a/10"),
              Map.entry(11L, "d/11"));
      TreeMap<Long, Long> after = rowIds(t);
      assertThat(after.get(2L)).isEqualTo(before.get(2L));
      assertThat(after.get(10L)).isGreaterThan(before.lastEntry().getValue());
      // Nothing to write in dynamic mode: nothing changes.
      long latest = t.latestSnapshot().get().id();
      assertThat(t.overwrite(List.of()).id()).isEqualTo(latest);
      // A deleted row of a kept partition stays deleted; a delete still works after.
      t.delete("id = 2");
      assertThat(rows(t.scan()).keySet()).containsExactly(3L, 10L, 11L);
    }
  }

  @Test
  void staticAndNonDynamicOverwrites() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("s", partitioned(), false);
      t.add(List.of(row(1, "a", 1), row(2, "b", 2), row(3, "c", 3)));
      Map<String, Object> noDay = new HashMap<>();
      noDay.put("id", 20L);
      noDay.put("v", 20);
      t.overwrite(List.of(noDay, row(21, "b", 21)), Map.of("day", "b"));
      assertThat(rows(t.scan()))
          .containsExactly(
              Map.entry(1L, "a/1"),
              Map.entry(3L, "c/3"),
              Map.entry(20L, "b/20"),
              Map.entry(21L, "b/21"));
      t.overwrite(List.of(), Map.of("day", "c"));
      assertThat(rows(t.scan()).keySet()).containsExactly(1L, 20L, 21L);

      Table all =
          conn.createTable("all", partitioned("dynamic-partition-overwrite", "false"), false);
      all.add(List.of(row(1, "a", 1), row(2, "b", 2)));
      all.overwrite(List.of(row(9, "a", 9)));
      assertThat(rows(all.scan())).containsExactly(Map.entry(9L, "a/9"));
    }
  }

  @Test
  void badOverwritesNameTheProblemAndWriteNothing() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("s", partitioned(), false);
      t.add(List.of(row(1, "a", 1), row(2, "b", 2)));
      Table plain = conn.createTable("plain", TestTables.idName(), false);
      plain.add(TestTables.rows(0, 2));
      List<String> files = TableFixtures.tree(localRoot(t));
      assertThatThrownBy(() -> t.overwrite(List.of(row(3, "a", 3)), Map.of("day", "b")))
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("row 0")
          .hasMessageContaining("day = a");
      assertThatThrownBy(() -> t.overwrite(List.of(row(3, "b", 3)), Map.of("v", 1)))
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("not a partition key");
      assertThatThrownBy(() -> t.overwrite(List.of(Map.of("id", 3L, "zzz", 1))))
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("zzz");
      Map<String, Object> nullId = row(0, "a", 1);
      nullId.put("id", null);
      assertThatThrownBy(() -> t.overwrite(List.of(row(5, "a", 5), nullId)))
          .isInstanceOf(SchemaException.class);
      assertThatThrownBy(() -> plain.overwrite(TestTables.rows(0, 1), Map.of("id", 1L)))
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("not partitioned");
      assertThat(TableFixtures.tree(localRoot(t))).isEqualTo(files);
      assertThat(rows(t.scan()).keySet()).containsExactly(1L, 2L);
    }
  }

  @Test
  void anAppendToAnotherPartitionRacingAnOverwriteIsKept() throws Exception {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("r", partitioned(), false);
      t.add(List.of(row(1, "a", 1), row(2, "b", 2)));
      for (int r = 0; r < 4; r++) {
        int round = r;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        long base = 100L * (round + 1);
        try {
          CountDownLatch go = new CountDownLatch(1);
          List<Future<?>> done = new ArrayList<>();
          done.add(
              pool.submit(
                  () -> {
                    go.await();
                    return t.overwrite(List.of(row(base, "a", round)));
                  }));
          done.add(
              pool.submit(
                  () -> {
                    go.await();
                    return t.add(List.of(row(base + 1, "b", round)));
                  }));
          go.countDown();
          for (Future<?> f : done) {
            f.get(60, TimeUnit.SECONDS);
          }
        } finally {
          pool.shutdownNow();
        }
        TreeMap<Long, String> got = rows(t.scan());
        assertThat(got).containsEntry(base, "a/" + round).containsEntry(base + 1, "b/" + round);
        assertThat(got.values().stream().filter(v -> v.startsWith("a/"))).hasSize(1);
      }
    }
  }
}
