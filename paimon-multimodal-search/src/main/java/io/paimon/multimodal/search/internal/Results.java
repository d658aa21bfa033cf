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
import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.multimodal.arrow.TableArrow;
import io.paimon.multimodal.arrow.VectorCopy;
import io.paimon.types.DataType;
import java.io.IOException;
import java.io.UncheckedIOException;
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
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Reads the winning rows, best first, from the pinned snapshot and adds {@code _ROW_ID} and {@code
 * _score} as asked. In a session without a post-ranking {@code where}, through the session's {@link
 * RowReaders reader} of that snapshot and projection (no planning, files kept open); otherwise with
 * one row-ID take of the snapshot, which applies the {@code where} and keeps the request order.
 */
final class Results {

  static final String SCORE = "_score";

  private static final Field SCORE_FIELD =
      new Field(
          SCORE,
          FieldType.notNullable(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
          null);

  private Results() {}

  /** The search's projection of {@code scan}, always with {@code _ROW_ID} (last if selected). */
  private static Scan project(Scan scan, SearchImpl.Query q) {
    if (q.select() == null) {
      return scan.withRowId();
    }
    List<String> columns = new ArrayList<>(q.select());
    columns.remove(Schema.ROW_ID);
    columns.add(Schema.ROW_ID);
    return scan.select(columns);
  }

  static List<Map<String, Object>> toList(
      SnapshotView view, Shards shards, SearchImpl.Query q, List<Hit> hits) {
    if (hits.isEmpty()) {
      return List.of();
    }
    Schema schema = view.scan().schema();
    try (VectorSchemaRoot rows = toArrow(view.table(), view, shards, q, hits)) {
      List<FieldVector> vectors = rows.getFieldVectors();
      String[] names = new String[vectors.size()];
      DataType[] types = new DataType[names.length];
      for (int j = 0; j < names.length; j++) {
        names[j] = vectors.get(j).getName();
        types[j] =
            names[j].equals(Schema.ROW_ID) || names[j].equals(SCORE)
                ? null
                : schema.columnType(names[j]);
      }
      List<Map<String, Object>> out = new ArrayList<>(rows.getRowCount());
      for (int r = 0; r < rows.getRowCount(); r++) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (int j = 0; j < names.length; j++) {
          FieldVector v = vectors.get(j);
          row.put(
              names[j],
              types[j] == null ? v.getObject(r) : ArrowValues.get(names[j], types[j], v, r));
        }
        out.add(row);
      }
      return out;
    }
  }

  /** The rows of {@code hits} in hit order, as one batch the caller closes. */
  static VectorSchemaRoot toArrow(
      Table table, SnapshotView view, Shards shards, SearchImpl.Query q, List<Hit> hits) {
    BufferAllocator allocator = table.allocator();
    long snapshotId = view == null ? table.scan().resolvedSnapshotId() : view.snapshotId();
    Scan scan = project(table.scan().snapshot(snapshotId), q);
    if (hits.isEmpty()) {
      VectorSchemaRoot empty = VectorSchemaRoot.create(outputSchema(scan, q), allocator);
      empty.allocateNew();
      empty.setRowCount(0);
      return empty;
    }
    long[] ids = new long[hits.size()];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = hits.get(i).rowId();
    }
    try (VectorSchemaRoot rows = read(table, view, snapshotId, scan, shards, q, ids, allocator)) {
      FieldVector rowIds = rows.getVector(Schema.ROW_ID);
      int n = rows.getRowCount();
      double[] scores = new double[n];
      int h = 0;
      for (int r = 0; r < n; r++) {
        h = advance(hits, h, (Long) rowIds.getObject(r));
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

  /** The rows {@code ids} of the projected {@code scan}, in that order, with {@code _ROW_ID}. */
  private static VectorSchemaRoot read(
      Table table,
      SnapshotView view,
      long snapshotId,
      Scan scan,
      Shards shards,
      SearchImpl.Query q,
      long[] ids,
      BufferAllocator allocator) {
    if (q.where() == null
        && q.select() != null
        && q.select().stream().allMatch(Schema.ROW_ID::equals)) {
      // only row IDs asked: the ranking has them, and they are live in the snapshot
      BigIntVector rowIds = new BigIntVector(TableArrow.rowIdField(), allocator);
      rowIds.allocateNew(ids.length);
      for (int i = 0; i < ids.length; i++) {
        rowIds.set(i, ids[i]);
      }
      rowIds.setValueCount(ids.length);
      VectorSchemaRoot out = new VectorSchemaRoot(List.of(rowIds));
      out.setRowCount(ids.length);
      return out;
    }
    ResidentColumns resident = shards == null ? null : shards.residentColumns();
    if (resident != null && view != null && q.where() == null) {
      VectorSchemaRoot held = resident.read(view, scan.arrowSchema(), ids, allocator);
      if (held != null) {
        return held;
      }
    }
    RowReaders readers = shards == null ? null : shards.rowReaders();
    if (readers == null || view == null || q.where() != null) {
      Scan take = project(table.takeRowIds(toList(ids)).snapshot(snapshotId), q);
      if (q.where() != null) {
        take = take.where(q.where(), q.whereParameters().toArray());
      }
      return take.toArrow();
    }
    try (RowReaders.Lease lease = readers.acquire(view.snapshot(), q.select(), scan);
        ArrowReader reader = lease.reader().read(ids, ids.length, allocator)) {
      VectorSchemaRoot out =
          VectorSchemaRoot.create(reader.getVectorSchemaRoot().getSchema(), allocator);
      int n = 0;
      while (reader.loadNextBatch()) {
        VectorSchemaRoot batch = reader.getVectorSchemaRoot();
        for (int j = 0; j < batch.getFieldVectors().size(); j++) {
          VectorCopy.copyRows(
              batch.getVector(j), null, 0, batch.getRowCount(), out.getVector(j), n);
        }
        n += batch.getRowCount();
      }
      for (FieldVector v : out.getFieldVectors()) {
        v.setValueCount(n);
      }
      out.setRowCount(n);
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Long> toList(long[] ids) {
    List<Long> out = new ArrayList<>(ids.length);
    for (long id : ids) {
      out.add(id);
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

  private static org.apache.arrow.vector.types.pojo.Schema outputSchema(
      Scan scan, SearchImpl.Query q) {
    List<Field> fields = new ArrayList<>();
    for (Field f : scan.arrowSchema().getFields()) {
      if (!f.getName().equals(Schema.ROW_ID) || q.rowId()) {
        fields.add(f);
      }
    }
    if (q.score()) {
      fields.add(SCORE_FIELD);
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
