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

import io.paimon.row.internal.LocalSeekableInput;
import io.paimon.row.internal.RowFileReaderImpl;
import io.paimon.row.internal.RowFileWriterImpl;
import io.paimon.types.RowType;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Entry points of the {@code .row} codec: writers and readers of Apache Paimon's row-oriented file
 * format (specified in {@code docs/row-format.md}).
 *
 * <pre>{@code
 * RowType type = (RowType) DataTypes.parse("ROW<id BIGINT, name STRING, tags ARRAY<STRING>>");
 * try (RowFileWriter w = RowFile.newWriter(path, type, RowFileOptions.defaults())) {
 *   w.write(Row.of(1L, "a", List.of("x")));
 * }
 * try (RowFileReader r = RowFile.open(path, type)) {
 *   Row row = r.read(0);
 * }
 * }</pre>
 */
public final class RowFile {

  private RowFile() {}

  /**
   * Creates a new file at {@code path} and returns a writer for it.
   *
   * @throws java.nio.file.FileAlreadyExistsException if the file exists
   */
  public static RowFileWriter newWriter(Path path, RowType type, RowFileOptions options)
      throws IOException {
    OutputStream out =
        Files.newOutputStream(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    try {
      return new RowFileWriterImpl(
          new BufferedOutputStream(out, 256 * 1024), path.toString(), type, options);
    } catch (RuntimeException e) {
      out.close();
      throw e;
    }
  }

  /**
   * Returns a writer onto {@code out}, which the writer owns from now on and closes when it is
   * closed.
   *
   * @param name the file name used in messages
   */
  public static RowFileWriter newWriter(
      OutputStream out, String name, RowType type, RowFileOptions options) {
    return new RowFileWriterImpl(out, name, type, options);
  }

  /**
   * Opens {@code path} with the default options; see {@link #open(SeekableInput, RowType,
   * RowFileOptions)}.
   */
  public static RowFileReader open(Path path, RowType type) throws IOException {
    return open(path, type, RowFileOptions.defaults());
  }

  /** Opens {@code path}; see {@link #open(SeekableInput, RowType, RowFileOptions)}. */
  public static RowFileReader open(Path path, RowType type, RowFileOptions options)
      throws IOException {
    return open(LocalSeekableInput.open(path), type, options);
  }

  /**
   * Opens a file whose rows have the given type, reading and validating its footer and block index.
   * The reader owns {@code input} from now on: it is closed when the reader is, or at once if
   * opening fails.
   *
   * @throws RowFormatException if the footer or the index is malformed
   */
  public static RowFileReader open(SeekableInput input, RowType type, RowFileOptions options)
      throws IOException {
    return RowFileReaderImpl.open(input, type, options);
  }

  /** A thread-safe {@link SeekableInput} over a local file, using positional reads. */
  public static SeekableInput localInput(Path path) throws IOException {
    return LocalSeekableInput.open(path);
  }
}
