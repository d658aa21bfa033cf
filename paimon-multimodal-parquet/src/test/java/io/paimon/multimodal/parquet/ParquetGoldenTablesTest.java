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
package io.paimon.multimodal.parquet;

import io.paimon.multimodal.PaimonGoldenTablesTest;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The golden-table suite of core over the golden tables with parquet data files, which Paimon Java
 * 1.4.2 and pypaimon wrote: every row and {@code _ROW_ID} as their own readers returned them, tags,
 * projections, takes and counts, now that the parquet format is on the class path.
 */
class ParquetGoldenTablesTest extends PaimonGoldenTablesTest {

  private static final String DOCS =
      "ROW<id BIGINT NOT NULL, content STRING, image BLOB, category STRING>";
  private static final String EVENTS = "ROW<id BIGINT, v STRING, category STRING>";

  static Stream<RowTable> rowTables() {
    return Stream.of(
        new RowTable("paimon-java-1.4.2-parquet", "docs", DOCS, List.of(), "v1"),
        new RowTable("paimon-java-1.4.2-parquet", "events", EVENTS, List.of("category"), null),
        new RowTable("pypaimon-2.x-parquet", "docs", DOCS, List.of(), null),
        new RowTable("paimon-java-1.4.2-row", "events", EVENTS, List.of("category"), null));
  }

  static Stream<RowTable> docsTables() {
    return rowTables().filter(t -> t.name().equals("docs"));
  }

  /** The parent's projection (id, image) exists in the docs tables only. */
  @Override
  @ParameterizedTest(name = "{0}")
  @MethodSource("docsTables")
  protected void projectionReturnsTheSameValuesForItsColumns(RowTable golden) {
    super.projectionReturnsTheSameValuesForItsColumns(golden);
  }

  static Stream<RowTable> taggedRowTables() {
    return rowTables().filter(t -> t.tag() != null);
  }

  /** Not a test here: with the parquet format registered, these tables are read, not refused. */
  @Override
  protected void parquetDataFilesFailNamingTheFormat(ParquetTable golden) {}
}
