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

import static io.paimon.multimodal.TableFixtures.normalizeRows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.multimodal.internal.paimon.BinaryRows;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.row.ArrowSchemas;
import io.paimon.types.DataField;
import io.paimon.types.DataTypes;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** Round trips of every column type through the three add paths, BLOB storage and file rolling. */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class WriteReadTest {

  private static final long SEED = 0x5eed_2026L;

  @Parameter TestStorage storage;

  @TempDir Path dir;

  private Connection conn;
  private RootAllocator allocator;

  @BeforeEach
  void connect() {
    conn = storage.connect(dir);
    allocator = new RootAllocator();
  }

  @AfterEach
  void close() {
    allocator.close();
    conn.close();
  }

  /** The files of a table's only bucket whose names end with {@code suffix}, sorted. */
  private static List<String> bucketFiles(Table table, String suffix) {
    return TestTables.files(table, "bucket-0").stream()
        .filter(n -> n.endsWith(suffix))
        .collect(Collectors.toList());
  }

  private List<Map<String, Object>> read(Table table) {
    return table.scan().allocator(allocator).toList();
  }

  @Test
  void roundTripsEveryColumnTypeThroughMaps() {
    Table table = conn.createTable("all", AllTypes.SCHEMA, false);
    List<Map<String, Object>> rows = AllTypes.rows(new Random(SEED), 0, 300);

    Snapshot s = table.add(rows);

    // Paimon counts the rows of every entry, and each of the three BLOB columns has its own.
    assertThat(s.deltaRecordCount()).isEqualTo(4 * 300);
    assertThat(table.scan().count()).isEqualTo(300);
    List<Map<String, Object>> actual = read(table);
    assertThat(actual).hasSize(300);
    assertThat(actual.get(0).keySet()).containsExactlyElementsOf(AllTypes.SCHEMA.columnNames());
    assertThat(normalizeRows(actual, table.io()))
        .as("seed %d", SEED)
        .isEqualTo(normalizeRows(rows));
  }

  @Test
  void roundTripsNullsInEveryNullableColumn() {
    Table table = conn.createTable("all", AllTypes.SCHEMA, false);
    Map<String, Object> allNull = new HashMap<>();
    allNull.put("id", 1L);
    List<String> columns = AllTypes.SCHEMA.columnNames();
    for (String c : columns.subList(1, columns.size())) {
      allNull.put(c, null);
    }

    table.add(List.of(allNull, Map.of("id", 2L)));

    List<Map<String, Object>> actual = read(table);
    for (Map<String, Object> row : actual) {
      assertThat(row.values().stream().filter(v -> v != null)).hasSize(1);
    }
    assertThat(actual).extracting(r -> r.get("id")).containsExactly(1L, 2L);
  }

  @Test
  void addOfAnArrowBatchAndOfAnArrowStreamGiveTheSameRows() throws Exception {
    List<Map<String, Object>> rows = AllTypes.rows(new Random(SEED + 1), 0, 120);
    Table fromMaps = conn.createTable("maps", AllTypes.SCHEMA, false);
    Table fromRoot = conn.createTable("root", AllTypes.SCHEMA, false);
    Table fromReader = conn.createTable("reader", AllTypes.SCHEMA, false);
    org.apache.arrow.vector.types.pojo.Schema input = ArrowRows.schema(AllTypes.SCHEMA.rowType());

    fromMaps.add(rows);
    try (VectorSchemaRoot root = ArrowRows.root(input, rows, allocator)) {
      fromRoot.add(root);
    }
    try (ArrowRows.RowsReader reader =
        new ArrowRows.RowsReader(
            allocator,
            input,
            List.of(rows.subList(0, 50), rows.subList(50, 51), List.of(), rows.subList(51, 120)))) {
      Snapshot s = fromReader.add(reader);
      assertThat(reader.loaded).isEqualTo(4);
      assertThat(fromReader.scan().count()).isEqualTo(120);
      assertThat(fromReader.snapshots()).hasSize(1);
    }

    List<Map<String, Object>> expected = normalizeRows(rows);
    assertThat(normalizeRows(read(fromMaps), fromMaps.io())).isEqualTo(expected);
    assertThat(normalizeRows(read(fromRoot), fromRoot.io())).isEqualTo(expected);
    assertThat(normalizeRows(read(fromReader), fromReader.io())).isEqualTo(expected);
  }

  @Test
  void addOfAnArrowBatchMatchesColumnsByNameAndLeavesMissingOnesNull() {
    Table table = conn.createTable("all", AllTypes.SCHEMA, false);
    List<Map<String, Object>> rows = AllTypes.rows(new Random(SEED + 2), 0, 10);
    List<Field> fields = new ArrayList<>();
    for (String c : List.of("s", "id", "blob")) {
      fields.add(ArrowSchemas.toArrowField(c, AllTypes.SCHEMA.columnType(c)));
    }

    try (VectorSchemaRoot root =
        ArrowRows.root(new org.apache.arrow.vector.types.pojo.Schema(fields), rows, allocator)) {
      table.add(root);
    }

    List<Map<String, Object>> expected = new ArrayList<>();
    for (Map<String, Object> row : rows) {
      Map<String, Object> e = new LinkedHashMap<>();
      for (String c : AllTypes.SCHEMA.columnNames()) {
        e.put(c, List.of("s", "id", "blob").contains(c) ? row.get(c) : null);
      }
      expected.add(e);
    }
    assertThat(normalizeRows(read(table), table.io())).isEqualTo(normalizeRows(expected));
  }

  @Test
  void toArrowUsesTheDesignedArrowTypesAndHoldsTheWrittenValues() {
    Table table = conn.createTable("all", AllTypes.SCHEMA, false);
    List<Map<String, Object>> rows = AllTypes.rows(new Random(SEED + 3), 0, 100);
    table.add(rows.subList(0, 40));
    table.add(rows.subList(40, 100));

    try (VectorSchemaRoot root = table.scan().allocator(allocator).batchSize(33).toArrow()) {
      assertThat(root.getRowCount()).isEqualTo(100);
      Map<String, ArrowType> expected = new HashMap<>();
      expected.put("id", new ArrowType.Int(64, true));
      expected.put("b", ArrowType.Bool.INSTANCE);
      expected.put("i8", new ArrowType.Int(8, true));
      expected.put("i16", new ArrowType.Int(16, true));
      expected.put("i32", new ArrowType.Int(32, true));
      expected.put("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE));
      expected.put("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE));
      expected.put("dec", new ArrowType.Decimal(10, 2, 128));
      expected.put("wide", new ArrowType.Decimal(38, 10, 128));
      expected.put("s", ArrowType.Utf8.INSTANCE);
      expected.put("bin", ArrowType.Binary.INSTANCE);
      expected.put("d", new ArrowType.Date(DateUnit.DAY));
      expected.put("t", new ArrowType.Time(TimeUnit.MILLISECOND, 32));
      expected.put("ts3", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null));
      expected.put("ts6", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null));
      expected.put("ts9", new ArrowType.Timestamp(TimeUnit.NANOSECOND, null));
      expected.put("ltz", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC"));
      expected.put("arr", ArrowType.List.INSTANCE);
      expected.put("m", new ArrowType.Map(false));
      expected.put("r", ArrowType.Struct.INSTANCE);
      expected.put("vec", new ArrowType.FixedSizeList(3));
      expected.put("blob", ArrowType.Struct.INSTANCE);
      expected.put("blobs", ArrowType.List.INSTANCE);
      expected.put("blob_map", new ArrowType.Map(false));
      for (DataField f : AllTypes.SCHEMA.rowType().fields()) {
        Field field = root.getVector(f.name()).getField();
        assertThat(field.getType()).as(f.name()).isEqualTo(expected.get(f.name()));
        assertThat(field.isNullable()).as(f.name()).isEqualTo(f.type().isNullable());
      }
      assertBlobStruct(root.getVector("blob").getField());
      assertBlobStruct(root.getVector("blobs").getField().getChildren().get(0));
      assertBlobStruct(
          root.getVector("blob_map").getField().getChildren().get(0).getChildren().get(1));

      List<Map<String, Object>> fromArrow = new ArrayList<>();
      for (int i = 0; i < root.getRowCount(); i++) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (DataField f : AllTypes.SCHEMA.rowType().fields()) {
          FieldVector v = root.getVector(f.name());
          row.put(f.name(), ArrowValues.get(f.name(), f.type(), v, i));
        }
        fromArrow.add(row);
      }
      assertThat(normalizeRows(fromArrow, table.io())).isEqualTo(normalizeRows(rows));
    }
  }

  static void assertBlobStruct(Field field) {
    assertThat(field.getType()).isEqualTo(ArrowType.Struct.INSTANCE);
    assertThat(field.getMetadata()).containsEntry("paimon.type", "BLOB");
    assertThat(field.getChildren())
        .extracting(Field::getName)
        .containsExactly("uri", "offset", "length");
    assertThat(field.getChildren())
        .extracting(Field::getType)
        .containsExactly(
            ArrowType.Utf8.INSTANCE, new ArrowType.Int(64, true), new ArrowType.Int(64, true));
  }

  @Test
  void blobBytesComeBackAsDescriptorsOfTheirRangeInABlobFileOfTheTable() throws Exception {
    Table table = conn.createTable("all", AllTypes.SCHEMA, false);
    Random rnd = new Random(SEED + 4);
    byte[] image = AllTypes.bytes(rnd, 5000);
    byte[] page = AllTypes.bytes(rnd, 17);
    byte[] rendition = AllTypes.bytes(rnd, 33);
    Map<String, Object> blobMap = new LinkedHashMap<>();
    blobMap.put("small", rendition);
    blobMap.put("none", null);
    Map<String, Object> row = new HashMap<>();
    row.put("id", 1L);
    row.put("blob", image);
    row.put("blobs", Arrays.asList(page, null, new byte[0]));
    row.put("blob_map", blobMap);

    table.add(List.of(row));

    Map<String, Object> out = read(table).get(0);
    BlobDescriptor d = (BlobDescriptor) out.get("blob");
    String bucket = conn.warehouse() + "/default.db/all/bucket-0/";
    assertThat(d.uri()).startsWith(bucket);
    assertThat(d.uri().substring(bucket.length())).startsWith("data-").endsWith(".blob");
    assertThat(d.length()).isEqualTo(5000);
    assertThat(TableFixtures.readRange(table.io(), d)).isEqualTo(image);
    List<?> pages = (List<?>) out.get("blobs");
    assertThat(pages).hasSize(3);
    assertThat(pages.get(1)).isNull();
    assertThat(TableFixtures.readRange(table.io(), (BlobDescriptor) pages.get(0))).isEqualTo(page);
    assertThat(((BlobDescriptor) pages.get(2)).length()).isZero();
    Map<?, ?> renditions = (Map<?, ?>) out.get("blob_map");
    assertThat(new ArrayList<Object>(renditions.keySet())).containsExactly("small", "none");
    assertThat(renditions.get("none")).isNull();
    assertThat(TableFixtures.readRange(table.io(), (BlobDescriptor) renditions.get("small")))
        .isEqualTo(rendition);
  }

  @Test
  void copiesTheBytesAGivenBlobDescriptorPointsAtIntoTheTable() throws Exception {
    // Paimon's default layout keeps every payload in the table's .blob files: a descriptor given
    // as input is read and its bytes stored, wherever it pointed.
    Table table = conn.createTable("all", AllTypes.SCHEMA, false);
    // On the table's storage, outside every table.
    String outside = conn.warehouse() + "/outside.bin";
    storage.fileIO().overwrite(outside, new byte[] {1, 2, 3, 4, 5});
    BlobDescriptor part = new BlobDescriptor(outside, 1, 3);
    BlobDescriptor whole = new BlobDescriptor(outside, 0, -1);
    byte[] bytes = {9, 8, 7};
    Map<String, Object> blobMap = new LinkedHashMap<>();
    blobMap.put("ext", whole);
    blobMap.put("own", bytes);
    Map<String, Object> row = new HashMap<>();
    row.put("id", 1L);
    row.put("blob", part);
    row.put("blobs", Arrays.asList(bytes, whole, null));
    row.put("blob_map", blobMap);

    table.add(List.of(row));
    try (VectorSchemaRoot root = table.scan().allocator(allocator).toArrow()) {
      // The descriptor structs of the output are valid input: their bytes are copied.
      Table copy = conn.createTable("copy", AllTypes.SCHEMA, false);
      copy.add(root);
      Map<String, Object> copied = read(copy).get(0);
      assertThat(TableFixtures.readRange(copy.io(), (BlobDescriptor) copied.get("blob")))
          .containsExactly(2, 3, 4);
    }

    Map<String, Object> out = read(table).get(0);
    BlobDescriptor stored = (BlobDescriptor) out.get("blob");
    assertThat(stored.uri()).startsWith(TestTables.root(table) + "/").endsWith(".blob");
    assertThat(TableFixtures.readRange(table.io(), stored)).containsExactly(2, 3, 4);
    List<?> cells = (List<?>) out.get("blobs");
    assertThat(TableFixtures.readRange(table.io(), (BlobDescriptor) cells.get(0))).isEqualTo(bytes);
    assertThat(TableFixtures.readRange(table.io(), (BlobDescriptor) cells.get(1)))
        .containsExactly(1, 2, 3, 4, 5);
    assertThat(cells.get(2)).isNull();
    Map<?, ?> map = (Map<?, ?>) out.get("blob_map");
    assertThat(TableFixtures.readRange(table.io(), (BlobDescriptor) map.get("ext")))
        .containsExactly(1, 2, 3, 4, 5);
    assertThat(TableFixtures.readRange(table.io(), (BlobDescriptor) map.get("own")))
        .isEqualTo(bytes);
  }

  @Test
  @SuppressWarnings("unchecked")
  void storesDescriptorsOfBlobDescriptorFieldsAsGiven() {
    // Paimon's blob-descriptor-field layout: the descriptor is the cell, the payload stays put.
    Schema schema =
        Schema.builder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("video", DataTypes.BLOB())
            .column("frames", DataTypes.parse("ARRAY<BLOB>"))
            .option("blob-descriptor-field", "video,frames")
            .build();
    Table table = conn.createTable("refs", schema, false);
    BlobDescriptor external = new BlobDescriptor("s3://bucket/videos/a.mp4", 1024, 4096);
    BlobDescriptor whole = new BlobDescriptor("https://example.com/x.png", 0, -1);
    Map<String, Object> row = new HashMap<>();
    row.put("id", 1L);
    row.put("video", external);
    row.put("frames", Arrays.asList(whole, null));
    table.add(List.of(row));

    Map<String, Object> out = read(table).get(0);
    assertThat(out.get("video")).isEqualTo(external);
    assertThat((List<Object>) out.get("frames")).containsExactly(whole, null);
    assertThat(TestTables.bucketFiles(table)).noneMatch(f -> f.endsWith(".blob"));

    Map<String, Object> bytes = new HashMap<>(row);
    bytes.put("video", new byte[] {1});
    assertThatThrownBy(() -> table.add(List.of(bytes)))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("column 'video' is a blob-descriptor-field");
  }

  @Test
  void rollsDataFilesAtTheTargetSizeAndReadsEveryRowInRowIdOrder() {
    Schema schema =
        Schema.builder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("payload", DataTypes.STRING())
            .option("target-file-size", "16 kb")
            .option("file.block-size", "4 kb")
            .build();
    Table table = conn.createTable("rolled", schema, false);
    Random rnd = new Random(SEED + 5);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < 6000; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", (long) i);
      row.put(
          "payload",
          rnd.nextInt(10) == 0
              ? null
              : Long.toHexString(rnd.nextLong())
                  + Long.toHexString(rnd.nextLong())
                  + Long.toHexString(rnd.nextLong()));
      rows.add(row);
    }

    table.add(rows.subList(0, 4000));
    table.add(rows.subList(4000, 6000));

    List<String> rowFiles = bucketFiles(table, storage.dataFileExtension());
    assertThat(rowFiles).hasSizeGreaterThan(5);
    assertThat(table.scan().plan()).hasSameSizeAs(rowFiles);
    List<Map<String, Object>> out = table.scan().allocator(allocator).withRowId().toList();
    assertThat(out).hasSize(6000);
    for (int i = 0; i < out.size(); i++) {
      assertThat(out.get(i).get("_ROW_ID")).isEqualTo((long) i);
    }
    assertThat(read(table)).isEqualTo(rows);
  }

  @Test
  void rollsAtTheBlobTargetSizeAndKeepsEveryDescriptorPointingAtItsBytes() {
    Schema schema =
        Schema.builder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("image", DataTypes.BLOB())
            .option("blob.target-file-size", "64 kb")
            .build();
    Table table = conn.createTable("rolled", schema, false);
    Random rnd = new Random(SEED + 6);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", (long) i);
      row.put("image", i % 7 == 0 ? null : AllTypes.bytes(rnd, 1000));
      rows.add(row);
    }

    table.add(rows);

    List<String> blobFiles = bucketFiles(table, ".blob");
    assertThat(blobFiles).hasSizeGreaterThan(10);
    assertThat(bucketFiles(table, storage.dataFileExtension())).hasSameSizeAs(blobFiles);
    List<Map<String, Object>> out = read(table);
    assertThat(
            out.stream()
                .map(r -> r.get("image"))
                .filter(d -> d != null)
                .map(d -> ((BlobDescriptor) d).uri())
                .distinct()
                .count())
        .isEqualTo(blobFiles.size());
    assertThat(normalizeRows(out, table.io())).isEqualTo(normalizeRows(rows));
  }

  @Test
  void recordsPerColumnStatisticsOfEveryDataFileInTheManifest() throws Exception {
    Schema schema =
        Schema.builder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("score", DataTypes.DOUBLE())
            .column("name", DataTypes.STRING())
            .column("day", DataTypes.DATE())
            .column("flag", DataTypes.BOOLEAN())
            .column("amount", DataTypes.DECIMAL(10, 2))
            .column("image", DataTypes.BLOB())
            .option("target-file-size", "4 kb")
            .option("file.block-size", "1 kb")
            .build();
    Table table = conn.createTable("stats", schema, false);
    Random rnd = new Random(SEED + 7);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      Map<String, Object> row = new HashMap<>();
      row.put("id", (long) i);
      row.put("score", rnd.nextInt(5) == 0 ? null : rnd.nextGaussian());
      row.put("name", rnd.nextInt(5) == 0 ? null : "n" + rnd.nextInt(100_000));
      row.put("day", rnd.nextInt(5) == 0 ? null : LocalDate.ofEpochDay(rnd.nextInt(40_000)));
      row.put("flag", i < 1000 ? null : rnd.nextBoolean());
      row.put(
          "amount",
          rnd.nextInt(5) == 0 ? null : BigDecimal.valueOf(rnd.nextInt(2_000_000) - 1_000_000, 2));
      row.put("image", rnd.nextInt(5) == 0 ? null : AllTypes.bytes(rnd, 8));
      rows.add(row);
    }
    table.add(rows.subList(0, 1200));
    table.add(rows.subList(1200, 2000));

    long covered = 0;
    int files = 0;
    for (DataFileMeta file : TestTables.dataFiles(table, 2)) {
      int first = file.firstRowId().intValue();
      int count = (int) file.rowCount();
      List<Map<String, Object>> inFile = rows.subList(first, first + count);
      covered += inFile.size();
      files++;
      // Paimon's dense statistics: the .row file's columns that have an order (not the BLOB,
      // which lives in its own .blob file).
      List<String> columns = List.of("id", "score", "name", "day", "flag", "amount");
      assertThat(file.writeCols()).containsExactlyElementsOf(columns);
      assertThat(file.valueStatsCols()).containsExactlyElementsOf(columns);
      List<io.paimon.types.DataType> types = new ArrayList<>();
      columns.forEach(c -> types.add(schema.columnType(c)));
      Object[] min = BinaryRows.deserialize(file.valueStats().minValues(), types, "min");
      Object[] max = BinaryRows.deserialize(file.valueStats().maxValues(), types, "max");
      for (int c = 0; c < columns.size(); c++) {
        String column = columns.get(c);
        List<Object> values = new ArrayList<>();
        inFile.forEach(r -> values.add(r.get(column)));
        String where = file.fileName() + " column " + column;
        assertThat(file.valueStats().nullCounts()[c])
            .as(where)
            .isEqualTo(values.stream().filter(v -> v == null).count());
        assertThat(text(min[c])).as(where).isEqualTo(extreme(values, -1));
        assertThat(text(max[c])).as(where).isEqualTo(extreme(values, 1));
      }
    }
    assertThat(covered).isEqualTo(2000);
    assertThat(files).isGreaterThan(4);
  }

  private static String text(Object value) {
    if (value instanceof BigDecimal) {
      return ((BigDecimal) value).toPlainString();
    }
    return value == null ? null : value.toString();
  }

  /** The min (sign -1) or max (sign 1) of the non-null values as the manifest prints it. */
  @SuppressWarnings("unchecked")
  private static String extreme(List<Object> values, int sign) {
    Object best = null;
    for (Object v : values) {
      if (v == null || v instanceof byte[]) {
        continue;
      }
      if (best == null || Integer.signum(((Comparable<Object>) v).compareTo(best)) == sign) {
        best = v;
      }
    }
    if (best instanceof BigDecimal) {
      return ((BigDecimal) best).toPlainString();
    }
    return best == null ? null : best.toString();
  }
}
