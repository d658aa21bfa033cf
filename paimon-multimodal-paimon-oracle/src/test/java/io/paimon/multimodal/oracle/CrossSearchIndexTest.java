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
import io.paimon.multimodal.IndexFile;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.search.IndexType;
import io.paimon.multimodal.search.Search;
import io.paimon.multimodal.search.SearchIndexes;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.paimon.index.GlobalIndexMeta;
import org.apache.paimon.index.IndexFileMeta;
import org.apache.paimon.manifest.FileKind;
import org.apache.paimon.manifest.IndexManifestEntry;
import org.apache.paimon.options.ExpireConfig;
import org.apache.paimon.predicate.PredicateBuilder;
import org.apache.paimon.table.FileStoreTable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tables that carry our search indexes, in Paimon 1.4.2's hands: its index-manifest reader lists
 * our entries ({@code _GLOBAL_INDEX} records with our type names, row ranges and field ids), its
 * reader still reads the rows (updated after indexing, too), its commits carry our entries forward,
 * its orphan cleanup leaves every listed index file alone, and its snapshot expiry deletes the
 * index files of a dropped index once no retained snapshot lists them. Our searches over what
 * Paimon left are checked against a brute-force top-k.
 */
class CrossSearchIndexTest {

  @TempDir static Path warehouse;

  private static final FileIO IO = FileIO.local();
  private static final int DIM = 8;
  private static final Map<String, String> SHARDS =
      Map.of("global-index.row-count-per-shard", "100");
  private static final String VECTOR = IndexType.VECTOR.identifier();
  private static final String TEXT = IndexType.FULL_TEXT.identifier();

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

  @Test
  void paimonListsOurIndexEntriesAndReadsTheRows() throws Exception {
    String name = "listed";
    Table table = indexedTable(name, new SplittableRandom(71));
    // Updated after indexing: their indexed cells are stale and must be scored from the rows.
    table.update("id < 10 OR id = 250", Map.of("content", "grasp", "embedding", new float[DIM]));
    long latest = table.latestSnapshot().orElseThrow().id();

    FileStoreTable theirs = paimon.table(name);
    assertThat(paimonEntries(theirs, latest)).isEqualTo(ourEntries(table, latest));
    assertThat(paimonEntries(theirs, latest)).hasSize(6);
    int embeddingId = theirs.rowType().getField("embedding").id();
    int contentId = theirs.rowType().getField("content").id();
    for (IndexManifestEntry e : globalEntries(theirs, latest)) {
      assertThat(e.kind()).isEqualTo(FileKind.ADD);
      assertThat(e.indexFile().globalIndexMeta().indexFieldId())
          .as("field id of %s", e.indexFile().indexType())
          .isEqualTo(e.indexFile().indexType().equals(VECTOR) ? embeddingId : contentId);
    }
    // Paimon reads what we read, filtered or not.
    CrossChecks.assertSameRows(
        "with our indexes", paimon.readWithRowId(name), CrossChecks.ourRows(table.scan(), IO));
    PredicateBuilder p = new PredicateBuilder(theirs.rowType());
    assertThat(
            paimon.readWithRowId(name, null, p.greaterOrEqual(0, 200L)).stream()
                .filter(r -> (Long) r.get("id") >= 200)
                .count())
        .isEqualTo(table.scan().where("id >= 200").count());
    assertSearchIsExact(table);
  }

  @Test
  void paimonCommitsCarryOurIndexesForwardAndOurSearchFindsPaimonsRows() throws Exception {
    String name = "carried";
    SplittableRandom random = new SplittableRandom(72);
    Table table = indexedTable(name, random);
    long indexed = table.latestSnapshot().orElseThrow().id();
    List<IndexFile> before = table.indexFiles(indexed);

    paimon.write(name, rows(random, 300, 50));
    FileStoreTable theirs = paimon.table(name);
    long paimonSnapshot = theirs.snapshotManager().latestSnapshot().id();
    assertThat(paimonSnapshot).isEqualTo(indexed + 1);
    assertThat(table.indexFiles(paimonSnapshot)).isEqualTo(before);
    assertThat(paimonEntries(theirs, paimonSnapshot)).isEqualTo(ourEntries(table, paimonSnapshot));
    // Paimon's rows are not indexed yet: they are scored exactly and found.
    assertSearchIsExact(table);

    SearchIndexes indexes = SearchIndexes.of(table);
    assertThat(indexes.create("embedding", IndexType.VECTOR, SHARDS)).isEqualTo(1);
    List<IndexFile> after = table.indexFiles(table.latestSnapshot().orElseThrow().id());
    assertThat(after).containsAll(before).hasSize(before.size() + 1);
    assertThat(
            after.stream()
                .filter(f -> !before.contains(f))
                .map(f -> f.firstRowId() + ".." + f.lastRowId()))
        .containsExactly("300..349");
    assertSearchIsExact(table);
    CrossChecks.assertSameRows(
        "after Paimon's append", paimon.readWithRowId(name), CrossChecks.ourRows(table.scan(), IO));
  }

