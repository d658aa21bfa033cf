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

import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Reads the winning rows with one row-ID take of the pinned snapshot (the projection and the
 * post-ranking {@code where} applied by that scan; it keeps the request order, so rows stay best
 * first) and adds {@code _ROW_ID} and {@code _score} as asked.
 */
final class Results {

  static final String SCORE = "_score";

  private static final Field SCORE_FIELD =
      new Field(
          SCORE,
          FieldType.notNullable(
              new org.apache.arrow.vector.types.pojo.ArrowType.FloatingPoint(
                  org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE)),
          null);

  private Results() {}

  private static Scan take(Table table, long snapshotId, SearchImpl.Query q, List<Hit> hits) {
    List<Long> ids = new ArrayList<>(hits.size());
    for (Hit h : hits) {
      ids.add(h.rowId());
    }
    Scan scan = table.takeRowIds(ids).snapshot(snapshotId);
    List<String> columns = new ArrayList<>();
    if (q.select() != null) {
      columns.addAll(q.select());
      columns.remove(Schema.ROW_ID);
      columns.add(Schema.ROW_ID);
      scan = scan.select(columns);
    } else {
      scan = scan.withRowId();
    }
    if (q.where() != null) {
      scan = scan.where(q.where(), q.whereParameters().toArray());
    }
    return scan;
  }

  static List<Map<String, Object>> toList(SnapshotView view, SearchImpl.Query q, List<Hit> hits) {
    if (hits.isEmpty()) {
      return List.of();
    }
    List<Map<String, Object>> rows = take(view.table(), view.snapshotId(), q, hits).toList();
    List<Map<String, Object>> out = new ArrayList<>(rows.size());
    int h = 0;
    for (Map<String, Object> row : rows) {
      long rowId = (Long) row.get(Schema.ROW_ID);
      h = advance(hits, h, rowId);
      Map<String, Object> copy = new LinkedHashMap<>(row);
      if (!q.rowId()) {
        copy.remove(Schema.ROW_ID);
      }
      if (q.score()) {
        copy.put(SCORE, hits.get(h).score());
      }
      out.add(copy);
      h++;
    }
    return out;
  }

  /** The index of {@code rowId} in {@code hits} at or after {@code from} (rows keep hit order). */
  private static int advance(List<Hit> hits, int from, long rowId) {
    for (int i = from; i < hits.size(); i++) {
      if (hits.get(i).rowId() == rowId) {
        return i;
      }
    }
    throw new IllegalStateException("row " + rowId + " came back out of the requested order");
  }

  static VectorSchemaRoot toArrow(
      Table table, SnapshotView view, SearchImpl.Query q, List<Hit> hits) {
    BufferAllocator allocator = table.allocator();
    Scan scan =
        take(table, view == null ? table.scan().resolvedSnapshotId() : view.snapshotId(), q, hits);
    if (hits.isEmpty()) {
      VectorSchemaRoot empty = VectorSchemaRoot.create(outputSchema(scan, q), allocator);
      empty.allocateNew();
      empty.setRowCount(0);
      return empty;
    }
    try (VectorSchemaRoot rows = scan.toArrow()) {
      BigIntVector ids = (BigIntVector) rows.getVector(Schema.ROW_ID);
      int n = rows.getRowCount();
      double[] scores = new double[n];
      int h = 0;
      for (int r = 0; r < n; r++) {
        h = advance(hits, h, ids.get(r));
        scores[r] = hits.get(h++).score();
      }
      List<FieldVector> vectors = new ArrayList<>();
      for (FieldVector v : rows.getFieldVectors()) {
        if (!v.getName().equals(Schema.ROW_ID) || q.rowId()) {
          var pair = v.getTransferPair(allocator);
          pair.transfer();
          vectors.add((FieldVector) pair.getTo());
        }
      }
      if (q.score()) {
        Float8Vector score = new Float8Vector(SCORE_FIELD, allocator);
        score.allocateNew(n);
        for (int r = 0; r < n; r++) {
          score.set(r, scores[r]);
        }
        score.setValueCount(n);
        vectors.add(score);
      }
      VectorSchemaRoot out = new VectorSchemaRoot(vectors);
      out.setRowCount(n);
      return out;
    }
  }

  private static org.apache.arrow.vector.types.pojo.Schema outputSchema(
      Scan scan, SearchImpl.Query q) {
    List<Field> fields = new ArrayList<>();
    for (Field f : scan.arrowSchema().getFields()) {
      if (!f.getName().equals(Schema.ROW_ID) || q.rowId()) {
        fields.add(f);
      }
    }
    if (q.score()) {
      fields.add(
          new Field(
              SCORE,
              FieldType.notNullable(
                  new org.apache.arrow.vector.types.pojo.ArrowType.FloatingPoint(
                      org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE)),
              null));
    }
    return new org.apache.arrow.vector.types.pojo.Schema(fields);
  }

  /** A reader handing out {@code batch} once; it owns the batch and closes it. */
  static ArrowReader reader(BufferAllocator allocator, VectorSchemaRoot batch) {
    return new ArrowReader(allocator) {
      private boolean done;

      @Override
      public boolean loadNextBatch() throws IOException {
        if (done) {
          return false;
        }
        done = true;
        ensureInitialized();
        try (ArrowRecordBatch unloaded = new VectorUnloader(batch).getRecordBatch()) {
          new VectorLoader(getVectorSchemaRoot()).load(unloaded);
        }
        return true;
      }

      @Override
      public long bytesRead() {
        return 0;
      }

      @Override
      protected void closeReadSource() {
        batch.close();
      }

      @Override
      protected org.apache.arrow.vector.types.pojo.Schema readSchema() {
        return batch.getSchema();
      }
    };
  }
}
