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
package io.paimon.row;

import io.paimon.types.RowType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Writes rows to an in-memory {@code .row} file and reads them back, for tests. */
final class RowFiles {

  private RowFiles() {}

  /** The bytes of a file holding {@code rows}, written with {@code options}. */
  static byte[] write(RowType type, List<Row> rows, RowFileOptions options) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    RowFileWriter writer = RowFile.newWriter(out, "memory.row", type, options);
    try (writer) {
      for (Row row : rows) {
        writer.write(row);
      }
    }
    if (writer.bytesWritten() != out.size() || writer.rowCount() != rows.size()) {
      throw new AssertionError(
          "writer reports "
              + writer.rowCount()
              + " rows and "
              + writer.bytesWritten()
              + " bytes, wrote "
              + rows.size()
              + " rows and "
              + out.size()
              + " bytes");
    }
    return out.toByteArray();
  }

  /** Every row of a reader's iterator, in order. */
  static List<Row> readAll(RowFileReader reader) throws IOException {
    List<Row> rows = new ArrayList<>();
    try (CloseableIterator<Row> it = reader.iterator()) {
      while (it.hasNext()) {
        rows.add(it.next());
      }
    }
    return rows;
  }
}
