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
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;

/**
 * A data file format other than {@code .row}, found through {@link java.util.ServiceLoader} by the
 * extension of the data file's name (Paimon picks the reader by extension, not by the table's
 * {@code file.format}). Register an implementation in {@code
 * META-INF/services/io.paimon.row.DataFileFormat}; {@link DataFileFormats} finds it.
 * Implementations are stateless and thread-safe. A format may also write files ({@link #canWrite}):
 * then tables whose {@code file.format} names it are written in it.
 */
public interface DataFileFormat {

  /** The lower-case file name extension this format reads, without the dot ({@code parquet}). */
  String extension();

  /**
   * Opens a data file for reading as {@code fileType}, the schema it was written with. Columns of
   * {@code fileType} that the file does not hold read as nulls.
   *
   * @throws RowFormatException if the file is malformed, naming the file
   */
  RowFileReader open(SeekableInput input, RowType fileType, RowFileOptions options)
      throws IOException;

  /** Whether this format writes files ({@link #newWriter}); by default it only reads them. */
  default boolean canWrite() {
    return false;
  }

  /**
   * Opens a writer of a new data file of {@code fileType}'s rows to {@code out}, which the writer
   * owns and closes. {@code tableOptions} are the options of the table written, from which the
   * format takes its own (Paimon's {@code file.compression} and the format's prefixed keys, such as
   * {@code parquet.block.size}); {@code rowOptions} carry what applies to every format ({@code
   * file.compression.zstd-level}, the executor).
   *
   * @throws IllegalArgumentException if an option of {@code tableOptions} this format reads is
   *     malformed, naming the option
   * @throws UnsupportedOperationException if the format does not write ({@link #canWrite} false)
   * @throws IOException if the output fails
   */
  default RowFileWriter newWriter(
      OutputStream out,
      String name,
      RowType fileType,
      Map<String, String> tableOptions,
      RowFileOptions rowOptions)
      throws IOException {
    throw new UnsupportedOperationException(extension() + " files are read, not written");
  }

  /**
   * Checks, before a table is created or altered to write this format, that its options are ones
   * {@link #newWriter} accepts and that every column type can be stored.
   *
   * @throws IllegalArgumentException naming the option or the column otherwise
   */
  default void checkWritable(RowType rowType, Map<String, String> tableOptions) {}
}
