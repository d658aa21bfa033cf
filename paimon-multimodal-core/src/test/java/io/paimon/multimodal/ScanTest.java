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

import io.paimon.multimodal.testing.TestStorage;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** Projection, limits, row IDs, batching, streaming, counting and splits of scans. */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class ScanTest {

  private static final long SEED = 4242;
  private static final int FILE_ROWS = 1000;
  private static final int ROWS = 3 * FILE_ROWS;

  @Parameter TestStorage storage;

  @TempDir Path dir;

  private Connection conn;
  private RootAllocator allocator;
  private Table table;
  private final List<Map<String, Object>> written = new ArrayList<>();

  @BeforeEach
  void writeThreeFiles() {
    conn = storage.connect(dir);
    allocator = new RootAllocator();
    table =
        conn.createTable(
            "docs",
            Schema.builder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("name", DataTypes.STRING())
                .column("score", DataTypes.DOUBLE())
                .column("image", DataTypes.BLOB())
                .build(),
            false);
    Random rnd = new Random(SEED);
    for (int i = 0; i < ROWS; i++) {
      Map<String, Object> row = new HashMap<>();
      row.put("id", (long) i);
      row.put("name", "n" + i);
      row.put("score", i % 10 == 0 ? null : rnd.nextDouble());
      row.put("image", i % 3 == 0 ? null : AllTypes.bytes(rnd, 10));
      written.add(row);
    }
    for (int f = 0; f < 3; f++) {
      table.add(written.subList(f * FILE_ROWS, (f + 1) * FILE_ROWS));
    }
  }

  @AfterEach
  void close() {
    allocator.close();
    conn.close();
  }

  private Scan scan() {
    return table.scan().allocator(allocator);
  }

  private static List<Long> ids(List<Map<String, Object>> rows, String column) {
    return rows.stream().map(r -> (Long) r.get(column)).collect(Collectors.toList());
  }

  private static List<Long> range(long from, long to) {
    return LongStream.range(from, to).boxed().collect(Collectors.toList());
  }

  /** The row counts of the batches a reader streams. */
  private static List<Integer> batchSizes(Scan scan) throws Exception {
    List<Integer> sizes = new ArrayList<>();
    try (ArrowReader reader = scan.toArrowReader()) {
      while (reader.loadNextBatch()) {
        sizes.add(reader.getVectorSchemaRoot().getRowCount());
      }
    }
    return sizes;
  }

  @Test
  void selectReturnsTheColumnsInTheGivenOrder() {
    List<Map<String, Object>> rows = scan().select("score", "id").limit(3).toList();

    assertThat(rows).hasSize(3);
    assertThat(rows.get(1).keySet()).containsExactly("score", "id");
    assertThat(rows.get(1))
        .containsEntry("id", 1L)
        .containsEntry("score", written.get(1).get("score"));
    assertThat(scan().select(List.of("name")).arrowSchema().getFields())
        .extracting(Field::getName)
        .containsExactly("name");
    assertThat(scan().select("_ROW_ID", "name").limit(1).toList())
        .containsExactly(Map.of("_ROW_ID", 0L, "name", "n0"));
  }

  @Test
  void selectOfAnUnknownOrDuplicateColumnFails() {
    assertThatThrownBy(() -> table.scan().select("id", "nope"))
        .isInstanceOf(SchemaException.class)
        .hasMessage("table 'docs' has no column 'nope'; columns are [id, name, score, image]");
    assertThatThrownBy(() -> table.scan().select("ID"))
        .isInstanceOf(SchemaException.class)
        .hasMessageStartingWith("table 'docs' has no column 'ID'");
    assertThatThrownBy(() -> table.scan().select("id", "name", "id"))
        .isInstanceOf(SchemaException.class)
        .hasMessage("column 'id' is selected twice");
    assertThatThrownBy(() -> table.scan().select())
        .isInstanceOf(SchemaException.class)
        .hasMessage("select needs at least one column; columns are [id, name, score, image]");
  }

  @Test
  void limitCutsAtZeroOneAndAcrossBatchAndFileBoundaries() throws Exception {
    assertThat(scan().limit(0).toList()).isEmpty();
    assertThat(scan().limit(0).count()).isZero();
    assertThat(batchSizes(scan().limit(0))).isEmpty();
    assertThat(ids(scan().limit(1).toList(), "id")).containsExactly(0L);
    assertThat(batchSizes(scan().batchSize(7).limit(25))).containsExactly(7, 7, 7, 4);
    assertThat(ids(scan().batchSize(7).limit(25).toList(), "id")).isEqualTo(range(0, 25));
    assertThat(ids(scan().limit(1500).toList(), "id")).isEqualTo(range(0, 1500));
    assertThat(ids(scan().batchSize(999).limit(2001).toList(), "id")).isEqualTo(range(0, 2001));
    assertThat(scan().limit(ROWS + 1).count()).isEqualTo(ROWS);
    assertThat(ids(scan().where("id >= 995").limit(10).toList(), "id")).isEqualTo(range(995, 1005));
    assertThatThrownBy(() -> table.scan().limit(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("limit must not be negative, got -1");
  }

  @Test
  void withRowIdAppendsTheRowIdToTheProjectionOrToAllColumns() {
    assertThat(scan().withRowId().limit(1).toList().get(0).keySet())
        .containsExactly("id", "name", "score", "image", "_ROW_ID");
    assertThat(scan().select("name").withRowId().limit(2).toList())
        .containsExactly(Map.of("name", "n0", "_ROW_ID", 0L), Map.of("name", "n1", "_ROW_ID", 1L));
    assertThat(scan().withRowId().select("name").limit(1).toList().get(0).keySet())
        .containsExactly("name", "_ROW_ID");
    assertThat(scan().select("_ROW_ID", "id").withRowId().limit(1).toList().get(0).keySet())
        .containsExactly("_ROW_ID", "id");
    List<Map<String, Object>> all = scan().select("id").withRowId().toList();
    assertThat(ids(all, "_ROW_ID")).isEqualTo(ids(all, "id"));
  }

  @Test
  void batchesNeverExceedTheBatchSize() throws Exception {
    List<Integer> sizes = batchSizes(scan().batchSize(64));
    assertThat(sizes).allMatch(n -> n > 0 && n <= 64);
    assertThat(sizes.stream().mapToInt(Integer::intValue).sum()).isEqualTo(ROWS);
    assertThat(sizes.size()).isGreaterThanOrEqualTo(ROWS / 64);

    List<Integer> filtered = batchSizes(scan().batchSize(50).where("score > 0.5"));
    assertThat(filtered).allMatch(n -> n > 0 && n <= 50);
    assertThat(filtered.stream().mapToInt(Integer::intValue).sum())
        .isEqualTo((int) scan().where("score > 0.5").count());
    assertThatThrownBy(() -> table.scan().batchSize(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("batchSize must be positive, got 0");
  }

  @Test
  void aHugeBatchSizeAllocatesOnlyWhatTheDataNeeds() throws Exception {
    assertThat(batchSizes(scan().batchSize(Integer.MAX_VALUE))).containsExactly(ROWS);
    assertThat(batchSizes(scan().batchSize(Integer.MAX_VALUE).where("id >= 2990")))
        .containsExactly(10);
    assertThat(
            ids(
                table
                    .takeRowIds(7, 2999, 7)
                    .allocator(allocator)
                    .batchSize(Integer.MAX_VALUE)
                    .toList(),
                "id"))
        .containsExactly(7L, 2999L, 7L);
  }

  @Test
  void closingAReaderMidwayReleasesAllItsMemory() throws Exception {
    List<Scan> scans =
        List.of(
            scan(),
            scan().where("_ROW_ID < 50 OR name LIKE 'n1%'"),
            scan().where("_ROW_ID > 10").select("image"),
            table.takeRowIds(5, 2500, 7));
    for (Scan s : scans) {
      try (RootAllocator own = new RootAllocator()) {
        ArrowReader reader = s.allocator(own).batchSize(100).toArrowReader();
        assertThat(reader.loadNextBatch()).as("%s", s).isTrue();
        reader.loadNextBatch();
        assertThat(own.getAllocatedMemory()).as("%s", s).isPositive();
        reader.close();
        assertThat(own.getAllocatedMemory()).as("%s", s).isZero();
      }
    }
    VectorSchemaRoot root = scan().where("id < 10").toArrow();
    assertThat(allocator.getAllocatedMemory()).isPositive();
    root.close();
    assertThat(allocator.getAllocatedMemory()).isZero();
  }

  @Test
  void countsWithAndWithoutWhere() {
    assertThat(table.scan().count()).isEqualTo(ROWS);
    assertThat(table.scan().where("id < 10").count()).isEqualTo(10);
    assertThat(table.scan().where("score IS NULL").count()).isEqualTo(ROWS / 10);
    assertThat(table.scan().where("image IS NOT NULL AND id < 30").count()).isEqualTo(20);
    assertThat(table.scan().where("id < 10").limit(3).count()).isEqualTo(3);
    assertThat(table.scan().select("name").withRowId().count()).isEqualTo(ROWS);
    assertThat(table.scan().where("name = 'nobody'").count()).isZero();
    Table empty = conn.createTable("empty", table.schema(), false);
    assertThat(empty.scan().count()).isZero();
    assertThat(empty.scan().where("id > 1").count()).isZero();
    assertThat(empty.scan().toList()).isEmpty();
  }

  @Test
  void planSplitsCoverEveryRowExactlyOnceAndEachSplitReadsItsRows() {
    List<Split> splits = table.scan().plan();

    assertThat(splits).hasSize(3);
    splits.sort(Comparator.comparingLong(Split::firstRowId));
    long next = 0;
    List<Long> union = new ArrayList<>();
    for (Split split : splits) {
      assertThat(split.firstRowId()).isEqualTo(next);
      assertThat(split.snapshotId()).isEqualTo(3);
      assertThat(split.fileSize()).isPositive();
      next += split.rowCount();
      List<Map<String, Object>> rows = scan().split(split).withRowId().toList();
      assertThat(ids(rows, "_ROW_ID"))
          .isEqualTo(range(split.firstRowId(), split.firstRowId() + split.rowCount()));
      union.addAll(ids(rows, "id"));
      assertThat(scan().split(split).count()).isEqualTo(split.rowCount());
    }
    assertThat(next).isEqualTo(ROWS);
    assertThat(union).isEqualTo(range(0, ROWS));
  }

  @Test
  void eachSplitListsTheDataAndBlobFilesOfItsRangeAndSurvivesSerialization() throws Exception {
    for (Split split : table.scan().plan()) {
      // Paimon's data-evolution layout: the .row file of the scalar columns and the .blob file of
      // the BLOB column, both covering the split's row range.
      assertThat(split.files()).hasSize(2);
      SplitFile row = split.files().get(0);
      SplitFile blob = split.files().get(1);
      assertThat(row.format()).isEqualTo(storage.dataFileFormat());
      assertThat(row.writeColumns()).containsExactly("id", "name", "score");
      assertThat(blob.format()).isEqualTo("blob");
      assertThat(blob.writeColumns()).containsExactly("image");
      for (SplitFile f : split.files()) {
        assertThat(f.firstRowId()).isEqualTo(split.firstRowId());
        assertThat(f.rowCount()).isEqualTo(split.rowCount());
        assertThat(f.sequenceNumber()).isEqualTo(f.firstRowId() / FILE_ROWS + 1);
        assertThat(table.io().exists(f.path())).as("%s exists", f.path()).isTrue();
      }
      assertThat(split.partition()).isEmpty();
      assertThat(split.deletedRowCount()).isZero();

      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
        out.writeObject(split);
      }
      Split copy;
      try (java.io.ObjectInputStream in =
          new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
        copy = (Split) in.readObject();
      }
      assertThat(copy).isEqualTo(split);
      assertThat(ids(scan().split(copy).withRowId().toList(), "_ROW_ID"))
          .isEqualTo(range(split.firstRowId(), split.firstRowId() + split.rowCount()));
    }
  }

  @Test
  void planPrunesByStatisticsAndSplitsKeepTheirSnapshotAndFilter() {
    Scan filtered = scan().where("id >= 1500 AND id < 2100");
    List<Split> splits = filtered.plan();
    assertThat(splits).extracting(Split::firstRowId).containsExactlyInAnyOrder(1000L, 2000L);

    table.add(List.of(Map.of("id", 1600L)));

    List<Long> got = new ArrayList<>();
    for (Split split : splits) {
      got.addAll(ids(filtered.split(split).toList(), "id"));
    }
    got.sort(null);
    assertThat(got).isEqualTo(range(1500, 2100));
    assertThat(filtered.count()).isEqualTo(601);
  }

  @Test
  void aSplitOfAnotherTableIsRejectedInsteadOfReadingNothing() {
    Table other = conn.createTable("other", table.schema(), false);
    other.add(written.subList(0, 10));
    Split foreign = other.scan().plan().get(0);

    assertThatThrownBy(() -> scan().split(foreign).toList())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("split " + foreign + " is not a row range of snapshot 1 of table 'docs'");
  }

  @Test
  void blobColumnsAreDescriptorStructsAndTheRowIdIsANonNullInt64() throws Exception {
    try (ArrowReader reader = scan().select("image").withRowId().toArrowReader()) {
      List<Field> fields = reader.getVectorSchemaRoot().getSchema().getFields();
      WriteReadTest.assertBlobStruct(fields.get(0));
      assertThat(fields.get(0).isNullable()).isTrue();
      assertThat(fields.get(1).getName()).isEqualTo("_ROW_ID");
      assertThat(fields.get(1).getType()).isEqualTo(new ArrowType.Int(64, true));
      assertThat(fields.get(1).isNullable()).isFalse();
    }
    assertThat(scan().withRowId().arrowSchema().findField("image").getMetadata())
        .containsEntry("paimon.type", "BLOB");
    List<Map<String, Object>> rows = scan().select("image").limit(3).toList();
    assertThat(rows.get(0).get("image")).isNull();
    assertThat(TableFixtures.readRange(table.io(), (BlobDescriptor) rows.get(1).get("image")))
        .isEqualTo(written.get(1).get("image"));
  }

  @Test
  void aPredicateOnAColumnThatIsNotSelectedStillFilters() {
    List<Map<String, Object>> rows = scan().select("name").where("id >= 10 AND id < 13").toList();

    assertThat(rows)
        .containsExactly(Map.of("name", "n10"), Map.of("name", "n11"), Map.of("name", "n12"));
    assertThat(scan().where("score IS NULL").select("id").toList())
        .allMatch(r -> (Long) r.get("id") % 10 == 0)
        .hasSize(ROWS / 10);
    assertThat(ids(scan().where("_ROW_ID BETWEEN 998 AND 1001").select("id").toList(), "id"))
        .isEqualTo(range(998, 1002));
  }

  @Test
  void whereReportsThePositionOfTheProblem() {
    assertThatThrownBy(() -> table.scan().where("nope = 1"))
        .isInstanceOfSatisfying(
            PredicateException.class,
            e -> {
              assertThat(e.position()).isZero();
              assertThat(e.predicate()).isEqualTo("nope = 1");
            })
        .hasMessageStartingWith("unknown column 'nope'")
        .hasMessageEndingWith("at position 0 of predicate \"nope = 1\"");
    assertThatThrownBy(() -> table.scan().where("id = 1 AND name = 5"))
        .isInstanceOfSatisfying(
            PredicateException.class, e -> assertThat(e.position()).isEqualTo(18))
        .hasMessageContaining("column 'name' of type STRING");
    assertThatThrownBy(() -> table.scan().where("id >"))
        .isInstanceOfSatisfying(
            PredicateException.class, e -> assertThat(e.position()).isEqualTo(4))
        .hasMessageEndingWith("at position 4 of predicate \"id >\"");
    assertThatThrownBy(() -> table.scan().where("image = 1"))
        .isInstanceOfSatisfying(PredicateException.class, e -> assertThat(e.position()).isZero())
        .hasMessageContaining("column 'image' of type BLOB cannot be compared");
    assertThatThrownBy(() -> table.scan().where("id = 1; DROP TABLE docs"))
        .isInstanceOf(PredicateException.class);
    assertThatThrownBy(() -> table.scan().where(" "))
        .isInstanceOfSatisfying(
            PredicateException.class, e -> assertThat(e.position()).isEqualTo(1));
  }
}
