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

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.RandomArrowCells;
import io.paimon.multimodal.RandomColumnTypes;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.SplitFile;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.row.ArrowSchemas;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import io.paimon.types.Variant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Differential: the same random rows written to a {@code row} table and to a {@code file.format =
 * parquet} table (random parquet options: codecs, tiny row groups and pages, dictionary on and off,
 * writer v1 and v2) read back the same, through scans, {@code where}, projections and takes, and
 * stay the same through the same changes applied to both (update by row ID, update and delete by
 * predicate, compaction). The {@code row} path is proven against Paimon elsewhere; this proves the
 * parquet writer and reader against it. The seed is in every assertion.
 */
class ParquetWriteDifferentialTest {

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
    return LongStream.range(0, 30);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void parquetTablesReadAndChangeLikeRowTables(long seed) throws IOException {
    SplittableRandom r = new SplittableRandom(seed);
    Schema schema = randomSchema(r);
    Map<String, String> parquetOptions = randomParquetOptions(r);
    String what = "seed " + seed + ", " + schema.rowType() + " " + parquetOptions;
    Table row = conn.createTable("row" + seed, schema, false);
    Schema.Builder pb = Schema.builder();
    schema.rowType().fields().forEach(f -> pb.column(f.name(), f.type()));
    schema.options().forEach(pb::option);
    parquetOptions.forEach(pb::option);
    if (!schema.partitionKeys().isEmpty()) {
      pb.partitionKeys(schema.partitionKeys().toArray(new String[0]));
    }
    Table parquet = conn.createTable("parquet" + seed, pb.build(), false);

    RandomArrowCells cells =
        new RandomArrowCells(
            r, new double[] {0, 0.1, 0.4}[r.nextInt(3)], payloadUri, PAYLOAD_BYTES);
    org.apache.arrow.vector.types.pojo.Schema input = arrowSchema(schema.rowType());
    int commits = 1 + r.nextInt(3);
    for (int c = 0; c < commits; c++) {
      try (VectorSchemaRoot root = VectorSchemaRoot.create(input, allocator)) {
        fill(root, schema, cells, r.nextInt(6) == 0 ? 0 : r.nextInt(1, 600));
        if (r.nextBoolean()) {
          row.add(root);
          parquet.add(root);
        } else {
          List<Map<String, Object>> maps = javaValues(root, schema.rowType());
          row.add(maps);
          parquet.add(maps);
        }
      }
    }
    assertThat(dataFiles(parquet)).as(what).allMatch(f -> f.endsWith(".parquet"));
    assertSameReads(row, parquet, schema, r, what + " after writes");

    List<Long> ids =
        row.scan().withRowId().select(schema.rowType().fieldNames().get(0)).toList().stream()
            .map(m -> (Long) m.get(Schema.ROW_ID))
            .collect(Collectors.toList());
    if (!ids.isEmpty()) {
      String target = updatableColumn(schema);
      if (target != null) {
        Map<Long, Map<String, Object>> updates = new TreeMap<>();
        for (int i = 0; i < 1 + r.nextInt(5); i++) {
          Map<String, Object> v = new HashMap<>();
          v.put(target, null);
          updates.put(ids.get(r.nextInt(ids.size())), v);
        }
        row.updateByRowId(updates);
        parquet.updateByRowId(updates);
        assertSameReads(row, parquet, schema, r, what + " after updateByRowId");
      }
      String cut =
          "_ROW_ID IN ("
              + ids.get(r.nextInt(ids.size()))
              + ", "
              + ids.get(r.nextInt(ids.size()))
              + ") OR _ROW_ID < "
              + r.nextInt(300);
      row.delete(cut);
      parquet.delete(cut);
      assertSameReads(row, parquet, schema, r, what + " after delete");
      row.compact();
      parquet.compact();
      assertSameReads(row, parquet, schema, r, what + " after compact");
      assertThat(dataFiles(parquet)).as(what).allMatch(f -> f.endsWith(".parquet"));
    }
  }

  /** A nullable non-partition column that is stored in the data file, if any. */
  private static String updatableColumn(Schema schema) {
    for (DataField f : schema.rowType().fields()) {
      if (f.type().isNullable()
          && !schema.partitionKeys().contains(f.name())
          && !f.type().contains(DataTypeRoot.BLOB)) {
        return f.name();
      }
    }
    return null;
  }

  private static List<String> dataFiles(Table t) {
    List<String> files = new ArrayList<>();
    for (Split s : t.scan().plan()) {
      for (SplitFile f : s.files()) {
        if (!"blob".equals(f.format())) {
          files.add(f.name());
        }
      }
    }
    return files;
  }

  private void assertSameReads(
      Table row, Table parquet, Schema schema, SplittableRandom r, String what) {
    assertThat(canonical(parquet.scan().withRowId().toList()))
        .as(what + ": full scan")
        .isEqualTo(canonical(row.scan().withRowId().toList()));
    List<String> names = schema.rowType().fieldNames();
    String column = names.get(r.nextInt(names.size()));
    assertThat(canonical(parquet.scan().select(column).withRowId().toList()))
        .as(what + ": select " + column)
        .isEqualTo(canonical(row.scan().select(column).withRowId().toList()));
    String predicate = "_ROW_ID >= " + r.nextInt(1500) + " OR " + column + " IS NULL";
    assertThat(canonical(parquet.scan().where(predicate).withRowId().toList()))
        .as(what + ": where " + predicate)
        .isEqualTo(canonical(row.scan().where(predicate).withRowId().toList()));
    long total = row.scan().count();
    if (total > 0) {
      List<Long> take = new ArrayList<>();
      List<Map<String, Object>> all = row.scan().withRowId().select(column).toList();
      for (int i = 0; i < 1 + r.nextInt(20); i++) {
        take.add((Long) all.get(r.nextInt(all.size())).get(Schema.ROW_ID));
      }
      assertThat(canonical(parquet.takeRowIds(take).withRowId().toList()))
          .as(what + ": take " + take)
          .isEqualTo(canonical(row.takeRowIds(take).withRowId().toList()));
    }
  }

