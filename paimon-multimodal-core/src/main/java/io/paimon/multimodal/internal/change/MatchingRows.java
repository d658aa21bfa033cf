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
package io.paimon.multimodal.internal.change;

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.internal.scan.ScanImpl;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.ipc.ArrowReader;

/** The rows of a snapshot a predicate matches, found by a scan of their row IDs. Stateless. */
final class MatchingRows {

  private MatchingRows() {}

  /** The sorted row IDs of the rows of snapshot {@code snapshotId} that {@code where} matches. */
  static long[] rowIds(Table owner, long snapshotId, String where, List<Object> parameters)
      throws java.io.IOException {
    long[] ids = new long[64];
    int n = 0;
    try (ArrowReader reader =
        ScanImpl.atSnapshotInCurrentSchema(owner.scan(), snapshotId)
            .where(where, parameters.toArray())
            .select(Schema.ROW_ID)
            .toArrowReader()) {
      while (reader.loadNextBatch()) {
        BigIntVector v = (BigIntVector) reader.getVectorSchemaRoot().getVector(0);
        int rows = v.getValueCount();
        if (n + rows > ids.length) {
          ids = Arrays.copyOf(ids, Math.max(ids.length * 2, n + rows));
        }
        for (int i = 0; i < rows; i++) {
          ids[n++] = v.get(i);
        }
      }
    }
    long[] out = Arrays.copyOf(ids, n);
    Arrays.sort(out);
    return out;
  }
}
