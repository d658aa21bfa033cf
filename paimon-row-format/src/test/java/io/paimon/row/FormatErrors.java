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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import io.paimon.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** Assertions and small readers shared by the malformed-input tests. */
final class FormatErrors {

  private FormatErrors() {}

  /**
   * Asserts that {@code call} throws a {@link RowFormatException} naming {@code file} and {@code
   * offset} (in {@link RowFormatException#file()}, {@link RowFormatException#offset()} and the
   * message) whose message contains {@code fragment}.
   */
  static RowFormatException assertFormatError(
      ThrowingCallable call, String file, long offset, String fragment) {
    String prefix = offset >= 0 ? file + " at offset " + offset + ": " : file + ": ";
    return assertThatExceptionOfType(RowFormatException.class)
        .isThrownBy(call)
        .withMessageStartingWith(prefix)
        .withMessageContaining(fragment)
        .satisfies(
            e -> {
              assertThat(e.file()).as("file()").isEqualTo(file);
              assertThat(e.offset()).as("offset()").isEqualTo(offset);
            })
        .actual();
  }

  /** Opens in-memory bytes under {@code name}. */
  static RowFileReader open(String name, byte[] file, RowType type) throws IOException {
    return RowFile.open(new CountingSeekableInput(name, file), type, RowFileOptions.defaults());
  }

  /** Opens in-memory bytes under {@code name} and reads every row with an iterator. */
  static List<Row> readAll(String name, byte[] file, RowType type, RowFileOptions options)
      throws IOException {
    try (RowFileReader reader = RowFile.open(new CountingSeekableInput(name, file), type, options);
        CloseableIterator<Row> it = reader.iterator()) {
      List<Row> rows = new ArrayList<>();
      while (it.hasNext()) {
        rows.add(it.next());
      }
      return rows;
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /** Reads every row of {@code reader} into {@code rows} with an iterator, then closes both. */
  static void drainInto(RowFileReader reader, List<Row> rows) throws IOException {
    try (reader;
        CloseableIterator<Row> it = reader.iterator()) {
      while (it.hasNext()) {
        rows.add(it.next());
      }
    }
  }

  /** Reads every row of {@code reader} with an iterator, then closes both. */
  static List<Row> drain(RowFileReader reader) throws IOException {
    List<Row> rows = new ArrayList<>();
    drainInto(reader, rows);
    return rows;
  }
}
