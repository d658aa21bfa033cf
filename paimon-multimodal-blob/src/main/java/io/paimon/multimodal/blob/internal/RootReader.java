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
package io.paimon.multimodal.blob.internal;

import io.paimon.multimodal.arrow.VectorCopy;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The rows of a caller's root as a one-batch {@link ArrowReader}, for reading their payloads: the
 * batch is a copy, allocated where the rows are, so the caller keeps the root. Not thread-safe.
 */
final class RootReader extends ArrowReader {

  private final VectorSchemaRoot rows;
  private boolean loaded;

  RootReader(VectorSchemaRoot rows) {
    super(allocatorOf(rows));
    this.rows = rows;
  }

  private static org.apache.arrow.memory.BufferAllocator allocatorOf(VectorSchemaRoot rows) {
    List<FieldVector> vectors = rows.getFieldVectors();
    if (vectors.isEmpty()) {
      throw new IllegalArgumentException("the rows have no columns");
    }
    return vectors.get(0).getAllocator();
  }

  @Override
  public boolean loadNextBatch() throws java.io.IOException {
    ensureInitialized();
    if (loaded) {
      return false;
    }
    loaded = true;
    int n = rows.getRowCount();
    VectorSchemaRoot out = getVectorSchemaRoot();
    for (int i = 0; i < out.getFieldVectors().size(); i++) {
      VectorCopy.copyRows(rows.getVector(i), null, 0, n, out.getVector(i), 0);
    }
    out.setRowCount(n);
    return n > 0;
  }

  @Override
  public long bytesRead() {
    return 0;
  }

  @Override
  protected void closeReadSource() {}

  @Override
  protected Schema readSchema() {
    return rows.getSchema();
  }
}
