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
package io.paimon.multimodal.parquet.internal;

import io.paimon.row.ArrowSchemas;
import io.paimon.row.RowArrowReader;
import io.paimon.types.RowType;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.AllocationHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.hadoop.ParquetFileReader;

/**
 * Decodes the selected rows of a parquet file straight into Arrow vectors, {@code batchSize} rows
 * per batch, across row groups. Holds one row group's projected column chunks at a time. Not
 * thread-safe.
 */
final class ParquetArrowReader extends RowArrowReader {

  private final RowGroupCursor cursor;
  private final ParquetFileReader file;
  private final ParquetInput.Stream stream;
  private final RowType rowType;
  private final int batchSize;

  /** Decodes a run's columns in parallel, or null to decode them in this thread. */
  private final ColumnTasks tasks;

  private final long[] rowNumbers;
  private FieldVector[] vectors;
  private int batchRows;
  private boolean done;

  ParquetArrowReader(
      BufferAllocator allocator,
      RowGroupCursor cursor,
      ParquetFileReader file,
      ParquetInput.Stream stream,
      RowType rowType,
      int batchSize,
      ColumnTasks tasks) {
    super(allocator);
    this.cursor = cursor;
    this.file = file;
    this.stream = stream;
    this.rowType = rowType;
    this.batchSize = batchSize;
    this.tasks = tasks;
    this.rowNumbers = new long[batchSize];
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    ensureInitialized();
    VectorSchemaRoot root = getVectorSchemaRoot();
    if (vectors == null) {
      List<FieldVector> list = root.getFieldVectors();
      vectors = list.toArray(new FieldVector[0]);
      for (FieldVector v : vectors) {
        AllocationHelper.allocateNew(v, batchSize);
      }
      PageColumn[] bulk = new PageColumn[vectors.length];
      ColumnDecoder[] ds = cursor.decoders();
      for (int c = 0; c < vectors.length; c++) {
        bulk[c] = ds[c] == null ? null : PageDecoding.of(ds[c].descriptor(), vectors[c]);
      }
      cursor.bulk(bulk);
    } else {
      for (FieldVector v : vectors) {
        v.reset();
      }
    }
    int count = 0;
    while (count < batchSize && !done && cursor.sequential()) {
      int n = cursor.run(batchSize - count);
      if (n < 0) {
        done = true;
        break;
      }
      long first = cursor.position();
      try {
        readColumns(count, n);
      } catch (RuntimeException e) {
        throw cursor.malformed("rows " + first + " to " + (first + n - 1), e);
      }
      for (int i = 0; i < n; i++) {
        rowNumbers[count + i] = first + i;
      }
      cursor.consumed(n);
      count += n;
    }
    while (count < batchSize && !done) {
      long row = cursor.advance();
      if (row < 0) {
        done = true;
        break;
      }
      // The selected rows right after this one, in the same row group, are read as one run.
      int n = 1 + cursor.selectedAfter(batchSize - count - 1);
      try {
        readColumns(count, n);
      } catch (RuntimeException e) {
        throw cursor.malformed("rows " + row + " to " + (row + n - 1), e);
      }
      for (int i = 0; i < n; i++) {
        rowNumbers[count + i] = row + i;
      }
      count += n;
    }
    for (FieldVector v : vectors) {
      v.setValueCount(count);
    }
    batchRows = count;
    root.setRowCount(count);
    return count > 0;
  }

  /**
   * Decodes the next {@code n} rows of every column into the vectors at {@code at}: columns are
   * independent (their own pages, readers and vectors), so a long enough run decodes them in
   * parallel when there are {@link #tasks}.
   */
  private void readColumns(int at, int n) throws IOException {
    if (tasks != null && vectors.length > 1 && n >= ColumnTasks.MIN_ROWS) {
      tasks.run(vectors.length, c -> readColumn(c, at, n));
    } else {
      for (int c = 0; c < vectors.length; c++) {
        readColumn(c, at, n);
      }
    }
  }

  private void readColumn(int c, int at, int n) throws IOException {
    NestedColumn nested = cursor.nested()[c];
    ColumnDecoder decoder = cursor.decoders()[c];
    if (nested != null) {
      nested.decodeRun(vectors[c], at, n);
    } else if (decoder == null) {
      for (int i = 0; i < n; i++) {
        vectors[c].setNull(at + i);
      }
    } else if (cursor.bulkColumn(c) != null) {
      cursor.bulkColumn(c).read(vectors[c], at, n);
    } else {
      decoder.decodeRun(cursor.readers()[c], vectors[c], at, n);
    }
  }

  @Override
  public long rowNumber(int i) {
    if (i < 0 || i >= batchRows) {
      throw new IndexOutOfBoundsException("row " + i + " is outside the batch of " + batchRows);
    }
    return rowNumbers[i];
  }

  @Override
  public long bytesRead() {
    return stream.bytesRead();
  }

  @Override
  protected void closeReadSource() throws IOException {
    file.close();
  }

  @Override
  protected Schema readSchema() {
    return ArrowSchemas.toArrowSchema(rowType);
  }
}
