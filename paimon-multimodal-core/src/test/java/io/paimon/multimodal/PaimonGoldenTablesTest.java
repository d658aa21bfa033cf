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
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reads the golden tables that Apache Paimon itself wrote (Java 1.4.2 and pypaimon; {@code
 * golden/paimon-tables/README.md} in the shared folder) and checks that we return exactly the rows
 * Paimon's own reader dumped into {@code <warehouse>/expected/<table>.jsonl}, {@code _ROW_ID}
 * included, rendered by {@link GoldenJson} and compared under the README's rules.
 *
 * <p>The shared folder is found as {@code ../shared} beside the repository root (where CI puts its
 * copy, and where it is beside a worktree of the repository on a development machine), or at the
 * path in the system property {@value #SHARED_PROPERTY}. Each test copies its warehouse into a
 * temporary directory named {@code warehouse} first, so the golden files are never touched even by
 * a reader that writes, and so no path in an error message contains the warehouse's own name (some
 * are named {@code ...-parquet}).
 */
public class PaimonGoldenTablesTest {

  /** A system property naming the shared folder, to override the search beside the repository. */
  static final String SHARED_PROPERTY = "paimon.shared.dir";

  private static final String DOCS_SCHEMA =
      "ROW<id BIGINT NOT NULL, content STRING, image BLOB, category STRING>";
  private static final String CLIPS_SCHEMA =
      "ROW<id BIGINT NOT NULL, caption STRING, embedding VECTOR<FLOAT, 4>, image BLOB,"
          + " camera STRING, note STRING>";

  /**
   * A golden table whose data files are all {@code .row} and {@code .blob} files.
   *
   * @param tag a tag of the table, or null
   */
  public record RowTable(
      String warehouse, String name, String schema, List<String> partitionKeys, String tag) {
    @Override
    public String toString() {
      return warehouse + "/" + name;
    }
  }

  /** A golden table with parquet data files, which we do not read. */
  public record ParquetTable(String warehouse, String name) {
    @Override
    public String toString() {
      return warehouse + "/" + name;
    }
  }

  static Stream<RowTable> rowTables() {
    return Stream.of(
        new RowTable("paimon-java-1.4.2-row", "docs", DOCS_SCHEMA, List.of(), "v1"),
        new RowTable("pypaimon-2.x-row", "docs_row", DOCS_SCHEMA, List.of(), null),
        new RowTable("pypaimon-2.x-row-evolution", "clips", CLIPS_SCHEMA, List.of("camera"), "v2"));
  }

  static Stream<RowTable> taggedRowTables() {
    return rowTables().filter(t -> t.tag() != null);
  }

  static Stream<ParquetTable> parquetTables() {
    return Stream.of(
        new ParquetTable("paimon-java-1.4.2-parquet", "docs"),
        new ParquetTable("paimon-java-1.4.2-parquet", "events"),
        new ParquetTable("pypaimon-2.x-parquet", "docs"),
        new ParquetTable("paimon-java-1.4.2-row", "events"));
  }

  @TempDir Path tmp;

  /** The FileIO of every connection here, so BLOB payloads are read as the table reads them. */
  private final FileIO io = FileIO.local();

  private RootAllocator allocator;

