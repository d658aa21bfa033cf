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

import io.paimon.row.Row;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.paimon.Snapshot;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.io.DataFileMeta;
import org.apache.paimon.manifest.ManifestEntry;
import org.apache.paimon.manifest.ManifestFile;
import org.apache.paimon.manifest.ManifestFileMeta;
import org.apache.paimon.manifest.ManifestList;
import org.apache.paimon.stats.SimpleStats;
import org.apache.paimon.table.FileStoreTable;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeRoot;
import org.apache.paimon.types.RowType;
import org.apache.paimon.utils.InternalRowUtils;

/**
 * The metadata of a table we wrote, as Paimon 1.4.2's readers decode it, against the files
 * themselves: what Paimon trusts without looking (sizes, counts, row-ID bounds, statistics) must be
 * true of the bytes on disk.
 */
final class OurFileChecks {

  private OurFileChecks() {}

  /**
   * Checks, for every snapshot of our table, that the sizes and counts Paimon reads are the files'
   * own: manifest list and manifest sizes, the added and deleted counts and row-ID bounds of each
   * manifest, every data file's size, its extra files beside it, and for {@code .row} files the row
   * count and the value statistics (bounds and null counts of the column values in the file).
   */
  static void assertFilesMatchTheirMetadata(String context, PaimonCatalogs paimon, String name)
      throws Exception {
    FileStoreTable table = paimon.table(name);
    Path root = OracleAssertions.localPath(table.location().toString());
    Map<String, PaimonCatalogs.PlannedFile> planned = new HashMap<>();
    for (PaimonCatalogs.PlannedFile f : paimon.plannedFiles(name)) {
      planned.put(f.fileName(), f);
    }
    ManifestList lists = table.store().manifestListFactory().create();
    ManifestFile manifests = table.store().manifestFileFactory().create();
    long latest = table.snapshotManager().latestSnapshotId();
    // Each manifest once: snapshots share most of theirs.
    Set<String> checked = new HashSet<>();
    for (long id = 1; id <= latest; id++) {
      Snapshot s = table.snapshotManager().snapshot(id);
      String at = context + ", snapshot " + id;
      assertThat(s.baseManifestListSize())
          .as("%s: base list size", at)
          .isEqualTo(Files.size(root.resolve("manifest").resolve(s.baseManifestList())));
      assertThat(s.deltaManifestListSize())
          .as("%s: delta list size", at)
          .isEqualTo(Files.size(root.resolve("manifest").resolve(s.deltaManifestList())));
      for (ManifestFileMeta m : lists.readDataManifests(s)) {
        if (!checked.add(m.fileName())) {
          continue;
        }
        String in = at + ", " + m.fileName();
        assertThat(m.fileSize())
            .as("%s: size", in)
            .isEqualTo(Files.size(root.resolve("manifest").resolve(m.fileName())));
        List<ManifestEntry> entries = manifests.read(m.fileName(), m.fileSize());
        assertThat(m.numAddedFiles())
            .as("%s: added", in)
            .isEqualTo(entries.stream().filter(e -> e.kind().toByteValue() == 0).count());
        assertThat(m.numDeletedFiles())
            .as("%s: deleted", in)
            .isEqualTo(entries.stream().filter(e -> e.kind().toByteValue() == 1).count());
        assertThat(m.minRowId())
            .as("%s: min row ID", in)
            .isEqualTo(entries.stream().mapToLong(e -> e.file().firstRowId()).min().getAsLong());
        assertThat(m.maxRowId())
            .as("%s: max row ID", in)
            .isEqualTo(
                entries.stream()
                    .mapToLong(e -> e.file().firstRowId() + e.rowCount() - 1)
                    .max()
                    .getAsLong());
        for (ManifestEntry e : entries) {
          PaimonCatalogs.PlannedFile f = planned.get(e.file().fileName());
          assertThat(f).as("%s: %s is planned", in, e.file().fileName()).isNotNull();
          assertDataFile(in, table, e.file(), OracleAssertions.localPath(f.path()));
        }
      }
    }
  }

