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
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

/**
 * Full-text scores against Lucene's own {@code IndexSearcher} over the same documents in one plain
 * index, and hybrid fusion against the straightforward formulas over the routes' own results.
 */
class TextAndHybridSearchTest {

  @TempWarehouse Connection conn;

  @Test
  void textScoresEqualLucenesOwnSearcherOverTheSameDocuments() throws Exception {
    Random random = new Random(3);
    Table table = SearchTables.create(conn, "docs");
    SearchTables.append(table, random, 0, 260);
    assertThat(
            SearchIndexes.of(table)
                .create(
                    "content",
                    IndexType.FULL_TEXT,
                    Map.of("global-index.row-count-per-shard", "100")))
        .isEqualTo(3);
    SearchTables.append(table, random, 260, 40); // unserved: an in-memory segment
    List<SearchTables.Doc> docs = SearchTables.docs(table);
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory()) {
      try (IndexWriter w = new IndexWriter(dir, new IndexWriterConfig(new StandardAnalyzer()))) {
        for (SearchTables.Doc d : docs) {
          String content = (String) d.row().get("content");
          if (content != null) {
            Document doc = new Document();
            doc.add(new StoredField("rid", d.rowId()));
            doc.add(new TextField("content", content, Field.Store.NO));
            w.addDocument(doc);
          }
        }
      }
      try (DirectoryReader reader = DirectoryReader.open(dir)) {
        IndexSearcher lucene = new IndexSearcher(reader);
        for (String text : List.of("robot arm", "lake", "camera depth sensor", "Grasp, policy.")) {
          ScoreDoc[] expected =
              lucene.search(new QueryParser("content", new StandardAnalyzer()).parse(text), 1000)
                  .scoreDocs;
          List<Object[]> want = new ArrayList<>();
          for (ScoreDoc s : expected) {
            long rid =
                reader.storedFields().document(s.doc).getField("rid").numericValue().longValue();
            want.add(new Object[] {rid, (double) s.score});
          }
          want.sort(
              Comparator.comparingDouble((Object[] o) -> (Double) o[1])
                  .reversed()
                  .thenComparingLong(o -> (Long) o[0]));
          int k = Math.min(25, want.size());
          List<Map<String, Object>> got =
              Search.of(table).text(text).limit(k).withRowId().withScore().toList();
          assertThat(got).hasSize(k);
          for (int i = 0; i < k; i++) {
            assertThat(got.get(i).get(Schema.ROW_ID)).as(text + " #" + i).isEqualTo(want.get(i)[0]);
            assertThat((Double) got.get(i).get("_score"))
                .isCloseTo((Double) want.get(i)[1], org.assertj.core.data.Offset.offset(1e-5));
          }
        }
      }
    }
  }

  @Test
  void hybridFusionEqualsTheFormulasOverEachRoutesResult() throws IOException {
    Random random = new Random(9);
    Table table = SearchTables.create(conn, "docs");
    SearchTables.append(table, random, 0, 300);
    SearchIndexes indexes = SearchIndexes.of(table);
    indexes.create("embedding", IndexType.VECTOR);
    indexes.create("content", IndexType.FULL_TEXT);
    float[] q = SearchTables.vector(random);
    List<Map<String, Object>> vector =
        Search.of(table).vector(q).limit(30).efSearch(1000).withRowId().withScore().toList();
    List<Map<String, Object>> text =
        Search.of(table).text("robot wheel").limit(20).withRowId().withScore().toList();
    for (Ranker ranker : Ranker.values()) {
      List<Map<String, Object>> fused =
          Search.of(table)
              .hybrid(
                  Route.vector("embedding", q).weight(2).limit(30),
                  Route.text("content", "robot wheel").limit(20))
              .ranker(ranker)
              .efSearch(1000)
              .limit(15)
              .withRowId()
              .withScore()
              .toList();
      Map<Long, Double> expected = new HashMap<>();
      add(expected, vector, 2, ranker);
      add(expected, text, 1, ranker);
      List<Map.Entry<Long, Double>> want = new ArrayList<>(expected.entrySet());
      want.sort(
          Map.Entry.<Long, Double>comparingByValue()
              .reversed()
              .thenComparing(Map.Entry.comparingByKey()));
      assertThat(fused).hasSize(15);
      for (int i = 0; i < 15; i++) {
        assertThat(fused.get(i).get(Schema.ROW_ID))
            .as(ranker + " #" + i)
            .isEqualTo(want.get(i).getKey());
        assertThat((Double) fused.get(i).get("_score"))
            .isCloseTo(want.get(i).getValue(), org.assertj.core.data.Offset.offset(1e-12));
      }
    }
  }

  private static void add(
      Map<Long, Double> into, List<Map<String, Object>> route, double weight, Ranker ranker) {
    double min = Double.MAX_VALUE;
    double max = -Double.MAX_VALUE;
    for (Map<String, Object> r : route) {
      min = Math.min(min, (Double) r.get("_score"));
      max = Math.max(max, (Double) r.get("_score"));
    }
    for (int rank = 0; rank < route.size(); rank++) {
      Map<String, Object> r = route.get(rank);
      double s = (Double) r.get("_score");
      double v =
          switch (ranker) {
            case RRF -> weight / (60 + rank + 1);
            case MRR -> weight / (rank + 1);
            case WEIGHTED_SCORE -> weight * (max > min ? (s - min) / (max - min) : 1);
          };
      into.merge((Long) r.get(Schema.ROW_ID), v, Double::sum);
    }
  }
}
