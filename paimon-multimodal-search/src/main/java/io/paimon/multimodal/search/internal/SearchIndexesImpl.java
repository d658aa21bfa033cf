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
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.search.IndexType;
import io.paimon.multimodal.search.SearchException;
import io.paimon.multimodal.search.SearchIndex;
import io.paimon.multimodal.search.SearchIndexes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * {@link SearchIndexes} on the public read path: the latest snapshot's splits say which rows exist,
 * its index files which are covered; each shard's uncovered row-ID range is read with a {@code
 * _ROW_ID} range scan of that snapshot and written as one index file. Thread-safe (stateless).
 */
public final class SearchIndexesImpl implements SearchIndexes {

  /** Lucene's limit on vector dimensions (its HNSW format refuses more). */
  private static final int MAX_DIMENSION = 1024;

  private final Table table;

  public SearchIndexesImpl(Table table) {
    this.table = Objects.requireNonNull(table, "table");
  }

  @Override
  public int create(String column, IndexType type, Map<String, String> options) {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(options, "options");
    Optional<Snapshot> latest = table.latestSnapshot();
    if (latest.isEmpty()) {
      return 0;
    }
    long snapshotId = latest.get().id();
    Scan scan = table.scan().snapshot(snapshotId);
    Schema schema = scan.schema();
    int dimension = ColumnIndex.checkType(column, schema.columnType(column), type);
    if (dimension > MAX_DIMENSION) {
      throw new SearchException(
          "column '"
              + column
              + "' has "
              + dimension
              + " dimensions; Lucene's HNSW index takes at most "
              + MAX_DIMENSION);
    }
    IndexSpec spec = IndexSpec.of(type, options, column, dimension);
    ColumnIndex existing = ColumnIndex.of(table, schema, snapshotId, column);
    if (existing.type() != null && existing.type() != type) {
      throw new SearchException(
          "column '" + column + "' already has a " + existing.type() + " index; drop it first");
    }
    if (existing.spec() != null) {
      if (!existing.spec().queryOptions().equals(spec.queryOptions())) {
        throw new SearchException(
            "column '"
                + column
                + "' is indexed with "
                + existing.spec().queryOptions()
                + ", not "
                + spec.queryOptions()
                + "; drop the index to build it with other options");
      }
      dimension = existing.spec().dimension();
    }
    List<long[]> present = new ArrayList<>();
    for (Split split : scan.plan()) {
      for (Split.RowRange r : split.ranges()) {
        present.add(new long[] {r.firstRowId(), r.firstRowId() + r.rowCount()});
      }
    }
    List<long[]> coveredList = new ArrayList<>();
    for (IndexFile f : existing.files()) {
      coveredList.add(new long[] {f.firstRowId(), f.lastRowId() + 1});
    }
    RowRanges rows = RowRanges.of(present);
    RowRanges covered = RowRanges.of(coveredList);
    List<long[]> pieces = pieces(rows, covered, spec.rowsPerShard());
    if (pieces.isEmpty()) {
      return 0;
    }
    List<IndexFile> added = new ArrayList<>();
    List<String> written = new ArrayList<>();
    boolean committed = false;
    try {
      int[] dim = {dimension};
      for (long[] piece : pieces) {
        added.add(build(scan, column, type, spec, schema.fieldId(column), piece, dim, written));
      }
      table.commitIndexFiles(added, List.of());
      committed = true;
      return added.size();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      if (!committed) {
        deleteQuietly(written);
      }
    }
  }

  /**
   * The row-ID ranges to index: per shard, each stretch that no file covers, trimmed to the rows
   * the snapshot holds (so a file never spans a covered stretch, and never starts or ends on a row
   * ID that does not exist).
   */
  static List<long[]> pieces(RowRanges rows, RowRanges covered, long perShard) {
    List<long[]> out = new ArrayList<>();
    RowRanges todo = rows.minus(covered);
    if (todo.isEmpty()) {
      return out;
    }
    long first = todo.start(0) / perShard;
    long last = (todo.end(todo.size() - 1) - 1) / perShard;
    for (long shard = first; shard <= last; shard++) {
      long from = shard * perShard;
      long to = from + perShard;
      RowRanges gaps = RowRanges.of(List.of(new long[] {from, to})).minus(covered);
      for (int g = 0; g < gaps.size(); g++) {
        RowRanges inGap = todo.intersect(gaps.start(g), gaps.end(g));
        if (!inGap.isEmpty()) {
          out.add(new long[] {inGap.start(0), inGap.end(inGap.size() - 1) - 1});
        }
      }
    }
    return out;
  }

