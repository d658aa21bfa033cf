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
package io.paimon.multimodal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.row.ArrowSchemas;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input to {@code Table.add}: a clear {@link SchemaException} naming the row and column, and
 * nothing on disk changes (no snapshot, no file left in data/ or manifest/), even when files had
 * already been rolled before the bad row.
 */
class WriteValidationTest {

  private static final long SEED = 77;
  private static final int BAD_ROW = 250;

  @TempDir Path dir;

  private Connection conn;
  private RootAllocator allocator;
  private Table table;
  private List<Map<String, Object>> good;

  @BeforeEach
  void createTableWithOneCommit() {
    conn = Multimodal.connect(dir.toString());
    allocator = new RootAllocator();
    Schema.Builder b = Schema.builder();
    AllTypes.SCHEMA.rowType().fields().forEach(f -> b.column(f.name(), f.type()));
    // Tiny files, so the rows before the bad one have already rolled several files.
    table =
        conn.createTable(
            "t",
            b.option("target-file-size", "8 kb").option("file.block-size", "2 kb").build(),
            false);
    good = AllTypes.rows(new Random(SEED), 0, 300);
    table.add(good.subList(0, 20));
  }

  @AfterEach
  void close() {
    allocator.close();
    conn.close();
  }

  /** Everything under the table directory. */
  private List<String> tableFiles() {
    return TableFixtures.tree(dir.resolve("default.db/t"));
  }

  private static Map<String, Object> with(Map<String, Object> row, String column, Object value) {
    Map<String, Object> out = new HashMap<>(row);
    out.put(column, value);
    return out;
  }

  static Stream<Arguments> badCells() {
    String columns = AllTypes.SCHEMA.columnNames().toString();
    return Stream.of(
        Arguments.of("nope", 1, "row 250: table 't' has no column 'nope'; columns are " + columns),
        Arguments.of(
            "_ROW_ID",
            5L,
            "row 250: table 't' has no column '_ROW_ID' (_ROW_ID is"
                + " assigned at commit and cannot be written)"),
        Arguments.of("id", null, "row 250: field 'id' is NOT NULL but null"),
        Arguments.of("i32", "7", "row 250: field 'i32' of type INT expects"),
        Arguments.of("i8", 1000, "row 250: field 'i8' of type TINYINT cannot hold 1000"),
        Arguments.of("s", 5, "row 250: field 's' of type STRING expects"),
        Arguments.of("d", "2026-01-01", "row 250: field 'd' of type DATE expects"),
        Arguments.of("arr", List.of("x"), "row 250: field 'arr"),
        Arguments.of("vec", new float[2], "row 250: vec: VECTOR of length 3 given 2 elements"),
        Arguments.of(
            "dec",
            new BigDecimal("123456789.5"),
            "row 250: dec: value 123456789.5 does not fit DECIMAL(10, 2) (more than 10 digits)"),
        Arguments.of(
            "blob",
            "image.png",
            "row 250: BLOB column 'blob' takes byte[] or BlobDescriptor, got java.lang.String"),
        Arguments.of(
            "blobs",
            List.of("x"),
            "row 250: BLOB elements of column 'blobs' take byte[]"
                + " or BlobDescriptor, got java.lang.String"),
        Arguments.of(
            "blob_map",
            "x",
            "row 250: column 'blob_map' of type MAP<STRING, BLOB>"
                + " takes a Map, got java.lang.String"));
  }

  @ParameterizedTest(name = "{0} = {1}")
  @MethodSource("badCells")
  void rejectsABadCellNamingRowAndColumnAndWritesNothing(
      String column, Object value, String message) {
    List<String> before = tableFiles();
    Snapshot latest = table.latestSnapshot().orElseThrow();
    List<Map<String, Object>> rows = new ArrayList<>(good);
    rows.set(BAD_ROW, with(rows.get(BAD_ROW), column, value));

    assertThatThrownBy(() -> table.add(rows))
        .isInstanceOf(SchemaException.class)
        .hasMessageStartingWith(message);

    assertThat(tableFiles()).isEqualTo(before);
    assertThat(table.latestSnapshot()).contains(latest);
    assertThat(table.scan().count()).isEqualTo(20);
  }

  @Test
  void rejectsANullRow() {
    List<String> before = tableFiles();
    List<Map<String, Object>> rows = new ArrayList<>(good);
    rows.set(BAD_ROW, null);

    assertThatThrownBy(() -> table.add(rows))
        .isInstanceOf(SchemaException.class)
        .hasMessage("row 250 is null");
    assertThat(tableFiles()).isEqualTo(before);
  }

