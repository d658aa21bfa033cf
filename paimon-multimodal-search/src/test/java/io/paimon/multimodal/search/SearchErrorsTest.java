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
package io.paimon.multimodal.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TempWarehouse;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Bad queries and index requests: specific errors naming what was wrong, nothing written. */
class SearchErrorsTest {

  @TempWarehouse Connection conn;
  private Table table;
  private int snapshots;

  @BeforeEach
  void table() {
    table = SearchTables.create(conn, "docs");
    SearchTables.append(table, new Random(1), 0, 50);
    SearchIndexes.of(table).create("embedding", IndexType.VECTOR);
    SearchIndexes.of(table).create("content", IndexType.FULL_TEXT);
    snapshots = table.snapshots().size();
  }

  @Test
  void badQueriesNameTheProblem() {
    float[] q = new float[SearchTables.DIM];
    assertThatThrownBy(() -> Search.of(table).vector(new float[3]).toList())
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("3 dimensions; the index has 8");
    float[] nan = q.clone();
    nan[2] = Float.NaN;
    assertThatThrownBy(() -> Search.of(table).vector(nan).toList())
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("element 2 is NaN");
    assertThatThrownBy(() -> Search.of(table).text("  "))
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("empty");
    assertThatThrownBy(() -> Search.of(table).text(", .").toList())
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("has no terms");
    assertThatThrownBy(() -> Search.of(table).vector(q).column("nope").toList())
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("nope");
    assertThatThrownBy(() -> Search.of(table).vector(q).column("content").toList())
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("'content' of type");
    assertThatThrownBy(() -> Search.of(table).limit(0))
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("limit 0");
    assertThatThrownBy(() -> Route.text("content", "arm").weight(0))
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("weight 0.0");
    assertThatThrownBy(() -> Route.vector("embedding", q).weight(-1))
        .isInstanceOf(SearchException.class);
    assertThatThrownBy(() -> Search.of(table).toList())
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("no query");
    assertThatThrownBy(() -> Search.of(table).vectors(List.of(q, q)).toList())
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("toLists");
    assertThat(table.snapshots()).hasSize(snapshots);
  }

  @Test
  void columnInferenceNamesTheCandidates() {
    Table two =
        conn.createTable(
            "two",
            io.paimon.multimodal.Schema.builder()
                .column("a", io.paimon.types.DataTypes.VECTOR(io.paimon.types.DataTypes.FLOAT(), 2))
                .column("b", io.paimon.types.DataTypes.ARRAY(io.paimon.types.DataTypes.FLOAT()))
                .build(),
            false);
    two.add(List.of(Map.of("a", new float[] {1, 0}, "b", List.of(0f, 1f))));
    assertThatThrownBy(() -> Search.of(two).vector(new float[] {1, 0}).toList())
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("[a, b]");
    SearchIndexes.of(two).create("a", IndexType.VECTOR);
    SearchIndexes.of(two).create("b", IndexType.VECTOR);
    assertThatThrownBy(() -> Search.of(two).vector(new float[] {1, 0}).toList())
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("several columns")
        .hasMessageContaining("[a, b]");
    assertThat(Search.of(two).vector(new float[] {0, 1}).column("b").withScore().toList())
        .singleElement()
        .satisfies(r -> assertThat(r.get("_score")).isEqualTo(1.0));
  }

  @Test
  void badIndexRequestsWriteNothing() {
    SearchIndexes indexes = SearchIndexes.of(table);
    assertThatThrownBy(() -> indexes.create("id", IndexType.VECTOR))
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("'id' of type BIGINT");
    assertThatThrownBy(() -> indexes.create("content", IndexType.VECTOR))
        .isInstanceOf(SearchException.class);
    assertThatThrownBy(() -> indexes.create("nope", IndexType.FULL_TEXT))
        .isInstanceOf(SchemaException.class);
    assertThatThrownBy(
            () -> indexes.create("category", IndexType.FULL_TEXT, Map.of("analyser", "standard")))
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("'analyser'");
    assertThatThrownBy(
            () -> indexes.create("category", IndexType.FULL_TEXT, Map.of("analyzer", "french")))
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("french");
    assertThatThrownBy(() -> indexes.create("embedding", IndexType.FULL_TEXT))
        .isInstanceOf(SearchException.class);
    assertThatThrownBy(
            () ->
                indexes.create(
                    "category",
                    IndexType.FULL_TEXT,
                    Map.of("global-index.row-count-per-shard", "0")))
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("not a positive integer");
    assertThat(table.snapshots()).hasSize(snapshots);
  }
}