  private static void assertDataFile(
      String context, FileStoreTable table, DataFileMeta f, Path path) throws Exception {
    String at = context + ", " + f.fileName();
    assertThat(f.fileSize()).as("%s: size", at).isEqualTo(Files.size(path));
    // Paimon reads _CREATION_TIME as local date-time and converts it with the system zone.
    assertThat(f.creationTimeEpochMillis())
        .as("%s: creation time as Paimon reads it", at)
        .isBetween(
            Files.getLastModifiedTime(path).toMillis() - 60_000,
            System.currentTimeMillis() + 1_000);
    for (String extra : f.extraFiles()) {
      assertThat(path.resolveSibling(extra)).as("%s: extra file", at).exists();
    }
    if (f.fileName().endsWith(".blob")) {
      return;
    }
    RowType schema = table.schemaManager().schema(f.schemaId()).logicalRowType();
    RowType columns = OracleAssertions.fileColumns(schema, f.writeCols());
    List<Row> rows = OracleAssertions.readRowFile(path.toString(), columns);
    assertThat((long) rows.size()).as("%s: row count", at).isEqualTo(f.rowCount());
    List<String> statsCols =
        f.valueStatsCols() == null ? columns.getFieldNames() : f.valueStatsCols();
    SimpleStats stats = f.valueStats();
    if (statsCols.isEmpty()) {
      return;
    }
    assertThat(stats.minValues().getFieldCount())
        .as("%s: stats arity", at)
        .isEqualTo(statsCols.size());
    assertThat(stats.nullCounts().size()).as("%s: null counts", at).isEqualTo(statsCols.size());
    for (int k = 0; k < statsCols.size(); k++) {
      String column = statsCols.get(k);
      int index = columns.getFieldNames().indexOf(column);
      assertThat(index).as("%s: stats column %s is written", at, column).isNotNegative();
      DataType type = columns.getTypeAt(index);
      List<Object> cells = new ArrayList<>();
      long nulls = 0;
      for (Row row : rows) {
        Object v = row.get(index);
        if (v == null) {
          nulls++;
        } else {
          cells.add(PaimonValues.toPaimon(v, type));
        }
      }
      String of = at + ", stats of " + column + " " + type;
      assertThat(stats.nullCounts().getLong(k)).as("%s: null count", of).isEqualTo(nulls);
      // Statistics rows are all-nullable (Paimon's SimpleStatsConverter): null means unknown.
      InternalRow.FieldGetter getter = InternalRow.createFieldGetter(type.copy(true), k);
      Object min = getter.getFieldOrNull(stats.minValues());
      Object max = getter.getFieldOrNull(stats.maxValues());
      if (min == null || max == null) {
        // Unknown bounds: all null, or values no bound holds (NaN, strings over 64 characters).
        assertThat(min).as("%s: min and max both unknown", of).isEqualTo(max);
        assertThat(cells.isEmpty() || cells.stream().anyMatch(v -> unbounded(v, type)))
            .as("%s: unknown bounds of %s", of, cells)
            .isTrue();
        continue;
      }
      DataTypeRoot root = type.getTypeRoot();
      boolean exact = root != DataTypeRoot.CHAR && root != DataTypeRoot.VARCHAR;
      boolean minSeen = false;
      boolean maxSeen = false;
      for (Object v : cells) {
        int lo = compare(min, v, root);
        int hi = compare(v, max, root);
        assertThat(lo <= 0 && hi <= 0).as("%s: %s within [%s, %s]", of, v, min, max).isTrue();
        minSeen |= lo == 0;
        maxSeen |= hi == 0;
      }
      if (exact) {
        assertThat(minSeen && maxSeen)
            .as("%s: [%s, %s] are values of the file", of, min, max)
            .isTrue();
      }
    }
  }

  /** Paimon's order of internal values (which {@link InternalRowUtils} lacks for BOOLEAN). */
  private static int compare(Object a, Object b, DataTypeRoot root) {
    return root == DataTypeRoot.BOOLEAN
        ? Boolean.compare((Boolean) a, (Boolean) b)
        : InternalRowUtils.compare(a, b, root);
  }

  private static boolean unbounded(Object v, DataType type) {
    return (v instanceof Float && ((Float) v).isNaN())
        || (v instanceof Double && ((Double) v).isNaN())
        || ((type.getTypeRoot() == DataTypeRoot.CHAR || type.getTypeRoot() == DataTypeRoot.VARCHAR)
            && v.toString().codePointCount(0, v.toString().length()) > 64);
  }
}
