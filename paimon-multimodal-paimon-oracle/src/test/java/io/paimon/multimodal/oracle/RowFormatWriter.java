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
package io.paimon.multimodal.oracle;

import io.paimon.row.Row;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileWriter;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.paimon.data.Blob;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.format.FormatWriter;
import org.apache.paimon.fs.PositionOutputStream;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeRoot;
import org.apache.paimon.types.RowType;

/**
 * Writes Paimon rows to a {@code .row} file through our {@link RowFileWriter}. A top-level BLOB
 * cell (only {@code blob-descriptor-field} columns reach a data file; the others go to {@code
 * .blob} files) is stored as {@code blob.toDescriptor().serialize()}, as Paimon 1.4.2's
 * parquet/orc/avro writers do. {@link #close()} finishes the file and leaves Paimon's stream open:
 * Paimon flushes, measures and closes it itself. Not thread-safe.
 */
final class RowFormatWriter implements FormatWriter {

  private final RowType type;
  private final InternalRow.FieldGetter[] getters;
  private final boolean[] blob;
  private final RowFileWriter writer;

  RowFormatWriter(PositionOutputStream out, RowType type, RowFileOptions options) {
    this.type = type;
    int n = type.getFieldCount();
    this.getters = new InternalRow.FieldGetter[n];
    this.blob = new boolean[n];
    for (int i = 0; i < n; i++) {
      getters[i] = InternalRow.createFieldGetter(type.getTypeAt(i), i);
      blob[i] = type.getTypeAt(i).getTypeRoot() == DataTypeRoot.BLOB;
    }
    this.writer =
        RowFile.newWriter(
            new KeepOpenOutputStream(out), "Paimon data file", PaimonTypes.toOurs(type), options);
  }

  @Override
  public void addElement(InternalRow row) throws IOException {
    Object[] values = new Object[getters.length];
    for (int i = 0; i < values.length; i++) {
      Object v = getters[i].getFieldOrNull(row);
      DataType t = type.getTypeAt(i);
      values[i] = blob[i] && v != null ? descriptorBytes((Blob) v, i) : PaimonValues.toJava(v, t);
    }
    writer.write(Row.wrap(values));
  }

  private byte[] descriptorBytes(Blob blob, int field) {
    try {
      return blob.toDescriptor().serialize();
    } catch (RuntimeException e) {
      // Blob.fromData has no descriptor; Paimon's parquet writer fails the same way.
      throw new IllegalArgumentException(
          "BLOB column '"
              + type.getFields().get(field).name()
              + "' of a row data file needs a Blob with a descriptor (blob-descriptor-field);"
              + " got "
              + blob.getClass().getSimpleName(),
          e);
    }
  }

  /**
   * Whether the compressed bytes written so far reached {@code targetSize}, when asked to check.
   */
  @Override
  public boolean reachTargetSize(boolean suggestedCheck, long targetSize) {
    return suggestedCheck && writer.bytesWritten() >= targetSize;
  }

  @Override
  public void close() throws IOException {
    writer.close();
  }

  /** Hands writes to Paimon's stream and flushes it on close instead of closing it. */
  private static final class KeepOpenOutputStream extends OutputStream {
    private final PositionOutputStream out;

    KeepOpenOutputStream(PositionOutputStream out) {
      this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.flush();
    }
  }
}
