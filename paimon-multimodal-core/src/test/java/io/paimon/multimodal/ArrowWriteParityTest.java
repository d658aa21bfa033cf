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

import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.multimodal.arrow.TableArrow;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.row.ArrowSchemas;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code add(VectorSchemaRoot)} and {@code add(ArrowReader)} encode straight from the vectors;
 * {@code add(List<Map>)} of the Java values of the same cells (as {@link ArrowValues} converts
 * them, which is what the Arrow adds did before) must write the same files byte for byte: data
 * files, {@code .blob} files, row-group statistics, and the manifest's statistics of each file.
 * Random tables of every column type (nested, VECTOR, VARIANT, BLOB columns stored in {@code .blob}
 * files or as descriptors), with partitions, nulls, columns in other Arrow layouts or missing from
 * the batch, malformed UTF-8, NaNs and repeated map keys. The seed is in every assertion.
 */
class ArrowWriteParityTest {

  private static final int PAYLOAD_BYTES = 4096;

  @TempDir Path dir;

  private Connection conn;
  private BufferAllocator allocator;
  private String payloadUri;

  @BeforeEach
  void connect() throws IOException {
    conn = Multimodal.connect(dir.resolve("warehouse").toString());
    allocator = new RootAllocator();
    Path payload = dir.resolve("payload.bin");
    byte[] bytes = new byte[PAYLOAD_BYTES];
    new SplittableRandom(1).nextBytes(bytes);
    Files.write(payload, bytes);
    payloadUri = payload.toString();
  }

  @AfterEach
  void close() {
    allocator.close();
    conn.close();
  }

