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
package io.paimon.examples;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.search.IndexType;
import io.paimon.multimodal.search.Route;
import io.paimon.multimodal.search.Search;
import io.paimon.multimodal.search.SearchIndexes;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The seeds' two-stage retrieval: a {@code docs} table with embeddings, captions and a large
 * payload; vector and full-text indexes; a broad search with a narrow projection ({@code id} and
 * {@code _ROW_ID} only); then the payloads of the candidates only, with {@code takeRowIds} from the
 * same snapshot, re-ranked in the candidates' order; and a hybrid search fusing both routes.
 *
 * <p>Run: {@code mvn -B -q -DskipTests -Pquickstart -Dquickstart.mainClass=
 * io.paimon.examples.SearchExample -pl examples -am package}.
 */
public final class SearchExample {

  private static final String[] TOPICS = {"robot arm grasp", "lake shore camera", "wheel torque"};

  private SearchExample() {}

  /** Entry point; the optional first argument is the working directory for the warehouse. */
  public static void main(String[] args) throws Exception {
    Path warehouse = Examples.freshWarehouse(args, "target/search-example");
    try (Connection conn = Multimodal.builder().warehouse(warehouse.toString()).connect()) {
      Table docs =
          conn.createTable(
              "docs",
              Schema.builder()
                  .column("id", DataTypes.BIGINT().notNull())
                  .column("embedding", DataTypes.VECTOR(DataTypes.FLOAT(), 16).notNull())
                  .column("caption", DataTypes.STRING())
                  .column("payload", DataTypes.BYTES())
                  .build(),
              false);
      Random random = new Random(7);
      List<Map<String, Object>> rows = new ArrayList<>();
      for (long id = 0; id < 2000; id++) {
        int topic = (int) (id % TOPICS.length);
        float[] v = new float[16];
        for (int d = 0; d < 16; d++) {
          v[d] = (d % TOPICS.length == topic ? 1f : 0f) + (float) random.nextGaussian() * 0.1f;
        }
        Map<String, Object> row = new HashMap<>();
        row.put("id", id);
        row.put("embedding", v);
        row.put("caption", TOPICS[topic] + " #" + id);
        row.put("payload", new byte[1024]);
        rows.add(row);
      }
      docs.add(rows);
      SearchIndexes indexes = SearchIndexes.of(docs);
      indexes.create("embedding", IndexType.VECTOR, Map.of("distance.metric", "cosine"));
      indexes.create("caption", IndexType.FULL_TEXT);
      System.out.println("indexes: " + indexes.list());

      long snapshot = docs.latestSnapshot().orElseThrow().id();
      float[] query = new float[16];
      for (int d = 0; d < 16; d += TOPICS.length) {
        query[d] = 1f; // topic 0: robot arms
      }
      // stage 1: broad retrieval, narrow projection
      List<Map<String, Object>> candidates =
          Search.of(docs)
              .vector(query)
              .select("id")
              .limit(50)
              .withRowId()
              .withScore()
              .snapshot(snapshot)
              .toList();
      List<Long> rowIds = new ArrayList<>();
      for (Map<String, Object> c : candidates) {
        rowIds.add((Long) c.get(Schema.ROW_ID));
      }
      // stage 2: the expensive columns for the candidates only, same snapshot, candidates' order
      List<Map<String, Object>> full =
          docs.takeRowIds(rowIds).snapshot(snapshot).select("id", "caption", "payload").toList();
      int robots = 0;
      for (Map<String, Object> r : full) {
        robots += ((String) r.get("caption")).startsWith("robot") ? 1 : 0;
      }
      System.out.printf(
          "stage 1: %d candidates (best id=%s, score %.3f); stage 2: %d rows with payloads, %d about"
              + " robot arms%n",
          candidates.size(),
          candidates.get(0).get("id"),
          (Double) candidates.get(0).get("_score"),
          full.size(),
          robots);

      List<Map<String, Object>> hybrid =
          Search.of(docs)
              .hybrid(Route.vector("embedding", query), Route.text("caption", "lake camera"))
              .select("id", "caption")
              .limit(5)
              .withScore()
              .toList();
      for (Map<String, Object> r : hybrid) {
        System.out.printf("hybrid: %s (%.4f)%n", r.get("caption"), (Double) r.get("_score"));
      }
    }
  }
}
