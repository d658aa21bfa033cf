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

import io.paimon.types.DataTypes;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Scan#withChunkShuffle}: the plan and the read against a brute-force reference (each
 * partition's live row IDs cut into runs of {@code chunkSize}, shuffled with {@code new
 * Random(seed)}), over random tables with partitions, several commits, update files and deletion
 * vectors; and the combinations it refuses.
 */
class ChunkShuffleTest {

  @TempDir Path dir;

  @Test
  void plansAndReadsExactlyTheReferenceChunks() throws Exception {
    SplittableRandom random = new SplittableRandom(20261203);
    for (int round = 0; round < 12; round++) {
      try (Connection conn = Multimodal.connect(dir.resolve("r" + round).toString())) {
        Table t = randomTable(conn, random);
        Map<Long, Map<String, Object>> byId = byRowId(t.scan().withRowId().toList());
        for (int trial = 0; trial < 4; trial++) {
          long seed = random.nextLong();
          int chunkSize = 1 + random.nextInt(trial == 0 ? 5 : 120);
          String where = random.nextBoolean() ? null : "p <> 'b'";
          Scan scan = t.scan().withChunkShuffle(seed, chunkSize);
          if (where != null) {
            scan = scan.where(where);
          }
          List<List<Long>> expected = reference(t, where, seed, chunkSize);
          List<Split> plan = scan.plan();
          String context = "round " + round + " seed " + seed + " chunk " + chunkSize;
          assertThat(plan).as(context).hasSize(expected.size());
          List<Long> all = new ArrayList<>();
          for (int i = 0; i < plan.size(); i++) {
            Split s = plan.get(i);
            List<Long> ids = TestTables.longs(scan.split(s).withRowId(), Schema.ROW_ID);
            assertThat(ids).as(context + " chunk " + i).isEqualTo(expected.get(i));
            assertThat(s.liveRowCount()).as(context).isEqualTo(ids.size());
            assertThat(liveIdsOf(s)).as(context).isEqualTo(ids);
            all.addAll(ids);
          }
          // The scan itself reads the chunks in plan order, with the values of a plain scan.
          List<Map<String, Object>> rows = scan.withRowId().toList();
          List<Long> read = new ArrayList<>();
          for (Map<String, Object> row : rows) {
            long id = (Long) row.get(Schema.ROW_ID);
            read.add(id);
            assertThat(row).as(context).isEqualTo(byId.get(id));
          }
          assertThat(read).as(context).isEqualTo(all);
          assertThat(scan.count()).isEqualTo(all.size());
          assertThat(scan.withRowId().plan()).as("same seed, same plan").isEqualTo(plan);
        }
      }
    }
  }

