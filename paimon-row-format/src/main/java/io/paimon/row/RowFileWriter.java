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

import java.io.IOException;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Writes rows to a data file: a {@code .row} file (made by {@link RowFile#newWriter}), or a file of
 * another {@link DataFileFormat} (made by {@link DataFileFormat#newWriter}), which keeps the
 * contract below but buffers as its format does (a parquet row group). A {@code .row} writer
 * streams: memory is bounded by one block. Blocks are flushed by Paimon's rule (as soon as {@code
 * rowBytes + 4 * rows + 4 >= blockSize}) and compressed as one zstd frame each; {@link #close()}
 * writes the last block, the block index and the footer.
 *
 * <p>Not thread-safe. If {@link #write} throws an {@link IllegalArgumentException} or a {@link
 * RowFormatException}, the row was not written and the writer can go on; if an I/O error occurs the
 * file is incomplete and should be discarded. With an executor ({@link RowFileOptions#executor})
 * blocks are compressed and written there while the next block is encoded, so an I/O error writing
 * a block surfaces from a later {@link #write} or from {@link #close()}.
 *
 * <p>Rows come as {@link Row}s of Java values ({@link #write(Row)}) or straight from Arrow vectors
 * ({@link #write(VectorSchemaRoot)}, {@link #arrowAppender}); both write the same bytes for the
 * same rows.
 */
public interface RowFileWriter extends AutoCloseable {

  /**
   * Appends one row.
   *
   * @throws IllegalArgumentException if the row has the wrong number of fields, a value has the
   *     wrong Java type for its field, or a null is given for a NOT NULL field; the message names
   *     the field
   * @throws RowFormatException if a value cannot be stored in its declared type (a DECIMAL with
   *     more digits than its precision, a VECTOR of the wrong length)
   * @throws IOException if the output fails
   */
  void write(Row row) throws IOException;

  /**
   * Appends every row of an Arrow batch whose vectors hold the file's fields in order, in the
   * layout {@link ArrowSchemas#toArrowSchema} gives the row type (which is what {@link
   * RowFileReader#arrowReader} fills; the vectors' names are not looked at). The same as {@code
   * arrowAppender(batch.getFieldVectors()).appendRange(0, batch.getRowCount())}.
   *
   * @throws IllegalArgumentException if the batch has the wrong number of vectors, or as {@link
   *     RowArrowAppender#appendRange}
   * @throws RowFormatException as {@link RowArrowAppender#appendRange}
   * @throws IOException if the output fails
   */
  void write(VectorSchemaRoot batch) throws IOException;

  /**
   * Binds Arrow vectors to the file's fields, to append rows straight from them (see {@link
   * RowArrowAppender}). {@code vectors.get(i)} holds field {@code i} in the layout {@link
   * ArrowSchemas#matches} accepts for its type, or is null: that field's values are then null, or
   * taken from the row given to {@link RowArrowAppender#append(int, Row)}.
   *
   * @throws IllegalArgumentException if {@code vectors} does not have one entry per field, or a
   *     vector has another layout; the message names the field
   */
  RowArrowAppender arrowAppender(List<? extends FieldVector> vectors);

  /** The number of rows written so far. */
  long rowCount();

  /**
   * The number of bytes written to the output so far (compressed blocks; after {@link #close()},
   * the whole file). Useful to roll files at a target size.
   */
  long bytesWritten();

  /** Flushes the last block and writes the index and footer; closing twice is harmless. */
  @Override
  void close() throws IOException;
}