  @Test
  void paimonsCleanupKeepsListedIndexFilesAndItsExpiryDeletesDroppedOnes() throws Exception {
    String name = "cleaned";
    Table table = indexedTable(name, new SplittableRandom(73));
    Set<String> vectorFiles = indexFileNames(table, VECTOR);
    Set<String> textFiles = indexFileNames(table, TEXT);
    Set<String> files = paimon.files(name);
    assertThat(files).containsAll(prefixed(vectorFiles)).containsAll(prefixed(textFiles));

    assertThat(paimon.cleanOrphans(name)).as("Paimon's orphan cleanup").isEmpty();
    assertThat(paimon.files(name)).isEqualTo(files);
    assertSearchIsExact(table);

    assertThat(SearchIndexes.of(table).drop("content")).isEqualTo(textFiles.size());
    // Older snapshots still list the text files: neither cleanup may delete them yet.
    assertThat(paimon.cleanOrphans(name)).as("Paimon's orphan cleanup after the drop").isEmpty();
    assertThat(paimon.files(name)).containsAll(prefixed(textFiles));
    int expired =
        paimon
            .table(name)
            .newExpireSnapshots()
            .config(
                ExpireConfig.builder()
                    .snapshotRetainMax(1)
                    .snapshotRetainMin(1)
                    .snapshotTimeRetain(Duration.ZERO)
                    .build())
            .expire();
    assertThat(expired).as("snapshots expired").isPositive();
    Set<String> left = paimon.files(name);
    assertThat(left)
        .containsAll(prefixed(vectorFiles))
        .doesNotContainAnyElementsOf(prefixed(textFiles));
    assertThat(paimon.cleanOrphans(name)).as("Paimon's orphan cleanup after the expiry").isEmpty();
    assertThat(table.removeOrphanFiles(Duration.ZERO)).as("our orphan cleanup").isEmpty();
    assertThat(SearchIndexes.of(table).list())
        .singleElement()
        .satisfies(i -> assertThat(i.column()).isEqualTo("embedding"));
    assertVectorSearchIsExact(table);
  }

  // ---------------------------------------------------------------------------------------------

  /** 300 rows in two commits, vector and text indexes in shards of 100 rows (three files each). */
  private static Table indexedTable(String name, SplittableRandom random) {
    Schema.Builder schema =
        Schema.builder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("category", DataTypes.STRING())
            .column("embedding", DataTypes.VECTOR(DataTypes.FLOAT(), DIM))
            .column("content", DataTypes.STRING());
    PaimonCatalogs.tableOptions().forEach(schema::option);
    Table table = ours.createTable(name, schema.build(), false);
    table.add(rows(random, 0, 180));
    table.add(rows(random, 180, 120));
    SearchIndexes indexes = SearchIndexes.of(table);
    assertThat(indexes.create("embedding", IndexType.VECTOR, SHARDS)).isEqualTo(3);
    assertThat(indexes.create("content", IndexType.FULL_TEXT, SHARDS)).isEqualTo(3);
    return table;
  }

  private static final String[] WORDS = {
    "robot", "arm", "lake", "data", "vision", "grasp", "camera", "wheel", "sensor", "joint"
  };

