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

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TempWarehouse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Vector search against a brute-force top-k over random tables, several shards and commits. */
class VectorSearchTest {

  @TempWarehouse Connection conn;

  private static List<long[]> hits(List<Map<String, Object>> rows) {
    List<long[]> out = new ArrayList<>();
    for (Map<String, Object> r : rows) {
      out.add(
          new long[] {
            (Long) r.get(Schema.ROW_ID), Double.doubleToLongBits((Double) r.get("_score"))
          });
    }
    return out;
  }

  @ParameterizedTest
  @ValueSource(strings = {"inner_product", "l2", "cosine"})
  void resultsEqualBruteForceTopK(String metric) {
    Random random = new Random(metric.hashCode());
    Table table = SearchTables.create(conn, "docs_" + metric);
    SearchTables.append(table, random, 0, 300);
    SearchTables.append(table, random, 300, 250);
    int files =
        SearchIndexes.of(table)
            .create(
                "embedding",
                IndexType.VECTOR,
                Map.of("distance.metric", metric, "global-index.row-count-per-shard", "128"));
    assertThat(files).isEqualTo(5); // 550 rows in shards of 128
    SearchTables.append(table, random, 550, 70); // not indexed: scored exactly
    List<SearchTables.Doc> docs = SearchTables.docs(table);
    try (SearchSession session = SearchSession.open(table)) {
      for (int t = 0; t < 25; t++) {
        float[] q = SearchTables.vector(random);
        int k = 1 + random.nextInt(40);
        List<Map<String, Object>> rows =
            session.search().vector(q).limit(k).efSearch(1000).withRowId().withScore().toList();
        assertThat(hits(rows))
            .as("query %d, k %d", t, k)
            .containsExactlyElementsOf(SearchTables.bruteForce(docs, q, metric, k, id -> true));
      }
    }
  }

  @Test
  void preFilterIsExactAndWhereFiltersTheTopK() {
    Random random = new Random(7);
    Table table = SearchTables.create(conn, "docs");
    SearchTables.append(table, random, 0, 400);
    SearchIndexes.of(table)
        .create("embedding", IndexType.VECTOR, Map.of("global-index.row-count-per-shard", "150"));
    List<SearchTables.Doc> docs = SearchTables.docs(table);
    Set<Long> lake = new HashSet<>();
    for (SearchTables.Doc d : docs) {
      if ("lake".equals(d.row().get("category"))) {
        lake.add(d.rowId());
      }
    }
    for (int t = 0; t < 10; t++) {
      float[] q = SearchTables.vector(random);
      List<Map<String, Object>> pre =
          Search.of(table)
              .vector(q)
              .preFilter("category = ?", "lake")
              .limit(20)
              .efSearch(1000)
              .withRowId()
              .withScore()
              .toList();
      assertThat(hits(pre))
          .containsExactlyElementsOf(
              SearchTables.bruteForce(docs, q, "inner_product", 20, lake::contains));
      List<Map<String, Object>> post =
          Search.of(table)
              .vector(q)
              .where("category = 'lake'")
              .limit(20)
              .efSearch(1000)
              .withRowId()
              .withScore()
              .toList();
      List<long[]> expected = new ArrayList<>();
      for (long[] h : SearchTables.bruteForce(docs, q, "inner_product", 20, id -> true)) {
        if (lake.contains(h[0])) {
          expected.add(h);
        }
      }
      assertThat(hits(post)).containsExactlyElementsOf(expected);
    }
  }

  @Test
  void deletedRowsNeverComeBackAndUpdatedRowsAreScoredByTheirNewValue() {
    Random random = new Random(11);
    Table table = SearchTables.create(conn, "docs", Map.of("deletion-vectors.enabled", "true"));
    SearchTables.append(table, random, 0, 300);
    SearchIndexes.of(table)
        .create("embedding", IndexType.VECTOR, Map.of("global-index.row-count-per-shard", "100"));
    StringBuilder in = new StringBuilder();
    for (int id = 0; id < 300; id += 3) {
      in.append(in.length() == 0 ? "" : ", ").append(id);
    }
    table.delete("id IN (" + in + ")");
    float[] best = new float[SearchTables.DIM];
    java.util.Arrays.fill(best, 100f);
    long updated =
        (Long) table.scan().where("id = 1").withRowId().toList().get(0).get(Schema.ROW_ID);
    table.updateByRowId(Map.of(updated, Map.of("embedding", best)));
    List<SearchTables.Doc> docs = SearchTables.docs(table);
    float[] q = new float[SearchTables.DIM];
    java.util.Arrays.fill(q, 1f);
    List<Map<String, Object>> rows =
        Search.of(table).vector(q).limit(50).efSearch(1000).withRowId().withScore().toList();
    assertThat(hits(rows))
        .containsExactlyElementsOf(
            SearchTables.bruteForce(docs, q, "inner_product", 50, id -> true));
    assertThat(rows.get(0).get("id")).isEqualTo(1L);
    for (Map<String, Object> r : rows) {
      assertThat((Long) r.get("id") % 3).isNotZero();
    }
  }

  @Test
  void severalQueriesGetOneResultEachInOrder() {
    Random random = new Random(5);
    Table table = SearchTables.create(conn, "docs");
    SearchTables.append(table, random, 0, 200);
    SearchIndexes.of(table).create("embedding", IndexType.VECTOR);
    List<SearchTables.Doc> docs = SearchTables.docs(table);
    List<float[]> queries = List.of(SearchTables.vector(random), SearchTables.vector(random));
    List<List<Map<String, Object>>> results =
        Search.of(table).vectors(queries).limit(5).efSearch(500).withRowId().withScore().toLists();
    assertThat(results).hasSize(2);
    for (int i = 0; i < 2; i++) {
      assertThat(hits(results.get(i)))
          .containsExactlyElementsOf(
              SearchTables.bruteForce(docs, queries.get(i), "inner_product", 5, id -> true));
    }
  }
}
