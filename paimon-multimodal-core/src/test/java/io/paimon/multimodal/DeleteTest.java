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

import static io.paimon.multimodal.TestTables.longs;
import static io.paimon.multimodal.TestTables.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Table#delete}: deletion vectors, partition drops, no-match and refused deletes. */
class DeleteTest {

  @TempDir Path dir;

  @Test
  void deletedRowsVanishAndOtherRowIdsStay() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("t", TestTables.idName("deletion-vectors.enabled", "true"), false);
      t.add(rows(0, 50));
      t.add(rows(50, 50));
      List<Long> before = longs(t.scan().withRowId(), "_ROW_ID");
      Snapshot s = t.delete("id BETWEEN 10 AND 19 OR id = 70");
      assertThat(s.commitKind()).isEqualTo("OVERWRITE");
      Snapshot s2 = t.delete("id = 11 OR id = 71");
      assertThat(s2.id()).isEqualTo(s.id() + 1);
      List<Long> expected = new ArrayList<>(before);
      expected.removeIf(id -> (id >= 10 && id <= 19) || id == 70 || id == 71);
      assertThat(longs(t.scan().withRowId(), "_ROW_ID")).isEqualTo(expected);
      assertThat(t.scan().count()).isEqualTo(88);
      assertThatThrownBy(() -> t.takeRowIds(12L).toList())
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("has no rows with IDs [12]");
      // No match: nothing committed.
      assertThat(t.delete("id = 12").id()).isEqualTo(s2.id());
      assertThat(t.scan().snapshot(2).count()).isEqualTo(100);
      assertThatThrownBy(() -> t.delete("id ==")).isInstanceOf(PredicateException.class);
    }
  }

  @Test
  void partitionPredicatesDropPartitionsAndDefaultTablesRefuseVectors() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t =
          conn.createTable(
              "p",
              Schema.builder()
                  .column("id", DataTypes.BIGINT())
                  .column("part", DataTypes.STRING())
                  .partitionKeys("part")
                  .build(),
              false);
      t.add(List.of(Map.of("id", 1L, "part", "a"), Map.of("id", 2L, "part", "b")));
      assertThatThrownBy(() -> t.delete("id = 1"))
          .isInstanceOf(UnsupportedTableException.class)
          .hasMessageContaining("deletion-vectors.enabled");
      Snapshot s = t.delete("part = 'a'");
      assertThat(s.commitKind()).isEqualTo("OVERWRITE");
      assertThat(longs(t.scan(), "id")).containsExactly(2L);
    }
  }
}