  private static List<Map<String, Object>> rows(SplittableRandom random, long firstId, int n) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (long id = firstId; id < firstId + n; id++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", id);
      row.put("category", random.nextBoolean() ? "lake" : "arm");
      float[] v = new float[DIM];
      for (int i = 0; i < DIM; i++) {
        v[i] = (random.nextInt(9) - 4) / 4f;
      }
      row.put("embedding", random.nextInt(40) == 0 ? null : v);
      StringBuilder text = new StringBuilder();
      for (int w = 1 + random.nextInt(6); w > 0; w--) {
        text.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
      }
      row.put("content", text.toString().trim());
      out.add(row);
    }
    return out;
  }

  /** What Paimon's index-file handler lists as global index files of a snapshot, comparable. */
  private static Set<String> paimonEntries(FileStoreTable table, long snapshotId) {
    Set<String> out = new TreeSet<>();
    for (IndexManifestEntry e : globalEntries(table, snapshotId)) {
      IndexFileMeta f = e.indexFile();
      GlobalIndexMeta g = f.globalIndexMeta();
      out.add(
          entry(
              f.indexType(),
              f.fileName(),
              f.fileSize(),
              f.rowCount(),
              g.rowRangeStart(),
              g.rowRangeEnd(),
              g.indexFieldId(),
              g.indexMeta()));
    }
    return out;
  }

  private static List<IndexManifestEntry> globalEntries(FileStoreTable table, long snapshotId) {
    org.apache.paimon.Snapshot snapshot = table.snapshotManager().snapshot(snapshotId);
    return table.store().newIndexFileHandler().scan(snapshot, e -> true).stream()
        .filter(e -> e.indexFile().globalIndexMeta() != null)
        .toList();
  }

  private static Set<String> ourEntries(Table table, long snapshotId) {
    Set<String> out = new TreeSet<>();
    for (IndexFile f : table.indexFiles(snapshotId)) {
      out.add(
          entry(
              f.type(),
              f.fileName(),
              f.fileSize(),
              f.rowCount(),
              f.firstRowId(),
              f.lastRowId(),
              f.fieldId(),
              f.meta()));
    }
    return out;
  }

  private static String entry(
      String type,
      String file,
      long size,
      long rows,
      long first,
      long last,
      int field,
      byte[] meta) {
    return String.join(
        " ",
        type,
        file,
        Long.toString(size),
        Long.toString(rows),
        first + ".." + last,
        "field " + field,
        meta == null ? "-" : java.util.HexFormat.of().formatHex(meta));
  }

  private static Set<String> indexFileNames(Table table, String type) {
    return table.indexFiles(table.latestSnapshot().orElseThrow().id()).stream()
        .filter(f -> f.type().equals(type))
        .map(IndexFile::fileName)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static Set<String> prefixed(Set<String> indexFiles) {
    return indexFiles.stream().map(f -> "index/" + f).collect(Collectors.toSet());
  }

  private static void assertSearchIsExact(Table table) {
    assertVectorSearchIsExact(table);
    // Every row whose text holds the word comes back, and no other (limit above the row count).
    Set<Long> expected = new TreeSet<>();
    for (Map<String, Object> row : table.scan().withRowId().toList()) {
      String content = (String) row.get("content");
      if (content != null && List.of(content.split(" ")).contains("grasp")) {
        expected.add((Long) row.get(Schema.ROW_ID));
      }
    }
    List<Map<String, Object>> hits =
        Search.of(table).text("grasp").column("content").limit(1000).withRowId().toList();
    assertThat(hits.stream().map(r -> (Long) r.get(Schema.ROW_ID)).collect(Collectors.toSet()))
        .isEqualTo(expected);
  }

  /** A top-20 by inner product with a large efSearch is the brute-force top-20, ties by row ID. */
  private static void assertVectorSearchIsExact(Table table) {
    float[] q = {1, -0.5f, 0.25f, 0, 1, 0.75f, -1, 0.5f};
    List<long[]> scored = new ArrayList<>();
    for (Map<String, Object> row : table.scan().withRowId().toList()) {
      float[] v = (float[]) row.get("embedding");
      if (v != null) {
        double dot = 0;
        for (int i = 0; i < DIM; i++) {
          dot += q[i] * v[i];
        }
        // exact in float: every product and sum is a multiple of 1/16 well within range
        scored.add(new long[] {(Long) row.get(Schema.ROW_ID), Math.round(dot * 16)});
      }
    }
    scored.sort(
        Comparator.comparingLong((long[] s) -> -s[1]).thenComparingLong((long[] s) -> s[0]));
    List<Long> expected = scored.stream().limit(20).map(s -> s[0]).toList();
    List<Long> actual =
        Search.of(table)
            .vector(q)
            .column("embedding")
            .limit(20)
            .efSearch(1000)
            .withRowId()
            .toList()
            .stream()
            .map(r -> (Long) r.get(Schema.ROW_ID))
            .toList();
    assertThat(actual).isEqualTo(expected);
  }
}
