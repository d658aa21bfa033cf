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
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.ConstantScoreScorer;
import org.apache.lucene.search.ConstantScoreWeight;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.BitSetIterator;
import org.apache.lucene.util.FixedBitSet;

/**
 * A filter of the documents a search may return, one bit set per leaf of the searched reader (null:
 * every document of that leaf): rows that are live, match the pre-filter and are served by that
 * index file. Used as the filter of a {@code KnnFloatVectorQuery} (Lucene then searches the graph
 * only among them, falling back to an exact search when they are few) and as a FILTER clause of a
 * text query. Not cacheable: it belongs to one search.
 */
final class AllowedDocsQuery extends Query {

  private final FixedBitSet[] perLeaf;

  AllowedDocsQuery(FixedBitSet[] perLeaf) {
    this.perLeaf = perLeaf;
  }

  @Override
  public Weight createWeight(IndexSearcher searcher, ScoreMode scoreMode, float boost) {
    return new ConstantScoreWeight(this, boost) {
      @Override
      public Scorer scorer(LeafReaderContext context) throws IOException {
        FixedBitSet bits = perLeaf[context.ord];
        if (bits == null) {
          bits = new FixedBitSet(context.reader().maxDoc());
          bits.set(0, context.reader().maxDoc());
        }
        return new ConstantScoreScorer(
            this, score(), scoreMode, new BitSetIterator(bits, bits.cardinality()));
      }

      @Override
      public boolean isCacheable(LeafReaderContext ctx) {
        return false;
      }
    };
  }

  @Override
  public void visit(QueryVisitor visitor) {
    visitor.visitLeaf(this);
  }

  @Override
  public String toString(String field) {
    return "AllowedDocs";
  }

  @Override
  public boolean equals(Object other) {
    return other == this;
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(this);
  }
}
