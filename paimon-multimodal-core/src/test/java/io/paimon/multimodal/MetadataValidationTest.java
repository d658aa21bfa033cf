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

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.ManifestFiles;
import io.paimon.multimodal.internal.paimon.SimpleStats;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged metadata is reported naming the file and what is wrong, never read as if it were fine: a
 * wrong count, statistic or file name would otherwise drop, repeat or misplace rows.
 */
class MetadataValidationTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir Path dir;
  private Connection conn;
  private Table table;

  @BeforeEach
  void write() {
    conn = Multimodal.connect(dir.toString());
    table =
        conn.createTable(
            "t",
            Schema.builder()
                .column("id", DataTypes.BIGINT())
                .column("name", DataTypes.STRING())
                .option("stats.row-group-size", "10")
                .build(),
            false);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (long i = 0; i < 30; i++) {
      Map<String, Object> row = new HashMap<>();
      row.put("id", i);
      row.put("name", "n" + i);
      rows.add(row);
    }
    table.add(rows);
  }

  @AfterEach
  void close() {
    conn.close();
  }

  private Path only(String sub, String prefix) throws IOException {
    try (Stream<Path> files = Files.list(TestTables.localRoot(table).resolve(sub))) {
      List<Path> matching =
          files.filter(p -> p.getFileName().toString().startsWith(prefix)).toList();
      if (matching.size() != 1) {
        throw new AssertionError(sub + "/" + prefix + "*: " + matching);
      }
      return matching.get(0);
    }
  }

  private Path manifest() throws IOException {
    try (Stream<Path> files = Files.list(TestTables.localRoot(table).resolve("manifest"))) {
      return files
          .filter(p -> !p.getFileName().toString().startsWith("manifest-list-"))
          .findFirst()
          .orElseThrow();
    }
  }

  private static void edit(Path file, Consumer<ObjectNode> change) throws IOException {
    ObjectNode root = (ObjectNode) MAPPER.readTree(file.toFile());
    change.accept(root);
    Files.write(file, MAPPER.writeValueAsBytes(root));
  }

  /** Rewrites an Avro manifest with its entries changed (a well-formed file holding a lie). */
  private static void editEntries(Path file, UnaryOperator<List<ManifestEntry>> change)
      throws IOException {
    List<ManifestEntry> entries =
        new ArrayList<>(ManifestFiles.readManifest(Files.readAllBytes(file), file.toString()));
    Files.write(file, ManifestFiles.writeManifest(change.apply(entries)));
  }

  /** The first entry's file changed by {@code change}. */
  private static UnaryOperator<List<ManifestEntry>> firstFile(UnaryOperator<DataFileMeta> change) {
    return entries -> {
      entries.set(0, entries.get(0).withFile(change.apply(entries.get(0).file())));
      return entries;
    };
  }

  private static DataFileMeta withName(DataFileMeta f, String name) {
    return f.toBuilder().fileName(name).build();
  }

  private static DataFileMeta withRows(DataFileMeta f, long rows) {
    return f.toBuilder().rowCount(rows).build();
  }

  private static DataFileMeta withStats(DataFileMeta f, SimpleStats stats) {
    return f.toBuilder().valueStats(stats).build();
  }

  /** A fresh connection, so no cached metadata hides the damage. */
  private Table reopened() {
    conn.close();
    conn = Multimodal.connect(dir.toString());
    return conn.getTable("t");
  }

  private void assertScanFails(String... messageParts) {
    Table t = reopened();
    var thrown =
        assertThatThrownBy(() -> t.scan().where("id >= 0").toList())
            .isInstanceOf(UncheckedIOException.class);
    for (String part : messageParts) {
      thrown.hasMessageContaining(part);
    }
  }

  @Test
  void aManifestThatIsNotAvro() throws IOException {
    Path m = manifest();
    Files.write(m, "{\"entries\": []}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    assertScanFails(m.getFileName().toString());
  }

  @Test
  void aManifestThatLostAnEntry() throws IOException {
    editEntries(manifest(), entries -> entries.subList(1, entries.size()));
    // The snapshot still counts the rows of the lost entry: never silently fewer rows.
    assertScanFails("snapshot 1", "records 30 rows", "files of 0 rows");
  }

  @Test
  void aFileNameThatLeavesTheTable() throws IOException {
    editEntries(manifest(), firstFile(f -> withName(f, "../../../etc/passwd")));
    assertScanFails("is not a plain file name", "../../../etc/passwd");
  }

  @Test
  void aRowCountThatDisagreesWithTheSnapshot() throws IOException {
    editEntries(manifest(), firstFile(f -> withRows(f, 31)));
    // The snapshot still says 30: caught before any data file is opened.
    assertScanFails("snapshot 1", "records 30 rows", "31 rows");
  }

  @Test
  void aRowCountChangedConsistentlyEverywhereIsCaughtByTheDataFile() throws IOException {
    editEntries(manifest(), firstFile(f -> withRows(f, 31)));
    edit(
        only("snapshot", "snapshot-1"),
        root -> root.put("totalRecordCount", 31).put("nextRowId", 31));
    assertScanFails("holds 30 rows, its manifest entry says 31");
  }

  @Test
  void malformedStatisticsNeverPruneARow() throws IOException {
    // Writers differ in what they record; statistics that do not decode mean "unknown".
    byte[] garbage = {0, 0, 0, 2, 1, 2, 3};
    editEntries(manifest(), firstFile(f -> withStats(f, new SimpleStats(garbage, garbage, null))));
    Table t = reopened();
    assertThat(t.scan().where("id = 7").toList()).hasSize(1);
    assertThat(t.scan().where("name IS NULL").toList()).isEmpty();
  }

  @Test
  void rowGroupsWithAGap() throws IOException {
    Path stats;
    try (Stream<Path> files = Files.list(TestTables.localRoot(table).resolve("bucket-0"))) {
      stats = files.filter(p -> p.toString().endsWith(".stats")).findFirst().orElseThrow();
    }
    edit(stats, root -> ((ArrayNode) root.get("groups")).remove(1));
    assertScanFails(stats.getFileName().toString(), "does not continue the groups");
  }

  @Test
  void aSnapshotFileHoldingAnotherSnapshot() throws IOException {
    edit(only("snapshot", "snapshot-1"), root -> root.put("id", 7));
    assertScanFails("snapshot-1", "holds snapshot 7");
  }

  @Test
  void aSchemaWithAnUnparseableType() throws IOException {
    edit(
        only("schema", "schema-0"),
        root -> ((ObjectNode) root.get("fields").get(0)).put("type", "BIGINTEGER"));
    conn.close();
    conn = Multimodal.connect(dir.toString());
    assertThatThrownBy(() -> conn.getTable("t"))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessageContaining("schema-0")
        .hasMessageContaining("BIGINTEGER");
  }
}
