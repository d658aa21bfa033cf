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
package io.paimon.multimodal.testing;

import static io.paimon.multimodal.testing.MultimodalAssertions.assertThat;
import static io.paimon.multimodal.testing.MultimodalAssertions.assertThatRows;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.types.DataTypes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link MultimodalAssertions}: what passes, and failure messages that name row and column. */
class MultimodalAssertionsTest {

  @TempWarehouse Connection conn;
  private Table table;

  @BeforeEach
  void write() {
    table =
        conn.createTable(
            "docs",
            Schema.builder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("name", DataTypes.STRING())
                .column("v", DataTypes.VECTOR(DataTypes.FLOAT(), 2))
                .column("image", DataTypes.BLOB())
                .column("category", DataTypes.STRING())
                .build(),
            false);
    Map<String, Object> third = new HashMap<>();
    third.put("id", 3L);
    third.put("category", "lake");
    table.add(
        List.of(
            Map.of("id", 1L, "name", "a", "v", new float[] {1, 2}, "image", new byte[] {1, 2, 3}),
            Map.of("id", 2L, "name", "b", "v", new float[] {3, 4}, "category", "lake"),
            third));
  }

  @Test
  void batchAssertionsPassOnWhatTheScanHolds() {
    try (VectorSchemaRoot batch = table.scan().toArrow()) {
      assertThat(batch)
          .hasRowCount(3)
          .hasColumns("id", "name", "v", "image", "category")
          .hasColumnOfType("id", new ArrowType.Int(64, true))
          .blobsFrom(table)
          .containsExactlyRows(
              List.of(
                  Map.of("id", 1L, "v", new float[] {1, 2}, "image", new byte[] {1, 2, 3}),
                  Map.of("id", 2, "name", "b"),
                  Map.of("id", 3L)))
          .containsRows(List.of(Map.of("id", 3L), Map.of("name", "a")))
          .doesNotContainRow(Map.of("id", 4L));
      assertThat(batch).column("id").containsExactly(1L, 2L, 3L).hasNoNulls();
      assertThat(batch).column("name").containsExactly("a", "b", null);
    }
  }

  @Test
  void failuresNameTheRowAndTheColumn() {
    try (VectorSchemaRoot batch = table.scan().toArrow()) {
      assertThatThrownBy(
              () ->
                  assertThat(batch)
                      .containsExactlyRows(
                          List.of(
                              Map.of("id", 1L),
                              Map.of("id", 2L, "v", new float[] {3, 5}),
                              Map.of("id", 3L))))
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("Row 1: column 'v' expected [3.0, 5.0] but was [3.0, 4.0]");
      assertThatThrownBy(() -> assertThat(batch).column("name").containsExactly("a", "c", null))
          .hasMessageContaining("Column 'name', row 1: expected \"c\" but was \"b\"");
      assertThatThrownBy(() -> assertThat(batch).column("name").hasNoNulls())
          .hasMessageContaining("Column 'name': expected no nulls but row 2 is null");
      assertThatThrownBy(() -> assertThat(batch).column("nope"))
          .hasMessageContaining("Expected a column 'nope' but the columns are [id, name");
      assertThatThrownBy(() -> assertThat(batch).hasRowCount(4))
          .hasMessageContaining("Expected 4 rows but there are 3");
      assertThatThrownBy(() -> assertThat(batch).containsRows(List.of(Map.of("id", 9L))))
          .hasMessageContaining("Expected row 0 {id=9} among the 3 rows, but none matches");
      assertThatThrownBy(
              () ->
                  assertThat(batch)
                      .blobsFrom(table)
                      .containsExactlyRows(
                          List.of(
                              Map.of("image", new byte[] {1, 2, 4}), Map.of("id", 2L), Map.of())))
          .hasMessageContaining(
              "Row 0: column 'image' expected byte[3] 01 02 04 but was byte[3] 01 02 03");
      assertThatThrownBy(
              () ->
                  assertThat(batch)
                      .containsExactlyRows(List.of(Map.of("id", 1L), Map.of("id", 2L))))
          .hasMessageContaining("Expected 2 rows but there are 3; the first extra row: {id=3");
      assertThatThrownBy(() -> assertThat(batch).hasColumnOfType("id", new ArrowType.Int(32, true)))
          .hasMessageContaining(
              "Column 'id': expected Arrow type Int(32, true) but it is Int(64, true)");
    }
  }

  @Test
  void tableAssertionsScanTheLatestSnapshot() {
    assertThat(table)
        .hasRowCount(3)
        .hasSnapshots(1)
        .hasColumn("v")
        .hasColumn("id", DataTypes.BIGINT().notNull())
        .isPartitionedBy()
        .rowsMatch("category = 'lake'", 2)
        .rowsMatch("id IN (?)", 2, List.of(1L, 3L));
    assertThat(table).rows().column("image").containsExactly(new byte[] {1, 2, 3}, null, null);
    assertThatThrownBy(() -> assertThat(table).rowsMatch("category = 'lake'", 3))
        .hasMessageContaining(
            "Expected 3 rows of table 'docs' to match category = 'lake' but 2 do");
    assertThatThrownBy(() -> assertThat(table).hasSnapshots(2))
        .hasMessageContaining("Expected table 'docs' to have 2 snapshots but it has 1");
    assertThatThrownBy(() -> assertThat(table).hasColumn("id", DataTypes.BIGINT()))
        .hasMessageContaining("Expected column 'id' of table 'docs' to be");
  }

  @Test
  void rowAssertionsTakeListsAndArrowStreams() throws Exception {
    assertThatRows(table.scan().where("id > 1").select("id").toList())
        .hasRowCount(2)
        .hasColumns("id")
        .containsExactlyRows(List.of(Map.of("id", 2L), Map.of("id", 3L)));
    try (ArrowReader reader = table.scan().select("id", "v").batchSize(1).toArrowReader()) {
      assertThatRows(reader)
          .hasColumns("id", "v")
          .hasRowCount(3)
          .column("v")
          .containsExactly(new float[] {1, 2}, new float[] {3, 4}, null);
    }
  }
}
