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
import io.paimon.multimodal.SchemaChange;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.SplitFile;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.fs.FileIO;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Tables we write with {@code file.format = parquet} are read by Paimon 1.4.2's own parquet reader
 * (no plugin involved for these files): random scalar schemas with BLOB columns, partitions,
 * several commits and random parquet options (codecs, tiny row groups and pages, dictionary, writer
 * version) read back identical rows and {@code _ROW_ID}s, and Paimon's filters, which prune by the
 * statistics we write in the manifest, keep every matching row. A table switched from {@code row}
 * to {@code parquet} by an alter holds both kinds of files and reads the same in Paimon and here,
 * also after a compaction rewrites it in parquet.
 */
class CrossParquetWriteTest {

  private static final int SEEDS = 16;

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
  void paimonReadsParquetTablesWeWrote(long seed) throws Exception {
    RandomCase c = CrossParquetReadTest.scalarParquet(RandomCase.of(seed, 0.4, 4), seed);
    SplittableRandom r = new SplittableRandom(seed ^ 0xFACE);
    Map<String, String> options = new LinkedHashMap<>(c.options());
    options.putAll(randomParquetOptions(r));
    String name = "ours_parquet" + seed;
    String context =
        "we wrote parquet, Paimon reads: seed " + seed + ", " + c.schema() + " " + options;
    Table table =
        ours.createTable(
            name, CrossChecks.ourSchema(c.schema(), c.partitionKeys(), options), false);
    for (List<Map<String, Object>> commit : c.commits()) {
      table.add(commit);
    }
    assertThat(formats(table)).as("%s: data file formats", context).containsOnly("parquet");
    List<Map<String, Object>> theirs = paimon.readWithRowId(name);
    c.assertRowIds(context, PaimonChecks.assertRowsAsWritten(context, c.rowsById(), theirs));
    CrossChecks.assertSameRows(context, theirs, CrossChecks.ourRows(table.scan(), IO));
    CrossChecks.assertSamePlan(context, paimon, name, table);
    CrossChecks.assertPaimonFiltersKeepEveryMatch(context, paimon, name, theirs, r);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void paimonReadsNestedParquetColumnsWeWrote(long seed) throws Exception {
    RandomCase c = withoutVectors(RandomCase.of(seed + 1000, 0.3, 3));
    SplittableRandom r = new SplittableRandom(seed ^ 0xBEEF);
    Map<String, String> options = new LinkedHashMap<>(c.options());
    options.put("file.format", "parquet");
    options.putAll(randomParquetOptions(r));
    String name = "ours_parquet_nested" + seed;
    String context =
        "we wrote nested parquet, Paimon reads: seed " + seed + ", " + c.schema() + " " + options;
    Table table =
        ours.createTable(
            name, CrossChecks.ourSchema(c.schema(), c.partitionKeys(), options), false);
    for (List<Map<String, Object>> commit : c.commits()) {
      table.add(commit);
    }
    assertThat(formats(table)).as("%s: data file formats", context).containsOnly("parquet");
    List<Map<String, Object>> theirs = paimon.readWithRowId(name);
    c.assertRowIds(context, PaimonChecks.assertRowsAsWritten(context, c.rowsById(), theirs));
    CrossChecks.assertSameRows(
        context + ", read back here", theirs, CrossChecks.ourRows(table.scan(), IO));
  }

  @Test
  void aTableSwitchedFromRowToParquetReadsTheSameInPaimonAndHere() throws Exception {
    RandomCase c = CrossParquetReadTest.scalarParquet(RandomCase.of(77, 0.4, 1), 77);
    Map<String, String> options = new LinkedHashMap<>(c.options());
    options.put("file.format", "row");
    String name = "ours_mixed";
    Table table =
        ours.createTable(
            name, CrossChecks.ourSchema(c.schema(), c.partitionKeys(), options), false);
    List<Map<String, Object>> rows = c.commits().get(0);
    table.add(rows);
    table.alter(SchemaChange.setOption("file.format", "parquet"));
    table = ours.getTable(name);
    table.add(rows);
    assertThat(formats(table)).containsOnly("row", "parquet");
    List<Map<String, Object>> theirs = paimon.readWithRowId(name);
    assertThat(theirs).hasSize(2 * rows.size());
    CrossChecks.assertSameRows(
        "mixed row and parquet", theirs, CrossChecks.ourRows(table.scan(), IO));

    table.compact();
    assertThat(formats(table)).containsOnly("parquet");
    List<Map<String, Object>> compacted = paimon.readWithRowId(name);
    assertThat(compacted).hasSize(2 * rows.size());
    CrossChecks.assertSameRows(
        "mixed table compacted into parquet", compacted, CrossChecks.ourRows(table.scan(), IO));
  }

  /**
   * The case without its columns holding a VECTOR: Paimon 1.4.2 cannot open a parquet table with
   * one, whoever wrote it (this library stores them as later Paimon versions do).
   */
  static RandomCase withoutVectors(RandomCase c) {
    List<org.apache.paimon.types.DataField> kept = new ArrayList<>();
    for (org.apache.paimon.types.DataField f : c.schema().getFields()) {
      if (!f.type().accept(new VectorFinder())) {
        kept.add(f);
      }
    }
    List<List<Map<String, Object>>> commits = new ArrayList<>();
    for (List<Map<String, Object>> commit : c.commits()) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (Map<String, Object> row : commit) {
        Map<String, Object> copy = new LinkedHashMap<>();
        for (org.apache.paimon.types.DataField f : kept) {
          copy.put(f.name(), row.get(f.name()));
        }
        rows.add(copy);
      }
      commits.add(rows);
    }
    return new RandomCase(
        c.seed(),
        new org.apache.paimon.types.RowType(kept),
        c.partitionKeys(),
        c.options(),
        commits);
  }

