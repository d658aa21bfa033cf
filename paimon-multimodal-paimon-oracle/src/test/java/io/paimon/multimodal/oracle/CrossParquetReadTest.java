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
package io.paimon.multimodal.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.fs.FileIO;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypeRoot;
import org.apache.paimon.types.RowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Paimon 1.4.2 writes tables with its own parquet format (its default), random scalar schemas with
 * BLOB columns, partitions and several commits, and small row groups so that files hold many; we
 * read identical rows and {@code _ROW_ID}s through the parquet module, by scan and by take; rows we
 * append to such a table are parquet files Paimon reads back. Nested columns (ARRAY, MAP, MULTISET,
 * ROW, VARIANT, nested to depth 3) are read in their own cases; VECTOR is left out, as Paimon 1.4.2
 * cannot open a parquet table holding one.
 */
class CrossParquetReadTest {

  private static final int SEEDS = 16;

  private static final Set<DataTypeRoot> NESTED =
      Set.of(
          DataTypeRoot.ARRAY,
          DataTypeRoot.MAP,
          DataTypeRoot.MULTISET,
          DataTypeRoot.ROW,
          DataTypeRoot.VECTOR,
          DataTypeRoot.VARIANT);

  @TempDir static Path warehouse;

  private static final FileIO IO = FileIO.local();

  private static PaimonCatalogs paimon;
  private static Connection ours;

  @BeforeAll
  static void open() throws Exception {
    paimon = PaimonCatalogs.open(warehouse);
    ours = Multimodal.builder().warehouse(paimon.warehouse()).fileIO(IO).connect();
  }

  @AfterAll
  static void close() throws Exception {
    ours.close();
    paimon.close();
  }

