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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SchemaChange;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.SplitFile;
import io.paimon.multimodal.Table;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a {@code file.format = parquet} table accepts: its parquet options are checked when it is
 * created or altered (the message names the option, and nothing is written), VECTOR columns are
 * refused (Paimon 1.4.2 cannot open a parquet table holding one), and {@code file.format} can be
 * switched between formats this library writes but not to one it only reads or does not know.
 */
class ParquetTableOptionsTest {

  @TempDir Path dir;

  private Connection conn;

  @BeforeEach
  void connect() {
    conn = Multimodal.connect(dir.resolve("warehouse").toString());
  }

  @AfterEach
  void close() {
    conn.close();
  }

  private static Schema schema(String... options) {
    Schema.Builder b =
        Schema.builder().column("id", DataTypes.BIGINT().notNull()).column("s", DataTypes.STRING());
    for (int i = 0; i < options.length; i += 2) {
      b.option(options[i], options[i + 1]);
    }
    return b.build();
  }

  @Test
  void malformedParquetOptionsAreRefusedNamingTheOptionAndCreateNothing() {
    Map<String, String> bad =
        Map.of(
            "file.compression", "brotli",
            "parquet.block.size", "lots",
            "parquet.page.size", "-1",
            "parquet.enable.dictionary", "maybe",
            "parquet.writer.version", "v3",
            "parquet.compression.codec.zstd.level", "99");
    for (Map.Entry<String, String> e : bad.entrySet()) {
      assertThatThrownBy(
              () ->
                  conn.createTable(
                      "t", schema("file.format", "parquet", e.getKey(), e.getValue()), false))
          .as(e.getKey())
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining(e.getKey())
          .hasMessageContaining(e.getValue());
      assertThat(conn.listTables()).as(e.getKey()).isEmpty();
    }
  }

  @Test
  void vectorColumnsAreRefusedInParquetTables() {
    Schema withVector =
        Schema.builder()
            .column("id", DataTypes.BIGINT())
            .column("embedding", DataTypes.VECTOR(DataTypes.FLOAT(), 4))
            .option("file.format", "parquet")
            .build();
    assertThatThrownBy(() -> conn.createTable("v", withVector, false))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("embedding")
        .hasMessageContaining("VECTOR")
        .hasMessageContaining("file.format = row");
    Table rows =
        conn.createTable(
            "v",
            Schema.builder()
                .column("id", DataTypes.BIGINT())
                .column("embedding", DataTypes.VECTOR(DataTypes.FLOAT(), 4))
                .build(),
            false);
    assertThatThrownBy(() -> rows.alter(SchemaChange.setOption("file.format", "parquet")))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("embedding");
    assertThat(conn.getTable("v").schema().options()).containsEntry("file.format", "row");
  }

  @Test
  void theFileFormatSwitchesOnlyBetweenFormatsThisLibraryWrites() {
    Table t = conn.createTable("t", schema(), false);
    assertThat(t.schema().options()).containsEntry("file.format", "row");
    t.add(List.of(Map.of("id", 1L, "s", "a")));
    t.alter(SchemaChange.setOption("file.format", "parquet"));
    t = conn.getTable("t");
    t.add(List.of(Map.of("id", 2L, "s", "b")));
    t.alter(SchemaChange.setOption("file.format", "row"));
    t = conn.getTable("t");
    t.add(List.of(Map.of("id", 3L, "s", "c")));
    List<String> formats =
        t.scan().plan().stream().flatMap(s -> s.files().stream()).map(SplitFile::format).toList();
    assertThat(formats).containsExactlyInAnyOrder("row", "parquet", "row");
    assertThat(t.scan().select("id").toList())
        .extracting(m -> m.get("id"))
        .containsExactlyInAnyOrder(1L, 2L, 3L);
    for (String format : List.of("orc", "avro", "lance")) {
      Table current = t;
      assertThatThrownBy(() -> current.alter(SchemaChange.setOption("file.format", format)))
          .as(format)
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("file.format")
          .hasMessageContaining(format);
    }
  }
}
