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

import io.paimon.multimodal.search.SearchException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.MultiReader;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.FixedBitSet;

/**
 * One BM25 query over a text column: the query's terms (by the index's analyzer) ORed, searched
 * over one Lucene reader made of every served index file plus an in-memory segment of the rows no
 * file serves, so that term statistics are those of all the column's rows, as one Lucene index of
 * the same documents would have them.
 */
final class TextRoute {

  /** Extra hits asked of Lucene beyond {@code k}, so that ties at the cut are broken by row ID. */
  private static final int TIE_SLACK = 16;

  private TextRoute() {}

  /** The terms the analyzer makes of {@code text}. */
  static List<String> terms(Analyzer analyzer, String text) {
    List<String> out = new ArrayList<>();
    try (TokenStream tokens = analyzer.tokenStream(ShardWriter.FIELD, text)) {
      CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
      tokens.reset();
      while (tokens.incrementToken()) {
        out.add(term.toString());
      }
      tokens.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  static List<Hit> search(
      SnapshotView view,
      ColumnIndex index,
      ServedShards served,
      Shards source,
      String text,
      int k) {
    return source.withAnalyzer(
        index.spec(), analyzer -> search(view, index, served, analyzer, text, k));
  }

  private static List<Hit> search(
      SnapshotView view,
      ColumnIndex index,
      ServedShards served,
      Analyzer analyzer,
      String text,
      int k) {
    try {
      List<String> terms = terms(analyzer, text);
      if (terms.isEmpty()) {
        throw new SearchException(
            "text query '"
                + text
                + "' has no terms under the "
                + index.spec().analyzer()
                + " analyzer of '"
                + index.column()
                + "'");
      }
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < served.shards().size(); i++) {
        if (served.shards().get(i).leaf() != null) {
          order.add(i);
        }
      }
      // in row-ID order, so that Lucene's tie break (the lower document) is ours (the lower row ID)
      order.sort(Comparator.comparingLong(i -> served.shards().get(i).rowIds()[0]));
      List<IndexReader> leaves = new ArrayList<>();
      List<long[]> rowIds = new ArrayList<>();
      List<FixedBitSet> bits = new ArrayList<>();
      boolean filtered = false;
      boolean ordered = true;
      for (int i : order) {
        OpenShard shard = served.shards().get(i);
        ordered &= shard.ascending();
        leaves.add(shard.leaf());
        rowIds.add(shard.rowIds());
        bits.add(served.filter(i));
        filtered |= served.filter(i) != null;
      }
      try (ByteBuffersDirectory extra = new ByteBuffersDirectory()) {
        DirectoryReader extraReader = unserved(view, index, served, analyzer, extra);
        try {
          if (extraReader != null) {
            LeafReader leaf = extraReader.leaves().get(0).reader();
            leaves.add(leaf);
            long[] ids = rowIds(leaf);
            ordered &= ascending(ids);
            rowIds.add(ids);
            bits.add(null);
          }
          if (leaves.isEmpty()) {
            return List.of();
          }
          MultiReader all = new MultiReader(leaves.toArray(new IndexReader[0]), false);
          IndexSearcher searcher = new IndexSearcher(all);
          searcher.setQueryCache(null);
          BooleanQuery.Builder or = new BooleanQuery.Builder();
          for (String t : terms) {
            or.add(new TermQuery(new Term(ShardWriter.FIELD, t)), BooleanClause.Occur.SHOULD);
          }
          Query query = or.build();
          if (filtered) {
            query =
                new BooleanQuery.Builder()
                    .add(query, BooleanClause.Occur.MUST)
                    .add(
                        new AllowedDocsQuery(bits.toArray(new FixedBitSet[0])),
                        BooleanClause.Occur.FILTER)
                    .build();
          }
          TopDocs docs =
              searcher.search(query, ordered && ascendingAcross(rowIds) ? k : k + TIE_SLACK);
          TopHits top = new TopHits(k);
          int[] docStarts = new int[leaves.size()];
          for (int i = 1; i < leaves.size(); i++) {
            docStarts[i] = docStarts[i - 1] + leaves.get(i - 1).maxDoc();
          }
          for (ScoreDoc d : docs.scoreDocs) {
            int leaf = ReaderUtil.subIndex(d.doc, docStarts);
            top.offer(rowIds.get(leaf)[d.doc - docStarts[leaf]], d.score);
          }
          return top.sorted();
        } finally {
          if (extraReader != null) {
            extraReader.close();
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Whether each leaf's row IDs are all above the previous leaf's (each leaf's ascending). */
  private static boolean ascendingAcross(List<long[]> rowIds) {
    long last = Long.MIN_VALUE;
    for (long[] ids : rowIds) {
      if (ids.length > 0) {
        if (ids[0] <= last) {
          return false;
        }
        last = ids[ids.length - 1];
      }
    }
    return true;
  }

  private static boolean ascending(long[] ids) {
    for (int i = 1; i < ids.length; i++) {
      if (ids[i - 1] >= ids[i]) {
        return false;
      }
    }
    return true;
  }

  /** An in-memory segment of the allowed rows no file serves, or null if there are none. */
  private static DirectoryReader unserved(
      SnapshotView view,
      ColumnIndex index,
      ServedShards served,
      Analyzer analyzer,
      ByteBuffersDirectory dir)
      throws IOException {
    RowRanges rows = served.unserved();
    if (rows.isEmpty()) {
      return null;
    }
    IndexWriterConfig config = new IndexWriterConfig(analyzer);
    int[] added = {0};
    try (IndexWriter writer = new IndexWriter(dir, config)) {
      UnservedRows.read(
          view,
          index.column(),
          rows,
          (rowId, cells, row) -> {
            String text = Cells.text(cells, row);
            if (text != null) {
              Document doc = new Document();
              doc.add(new NumericDocValuesField(ShardWriter.ROW_ID, rowId));
              doc.add(new TextField(ShardWriter.FIELD, text, Field.Store.NO));
              writer.addDocument(doc);
              added[0]++;
            }
          });
      if (added[0] == 0) {
        return null;
      }
      writer.forceMerge(1);
      writer.commit();
    }
    return DirectoryReader.open(dir);
  }

  private static long[] rowIds(LeafReader leaf) throws IOException {
    long[] out = new long[leaf.maxDoc()];
    NumericDocValues ids = leaf.getNumericDocValues(ShardWriter.ROW_ID);
    for (int doc = ids.nextDoc(); doc != NumericDocValues.NO_MORE_DOCS; doc = ids.nextDoc()) {
      out[doc] = ids.longValue();
    }
    return out;
  }
}
