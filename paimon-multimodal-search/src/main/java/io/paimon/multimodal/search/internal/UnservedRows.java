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

import io.paimon.multimodal.Schema;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Reads the cells of rows no index file serves, range by range with {@code _ROW_ID} range scans of
 * the pinned snapshot, handing each allowed row to a visitor batch by batch (memory bounded by the
 * scan's batch size).
 */
final class UnservedRows {

  /** Sees one row: its ID and its cell at {@code row} of {@code cells}. */
  interface Visitor {
    void visit(long rowId, FieldVector cells, int row) throws IOException;
  }

  private UnservedRows() {}

  static void read(SnapshotView view, String column, RowRanges rows, Visitor visitor) {
    for (int i = 0; i < rows.size(); i++) {
      try (ArrowReader reader =
          view.scan()
              .select(column)
              .withRowId()
              .where(
                  Schema.ROW_ID + " >= ? AND " + Schema.ROW_ID + " < ?", rows.start(i), rows.end(i))
              .toArrowReader()) {
        while (reader.loadNextBatch()) {
          VectorSchemaRoot batch = reader.getVectorSchemaRoot();
          FieldVector cells = batch.getVector(column);
          BigIntVector ids = (BigIntVector) batch.getVector(Schema.ROW_ID);
          for (int r = 0; r < batch.getRowCount(); r++) {
            long rowId = ids.get(r);
            if (view.allows(rowId)) {
              visitor.visit(rowId, cells, r);
            }
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
