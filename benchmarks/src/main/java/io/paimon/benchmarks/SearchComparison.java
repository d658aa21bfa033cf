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
package io.paimon.benchmarks;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.search.IndexType;
import io.paimon.multimodal.search.SearchIndexes;
import io.paimon.multimodal.search.SearchSession;
import io.paimon.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * Search on generated data (seeded; nothing downloaded): {@code --rows} clustered 128-d vectors (64
 * Gaussian clusters) and documents of words drawn from a Zipf-like vocabulary, in a table of four
 * commits. Prints the index build rate; recall@10 of the HNSW search at the default {@code
 * efSearch} against the exact top 10; vector queries/s through a {@link SearchSession} against our
 * own brute-force scan of the same snapshot ({@code scan().select(embedding)}, dot products, a top
 * 10 heap); and full-text queries/s against a plain Lucene index of the same documents in memory
 * (same analyzer and BM25, the 10 hits' ids read from stored fields), both returning ids: ours
 * taking the ids from the table's data files, from a session holding {@code id} as a resident
 * column (the counterpart of the stored field), and returning row IDs alone. Run:
 *
 * <pre>
 * java --add-opens=java.base/java.nio=ALL-UNNAMED -Xmx6g -cp benchmarks/target/benchmarks.jar \
 *     io.paimon.benchmarks.SearchComparison --rows 200000
 * </pre>
 */
public final class SearchComparison {

  private static final int DIM = 128;
  private static final int CLUSTERS = 64;
  private static final int VOCABULARY = 5000;
  private static final int K = 10;

  private SearchComparison() {}

  public static void main(String[] args) throws Exception {
    int rows = 200_000;
    int queries = 300;
    for (int i = 0; i + 1 < args.length; i += 2) {
      String v = args[i + 1].replace("_", "").replace(",", "");
      switch (args[i]) {
        case "--rows" -> rows = Integer.parseInt(v);
        case "--queries" -> queries = Integer.parseInt(v);
        default ->
            throw new IllegalArgumentException(
                "unknown option " + args[i] + "; options: --rows N --queries N");
      }
    }
    System.out.println("# " + MachineInfo.describe());
    Path dir = Files.createTempDirectory("pmm-search-bench");
    try (Connection conn = Multimodal.builder().warehouse(dir.toString()).connect()) {
      run(conn, rows, queries);
    } finally {
      BenchmarkFiles.deleteRecursively(dir);
    }
  }

  private static void run(Connection conn, int rows, int queries) throws Exception {
    SplittableRandom random = new SplittableRandom(42);
    float[][] centers = new float[CLUSTERS][];
    for (int c = 0; c < CLUSTERS; c++) {
      centers[c] = gaussian(random, 1.0);
    }
    Table table =
        conn.createTable(
            "docs",
            Schema.builder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("embedding", DataTypes.VECTOR(DataTypes.FLOAT(), DIM).notNull())
                .column("content", DataTypes.STRING().notNull())
                .build(),
            false);
    float[][] vectors = new float[rows][];
    String[] texts = new String[rows];
    int commits = 4;
    for (int commit = 0; commit < commits; commit++) {
      List<Map<String, Object>> batch = new ArrayList<>();
      for (int i = commit * rows / commits; i < (commit + 1) * rows / commits; i++) {
        float[] v = centers[random.nextInt(CLUSTERS)].clone();
        float[] noise = gaussian(random, 0.35);
        for (int d = 0; d < DIM; d++) {
          v[d] += noise[d];
        }
        vectors[i] = v;
        texts[i] = text(random);
        Map<String, Object> row = new HashMap<>();
        row.put("id", (long) i);
        row.put("embedding", v);
        row.put("content", texts[i]);
        batch.add(row);
      }
      table.add(batch);
    }
    long t0 = System.nanoTime();
    SearchIndexes.of(table).create("embedding", IndexType.VECTOR);
    double vectorBuild = rows / ((System.nanoTime() - t0) / 1e9);
    t0 = System.nanoTime();
    SearchIndexes.of(table).create("content", IndexType.FULL_TEXT);
    double textBuild = rows / ((System.nanoTime() - t0) / 1e9);

    float[][] qs = new float[queries][];
    for (int q = 0; q < queries; q++) {
      qs[q] = centers[random.nextInt(CLUSTERS)].clone();
      float[] noise = gaussian(random, 0.35);
      for (int d = 0; d < DIM; d++) {
        qs[q][d] += noise[d];
      }
    }
    try (SearchSession session = SearchSession.open(table)) {
      // recall@10 at the default efSearch, against the exact top 10 over the same vectors
      double recall = 0;
      for (float[] q : qs) {
        Set<Long> exact = exactTop(vectors, q);
        int found = 0;
        for (Map<String, Object> r : session.search().vector(q).limit(K).select("id").toList()) {
          found += exact.contains((Long) r.get("id")) ? 1 : 0;
        }
        recall += found / (double) K;
      }
      recall /= queries;
      double ours = 0;
      for (int round = 0; round < 3; round++) {
        long start = System.nanoTime();
        for (float[] q : qs) {
          Measurement.consume(session.search().vector(q).limit(K).select("id").toList().size());
        }
        ours = Math.max(ours, queries / ((System.nanoTime() - start) / 1e9));
      }
      int scans = Math.max(3, queries / 50);
      double brute = 0;
      for (int round = 0; round < 2; round++) {
        long start = System.nanoTime();
        for (int q = 0; q < scans; q++) {
          Measurement.consume(bruteForceScan(table, qs[q]).size());
        }
        brute = Math.max(brute, scans / ((System.nanoTime() - start) / 1e9));
      }
      System.out.printf(
          Locale.ROOT,
          "BENCH search_vector_recall recall_at_10=%.4f ratio baseline=1.0 ratio=%.4f%n",
          recall,
          recall);
      System.out.printf(
          Locale.ROOT,
          "BENCH search_vector_qps qps=%.1f queries/s baseline=%.2f ratio=%.1f%n",
          ours,
          brute,
          ours / brute);
      System.out.printf(
          Locale.ROOT,
          "BENCH search_index_build vector_rows_per_s=%.0f rows/s text_rows_per_s=%.0f rows/s%n",
          vectorBuild,
          textBuild);

      String[] textQueries = new String[queries];
      for (int q = 0; q < queries; q++) {
        textQueries[q] = word(random) + " " + word(random);
      }
      try (ByteBuffersDirectory lucene = new ByteBuffersDirectory();
          Analyzer analyzer = new StandardAnalyzer()) {
        try (IndexWriter w = new IndexWriter(lucene, new IndexWriterConfig(analyzer))) {
          for (int i = 0; i < rows; i++) {
            Document doc = new Document();
            doc.add(new StoredField("id", (long) i));
            doc.add(new TextField("content", texts[i], Field.Store.NO));
            w.addDocument(doc);
          }
          w.forceMerge(1);
        }
        try (DirectoryReader reader = DirectoryReader.open(lucene);
            SearchSession resident = SearchSession.builder(table).residentColumns("id").open()) {
          IndexSearcher searcher = new IndexSearcher(reader);
          double plain = 0;
          double oursText = 0;
          double oursIds = 0;
          double oursResident = 0;
          // best of six rounds: a query takes a fraction of a millisecond, so the JIT needs a few
          // hundred of each kind before the figures settle
          for (int round = 0; round < 6; round++) {
            long start = System.nanoTime();
            for (String q : textQueries) {
              StoredFields stored = reader.storedFields();
              long sum = 0;
              for (ScoreDoc d : searcher.search(query(analyzer, q), K).scoreDocs) {
                sum += stored.document(d.doc).getField("id").numericValue().longValue();
              }
              Measurement.consume(sum);
            }
            plain = Math.max(plain, queries / ((System.nanoTime() - start) / 1e9));
            start = System.nanoTime();
            for (String q : textQueries) {
              Measurement.consume(session.search().text(q).limit(K).select("id").toList().size());
            }
            oursText = Math.max(oursText, queries / ((System.nanoTime() - start) / 1e9));
            start = System.nanoTime();
            for (String q : textQueries) {
              Measurement.consume(
                  session.search().text(q).limit(K).select(Schema.ROW_ID).toList().size());
            }
            oursIds = Math.max(oursIds, queries / ((System.nanoTime() - start) / 1e9));
            start = System.nanoTime();
            for (String q : textQueries) {
              Measurement.consume(resident.search().text(q).limit(K).select("id").toList().size());
            }
            oursResident = Math.max(oursResident, queries / ((System.nanoTime() - start) / 1e9));
          }
          System.out.printf(
              Locale.ROOT,
              "BENCH search_text_qps qps=%.1f queries/s baseline=%.1f ratio=%.3f%n",
              oursText,
              plain,
              oursText / plain);
          System.out.printf(
              Locale.ROOT,
              "BENCH search_text_resident_qps qps=%.1f queries/s baseline=%.1f ratio=%.3f%n",
              oursResident,
              plain,
              oursResident / plain);
          System.out.printf(
              Locale.ROOT,
              "BENCH search_text_row_ids_qps qps=%.1f queries/s baseline=%.1f ratio=%.3f%n",
              oursIds,
              plain,
              oursIds / plain);
        }
      }
    }
  }

  private static BooleanQuery query(Analyzer analyzer, String text) throws Exception {
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    try (TokenStream tokens = analyzer.tokenStream("content", text)) {
      CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
      tokens.reset();
      while (tokens.incrementToken()) {
        b.add(new TermQuery(new Term("content", term.toString())), BooleanClause.Occur.SHOULD);
      }
      tokens.end();
    }
    return b.build();
  }

  /** The brute-force baseline: one scan of the snapshot's vectors, dot products, a top-10 heap. */
  private static List<Long> bruteForceScan(Table table, float[] q) throws Exception {
    PriorityQueue<double[]> top = new PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
    try (ArrowReader reader = table.scan().select("embedding").withRowId().toArrowReader()) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot batch = reader.getVectorSchemaRoot();
        FixedSizeListVector list = (FixedSizeListVector) batch.getVector("embedding");
        Float4Vector data = (Float4Vector) list.getDataVector();
        BigIntVector ids = (BigIntVector) batch.getVector("_ROW_ID");
        for (int r = 0; r < batch.getRowCount(); r++) {
          double dot = 0;
          int base = r * DIM;
          for (int d = 0; d < DIM; d++) {
            dot += (double) q[d] * data.get(base + d);
          }
          if (top.size() < K) {
            top.add(new double[] {dot, ids.get(r)});
          } else if (dot > top.peek()[0]) {
            top.poll();
            top.add(new double[] {dot, ids.get(r)});
          }
        }
      }
    }
    List<Long> out = new ArrayList<>();
    for (double[] t : top) {
      out.add((long) t[1]);
    }
    return out;
  }

  private static Set<Long> exactTop(float[][] vectors, float[] q) {
    PriorityQueue<double[]> top = new PriorityQueue<>((a, b) -> Double.compare(a[0], b[0]));
    for (int i = 0; i < vectors.length; i++) {
      double dot = 0;
      for (int d = 0; d < DIM; d++) {
        dot += (double) q[d] * vectors[i][d];
      }
      if (top.size() < K) {
        top.add(new double[] {dot, i});
      } else if (dot > top.peek()[0]) {
        top.poll();
        top.add(new double[] {dot, i});
      }
    }
    Set<Long> out = new HashSet<>();
    for (double[] t : top) {
      out.add((long) t[1]);
    }
    return out;
  }

  private static float[] gaussian(SplittableRandom random, double sigma) {
    float[] v = new float[DIM];
    for (int d = 0; d < DIM; d++) {
      double u = random.nextDouble();
      double w = random.nextDouble();
      v[d] = (float) (sigma * Math.sqrt(-2 * Math.log(1 - u)) * Math.cos(2 * Math.PI * w));
    }
    return v;
  }

  private static String text(SplittableRandom random) {
    StringBuilder s = new StringBuilder();
    int words = 10 + random.nextInt(30);
    for (int i = 0; i < words; i++) {
      s.append(i == 0 ? "" : " ").append(word(random));
    }
    return s.toString();
  }

  /** A word of a Zipf-like vocabulary: low ranks much more often. */
  private static String word(SplittableRandom random) {
    int rank = (int) Math.floor(Math.pow(VOCABULARY, random.nextDouble())) - 1;
    return "w" + Integer.toString(rank, 36);
  }
}
