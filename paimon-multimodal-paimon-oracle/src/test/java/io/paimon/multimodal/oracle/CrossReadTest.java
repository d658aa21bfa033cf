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

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.fs.FileIO;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Acceptance tests of our core library against Apache Paimon 1.4.2 on one warehouse: (a) tables
 * Paimon writes (random schemas over several commits and partitions, BLOB columns in {@code .blob}
 * files and as descriptors, partitions with null values, an added column, a tag) read by us to the
 * same rows and {@code _ROW_ID}s Paimon reads; (b) tables we write read by Paimon to the rows we
 * wrote, also by {@code _ROW_ID} ranges and through Paimon's statistics-based skipping; (c) tables
 * written alternately by Paimon and by us, read the same by both after every commit. Every case
 * also checks that our plan is Paimon's ({@link CrossChecks#assertSamePlan}).
 *
 * <p>Both sides speak our Java value model; our BLOB cells ({@link BlobDescriptor}s) are resolved
 * to their payloads through the connection's {@link FileIO} before comparing.
 */
class CrossReadTest {

  /** Random cases per direction, unless {@code -Doracle.seeds=<count>}. */
  private static final int SEEDS = 32;

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

  /** Seeds 0 to 31, or {@code -Doracle.seed=<seed>}, or {@code -Doracle.seeds=<count>}. */
  static LongStream seeds() {
    String one = System.getProperty("oracle.seed");
    if (one != null) {
      return LongStream.of(Long.parseLong(one));
    }
    return LongStream.range(0, Long.getLong("oracle.seeds", SEEDS));
  }

  private static List<Map<String, Object>> ourRows(Scan scan) throws Exception {
    return CrossChecks.ourRows(scan, IO);
  }

  private static void assertSamePlan(String context, String name, Table table) throws Exception {
    CrossChecks.assertSamePlan(context, paimon, name, table);
  }

