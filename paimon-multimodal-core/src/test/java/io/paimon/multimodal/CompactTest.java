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

import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Table#compact()}: the same rows and row IDs in fewer files, deleted ranges left alone. */
class CompactTest {

  @TempDir Path dir;

  private static Schema schema(String... options) {
    Schema.Builder b =
        Schema.builder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("label", DataTypes.STRING())
            .column("image", DataTypes.BLOB())
            .column("part", DataTypes.STRING())
            .partitionKeys("part");
    for (int i = 0; i < options.length; i += 2) {
      b.option(options[i], options[i + 1]);
    }
    return b.build();
  }

  /** Every row with its row ID and image payload, sorted. */
  private static List<String> rows(Table t, Scan scan) {
    List<String> out = new ArrayList<>();
    for (Map<String, Object> row : scan.withRowId().toList()) {
      BlobDescriptor d = (BlobDescriptor) row.get("image");
      String payload = "null";
      if (d != null) {
        byte[] b = new byte[(int) d.length()];
        try {
          t.io().newInputFile(d.uri()).readFully(d.offset(), b, 0, b.length);
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
        payload = java.util.Arrays.toString(b);
      }
      out.add(
          row.get("_ROW_ID")
              + ":"
              + row.get("id")
              + ":"
              + row.get("label")
              + ":"
              + row.get("part")
              + ":"
              + payload);
    }
    out.sort(null);
    return out;
  }

  private static void appends(Table t, Random r, int commits) {
    long id = 0;
    for (int c = 0; c < commits; c++) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (int i = 0; i < 1 + r.nextInt(6); i++) {
        Map<String, Object> row = new HashMap<>();
        row.put("id", id++);
        row.put("label", "l" + id);
        row.put("image", r.nextInt(4) == 0 ? null : new byte[] {(byte) id, 1, 2});
        row.put("part", r.nextBoolean() ? "a" : "b");
        rows.add(row);
      }
      t.add(rows);
    }
  }

  @Test
  void compactionKeepsRowsAndRowIdsInFewerFiles() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("c", schema(), false);
      appends(t, new Random(3), 12);
      t.update("id < 5", Map.of("label", "updated"));
      t.updateByRowId(Map.of(7L, Map.of("image", new byte[] {42})));
      List<String> before = rows(t, t.scan());
      int splits = t.scan().plan().size();
      long beforeId = t.latestSnapshot().get().id();
      Snapshot s = t.compact();
      assertThat(s.commitKind()).isEqualTo("COMPACT");
      assertThat(rows(t, t.scan())).isEqualTo(before);
      assertThat(rows(t, t.scan().snapshot(beforeId))).isEqualTo(before);
      // Partitions interleave row IDs (each commit writes a range per partition), so only update
      // files merge here; the whole-table merge of small ranges is checked unpartitioned below.
      assertThat(t.scan().plan().size()).isLessThanOrEqualTo(splits);
      for (Split split : t.scan().plan()) {
        assertThat(split.files().stream().filter(f -> f.format().equals("row"))).hasSize(1);
      }
      assertThat(t.scan().where("label = 'updated'").count()).isEqualTo(5);
      // Nothing left to compact: nothing committed.
      assertThat(t.compact().id()).isEqualTo(s.id());
      // Appends and updates go on with the kept row IDs.
      t.add(List.of(Map.of("id", 100L, "part", "a")));
      assertThat(rows(t, t.scan())).hasSize(before.size() + 1);
    }
  }

  @Test
  void smallRangesOfAnUnpartitionedTableMergeUpToTheTargetFileSize() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("u", TestTables.idName(), false);
      for (int c = 0; c < 20; c++) {
        t.add(TestTables.rows(c * 10L, 10));
      }
      t.update("id >= 55 AND id < 65", Map.of("name", "x"));
      List<Map<String, Object>> before = t.scan().withRowId().toList();
      t.compact();
      assertThat(t.scan().withRowId().toList()).isEqualTo(before);
      assertThat(t.scan().plan()).hasSize(1);
      Table small = conn.createTable("s", TestTables.idName("target-file-size", "3 kb"), false);
      for (int c = 0; c < 20; c++) {
        small.add(TestTables.rows(c * 10L, 10));
      }
      List<Map<String, Object>> rows = small.scan().withRowId().toList();
      small.compact();
      assertThat(small.scan().withRowId().toList()).isEqualTo(rows);
      assertThat(small.scan().plan().size()).isGreaterThan(1).isLessThan(20);
    }
  }

  @Test
  void rangesWithDeletedRowsAreLeftAlone() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("d", schema("deletion-vectors.enabled", "true"), false);
      appends(t, new Random(4), 10);
      t.delete("id = 3");
      List<String> before = rows(t, t.scan());
      t.compact();
      assertThat(rows(t, t.scan())).isEqualTo(before);
      assertThat(t.scan().where("id = 3").count()).isZero();
    }
  }
}
