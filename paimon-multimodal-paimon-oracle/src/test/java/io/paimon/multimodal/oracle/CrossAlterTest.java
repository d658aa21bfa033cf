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

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.SchemaChange;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Paimon 1.4.2 reads our schema evolution as its own: after renames, drops, added columns and a
 * widened type, the latest snapshot has the same rows for both, and a tag from before each change
 * reads the same rows in the tag's schema (Paimon's time travel) as our tag-pinned scan. Compaction
 * of an unpartitioned table, which chains the kept {@code .blob} files along one merged row-ID
 * range, reads the same too.
 */
class CrossAlterTest {

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

  private static void assertBothRead(String context, String name, Table table, List<String> tags)
      throws Exception {
    CrossChecks.assertSameRows(
        context, paimon.readWithRowId(name), CrossChecks.ourRows(table.scan(), IO));
    CrossChecks.assertSamePlan(context, paimon, name, table, true);
    for (String tag : tags) {
      CrossChecks.assertSameRows(
          context + ", tag " + tag,
          paimon.readTagWithRowId(name, tag),
          CrossChecks.ourRows(table.scan().tag(tag), IO));
    }
  }

  private static List<Map<String, Object>> rows(SplittableRandom r, long first, int n, Table t) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (long id = first; id < first + n; id++) {
      Map<String, Object> row = BlobTables.row(r, id);
      row.keySet().retainAll(t.schema().columnNames());
      if (t.schema().columnNames().contains("score")) {
        row.put("score", r.nextInt(3) == 0 ? null : r.nextInt(1000));
      }
      if (t.schema().columnNames().contains("title")) {
        row.put("title", RandomTables.string(r, 4));
      }
      out.add(row);
    }
    return out;
  }

  @Test
  void paimonReadsEvolvedTablesNowAndAtTagsOfEachSchema() throws Exception {
    SplittableRandom r = new SplittableRandom(1705);
    String name = "altered";
    Table table =
        ours.createTable(
            name,
            CrossChecks.ourSchema(BlobTables.SCHEMA, List.of(), Map.of("target-file-size", "4 kb")),
            false);
    List<String> tags = new ArrayList<>();
    long id = 0;
    for (int c = 0; c < 4; c++) {
      table.add(rows(r, id, 5 + r.nextInt(10), table));
      id = table.scan().count();
    }
    table.createTag("schema0", table.latestSnapshot().orElseThrow().id());
    tags.add("schema0");
    assertBothRead("before any change", name, table, tags);

    table.alter(
        SchemaChange.renameColumn("caption", "title"),
        SchemaChange.addColumn("score", DataTypes.INT()).after(RandomTables.ID));
    table.add(rows(r, id, 12, table));
    id += 12;
    table.update(RandomTables.ID + " < 6", Map.of("title", "renamed and updated"));
    table.createTag("schema1", table.latestSnapshot().orElseThrow().id());
    tags.add("schema1");
    assertBothRead("after a rename and an added column", name, table, tags);

    table.alter(
        SchemaChange.updateColumnType("score", DataTypes.BIGINT()),
        SchemaChange.dropColumn("camera"));
    Map<Long, Map<String, Object>> scores = new HashMap<>();
    for (int k = 0; k < 4; k++) {
      scores.put(r.nextLong(id), Map.of("score", 5_000_000_000L + k));
    }
    table.updateByRowId(scores);
    table.add(rows(r, id, 7, table));
    assertBothRead("after a widening and a drop", name, table, tags);
    assertThat(table.scan().tag("schema0").arrowSchema().getFields())
        .extracting(f -> f.getName())
        .contains("caption", "camera")
        .doesNotContain("score", "title");

    int ranges = table.scan().plan().size();
    table.compact();
    assertThat(table.scan().plan().size()).isLessThan(ranges);
    assertBothRead("after compaction", name, table, tags);
  }
}
