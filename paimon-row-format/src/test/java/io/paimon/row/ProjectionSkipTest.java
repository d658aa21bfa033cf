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

import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import io.paimon.types.Variant;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Projections skip length-prefixed fields (varint length plus bytes) they do not return. */
class ProjectionSkipTest {

  private static final RowType TYPE =
      (RowType)
          DataTypes.parse(
              "ROW<s STRING, b BYTES, d DECIMAL(30, 2), v VARIANT, tags ARRAY<STRING>, x INT>");

  private static Row row(int i) {
    return Row.of(
        "name-" + i,
        new byte[] {(byte) i, 2, 3},
        new BigDecimal("12345678901234567890.1" + (i % 10)),
        Variant.of(new byte[] {1, (byte) i}, new byte[] {7}),
        List.of("t" + i, "u"),
        i * 10);
  }

  @Test
  void projectingTheLastFieldSkipsEveryLengthPrefixedFieldBeforeIt(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("skip.row");
    try (RowFileWriter w = RowFile.newWriter(file, TYPE, RowFileOptions.defaults().blockSize(64))) {
      for (int i = 0; i < 20; i++) {
        w.write(row(i));
      }
    }

    try (RowFileReader reader = RowFile.open(file, TYPE)) {
      RowFileReader onlyX = reader.project(5);
      RowFileReader tagsAndX = reader.project(4, 5);
      List<Row> iterated = new ArrayList<>();
      try (CloseableIterator<Row> it = onlyX.iterator()) {
        it.forEachRemaining(iterated::add);
      }
      for (int i = 0; i < 20; i++) {
        assertThat(onlyX.read(i)).as("row %d", i).isEqualTo(Row.of(i * 10));
        assertThat(tagsAndX.read(i))
            .as("row %d", i)
            .isEqualTo(Row.of(List.of("t" + i, "u"), i * 10));
        assertThat(iterated.get(i)).as("iterated row %d", i).isEqualTo(Row.of(i * 10));
      }
      assertThat(iterated).hasSize(20);
    }
  }
}