  @BeforeEach
  void openAllocator() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void closeAllocator() {
    // Fails the test if a scan leaked Arrow memory.
    allocator.close();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rowTables")
  void readsEveryRowAsPaimonDoes(RowTable golden) {
    Path warehouse = copyWarehouse(golden.warehouse());
    List<String> expected = expectedLines(golden.warehouse(), golden.name());
    try (Connection conn = connect(warehouse)) {
      Table table = conn.getTable(golden.name());
      RowType columns = table.schema().rowType();
      RowType goldenColumns = (RowType) DataTypes.parse(golden.schema());
      assertThat(columns.fieldNames()).isEqualTo(goldenColumns.fieldNames());
      assertThat(columns.fieldTypes()).isEqualTo(goldenColumns.fieldTypes());
      assertThat(table.schema().partitionKeys()).isEqualTo(golden.partitionKeys());

      List<Map<String, Object>> rows = table.scan().allocator(allocator).withRowId().toList();
      for (Map<String, Object> row : rows) {
        List<String> keys = new ArrayList<>(columns.fieldNames());
        keys.add(Schema.ROW_ID);
        assertThat(new ArrayList<>(row.keySet()))
            .as("toList() keys in column order")
            .isEqualTo(keys);
      }
      assertSameLines(expected, render(sortedByRowId(rows), columns), columns);
    }
    assertUnchanged(warehouse, golden.warehouse());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("taggedRowTables")
  void tagReadsTheRowsOfItsSnapshot(RowTable golden) throws IOException {
    Path warehouse = copyWarehouse(golden.warehouse());
    long nextRowId = tagNextRowId(warehouse, golden.name(), golden.tag());
    // These tables are append-only: no commit after the tagged one deletes, updates or compacts a
    // row, so the tagged snapshot holds exactly the latest rows whose _ROW_ID is below its
    // nextRowId, with the same values, in the tag's own schema: a column added later (clips' note,
    // added after tag v2) is not part of it, as in Paimon's time travel.
    List<String> expected =
        expectedLines(golden.warehouse(), golden.name()).stream()
            .filter(line -> GoldenJson.parse(line).get(Schema.ROW_ID).asLong() < nextRowId)
            .collect(Collectors.toList());
    assertThat(expected).as("rows of the tagged snapshot").isNotEmpty();
    try (Connection conn = connect(warehouse)) {
      Table table = conn.getTable(golden.name());
      Scan scan = table.scan().allocator(allocator).tag(golden.tag());
      List<String> tagColumns =
          scan.arrowSchema().getFields().stream().map(f -> f.getName()).toList();
      RowType columns =
          new RowType(
              table.schema().rowType().fields().stream()
                  .filter(f -> tagColumns.contains(f.name()))
                  .toList());
      if (golden.name().equals("clips")) {
        assertThat(tagColumns).doesNotContain("note");
      }
      List<String> keys = new ArrayList<>(tagColumns);
      keys.add(Schema.ROW_ID);
      expected =
          expected.stream()
              .map(
                  line ->
                      ((com.fasterxml.jackson.databind.node.ObjectNode) GoldenJson.parse(line))
                          .retain(keys)
                          .toString())
              .collect(Collectors.toList());
      List<Map<String, Object>> rows = scan.withRowId().toList();
      assertSameLines(expected, render(sortedByRowId(rows), columns), columns);
      assertThat(scan.count()).isEqualTo(expected.size());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rowTables")
  protected void projectionReturnsTheSameValuesForItsColumns(RowTable golden) {
    Path warehouse = copyWarehouse(golden.warehouse());
    List<String> projected = List.of("id", "image");
    List<String> expected = new ArrayList<>();
    for (String line : expectedLines(golden.warehouse(), golden.name())) {
      JsonNode all = GoldenJson.parse(line);
      ObjectNode some = ((ObjectNode) all).objectNode();
      for (String column : projected) {
        some.set(column, all.get(column));
      }
      some.set(Schema.ROW_ID, all.get(Schema.ROW_ID));
      expected.add(some.toString());
    }
    try (Connection conn = connect(warehouse)) {
      Table table = conn.getTable(golden.name());
      RowType schema = table.schema().rowType();
      RowType columns = schema.project(projected.stream().mapToInt(schema::fieldIndex).toArray());
      List<Map<String, Object>> rows =
          table.scan().allocator(allocator).select("id", "image").withRowId().toList();
      assertSameLines(expected, render(sortedByRowId(rows), columns), columns);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rowTables")
  void takeRowIdsReturnsThoseRowsInTheirOrder(RowTable golden) {
    Path warehouse = copyWarehouse(golden.warehouse());
    Map<Long, String> expectedById = new LinkedHashMap<>();
    for (String line : expectedLines(golden.warehouse(), golden.name())) {
      expectedById.put(GoldenJson.parse(line).get(Schema.ROW_ID).asLong(), line);
    }
    List<Long> ids = new ArrayList<>(expectedById.keySet());
    long seed = 20261201L;
    Collections.shuffle(ids, new Random(seed));
    ids = ids.subList(0, Math.min(4, ids.size()));
    List<String> expected = ids.stream().map(expectedById::get).collect(Collectors.toList());
    try (Connection conn = connect(warehouse)) {
      Table table = conn.getTable(golden.name());
      RowType columns = table.schema().rowType();
      List<Map<String, Object>> rows =
          table.takeRowIds(ids).allocator(allocator).withRowId().toList();
      assertSameLines(expected, render(rows, columns), columns);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rowTables")
  void countIsTheNumberOfRows(RowTable golden) {
    Path warehouse = copyWarehouse(golden.warehouse());
    int expected = expectedLines(golden.warehouse(), golden.name()).size();
    try (Connection conn = connect(warehouse)) {
      assertThat(conn.getTable(golden.name()).scan().allocator(allocator).count())
          .isEqualTo(expected);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("parquetTables")
  protected void parquetDataFilesFailNamingTheFormat(ParquetTable golden) {
    Path warehouse = copyWarehouse(golden.warehouse());
    List<String> names = new ArrayList<>();
    names.add(golden.name());
    names.addAll(dataFileNames(warehouse.resolve("default.db").resolve(golden.name())));
    try (Connection conn = connect(warehouse)) {
      // The table only knows its data formats once it has read its manifests, so the failure may
      // come from opening it or from the first scan terminal; either must say why.
      assertThatThrownBy(
              () -> {
                Table table = conn.getTable(golden.name());
                table.scan().allocator(allocator).withRowId().toList();
              })
          .isNotInstanceOf(TableNotFoundException.class)
          .hasMessageContaining("parquet")
          .satisfies(e -> assertThat(e.getMessage()).containsAnyOf(names.toArray(new String[0])));
    }
    assertUnchanged(warehouse, golden.warehouse());
  }

  private Connection connect(Path warehouse) {
    return Multimodal.builder()
        .warehouse(warehouse.toString())
        .database(Multimodal.DEFAULT_DATABASE)
        .fileIO(io)
        .connect();
  }

  private List<String> render(List<Map<String, Object>> rows, RowType columns) {
    GoldenJson.BlobPayloads payloads = GoldenJson.payloadsThrough(io);
    return rows.stream()
        .map(row -> GoldenJson.line(row, columns, payloads))
        .collect(Collectors.toList());
  }

  private static List<Map<String, Object>> sortedByRowId(List<Map<String, Object>> rows) {
    List<Map<String, Object>> sorted = new ArrayList<>(rows);
    sorted.sort(Comparator.comparingLong(row -> (Long) row.get(Schema.ROW_ID)));
    return sorted;
  }

  /** Asserts line by line, reporting every difference with its row and path. */
  private static void assertSameLines(List<String> expected, List<String> actual, RowType columns) {
    List<String> differences = new ArrayList<>();
    if (expected.size() != actual.size()) {
      differences.add("expected " + expected.size() + " rows, got " + actual.size());
    }
    for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
      for (String d :
          GoldenJson.differences(
              GoldenJson.parse(expected.get(i)), GoldenJson.parse(actual.get(i)), columns)) {
        differences.add("line " + (i + 1) + ": " + d);
      }
    }
    assertThat(differences)
        .as(
            "expected lines:%n%s%nactual lines:%n%s",
            String.join("\n", expected), String.join("\n", actual))
        .isEmpty();
  }

  /** The shared folder: {@code ../shared} beside the repository root, or the system property. */
  static Path sharedDirectory() {
    String configured = System.getProperty(SHARED_PROPERTY);
    if (configured != null && !configured.isEmpty()) {
      return Path.of(configured).toAbsolutePath().normalize();
    }
    // Maven runs the tests in the module directory; the repository root is the nearest ancestor
    // holding the parent pom and this module.
    Path start = Path.of("").toAbsolutePath().normalize();
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("pom.xml"))
          && Files.isDirectory(dir.resolve("paimon-multimodal-core"))) {
        if (dir.getParent() != null) {
          return dir.getParent().resolve("shared");
        }
      }
    }
    throw new IllegalStateException(
        "no repository root above " + start + "; set -D" + SHARED_PROPERTY + "=<shared folder>");
  }

  /** {@code <shared>/golden/paimon-tables}. */
  static Path goldenTables() {
    Path dir = sharedDirectory().resolve("golden").resolve("paimon-tables");
    if (!Files.isRegularFile(dir.resolve("README.md"))) {
      throw new IllegalStateException(
          "no golden Paimon tables at "
              + dir
              + ": the shared folder belongs beside the repository root (or set -D"
              + SHARED_PROPERTY
              + ")");
    }
    return dir;
  }

  /** Copies a golden warehouse into {@code <tmp>/warehouse} and returns the copy. */
  private Path copyWarehouse(String name) {
    Path source = goldenTables().resolve(name);
    Path target = tmp.resolve("warehouse");
    try (Stream<Path> walk = Files.walk(source)) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        Path to = target.resolve(source.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else {
          Files.copy(p, to);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return target;
  }

  /** The lines of {@code <warehouse>/expected/<table>.jsonl}, from the golden folder itself. */
  private static List<String> expectedLines(String warehouse, String table) {
    Path file = goldenTables().resolve(warehouse).resolve("expected").resolve(table + ".jsonl");
    try {
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      assertThat(lines).as(file.toString()).isNotEmpty().doesNotContain("");
      return lines;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The {@code nextRowId} of the snapshot a tag file copies. */
  private static long tagNextRowId(Path warehouse, String table, String tag) throws IOException {
    Path file = warehouse.resolve("default.db").resolve(table).resolve("tag").resolve("tag-" + tag);
    JsonNode json = GoldenJson.parse(Files.readString(file, StandardCharsets.UTF_8));
    assertThat(json.get("nextRowId")).as(file + " nextRowId").isNotNull();
    assertThat(json.get("nextRowId").isIntegralNumber()).as(file + " nextRowId").isTrue();
    return json.get("nextRowId").asLong();
  }

  /** The names of a table's data files (anything under a bucket directory). */
  private static List<String> dataFileNames(Path table) {
    try (Stream<Path> walk = Files.walk(table)) {
      return walk.filter(Files::isRegularFile)
          .filter(p -> p.getParent().getFileName().toString().startsWith("bucket-"))
          .map(p -> p.getFileName().toString())
          .sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Asserts that reading left the copy byte for byte as the golden warehouse is. */
  private static void assertUnchanged(Path copy, String warehouse) {
    Path original = goldenTables().resolve(warehouse);
    Map<String, byte[]> before = contents(original);
    Map<String, byte[]> after = contents(copy);
    assertThat(after.keySet()).as("files after reading").isEqualTo(before.keySet());
    for (Map.Entry<String, byte[]> file : before.entrySet()) {
      assertThat(Arrays.equals(after.get(file.getKey()), file.getValue()))
          .as("%s is unchanged by reading", file.getKey())
          .isTrue();
    }
  }

  /** Every file and directory under {@code root} by relative path (directories map to null). */
  private static Map<String, byte[]> contents(Path root) {
    Map<String, byte[]> out = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        if (!p.equals(root)) {
          out.put(
              root.relativize(p).toString(), Files.isDirectory(p) ? null : Files.readAllBytes(p));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }
}