  /** Whether a Paimon type holds a VECTOR anywhere. */
  private static final class VectorFinder
      extends org.apache.paimon.types.DataTypeDefaultVisitor<Boolean> {
    @Override
    protected Boolean defaultMethod(org.apache.paimon.types.DataType type) {
      return false;
    }

    @Override
    public Boolean visit(org.apache.paimon.types.VectorType type) {
      return true;
    }

    @Override
    public Boolean visit(org.apache.paimon.types.ArrayType type) {
      return type.getElementType().accept(this);
    }

    @Override
    public Boolean visit(org.apache.paimon.types.MapType type) {
      return type.getKeyType().accept(this) || type.getValueType().accept(this);
    }

    @Override
    public Boolean visit(org.apache.paimon.types.MultisetType type) {
      return type.getElementType().accept(this);
    }

    @Override
    public Boolean visit(org.apache.paimon.types.RowType type) {
      return type.getFields().stream().anyMatch(f -> f.type().accept(this));
    }
  }

  private static List<String> formats(Table table) {
    List<String> out = new ArrayList<>();
    for (Split s : table.scan().plan()) {
      for (SplitFile f : s.files()) {
        if (!"blob".equals(f.format())) {
          out.add(f.format());
        }
      }
    }
    return out.stream().distinct().collect(Collectors.toList());
  }

  private static Map<String, String> randomParquetOptions(SplittableRandom r) {
    Map<String, String> o = new LinkedHashMap<>();
    if (r.nextBoolean()) {
      // Small statistics groups: data files of several get a .stats file in _EXTRA_FILES.
      o.put("stats.row-group-size", Integer.toString(1 + r.nextInt(8)));
    }
    String[] codecs = {"zstd", "snappy", "gzip", "lz4_raw", "none"};
    o.put("file.compression", codecs[r.nextInt(codecs.length)]);
    if (r.nextBoolean()) {
      o.put("parquet.page.size", String.valueOf(new int[] {64, 1024}[r.nextInt(2)]));
      o.put("parquet.page.row.count.limit", String.valueOf(new int[] {3, 100}[r.nextInt(2)]));
    }
    if (r.nextBoolean()) {
      o.put("parquet.enable.dictionary", String.valueOf(r.nextBoolean()));
    }
    if (r.nextBoolean()) {
      o.put("parquet.writer.version", r.nextBoolean() ? "v1" : "v2");
    }
    return o;
  }
}