  // ---------------------------------------------------------------------------------------------

  private static Schema randomSchema(SplittableRandom r) {
    Schema.Builder b = Schema.builder();
    int columns = 1 + r.nextInt(7);
    for (int c = 0; c < columns; c++) {
      b.column("c" + c, columnType(r));
    }
    List<String> keys = new ArrayList<>();
    if (r.nextInt(3) == 0) {
      DataType type =
          new DataType[] {DataTypes.INT(), DataTypes.STRING(), DataTypes.DATE()}[r.nextInt(3)];
      b.column("p0", type);
      keys.add("p0");
      b.partitionKeys("p0");
    }
    if (r.nextInt(4) == 0) {
      b.column("b0", DataTypes.BLOB());
      if (r.nextBoolean()) {
        b.option("blob-descriptor-field", "b0");
      }
    }
    b.option("deletion-vectors.enabled", "true");
    b.option("stats.row-group-size", String.valueOf(new int[] {1, 17, 100, 4096}[r.nextInt(4)]));
    if (r.nextInt(3) == 0) {
      b.option("target-file-size", "4 kb");
    }
    return b.build();
  }

  /** Column types of every kind, nested to depth 2. */
  private static DataType columnType(SplittableRandom r) {
    return RandomColumnTypes.type(r, 2);
  }

  private static Map<String, String> randomParquetOptions(SplittableRandom r) {
    Map<String, String> o = new LinkedHashMap<>();
    o.put("file.format", "parquet");
    String[] codecs = {"zstd", "snappy", "gzip", "lz4_raw", "none"};
    o.put("file.compression", codecs[r.nextInt(codecs.length)]);
    if (r.nextBoolean()) {
      o.put("parquet.block.size", String.valueOf(new int[] {512, 4096, 65536}[r.nextInt(3)]));
    }
    if (r.nextBoolean()) {
      o.put("parquet.page.size", String.valueOf(new int[] {64, 1024}[r.nextInt(2)]));
      o.put("parquet.page.row.count.limit", String.valueOf(new int[] {7, 100}[r.nextInt(2)]));
    }
    if (r.nextBoolean()) {
      o.put("parquet.enable.dictionary", String.valueOf(r.nextBoolean()));
    }
    if (r.nextBoolean()) {
      o.put("parquet.writer.version", r.nextBoolean() ? "v1" : "v2");
    }
    return o;
  }

  private static org.apache.arrow.vector.types.pojo.Schema arrowSchema(RowType type) {
    List<Field> fields = new ArrayList<>();
    for (DataField f : type.fields()) {
      fields.add(
          f.type().root() == DataTypeRoot.BLOB
              ? io.paimon.multimodal.arrow.TableArrow.field(f.name(), f.type())
              : ArrowSchemas.toArrowField(f.name(), f.type()));
    }
    return new org.apache.arrow.vector.types.pojo.Schema(fields);
  }

  private static void fill(VectorSchemaRoot root, Schema schema, RandomArrowCells cells, int rows) {
    root.allocateNew();
    RowType type = schema.rowType();
    for (FieldVector v : root.getFieldVectors()) {
      DataType t = type.typeAt(type.fieldIndex(v.getName()));
      boolean few = schema.partitionKeys().contains(v.getName());
      for (int i = 0; i < rows; i++) {
        cells.fill(v, t, i, few);
      }
      v.setValueCount(rows);
    }
    root.setRowCount(rows);
  }

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

  /** Rows as comparable values: byte arrays as hex, maps sorted by key, rows by row ID. */
  static List<Object> canonical(List<Map<String, Object>> rows) {
    return rows.stream()
        .map(m -> canonicalValue(m))
        .sorted(java.util.Comparator.comparing(Object::toString))
        .collect(Collectors.toList());
  }

  private static Object canonicalValue(Object v) {
    if (v instanceof BlobDescriptor) {
      // Payloads in .blob files are at different paths in the two tables; their lengths agree.
      return "blob of " + ((BlobDescriptor) v).length() + " bytes";
    } else if (v instanceof byte[]) {
      return "0x" + HexFormat.of().formatHex((byte[]) v);
    } else if (v instanceof Map) {
      TreeMap<String, Object> out = new TreeMap<>();
      ((Map<?, ?>) v)
          .forEach((k, x) -> out.put(String.valueOf(canonicalValue(k)), canonicalValue(x)));
      return out;
    } else if (v instanceof List) {
      return ((List<?>) v).stream().map(ParquetWriteDifferentialTest::canonicalValue).toList();
    } else if (v instanceof io.paimon.row.Row) {
      return canonicalValue(java.util.Arrays.asList(((io.paimon.row.Row) v).toArray()));
    } else if (v instanceof Variant) {
      return "variant:"
          + canonicalValue(((Variant) v).value())
          + canonicalValue(((Variant) v).metadata());
    } else if (v != null && v.getClass().isArray()) {
      return Stream.iterate(0, i -> i + 1)
          .limit(java.lang.reflect.Array.getLength(v))
          .map(i -> java.lang.reflect.Array.get(v, i))
          .toList();
    }
    return v;
  }
}
