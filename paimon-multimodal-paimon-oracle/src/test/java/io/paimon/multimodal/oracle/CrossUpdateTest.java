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
import io.paimon.multimodal.Table;
import io.paimon.multimodal.fs.FileIO;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Paimon 1.4.2 reads our table changes as its own data-evolution reads: updates (partial-column
 * files with {@code _WRITE_COLS} over a range, BLOB columns included), partition drops, overwrites
 * and compactions give Paimon the same rows and row IDs as us after every step, and the same row-ID
 * ranges.
 */
class CrossUpdateTest {

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

  private static void assertBothRead(String context, String name, Table table) throws Exception {
    CrossChecks.assertSameRows(
        context, paimon.readWithRowId(name), CrossChecks.ourRows(table.scan(), IO));
    CrossChecks.assertSamePlan(context, paimon, name, table, true);
  }

  @Test
  void paimonReadsEveryUpdateAndPartitionDrop() throws Exception {
    SplittableRandom r = new SplittableRandom(1604);
    for (int round = 0; round < 3; round++) {
      String name = "updates_" + round;
      Table table =
          ours.createTable(
              name,
              CrossChecks.ourSchema(BlobTables.SCHEMA, List.of(BlobTables.PARTITION), Map.of()),
              false);
      long id = 0;
      for (int c = 0; c < 3; c++) {
        List<List<Map<String, Object>>> commits = BlobTables.commits(r, id);
        for (List<Map<String, Object>> rows : commits) {
          table.add(rows);
          id += rows.size();
        }
      }
      long rows = id;
      assertBothRead("round " + round + " before changes", name, table);
      for (int step = 0; step < 4; step++) {
        String context = "round " + round + " step " + step;
        long lo = r.nextLong(rows);
        long hi = lo + r.nextInt(10);
        table.update(
            RandomTables.ID + " >= " + lo + " AND " + RandomTables.ID + " <= " + hi,
            Map.of("caption", "updated-" + step));
        assertBothRead(context + " after update of caption", name, table);
        Map<Long, Map<String, Object>> changes = new HashMap<>();
        for (int k = 0; k < 3; k++) {
          long rowId = r.nextLong(rows);
          Map<String, Object> values = new HashMap<>();
          values.put("image", r.nextInt(4) == 0 ? null : RandomTables.blob(r));
          if (r.nextBoolean()) {
            values.put("caption", RandomTables.string(r, 5));
          }
          changes.put(rowId, values);
        }
        table.updateByRowId(changes);
        assertBothRead(context + " after updateByRowId of image", name, table);
      }
      long before = table.scan().count();
      table.delete(BlobTables.PARTITION + " = 'left'");
      assertThat(table.scan().count()).isLessThanOrEqualTo(before);
      assertBothRead("round " + round + " after a partition drop", name, table);
      table.update(RandomTables.ID + " < " + rows, Map.of("thumb", new byte[] {7, 7}));
      assertBothRead("round " + round + " after an update of every thumb", name, table);
      List<Map<String, Object>> replacement = new java.util.ArrayList<>();
      for (int k = 0; k < 5; k++) {
        Map<String, Object> row = BlobTables.row(r, rows + 100 + k);
        row.put(BlobTables.PARTITION, "right");
        replacement.add(row);
      }
      table.overwrite(replacement);
      assertBothRead("round " + round + " after an overwrite of partition right", name, table);
      table.update(RandomTables.ID + " = " + (rows + 102), Map.of("caption", "before compaction"));
      table.compact();
      assertBothRead("round " + round + " after compaction", name, table);
      table.overwrite(List.of(BlobTables.row(r, rows + 200)));
      assertBothRead("round " + round + " after a second overwrite", name, table);
    }
  }
}