  static LongStream seeds() {
    return LongStream.range(0, Long.getLong("oracle.seeds", SEEDS));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void weReadParquetTablesPaimonWroteWithTheirRowIds(long seed) throws Exception {
    RandomCase c = scalarParquet(RandomCase.of(seed, 0.4, 3), seed);
    String name = "paimon_parquet" + seed;
    String context = "Paimon wrote parquet, we read: seed " + seed + ", " + c.schema();
    paimon.createTable(name, c.schema(), c.partitionKeys(), c.options());
    for (List<Map<String, Object>> commit : c.commits()) {
      paimon.write(name, commit);
    }
    List<Map<String, Object>> theirs = paimon.readWithRowId(name);
    Table table = ours.getTable(name);
    assertThat(
            table.scan().plan().stream()
                .flatMap(split -> split.files().stream())
                .map(f -> f.format())
                .distinct())
        .as("%s: data file formats", context)
        .contains("parquet")
        .doesNotContain("row");
    List<Map<String, Object>> mine = CrossChecks.ourRows(table.scan(), IO);
    CrossChecks.assertSameRows(context, theirs, mine);
    c.assertRowIds(context, PaimonChecks.assertRowsAsWritten(context, c.rowsById(), mine));

    SplittableRandom r = new SplittableRandom(seed ^ 0x5EED);
    Set<Long> ids = new TreeSet<>();
    for (int i = 0; i < 8; i++) {
      ids.add((Long) theirs.get(r.nextInt(theirs.size())).get(PaimonCatalogs.ROW_ID));
    }
    List<Map<String, Object>> taken = new ArrayList<>();
    for (Map<String, Object> row : theirs) {
      if (ids.contains((Long) row.get(PaimonCatalogs.ROW_ID))) {
        taken.add(row);
      }
    }
    CrossChecks.assertSameRows(
        context + ", rows " + ids,
        taken,
        CrossChecks.ourRows(table.takeRowIds(new ArrayList<>(ids)), IO));

    // Our writes to a parquet table are parquet files too, which Paimon reads with its own reader.
    table.add(c.commits().get(0));
    assertThat(
            table.scan().plan().stream()
                .flatMap(split -> split.files().stream())
                .map(f -> f.format())
                .distinct())
        .as("%s: data file formats after our append", context)
        .doesNotContain("row");
    List<Map<String, Object>> afterAppend = paimon.readWithRowId(name);
    assertThat(afterAppend).hasSize(theirs.size() + c.commits().get(0).size());
    CrossChecks.assertSameRows(
        context + ", after our append", afterAppend, CrossChecks.ourRows(table.scan(), IO));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void weReadNestedParquetColumnsPaimonWrote(long seed) throws Exception {
    RandomCase c = CrossParquetWriteTest.withoutVectors(RandomCase.of(seed + 2000, 0.3, 3));
    Map<String, String> options = new LinkedHashMap<>(c.options());
    options.put("file.format", "parquet");
    options.put(
        "parquet.block.size", String.valueOf(1024 + new SplittableRandom(seed).nextInt(4096)));
    String name = "paimon_parquet_nested" + seed;
    String context = "Paimon wrote nested parquet, we read: seed " + seed + ", " + c.schema();
    paimon.createTable(name, c.schema(), c.partitionKeys(), options);
    for (List<Map<String, Object>> commit : c.commits()) {
      paimon.write(name, commit);
    }
    List<Map<String, Object>> theirs = paimon.readWithRowId(name);
    Table table = ours.getTable(name);
    List<Map<String, Object>> mine = CrossChecks.ourRows(table.scan(), IO);
    CrossChecks.assertSameRows(context, theirs, mine);
    c.assertRowIds(context, PaimonChecks.assertRowsAsWritten(context, c.rowsById(), mine));

    SplittableRandom r = new SplittableRandom(seed ^ 0x7AE);
    Set<Long> ids = new TreeSet<>();
    for (int i = 0; i < 8 && !theirs.isEmpty(); i++) {
      ids.add((Long) theirs.get(r.nextInt(theirs.size())).get(PaimonCatalogs.ROW_ID));
    }
    List<Map<String, Object>> taken = new ArrayList<>();
    for (Map<String, Object> row : theirs) {
      if (ids.contains((Long) row.get(PaimonCatalogs.ROW_ID))) {
        taken.add(row);
      }
    }
    CrossChecks.assertSameRows(
        context + ", rows " + ids,
        taken,
        CrossChecks.ourRows(table.takeRowIds(new ArrayList<>(ids)), IO));
  }

  @org.junit.jupiter.api.Test
  void manyRowGroupsReadInFullBySelectionAndByFilter() throws Exception {
    String name = "paimon_parquet_groups";
    RowType schema =
        RowType.of(
            new org.apache.paimon.types.DataType[] {
              org.apache.paimon.types.DataTypes.BIGINT(),
              org.apache.paimon.types.DataTypes.STRING(),
              org.apache.paimon.types.DataTypes.DOUBLE(),
              org.apache.paimon.types.DataTypes.TIMESTAMP(6)
            },
            new String[] {"id", "s", "d", "ts"});
    Map<String, String> options = new LinkedHashMap<>();
    options.put("file.format", "parquet");
    options.put("parquet.block.size", "4096");
    options.put("parquet.page.size", "512");
    paimon.createTable(name, schema, List.of(), options);
    SplittableRandom r = new SplittableRandom(7);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (long i = 0; i < 6000; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", i);
      row.put("s", r.nextInt(5) == 0 ? null : "s" + r.nextInt(1000));
      row.put("d", r.nextInt(7) == 0 ? null : r.nextDouble());
      row.put(
          "ts",
          java.time.LocalDateTime.of(2026, 1, 1, 0, 0).plusNanos(r.nextLong(1L << 40) * 1000));
      rows.add(row);
    }
    paimon.write(name, rows);
    Table table = ours.getTable(name);
    String file =
        table.scan().plan().get(0).files().stream()
            .filter(f -> f.format().equals("parquet"))
            .findFirst()
            .orElseThrow()
            .path();
    try (io.paimon.row.RowFileReader f =
        new io.paimon.multimodal.parquet.ParquetFormat()
            .open(
                IO.newInputFile(file),
                io.paimon.types.RowType.of(io.paimon.types.DataTypes.BIGINT()),
                io.paimon.row.RowFileOptions.defaults())) {
      assertThat(f.layout().rowStarts().length).as("row groups").isGreaterThan(3);
    }
    List<Map<String, Object>> theirs = paimon.readWithRowId(name);
    CrossChecks.assertSameRows("many row groups", theirs, CrossChecks.ourRows(table.scan(), IO));
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      ids.add((long) r.nextInt(6000));
    }
    List<Long> distinct = new ArrayList<>(new TreeSet<>(ids));
    List<Map<String, Object>> taken = new ArrayList<>();
    for (Map<String, Object> row : theirs) {
      if (distinct.contains((Long) row.get(PaimonCatalogs.ROW_ID))) {
        taken.add(row);
      }
    }
    CrossChecks.assertSameRows(
        "many row groups, takes", taken, CrossChecks.ourRows(table.takeRowIds(distinct), IO));
    List<Map<String, Object>> filtered = new ArrayList<>();
    for (Map<String, Object> row : theirs) {
      long id = (Long) row.get("id");
      if ((id >= 1000 && id <= 1200) || id > 5900) {
        filtered.add(row);
      }
    }
    CrossChecks.assertSameRows(
        "many row groups, where",
        filtered,
        CrossChecks.ourRows(table.scan().where("id BETWEEN 1000 AND 1200 OR id > 5900"), IO));
  }

  /** The case with its nested columns dropped, written as parquet with small row groups. */
  static RandomCase scalarParquet(RandomCase c, long seed) {
    List<DataField> kept = new ArrayList<>();
    for (DataField f : c.schema().getFields()) {
      if (!NESTED.contains(f.type().getTypeRoot())) {
        kept.add(f);
      }
    }
    RowType schema = new RowType(kept);
    List<List<Map<String, Object>>> commits = new ArrayList<>();
    for (List<Map<String, Object>> commit : c.commits()) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (Map<String, Object> row : commit) {
        Map<String, Object> scalar = new LinkedHashMap<>();
        for (DataField f : kept) {
          scalar.put(f.name(), row.get(f.name()));
        }
        rows.add(scalar);
      }
      commits.add(rows);
    }
    Map<String, String> options = new LinkedHashMap<>(c.options());
    options.put("file.format", "parquet");
    options.put(
        "parquet.block.size", String.valueOf(1024 + new SplittableRandom(seed).nextInt(4096)));
    return new RandomCase(c.seed(), schema, c.partitionKeys(), options, commits);
  }
}