  // ---------------------------------------------------------------------------------------------
  // (a) Paimon writes, we read

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void weReadRandomTablesPaimonWroteWithTheirRowIds(long seed) throws Exception {
    RandomCase c = RandomCase.of(seed, 0.4, 4);
    String name = "paimon_random" + seed;
    String context = describe("Paimon wrote, we read", c);
    paimon.createTable(name, c.schema(), c.partitionKeys(), c.options());
    for (List<Map<String, Object>> commit : c.commits()) {
      paimon.write(name, commit);
    }
    List<Map<String, Object>> theirs = paimon.readWithRowId(name);
    Table table = ours.getTable(name);
    List<Map<String, Object>> mine = ourRows(table.scan());
    CrossChecks.assertSameRows(context, theirs, mine);
    c.assertRowIds(context, PaimonChecks.assertRowsAsWritten(context, c.rowsById(), mine));
    assertSamePlan(context, name, table);
    // Our reads by row ID find Paimon's rows.
    SplittableRandom r = new SplittableRandom(seed ^ 0x7A4E);
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
        context + ", rows " + ids, taken, ourRows(table.takeRowIds(new ArrayList<>(ids))));
    // Our orphan cleanup finds every file of Paimon's referenced, even with no grace period.
    assertThat(table.removeOrphanFiles(Duration.ZERO))
        .as("%s: our removeOrphanFiles", context)
        .isEmpty();
    CrossChecks.assertSameRows(
        context + ", after removeOrphanFiles", theirs, ourRows(table.scan()));
  }

  @ParameterizedTest(name = "descriptors {0}")
  @ValueSource(booleans = {false, true})
  void weReadBlobTablesPaimonWroteInBothLayouts(boolean descriptors) throws Exception {
    SplittableRandom r = new SplittableRandom(descriptors ? 11 : 12);
    String name = descriptors ? "paimon_descriptors" : "paimon_blob_files";
    String context = "Paimon wrote BLOBs, " + name;
    Map<String, String> options =
        descriptors
            ? PaimonCatalogs.descriptorOptions(
                "image", warehouse.resolve("external-" + name).toAbsolutePath().toString())
            : Map.of("blob.target-file-size", "4 kb");
    List<List<Map<String, Object>>> commits = BlobTables.commits(r, 0);
    paimon.createTable(name, BlobTables.SCHEMA, List.of(BlobTables.PARTITION), options);
    for (List<Map<String, Object>> commit : commits) {
      paimon.write(name, commit);
    }
    Table table = ours.getTable(name);
    List<Map<String, Object>> mine = ourRows(table.scan());
    CrossChecks.assertSameRows(context, paimon.readWithRowId(name), mine);
    RandomCase.assertRowIds(
        context,
        commits,
        BlobTables.PARTITION,
        PaimonChecks.assertRowsAsWritten(context, BlobTables.byId(commits), mine));
    assertSamePlan(context, name, table);
  }

  @Test
  void weReadAPaimonTableAcrossAnAddedColumnAndAtATag() throws Exception {
    String name = "paimon_evolved";
    String context = "Paimon wrote, added a column, tagged";
    SplittableRandom r = new SplittableRandom(21);
    List<List<Map<String, Object>>> commits = BlobTables.commits(r, 0);
    paimon.createTable(name, BlobTables.SCHEMA, List.of(BlobTables.PARTITION), Map.of());
    paimon.write(name, commits.get(0));
    paimon.createTag(name, "v1");
    List<Map<String, Object>> atV1 = paimon.readWithRowId(name);
    paimon.addColumn(name, "note", DataTypes.STRING());
    long id = 1000;
    List<Map<String, Object>> later = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      Map<String, Object> row = BlobTables.row(r, id++);
      row.put("note", i % 3 == 0 ? null : "note " + i);
      later.add(row);
    }
    paimon.write(name, later);

    Table table = ours.getTable(name);
    assertThat(table.schema().columnNames()).endsWith("note");
    List<Map<String, Object>> mine = ourRows(table.scan());
    CrossChecks.assertSameRows(context, paimon.readWithRowId(name), mine);
    for (Map<String, Object> row : mine) {
      if ((Long) row.get(RandomTables.ID) < 1000) {
        assertThat(row.get("note")).as("%s: note of an old row", context).isNull();
      }
    }
    assertSamePlan(context, name, table);

    // We append in the evolved schema; Paimon reads our rows, note included.
    List<Map<String, Object>> ourLater = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      Map<String, Object> row = BlobTables.row(r, id++);
      row.put("note", i % 2 == 0 ? null : "ours " + i);
      ourLater.add(row);
    }
    table.add(ourLater);
    List<Map<String, Object>> theirs = paimon.readWithRowId(name);
    CrossChecks.assertSameRows(context + ", after our append", theirs, ourRows(table.scan()));
    Map<Long, Map<String, Object>> written = BlobTables.byId(List.of(later, ourLater));
    Map<Long, Map<String, Object>> readLater = new LinkedHashMap<>();
    for (Map<String, Object> row : theirs) {
      if ((Long) row.get(RandomTables.ID) >= 1000) {
        readLater.put((Long) row.get(RandomTables.ID), row);
      }
    }
    PaimonChecks.assertRowsAsWritten(
        context + ", after our append", written, new ArrayList<>(readLater.values()));
    assertSamePlan(context + ", after our append", name, table);
    for (PaimonCatalogs.PlannedFile f : paimon.plannedFiles(name)) {
      if (f.maxSequenceNumber() == 3) {
        assertThat(f.schemaId()).as("%s: schema of our file %s", context, f.fileName()).isOne();
      }
    }

    // At the tag: the rows of commit 1 (their columns; a later column, if present, is null).
    List<Map<String, Object>> tagged = ourRows(table.scan().tag("v1"));
    assertThat(tagged).hasSameSizeAs(atV1);
    for (int i = 0; i < atV1.size(); i++) {
      Map<String, Object> row = new LinkedHashMap<>(tagged.get(i));
      assertThat(row.remove("note")).isNull();
      OracleAssertions.assertSameRow(context + ", tag v1 row " + i, atV1.get(i), row);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // (b) We write, Paimon reads

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void paimonReadsRandomTablesWeWrote(long seed) throws Exception {
    RandomCase c = RandomCase.of(seed, 0.4, 4);
    SplittableRandom r = new SplittableRandom(seed ^ 0xC055);
    Map<String, String> options = new LinkedHashMap<>(c.options());
    if (r.nextBoolean()) {
      // Small row groups: data files of several groups get a .stats file in _EXTRA_FILES.
      options.put("stats.row-group-size", Integer.toString(1 + r.nextInt(8)));
    }
    String name = "ours_random" + seed;
    String context = describe("we wrote, Paimon reads", c) + " " + options;
    Table table =
        ours.createTable(
            name, CrossChecks.ourSchema(c.schema(), c.partitionKeys(), options), false);
    for (List<Map<String, Object>> commit : c.commits()) {
      table.add(commit);
    }
    List<Map<String, Object>> theirs = paimon.readWithRowId(name);
    c.assertRowIds(context, PaimonChecks.assertRowsAsWritten(context, c.rowsById(), theirs));
    CrossChecks.assertSameRows(context, theirs, ourRows(table.scan()));
    assertSamePlan(context, name, table);
    PaimonChecks.assertRowFilesReadBackWithOurCodec(context, paimon, name, theirs);
    PaimonChecks.assertRowRangesReadTheSameRows(context, paimon, name, r, theirs);
    CrossChecks.assertPaimonFiltersKeepEveryMatch(context, paimon, name, theirs, r);
  }

  @ParameterizedTest(name = "descriptors {0}")
  @ValueSource(booleans = {false, true})
  void paimonReadsBlobTablesWeWroteInBothLayouts(boolean descriptors) throws Exception {
    SplittableRandom r = new SplittableRandom(descriptors ? 31 : 32);
    String name = descriptors ? "ours_descriptors" : "ours_blob_files";
    String context = "we wrote BLOBs, " + name;
    List<List<Map<String, Object>>> commits = BlobTables.commits(r, 0);
    List<List<Map<String, Object>>> toAdd = commits;
    Map<String, String> options = Map.of();
    if (descriptors) {
      // image cells as descriptors of ranges of a payload file of ours.
      options = PaimonCatalogs.descriptorOptions("image", null);
      Path payloads = warehouse.resolve("payloads-" + name + ".bin");
      toAdd = new ArrayList<>();
      try (OutputStream out = Files.newOutputStream(payloads)) {
        long offset = 0;
        for (List<Map<String, Object>> commit : commits) {
          List<Map<String, Object>> rows = new ArrayList<>();
          for (Map<String, Object> row : commit) {
            Map<String, Object> copy = new LinkedHashMap<>(row);
            byte[] image = (byte[]) row.get("image");
            if (image != null) {
              out.write(image);
              copy.put("image", new BlobDescriptor(payloads.toString(), offset, image.length));
              offset += image.length;
            }
            rows.add(copy);
          }
          toAdd.add(rows);
        }
      }
    }
    Table table =
        ours.createTable(
            name,
            CrossChecks.ourSchema(BlobTables.SCHEMA, List.of(BlobTables.PARTITION), options),
            false);
    for (List<Map<String, Object>> commit : toAdd) {
      table.add(commit);
    }
    List<Map<String, Object>> theirs = paimon.readWithRowId(name);
    RandomCase.assertRowIds(
        context,
        commits,
        BlobTables.PARTITION,
        PaimonChecks.assertRowsAsWritten(context, BlobTables.byId(commits), theirs));
    CrossChecks.assertSameRows(context, theirs, ourRows(table.scan()));
    assertSamePlan(context, name, table);
    for (PaimonCatalogs.PlannedFile f : paimon.plannedFiles(name)) {
      if (f.isBlobFile()) {
        assertThat(f.writeCols()).as("%s: %s", context, f.fileName()).hasSize(1);
        assertThat(descriptors && f.writeCols().contains("image")).isFalse();
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // (c) Both write one table

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {41, 42, 43})
  void aTableWrittenAlternatelyByPaimonAndUsReadsTheSameInBoth(long seed) throws Exception {
    SplittableRandom r = new SplittableRandom(seed);
    String name = "alternate" + seed;
    String context = "alternate writers, seed " + seed;
    RowType type = withVector(BlobTables.SCHEMA);
    Table table =
        ours.createTable(
            name, CrossChecks.ourSchema(type, List.of(BlobTables.PARTITION), Map.of()), false);
    List<List<Map<String, Object>>> commits = new ArrayList<>();
    long id = 0;
    for (int c = 0; c < 4; c++) {
      List<Map<String, Object>> rows = new ArrayList<>();
      int n = 1 + r.nextInt(15);
      for (int i = 0; i < n; i++) {
        Map<String, Object> row = BlobTables.row(r, id++);
        row.put("embedding", RandomTables.value(r, type.getField("embedding").type()));
        rows.add(row);
      }
      commits.add(rows);
      boolean paimonWrites = (c + seed) % 2 == 0;
      if (paimonWrites) {
        paimon.write(name, rows);
      } else {
        table.add(rows);
      }
      List<Map<String, Object>> theirs = paimon.readWithRowId(name);
      List<Map<String, Object>> mine = ourRows(table.scan());
      String step = context + ", after commit " + c + " by " + (paimonWrites ? "Paimon" : "us");
      CrossChecks.assertSameRows(step, theirs, mine);
      Map<Long, Map<String, Object>> written = new LinkedHashMap<>();
      commits.forEach(k -> k.forEach(row -> written.put((Long) row.get(RandomTables.ID), row)));
      RandomCase.assertRowIds(
          step,
          commits,
          BlobTables.PARTITION,
          PaimonChecks.assertRowsAsWritten(step, written, theirs));
      assertSamePlan(step, name, table);
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void aRandomTableWrittenAlternatelyByPaimonAndUsReadsTheSameInBoth(long seed) throws Exception {
    RandomCase c = RandomCase.of(seed, 0.4, 5);
    String name = "alternate_random" + seed;
    String context = describe("alternate writers", c);
    // Either side creates the table; the other writes into it as it is.
    boolean paimonCreates = seed % 2 == 0;
    if (paimonCreates) {
      paimon.createTable(name, c.schema(), c.partitionKeys(), c.options());
    } else {
      ours.createTable(
          name, CrossChecks.ourSchema(c.schema(), c.partitionKeys(), c.options()), false);
    }
    Table table = ours.getTable(name);
    List<List<Map<String, Object>>> written = new ArrayList<>();
    Map<Long, Map<String, Object>> byId = new LinkedHashMap<>();
    for (int k = 0; k < c.commits().size(); k++) {
      List<Map<String, Object>> rows = c.commits().get(k);
      boolean paimonWrites = (k + seed / 2) % 2 == 0;
      if (paimonWrites) {
        paimon.write(name, rows);
      } else {
        table.add(rows);
      }
      written.add(rows);
      rows.forEach(row -> byId.put((Long) row.get(RandomTables.ID), row));
      String step = context + ", after commit " + k + " by " + (paimonWrites ? "Paimon" : "us");
      List<Map<String, Object>> theirs = paimon.readWithRowId(name);
      CrossChecks.assertSameRows(step, theirs, ourRows(table.scan()));
      RandomCase.assertRowIds(
          step, written, c.partitionKeys(), PaimonChecks.assertRowsAsWritten(step, byId, theirs));
      assertSamePlan(step, name, table);
    }
  }

  private static String describe(String what, RandomCase c) {
    return what
        + ", seed "
        + c.seed()
        + " "
        + c.schema()
        + " partitioned by "
        + c.partitionKeys()
        + " "
        + c.options();
  }

  private static RowType withVector(RowType t) {
    List<DataField> fields = new ArrayList<>(t.getFields());
    fields.add(
        new DataField(
            fields.size(),
            "embedding",
            new org.apache.paimon.types.VectorType(4, DataTypes.FLOAT())));
    return new RowType(fields);
  }
}
