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

/**
 * Appends rows to a {@link RowFileWriter} straight from Arrow vectors, bound to the file's fields
 * once by {@link RowFileWriter#arrowAppender}: fixed-width values are read from the vectors' data
 * buffers, strings and binaries from their offset and data buffers, and ARRAY, MAP, MULTISET, ROW,
 * VECTOR and VARIANT values from the child vectors, without a Java object per value. The bytes
 * written are those {@link RowFileWriter#write(Row)} writes for the rows the codec's Arrow reader
 * would decode from the same vectors (a string's malformed UTF-8 is replaced as {@code new
 * String(bytes, UTF_8)} would, a map's repeated key kept once with its last value as a {@code
 * LinkedHashMap} would).
 *
 * <pre>{@code
 * try (RowFileWriter w = RowFile.newWriter(path, type, RowFileOptions.defaults())) {
 *   RowArrowAppender rows = w.arrowAppender(root.getFieldVectors());
 *   rows.appendRange(0, root.getRowCount());
 * }
 * }</pre>
 *
 * <p>An appender reads the vectors' buffers as each row is appended, so it stays usable when the
 * vectors are reloaded with new buffers (an {@code ArrowReader}'s root after {@code
 * loadNextBatch}); it must not be used once a vector is closed or replaced. Not thread-safe, like
 * the writer it appends to; it appends to that writer only.
 */
public interface RowArrowAppender {

  /**
   * Appends row {@code index} of the vectors; fields bound to no vector are null.
   *
   * <p>{@code index} must be below every bound vector's value count. Only the buffers are checked
   * here, not the value counts (as Arrow's own accessors do): a row outside a vector's buffers
   * throws {@link IndexOutOfBoundsException}, and one inside them but past the value count reads
   * what they hold. {@link #appendRange} checks the value counts.
   *
   * @throws IllegalArgumentException if a value is null in a NOT NULL field or breaks its type's
   *     rules (a TIME outside the day, a null VECTOR element), naming the field
   * @throws RowFormatException if a value cannot be stored in its declared type (a DECIMAL with
   *     more digits than its precision), naming the field
   * @throws IOException if the output fails
   * @see RowFileWriter#write(Row) for what happens to the writer when a row fails
   */
  void append(int index) throws IOException;

  /**
   * Appends row {@code index} of the vectors, taking the fields bound to no vector from {@code
   * values} (the Java value model of {@link RowFileWriter#write(Row)}, one value per field of the
   * file; the values of fields bound to a vector are ignored). For callers whose input has some
   * columns in another layout.
   *
   * @throws IllegalArgumentException as {@link #append(int)}, or as {@link
   *     RowFileWriter#write(Row)} for a value of {@code values}
   * @throws RowFormatException as {@link #append(int)} or {@link RowFileWriter#write(Row)}
   * @throws IOException if the output fails
   */
  void append(int index, Row values) throws IOException;

  /**
   * Appends rows {@code from} (inclusive) to {@code to} (exclusive) of the vectors, as {@link
   * #append(int)} each. If a row fails, the rows before it are written and the exception, whose
   * message starts with {@code "batch row <index>: "}, is that of {@link #append(int)}.
   *
   * @throws IllegalArgumentException if the range is not within every bound vector's value count,
   *     before anything is written
   */
  void appendRange(int from, int to) throws IOException;
}
