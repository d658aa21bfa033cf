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
package io.paimon.row.internal;

import io.paimon.row.ArrowSchemas;
import io.paimon.row.RowArrowReader;
import io.paimon.types.RowType;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.roaringbitmap.RoaringBitmap;

/** Decodes blocks straight into the vectors of one reused root; see {@link RowArrowReader}. */
final class ArrowRowReaderImpl extends RowArrowReader {

  private final BlockStream stream;
  private final RowCodec codec;
  private final RowType rowType;
  private final RowCursor rows;
  private final int batchSize;
  private final BlockInput in;
  private final long[] rowNumbers;
  private FieldVector[] vectors;
  private ArrowColumn[] columns;
  private DecodedBlock block;
  private int batchRows;
  private boolean done;

  ArrowRowReaderImpl(
      BufferAllocator allocator,
      BlockStream stream,
      RowCodec codec,
      RowType rowType,
      RoaringBitmap selection,
      int batchSize,
      String name) {
    super(allocator);
    this.stream = stream;
    this.codec = codec;
    this.rowType = rowType;
    this.rows = new RowCursor(selection);
    this.batchSize = batchSize;
    this.in = new BlockInput(name);
    this.rowNumbers = new long[batchSize];
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    ensureInitialized();
    VectorSchemaRoot root = getVectorSchemaRoot();
    if (vectors == null) {
      List<FieldVector> list = root.getFieldVectors();
      vectors = list.toArray(new FieldVector[0]);
      columns = codec.arrowColumns(vectors);
    }
    for (ArrowColumn c : columns) {
      c.reset(batchSize);
    }
    int count = 0;
    while (count < batchSize && !done) {
      int r = rows.next();
      if (r < 0) {
        block = stream.next();
        if (block == null) {
          done = true;
          break;
        }
        in.reset(block.data, block.index, block.fileOffset);
        rows.reset(block);
        continue;
      }
      long rowNumber = block.firstRow + r;
      in.row(block.offsets[r], block.offsets[r + 1], rowNumber);
      codec.readColumns(in, columns);
      rowNumbers[count++] = rowNumber;
    }
    for (ArrowColumn c : columns) {
      c.finish();
    }
    batchRows = count;
    root.setRowCount(count);
    return count > 0;
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
  protected void closeReadSource() {
    stream.close();
  }

  @Override
  protected Schema readSchema() {
    return ArrowSchemas.toArrowSchema(rowType);
  }
}
