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
import io.paimon.multimodal.IndexFile;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TempWarehouse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.Test;

/** Incremental builds, drops, listing, snapshot pinning, orphan cleanup and the Arrow terminals. */
class IndexLifecycleTest {

  @TempWarehouse Connection conn;

  @Test
  void createIndexesOnlyRowsNoFileCoversYet() {
    Random random = new Random(1);
    Table table = SearchTables.create(conn, "docs");
    SearchTables.append(table, random, 0, 150);
    SearchIndexes indexes = SearchIndexes.of(table);
    Map<String, String> shards = Map.of("global-index.row-count-per-shard", "100");
    assertThat(indexes.create("embedding", IndexType.VECTOR, shards)).isEqualTo(2);
    long indexed = table.latestSnapshot().orElseThrow().id();
    List<IndexFile> first = table.indexFiles(indexed);
    assertThat(indexes.create("embedding", IndexType.VECTOR, shards)).isZero();
    assertThat(table.latestSnapshot().orElseThrow().id()).isEqualTo(indexed); // no commit

    SearchTables.append(table, random, 150, 120);
    float[] q = new float[SearchTables.DIM];
    java.util.Arrays.fill(q, 1);
    // the new rows are found before they are indexed
    List<Long> before =
        SearchTables.rowIds(
            Search.of(table).vector(q).limit(270).efSearch(1000).withRowId().toList());
    assertThat(indexes.create("embedding", IndexType.VECTOR, shards))
        .isEqualTo(2); // 150..199, 200..269
    List<IndexFile> second = table.indexFiles(table.latestSnapshot().orElseThrow().id());
    assertThat(second).containsAll(first).hasSize(4);
    assertThat(
            second.stream()
                .filter(f -> !first.contains(f))
                .map(f -> f.firstRowId() + ".." + f.lastRowId()))
        .containsExactlyInAnyOrder("150..199", "200..269");
    List<Long> after =
        SearchTables.rowIds(
            Search.of(table).vector(q).limit(270).efSearch(1000).withRowId().toList());
    assertThat(after).isEqualTo(before);
    assertThat(indexes.list())
        .singleElement()
        .satisfies(
            i -> {
              assertThat(i.column()).isEqualTo("embedding");
              assertThat(i.files()).isEqualTo(4);
              assertThat(i.indexedRows()).isEqualTo(270);
              assertThat(i.options()).containsEntry("distance.metric", "inner_product");
            });

    assertThatThrownBy(
            () -> indexes.create("embedding", IndexType.VECTOR, Map.of("distance.metric", "l2")))
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("drop the index");
    assertThat(indexes.drop("embedding")).isEqualTo(4);
    assertThat(indexes.list()).isEmpty();
    assertThat(indexes.create("embedding", IndexType.VECTOR, Map.of("distance.metric", "l2")))
        .isEqualTo(1);
  }

  @Test
  void indexFilesSurviveOrphanCleanupAndOlderSnapshotsNeverSeeThem() {
    Random random = new Random(2);
    Table table = SearchTables.create(conn, "docs", Map.of("deletion-vectors.enabled", "true"));
    SearchTables.append(table, random, 0, 100);
    long unindexed = table.latestSnapshot().orElseThrow().id();
    table.createTag("before-index", unindexed);
    SearchIndexes.of(table).create("content", IndexType.FULL_TEXT);
    assertThat(table.removeOrphanFiles(Duration.ZERO)).isEmpty();
    List<Map<String, Object>> hits = Search.of(table).text("robot").withRowId().toList();
    assertThat(hits).isNotEmpty();
    assertThat(table.indexFiles(unindexed)).isEmpty();
    assertThatThrownBy(() -> Search.of(table).text("robot").snapshot(unindexed).toList())
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("FULL_TEXT index in snapshot " + unindexed);
    assertThatThrownBy(() -> Search.of(table).text("robot").tag("before-index").toList())
        .isInstanceOf(SearchException.class);
    assertThatThrownBy(() -> Search.of(table).snapshot(1).tag("before-index"))
        .isInstanceOf(SearchException.class)
        .hasMessageContaining("exclude each other");

    // a search pinned to the indexed snapshot keeps its answer while the table moves on
    long indexed = table.latestSnapshot().orElseThrow().id();
    SearchTables.append(table, random, 100, 50);
    table.delete("id < 20");
    assertThat(
            SearchTables.rowIds(
                Search.of(table).text("robot").snapshot(indexed).withRowId().toList()))
        .isEqualTo(SearchTables.rowIds(hits))
        .contains(15L, 3L);
  }

  @Test
  void arrowTerminalsHoldTheProjectionRowIdAndScoreBestFirst() throws Exception {
    Random random = new Random(4);
    Table table = SearchTables.create(conn, "docs");
    SearchTables.append(table, random, 0, 120);
    SearchIndexes.of(table).create("embedding", IndexType.VECTOR);
    float[] q = SearchTables.vector(random);
    Search search = Search.of(table).vector(q).select("id", "category").limit(7).withScore();
    List<Map<String, Object>> list = search.withRowId().toList();
    try (VectorSchemaRoot root = search.toArrow()) {
      assertThat(root.getSchema().getFields())
          .extracting(f -> f.getName())
          .containsExactly("id", "category", "_score");
      assertThat(root.getRowCount()).isEqualTo(7);
      for (int i = 0; i < 7; i++) {
        assertThat(root.getVector("id").getObject(i)).isEqualTo(list.get(i).get("id"));
        assertThat(root.getVector("_score").getObject(i)).isEqualTo(list.get(i).get("_score"));
      }
    }
    try (ArrowReader reader = search.withRowId().toArrowReader()) {
      assertThat(reader.loadNextBatch()).isTrue();
      VectorSchemaRoot batch = reader.getVectorSchemaRoot();
      assertThat(batch.getRowCount()).isEqualTo(7);
      assertThat(batch.getVector(Schema.ROW_ID).getObject(0))
          .isEqualTo(list.get(0).get(Schema.ROW_ID));
      assertThat(reader.loadNextBatch()).isFalse();
    }
    // take then rerank: the seed's two-stage flow
    List<Long> candidates = SearchTables.rowIds(list);
    List<Map<String, Object>> payload =
        table.takeRowIds(candidates).select("content").withRowId().toList();
    assertThat(SearchTables.rowIds(payload)).isEqualTo(candidates);
  }
}
