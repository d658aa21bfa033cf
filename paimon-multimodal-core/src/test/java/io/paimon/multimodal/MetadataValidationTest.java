package io.paimon.multimodal;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
    try (Stream<Path> files = Files.list(TestTables.root(table).resolve(sub))) {
      List<Path> matching =
          files.filter(p -> p.getFileName().toString().startsWith(prefix)).toList();
      if (matching.size() != 1) {
        throw new AssertionError(sub + "/" + prefix + "*: " + matching);
      }
      return matching.get(0);
    }
  }

  private Path manifest() throws IOException {
    try (Stream<Path> files = Files.list(TestTables.root(table).resolve("manifest"))) {
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

  private static ObjectNode firstFile(ObjectNode manifest) {
    return (ObjectNode) manifest.get("entries").get(0).get("file");
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
  void entriesThatAreNotAnArray() throws IOException {
    Path m = manifest();
    edit(m, root -> root.put("entries", "x"));
    assertScanFails(m.getFileName().toString(), "'entries' is not an array");
  }

  @Test
  void aManifestThatLostAnEntry() throws IOException {
    Path m = manifest();
    edit(m, root -> ((ArrayNode) root.get("entries")).remove(0));
    assertScanFails(m.getFileName().toString(), "holds 0 entries", "says 1 entries");
  }

  @Test
  void aFileNameThatLeavesTheTable() throws IOException {
    edit(manifest(), root -> firstFile(root).put("fileName", "../../../etc/passwd"));
    assertScanFails("'fileName' is not a plain file name", "../../../etc/passwd");
  }

  @Test
  void aRowCountThatDisagreesWithTheDataFile() throws IOException {
    Path m = manifest();
    edit(m, root -> firstFile(root).put("rowCount", 31));
    // The manifest list and snapshot still say 30: caught before any data file is opened.
    assertScanFails(m.getFileName().toString(), "31 rows");
  }

  @Test
  void aRowCountChangedConsistentlyEverywhereIsCaughtByTheDataFile() throws IOException {
    edit(manifest(), root -> firstFile(root).put("rowCount", 31));
    edit(
        only("manifest", "manifest-list-"),
        root -> ((ObjectNode) root.get("manifests").get(0)).put("rows", 31));
    edit(
        only("snapshot", "snapshot-1"),
        root -> root.put("totalRecordCount", 31).put("nextRowId", 31));
    assertScanFails("holds 30 rows, its manifest entry says 31");
  }

  @Test
  void statisticsOfTheWrongType() throws IOException {
    edit(manifest(), root -> ((ObjectNode) firstFile(root).get("stats").get(0)).put("min", "zero"));
    assertScanFails("statistics of column 'id'", "\"zero\"");
  }

  @Test
  void rowGroupsWithAGap() throws IOException {
    Path stats;
    try (Stream<Path> files = Files.list(TestTables.root(table).resolve("index"))) {
      stats = files.findFirst().orElseThrow();
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
