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

import static io.paimon.multimodal.TestTables.files;
import static io.paimon.multimodal.TestTables.idName;
import static io.paimon.multimodal.TestTables.longs;
import static io.paimon.multimodal.TestTables.range;
import static io.paimon.multimodal.TestTables.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.internal.paimon.ManifestMeta;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a commit costs in metadata, as behaviour rather than timing: the manifest list a snapshot
 * names stays short however long the history, and each commit adds a bounded number of files.
 */
class CommitCostTest {

  private static final int COMMITS = 100;

  /** Paimon's default {@code manifest.merge-min-count}. */
  private static final int MERGE_MIN_COUNT = 30;

  @TempDir Path dir;

  private RootAllocator allocator;
  private Connection conn;

  @BeforeEach
  void open() {
    allocator = new RootAllocator();
    conn = Multimodal.connect(dir.toString());
  }

  @AfterEach
  void close() {
    conn.close();
    allocator.close();
  }

  @Test
  void theManifestListStaysShortAndEachCommitWritesFewMetadataFiles() {
    Table table = conn.createTable("t", idName(), false);
    int longestList = 0;
    int compactions = 0;
    int previousList = 0;
    for (int c = 0; c < COMMITS; c++) {
      Set<String> before = files(table, "manifest");
      Set<String> snapshotsBefore = files(table, "snapshot");
      Snapshot s = table.add(rows(c * 3L, 3));
      assertThat(s.id()).isEqualTo(c + 1);

      Set<String> added = new TreeSet<>(files(table, "manifest"));
      added.removeAll(before);
      // A manifest of the new files, a base and a delta list, plus one merged manifest when
      // merging.
      assertThat(added).as("commit %s wrote %s", s.id(), added).hasSizeBetween(3, 4);
      assertThat(added).filteredOn(f -> f.startsWith("manifest-list-")).hasSize(2);
      Set<String> newSnapshots = new TreeSet<>(files(table, "snapshot"));
      newSnapshots.removeAll(snapshotsBefore);
      newSnapshots.removeIf(f -> f.equals("LATEST") || f.equals("EARLIEST"));
      assertThat(newSnapshots).containsExactly("snapshot-" + s.id());

      List<ManifestMeta> list = TestTables.manifests(table, s.id());
      assertThat(list).as("snapshot %s", s.id()).hasSizeLessThanOrEqualTo(MERGE_MIN_COUNT);
      assertThat(TestTables.allFiles(table, s.id()).stream().mapToLong(f -> f.rowCount()).sum())
          .isEqualTo(s.totalRecordCount());
      compactions += list.size() <= previousList ? 1 : 0;
      previousList = list.size();
      longestList = Math.max(longestList, list.size());
    }
    // The bound was reached and held by merging, not by accident.
    assertThat(longestList).isEqualTo(MERGE_MIN_COUNT);
    assertThat(compactions).isGreaterThan(0);
    // Commits that succeed leave no file behind that their snapshots do not reference.
    assertThat(TestTables.dataAndManifestFiles(table)).isEqualTo(TestTables.referencedFiles(table));
    assertThat(table.removeOrphanFiles(java.time.Duration.ZERO)).isEmpty();

    // Merging lost no file: every row is there, numbered in commit order, in every snapshot.
    assertThat(TestTables.dataFiles(table, COMMITS)).hasSize(COMMITS);
    assertThat(longs(table.scan().withRowId().allocator(allocator), "_ROW_ID"))
        .isEqualTo(range(3 * COMMITS));
    assertThat(longs(table.scan().allocator(allocator), "id")).isEqualTo(range(3 * COMMITS));
    assertThat(longs(table.scan().snapshot(COMMITS / 2).allocator(allocator), "id"))
        .isEqualTo(range(3 * COMMITS / 2));
    assertThat(table.scan().snapshot(17).where("id >= 0").allocator(allocator).count())
        .isEqualTo(3 * 17);
  }
}
