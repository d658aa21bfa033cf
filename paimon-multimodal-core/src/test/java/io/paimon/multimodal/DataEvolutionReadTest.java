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

import io.paimon.multimodal.internal.StorageTypes;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.commit.Committer;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.SimpleStats;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.row.Row;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileWriter;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Paimon's data-evolution read of a row range with several data files: an update file holds new
 * values of some columns for existing row IDs (same first row ID and row count, a higher sequence
 * number, a shorter {@code _WRITE_COLS}); each column comes from the newest file that holds it, a
 * null in it included, and the rest from the older file and the {@code .blob} file. The update file
 * is committed as Paimon commits one: an entry that already carries its first row ID.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class DataEvolutionReadTest {

  private static final int ROWS = 40;

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
                .column("score", DataTypes.DOUBLE())
                .column("image", DataTypes.BLOB())
                .build(),
            false);
    for (int commit = 0; commit < 2; commit++) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (long i = commit * ROWS; i < (commit + 1) * ROWS; i++) {
        Map<String, Object> row = new HashMap<>();
        row.put("id", i);
        row.put("name", "n" + i);
        row.put("score", (double) i);
        row.put("image", new byte[] {(byte) i});
        rows.add(row);
      }
      table.add(rows);
    }
  }

  @AfterEach
  void close() {
    conn.close();
  }

  /** Commits new {@code name} values for the range starting at {@code firstRowId}. */
  private Snapshot updateNames(long firstRowId, List<String> names) throws IOException {
    TableState s = TestTables.state(table);
    RowType type = StorageTypes.toFileType(table.schema().rowType().project(new int[] {1}));
    String fileName = "data-" + UUID.randomUUID() + "-0.row";
    String path = s.paths().dataFile("", fileName);
    RowFileWriter w =
        RowFile.newWriter(s.io().newOutputStream(path), path, type, RowFileOptions.defaults());
    for (String n : names) {
      w.write(Row.of(n));
    }
    w.close();
    long size = w.bytesWritten();
    DataFileMeta update =
        DataFileMeta.forAppend(
                fileName,
                size,
                names.size(),
                SimpleStats.EMPTY,
                List.of(),
                s.schemaId(),
                List.of(),
                List.of("name"))
            .withFirstRowId(firstRowId);
    return new Committer(s, "updater")
        .commit(List.of(ManifestEntry.add(SimpleStats.EMPTY_ROW, update)), s.schemaId(), "APPEND")
        .snapshot();
  }

  private static String expectedName(long id, long updatedFrom, List<String> names) {
    long at = id - updatedFrom;
    return at >= 0 && at < names.size() ? names.get((int) at) : "n" + id;
  }

  @Test
  void theNewestFileHoldingAColumnSuppliesItAndTheOthersComeFromOlderFiles() throws IOException {
    long before = table.latestSnapshot().orElseThrow().id();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      names.add(i == 3 ? null : "updated-" + i);
    }
    Snapshot after = updateNames(ROWS, names);

    List<Map<String, Object>> rows = table.scan().withRowId().batchSize(7).toList();
    assertThat(rows).hasSize(2 * ROWS);
    for (Map<String, Object> row : rows) {
      long id = (Long) row.get("id");
      assertThat(row.get("_ROW_ID")).isEqualTo(id);
      assertThat(row.get("name")).as("row %d", id).isEqualTo(expectedName(id, ROWS, names));
      assertThat(row.get("score")).isEqualTo((double) id);
      byte[] image = TableFixtures.readRange(table.io(), (BlobDescriptor) row.get("image"));
      assertThat(image).containsExactly((byte) id);
    }

    // A filter on the updated column reads it from the update file.
    assertThat(table.scan().where("name = 'updated-5'").select("id").toList())
        .containsExactly(Map.of("id", (long) ROWS + 5));
    assertThat(table.scan().where("name = 'n45'").count()).isZero();
    assertThat(table.scan().where("name IS NULL").select("id").toList())
        .containsExactly(Map.of("id", (long) ROWS + 3));
    // A filter on an old column, projecting the updated one.
    assertThat(table.scan().where("id >= 38 AND id < 42").select("name").toList())
        .extracting(r -> r.get("name"))
        .containsExactly("n38", "n39", "updated-0", "updated-1");
    assertThat(table.takeRowIds(ROWS + 7, 2).select("id", "name").toList())
        .containsExactly(
            Map.of("id", (long) ROWS + 7, "name", "updated-7"), Map.of("id", 2L, "name", "n2"));

    // The plan lists both data files of the range, newest first, and the blob file.
    Split updated =
        table.scan().plan().stream().filter(sp -> sp.firstRowId() == ROWS).findFirst().get();
    assertThat(updated.rowCount()).isEqualTo(ROWS);
    assertThat(updated.files())
        .extracting(SplitFile::format)
        .containsExactly("row", storage.dataFileFormat(), "blob");
    assertThat(updated.files().get(0).writeColumns()).containsExactly("name");
    assertThat(updated.files().get(0).sequenceNumber()).isEqualTo(after.id());
    assertThat(updated.files().get(1).writeColumns()).containsExactly("id", "name", "score");
    assertThat(table.scan().split(updated).count()).isEqualTo(ROWS);

    // The snapshot before the update still reads the old values.
    assertThat(table.scan().snapshot(before).where("id = 45").select("name").toList())
        .containsExactly(Map.of("name", "n45"));
    assertThat(table.scan().count()).isEqualTo(2 * ROWS);
  }
}
