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

/**
 * {@link Table#compact()}: the same rows and row IDs in fewer files, deletion vectors moved along;
 * with deletions applied, deleted ranges rewritten under new row IDs.
 */
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
        payload = java.util.Arrays.toString(TestTables.payload(t, d));
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

  /** The names of the files of the latest snapshot's splits with the given format. */
  private static java.util.Set<String> files(Table t, String format) {
    java.util.Set<String> out = new java.util.TreeSet<>();
    for (Split split : t.scan().plan()) {
      for (SplitFile f : split.files()) {
        if (f.format().equals(format)) {
          out.add(f.name());
        }
      }
    }
    return out;
  }

  private long blobFilesOnDisk() {
    try (var files = java.nio.file.Files.walk(dir)) {
      return files.filter(f -> f.toString().endsWith(".blob")).count();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void blobFilesAreKeptNotCopiedAndReplacedOnesAreDropped() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("b", schema(), false);
      for (int c = 0; c < 6; c++) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
          rows.add(
              Map.of("id", c * 4L + i, "label", "l", "image", new byte[] {(byte) c, (byte) i}));
        }
        t.add(rows);
      }
      t.updateByRowId(Map.of(5L, Map.of("image", new byte[] {99})));
      java.util.Set<String> blobsBefore = files(t, "blob");
      long onDisk = blobFilesOnDisk();
      List<String> before = rows(t, t.scan());
      t.compact();
      assertThat(rows(t, t.scan())).isEqualTo(before);
      assertThat(t.scan().plan()).hasSize(1);
      java.util.Set<String> blobsAfter = files(t, "blob");
      // The six .blob files a read took chain along the one new range; no payload was copied.
      assertThat(blobsAfter).isEqualTo(blobsBefore).hasSize(6);
      assertThat(blobFilesOnDisk()).isEqualTo(onDisk);
    }
  }

  @Test
  void rangesWithDeletedRowsCompactWithTheirVectorsKeepingRowIds() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("d", TestTables.idName("deletion-vectors.enabled", "true"), false);
      for (int c = 0; c < 8; c++) {
        t.add(TestTables.rows(c * 10L, 10));
      }
      t.delete("id IN (3, 10, 17, 24, 31, 38, 45, 52, 59, 66, 73)");
      t.update("id >= 15 AND id < 45", Map.of("name", "u"));
      List<Map<String, Object>> before = t.scan().withRowId().toList();
      long live = before.size();
      long beforeId = t.latestSnapshot().get().id();
      t.compact();
      assertThat(t.scan().withRowId().toList()).isEqualTo(before);
      List<Split> plan = t.scan().plan();
      assertThat(plan).hasSize(1);
      assertThat(plan.get(0).rowCount()).isEqualTo(80);
      assertThat(plan.get(0).liveRowCount()).isEqualTo(live);
      assertThat(plan.get(0).isDeleted(3)).isTrue();
      assertThat(plan.get(0).files()).hasSize(1);
      // A deleted row ID stays unknown; later deletes land on the moved vector.
      org.assertj.core.api.Assertions.assertThatThrownBy(
              () -> t.takeRowIds(new long[] {10}).toList())
          .hasMessageContaining("10");
      t.delete("id = 0");
      assertThat(t.scan().count()).isEqualTo(live - 1);
      assertThat(t.scan().snapshot(beforeId).withRowId().toList()).isEqualTo(before);
    }
  }

  @Test
  void applyingDeletionsRewritesDeletedRangesUnderNewRowIds() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("a", schema("deletion-vectors.enabled", "true"), false);
      appends(t, new Random(4), 10);
      t.delete("id = 3 OR id = 20");
      t.delete("part = 'a' AND id > 30");
      List<String> before = rows(t, t.scan());
      List<Map<String, Object>> beforeRows = t.scan().withRowId().toList();
      long beforeId = t.latestSnapshot().get().id();
      long nextRowId =
          t.scan().plan().stream()
              .mapToLong(s -> s.firstRowId() + s.rowCount())
              .max()
              .orElseThrow();
      java.util.Set<Long> deletedRanges = new java.util.HashSet<>();
      for (Split split : t.scan().plan()) {
        if (split.deletedRowCount() > 0) {
          deletedRanges.add(split.firstRowId());
        }
      }
      assertThat(deletedRanges).isNotEmpty();
      Snapshot s = t.compact(CompactOptions.builder().applyDeletions(true).build());
      assertThat(s.commitKind()).isEqualTo("COMPACT");
      for (Split split : t.scan().plan()) {
        assertThat(split.deletedRowCount()).isZero();
        assertThat(deletedRanges).doesNotContain(split.firstRowId());
      }
      // The same rows; those of ranges without deletions keep their row IDs, the others get new
      // ones past the old end.
      List<Map<String, Object>> after = t.scan().withRowId().toList();
      assertThat(strip(rows(t, t.scan()))).isEqualTo(strip(before));
      Map<Object, Object> oldIds = new HashMap<>();
      for (Map<String, Object> row : beforeRows) {
        oldIds.put(row.get("id"), row.get("_ROW_ID"));
      }
      int moved = 0;
      for (Map<String, Object> row : after) {
        long id = (Long) row.get("_ROW_ID");
        if (id >= nextRowId) {
          moved++;
        } else {
          assertThat(id).isEqualTo(oldIds.get(row.get("id")));
        }
      }
      assertThat(moved).isPositive();
      assertThat(rows(t, t.scan().snapshot(beforeId))).isEqualTo(before);
      // Nothing left to apply: nothing committed.
      assertThat(t.compact(CompactOptions.builder().applyDeletions(true).build()).id())
          .isEqualTo(s.id());
    }
  }

  /** The rows without their row IDs, sorted. */
  private static List<String> strip(List<String> rows) {
    List<String> out = new ArrayList<>();
    for (String r : rows) {
      out.add(r.substring(r.indexOf(':') + 1));
    }
    out.sort(null);
    return out;
  }
}