  @Test
  void anotherSeedGivesAnotherOrderAndAChunkSplitSurvivesSerialization() throws Exception {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("t", TestTables.idName("deletion-vectors.enabled", "true"), false);
      t.add(TestTables.rows(0, 500));
      t.add(TestTables.rows(500, 500));
      List<String> sevenths = new ArrayList<>();
      for (long id = 3; id < 1000; id += 7) {
        sevenths.add(String.valueOf(id));
      }
      t.delete("id IN (" + String.join(", ", sevenths) + ")");
      List<Split> a = t.scan().withChunkShuffle(1, 50).plan();
      List<Split> b = t.scan().withChunkShuffle(2, 50).plan();
      assertThat(a).hasSize(b.size()).isNotEqualTo(b);
      // A chunk spanning the two row ranges: its rows come from both, in row-ID order.
      Split spanning = a.stream().filter(s -> s.ranges().size() == 2).findFirst().orElseThrow();
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
        out.writeObject(spanning);
      }
      Split copy;
      try (ObjectInputStream in =
          new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
        copy = (Split) in.readObject();
      }
      assertThat(copy).isEqualTo(spanning);
      assertThat(copy.ranges()).isEqualTo(spanning.ranges());
      List<Long> ids = TestTables.longs(t.scan().split(copy).withRowId(), Schema.ROW_ID);
      assertThat(ids).hasSize(50).isSorted().isEqualTo(liveIdsOf(spanning));
      assertThat(ids.get(0)).isLessThan(500);
      assertThat(ids.get(49)).isGreaterThanOrEqualTo(500);
      assertThat(ids).noneMatch(id -> id % 7 == 3);
    }
  }

  @Test
  void refusesWhatWouldMakeChunksMeaningless() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t =
          conn.createTable(
              "t",
              Schema.builder()
                  .column("p", DataTypes.STRING())
                  .column("id", DataTypes.BIGINT())
                  .partitionKeys("p")
                  .build(),
              false);
      t.add(List.of(Map.of("p", "a", "id", 1L), Map.of("p", "b", "id", 2L)));
      assertThatThrownBy(() -> t.scan().withChunkShuffle(1, 0))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("positive chunk size");
      assertThatThrownBy(() -> t.scan().limit(5).withChunkShuffle(1, 10))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("limit(5)");
      assertThatThrownBy(() -> t.scan().withChunkShuffle(1, 10).limit(5))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("limit(5)");
      assertThatThrownBy(() -> t.scan().where("id > 1").withChunkShuffle(1, 10))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("'id'")
          .hasMessageContaining("[p]");
      assertThatThrownBy(() -> t.scan().withChunkShuffle(1, 10).where("p = 'a' AND id > 1"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("'id'");
      assertThatThrownBy(() -> t.takeRowIds(0L).withChunkShuffle(1, 10))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("takeRowIds");
      Split split = t.scan().plan().get(0);
      assertThatThrownBy(() -> t.scan().split(split).withChunkShuffle(1, 10))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("one split");
      // A partition-only filter is fine, before or after.
      assertThat(t.scan().where("p = 'a'").withChunkShuffle(1, 10).count()).isEqualTo(1);
      assertThat(t.scan().withChunkShuffle(1, 10).where("p = 'b'").toList())
          .containsExactly(Map.of("p", "b", "id", 2L));
    }
  }

  /** A table of 1-5 commits into partitions a, b, c, with update files and deletions. */
  private static Table randomTable(Connection conn, SplittableRandom random) {
    Table t =
        conn.createTable(
            "t",
            Schema.builder()
                .column("p", DataTypes.STRING())
                .column("id", DataTypes.BIGINT())
                .column("name", DataTypes.STRING())
                .column("score", DataTypes.DOUBLE())
                .partitionKeys("p")
                .option("deletion-vectors.enabled", "true")
                .option("stats.row-group-size", "16")
                .build(),
            false);
    long next = 0;
    int commits = 1 + random.nextInt(5);
    for (int c = 0; c < commits; c++) {
      List<Map<String, Object>> rows = new ArrayList<>();
      int n = 1 + random.nextInt(200);
      for (int i = 0; i < n; i++, next++) {
        Map<String, Object> row = new HashMap<>();
        row.put("p", String.valueOf((char) ('a' + random.nextInt(3))));
        row.put("id", next);
        row.put("name", "n" + next);
        row.put("score", (double) random.nextInt(1000));
        rows.add(row);
      }
      t.add(rows);
    }
    if (random.nextBoolean()) {
      t.update("score < 300", Map.of("name", "updated"));
    }
    if (random.nextBoolean()) {
      t.delete("score >= 600 AND score < 700");
    }
    if (random.nextInt(4) == 0) {
      t.delete("id < 40");
    }
    return t;
  }

  /**
   * The brute-force reference: per partition (in the order of its first row ID), the live row IDs
   * in order, cut into runs of {@code chunkSize}; all runs shuffled with {@code new Random(seed)}.
   */
  private static List<List<Long>> reference(Table t, String where, long seed, int chunkSize) {
    Scan all = t.scan().select("p").withRowId();
    Map<String, List<Long>> byPartition = new LinkedHashMap<>();
    List<Map<String, Object>> rows = new ArrayList<>(all.toList());
    rows.sort((x, y) -> Long.compare((Long) x.get(Schema.ROW_ID), (Long) y.get(Schema.ROW_ID)));
    for (Map<String, Object> row : rows) {
      String p = (String) row.get("p");
      if (where != null && p.equals("b")) {
        continue;
      }
      byPartition.computeIfAbsent(p, k -> new ArrayList<>()).add((Long) row.get(Schema.ROW_ID));
    }
    List<List<Long>> chunks = new ArrayList<>();
    for (List<Long> ids : byPartition.values()) {
      for (int i = 0; i < ids.size(); i += chunkSize) {
        chunks.add(new ArrayList<>(ids.subList(i, Math.min(ids.size(), i + chunkSize))));
      }
    }
    Collections.shuffle(chunks, new Random(seed));
    return chunks;
  }

  /** The row IDs a split's ranges hold, less those it says are deleted. */
  private static List<Long> liveIdsOf(Split s) {
    List<Long> ids = new ArrayList<>();
    for (Split.RowRange r : s.ranges()) {
      for (long id = r.firstRowId(); id < r.endRowId(); id++) {
        if (!s.isDeleted(id)) {
          ids.add(id);
        }
      }
    }
    return ids;
  }

  private static Map<Long, Map<String, Object>> byRowId(List<Map<String, Object>> rows) {
    Map<Long, Map<String, Object>> out = new HashMap<>();
    for (Map<String, Object> row : rows) {
      out.put((Long) row.get(Schema.ROW_ID), row);
    }
    return out;
  }
}
