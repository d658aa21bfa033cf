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
package io.paimon.multimodal.window.internal;

import io.paimon.multimodal.ProgressListener;
import io.paimon.multimodal.ProgressTracker;
import io.paimon.multimodal.RowIdReader;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.multimodal.arrow.VectorCopy;
import io.paimon.multimodal.window.TrainingDataset;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * {@link TrainingDataset}: the scan's row IDs as runs of consecutive IDs ({@code runStarts[k]}, the
 * first ID of run {@code k}, and {@code runEnds[k]}, the number of samples up to its end), found by
 * binary search; fetches through one {@link RowIdReader} of the pinned scan. Thread-safe.
 */
public final class TrainingDatasetImpl implements TrainingDataset {

  private final Scan scan;
  private final RowIdReader reader;
  private final long[] runStarts;
  private final int[] runEnds;
  private final int size;
  private final String[] names;
  private final DataType[] types;

  private TrainingDatasetImpl(Scan scan, RowIdReader reader, long[] runStarts, int[] runEnds) {
    this.scan = scan;
    this.reader = reader;
    this.runStarts = runStarts;
    this.runEnds = runEnds;
    this.size = runEnds.length == 0 ? 0 : runEnds[runEnds.length - 1];
    List<Field> fields = scan.arrowSchema().getFields();
    this.names = new String[fields.size()];
    this.types = new DataType[fields.size()];
    Schema schema = scan.schema();
    for (int j = 0; j < names.length; j++) {
      names[j] = fields.get(j).getName();
      types[j] =
          Schema.ROW_ID.equals(names[j])
              ? DataTypes.BIGINT().notNull()
              : schema.columnType(names[j]);
    }
  }

  /** Pins the scan, reads its row IDs once and opens the reader. */
  public static TrainingDatasetImpl build(
      Scan scan, long blockCacheBytes, ProgressListener listener) {
    if (blockCacheBytes < 0) {
      throw new IllegalArgumentException(
          "blockCacheBytes must not be negative, is " + blockCacheBytes);
    }
    Scan pinned = scan.pinned();
    long[] starts = new long[16];
    int[] ends = new int[16];
    int runs = 0;
    long count = 0;
    long previous = Long.MIN_VALUE;
    ProgressTracker progress =
        ProgressTracker.start("training dataset of " + scan.table().name(), "rows", -1, listener);
    try (ArrowReader ids = pinned.select(Schema.ROW_ID).batchSize(8192).toArrowReader()) {
      while (ids.loadNextBatch()) {
        VectorSchemaRoot root = ids.getVectorSchemaRoot();
        progress.add(root.getRowCount(), 0, 0);
        BigIntVector v = (BigIntVector) root.getVector(0);
        for (int i = 0; i < root.getRowCount(); i++) {
          long id = v.get(i);
          if (count == Integer.MAX_VALUE) {
            throw new IllegalArgumentException(
                "a TrainingDataset holds at most "
                    + Integer.MAX_VALUE
                    + " samples; the scan has more: read it with TrainingStream, or narrow it");
          }
          if (runs > 0 && id == previous + 1) {
            ends[runs - 1]++;
          } else {
            if (runs == starts.length) {
              starts = Arrays.copyOf(starts, runs * 2);
              ends = Arrays.copyOf(ends, runs * 2);
            }
            starts[runs] = id;
            ends[runs] = (int) count + 1;
            runs++;
          }
          previous = id;
          count++;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      progress.finish();
    }
    RowIdReader reader = pinned.rowIdReader(blockCacheBytes);
    return new TrainingDatasetImpl(
        pinned, reader, Arrays.copyOf(starts, runs), Arrays.copyOf(ends, runs));
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public long snapshotId() {
    return reader.snapshotId();
  }

  @Override
  public long rowId(int index) {
    int i = resolve(index);
    int lo = 0;
    int hi = runEnds.length - 1;
    // The first run whose end is past i.
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (runEnds[mid] > i) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    int before = lo == 0 ? 0 : runEnds[lo - 1];
    return runStarts[lo] + (i - before);
  }

  private int resolve(int index) {
    if (index < -size || index >= size) {
      throw new IndexOutOfBoundsException(
          "index " + index + " is outside a dataset of " + size + " samples");
    }
    return index < 0 ? index + size : index;
  }

  @Override
  public Map<String, Object> get(int index) {
    return getItems(index).get(0);
  }

  @Override
  public List<Map<String, Object>> getItems(int... indices) {
    List<Map<String, Object>> out = new ArrayList<>(indices.length);
    if (indices.length == 0) {
      return out;
    }
    try (VectorSchemaRoot batch = getBatch(indices)) {
      List<FieldVector> vectors = batch.getFieldVectors();
      for (int r = 0; r < batch.getRowCount(); r++) {
        Map<String, Object> row = new LinkedHashMap<>(names.length * 2);
        for (int j = 0; j < names.length; j++) {
          row.put(names[j], ArrowValues.get(names[j], types[j], vectors.get(j), r));
        }
        out.add(Collections.unmodifiableMap(row));
      }
    }
    return out;
  }

  @Override
  public VectorSchemaRoot getBatch(int... indices) {
    long[] ids = new long[indices.length];
    for (int k = 0; k < indices.length; k++) {
      ids[k] = rowId(indices[k]);
    }
    BufferAllocator allocator = scan.allocator();
    VectorSchemaRoot out = VectorSchemaRoot.create(reader.arrowSchema(), allocator);
    try {
      if (ids.length == 0) {
        return out;
      }
      try (ArrowReader rows = reader.read(ids, ids.length, allocator)) {
        int at = 0;
        while (rows.loadNextBatch()) {
          VectorSchemaRoot batch = rows.getVectorSchemaRoot();
          int n = batch.getRowCount();
          if (at == 0 && n == ids.length) {
            // The one batch of the read: move its buffers rather than copy them.
            for (int j = 0; j < batch.getFieldVectors().size(); j++) {
              batch.getVector(j).makeTransferPair(out.getVector(j)).transfer();
            }
          } else {
            for (int j = 0; j < batch.getFieldVectors().size(); j++) {
              VectorCopy.copyRows(batch.getVector(j), null, 0, n, out.getVector(j), at);
            }
          }
          at += n;
          out.setRowCount(at);
        }
      }
      return out;
    } catch (IOException e) {
      out.close();
      throw new UncheckedIOException(e);
    } catch (RuntimeException | Error e) {
      out.close();
      throw e;
    }
  }

  @Override
  public void close() {
    reader.close();
  }
}
