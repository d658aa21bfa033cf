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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.paimon.Snapshot;
import org.apache.paimon.data.BinaryRow;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.manifest.ManifestEntry;
import org.apache.paimon.manifest.ManifestFile;
import org.apache.paimon.manifest.ManifestFileMeta;
import org.apache.paimon.manifest.ManifestList;
import org.apache.paimon.schema.TableSchema;
import org.apache.paimon.stats.SimpleStats;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.RowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The metadata of tables we write, read with Paimon 1.4.2's own classes ({@code SnapshotManager},
 * {@code SchemaManager}, {@code TagManager}, the {@code ManifestList} and {@code ManifestFile}
 * readers), next to a twin table Paimon writes from the same commits: snapshots, schemas, tags,
 * manifest lists and manifest entries must carry the same values, except what differs between
 * writers by design (file names, sizes, times, commit users, and the value statistics of {@code
 * .row} files, which Paimon does not write and we do). Sizes, counts and statistics of ours are
 * checked against the files themselves.
 */
class CrossMetadataTest {

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

  /** The BLOB table and random tables (no rolling options: both writers then cut files alike). */
  static Stream<Arguments> cases() {
    List<Arguments> out = new ArrayList<>();
    out.add(
        Arguments.of(
            "blobs",
            BlobTables.SCHEMA,
            List.of(BlobTables.PARTITION),
            Map.of(),
            BlobTables.commits(new SplittableRandom(51), 0)));
    // Paimon stores descriptor cells only for Blob objects that carry a descriptor: nulls here.
    List<List<Map<String, Object>>> withoutImages = new ArrayList<>();
    for (List<Map<String, Object>> commit : BlobTables.commits(new SplittableRandom(54), 0)) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (Map<String, Object> row : commit) {
        Map<String, Object> copy = new LinkedHashMap<>(row);
        copy.put("image", null);
        rows.add(copy);
      }
      withoutImages.add(rows);
    }
    out.add(
        Arguments.of(
            "descriptors",
            BlobTables.SCHEMA,
            List.of(BlobTables.PARTITION),
            PaimonCatalogs.descriptorOptions("image", null),
            withoutImages));
    for (long seed = 0; seed < 8; seed++) {
      RandomCase c = RandomCase.of(seed, 0.4, 4);
      out.add(Arguments.of("random" + seed, c.schema(), c.partitionKeys(), Map.of(), c.commits()));
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void ourMetadataIsWhatPaimonWritesForTheSameCommits(
      String label,
      RowType schema,
      List<String> partitionKeys,
      Map<String, String> options,
      List<List<Map<String, Object>>> commits)
      throws Exception {
    String twin = "twin_" + label;
    String mine = "ours_" + label;
    String context = label + " " + schema + " partitioned by " + partitionKeys;
    paimon.createTable(twin, schema, partitionKeys, options);
    Map<String, String> ourOptions = new LinkedHashMap<>(options);
    ourOptions.put("stats.row-group-size", "3");
    Table table =
        ours.createTable(mine, CrossChecks.ourSchema(schema, partitionKeys, ourOptions), false);
    for (List<Map<String, Object>> commit : commits) {
      paimon.write(twin, commit);
      table.add(commit);
    }
    paimon.table(twin).createTag("first", 1);
    table.createTag("first", 1);

    assertSameMetadata(context, twin, mine, commits.size());
    OurFileChecks.assertFilesMatchTheirMetadata(context, paimon, mine);
    CrossChecks.assertSameRows(
        context, paimon.readWithRowId(mine), CrossChecks.ourRows(table.scan(), IO));
  }

  @Test
  void manifestsMergeAsPaimonMergesThem() throws Exception {
    // Paimon merges the base list's small manifests once there are manifest.merge-min-count (30).
    SplittableRandom r = new SplittableRandom(52);
    String context = "33 commits";
    paimon.createTable("twin_merge", BlobTables.SCHEMA, List.of(BlobTables.PARTITION), Map.of());
    Table table =
        ours.createTable(
            "ours_merge",
            CrossChecks.ourSchema(BlobTables.SCHEMA, List.of(BlobTables.PARTITION), Map.of()),
            false);
    for (int c = 0; c < 33; c++) {
      List<Map<String, Object>> rows =
          List.of(BlobTables.row(r, 2 * c), BlobTables.row(r, 2 * c + 1));
      paimon.write("twin_merge", rows);
      table.add(rows);
    }
    paimon.table("twin_merge").createTag("first", 1);
    table.createTag("first", 1);
    FileStoreTable twin = paimon.table("twin_merge");
    assertThat(manifests(twin, twin.snapshotManager().snapshot(33), false))
        .as("Paimon's base list of snapshot 33: merged, not one manifest per commit")
        .hasSizeLessThan(32);
    assertSameMetadata(context, "twin_merge", "ours_merge", 33);
    OurFileChecks.assertFilesMatchTheirMetadata(context, paimon, "ours_merge");
  }

  @Test
  void paimonSkipsRangesByOurStatisticsWithoutLosingRows() throws Exception {
    RandomCase c = RandomCase.of(7, 0, 4);
    String name = "ours_filtered";
    Table table =
        ours.createTable(
            name,
            CrossChecks.ourSchema(
                c.schema(), c.partitionKeys(), Map.of("target-file-size", "2 kb")),
            false);
    for (List<Map<String, Object>> commit : c.commits()) {
      table.add(commit);
    }
    List<Map<String, Object>> all = paimon.readWithRowId(name);
    SplittableRandom r = new SplittableRandom(53);
    int pruning = 0;
    for (int round = 0; round < 5; round++) {
      pruning += CrossChecks.assertPaimonFiltersKeepEveryMatch(name, paimon, name, all, r);
    }
    assertThat(pruning).as("predicates whose statistics let Paimon skip rows").isPositive();
  }

  // ---------------------------------------------------------------------------------------------
  // Ours next to Paimon's

  /** A snapshot's values that do not depend on the writer. */
  private record SnapshotView(
      int version,
      long id,
      long schemaId,
      Snapshot.CommitKind commitKind,
      long commitIdentifier,
      long totalRecordCount,
      long deltaRecordCount,
      Long nextRowId,
      String changelogManifestList,
      Long changelogRecordCount,
      String indexManifest,
      Long watermark,
      String statistics,
      Map<String, String> properties,
      boolean manifestListSizes) {

    static SnapshotView of(Snapshot s) {
      return new SnapshotView(
          s.version(),
          s.id(),
          s.schemaId(),
          s.commitKind(),
          s.commitIdentifier(),
          s.totalRecordCount(),
          s.deltaRecordCount(),
          s.nextRowId(),
          s.changelogManifestList(),
          s.changelogRecordCount(),
          s.indexManifest(),
          s.watermark(),
          s.statistics(),
          s.properties(),
          s.baseManifestListSize() != null && s.deltaManifestListSize() != null);
    }
  }

  /** A manifest list record's values that do not depend on the writer. */
  private record ManifestView(
      long numAddedFiles,
      long numDeletedFiles,
      List<List<Object>> partitionStats,
      long schemaId,
      Integer minBucket,
      Integer maxBucket,
      Integer minLevel,
      Integer maxLevel,
      Long minRowId,
      Long maxRowId) {}

  /**
   * A manifest entry's values that do not depend on the writer. The first row ID is left out: which
   * partition of a commit takes the first row IDs is the writer's choice (§9).
   */
  private record EntryView(
      byte kind,
      List<Object> partition,
      int bucket,
      int totalBuckets,
      String extension,
      long rowCount,
      BinaryRow minKey,
      BinaryRow maxKey,
      SimpleStats keyStats,
      long minSequenceNumber,
      long maxSequenceNumber,
      long schemaId,
      int level,
      Long deleteRowCount,
      byte[] embeddedIndex,
      String fileSource,
      String externalPath,
      List<String> writeCols,
      boolean hasFirstRowId,
      List<Object> blobFileStats) {

    @Override
    public boolean equals(Object o) {
      return o instanceof EntryView && toString().equals(o.toString());
    }

    @Override
    public int hashCode() {
      return toString().hashCode();
    }

    @Override
    public String toString() {
      return Arrays.deepToString(
          new Object[] {
            kind,
            partition,
            bucket,
            totalBuckets,
            extension,
            rowCount,
            minKey.toString(),
            maxKey.toString(),
            keyStats.toString(),
            minSequenceNumber,
            maxSequenceNumber,
            schemaId,
            level,
            deleteRowCount,
            embeddedIndex,
            fileSource,
            externalPath,
            writeCols,
            hasFirstRowId,
            blobFileStats
          });
    }
  }

  private static List<Object> values(BinaryRow row, RowType type) {
    return new ArrayList<>(PaimonValues.rowToJava(row, type).values());
  }

  private static ManifestView manifestView(ManifestFileMeta m, RowType partitionType) {
    SimpleStats p = m.partitionStats();
    List<Object> nullCounts = new ArrayList<>();
    for (int i = 0; i < p.nullCounts().size(); i++) {
      nullCounts.add(p.nullCounts().isNullAt(i) ? null : p.nullCounts().getLong(i));
    }
    return new ManifestView(
        m.numAddedFiles(),
        m.numDeletedFiles(),
        List.of(
            values(p.minValues(), partitionType), values(p.maxValues(), partitionType), nullCounts),
        m.schemaId(),
        m.minBucket(),
        m.maxBucket(),
        m.minLevel(),
        m.maxLevel(),
        m.minRowId(),
        m.maxRowId());
  }

  private static EntryView entryView(ManifestEntry e, RowType partitionType) {
    DataFileMeta f = e.file();
    String name = f.fileName();
    boolean blob = name.endsWith(".blob");
    return new EntryView(
        e.kind().toByteValue(),
        values(e.partition(), partitionType),
        e.bucket(),
        e.totalBuckets(),
        name.substring(name.lastIndexOf('.') + 1),
        f.rowCount(),
        f.minKey(),
        f.maxKey(),
        f.keyStats(),
        f.minSequenceNumber(),
        f.maxSequenceNumber(),
        f.schemaId(),
        f.level(),
        f.deleteRowCount().orElse(null),
        f.embeddedIndex(),
        f.fileSource().map(Enum::name).orElse(null),
        f.externalPath().orElse(null),
        f.writeCols(),
        f.firstRowId() != null,
        blob ? List.of(f.valueStats().toString(), f.valueStatsCols()) : null);
  }

  /**
   * Compares, snapshot by snapshot, what Paimon's readers make of our table and of its twin:
   * snapshot values, the manifest lists (each record), the entries of every manifest (as
   * multisets), the schema and the tag {@code first}.
   */
  private static void assertSameMetadata(String context, String twin, String mine, int snapshots)
      throws Exception {
    FileStoreTable theirs = paimon.table(twin);
    FileStoreTable ourTable = paimon.table(mine);
    RowType partitionType = theirs.schema().logicalPartitionType();
    assertSameSchema(context, theirs.schema(), ourTable.schema());
    for (String dir : List.of("snapshot", "schema", "tag")) {
      assertThat(fileNames(mine, dir))
          .as("%s: files in %s/ (hints included)", context, dir)
          .isEqualTo(fileNames(twin, dir));
    }
    assertThat(ourTable.snapshotManager().earliestSnapshotId()).isEqualTo(1L);
    assertThat(ourTable.snapshotManager().latestSnapshotId()).isEqualTo((long) snapshots);
    for (long id = 1; id <= snapshots; id++) {
      String at = context + ", snapshot " + id;
      Snapshot t = theirs.snapshotManager().snapshot(id);
      Snapshot o = ourTable.snapshotManager().snapshot(id);
      assertThat(SnapshotView.of(o)).as("%s", at).isEqualTo(SnapshotView.of(t));
      for (boolean delta : new boolean[] {false, true}) {
        String list = at + (delta ? ", delta list" : ", base list");
        List<ManifestFileMeta> tm = manifests(theirs, t, delta);
        List<ManifestFileMeta> om = manifests(ourTable, o, delta);
        assertThat(om.stream().map(m -> manifestView(m, partitionType)).toList())
            .as("%s", list)
            .isEqualTo(tm.stream().map(m -> manifestView(m, partitionType)).toList());
        for (int k = 0; k < tm.size(); k++) {
          assertThat(entryViews(ourTable, om.get(k), partitionType))
              .as("%s, manifest %d", list, k)
              .containsExactlyInAnyOrderElementsOf(entryViews(theirs, tm.get(k), partitionType));
        }
      }
    }
    Snapshot theirTag = theirs.tagManager().getOrThrow("first").trimToSnapshot();
    Snapshot ourTag = ourTable.tagManager().getOrThrow("first").trimToSnapshot();
    assertThat(SnapshotView.of(ourTag))
        .as("%s, tag first", context)
        .isEqualTo(SnapshotView.of(theirTag));
    assertThat(ourTag.deltaManifestList())
        .isEqualTo(ourTable.snapshotManager().snapshot(1).deltaManifestList());
  }

  private static Set<String> fileNames(String table, String dir) throws Exception {
    Path path = warehouse.resolve(PaimonCatalogs.DATABASE + ".db").resolve(table).resolve(dir);
    try (Stream<Path> list = Files.list(path)) {
      return list.map(p -> p.getFileName().toString())
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  private static List<ManifestFileMeta> manifests(FileStoreTable table, Snapshot s, boolean delta) {
    ManifestList list = table.store().manifestListFactory().create();
    return delta ? list.readDeltaManifests(s) : list.read(s.baseManifestList());
  }

  private static List<EntryView> entryViews(
      FileStoreTable table, ManifestFileMeta m, RowType partitionType) {
    ManifestFile file = table.store().manifestFileFactory().create();
    return file.read(m.fileName(), m.fileSize()).stream()
        .map(e -> entryView(e, partitionType))
        .toList();
  }

  private static void assertSameSchema(String context, TableSchema theirs, TableSchema ours) {
    assertThat(ours.version()).as("%s: schema version", context).isEqualTo(theirs.version());
    assertThat(ours.id()).as("%s: schema id", context).isEqualTo(theirs.id());
    assertThat(ours.fields()).as("%s: schema fields", context).isEqualTo(theirs.fields());
    assertThat(ours.highestFieldId())
        .as("%s: highestFieldId", context)
        .isEqualTo(theirs.highestFieldId());
    assertThat(ours.partitionKeys()).isEqualTo(theirs.partitionKeys());
    assertThat(ours.primaryKeys()).isEqualTo(theirs.primaryKeys());
    // Paimon adds the table's location as option "path" when it loads a table.
    Map<String, String> theirOptions = new HashMap<>(theirs.options());
    Map<String, String> ourOptions = new HashMap<>(ours.options());
    theirOptions.remove("path");
    ourOptions.remove("path");
    assertThat(ourOptions).as("%s: options", context).containsAllEntriesOf(theirOptions);
    assertThat(ours.comment()).isEqualTo(theirs.comment());
  }
}
