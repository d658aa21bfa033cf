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

import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.internal.paimon.DeletionVectorRange;
import io.paimon.multimodal.internal.paimon.DeletionVectors;
import io.paimon.multimodal.internal.paimon.FileKind;
import io.paimon.multimodal.internal.paimon.IndexManifestEntry;
import io.paimon.multimodal.internal.paimon.ManifestFiles;
import io.paimon.multimodal.internal.paimon.ManifestMeta;
import io.paimon.multimodal.internal.paimon.SimpleStats;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.paimon.SnapshotJson;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;
import org.roaringbitmap.RoaringBitmap;

/**
 * Deletion vectors on a data-evolution table, as Paimon 2.x and pypaimon write them (Paimon 1.4.2
 * refuses the combination, so the oracle cannot write one): a vector keyed by a range's data file
 * removes those positions from every column of the range, the {@code .blob} columns included, and
 * leaves every other row's {@code _ROW_ID} unchanged. The vector is committed here the way Paimon
 * commits one: an index file, an index manifest naming it, a snapshot naming the index manifest.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class DeletionVectorTest {

  @Parameter TestStorage storage;

  @TempDir java.nio.file.Path dir;
  private Connection conn;
  private Table table;

  @BeforeEach
  void write() {
    conn = storage.connect(dir);
    table =
        conn.createTable(
            "t",
            Schema.builder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("name", DataTypes.STRING())
                .column("image", DataTypes.BLOB())
                .option("stats.row-group-size", "8")
                .build(),
            false);
    for (int commit = 0; commit < 2; commit++) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (long i = commit * 50L; i < commit * 50L + 50; i++) {
        Map<String, Object> row = new HashMap<>();
        row.put("id", i);
        row.put("name", "n" + i);
        row.put("image", new byte[] {(byte) i, (byte) (i >> 8)});
        rows.add(row);
      }
      table.add(rows);
    }
  }

  @AfterEach
  void close() {
    conn.close();
  }

  /** Commits deletion vectors for the data files covering these row ranges, as one snapshot. */
  private long deleteRows(long... rowIds) throws IOException {
    TableState s = TestTables.state(table);
    SnapshotFile parent = s.snapshots().read(s.snapshots().latestId().getAsLong());
    Map<String, RoaringBitmap> vectors = new LinkedHashMap<>();
    for (DataFileMeta f : TestTables.dataFiles(table, parent.id())) {
      RoaringBitmap positions = new RoaringBitmap();
      for (long id : rowIds) {
        if (id >= f.firstRowId() && id < f.endRowId()) {
          positions.add((int) (id - f.firstRowId()));
        }
      }
      if (!positions.isEmpty()) {
        vectors.put(f.fileName(), positions);
      }
    }
    List<DeletionVectorRange> ranges = new ArrayList<>();
    byte[] index = DeletionVectors.write(vectors, ranges);
    String indexName = "index-" + UUID.randomUUID() + "-0";
    s.io().overwrite(s.paths().indexFile(indexName), index);
    String indexManifest = "index-manifest-" + UUID.randomUUID() + "-0";
    s.io()
        .overwrite(
            s.paths().manifestFile(indexManifest),
            ManifestFiles.writeIndexManifest(
                List.of(
                    new IndexManifestEntry(
                        FileKind.ADD,
                        SimpleStats.EMPTY_ROW,
                        0,
                        IndexManifestEntry.DELETION_VECTORS,
                        indexName,
                        index.length,
                        ranges.size(),
                        ranges,
                        null,
                        null))));
    List<ManifestMeta> base = new ArrayList<>(s.manifests().readList(parent.baseManifestList()));
    base.addAll(s.manifests().readList(parent.deltaManifestList()));
    String lists = "manifest-list-" + UUID.randomUUID() + "-";
    byte[] baseList = ManifestFiles.writeManifestList(base);
    byte[] deltaList = ManifestFiles.writeManifestList(List.of());
    s.io().overwrite(s.paths().manifestFile(lists + 0), baseList);
    s.io().overwrite(s.paths().manifestFile(lists + 1), deltaList);
    long id = parent.id() + 1;
    SnapshotFile next =
        new SnapshotFile(
            3,
            id,
            parent.schemaId(),
            lists + 0,
            (long) baseList.length,
            lists + 1,
            (long) deltaList.length,
            null,
            null,
            indexManifest,
            "test",
            SnapshotFile.BATCH_COMMIT_IDENTIFIER,
            "APPEND",
            System.currentTimeMillis(),
            parent.totalRecordCount(),
            0,
            null,
            null,
            null,
            null,
            parent.nextRowId());
    assertThat(s.io().createIfAbsent(s.paths().snapshotFile(id), SnapshotJson.write(next)))
        .isTrue();
    return id;
  }

  @Test
  void deletedRowsVanishFromEveryColumnAndTheRestKeepTheirRowIds() throws IOException {
    long before = table.latestSnapshot().orElseThrow().id();
    long[] deleted = {0, 7, 8, 49, 50, 99};
    long after = deleteRows(deleted);

    List<Long> live = LongStream.range(0, 100).filter(i -> !contains(deleted, i)).boxed().toList();
    List<Map<String, Object>> rows = table.scan().withRowId().toList();
    assertThat(rows).extracting(r -> r.get("_ROW_ID")).containsExactlyElementsOf(live);
    for (Map<String, Object> row : rows) {
      long id = (Long) row.get("id");
      // Written in order by one writer: the user's id is the row ID here.
      assertThat(row.get("_ROW_ID")).isEqualTo(id);
      assertThat(row.get("name")).isEqualTo("n" + id);
      BlobDescriptor d = (BlobDescriptor) row.get("image");
      assertThat(TableFixtures.readRange(table.io(), d))
          .containsExactly((byte) id, (byte) (id >> 8));
    }
    assertThat(table.scan().count()).isEqualTo(live.size());
    assertThat(table.scan().where("id < 10").count()).isEqualTo(7);
    assertThat(table.scan().where("name = 'n7'").toList()).isEmpty();
    assertThat(table.scan().plan()).extracting(Split::deletedRowCount).containsExactly(4L, 2L);
    assertThat(table.takeRowIds(9, 1).select("id").toList())
        .extracting(r -> r.get("id"))
        .containsExactly(9L, 1L);
    assertThatThrownBy(() -> table.takeRowIds(9, 8).toList())
        .isInstanceOf(RowIdNotFoundException.class)
        .hasMessageContaining("[8]")
        .hasMessageContaining("snapshot " + after);
    // The snapshot before the deletes still has every row.
    assertThat(table.scan().snapshot(before).count()).isEqualTo(100);
    assertThat(table.takeRowIds(8).snapshot(before).select("id").toList())
        .extracting(r -> r.get("id"))
        .containsExactly(8L);
    // Commits after the deletes keep the index manifest, and with it the deletions.
    Map<String, Object> more = new HashMap<>();
    more.put("id", 100L);
    table.add(List.of(more));
    assertThat(table.scan().count()).isEqualTo(live.size() + 1);
    assertThat(table.removeOrphanFiles(java.time.Duration.ZERO)).isEmpty();
    assertThat(table.scan().count()).isEqualTo(live.size() + 1);
  }

  private static boolean contains(long[] values, long v) {
    for (long x : values) {
      if (x == v) {
        return true;
      }
    }
    return false;
  }

  @Test
  void splitsCarryTheirDeletionVectorAcrossSerialization() throws Exception {
    long[] deleted = {0, 7, 8, 49, 50, 99};
    deleteRows(deleted);
    List<Split> splits = table.scan().plan();
    long live = 0;
    for (Split split : splits) {
      Split copy = roundTrip(split);
      assertThat(copy).isEqualTo(split);
      assertThat(copy.schemaId()).isEqualTo(split.schemaId());
      for (long id = split.firstRowId(); id < split.firstRowId() + split.rowCount(); id++) {
        assertThat(copy.isDeleted(id)).as("row %d", id).isEqualTo(contains(deleted, id));
      }
      assertThat(copy.isDeleted(split.firstRowId() - 1)).isFalse();
      assertThat(copy.liveRowCount()).isEqualTo(split.rowCount() - split.deletedRowCount());
      List<Map<String, Object>> rows = table.scan().select("id").withRowId().split(copy).toList();
      assertThat(rows).hasSize((int) copy.liveRowCount());
      for (Map<String, Object> row : rows) {
        assertThat(copy.isDeleted((Long) row.get("_ROW_ID"))).isFalse();
      }
      live += rows.size();
    }
    assertThat(live).isEqualTo(100 - deleted.length);
  }

  private static Split roundTrip(Split split) throws Exception {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
      out.writeObject(split);
    }
    try (java.io.ObjectInputStream in =
        new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
      return (Split) in.readObject();
    }
  }
}
