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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Table#alter}: each change kind, read back from files written before and after it; the
 * validation errors, which write nothing; concurrent alters.
 */
class SchemaEvolutionTest {

  @TempDir Path dir;
  private Connection conn;
  private Table table;

  @BeforeEach
  void create() {
    conn = Multimodal.connect(dir.toString());
    table =
        conn.createTable(
            "t",
            Schema.builder()
                .column("id", DataTypes.INT().notNull())
                .column("name", DataTypes.STRING())
                .column("score", DataTypes.FLOAT())
                .column("day", DataTypes.STRING())
                .partitionKeys("day")
                .build(),
            false);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      Map<String, Object> row = new HashMap<>();
      row.put("id", i);
      row.put("name", "n" + i);
      row.put("score", i == 3 ? null : i * 0.5f);
      row.put("day", i % 2 == 0 ? "a" : "b");
      rows.add(row);
    }
    table.add(rows);
  }

  @AfterEach
  void close() {
    conn.close();
  }

  private List<String> schemaFiles() throws Exception {
    try (Stream<Path> s = Files.list(dir.resolve("default.db/t/schema"))) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void widensRenamesAddsAndDropsInOneSchemaVersion() throws Exception {
    Schema next =
        table.alter(
            SchemaChange.updateColumnType("id", DataTypes.BIGINT()),
            SchemaChange.updateColumnType("score", DataTypes.DOUBLE()),
            SchemaChange.renameColumn("name", "label"),
            SchemaChange.addColumn("extra", DataTypes.STRING(), "new").after("id"),
            SchemaChange.setOption("target-file-size", "64 mb"));
    assertThat(schemaFiles()).containsExactly("schema-0", "schema-1");
    assertThat(next.columnNames()).containsExactly("id", "extra", "label", "score", "day");
    assertThat(next.columnType("id")).isEqualTo(DataTypes.BIGINT().notNull());
    assertThat(next.options()).containsEntry("target-file-size", "64 mb");
    assertThat(table.schema()).isEqualTo(next);
    assertThat(next.rowType().fields().get(1).id()).isEqualTo(4);

    table.add(List.of(Map.of("id", 100L, "extra", "x", "label", "new", "score", 1.25, "day", "a")));
    List<Map<String, Object>> rows = table.scan().where("id >= 2 AND id <= 3").toList();
    assertThat(rows).hasSize(2);
    assertThat(rows.get(0)).containsEntry("id", 2L).containsEntry("label", "n2");
    assertThat(rows.get(0)).containsEntry("score", (double) 1.0f).containsEntry("extra", null);
    assertThat(rows.get(1)).containsEntry("score", null);
    assertThat(table.scan().where("id = 100").toList().get(0)).containsEntry("extra", "x");
    assertThat(table.scan().where("score > 4.2").select("id").toList())
        .extracting(r -> r.get("id"))
        .containsExactly(9L);
    assertThat(table.scan().count()).isEqualTo(11);

    table.alter(SchemaChange.dropColumn("label"));
    assertThat(table.scan().where("id = 1").toList().get(0)).doesNotContainKey("label");
    long rowId =
        table.scan().where("id = 5").withRowId().toList().get(0).get("_ROW_ID") instanceof Long l
            ? l
            : -1;
    assertThat(table.takeRowIds(rowId).toList().get(0)).containsEntry("id", 5L);
  }

  @Test
  void pinnedScansReadThroughTheSchemaOfTheirSnapshot() {
    long first = table.latestSnapshot().orElseThrow().id();
    table.createTag("v1", first);
    Map<String, Object> before = table.scan().where("id = 2").toList().get(0);
    table.alter(
        SchemaChange.renameColumn("name", "label"),
        SchemaChange.dropColumn("score"),
        SchemaChange.updateColumnType("id", DataTypes.BIGINT()),
        SchemaChange.addColumn("extra", DataTypes.STRING()));
    table.add(List.of(Map.of("id", 100L, "label", "new", "extra", "x", "day", "a")));

    // Time travel reads the rows as they were, in the columns they had (as Paimon does).
    assertThat(table.scan().snapshot(first).where("id = 2").toList()).containsExactly(before);
    assertThat(table.scan().tag("v1").where("score > 4.2").select("name").toList())
        .containsExactly(Map.of("name", "n9"));
    assertThat(table.scan().tag("v1").arrowSchema().getFields())
        .extracting(f -> f.getName())
        .containsExactly("id", "name", "score", "day");
    assertThat(table.scan().snapshot(first).count()).isEqualTo(10);
    assertThatThrownBy(() -> table.scan().snapshot(first).where("label = 'n1'"))
        .isInstanceOf(PredicateException.class)
        .hasMessageContaining("label");
    assertThatThrownBy(() -> table.scan().snapshot(first).select("extra"))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("extra");
    // A predicate given before the pin is checked against the pinned schema when read.
    assertThatThrownBy(() -> table.scan().where("label = 'n1'").snapshot(first).toList())
        .isInstanceOf(PredicateException.class);
    assertThat(table.scan().where("id = 1").snapshot(first).toList().get(0))
        .containsEntry("name", "n1")
        .containsEntry("id", 1);
    long rowId = (Long) table.scan().where("id = 3").withRowId().toList().get(0).get("_ROW_ID");
    assertThat(table.takeRowIds(rowId).snapshot(first).toList().get(0))
        .containsEntry("name", "n3")
        .containsEntry("score", null);
    // Splits planned from the old snapshot carry its schema, and read through it.
    List<Split> plan = table.scan().snapshot(first).plan();
    assertThat(plan).allSatisfy(split -> assertThat(split.schemaId()).isZero());
    assertThat(table.scan().split(plan.get(0)).toList().get(0)).containsKey("name");

    // The current schema reads the same rows renamed, widened, without the dropped column.
    Map<String, Object> now = table.scan().where("id = 2").toList().get(0);
    assertThat(now)
        .containsEntry("id", 2L)
        .containsEntry("label", "n2")
        .containsEntry("extra", null)
        .doesNotContainKey("score");
    // An alter without a commit since: the latest snapshot still names the old schema, but
    // unpinned and pinned() scans, and changes, use the current one.
    table.alter(SchemaChange.addColumn("more", DataTypes.INT()));
    assertThat(table.scan().pinned().select("more").count()).isEqualTo(11);
    table.update("id = 2", Map.of("more", 7));
    assertThat(table.scan().where("more = 7").select("id").toList())
        .containsExactly(Map.of("id", 2L));
  }

  @Test
  void refusesChangesThatDoNotApplyAndWritesNothing() throws Exception {
    List<Object[]> cases =
        List.of(
            new Object[] {SchemaChange.addColumn("name", DataTypes.STRING()), "already exists"},
            new Object[] {
              SchemaChange.addColumn("n2", DataTypes.STRING().notNull()), "must be nullable"
            },
            new Object[] {SchemaChange.dropColumn("day"), "partition key"},
            new Object[] {SchemaChange.renameColumn("day", "d"), "partition key"},
            new Object[] {SchemaChange.renameColumn("name", "score"), "already exists"},
            new Object[] {SchemaChange.renameColumn("name", "_ROW_ID"), "reserved"},
            new Object[] {SchemaChange.renameColumn("name", "_SEQUENCE_NUMBER"), "reserved"},
            new Object[] {SchemaChange.updateColumnType("id", DataTypes.SMALLINT()), "widening"},
            new Object[] {SchemaChange.updateColumnType("name", DataTypes.INT()), "widening"},
            new Object[] {SchemaChange.dropColumn("nope"), "no such column"},
            new Object[] {SchemaChange.setOption("bucket", "4"), "bucket"},
            new Object[] {SchemaChange.setOption("file.format", "parquet"), "file.format"},
            new Object[] {SchemaChange.removeOption("row-tracking.enabled"), "row-tracking"},
            new Object[] {SchemaChange.setOption("targetfilesize", "1 mb"), "target-file-size"},
            new Object[] {SchemaChange.setOption("target-file-size", "huge"), "target-file-size"});
    for (Object[] c : cases) {
      assertThatThrownBy(() -> table.alter((SchemaChange) c[0]), "%s", c[0])
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining((String) c[1]);
    }
    assertThatThrownBy(
            () ->
                table.alter(
                    SchemaChange.addColumn("fine", DataTypes.INT()),
                    SchemaChange.dropColumn("nope")))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("no such column");
    assertThat(schemaFiles()).containsExactly("schema-0");
    assertThat(table.scan().count()).isEqualTo(10);
  }

  @Test
  void concurrentAltersEachWriteOneVersion() throws Exception {
    Table other = conn.getTable("t");
    ExecutorService pool = Executors.newFixedThreadPool(2);
    CountDownLatch start = new CountDownLatch(1);
    try {
      Future<Schema> a =
          pool.submit(
              () -> {
                start.await();
                return table.alter(SchemaChange.addColumn("a", DataTypes.INT()));
              });
      Future<Schema> b =
          pool.submit(
              () -> {
                start.await();
                return other.alter(SchemaChange.addColumn("b", DataTypes.INT()));
              });
      start.countDown();
      a.get();
      b.get();
    } finally {
      pool.shutdown();
    }
    assertThat(schemaFiles()).containsExactly("schema-0", "schema-1", "schema-2");
    assertThat(conn.getTable("t").schema().columnNames()).contains("a", "b");
  }

  @Test
  void aLosingAlterThatNoLongerAppliesIsAConflict() {
    Table other = conn.getTable("t");
    other.alter(SchemaChange.addColumn("c", DataTypes.INT()));
    // table still knows schema 0, but alter applies to the latest: the column exists now.
    assertThatThrownBy(() -> table.alter(SchemaChange.addColumn("c", DataTypes.INT())))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("already exists");
  }
}
