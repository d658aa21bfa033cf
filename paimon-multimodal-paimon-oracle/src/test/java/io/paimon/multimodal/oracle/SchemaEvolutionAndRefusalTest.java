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
package io.paimon.multimodal.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.UnsupportedTableException;
import io.paimon.multimodal.fs.FileIO;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.schema.SchemaChange;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Paimon-written tables across renames and drops (columns are matched by field id, never by name),
 * and the Paimon tables this library refuses to open, each with the reason in the message.
 */
class SchemaEvolutionAndRefusalTest {

  @TempDir static Path warehouse;

  private static final FileIO IO = FileIO.local();
  private static PaimonCatalogs paimon;
  private static Connection ours;

  @BeforeAll
  static void open() throws Exception {
    paimon = PaimonCatalogs.open(warehouse);
    ours = Multimodal.builder().warehouse(paimon.warehouse()).fileIO(IO).connect();
  }

  @AfterAll
  static void close() throws Exception {
    ours.close();
    paimon.close();
  }

  private static List<Map<String, Object>> rows(long from, int n, String... columns) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (long id = from; id < from + n; id++) {
      Map<String, Object> row = new HashMap<>();
      row.put("id", id);
      for (String c : columns) {
        switch (c) {
          case "a":
          case "alpha":
            row.put(c, id % 4 == 0 ? null : "a" + id);
            break;
          case "b":
            row.put(c, (int) id * 10);
            break;
          case "c":
            row.put(c, id / 2.0);
            break;
          case "b2":
          case "d":
            row.put(c, "new " + id);
            break;
          default:
            throw new IllegalArgumentException(c);
        }
      }
      out.add(row);
    }
    return out;
  }

  @Test
  void renamedDroppedAndAddedColumnsReadByFieldIdAsPaimonReadsThem() throws Exception {
    String name = "evolving";
    RowType columns =
        RowType.builder()
            .field("id", DataTypes.BIGINT().notNull())
            .field("a", DataTypes.STRING())
            .field("b", DataTypes.INT())
            .field("c", DataTypes.DOUBLE())
            .build();
    paimon.createTable(name, columns, List.of(), Map.of());
    paimon.write(name, rows(0, 6, "a", "b", "c"));
    // A rename keeps the field id; a dropped field's id is never reused, so the new "b2" column
    // must not pick up the old "b" values, and "d" reads as null in the old file.
    paimon
        .catalog()
        .alterTable(
            PaimonCatalogs.identifier(name),
            List.of(
                SchemaChange.renameColumn("a", "alpha"),
                SchemaChange.dropColumn("b"),
                SchemaChange.addColumn("b2", DataTypes.STRING()),
                SchemaChange.addColumn("d", DataTypes.STRING())),
            false);
    paimon.write(name, rows(6, 4, "alpha", "c", "b2", "d"));

    Table table = ours.getTable(name);
    assertThat(table.schema().columnNames()).containsExactly("id", "alpha", "c", "b2", "d");
    List<Map<String, Object>> mine = CrossChecks.ourRows(table.scan(), IO);
    CrossChecks.assertSameRows("renamed, dropped, added", paimon.readWithRowId(name), mine);
    for (Map<String, Object> row : mine) {
      long id = (Long) row.get("id");
      Map<String, Object> expected = new LinkedHashMap<>();
      expected.put("id", id);
      expected.put("alpha", id % 4 == 0 ? null : "a" + id);
      expected.put("c", id / 2.0);
      expected.put("b2", id < 6 ? null : "new " + id);
      expected.put("d", id < 6 ? null : "new " + id);
      expected.put("_ROW_ID", id);
      assertThat(row).as("row %d", id).isEqualTo(expected);
    }
    assertThat(table.scan().where("alpha = 'a5'").select("id").toList())
        .containsExactly(Map.of("id", 5L));
    assertThat(table.scan().where("b2 IS NULL").count()).isEqualTo(6);

    // We append in the evolved schema, and Paimon reads our rows too.
    Map<String, Object> more = new HashMap<>(rows(10, 1, "alpha", "c", "b2", "d").get(0));
    table.add(List.of(more));
    CrossChecks.assertSameRows(
        "after our append", paimon.readWithRowId(name), CrossChecks.ourRows(table.scan(), IO));
  }

  @Test
  void tablesThatCannotBeReadCorrectlyAreRefusedWithTheReason() throws Exception {
    // A primary-key table.
    paimon
        .catalog()
        .createTable(
            PaimonCatalogs.identifier("pk"),
            Schema.newBuilder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("v", DataTypes.STRING())
                .primaryKey("id")
                .option("bucket", "1")
                .option("file.format", "row")
                .build(),
            false);
    assertThatThrownBy(() -> ours.getTable("pk"))
        .isInstanceOf(UnsupportedTableException.class)
        .hasMessageContaining("'pk'")
        .hasMessageContaining("primary keys [id]");

    // A fixed-bucket append table.
    paimon
        .catalog()
        .createTable(
            PaimonCatalogs.identifier("bucketed"),
            Schema.newBuilder()
                .column("id", DataTypes.BIGINT())
                .option("bucket", "4")
                .option("bucket-key", "id")
                .option("file.format", "row")
                .build(),
            false);
    assertThatThrownBy(() -> ours.getTable("bucketed"))
        .isInstanceOf(UnsupportedTableException.class)
        .hasMessageContaining("bucket = 4");

    // A data format with no reader here (parquet, Paimon's default, is read by the parquet
    // module, which is on this module's test class path: CrossParquetReadTest).
    paimon
        .catalog()
        .createTable(
            PaimonCatalogs.identifier("orc"),
            Schema.newBuilder()
                .column("id", DataTypes.BIGINT())
                .option("row-tracking.enabled", "true")
                .option("file.format", "orc")
                .build(),
            false);
    assertThatThrownBy(() -> ours.getTable("orc"))
        .isInstanceOf(UnsupportedTableException.class)
        .hasMessageContaining("'orc'")
        .hasMessageContaining("orc (file.format)");

    // An append table without row tracking: its rows have no _ROW_ID.
    paimon
        .catalog()
        .createTable(
            PaimonCatalogs.identifier("untracked"),
            Schema.newBuilder()
                .column("id", DataTypes.BIGINT())
                .option("file.format", "row")
                .build(),
            false);
    assertThatThrownBy(() -> ours.getTable("untracked"))
        .isInstanceOf(UnsupportedTableException.class)
        .hasMessageContaining("row-tracking.enabled");
  }
}
