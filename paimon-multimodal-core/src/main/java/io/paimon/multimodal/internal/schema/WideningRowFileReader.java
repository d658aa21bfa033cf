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
package io.paimon.multimodal.internal.schema;

import io.paimon.row.ArrowSchemas;
import io.paimon.row.CloseableIterator;
import io.paimon.row.Row;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFileLayout;
import io.paimon.row.RowFileReader;
import io.paimon.row.RowGroupStatistics;
import io.paimon.types.DataField;
import io.paimon.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.roaringbitmap.RoaringBitmap;

/**
 * A {@code .row} file written before some of its columns were widened, read as the table's current
 * schema: the file is decoded with the types it was written with, and the widened columns are
 * converted ({@link TypeWidening}) in every row, iterator and Arrow batch, so that whatever reads
 * it (scans, takes, filters) sees the current types only. Other columns pass through untouched (the
 * Arrow batches hold the file reader's own vectors for them). Views ({@link #project}, {@link
 * #select}) convert too. Not thread-safe beyond what {@link RowFileReader} allows; closing closes
 * the wrapped reader.
 */
public final class WideningRowFileReader implements RowFileReader {

  private final RowFileReader file;
  private final RowType readFileType;
  private final RowType readRowType;

  /**
   * Reads {@code file} (opened with the types the file was written with) as {@code readFileType}:
   * the same columns, with some widened.
   */
  public WideningRowFileReader(RowFileReader file, RowType readFileType) {
    this(file, readFileType, readFileType);
  }

  private WideningRowFileReader(RowFileReader file, RowType readFileType, RowType readRowType) {
    this.file = file;
    this.readFileType = readFileType;
    this.readRowType = readRowType;
  }

  @Override
  public String name() {
    return file.name();
  }

  @Override
  public RowType fileType() {
    return readFileType;
  }

  @Override
  public RowType rowType() {
    return readRowType;
  }

  @Override
  public long rowCount() {
    return file.rowCount();
  }

  @Override
  public RowFileLayout layout() {
    return file.layout();
  }

  @Override
  public Row read(long rowNumber) throws IOException {
    return widen(file.read(rowNumber));
  }

  /** The file's statistics, with the bounds of widened columns converted as their values are. */
  @Override
  public List<RowGroupStatistics> rowGroupStatistics() throws IOException {
    RowType written = file.fileType();
    List<RowGroupStatistics> groups = file.rowGroupStatistics();
    List<RowGroupStatistics> out = new ArrayList<>(groups.size());
    for (RowGroupStatistics g : groups) {
      int n = g.columnCount();
      Object[] min = new Object[n];
      Object[] max = new Object[n];
      long[] nulls = new long[n];
      for (int i = 0; i < n; i++) {
        nulls[i] = g.nullCount(i);
        min[i] = g.min(i);
        max[i] = g.max(i);
        if (i < readFileType.fieldCount()
            && TypeWidening.needsCast(written.typeAt(i), readFileType.typeAt(i))) {
          min[i] = TypeWidening.cast(min[i], readFileType.typeAt(i));
          max[i] = TypeWidening.cast(max[i], readFileType.typeAt(i));
        }
      }
      out.add(new RowGroupStatistics(g.startRow(), g.rowCount(), min, max, nulls));
    }
    return out;
  }

  private Row widen(Row row) {
    Object[] values = row.toArray();
    RowType written = file.rowType();
    for (int i = 0; i < values.length; i++) {
      if (TypeWidening.needsCast(written.typeAt(i), readRowType.typeAt(i))) {
        values[i] = TypeWidening.cast(values[i], readRowType.typeAt(i));
      }
    }
    return Row.wrap(values);
  }

  @Override
  public CloseableIterator<Row> iterator() throws IOException {
    CloseableIterator<Row> rows = file.iterator();
    return new CloseableIterator<>() {
      @Override
      public boolean hasNext() {
        return rows.hasNext();
      }

      @Override
      public Row next() {
        return widen(rows.next());
      }

      @Override
      public void close() {
        rows.close();
      }
    };
  }

  @Override
  public RowFileReader project(int... fields) {
    List<DataField> projected = new ArrayList<>(fields.length);
    RowFileReader view = file.project(fields);
    for (int f : fields) {
      projected.add(readFileType.fields().get(f));
    }
    return new WideningRowFileReader(view, readFileType, new RowType(projected));
  }

  @Override
  public RowFileReader select(RoaringBitmap rows) {
    return new WideningRowFileReader(file.select(rows), readFileType, readRowType);
  }

  @Override
  public RowArrowReader arrowReader(BufferAllocator allocator, int batchSize) throws IOException {
    RowArrowReader decoded = file.arrowReader(allocator, batchSize);
    try {
      return new Batches(allocator, decoded, file.rowType(), readRowType);
    } catch (RuntimeException e) {
      decoded.close();
      throw e;
    }
  }

  @Override
  public void close() throws IOException {
    file.close();
  }

  /** The file's batches with the widened columns converted into vectors of their own. */
  private static final class Batches extends RowArrowReader {
    private final RowArrowReader decoded;
    private final RowType readType;

    /** Per column: the vector holding its converted values, or null when it passes through. */
    private final FieldVector[] converted;

    private VectorSchemaRoot root;

    Batches(BufferAllocator allocator, RowArrowReader decoded, RowType written, RowType readType) {
      super(allocator);
      this.decoded = decoded;
      this.readType = readType;
      this.converted = new FieldVector[readType.fieldCount()];
      try {
        for (int i = 0; i < converted.length; i++) {
          if (TypeWidening.needsCast(written.typeAt(i), readType.typeAt(i))) {
            DataField f = readType.fields().get(i);
            converted[i] = ArrowSchemas.toArrowField(f.name(), f.type()).createVector(allocator);
          }
        }
      } catch (RuntimeException e) {
        closeConverted();
        throw e;
      }
    }

    @Override
    public VectorSchemaRoot getVectorSchemaRoot() throws IOException {
      if (root == null) {
        // The file reader reloads the same vectors for every batch, so one root over them (and
        // the converted vectors) stays valid for the whole read.
        List<FieldVector> source = decoded.getVectorSchemaRoot().getFieldVectors();
        List<FieldVector> vectors = new ArrayList<>(source.size());
        for (int i = 0; i < source.size(); i++) {
          vectors.add(converted[i] != null ? converted[i] : source.get(i));
        }
        root = new VectorSchemaRoot(vectors);
      }
      return root;
    }

    @Override
    public boolean loadNextBatch() throws IOException {
      VectorSchemaRoot out = getVectorSchemaRoot();
      boolean loaded = decoded.loadNextBatch();
      VectorSchemaRoot in = decoded.getVectorSchemaRoot();
      int n = in.getRowCount();
      for (int i = 0; i < converted.length; i++) {
        if (converted[i] != null) {
          TypeWidening.cast(in.getVector(i), converted[i], n);
        }
      }
      out.setRowCount(n);
      return loaded;
    }

    @Override
    public long rowNumber(int i) {
      return decoded.rowNumber(i);
    }

    @Override
    public long bytesRead() {
      return decoded.bytesRead();
    }

    @Override
    protected void closeReadSource() throws IOException {
      try {
        decoded.close();
      } finally {
        closeConverted();
      }
    }

    @Override
    protected Schema readSchema() {
      return ArrowSchemas.toArrowSchema(readType);
    }

    private void closeConverted() {
      for (FieldVector v : converted) {
        if (v != null) {
          v.close();
        }
      }
    }
  }
}
