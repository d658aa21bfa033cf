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
 * stored as lists, and {@code file.format} can be switched between formats this library writes but
 * not to one it only reads or does not know.
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

  /**
   * VECTOR columns are stored as later Paimon versions store them in parquet (a list of the element
   * type) and read back as VECTORs, also in a table switched from row to parquet.
   */
  @Test
  void vectorColumnsAreStoredAsListsAndReadBackAsVectors() {
    Table t =
        conn.createTable(
            "v",
            Schema.builder()
                .column("id", DataTypes.BIGINT())
                .column("embedding", DataTypes.VECTOR(DataTypes.FLOAT(), 4))
                .build(),
            false);
    t.add(List.of(Map.of("id", 1L, "embedding", new float[] {1, 2, 3, 4})));
    t.alter(SchemaChange.setOption("file.format", "parquet"));
    t = conn.getTable("v");
    java.util.Map<String, Object> nullVector = new java.util.HashMap<>();
    nullVector.put("id", 3L);
    nullVector.put("embedding", null);
    t.add(List.of(Map.of("id", 2L, "embedding", new float[] {-1, 0.5f, 0, 9}), nullVector));
    assertThat(t.scan().plan().stream().flatMap(p -> p.files().stream()).map(SplitFile::format))
        .contains("row", "parquet");
    List<Map<String, Object>> rows = t.scan().toList();
    assertThat(rows).hasSize(3);
    assertThat((float[]) rows.get(0).get("embedding")).containsExactly(1, 2, 3, 4);
    assertThat((float[]) rows.get(1).get("embedding")).containsExactly(-1, 0.5f, 0, 9);
    assertThat(rows.get(2).get("embedding")).isNull();
    assertThat((float[]) t.takeRowIds(List.of(1L)).toList().get(0).get("embedding"))
        .containsExactly(-1, 0.5f, 0, 9);
    Table wrongLength = t;
    assertThatThrownBy(
            () -> wrongLength.add(List.of(Map.of("id", 4L, "embedding", new float[] {1, 2}))))
        .hasMessageContaining("embedding");
    assertThat(t.scan().count()).isEqualTo(3);
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
