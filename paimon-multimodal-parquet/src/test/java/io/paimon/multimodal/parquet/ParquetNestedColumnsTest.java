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
import io.paimon.multimodal.Table;
import io.paimon.row.Row;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.row.RowFileWriter;
import io.paimon.row.RowFormatException;
import io.paimon.types.DataField;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import io.paimon.types.Variant;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nested columns of a parquet table, hand-picked so that every level case occurs: null and empty
 * lists and maps, null elements and values, a null ROW holding a list, lists of lists of ROWs,
 * MULTISET counts and VARIANT values; read back through a scan, a projection and takes that skip
 * rows (the assembly must consume each skipped row's level entries exactly).
 */
class ParquetNestedColumnsTest {

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

  @Test
  void nestedValuesReadBackExactly() {
    Schema schema =
        Schema.builder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("tags", DataTypes.ARRAY(DataTypes.STRING()))
            .column("grid", DataTypes.ARRAY(DataTypes.ARRAY(DataTypes.INT().notNull())))
            .column("attrs", DataTypes.MAP(DataTypes.STRING().notNull(), DataTypes.DOUBLE()))
            .column("bag", DataTypes.MULTISET(DataTypes.INT()))
            .column(
                "pose",
                DataTypes.ROW(
                    DataTypes.FIELD("x", DataTypes.FLOAT()),
                    DataTypes.FIELD(
                        "hist",
                        DataTypes.ARRAY(
                            DataTypes.ROW(
                                DataTypes.FIELD("t", DataTypes.BIGINT()),
                                DataTypes.FIELD("label", DataTypes.STRING()))))))
            .column("v", DataTypes.VARIANT())
            .option("file.format", "parquet")
            .option("parquet.page.size", "64")
            .build();
    Table t = conn.createTable("nested", schema, false);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (long i = 0; i < 300; i++) {
      rows.add(row(i));
    }
    t.add(rows);

    List<Map<String, Object>> read = t.scan().toList();
    assertThat(read).hasSize(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      assertSame(read.get(i), rows.get(i), "row " + i);
    }
    List<Map<String, Object>> projected = t.scan().select("pose", "id").toList();
    for (int i = 0; i < rows.size(); i++) {
      assertThat(normal(projected.get(i).get("pose")))
          .as("row " + i)
          .isEqualTo(normal(rows.get(i).get("pose")));
    }
    List<Long> ids = List.of(299L, 3L, 150L, 151L, 7L, 298L);
    List<Map<String, Object>> taken = t.takeRowIds(ids).toList();
    for (int i = 0; i < ids.size(); i++) {
      assertSame(taken.get(i), rows.get(ids.get(i).intValue()), "take " + ids.get(i));
    }
    assertThat(t.scan().where("id >= 290").count()).isEqualTo(10);
  }

  /**
   * VECTOR as later Paimon versions store it in parquet, a list of the element type: read into a
   * fixed-size list of the type's length (Arrow) and a primitive array (Java), a list of another
   * length refused naming the column.
   */
  @Test
  void vectorColumnsReadFromParquetLists() throws Exception {
    RowType listType =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().notNull()),
                new DataField(1, "emb", DataTypes.ARRAY(DataTypes.FLOAT().notNull()))));
    RowType vectorType =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().notNull()),
                new DataField(1, "emb", DataTypes.VECTOR(DataTypes.FLOAT(), 3))));
    Path file = dir.resolve("vectors.parquet");
    try (OutputStream out = Files.newOutputStream(file);
        RowFileWriter w =
            new ParquetFormat()
                .newWriter(out, "vectors.parquet", listType, Map.of(), RowFileOptions.defaults())) {
      for (long i = 0; i < 100; i++) {
        w.write(Row.of(i, i % 10 == 0 ? null : List.of(i + 0.5f, -1f, (float) i)));
      }
    }
    try (RowFileReader reader =
            new ParquetFormat()
                .open(RowFile.localInput(file), vectorType, RowFileOptions.defaults());
        RootAllocator allocator = new RootAllocator();
        RowArrowReader arrow = reader.arrowReader(allocator, 64)) {
      int seen = 0;
      while (arrow.loadNextBatch()) {
        FixedSizeListVector v = (FixedSizeListVector) arrow.getVectorSchemaRoot().getVector("emb");
        Float4Vector data = (Float4Vector) v.getDataVector();
        for (int i = 0; i < v.getValueCount(); i++, seen++) {
          if (seen % 10 == 0) {
            assertThat(v.isNull(i)).as("row " + seen).isTrue();
          } else {
            assertThat(new float[] {data.get(3 * i), data.get(3 * i + 1), data.get(3 * i + 2)})
                .as("row " + seen)
                .containsExactly(seen + 0.5f, -1f, (float) seen);
          }
        }
      }
      assertThat(seen).isEqualTo(100);
      assertThat((float[]) reader.read(7).get(1)).containsExactly(7.5f, -1f, 7f);
      assertThat(reader.read(20).get(1)).isNull();
    }

    Path wrong = dir.resolve("wrong.parquet");
    try (OutputStream out = Files.newOutputStream(wrong);
        RowFileWriter w =
            new ParquetFormat()
                .newWriter(out, "wrong.parquet", listType, Map.of(), RowFileOptions.defaults())) {
      w.write(Row.of(0L, List.of(1f, 2f, 3f)));
      w.write(Row.of(1L, List.of(1f, 2f, 3f, 4f)));
    }
    try (RowFileReader reader =
            new ParquetFormat()
                .open(RowFile.localInput(wrong), vectorType, RowFileOptions.defaults());
        RootAllocator allocator = new RootAllocator();
        RowArrowReader arrow = reader.arrowReader(allocator, 64)) {
      assertThatThrownBy(arrow::loadNextBatch)
          .isInstanceOf(RowFormatException.class)
          .hasMessageContaining("wrong.parquet")
          .hasMessageContaining("VECTOR column 'emb' of length 3 holds a list of more than 3");
    }
  }

  private static void assertSame(
      Map<String, Object> actual, Map<String, Object> expected, String as) {
    for (String k : expected.keySet()) {
      assertThat(normal(actual.get(k))).as(as + " column " + k).isEqualTo(normal(expected.get(k)));
    }
  }

  /** Rows and arrays to lists, so that values compare by content. */
  private static Object normal(Object v) {
    if (v instanceof Row r) {
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < r.size(); i++) {
        out.add(normal(r.get(i)));
      }
      return out;
    }
    if (v instanceof Map<?, ?> m) {
      List<Object> out = new ArrayList<>();
      m.forEach((k, x) -> out.add(List.of(String.valueOf(k), String.valueOf(normal(x)))));
      return out;
    }
    if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      l.forEach(x -> out.add(normal(x)));
      return out;
    }
    if (v instanceof Variant var) {
      return Arrays.toString(var.value()) + Arrays.toString(var.metadata());
    }
    return v;
  }

  private static Map<String, Object> row(long i) {
    Map<String, Object> m = new HashMap<>();
    m.put("id", i);
    int k = (int) (i % 7);
    m.put("tags", k == 0 ? null : k == 1 ? List.of() : tags(i, k));
    List<Object> grid = new ArrayList<>();
    for (int a = 0; a < k % 4; a++) {
      List<Object> inner = new ArrayList<>();
      for (int b = 0; b < (a + i) % 3; b++) {
        inner.add((int) (i * 10 + b));
      }
      grid.add(inner);
    }
    m.put("grid", k == 6 ? null : grid);
    Map<Object, Object> attrs = new LinkedHashMap<>();
    for (int a = 0; a < k % 3; a++) {
      attrs.put("k" + a, a == 1 ? null : i + 0.5 * a);
    }
    m.put("attrs", k == 5 ? null : attrs);
    Map<Object, Object> bag = new LinkedHashMap<>();
    for (int a = 0; a < k % 4; a++) {
      bag.put((int) i + a, a + 1);
    }
    m.put("bag", k == 4 ? null : bag);
    if (k == 3) {
      m.put("pose", null);
    } else {
      List<Object> hist = new ArrayList<>();
      for (int a = 0; a < k; a++) {
        hist.add(a == 2 ? null : Row.wrap(new Object[] {i + a, a == 1 ? null : "l" + a}));
      }
      m.put(
          "pose",
          Row.wrap(
              new Object[] {k == 2 ? null : (float) i, k == 4 ? null : k == 1 ? List.of() : hist}));
    }
    m.put("v", k == 2 ? null : Variant.of(new byte[] {12, (byte) i}, new byte[] {1, 0, 0}));
    return m;
  }

  private static List<Object> tags(long i, int k) {
    List<Object> tags = new ArrayList<>();
    for (int a = 0; a < k; a++) {
      tags.add(a == 1 ? null : "t" + i + "-" + a);
    }
    return tags;
  }
}
