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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.Table;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.reader.FileRecordIterator;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.table.source.DataSplit;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deletion vectors written by Apache Paimon 1.4.2 itself, read by us. A partitioned append table
 * ({@code row-tracking.enabled}, {@code deletion-vectors.enabled}, {@code file.format=row}, bucket
 * -1, no data evolution: 1.4.2 rejects it next to deletion vectors) gets three appends (six data
 * files in two partitions, one of 66,000 rows), then two deletes through Paimon's own {@link
 * PaimonDeletionVectors} (the classes its Spark {@code DELETE} uses): the first puts vectors on
 * four files (the large file's an every-third-row bitmap container), the second adds to two of them
 * (so their index file is DELETEd and new ones ADDed, the untouched vector of the same index file
 * rewritten; the large file gets a run and positions past 65,535), deletes every row of one file
 * and one row of another. Then Paimon's read and ours agree on rows and {@code _ROW_ID}s, before
 * and after each delete, and our count, plan, row-ID takes and filters see exactly the live rows.
 */
class DeletionVectorReadTest {

  private static final String NAME = "dv_append";
  private static final String ROW_ID = PaimonCatalogs.ROW_ID;

  /** The rows of the large file: two roaring containers of positions. */
  private static final int BIG = 66_000;

  /** The three appends: per commit and partition, the user ids written. */
  private static final long[][][] COMMITS = {
    {range(0, 40), range(40, 70)},
    {range(100, 125), range(125, 160)},
    {range(200, 200 + BIG), range(80_000, 80_005)},
  };

  private static final String[] PARTS = {"a", "b"};

  /**
   * User ids deleted by the first delete: the three files of {@code a} (every third of the first
   * 30,000 rows of the large one), one of {@code b}.
   */
  private static final long[] DELETE_1 =
      LongStream.concat(
              LongStream.of(0, 5, 17, 39, 103, 104, 105, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59),
              LongStream.range(0, 10_000).map(k -> 200 + 3 * k))
          .toArray();

  /**
   * User ids deleted by the second: more of the first and the large file of {@code a} (their
   * vectors are replaced; in the large file positions 40,000 to 50,000 and some past 65,535, its
   * last row included), every row of the third file of {@code b}, the first row of its second.
   */
  private static final long[] DELETE_2 =
      LongStream.concat(
              LongStream.of(
                  1,
                  2,
                  20,
                  80_000,
                  80_001,
                  80_002,
                  80_003,
                  80_004,
                  125,
                  200 + 65_536,
                  200 + 65_537,
                  200 + 65_636,
                  200 + BIG - 1),
              LongStream.rangeClosed(200 + 40_000, 200 + 50_000))
          .toArray();

  @TempDir static Path warehouse;

  private static PaimonCatalogs paimon;
  private static Connection ours;
  private static Table table;

  /** Every row written, with its {@code _ROW_ID}, by {@code _ROW_ID}. */
  private static List<Map<String, Object>> allRows;

  /** Paimon's reads by snapshot id. */
  private static final Map<Long, List<Map<String, Object>>> paimonReads = new HashMap<>();

  /** {@code _ROW_ID} by user id. */
  private static final Map<Long, Long> rowIdOf = new HashMap<>();

  private static final Set<Long> deleted1 = new TreeSet<>();
  private static final Set<Long> deletedAll = new TreeSet<>();

  /** The snapshots after the appends and after each delete. */
  private static long appended;

  private static long firstDelete;
  private static long secondDelete;

  @BeforeAll
  static void writeAndDelete() throws Exception {
    paimon = PaimonCatalogs.open(warehouse);
    RowType type =
        RowType.of(
            new DataField(0, "id", DataTypes.BIGINT()),
            new DataField(1, "part", DataTypes.STRING()),
            new DataField(2, "name", DataTypes.STRING()),
            new DataField(3, "score", DataTypes.DOUBLE()));
    Map<String, String> options = new LinkedHashMap<>();
    options.put("data-evolution.enabled", "false");
    options.put("deletion-vectors.enabled", "true");
    options.put("bucket", "-1");
    paimon.createTable(NAME, type, List.of("part"), options);
    for (long[][] commit : COMMITS) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (int p = 0; p < PARTS.length; p++) {
        for (long id : commit[p]) {
          rows.add(row(id, PARTS[p]));
        }
      }
      paimon.write(NAME, rows);
    }
    appended = paimon.table(NAME).snapshotManager().latestSnapshotId();
    allRows = paimonRows(appended);
    long written = 0;
    for (Map<String, Object> r : allRows) {
      rowIdOf.put((Long) r.get("id"), (Long) r.get(ROW_ID));
      Map<String, Object> values = new LinkedHashMap<>(r);
      values.remove(ROW_ID);
      Map<String, Object> expected = row((Long) r.get("id"), (String) r.get("part"));
      if (!expected.equals(values)) {
        OracleAssertions.assertSameRow("Paimon read back", expected, values);
      }
    }
    for (long[][] commit : COMMITS) {
      for (long[] ids : commit) {
        written += ids.length;
      }
    }
    assertThat(rowIdOf).hasSize(allRows.size()).hasSize((int) written);
    assertThat(new TreeSet<>(rowIdOf.values()))
        .as("row IDs 0 to n - 1")
        .containsExactlyElementsOf(LongStream.range(0, written).boxed().toList());
    assertThat(paimon.plannedFiles(NAME)).as("six data files").hasSize(6);

    for (long id : DELETE_1) {
      deleted1.add(rowIdOf.get(id));
    }
    deletedAll.addAll(deleted1);
    for (long id : DELETE_2) {
      deletedAll.add(rowIdOf.get(id));
    }
    firstDelete = PaimonDeletionVectors.deleteRowIds(paimon.table(NAME), deleted1);
    Set<Long> second = new TreeSet<>(deletedAll);
    second.removeAll(deleted1);
    secondDelete = PaimonDeletionVectors.deleteRowIds(paimon.table(NAME), second);
    assertThat(List.of(firstDelete, secondDelete)).containsExactly(appended + 1, appended + 2);

    ours = Multimodal.connect(paimon.warehouse());
    table = ours.getTable(NAME);
  }

  @AfterAll
  static void close() throws Exception {
    if (ours != null) {
      ours.close();
    }
    paimon.close();
  }

  private static long[] range(long from, long to) {
    return LongStream.range(from, to).toArray();
  }

  /** The row of user id {@code id}: some names and scores null. */
  private static Map<String, Object> row(long id, String part) {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("id", id);
    r.put("part", part);
    r.put("name", id % 11 == 3 ? null : "n" + id);
    r.put("score", id % 7 == 0 ? null : id * 0.5);
    return r;
  }

  /** The rows written, minus these row IDs, by {@code _ROW_ID}. */
  private static List<Map<String, Object>> liveRows(Set<Long> deleted) {
    return allRows.stream().filter(r -> !deleted.contains((Long) r.get(ROW_ID))).toList();
  }

  /**
   * Paimon's read of a snapshot (deletion vectors applied by its {@code
   * ApplyDeletionVectorReader}), with each row's {@code _ROW_ID} as Paimon's row tracking computes
   * it: the file's first row ID plus the file position its reader returned ({@code
   * FileRecordIterator.returnedPosition()}), by {@code _ROW_ID}.
   *
   * <p>Not through {@code <table>$row_tracking}: without data evolution, Paimon 1.4.2 reads it with
   * {@code RawFileSplitRead}, which hands {@code DataFileRecordReader} the table's row type without
   * the system fields, so for a format with row-wise (non-columnar) batches such as our {@code row}
   * format its {@code _ROW_ID} mapping array is too short ({@code ArrayIndexOutOfBoundsException};
   * fixed upstream after 1.4.2, where the read's output type is passed).
   */
  private static List<Map<String, Object>> paimonRows(long snapshotId) throws Exception {
    List<Map<String, Object>> cached = paimonReads.get(snapshotId);
    if (cached == null) {
      cached = readPaimonRows(snapshotId);
      paimonReads.put(snapshotId, cached);
    }
    return cached;
  }

  private static List<Map<String, Object>> readPaimonRows(long snapshotId) throws Exception {
    FileStoreTable t =
        paimon.table(NAME).copy(Map.of("scan.snapshot-id", String.valueOf(snapshotId)));
    RowType type = t.rowType();
    ReadBuilder builder = t.newReadBuilder();
    List<org.apache.paimon.table.source.Split> splits = builder.newScan().plan().splits();
    Map<String, Long> firstRowIds = new HashMap<>();
    for (org.apache.paimon.table.source.Split split : splits) {
      for (DataFileMeta f : ((DataSplit) split).dataFiles()) {
        firstRowIds.put(f.fileName(), f.firstRowId());
      }
    }
    List<Map<String, Object>> out = new ArrayList<>();
    try (RecordReader<InternalRow> reader = builder.newRead().createReader(splits)) {
      RecordReader.RecordIterator<InternalRow> batch;
      while ((batch = reader.readBatch()) != null) {
        assertThat(batch).isInstanceOf(FileRecordIterator.class);
        FileRecordIterator<InternalRow> file = (FileRecordIterator<InternalRow>) batch;
        Long first = firstRowIds.get(file.filePath().getName());
        assertThat(first).as("first row ID of %s", file.filePath()).isNotNull();
        InternalRow row;
        while ((row = file.next()) != null) {
          Map<String, Object> r = new LinkedHashMap<>(PaimonValues.rowToJava(row, type));
          r.put(ROW_ID, first + file.returnedPosition());
          out.add(r);
        }
        batch.releaseBatch();
      }
    }
    out.sort(Comparator.comparingLong(r -> (Long) r.get(ROW_ID)));
    return out;
  }

  /** Our read of a scan with {@code _ROW_ID}, by {@code _ROW_ID}. */
  private static List<Map<String, Object>> ourRows(Scan scan) {
    List<Map<String, Object>> out = new ArrayList<>(scan.withRowId().toList());
    out.sort(Comparator.comparingLong(r -> (Long) r.get(ROW_ID)));
    return out;
  }

  private static void assertSameRows(
      String context, List<Map<String, Object>> expected, List<Map<String, Object>> actual) {
    // Plain values (Long, String, Double, null) compare by equals; the columns in the same order.
    if (expected.equals(actual)
        && (expected.isEmpty()
            || actual.stream()
                .allMatch(
                    r ->
                        new ArrayList<>(r.keySet())
                            .equals(new ArrayList<>(expected.get(0).keySet()))))) {
      return;
    }
    assertThat(actual.stream().map(r -> r.get(ROW_ID)).toList())
        .as("%s: row IDs", context)
        .isEqualTo(expected.stream().map(r -> r.get(ROW_ID)).toList());
    for (int i = 0; i < expected.size(); i++) {
      OracleAssertions.assertSameRow(context + ", row " + i, expected.get(i), actual.get(i));
    }
  }

  /** Per data file of Paimon's plan of a snapshot: name to {first row ID, rows, deleted rows}. */
  private static Map<String, List<Long>> paimonPlan(long snapshotId) throws Exception {
    FileStoreTable t =
        paimon.table(NAME).copy(Map.of("scan.snapshot-id", String.valueOf(snapshotId)));
    Map<String, List<Long>> out = new LinkedHashMap<>();
    for (org.apache.paimon.table.source.Split split :
        t.newReadBuilder().newScan().plan().splits()) {
      DataSplit data = (DataSplit) split;
      List<DataFileMeta> files = data.dataFiles();
      for (int i = 0; i < files.size(); i++) {
        DataFileMeta f = files.get(i);
        long dead = 0;
        if (data.deletionFiles().isPresent() && data.deletionFiles().get().get(i) != null) {
          dead = data.deletionFiles().get().get(i).cardinality();
        }
        out.put(f.fileName(), List.of(f.firstRowId(), f.rowCount(), dead));
      }
    }
    return out;
  }

  /** Our plan of a scan: file name to {first row ID, rows, deleted rows}. */
  private static Map<String, List<Long>> ourPlan(Scan scan) {
    Map<String, List<Long>> out = new LinkedHashMap<>();
    for (Split s : scan.plan()) {
      assertThat(s.files()).as("one file per split of %s", s).hasSize(1);
      out.put(s.fileName(), List.of(s.firstRowId(), s.rowCount(), s.deletedRowCount()));
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------

  @Test
  void paimonWroteTheVectorsAsIntended() throws Exception {
    assertSameRows("Paimon, appended", allRows, paimonRows(appended));
    assertSameRows("Paimon, first delete", liveRows(deleted1), paimonRows(firstDelete));
    assertSameRows("Paimon, second delete", liveRows(deletedAll), paimonRows(secondDelete));

    // The second delete replaced the index file of 'a' (by two new ones) and kept the one of 'b'.
    Map<String, List<String>> before =
        PaimonDeletionVectors.indexFiles(paimon.table(NAME), firstDelete);
    Map<String, List<String>> after =
        PaimonDeletionVectors.indexFiles(paimon.table(NAME), secondDelete);
    assertThat(before.values().stream().mapToInt(List::size).sum()).isEqualTo(4);
    assertThat(after.values().stream().mapToInt(List::size).sum()).isEqualTo(6);
    Set<String> kept = new HashSet<>(before.keySet());
    kept.retainAll(after.keySet());
    assertThat(kept).as("index files of %s kept in %s", before, after).hasSize(1);
    assertThat(PaimonDeletionVectors.indexFiles(paimon.table(NAME), appended)).isEmpty();
  }

  @Test
  void weReadTheLiveRowsWithTheirRowIds() throws Exception {
    List<Map<String, Object>> expected = liveRows(deletedAll);
    assertSameRows("ours, latest", expected, ourRows(table.scan()));
    assertSameRows("ours, batches of 7", expected, ourRows(table.scan().batchSize(7)));
    assertSameRows(
        "ours, snapshot " + secondDelete, expected, ourRows(table.scan().snapshot(secondDelete)));
    assertSameRows("ours vs Paimon", paimonRows(secondDelete), ourRows(table.scan()));
    assertThat(table.scan().count()).isEqualTo(expected.size());
    // Without _ROW_ID, too.
    assertThat(
            table.scan().select("id").toList().stream()
                .map(r -> r.get("id"))
                .collect(Collectors.toSet()))
        .isEqualTo(expected.stream().map(r -> r.get("id")).collect(Collectors.toSet()));
  }

  @Test
  void olderSnapshotsReadTheRowsTheyHad() throws Exception {
    assertSameRows("ours, appended", allRows, ourRows(table.scan().snapshot(appended)));
    assertSameRows(
        "ours vs Paimon, appended", paimonRows(appended), ourRows(table.scan().snapshot(appended)));
    assertThat(table.scan().snapshot(appended).count()).isEqualTo(allRows.size());
    assertSameRows(
        "ours, first delete", liveRows(deleted1), ourRows(table.scan().snapshot(firstDelete)));
    assertSameRows(
        "ours vs Paimon, first delete",
        paimonRows(firstDelete),
        ourRows(table.scan().snapshot(firstDelete)));
    assertThat(table.scan().snapshot(firstDelete).count())
        .isEqualTo(allRows.size() - deleted1.size());
  }

  @Test
  void ourPlanCountsTheDeletedRowsPerFile() throws Exception {
    // Paimon plans every live data file; ours leaves out those without rows left
    // (ScanPlanner.prune).
    for (long s : new long[] {appended, firstDelete, secondDelete}) {
      Map<String, List<Long>> expected = new LinkedHashMap<>(paimonPlan(s));
      expected.values().removeIf(f -> f.get(1).equals(f.get(2)));
      assertThat(ourPlan(table.scan().snapshot(s))).as("snapshot %s", s).isEqualTo(expected);
    }
    // The fully deleted file (user ids 80,000 to 80,004) is planned by Paimon with all 5 rows
    // deleted.
    long first = rowIdOf.get(80_000L);
    assertThat(paimonPlan(secondDelete).values())
        .filteredOn(f -> f.get(0) == first)
        .containsExactly(List.of(first, 5L, 5L));
    List<Split> plan = table.scan().plan();
    assertThat(plan).hasSize(5).noneMatch(s -> s.firstRowId() == first);
    assertThat(plan.stream().mapToLong(Split::deletedRowCount).sum())
        .isEqualTo(deletedAll.size() - 5);
    assertThat(plan.stream().mapToLong(Split::rowCount).sum()).isEqualTo(allRows.size() - 5);
    for (Split s : plan) {
      long dead =
          deletedAll.stream()
              .filter(id -> id >= s.firstRowId() && id < s.firstRowId() + s.rowCount())
              .count();
      assertThat(s.deletedRowCount()).as("%s", s).isEqualTo(dead);
    }
    assertThat(table.scan().snapshot(appended).plan())
        .hasSize(6)
        .allMatch(s -> s.deletedRowCount() == 0);
    // Reading split by split gives the live rows too.
    List<Map<String, Object>> bySplit = new ArrayList<>();
    for (Split s : plan) {
      bySplit.addAll(table.scan().split(s).withRowId().toList());
    }
    bySplit.sort(Comparator.comparingLong(r -> (Long) r.get(ROW_ID)));
    assertSameRows("ours, split by split", liveRows(deletedAll), bySplit);
  }

  @Test
  void takingADeletedRowIdFailsNamingIt() {
    // Deleted user id to a live one near it.
    Map<Long, Long> cases = new LinkedHashMap<>();
    cases.put(0L, 3L);
    cases.put(39L, 38L);
    cases.put(104L, 106L);
    cases.put(125L, 126L);
    cases.put(80_002L, 219L);
    cases.put(200L, 201L);
    cases.put(200L + 29_997, 200L + 29_998);
    cases.put(200L + 40_000, 200L + 39_999);
    cases.put(200L + 65_537, 200L + 65_538);
    cases.put(200L + BIG - 1, 200L + BIG - 2);
    for (Map.Entry<Long, Long> c : cases.entrySet()) {
      long id = c.getKey();
      long rowId = rowIdOf.get(id);
      assertThatThrownBy(() -> table.takeRowIds(rowId).toList())
          .as("user id %s", id)
          .isInstanceOf(io.paimon.multimodal.RowIdNotFoundException.class)
          .hasMessageContaining(String.valueOf(rowId));
      long live = rowIdOf.get(c.getValue());
      assertThatThrownBy(() -> table.takeRowIds(live, rowId).toList())
          .isInstanceOf(io.paimon.multimodal.RowIdNotFoundException.class)
          .hasMessageContaining("[" + rowId + "]");
      List<Map<String, Object>> got = table.takeRowIds(live).withRowId().toList();
      assertThat(got).hasSize(1);
      OracleAssertions.assertSameRow(
          "take " + live,
          allRows.stream().filter(r -> r.get(ROW_ID).equals(live)).findFirst().orElseThrow(),
          got.get(0));
    }
    // A deleted row is still there in the snapshot before the deletes.
    long rowId = rowIdOf.get(17L);
    assertThat(table.takeRowIds(rowId).snapshot(appended).toList()).hasSize(1);
    // Several live rows around deleted ones, in the order asked.
    List<Long> ids = List.of(rowIdOf.get(3L), rowIdOf.get(106L), rowIdOf.get(4L), rowIdOf.get(60L));
    assertThat(table.takeRowIds(ids).withRowId().toList().stream().map(r -> r.get(ROW_ID)).toList())
        .isEqualTo(ids);
  }

  @Test
  void filtersSeeOnlyTheLiveRows() {
    List<Map<String, Object>> live = liveRows(deletedAll);
    assertFilter(
        "part = 'a' AND score >= 10",
        live,
        r -> "a".equals(r.get("part")) && r.get("score") != null && (Double) r.get("score") >= 10);
    assertFilter("name IS NULL", live, r -> r.get("name") == null);
    assertFilter("id < 60", live, r -> (Long) r.get("id") < 60);
    assertFilter(
        "id BETWEEN 218 AND 230",
        live,
        r -> (Long) r.get("id") >= 218 && (Long) r.get("id") <= 230);
    long from = rowIdOf.get(0L);
    long to = rowIdOf.get(20L);
    assertFilter(
        "_ROW_ID BETWEEN " + Math.min(from, to) + " AND " + Math.max(from, to),
        live,
        r ->
            (Long) r.get(ROW_ID) >= Math.min(from, to)
                && (Long) r.get(ROW_ID) <= Math.max(from, to));
    // Only deleted rows match: nothing.
    assertFilter("id IN (0, 5, 80000, 80004, 40200)", live, r -> false);
    assertFilter("id >= 65600", live, r -> (Long) r.get("id") >= 65_600);
    long from2 = rowIdOf.get(200L + 39_990);
    long to2 = rowIdOf.get(200L + 50_010);
    assertFilter(
        "_ROW_ID >= " + from2 + " AND _ROW_ID <= " + to2 + " AND score IS NOT NULL",
        live,
        r ->
            (Long) r.get(ROW_ID) >= from2 && (Long) r.get(ROW_ID) <= to2 && r.get("score") != null);
  }

  private static void assertFilter(
      String predicate, List<Map<String, Object>> live, Predicate<Map<String, Object>> matches) {
    List<Map<String, Object>> expected = live.stream().filter(matches).toList();
    assertSameRows("where " + predicate, expected, ourRows(table.scan().where(predicate)));
    assertSameRows(
        "where " + predicate + ", batches of 97",
        expected,
        ourRows(table.scan().where(predicate).batchSize(97)));
    assertThat(table.scan().where(predicate).count())
        .as("count where %s", predicate)
        .isEqualTo(expected.size());
  }
}