  @Test
  void addingNoRowsCommitsNothing() {
    long latest = table.latestSnapshot().orElseThrow().id();
    List<String> before = tableFiles();
    assertThat(table.add(List.of()).id()).isEqualTo(latest);
    assertThat(tableFiles()).isEqualTo(before);
    // A table without any snapshot gets an empty first one.
    Table fresh = conn.createTable("fresh", AllTypes.SCHEMA, false);
    assertThat(fresh.add(List.of()).id()).isEqualTo(1);
    assertThat(fresh.add(List.of()).id()).isEqualTo(1);
    assertThat(fresh.scan().count()).isZero();
  }

  @Test
  void aFailedFirstWriteLeavesAnEmptyTable() {
    Table empty = conn.createTable("empty", AllTypes.SCHEMA, false);
    List<Map<String, Object>> rows = new ArrayList<>(good);
    rows.set(BAD_ROW, with(rows.get(BAD_ROW), "i32", 1L << 40));

    assertThatThrownBy(() -> empty.add(rows))
        .isInstanceOf(SchemaException.class)
        .hasMessageStartingWith("row 250: field 'i32'");
    assertThat(empty.latestSnapshot()).isEmpty();
    assertThat(TableFixtures.tree(dir.resolve("default.db/empty")))
        .allMatch(p -> p.startsWith("schema") || p.equals("bucket-0") || p.equals("manifest"));
  }

  @Test
  void rejectsAnArrowBatchWithAnUnknownColumn() {
    List<String> before = tableFiles();
    List<Field> fields =
        List.of(
            ArrowSchemas.toArrowField("id", DataTypes.BIGINT().notNull()),
            ArrowSchemas.toArrowField("nope", DataTypes.INT()));

    try (VectorSchemaRoot root =
        ArrowRows.root(new org.apache.arrow.vector.types.pojo.Schema(fields), good, allocator)) {
      assertThatThrownBy(() -> table.add(root))
          .isInstanceOf(SchemaException.class)
          .hasMessage(
              "table 't' has no column 'nope'; columns are " + AllTypes.SCHEMA.columnNames());
    }
    assertThat(tableFiles()).isEqualTo(before);
  }

  @Test
  void rejectsAnArrowVectorOfTheWrongTypeNamingTheColumn() {
    List<String> before = tableFiles();
    List<Field> fields =
        List.of(
            ArrowSchemas.toArrowField("id", DataTypes.BIGINT().notNull()),
            ArrowSchemas.toArrowField("i32", DataTypes.STRING()));
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      rows.add(Map.of("id", (long) i, "i32", "x"));
    }

    try (VectorSchemaRoot root =
        ArrowRows.root(new org.apache.arrow.vector.types.pojo.Schema(fields), rows, allocator)) {
      assertThatThrownBy(() -> table.add(root))
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("column 'i32' of type INT cannot be read from an Arrow Utf8");
    }
    assertThat(tableFiles()).isEqualTo(before);
  }

  @Test
  void rejectsANullInANotNullColumnOfAnArrowStreamAndWritesNoBatchOfIt() throws Exception {
    List<String> before = tableFiles();
    org.apache.arrow.vector.types.pojo.Schema input = ArrowRows.schema(AllTypes.SCHEMA.rowType());
    List<Map<String, Object>> second = new ArrayList<>(good.subList(200, 300));
    second.set(BAD_ROW - 200, with(second.get(BAD_ROW - 200), "id", null));

    try (ArrowRows.RowsReader reader =
        new ArrowRows.RowsReader(allocator, input, List.of(good.subList(0, 200), second))) {
      assertThatThrownBy(() -> table.add(reader))
          .isInstanceOf(SchemaException.class)
          .hasMessage("row 250: field 'id' is NOT NULL but null");
    }
    assertThat(tableFiles()).isEqualTo(before);
    assertThat(table.snapshots()).hasSize(1);
  }

  @Test
  void anArrowStreamThatFailsMidwayWritesNothing() throws Exception {
    List<String> before = tableFiles();
    org.apache.arrow.vector.types.pojo.Schema input = ArrowRows.schema(AllTypes.SCHEMA.rowType());

    try (ArrowRows.RowsReader reader =
        new ArrowRows.RowsReader(
            allocator, input, List.of(good.subList(0, 150), good.subList(150, 300))) {
          @Override
          public boolean loadNextBatch() throws IOException {
            if (loaded == 1) {
              throw new IOException("connection reset");
            }
            return super.loadNextBatch();
          }
        }) {
      assertThatThrownBy(() -> table.add(reader))
          .isInstanceOf(UncheckedIOException.class)
          .hasMessageEndingWith("connection reset")
          .hasRootCauseMessage("connection reset");
    }
    assertThat(tableFiles()).isEqualTo(before);
  }
}
