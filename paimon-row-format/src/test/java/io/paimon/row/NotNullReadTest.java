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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A null in the data where the reading schema says NOT NULL is a schema that does not fit. */
class NotNullReadTest {

  @TempDir Path dir;

  private Path write(RowType type, Row... rows) throws Exception {
    Path file = dir.resolve("f.row");
    try (RowFileWriter w = RowFile.newWriter(file, type, RowFileOptions.defaults())) {
      for (Row r : rows) {
        w.write(r);
      }
    }
    return file;
  }

  @Test
  void nullTopLevelFieldReadAsNotNullIsRejected() throws Exception {
    RowType written = (RowType) DataTypes.parse("ROW<a INT, b STRING>");
    Path file = write(written, Row.of(1, "x"), Row.of(null, "y"));
    RowType strict = (RowType) DataTypes.parse("ROW<a INT NOT NULL, b STRING>");
    try (RowFileReader r = RowFile.open(file, strict)) {
      assertThat(r.read(0)).isEqualTo(Row.of(1, "x"));
      assertThatThrownBy(() -> r.read(1))
          .isInstanceOf(RowFormatException.class)
          .hasMessageContaining("row 1")
          .hasMessageContaining("NOT NULL field 'a' is null");
    }
  }

  @Test
  void nullNestedFieldAndElementReadAsNotNullAreRejected() throws Exception {
    RowType written = (RowType) DataTypes.parse("ROW<r ROW<x INT>, l ARRAY<INT>>");
    Path file =
        write(
            written,
            Row.of(Row.of((Object) null), List.of(1)),
            Row.of(Row.of(2), Arrays.asList(1, null)));
    RowType strictRow = (RowType) DataTypes.parse("ROW<r ROW<x INT NOT NULL>, l ARRAY<INT>>");
    try (RowFileReader r = RowFile.open(file, strictRow);
        CloseableIterator<Row> it = r.iterator()) {
      assertThatThrownBy(it::next)
          .isInstanceOf(UncheckedIOException.class)
          .hasCauseInstanceOf(RowFormatException.class)
          .hasMessageContaining("NOT NULL field 'r.x' is null");
    }
    RowType strictList = (RowType) DataTypes.parse("ROW<r ROW<x INT>, l ARRAY<INT NOT NULL>>");
    try (RowFileReader r = RowFile.open(file, strictList)) {
      assertThat(r.read(0).get(1)).isEqualTo(List.of(1));
      assertThatThrownBy(() -> r.read(1))
          .isInstanceOf(RowFormatException.class)
          .hasMessageContaining("element 1 of 'l[]' is null but its type is NOT NULL");
    }
  }
}
