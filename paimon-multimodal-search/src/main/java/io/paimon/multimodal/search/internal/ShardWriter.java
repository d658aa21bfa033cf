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

import io.paimon.multimodal.IndexFile;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.search.IndexType;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.codecs.Codec;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene912.Lucene912Codec;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LogDocMergePolicy;
import org.apache.lucene.store.FSDirectory;

/**
 * Builds one index file: a Lucene segment of the documents of one row-ID range, made in a temporary
 * directory on local disk (so a shard's size is bounded by disk, not heap), merged to one segment,
 * then packed ({@link PackedIndex}) into a new file of the table's {@code index/} directory. Each
 * document holds the row ID as doc values ({@link #ROW_ID}) and the cell in {@link #FIELD} (no
 * field for a null cell: the row counts as indexed and is never a hit). Not thread-safe.
 */
final class ShardWriter implements AutoCloseable {

  /** The field of the indexed cell. */
  static final String FIELD = "v";

  /** The doc-values field of the row ID. */
  static final String ROW_ID = "_rid";

  private final Table table;
  private final IndexSpec spec;
  private final int fieldId;
  private final Path dir;
  private final FSDirectory directory;
  private final IndexWriter writer;
  private final Analyzer analyzer;
  private long rows;
  private long first = Long.MAX_VALUE;
  private long last = Long.MIN_VALUE;

  ShardWriter(Table table, IndexSpec spec, int fieldId) throws IOException {
    this.table = table;
    this.spec = spec;
    this.fieldId = fieldId;
    this.dir = Files.createTempDirectory("pmm-index-");
    this.directory = FSDirectory.open(dir);
    this.analyzer = spec.type() == IndexType.FULL_TEXT ? Analyzers.of(spec) : null;
    IndexWriterConfig config =
        analyzer == null ? new IndexWriterConfig() : new IndexWriterConfig(analyzer);
    config.setCodec(codec(spec));
    config.setUseCompoundFile(true);
    config.setMergePolicy(new LogDocMergePolicy());
    config.setRAMBufferSizeMB(256);
    config.setCommitOnClose(false);
    this.writer = new IndexWriter(directory, config);
  }

  private static Codec codec(IndexSpec spec) {
    if (spec.type() != IndexType.VECTOR) {
      return Codec.getDefault();
    }
    KnnVectorsFormat hnsw = new Lucene99HnswVectorsFormat(spec.m(), spec.efConstruction());
    return new Lucene912Codec() {
      @Override
      public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
        return hnsw;
      }
    };
  }

  /** Adds a row with a vector cell (null: a row without a vector). */
  void addVector(long rowId, float[] vector) throws IOException {
    Document doc = new Document();
    doc.add(new NumericDocValuesField(ROW_ID, rowId));
    if (vector != null
        && Cells.finite(vector)
        && !(spec.metric() == Metric.COSINE && zero(vector))) {
      doc.add(new KnnFloatVectorField(FIELD, vector, spec.metric().lucene()));
    }
    add(rowId, doc);
  }

  /** Adds a row with a text cell (null: a row without text). */
  void addText(long rowId, String text) throws IOException {
    Document doc = new Document();
    doc.add(new NumericDocValuesField(ROW_ID, rowId));
    if (text != null) {
      doc.add(new TextField(FIELD, text, Field.Store.NO));
    }
    add(rowId, doc);
  }

  private void add(long rowId, Document doc) throws IOException {
    writer.addDocument(doc);
    rows++;
    first = Math.min(first, rowId);
    last = Math.max(last, rowId);
  }

  private static boolean zero(float[] v) {
    for (float f : v) {
      if (f != 0) {
        return false;
      }
    }
    return true;
  }

  /** Rows added so far. */
  long rows() {
    return rows;
  }

  /**
   * Merges, packs and writes the file covering row IDs {@code firstRowId..lastRowId}.
   *
   * @param written receives the path before any byte is written, so a failure can remove it
   * @param spec the spec to record (the builder's, with the dimension the rows showed)
   */
  IndexFile finish(
      long firstRowId, long lastRowId, long snapshotId, List<String> written, IndexSpec spec)
      throws IOException {
    writer.forceMerge(1);
    writer.commit();
    writer.close();
    List<String> names = new ArrayList<>();
    for (String name : directory.listAll()) {
      if (!name.equals(IndexWriter.WRITE_LOCK_NAME)) {
        names.add(name);
      }
    }
    String fileName = "index-" + UUID.randomUUID() + "-0";
    String path = table.indexFilePath(fileName);
    written.add(path);
    long size;
    try (OutputStream out = table.io().newOutputStream(path)) {
      size = PackedIndex.write(dir, names, new java.io.BufferedOutputStream(out, 1 << 16));
    }
    return new IndexFile(
        spec.type().identifier(),
        fileName,
        size,
        rows,
        firstRowId,
        lastRowId,
        fieldId,
        spec.builtAt(snapshotId).toMeta());
  }

  @Override
  public void close() {
    try {
      if (writer.isOpen()) {
        writer.rollback();
      }
      directory.close();
      if (analyzer != null) {
        analyzer.close();
      }
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