  static LongStream seeds() {
    return LongStream.range(0, 40);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void arrowBatchesWriteTheFilesOfTheMapsOfTheirCells(long seed) throws IOException {
    SplittableRandom r = new SplittableRandom(seed);
    TableSpec spec = randomTable(r);
    String what = "seed " + seed + ", " + spec;
    Table viaArrow = conn.createTable("arrow" + seed, spec.schema, false);
    Table viaMaps = conn.createTable("maps" + seed, spec.schema, false);
    RandomArrowCells cells =
        new RandomArrowCells(
            r, new double[] {0, 0.1, 0.4}[r.nextInt(3)], payloadUri, PAYLOAD_BYTES);
    int batchCount = 1 + r.nextInt(3);
    List<VectorSchemaRoot> batches = new ArrayList<>();
    List<Map<String, Object>> maps = new ArrayList<>();
    try {
      for (int b = 0; b < batchCount; b++) {
        VectorSchemaRoot root = VectorSchemaRoot.create(spec.input, allocator);
        batches.add(root);
        int rows = r.nextInt(8) == 0 ? 0 : r.nextInt(1, 400);
        fill(root, spec, cells, rows);
        maps.addAll(javaValues(root, spec.schema.rowType()));
      }
      if (batchCount == 1 && r.nextBoolean()) {
        viaArrow.add(batches.get(0));
      } else {
        try (BatchesReader reader = new BatchesReader(allocator, spec.input, batches)) {
          viaArrow.add(reader);
        }
      }
      viaMaps.add(maps);
    } finally {
      batches.forEach(VectorSchemaRoot::close);
    }
    assertSameFiles(viaArrow, viaMaps, what);
  }

  // ---------------------------------------------------------------------------------------------
  // Random tables

  /** A table schema and the Arrow schema its batches come in. */
  record TableSpec(io.paimon.multimodal.Schema schema, Schema input, List<String> partitionKeys) {
    @Override
    public String toString() {
      return schema.rowType()
          + " partitioned by "
          + partitionKeys
          + " "
          + schema.options()
          + ", batches "
          + input;
    }
  }

  private static TableSpec randomTable(SplittableRandom r) {
    io.paimon.multimodal.Schema.Builder builder = io.paimon.multimodal.Schema.builder();
    List<Field> input = new ArrayList<>();
    List<String> keys = new ArrayList<>();
    List<String> descriptors = new ArrayList<>();
    int columns = 1 + r.nextInt(7);
    for (int c = 0; c < columns; c++) {
      String name = "c" + c;
      DataType type = RandomColumnTypes.type(r, 2);
      builder.column(name, type);
      if (type.isNullable() && r.nextInt(10) == 0) {
        continue; // missing from the batches: null in every row
      }
      input.add(
          r.nextInt(4) == 0 ? otherLayout(name, type, r) : ArrowSchemas.toArrowField(name, type));
    }
    int partitions = r.nextInt(3) == 0 ? 1 + r.nextInt(2) : 0;
    for (int k = 0; k < partitions; k++) {
      String name = "p" + k;
      DataType type =
          new DataType[] {
                DataTypes.INT(),
                DataTypes.BIGINT().notNull(),
                DataTypes.STRING(),
                DataTypes.DATE(),
                DataTypes.BOOLEAN(),
                DataTypes.SMALLINT()
              }
              [r.nextInt(6)];
      builder.column(name, type);
      keys.add(name);
      input.add(ArrowSchemas.toArrowField(name, type));
    }
    int blobs = r.nextInt(3) == 0 ? 1 + r.nextInt(2) : 0;
    for (int b = 0; b < blobs; b++) {
      String name = "b" + b;
      DataType type =
          new DataType[] {
                DataTypes.BLOB(),
                DataTypes.parse("ARRAY<BLOB>"),
                DataTypes.parse("MAP<STRING, BLOB>")
              }
              [r.nextInt(3)];
      builder.column(name, type);
      boolean descriptor = r.nextInt(3) == 0;
      if (descriptor) {
        descriptors.add(name);
      }
      // BLOB cells as bytes or as descriptors of payloads to copy; descriptor fields take only
      // descriptors.
      input.add(
          descriptor || r.nextBoolean()
              ? TableArrow.field(name, type)
              : ArrowSchemas.toArrowField(name, type));
    }
    if (!keys.isEmpty()) {
      builder.partitionKeys(keys.toArray(new String[0]));
      if (r.nextBoolean()) {
        builder.option("partition.max-open-writers", String.valueOf(1 + r.nextInt(3)));
      }
    }
    if (!descriptors.isEmpty()) {
      builder.option("blob-descriptor-field", String.join(",", descriptors));
    }
    builder.option(
        "stats.row-group-size", String.valueOf(new int[] {1, 3, 17, 100, 4096}[r.nextInt(5)]));
    if (r.nextBoolean()) {
      builder.option("file.block-size", "1 kb");
    }
    if (blobs > 0 && r.nextBoolean()) {
      // .blob files roll by their own size, which is known as each cell is written.
      builder.option("blob.target-file-size", "2 kb");
    }
    return new TableSpec(builder.build(), new Schema(input), keys);
  }

  /** A layout of the column other than the codec's, which the write converts cell by cell. */
  private static Field otherLayout(String name, DataType type, SplittableRandom r) {
    boolean nullable = type.isNullable();
    ArrowType other;
    switch (type.root()) {
      case CHAR:
      case VARCHAR:
        other = ArrowType.LargeUtf8.INSTANCE;
        break;
      case BINARY:
      case VARBINARY:
        other = ArrowType.LargeBinary.INSTANCE;
        break;
      case BIGINT:
        other = new ArrowType.Int(32, true);
        break;
      case INTEGER:
        other = new ArrowType.Int(16, true);
        break;
      case DOUBLE:
        other = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
        break;
      case DATE:
        other = new ArrowType.Date(DateUnit.MILLISECOND);
        break;
      case TIMESTAMP_WITHOUT_TIME_ZONE:
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        other =
            new ArrowType.Timestamp(
                new TimeUnit[] {TimeUnit.SECOND, TimeUnit.MICROSECOND}[r.nextInt(2)], null);
        break;
      case VECTOR:
        {
          io.paimon.types.VectorType v = (io.paimon.types.VectorType) type;
          return new Field(
              name,
              new FieldType(nullable, ArrowType.List.INSTANCE, null),
              List.of(ArrowSchemas.toArrowField("element", v.elementType().notNull())));
        }
      default:
        return ArrowSchemas.toArrowField(name, type);
    }
    return new Field(name, new FieldType(nullable, other, null), null);
  }

  private static void fill(
      VectorSchemaRoot root, TableSpec spec, RandomArrowCells cells, int rows) {
    root.allocateNew();
    RowType type = spec.schema.rowType();
    for (FieldVector v : root.getFieldVectors()) {
      DataType t = type.typeAt(type.fieldIndex(v.getName()));
      boolean few = spec.partitionKeys.contains(v.getName());
      for (int i = 0; i < rows; i++) {
        cells.fill(v, t, i, few);
      }
      v.setValueCount(rows);
    }
    root.setRowCount(rows);
  }

  /**
   * The rows of a batch as {@code add(List<Map>)} takes them: each cell as ArrowValues reads it.
   */
  private static List<Map<String, Object>> javaValues(VectorSchemaRoot root, RowType type) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < root.getRowCount(); i++) {
      Map<String, Object> row = new HashMap<>();
      for (FieldVector v : root.getFieldVectors()) {
        DataField f = type.fields().get(type.fieldIndex(v.getName()));
        row.put(f.name(), ArrowValues.get(f.name(), f.type(), v, i));
      }
      rows.add(row);
    }
    return rows;
  }

  // ---------------------------------------------------------------------------------------------
  // Comparing

  private static void assertSameFiles(Table viaArrow, Table viaMaps, String what)
      throws IOException {
    assertThat(viaArrow.latestSnapshot().map(Snapshot::totalRecordCount))
        .as(what)
        .isEqualTo(viaMaps.latestSnapshot().map(Snapshot::totalRecordCount));
    List<DataFileMeta> arrowMetas = files(viaArrow);
    List<DataFileMeta> mapMetas = files(viaMaps);
    Map<String, String> arrowWriters = writers(arrowMetas);
    Map<String, String> mapWriters = writers(mapMetas);
    assertThat(arrowMetas.stream().map(f -> describe(f, arrowWriters)).toList())
        .as(what)
        .isEqualTo(mapMetas.stream().map(f -> describe(f, mapWriters)).toList());
    Map<String, byte[]> arrowFiles = bucketFiles(viaArrow, arrowWriters);
    Map<String, byte[]> mapFiles = bucketFiles(viaMaps, mapWriters);
    assertThat(arrowFiles.keySet()).as(what).isEqualTo(mapFiles.keySet());
    for (String name : arrowFiles.keySet()) {
      assertThat(arrowFiles.get(name)).as(what + ": " + name).isEqualTo(mapFiles.get(name));
    }
  }

  private static List<DataFileMeta> files(Table table) {
    return table.latestSnapshot().isEmpty()
        ? List.of()
        : TestTables.allFiles(table, table.latestSnapshot().get().id());
  }

  private static final java.util.regex.Pattern WRITER =
      java.util.regex.Pattern.compile("data-([0-9a-f-]{36})-");

  /**
   * Each file writer's random name prefix, numbered in the order the manifest first names it: a
   * partition whose writer was closed (too many open) gets a new writer, so names repeat without
   * it.
   */
  private static Map<String, String> writers(List<DataFileMeta> files) {
    Map<String, String> out = new HashMap<>();
    for (DataFileMeta f : files) {
      java.util.regex.Matcher m = WRITER.matcher(f.fileName());
      if (m.find()) {
        out.putIfAbsent(m.group(1), "w" + out.size());
      }
    }
    return out;
  }

  /** Everything the manifest records of a file but its creation time. */
  private static String describe(DataFileMeta f, Map<String, String> writers) {
    return String.join(
        " | ",
        normalize(f.fileName(), writers),
        String.valueOf(f.fileSize()),
        String.valueOf(f.rowCount()),
        Arrays.toString(f.valueStats().minValues()),
        Arrays.toString(f.valueStats().maxValues()),
        Arrays.toString(f.valueStats().nullCounts()),
        String.valueOf(f.valueStatsCols()),
        String.valueOf(f.extraFiles().stream().map(e -> normalize(e, writers)).toList()),
        String.valueOf(f.writeCols()),
        String.valueOf(f.firstRowId()),
        String.valueOf(f.schemaId()));
  }

  /** A file name with its writer's random prefix replaced by the writer's number. */
  private static String normalize(String name, Map<String, String> writers) {
    java.util.regex.Matcher m = WRITER.matcher(name);
    return m.find() ? m.replaceFirst("data-" + writers.get(m.group(1)) + "-") : name;
  }

  /** The bucket directories' files by partition path and normalized name, with their bytes. */
  private static Map<String, byte[]> bucketFiles(Table table, Map<String, String> writers)
      throws IOException {
    Path root = TestTables.localRoot(table);
    Map<String, byte[]> out = new TreeMap<>();
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : paths.filter(Files::isRegularFile).toList()) {
        String rel = root.relativize(p).toString();
        if (rel.contains("bucket-")) {
          out.put(normalize(rel, writers), Files.readAllBytes(p));
        }
      }
    }
    return out;
  }

  /** An ArrowReader that loads the given batches, in order, into one root of its own. */
  private static final class BatchesReader extends ArrowReader {
    private final Schema schema;
    private final List<VectorSchemaRoot> batches;
    private int next;

    BatchesReader(BufferAllocator allocator, Schema schema, List<VectorSchemaRoot> batches) {
      super(allocator);
      this.schema = schema;
      this.batches = batches;
    }

    @Override
    public boolean loadNextBatch() throws IOException {
      if (next == batches.size()) {
        return false;
      }
      VectorSchemaRoot root = getVectorSchemaRoot();
      try (ArrowRecordBatch batch = new VectorUnloader(batches.get(next++)).getRecordBatch()) {
        new VectorLoader(root).load(batch);
      }
      return true;
    }

    @Override
    public long bytesRead() {
      return 0;
    }

    @Override
    protected void closeReadSource() {}

    @Override
    protected Schema readSchema() {
      return schema;
    }
  }
}