  private IndexFile build(
      Scan scan,
      String column,
      IndexType type,
      IndexSpec spec,
      int fieldId,
      long[] piece,
      int[] dimension,
      List<String> written)
      throws IOException {
    try (ShardWriter writer = new ShardWriter(table, spec, fieldId);
        ArrowReader reader =
            scan.select(column)
                .withRowId()
                .where(Schema.ROW_ID + " >= ? AND " + Schema.ROW_ID + " <= ?", piece[0], piece[1])
                .toArrowReader()) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot batch = reader.getVectorSchemaRoot();
        FieldVector cells = batch.getVector(column);
        org.apache.arrow.vector.BigIntVector ids =
            (org.apache.arrow.vector.BigIntVector) batch.getVector(Schema.ROW_ID);
        for (int r = 0; r < batch.getRowCount(); r++) {
          long rowId = ids.get(r);
          if (type == IndexType.VECTOR) {
            float[] v = Cells.vector(cells, r);
            if (v != null) {
              if (dimension[0] == 0) {
                if (v.length == 0 || v.length > MAX_DIMENSION) {
                  throw new SearchException(
                      "column '"
                          + column
                          + "', row "
                          + rowId
                          + ": a vector of "
                          + v.length
                          + " dimensions cannot be indexed (1.."
                          + MAX_DIMENSION
                          + ")");
                }
                dimension[0] = v.length;
              } else if (v.length != dimension[0]) {
                throw new SearchException(
                    "column '"
                        + column
                        + "', row "
                        + rowId
                        + ": a vector of "
                        + v.length
                        + " dimensions in an index of "
                        + dimension[0]);
              }
            }
            writer.addVector(rowId, v);
          } else {
            writer.addText(rowId, Cells.text(cells, r));
          }
        }
      }
      IndexSpec withDimension = IndexSpec.of(type, spec.options(), column, dimension[0]);
      return writer.finish(piece[0], piece[1], scan.resolvedSnapshotId(), written, withDimension);
    }
  }

  @Override
  public int drop(String column) {
    Optional<Snapshot> latest = table.latestSnapshot();
    if (latest.isEmpty()) {
      return 0;
    }
    long snapshotId = latest.get().id();
    Schema schema = table.scan().snapshot(snapshotId).schema();
    List<String> names = new ArrayList<>();
    int fieldId = schema.fieldId(column);
    for (IndexFile f : table.indexFiles(snapshotId)) {
      if (f.fieldId() == fieldId && IndexType.ofIdentifier(f.type()) != null) {
        names.add(f.fileName());
      }
    }
    if (names.isEmpty()) {
      return 0;
    }
    table.commitIndexFiles(List.of(), names);
    return names.size();
  }

  @Override
  public List<SearchIndex> list() {
    Optional<Snapshot> latest = table.latestSnapshot();
    List<SearchIndex> out = new ArrayList<>();
    if (latest.isEmpty()) {
      return out;
    }
    long snapshotId = latest.get().id();
    Schema schema = table.scan().snapshot(snapshotId).schema();
    for (String column : schema.columnNames()) {
      ColumnIndex index = ColumnIndex.of(table, schema, snapshotId, column);
      if (index.type() != null) {
        out.add(
            new SearchIndex(
                column,
                index.type(),
                index.spec().options(),
                index.files().size(),
                index.indexedRows()));
      }
    }
    return out;
  }

  private void deleteQuietly(List<String> paths) {
    for (String p : paths) {
      try {
        table.io().delete(p);
      } catch (IOException | RuntimeException e) {
        // left as an orphan for removeOrphanFiles
      }
    }
  }
}
