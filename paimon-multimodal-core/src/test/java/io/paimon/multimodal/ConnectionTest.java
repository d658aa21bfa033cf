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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.paimon.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ConnectionTest {

  @TempDir Path dir;

  private final List<Connection> connections = new ArrayList<>();

  @AfterEach
  void closeConnections() {
    // Closing a connection closes its allocator, which fails on leaked Arrow buffers.
    connections.forEach(Connection::close);
  }

  private Connection track(Connection c) {
    connections.add(c);
    return c;
  }

  private static Schema docsSchema() {
    return Schema.builder()
        .column("id", DataTypes.BIGINT().notNull())
        .column("content", DataTypes.STRING())
        .column("tags", DataTypes.ARRAY(DataTypes.STRING().notNull()))
        .column("image", DataTypes.BLOB())
        .column("category", DataTypes.STRING())
        .partitionKeys("category")
        .option("target-file-size", "64 kb")
        .build();
  }

  @Test
  void connectsToALocalPathAndCreatesTheDefaultDatabaseOnDemand() {
    Path warehouse = dir.resolve("new/warehouse");

    Connection conn = track(Multimodal.connect(warehouse.toString()));

    assertThat(conn.warehouse()).isEqualTo(warehouse.toAbsolutePath().toString());
    assertThat(conn.database()).isEqualTo("default");
    assertThat(warehouse.resolve("default.db")).isDirectory();
    assertThat(conn.listDatabases()).containsExactly("default");
    assertThat(conn.listTables()).isEmpty();
  }

  @Test
  void connectsToAFileUriAndStoresTablesUnderIt() {
    Path warehouse = dir.resolve("wh");
    Connection conn = track(Multimodal.connect(warehouse.toUri().toString()));

    conn.createTable("docs", docsSchema(), false);

    assertThat(conn.warehouse()).isEqualTo(warehouse.toString());
    assertThat(warehouse.resolve("default.db/docs/schema/schema-0")).isRegularFile();
  }

  @Test
  void connectsWithAnOptionMapAndNamedDatabase() {
    Path warehouse = dir.resolve("wh");
    Connection conn =
        track(
            Multimodal.connect(
                Map.of(
                    "warehouse",
                    warehouse.toString(),
                    "database",
                    "robots",
                    "file-format.metadata-cache.max-size",
                    "8 mb")));

    conn.createTable("frames", docsSchema(), false);

    assertThat(conn.database()).isEqualTo("robots");
    assertThat(warehouse.resolve("robots.db/frames/schema/schema-0")).isRegularFile();
    assertThat(warehouse.resolve("default.db")).doesNotExist();
    Connection other = track(Multimodal.connect(warehouse.toString(), "robots"));
    assertThat(other.listTables()).containsExactly("frames");
  }

  /**
   * Paimon's {@code table-default.<key>} catalog options: every new table gets them unless its
   * schema sets the key; a malformed default fails the create naming the option, and writes
   * nothing; a format this class path cannot write names the artifact.
   */
  @Test
  void tableDefaultOptionsApplyToNewTablesUnlessTheSchemaSetsThem() {
    Path warehouse = dir.resolve("wh");
    Connection conn =
        track(
            Multimodal.builder()
                .warehouse(warehouse.toString())
                .option("table-default.stats.row-group-size", "17")
                .option("table-default.deletion-vectors.enabled", "true")
                .connect());
    Table plain = conn.createTable("plain", docsSchema(), false);
    assertThat(plain.schema().options())
        .containsEntry("stats.row-group-size", "17")
        .containsEntry("deletion-vectors.enabled", "true");
    Schema own =
        Schema.builder()
            .column("id", DataTypes.BIGINT())
            .option("stats.row-group-size", "5")
            .build();
    assertThat(conn.createTable("own", own, false).schema().options())
        .containsEntry("stats.row-group-size", "5")
        .containsEntry("deletion-vectors.enabled", "true");

    Connection bad =
        track(
            Multimodal.builder()
                .warehouse(warehouse.toString())
                .option("table-default.stats.row-group-size", "huge")
                .connect());
    assertThatThrownBy(() -> bad.createTable("bad", docsSchema(), false))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("stats.row-group-size");
    assertThat(warehouse.resolve("default.db/bad")).doesNotExist();

    Connection parquet =
        track(
            Multimodal.builder()
                .warehouse(warehouse.toString())
                .option("table-default.file.format", "parquet")
                .connect());
    assertThatThrownBy(() -> parquet.createTable("p", docsSchema(), false))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("paimon-multimodal-parquet");
    assertThatThrownBy(
            () -> Multimodal.builder().warehouse("x").option("table-defaults.a", "b").connect())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("table-defaults.a");
  }

  @Test
  void requiresAWarehouse() {
    assertThatThrownBy(() -> Multimodal.builder().connect())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a warehouse is required");
    assertThatThrownBy(() -> Multimodal.connect(Map.of("database", "x")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a warehouse is required");
  }

  @Test
  void createsGetsListsAndDropsTables() {
    Connection conn = track(Multimodal.connect(dir.toString()));
    Schema schema = docsSchema();

    Table docs = conn.createTable("docs", schema, false);
    conn.createTable("audio_clips-2", Schema.builder().column("x", DataTypes.INT()).build(), false);

    assertThat(docs.name()).isEqualTo("docs");
    assertSameSchema(docs.schema(), schema);
    assertThat(conn.listTables()).containsExactly("audio_clips-2", "docs");
    Table again = conn.getTable("docs");
    assertSameSchema(again.schema(), schema);
    assertThat(again.latestSnapshot()).isEmpty();

    conn.dropTable("docs", false);

    assertThat(conn.listTables()).containsExactly("audio_clips-2");
    assertThat(dir.resolve("default.db/docs")).doesNotExist();
    assertThatThrownBy(() -> conn.getTable("docs"))
        .isInstanceOf(TableNotFoundException.class)
        .hasMessage("table 'docs' does not exist in database 'default' of " + dir);
    assertThatThrownBy(() -> conn.dropTable("docs", false))
        .isInstanceOf(TableNotFoundException.class)
        .hasMessage("table 'docs' does not exist in database 'default'");
    conn.dropTable("docs", true);
  }

  @Test
  void dropsATableWithDataAndRecreatesItEmpty() {
    Connection conn = track(Multimodal.connect(dir.toString()));
    Table docs = conn.createTable("docs", docsSchema(), false);
    docs.add(List.of(Map.of("id", 1L, "image", new byte[] {1, 2, 3})));
    docs.createTag("v1");

    conn.dropTable("docs", false);
    Table fresh = conn.createTable("docs", docsSchema(), false);

    assertThat(fresh.latestSnapshot()).isEmpty();
    assertThat(fresh.scan().toList()).isEmpty();
    assertThat(fresh.tags()).isEmpty();
    assertThat(TableFixtures.tree(dir.resolve("default.db/docs")))
        .containsExactly("schema", "schema/schema-0");
  }

  @Test
  void createOfAnExistingTableFailsOrReturnsTheExistingOne() {
    Connection conn = track(Multimodal.connect(dir.toString()));
    Table docs = conn.createTable("docs", docsSchema(), false);
    docs.add(List.of(Map.of("id", 7L)));
    Schema other = Schema.builder().column("other", DataTypes.INT()).build();

    assertThatThrownBy(() -> conn.createTable("docs", other, false))
        .isInstanceOf(TableExistsException.class)
        .hasMessage("table 'docs' already exists in database 'default'");
    Table existing = conn.createTable("docs", other, true);

    assertSameSchema(existing.schema(), docsSchema());
    assertThat(existing.scan().select("id").toList()).containsExactly(Map.of("id", 7L));
  }

  @Test
  void createsAndListsDatabases() {
    Connection conn = track(Multimodal.connect(dir.toString()));

    conn.createDatabase("robots", false);
    conn.createDatabase("robots", true);

    assertThatThrownBy(() -> conn.createDatabase("robots", false))
        .isInstanceOf(MultimodalException.class)
        .hasMessage("database 'robots' already exists");
    assertThat(conn.listDatabases()).containsExactly("default", "robots");
    assertThat(dir.resolve("robots.db")).isDirectory();
    // Tables belong to the connection's database.
    conn.createTable("docs", docsSchema(), false);
    assertThat(track(Multimodal.connect(dir.toString(), "robots")).listTables()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"../x", "a/b", "/", ".hidden", "x\u0000", "..", "-x", "a b", "a\\b"})
  void rejectsNamesThatCouldEscapeTheWarehouseAndCreatesNothing(String name) {
    Path warehouse = dir.resolve("wh");
    Connection conn = track(Multimodal.connect(warehouse.toString()));
    List<String> before = TableFixtures.tree(dir);
    String expected =
        "invalid table name '"
            + name
            + "': use letters, digits, '_' and '-' (not first), at most 255 characters";

    assertThatThrownBy(() -> conn.createTable(name, docsSchema(), false))
        .isInstanceOf(SchemaException.class)
        .hasMessage(expected);
    assertThatThrownBy(() -> conn.createTable(name, docsSchema(), true))
        .isInstanceOf(SchemaException.class)
        .hasMessage(expected);
    assertThatThrownBy(() -> conn.getTable(name))
        .isInstanceOf(SchemaException.class)
        .hasMessage(expected);
    assertThatThrownBy(() -> conn.dropTable(name, true))
        .isInstanceOf(SchemaException.class)
        .hasMessage(expected);
    assertThatThrownBy(() -> conn.createDatabase(name, true))
        .isInstanceOf(SchemaException.class)
        .hasMessage(expected.replace("table", "database"));
    assertThatThrownBy(() -> Multimodal.connect(warehouse.toString(), name))
        .isInstanceOf(SchemaException.class)
        .hasMessage(expected.replace("table", "database"));

    assertThat(TableFixtures.tree(dir)).isEqualTo(before);
  }

  @Test
  void rejectsEmptyAndOverlongNames() {
    Connection conn = track(Multimodal.connect(dir.toString()));
    List<String> before = TableFixtures.tree(dir);
    String longName = "t".repeat(256);

    assertThatThrownBy(() -> conn.createTable("", docsSchema(), false))
        .isInstanceOf(SchemaException.class)
        .hasMessage("table name must not be empty");
    assertThatThrownBy(() -> conn.createDatabase("", true))
        .isInstanceOf(SchemaException.class)
        .hasMessage("database name must not be empty");
    assertThatThrownBy(() -> conn.createTable(longName, docsSchema(), false))
        .isInstanceOf(SchemaException.class)
        .hasMessageStartingWith("invalid table name '" + longName + "'");
    assertThat(TableFixtures.tree(dir)).isEqualTo(before);
    // 255 characters and non-ASCII letters are fine.
    conn.createTable("t".repeat(255), docsSchema(), false);
    conn.createTable("bilder_\u00e4", docsSchema(), false);
    assertThat(conn.listTables()).hasSize(2);
  }

  @ParameterizedTest
  @ValueSource(strings = {"_ROW_ID", "_row_id", "_Row_Id"})
  void rejectsAColumnNamedRowIdInAnyCase(String name) {
    assertThatThrownBy(
            () ->
                Schema.builder().column("id", DataTypes.BIGINT()).column(name, DataTypes.BIGINT()))
        .isInstanceOf(SchemaException.class)
        .hasMessage("column name '" + name + "' is reserved for the row-ID system column _ROW_ID");
  }

  @Test
  void rejectsBadSchemas() {
    assertThatThrownBy(() -> Schema.builder().build())
        .isInstanceOf(SchemaException.class)
        .hasMessage("a schema needs at least one column");
    assertThatThrownBy(
            () ->
                Schema.builder()
                    .column("a", DataTypes.INT())
                    .column("a", DataTypes.STRING())
                    .build())
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("'a'");
    assertThatThrownBy(
            () -> Schema.builder().column("a", DataTypes.INT()).partitionKeys("b").build())
        .isInstanceOf(SchemaException.class)
        .hasMessage("partition key 'b' is not a column; columns are [a]");
    assertThatThrownBy(() -> Schema.builder().column("", DataTypes.INT()))
        .isInstanceOf(SchemaException.class)
        .hasMessage("column name must not be empty");
    assertThatThrownBy(() -> Schema.builder().column("a\nb", DataTypes.INT()))
        .isInstanceOf(SchemaException.class)
        .hasMessage("column name 'a?b' has a control character at position 1");
  }

  static Stream<Arguments> unwritableSchemas() {
    return Stream.of(
        Arguments.of(
            option("target-file-size", "lots"),
            "option target-file-size = 'lots' is not a positive size such as 128 mb"),
        Arguments.of(
            option("blob.target-file-size", "0 mb"),
            "option blob.target-file-size = '0 mb' is not a positive size such as 128 mb"),
        Arguments.of(
            option("file.block-size", "4 gb"), "option file.block-size is too large: 4294967296"),
        Arguments.of(
            option("file.compression.zstd-level", "high"),
            "option file.compression.zstd-level = 'high': For input string: \"high\""),
        Arguments.of(
            column("r", "ROW<a BLOB>"),
            "column 'r' of type ROW<`a` BLOB>: BLOB is supported as a column, an ARRAY element"
                + " or a MAP value"),
        Arguments.of(
            column("nested", "ARRAY<ARRAY<BLOB>>"),
            "column 'nested' of type ARRAY<ARRAY<BLOB>>: BLOB is supported as a column, an ARRAY"
                + " element or a MAP value"));
  }

  private static Schema option(String key, String value) {
    return Schema.builder().column("id", DataTypes.BIGINT()).option(key, value).build();
  }

  private static Schema column(String name, String type) {
    return Schema.builder()
        .column("id", DataTypes.BIGINT())
        .column(name, DataTypes.parse(type))
        .build();
  }

  @ParameterizedTest
  @MethodSource("unwritableSchemas")
  void rejectsATableThatCouldNotBeWrittenAndCreatesNothing(Schema schema, String message) {
    Connection conn = track(Multimodal.connect(dir.toString()));
    List<String> before = TableFixtures.tree(dir);

    assertThatThrownBy(() -> conn.createTable("t", schema, false))
        .isInstanceOf(SchemaException.class)
        .hasMessage(message);

    assertThat(TableFixtures.tree(dir)).isEqualTo(before);
    assertThat(conn.listTables()).isEmpty();
  }

  @Test
  void writesTheSchemaFileAsPaimonJson() throws Exception {
    Connection conn = track(Multimodal.connect(dir.toString()));
    conn.createTable("docs", docsSchema(), false);

    JsonNode json =
        new ObjectMapper()
            .readTree(Files.readAllBytes(dir.resolve("default.db/docs/schema/schema-0")));

    assertThat(json.get("version").asInt()).isEqualTo(3);
    assertThat(json.get("id").asLong()).isZero();
    JsonNode fields = json.get("fields");
    assertThat(fields).hasSize(5);
    String[][] expected = {
      {"0", "id", "\"BIGINT NOT NULL\""},
      {"1", "content", "\"STRING\""},
      {"2", "tags", "{\"type\":\"ARRAY\",\"element\":\"STRING NOT NULL\"}"},
      {"3", "image", "\"BLOB\""},
      {"4", "category", "\"STRING\""},
    };
    for (int i = 0; i < expected.length; i++) {
      JsonNode f = fields.get(i);
      assertThat(f.get("id").asInt()).as("field %d", i).isEqualTo(Integer.parseInt(expected[i][0]));
      assertThat(f.get("name").asText()).isEqualTo(expected[i][1]);
      assertThat(f.get("type").toString()).isEqualTo(expected[i][2]);
    }
    assertThat(json.get("highestFieldId").asInt()).isEqualTo(4);
    assertThat(json.get("partitionKeys")).hasSize(1);
    assertThat(json.get("partitionKeys").get(0).asText()).isEqualTo("category");
    assertThat(json.get("primaryKeys")).isEmpty();
    JsonNode options = json.get("options");
    assertThat(options.get("target-file-size").asText()).isEqualTo("64 kb");
    assertThat(options.get("row-tracking.enabled").asText()).isEqualTo("true");
    assertThat(options.get("data-evolution.enabled").asText()).isEqualTo("true");
    assertThat(options.get("file.format").asText()).isEqualTo("row");
    assertThat(options.size()).isEqualTo(4);
  }

  /**
   * A table's schema is the one given plus the options every table gets (an append table with row
   * tracking and data evolution, in row files).
   */
  private static void assertSameSchema(Schema actual, Schema expected) {
    assertThat(actual.rowType()).isEqualTo(expected.rowType());
    assertThat(actual.partitionKeys()).isEqualTo(expected.partitionKeys());
    assertThat(actual.options())
        .containsAllEntriesOf(expected.options())
        .containsEntry("row-tracking.enabled", "true")
        .containsEntry("data-evolution.enabled", "true")
        .containsEntry("file.format", "row")
        .hasSize(expected.options().size() + 3);
  }

  @Test
  void rejectsAnUnknownOptionNamingTheClosestKey() {
    Path warehouse = dir.resolve("wh");
    assertThatThrownBy(
            () ->
                Multimodal.builder()
                    .warehouse(warehouse.toString())
                    .option("file-format.metadata-cache.maxsize", "8 mb")
                    .connect())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("unknown connection option 'file-format.metadata-cache.maxsize'")
        .hasMessageContaining("did you mean 'file-format.metadata-cache.max-size'?");
    assertThat(warehouse).doesNotExist();
  }

  @Test
  void rejectsS3OptionsWithoutTheS3ModuleNamingTheModule() {
    assertThatThrownBy(
            () ->
                Multimodal.builder()
                    .warehouse(dir.resolve("wh").toString())
                    .option("s3.secret-key", "do-not-print-me")
                    .connect())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'s3.secret-key'")
        .hasMessageContaining("io.paimon:paimon-multimodal-s3")
        .hasMessageNotContaining("do-not-print-me");
  }
}
