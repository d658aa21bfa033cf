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
package io.paimon.multimodal.search.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.FixedBitSet;

/**
 * One nearest-neighbour query over a column: each served index file is searched through its HNSW
 * graph for the {@code max(k, efSearch)} best documents among those it may return, those candidates
 * are scored again exactly ({@link Metric#score}), the rows no file serves are scored by brute
 * force, and the best {@code k} of all win.
 */
final class VectorRoute {

  private VectorRoute() {}

  static List<Hit> search(
      SnapshotView view, ColumnIndex index, ServedShards served, float[] query, int k, int ef) {
    Metric metric = index.spec().metric();
    TopHits top = new TopHits(k);
    int candidates = Math.max(k, ef);
    try {
      for (int i = 0; i < served.shards().size(); i++) {
        OpenShard shard = served.shards().get(i);
        LeafReader leaf = shard.leaf();
        FixedBitSet bits = served.filter(i);
        if (leaf == null || (bits != null && bits.cardinality() == 0)) {
          continue;
        }
        IndexSearcher searcher = new IndexSearcher(leaf);
        searcher.setQueryCache(null);
        Query filter = bits == null ? null : new AllowedDocsQuery(new FixedBitSet[] {bits});
        TopDocs docs =
            searcher.search(
                new KnnFloatVectorQuery(ShardWriter.FIELD, query, candidates, filter), candidates);
        rescore(leaf, shard.rowIds(), docs.scoreDocs, query, metric, top);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    RowRanges unserved = served.unserved();
    if (!unserved.isEmpty()) {
      UnservedRows.read(
          view,
          index.column(),
          unserved,
          (rowId, cells, row) -> {
            float[] v = Cells.vector(cells, row);
            if (v != null && v.length == query.length) {
              top.offer(rowId, metric.score(query, v));
            }
          });
    }
    return top.sorted();
  }

  private static void rescore(
      LeafReader leaf, long[] rowIds, ScoreDoc[] hits, float[] query, Metric metric, TopHits top)
      throws IOException {
    int[] docs = new int[hits.length];
    for (int i = 0; i < hits.length; i++) {
      docs[i] = hits[i].doc;
    }
    Arrays.sort(docs);
    FloatVectorValues values = leaf.getFloatVectorValues(ShardWriter.FIELD);
    if (values == null) {
      return;
    }
    for (int doc : docs) {
      if (values.docID() < doc) {
        values.advance(doc);
      }
      if (values.docID() == doc) {
        top.offer(rowIds[doc], metric.score(query, values.vectorValue()));
      }
    }
  }
}
