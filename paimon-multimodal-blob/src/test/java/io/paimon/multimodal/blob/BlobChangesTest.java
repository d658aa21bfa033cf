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
package io.paimon.multimodal.blob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.CompactOptions;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SchemaChange;
import io.paimon.multimodal.Table;
import io.paimon.row.CloseableIterator;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.arrow.vector.BigIntVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * BLOB reads after table changes: deleted rows are absent, updated payloads are the new ones, older
 * snapshots keep the old ones; checked against a model of the live payloads by id.
 */
class BlobChangesTest {

  @TempDir Path dir;

  @Test
  void readsOnlyLiveRowsWithTheirLatestPayloads() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t =
          conn.createTable(
              "docs",
              Schema.builder()
                  .column("id", DataTypes.BIGINT().notNull())
                  .column("image", DataTypes.BLOB())
                  .option("deletion-vectors.enabled", "true")
                  .build(),
              false);
      Random r = new Random(5);
      TreeMap<Long, byte[]> model = new TreeMap<>();
      for (int c = 0; c < 3; c++) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (long id = c * 40L; id < c * 40L + 40; id++) {
          byte[] p = BlobTables.payload(1, id, 1 + r.nextInt(3000));
          rows.add(Map.of("id", id, "image", p));
          model.put(id, p);
        }
        t.add(rows);
      }
      long before = t.latestSnapshot().orElseThrow().id();
      TreeMap<Long, byte[]> old = new TreeMap<>(model);
      t.delete("id >= 10 AND id < 20 OR id = 77");
      model.keySet().removeIf(id -> (id >= 10 && id < 20) || id == 77);
      Map<Long, Map<String, Object>> changes = new HashMap<>();
      for (long id : new long[] {3, 45, 46, 119}) {
        byte[] p = BlobTables.payload(2, id, 500);
        changes.put(id, Map.of("image", p));
        model.put(id, p);
      }
      t.updateByRowId(changes);
      t.update("id = 100", Map.of("image", new byte[] {9}));
      model.put(100L, new byte[] {9});

      assertThat(read(BlobReader.of(t.scan()))).containsExactlyEntriesOf(model);
      assertThat(streamed(BlobReader.of(t.scan().batchSize(7)))).containsExactlyEntriesOf(model);
      assertThat(read(BlobReader.of(t.scan().snapshot(before)))).containsExactlyEntriesOf(old);
      assertThat(read(BlobReader.of(t.takeRowIds(3L, 100L, 45L)))).containsOnlyKeys(3L, 100L, 45L);
      assertThatThrownBy(() -> BlobReader.of(t.takeRowIds(12L)).read("image").close())
          .isInstanceOf(io.paimon.multimodal.RowIdNotFoundException.class)
          .hasMessageContaining("12");

      // Compaction keeps the payloads (and the .blob files); applying deletions copies them into
      // new files under new row IDs: the same payloads by id either way.
      t.compact();
      assertThat(read(BlobReader.of(t.scan()))).containsExactlyEntriesOf(model);
      t.compact(CompactOptions.builder().applyDeletions(true).build());
      assertThat(read(BlobReader.of(t.scan()))).containsExactlyEntriesOf(model);
      assertThat(streamed(BlobReader.of(t.scan().batchSize(5)))).containsExactlyEntriesOf(model);

      // A read pinned to an old snapshot goes through that snapshot's schema: "id" as it was.
      t.alter(SchemaChange.renameColumn("id", "key"));
      assertThat(read(BlobReader.of(t.scan().snapshot(before)))).containsExactlyEntriesOf(old);
      try (BlobBatch b = BlobReader.of(t.scan()).read("image")) {
        assertThat(b.scalar().getVector("key")).isNotNull();
        assertThat(b.rowCount()).isEqualTo(model.size());
      }
    }
  }

  private static TreeMap<Long, byte[]> read(BlobReader reader) {
    TreeMap<Long, byte[]> out = new TreeMap<>();
    try (BlobBatch b = reader.read("image")) {
      collect(b, out);
    }
    return out;
  }

  private static TreeMap<Long, byte[]> streamed(BlobReader reader) {
    TreeMap<Long, byte[]> out = new TreeMap<>();
    try (CloseableIterator<BlobBatch> it = reader.stream("image")) {
      while (it.hasNext()) {
        try (BlobBatch b = it.next()) {
          collect(b, out);
        }
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    return out;
  }

  private static void collect(BlobBatch b, Map<Long, byte[]> out) {
    BigIntVector ids = (BigIntVector) b.scalar().getVector("id");
    List<byte[]> payloads = b.blobs("image");
    for (int i = 0; i < b.rowCount(); i++) {
      assertThat(out.put(ids.get(i), payloads.get(i))).isNull();
    }
  }
}
