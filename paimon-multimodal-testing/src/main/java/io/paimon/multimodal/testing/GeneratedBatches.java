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
package io.paimon.multimodal.testing;

import io.paimon.row.ArrowSchemas;
import io.paimon.types.DataType;
import io.paimon.types.RowType;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An Arrow stream of generated rows {@code [first, end)}, {@code batchRows} at a time: what the
 * table builders hand to {@link io.paimon.multimodal.Table#add(ArrowReader)}, so a table of any
 * size is written in one commit in memory bounded by the batch. Holds the types the builders
 * generate: BIGINT, INT, STRING, BLOB and BYTES, VECTOR of FLOAT. Not thread-safe; the caller
 * closes it.
 */
final class GeneratedBatches extends ArrowReader {

  private final RowType rowType;
  private final Schema schema;
  private final long end;
  private final int batchRows;
  private final LongFunction<Map<String, Object>> row;
  private long next;

  GeneratedBatches(
      BufferAllocator allocator,
      RowType rowType,
      long first,
      long end,
      int batchRows,
      LongFunction<Map<String, Object>> row) {
    super(allocator);
    this.rowType = rowType;
    this.schema = ArrowSchemas.toArrowSchema(rowType);
    this.end = end;
    this.batchRows = batchRows;
    this.row = row;
    this.next = first;
  }

  @Override
  protected Schema readSchema() {
    return schema;
  }

  @Override
  public boolean loadNextBatch() throws java.io.IOException {
    if (next >= end) {
      return false;
    }
    VectorSchemaRoot root = getVectorSchemaRoot();
    root.clear();
    root.allocateNew();
    int n = (int) Math.min(batchRows, end - next);
    List<String> names = rowType.fieldNames();
    List<FieldVector> vectors = root.getFieldVectors();
    for (int i = 0; i < n; i++) {
      Map<String, Object> values = row.apply(next + i);
      for (int c = 0; c < names.size(); c++) {
        set(vectors.get(c), rowType.typeAt(c), i, values.get(names.get(c)));
      }
    }
    for (FieldVector v : vectors) {
      v.setValueCount(n);
    }
    root.setRowCount(n);
    next += n;
    return true;
  }

  private static void set(FieldVector vector, DataType type, int i, Object value) {
    if (value == null) {
      if (vector instanceof FixedSizeListVector list) {
        list.startNewValue(i);
        list.setNull(i);
      } else {
        vector.setNull(i);
      }
      return;
    }
    switch (type.root()) {
      case BIGINT -> ((BigIntVector) vector).setSafe(i, (Long) value);
      case INTEGER -> ((IntVector) vector).setSafe(i, (Integer) value);
      case VARCHAR ->
          ((VarCharVector) vector)
              .setSafe(i, ((String) value).getBytes(java.nio.charset.StandardCharsets.UTF_8));
      case BLOB, VARBINARY -> ((VarBinaryVector) vector).setSafe(i, (byte[]) value);
      case VECTOR -> {
        FixedSizeListVector list = (FixedSizeListVector) vector;
        float[] floats = (float[]) value;
        int start = list.startNewValue(i);
        Float4Vector elements = (Float4Vector) list.getDataVector();
        for (int d = 0; d < floats.length; d++) {
          elements.setSafe(start + d, floats[d]);
        }
      }
      default -> throw new IllegalStateException("generated batches do not hold " + type);
    }
  }

  @Override
  public long bytesRead() {
    return 0;
  }

  @Override
  protected void closeReadSource() {}
}
