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
package io.paimon.multimodal.internal.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.row.Row;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileReader;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Scans over many small data files and blocks, checked row by row against the rows written: the
 * two-pass read of a filter narrower than the scan (filter columns first, then the scan's columns
 * for the passing rows only), the one-pass read of a filter as wide as the scan, and full scans
 * whose file batches are moved (not copied) into the output across file boundaries.
 */
class FilteredScanPassesTest {

  private static final long SEED = 20_240_611L;
  private static final int COMMITS = 6;
  private static final int ROWS_PER_COMMIT = 150;

  @TempDir Path dir;

  private RootAllocator allocator;
  private Connection conn;
  private Table table;

  /** The rows written; index = _ROW_ID (one writer, commits in order). */
  private final List<Map<String, Object>> written = new ArrayList<>();

  @BeforeEach
  void writeTable() {
    allocator = new RootAllocator();
    conn = Multimodal.connect(dir.toString());
    table =
        conn.createTable(
            "t",
            Schema.builder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("grp", DataTypes.INT())
                .column("name", DataTypes.STRING())
                .column("tags", DataTypes.ARRAY(DataTypes.STRING()))
                .column("pos", DataTypes.parse("VECTOR<FLOAT, 2>"))
                .column("meta", DataTypes.parse("ROW<k INT, v STRING>"))
                .column("attrs", DataTypes.parse("MAP<STRING, INT>"))
                .option("file.block-size", "128 b")
                .option("target-file-size", "3 kb")
                .build(),
            false);
    SplittableRandom random = new SplittableRandom(SEED);
    for (int c = 0; c < COMMITS; c++) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (int i = 0; i < ROWS_PER_COMMIT; i++) {
        long id = (long) c * ROWS_PER_COMMIT + i;
        Map<String, Object> row = new HashMap<>();
        row.put("id", id);
        row.put("grp", random.nextInt(8) == 0 ? null : random.nextInt(5));
        row.put("name", random.nextInt(10) == 0 ? null : word(random));
        List<String> tags = new ArrayList<>();
        for (int t = random.nextInt(4); t > 0; t--) {
          tags.add(random.nextInt(6) == 0 ? null : word(random));
        }
        row.put("tags", random.nextInt(8) == 0 ? null : tags);
        row.put(
            "pos",
            random.nextInt(8) == 0
                ? null
                : new float[] {random.nextInt(100) / 4f, -random.nextInt(100) / 8f});
        row.put(
            "meta",
            random.nextInt(8) == 0
                ? null
                : Row.of(random.nextInt(50), random.nextInt(4) == 0 ? null : word(random)));
        Map<String, Integer> attrs = new LinkedHashMap<>();
        for (int a = random.nextInt(3); a > 0; a--) {
          attrs.put(word(random), random.nextInt(4) == 0 ? null : random.nextInt(9));
        }
        row.put("attrs", random.nextInt(8) == 0 ? null : attrs);
        rows.add(row);
      }
      table.add(rows);
      for (Map<String, Object> row : rows) {
        written.add(comparable(row));
      }
    }
  }

  @AfterEach
  void close() {
    conn.close();
    allocator.close();
  }

  private static String word(SplittableRandom random) {
    char[] c = new char[1 + random.nextInt(12)];
    for (int i = 0; i < c.length; i++) {
      c[i] = (char) ('a' + random.nextInt(4));
    }
    return new String(c);
  }

  @Test
  void theTableSpansManyFilesOfManyBlocks() throws Exception {
    // Several files per commit, and files of several sample strides of blocks, so that the
    // sampled first pass, the rest of the first pass and the one-pass fallback all run.
    List<Split> splits = table.scan().plan();
    assertThat(splits).as("seed %d", SEED).hasSizeGreaterThan(COMMITS);
    try (RowFileReader file =
        RowFile.open(Path.of(splits.get(0).files().get(0).path()), table.schema().rowType())) {
      assertThat(file.layout().blockCount())
          .as("seed %d", SEED)
          .isGreaterThan(2 * FileBatches.SAMPLE_STRIDE);
    }
  }

  static Stream<Arguments> predicates() {
    return Stream.of(
        Arguments.of("id >= 401 AND id < 433", rowPredicate(r -> id(r) >= 401 && id(r) < 433)),
        Arguments.of("grp = 3", rowPredicate(r -> Integer.valueOf(3).equals(r.get("grp")))),
        Arguments.of(
            "grp IS NULL OR name LIKE 'a%'",
            rowPredicate(
                r ->
                    r.get("grp") == null
                        || (r.get("name") != null && ((String) r.get("name")).startsWith("a")))),
        Arguments.of(
            "_ROW_ID >= 250 AND grp < 2",
            rowPredicate(r -> id(r) >= 250 && r.get("grp") != null && (Integer) r.get("grp") < 2)),
        Arguments.of("_ROW_ID < 10", rowPredicate(r -> id(r) < 10)),
        Arguments.of("id < 0", rowPredicate(r -> false)),
        Arguments.of("id >= 0", rowPredicate(r -> true)));
  }

  private static Predicate<Map<String, Object>> rowPredicate(Predicate<Map<String, Object>> p) {
    return p;
  }

  private static long id(Map<String, Object> row) {
    return (Long) row.get("id");
  }

  @ParameterizedTest
  @MethodSource("predicates")
  void aFilteredScanReturnsExactlyThePassingRows(
      String where, Predicate<Map<String, Object>> expected) {
    List<Map<String, Object>> want = new ArrayList<>();
    for (int i = 0; i < written.size(); i++) {
      if (expected.test(written.get(i))) {
        Map<String, Object> row = new HashMap<>(written.get(i));
        row.put("_ROW_ID", (long) i);
        want.add(row);
      }
    }
    // All columns: the filter reads fewer columns than the scan (two passes, unless _ROW_ID only).
    assertThat(rows(table.scan().where(where).withRowId().batchSize(13)))
        .as("seed %d, where %s", SEED, where)
        .isEqualTo(want);
    // Only the filter's own columns: one pass.
    List<String> filterColumns =
        Stream.of("id", "grp", "name").filter(where::contains).collect(Collectors.toList());
    List<Map<String, Object>> narrow = new ArrayList<>();
    for (Map<String, Object> row : want) {
      Map<String, Object> m = new HashMap<>();
      for (String c : filterColumns) {
        m.put(c, row.get(c));
      }
      narrow.add(m);
    }
    if (!filterColumns.isEmpty()) {
      assertThat(rows(table.scan().where(where).select(filterColumns).batchSize(13)))
          .as("seed %d, where %s", SEED, where)
          .isEqualTo(narrow);
    }
    assertThat(table.scan().where(where).allocator(allocator).count()).isEqualTo(want.size());
  }

  @Test
  void takeRowIdsWithAFilterKeepsTheInputOrderOfThePassingRows() {
    SplittableRandom random = new SplittableRandom(SEED + 1);
    long[] ids = LongStream.range(0, 300).map(i -> random.nextLong(written.size())).toArray();
    List<Long> want =
        LongStream.of(ids)
            .filter(id -> Integer.valueOf(2).equals(written.get((int) id).get("grp")))
            .boxed()
            .collect(Collectors.toList());
    List<Long> got = new ArrayList<>();
    for (Map<String, Object> row :
        rows(table.takeRowIds(ids).where("grp = 2").withRowId().batchSize(17))) {
      assertThat(row)
          .as("seed %d", SEED)
          .isEqualTo(
              withRowId(
                  written.get((int) (long) (Long) row.get("_ROW_ID")), (Long) row.get("_ROW_ID")));
      got.add((Long) row.get("_ROW_ID"));
    }
    assertThat(got).as("seed %d", SEED).isEqualTo(want);
  }

  @Test
  void takeRowIdsOfEveryColumnTypeKeepsTheInputOrderAndDuplicates() {
    // Neighbouring output rows come from different files: every vector kind is gathered from
    // several staged batches at once.
    SplittableRandom random = new SplittableRandom(SEED + 2);
    long[] ids = LongStream.range(0, 400).map(i -> random.nextLong(written.size())).toArray();
    for (int batchSize : new int[] {1, 13, 4096}) {
      List<Map<String, Object>> got = rows(table.takeRowIds(ids).withRowId().batchSize(batchSize));
      List<Map<String, Object>> want = new ArrayList<>();
      for (long id : ids) {
        want.add(withRowId(written.get((int) id), id));
      }
      assertThat(got).as("seed %d, batch size %d", SEED, batchSize).isEqualTo(want);
    }
  }

  @Test
  void aFullScanMovesFileBatchesWithoutLosingOrMixingRows() throws Exception {
    // Batch sizes that do and do not divide the file row counts, so output batches end short at
    // some file boundaries and whole file batches are moved into the output (buffers swapped).
    for (int batchSize : new int[] {1, 7, 64, 150, 4096}) {
      List<Map<String, Object>> got = rows(table.scan().withRowId().batchSize(batchSize));
      List<Map<String, Object>> want = new ArrayList<>();
      for (int i = 0; i < written.size(); i++) {
        want.add(withRowId(written.get(i), i));
      }
      assertThat(got).as("seed %d, batch size %d", SEED, batchSize).isEqualTo(want);
      try (ArrowReader reader =
          table.scan().batchSize(batchSize).allocator(allocator).toArrowReader()) {
        long total = 0;
        while (reader.loadNextBatch()) {
          int n = reader.getVectorSchemaRoot().getRowCount();
          assertThat(n).isBetween(1, batchSize);
          total += n;
        }
        assertThat(total).isEqualTo(written.size());
      }
    }
  }

  private static Map<String, Object> withRowId(Map<String, Object> row, long rowId) {
    Map<String, Object> m = new HashMap<>(row);
    m.put("_ROW_ID", rowId);
    return m;
  }

  /**
   * The scan's rows through toList(), made comparable with equals (VECTOR arrays as lists); also
   * checks that toArrow() holds the same rows.
   */
  private List<Map<String, Object>> rows(Scan scan) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map<String, Object> row : scan.allocator(allocator).toList()) {
      out.add(comparable(row));
    }
    try (VectorSchemaRoot root = scan.allocator(allocator).toArrow()) {
      assertThat(root.getRowCount()).isEqualTo(out.size());
      for (int i = 0; i < root.getRowCount(); i++) {
        Map<String, Object> row = new HashMap<>();
        for (FieldVector v : root.getFieldVectors()) {
          DataType type =
              Schema.ROW_ID.equals(v.getName())
                  ? DataTypes.BIGINT()
                  : table
                      .schema()
                      .rowType()
                      .typeAt(table.schema().rowType().fieldIndex(v.getName()));
          row.put(v.getName(), ArrowValues.get(v.getName(), type, v, i));
        }
        assertThat(comparable(row)).as("toArrow() row %d, seed %d", i, SEED).isEqualTo(out.get(i));
      }
    }
    return out;
  }

  private static Map<String, Object> comparable(Map<String, Object> row) {
    Map<String, Object> m = new HashMap<>(row);
    if (m.get("pos") instanceof float[]) {
      float[] p = (float[]) m.get("pos");
      m.put("pos", List.of(p[0], p[1]));
    }
    return m;
  }
}
