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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** Partition keys: every data file holds one partition, so filters on them skip whole files. */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class PartitionedWriteTest {

  @Parameter TestStorage storage;

  @TempDir Path dir;

  private CountingFileIO io;
  private Connection conn;

  @BeforeEach
  void connect() {
    io = new CountingFileIO(storage.fileIO());
    conn = storage.connect(dir, base -> io);
  }

  @AfterEach
  void close() {
    conn.close();
  }

  private Table table(String name, String... options) {
    Schema.Builder b =
        Schema.builder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("category", DataTypes.STRING())
            .column("image", DataTypes.BLOB())
            .partitionKeys("category");
    for (int i = 0; i < options.length; i += 2) {
      b.option(options[i], options[i + 1]);
    }
    return conn.createTable(name, b.build(), false);
  }

  /** Rows cycling through {@code categories}, each with a small image. */
  private static List<Map<String, Object>> rows(int n, String... categories) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Map<String, Object> row = new HashMap<>();
      row.put("id", (long) i);
      row.put("category", categories[i % categories.length]);
      row.put("image", new byte[] {(byte) i, 1, 2});
      rows.add(row);
    }
    return rows;
  }

  private Set<String> rowFiles(Table t) {
    return TestTables.bucketFiles(t).stream()
        .filter(f -> f.endsWith(storage.dataFileExtension()))
        .collect(Collectors.toSet());
  }

  private long rowFilesOpened() {
    return io.openedPaths().keySet().stream()
        .filter(p -> p.endsWith(storage.dataFileExtension()))
        .count();
  }

  @Test
  void interleavedPartitionsAreWrittenToOneFileEach() {
    Table t = table("t");
    t.add(rows(300, "lake", "sea", "river"));

    assertThat(rowFiles(t)).hasSize(3);
    for (String c : List.of("lake", "sea", "river")) {
      io.reset();
      List<Map<String, Object>> got =
          t.scan().where("category = '" + c + "'").select("id", "category").toList();
      assertThat(got).hasSize(100).allSatisfy(r -> assertThat(r.get("category")).isEqualTo(c));
      assertThat(rowFilesOpened()).as("files opened for category %s", c).isEqualTo(1);
    }
  }

  @Test
  void partitionsLiveInPaimonsDirectoriesAndSplitsCarryTheirValues() throws Exception {
    Table t = table("t");
    List<Map<String, Object>> input = rows(30, "lake", "a/b=c");
    for (int i = 0; i < 30; i += 3) {
      input.get(i).put("category", null);
    }
    t.add(input);

    // Hive-style escaping, and Paimon's directory for a null value.
    for (String partition :
        List.of("category=lake", "category=a%2Fb%3Dc", "category=__DEFAULT_PARTITION__")) {
      String bucket = TestTables.root(t) + "/" + partition + "/bucket-0";
      assertThat(t.io().list(bucket))
          .as(bucket)
          .anyMatch(f -> f.endsWith(storage.dataFileExtension()));
    }
    Map<Object, Long> rowsByPartition = new java.util.HashMap<>();
    for (Split split : t.scan().plan()) {
      assertThat(split.partition()).containsOnlyKeys("category");
      rowsByPartition.merge(split.partition().get("category"), split.rowCount(), Long::sum);
      for (SplitFile f : split.files()) {
        assertThat(f.path()).contains("/category=").contains("/bucket-0/");
      }
    }
    Map<Object, Long> expected = new java.util.HashMap<>();
    expected.put("lake", 10L);
    expected.put("a/b=c", 10L);
    expected.put(null, 10L);
    assertThat(rowsByPartition).isEqualTo(expected);
  }

  @Test
  void everyRowComesBackOnceWithUniqueRowIdsAndItsBlob() throws Exception {
    Table t = table("t");
    List<Map<String, Object>> input = rows(500, "a", "b", "c", "d", "e");
    t.add(input);

    List<Map<String, Object>> got = t.scan().select("id", "category").withRowId().toList();
    assertThat(got).hasSize(500);
    assertThat(got.stream().map(r -> r.get("_ROW_ID")).distinct().count()).isEqualTo(500);
    assertThat(got.stream().map(r -> (Long) r.get("_ROW_ID")).sorted().toList())
        .isEqualTo(TestTables.range(500));
    Map<Long, String> byId = new HashMap<>();
    got.forEach(r -> byId.put((Long) r.get("id"), (String) r.get("category")));
    for (Map<String, Object> row : input) {
      assertThat(byId.get((Long) row.get("id"))).isEqualTo(row.get("category"));
    }
    // Blob files are split with their data files and stay row-aligned.
    long firstOfC =
        got.stream()
            .filter(r -> r.get("category").equals("c"))
            .mapToLong(r -> (Long) r.get("_ROW_ID"))
            .min()
            .getAsLong();
    Map<String, Object> taken = t.takeRowIds(firstOfC).select("id", "image").toList().get(0);
    assertThat(taken.get("id")).isEqualTo(2L);
    BlobDescriptor image = (BlobDescriptor) taken.get("image");
    assertThat(TableFixtures.readRange(t.io(), image)).containsExactly(2, 1, 2);
  }

  @Test
  void moreOpenPartitionsThanAllowedRollFilesButKeepOnePartitionPerFile() {
    Table t = table("t", "partition.max-open-writers", "2");
    t.add(rows(400, "a", "b", "c", "d"));

    // Round-robin rows over 4 partitions with 2 open writers close a file on nearly every row.
    assertThat(rowFiles(t).size()).isGreaterThan(4);
    for (String c : List.of("a", "b", "c", "d")) {
      List<Long> ids =
          t.scan().where("category = '" + c + "'").select("id").toList().stream()
              .map(r -> (Long) r.get("id"))
              .sorted()
              .toList();
      assertThat(ids).hasSize(100);
      assertThat(ids).allSatisfy(id -> assertThat("abcd".charAt((int) (id % 4)) + "").isEqualTo(c));
    }
    assertThat(t.scan().count()).isEqualTo(400);
  }

  @Test
  void nullPartitionValuesFormTheirOwnPartition() {
    Table t = table("t");
    List<Map<String, Object>> input = rows(30, "x", "y");
    for (int i = 0; i < 30; i += 3) {
      input.get(i).put("category", null);
    }
    t.add(input);

    assertThat(rowFiles(t)).hasSize(3);
    io.reset();
    assertThat(t.scan().where("category IS NULL").count()).isEqualTo(10);
    assertThat(rowFilesOpened()).isEqualTo(1);
  }

  @Test
  void integerAndLongValuesOfOneIntegerPartitionAreOnePartition() {
    Table t =
        conn.createTable(
            "ints",
            Schema.builder()
                .column("episode", DataTypes.BIGINT())
                .column("v", DataTypes.INT())
                .partitionKeys("episode")
                .build(),
            false);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      Map<String, Object> row = new HashMap<>();
      row.put("episode", i % 2 == 0 ? (Object) 7 : (Object) 7L);
      row.put("v", i);
      rows.add(row);
    }
    t.add(rows);

    assertThat(rowFiles(t)).hasSize(1);
    assertThat(t.scan().where("episode = 7").count()).isEqualTo(10);
  }

  @Test
  void aBadRowNamesItsPositionInTheWholeInputAndLeavesNothingBehind() throws Exception {
    Table t = table("t");
    List<Map<String, Object>> input = rows(20, "a", "b");
    input.get(13).put("image", "not bytes");

    assertThatThrownBy(() -> t.add(input))
        .isInstanceOf(SchemaException.class)
        .hasMessageStartingWith("row 13:")
        .hasMessageContaining("image");
    assertThat(rowFiles(t)).isEmpty();
    assertThat(TestTables.bucketFiles(t)).isEmpty();
    assertThat(t.latestSnapshot()).isEmpty();
    // No snapshot directory at all is fine too.
    assertThat(TestTables.files(t, "snapshot")).isEmpty();
  }

  @Test
  void containerAndBlobPartitionKeysAreRejectedBeforeAnythingIsCreated() {
    for (var type :
        List.of(
            DataTypes.BLOB(),
            DataTypes.ARRAY(DataTypes.INT()),
            DataTypes.MAP(DataTypes.STRING(), DataTypes.INT()),
            DataTypes.parse("VECTOR<FLOAT, 3>"))) {
      Schema schema =
          Schema.builder()
              .column("id", DataTypes.BIGINT())
              .column("k", type)
              .partitionKeys("k")
              .build();
      assertThatThrownBy(() -> conn.createTable("bad", schema, false))
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("partition key 'k'")
          .hasMessageContaining(type.toString());
      assertThat(conn.listTables()).doesNotContain("bad");
    }
  }

  @Test
  void aBadOpenWriterLimitIsRejectedAtCreateTable() {
    assertThatThrownBy(() -> table("t", "partition.max-open-writers", "0"))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("partition.max-open-writers");
    assertThat(conn.listTables()).doesNotContain("t");
  }
}
