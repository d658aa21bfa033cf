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

import static io.paimon.multimodal.TestTables.idName;
import static io.paimon.multimodal.TestTables.longs;
import static io.paimon.multimodal.TestTables.range;
import static io.paimon.multimodal.TestTables.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.testing.TestStorage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class SnapshotTagTest {

  @Parameter TestStorage storage;

  @TempDir Path dir;

  private RootAllocator allocator;
  private Connection conn;
  private Table table;

  @BeforeEach
  void open() {
    allocator = new RootAllocator();
    conn = storage.connect(dir);
    table = conn.createTable("t", idName(), false);
  }

  @AfterEach
  void close() {
    conn.close();
    allocator.close();
  }

  private Scan scan() {
    return table.scan().allocator(allocator);
  }

  private List<Long> ids(Scan scan) {
    return longs(scan.allocator(allocator), "id");
  }

  @Test
  void newTableHasNoSnapshot() {
    assertThat(table.latestSnapshot()).isEmpty();
    assertThat(table.snapshots()).isEmpty();
    assertThat(table.tags()).isEmpty();
    assertThat(scan().resolvedSnapshotId()).isZero();
    assertThat(scan().count()).isZero();
    assertThat(scan().toList()).isEmpty();
  }

  @Test
  void snapshotsCountUpFromOneWithTheirRecordCounts() {
    long before = System.currentTimeMillis();
    Snapshot s1 = table.add(rows(0, 3));
    Snapshot s2 = table.add(rows(3, 5));
    Snapshot s3 = table.add(rows(8, 1));
    long after = System.currentTimeMillis();

    assertThat(List.of(s1.id(), s2.id(), s3.id())).containsExactly(1L, 2L, 3L);
    assertThat(List.of(s1.totalRecordCount(), s2.totalRecordCount(), s3.totalRecordCount()))
        .containsExactly(3L, 8L, 9L);
    assertThat(List.of(s1.deltaRecordCount(), s2.deltaRecordCount(), s3.deltaRecordCount()))
        .containsExactly(3L, 5L, 1L);
    assertThat(List.of(s1.nextRowId(), s2.nextRowId(), s3.nextRowId())).containsExactly(3L, 8L, 9L);
    for (Snapshot s : List.of(s1, s2, s3)) {
      assertThat(s.schemaId()).isZero();
      assertThat(s.commitKind()).isEqualTo("APPEND");
      assertThat(s.timeMillis()).isBetween(before, after);
    }
    assertThat(s2.timeMillis()).isGreaterThanOrEqualTo(s1.timeMillis());

    // What add returned is what the table reads back.
    assertThat(table.latestSnapshot()).contains(s3);
    assertThat(table.snapshot(1)).isEqualTo(s1);
    assertThat(table.snapshot(2)).isEqualTo(s2);
    assertThat(table.snapshots()).containsExactly(s1, s2, s3);
    assertThat(scan().resolvedSnapshotId()).isEqualTo(3);
  }

  @Test
  void unknownSnapshotsAndTagsAreNotFound() {
    table.add(rows(0, 2));

    assertThatThrownBy(() -> table.snapshot(7))
        .isInstanceOf(SnapshotNotFoundException.class)
        .hasMessage("table 't' has no snapshot 7");
    assertThatThrownBy(() -> scan().snapshot(2).toList())
        .isInstanceOf(SnapshotNotFoundException.class)
        .hasMessage("table 't' has no snapshot 2");
    assertThatThrownBy(() -> scan().tag("nope").count())
        .isInstanceOf(SnapshotNotFoundException.class)
        .hasMessage("table 't' has no tag 'nope'");
    assertThatThrownBy(() -> scan().snapshot(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("snapshot ids start at 1, got 0");
    assertThatThrownBy(() -> table.createTag("t1", 5))
        .isInstanceOf(SnapshotNotFoundException.class)
        .hasMessage("table 't' has no snapshot 5");
    assertThat(table.tags()).isEmpty();
  }

  @Test
  void pinnedScansSeeExactlyTheirVersionAfterLaterCommits() {
    table.add(rows(0, 10));
    table.createTag("v1");
    table.add(rows(10, 5));
    table.createTag("v2", 2);
    Scan bySnapshot = scan().snapshot(1);
    Scan byTag = scan().tag("v1");

    table.add(rows(15, 7));
    table.add(rows(22, 1));

    assertThat(ids(bySnapshot)).isEqualTo(range(10));
    assertThat(ids(byTag)).isEqualTo(range(10));
    assertThat(ids(scan().tag("v2"))).isEqualTo(range(15));
    assertThat(ids(scan().snapshot(3))).isEqualTo(range(22));
    assertThat(ids(scan())).isEqualTo(range(23));
    assertThat(byTag.count()).isEqualTo(10);
    assertThat(byTag.where("id >= 5").count()).isEqualTo(5);
    assertThat(byTag.resolvedSnapshotId()).isEqualTo(1);
    try (VectorSchemaRoot root = bySnapshot.toArrow()) {
      assertThat(root.getRowCount()).isEqualTo(10);
    }
    assertThat(byTag.plan()).allSatisfy(split -> assertThat(split.snapshotId()).isEqualTo(1));
  }

  @Test
  void aScanReadsEitherASnapshotOrATag() {
    table.add(rows(0, 1));
    table.createTag("t1");

    assertThatThrownBy(() -> scan().snapshot(1).tag("t1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a scan reads either a snapshot or a tag; it is already pinned to snapshot 1");
    assertThatThrownBy(() -> scan().tag("t1").snapshot(1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a scan reads either a snapshot or a tag; it is already pinned to tag 't1'");
    assertThatThrownBy(() -> scan().pinned().tag("t1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("already pinned to snapshot 1");
  }

  @Test
  void creatingATagTwiceFailsAndChangesNothing() {
    assertThatThrownBy(() -> table.createTag("t1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("table 't' has no snapshot to tag");
    table.add(rows(0, 1));
    Tag t1 = table.createTag("t1");
    table.add(rows(1, 1));

    assertThatThrownBy(() -> table.createTag("t1"))
        .isInstanceOf(TagExistsException.class)
        .hasMessage("table 't' already has a tag 't1'; use replaceTag to move it");
    assertThatThrownBy(() -> table.createTag("t1", 2))
        .isInstanceOf(TagExistsException.class)
        .hasMessageContaining("already has a tag 't1'");
    assertThat(table.tags()).containsExactly(t1);
    assertThat(t1.snapshotId()).isEqualTo(1);
    assertThatThrownBy(() -> table.createTag("../x"))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("invalid tag name '../x'");
  }

  @Test
  void replaceTagMovesItAndDeleteTagRemovesIt() {
    table.add(rows(0, 4));
    table.add(rows(4, 4));
    table.add(rows(8, 4));
    table.createTag("a", 1);
    table.createTag("b", 3);

    Tag moved = table.replaceTag("a", 2);
    assertThat(moved.snapshotId()).isEqualTo(2);
    assertThat(table.tags()).containsExactly(new Tag("a", 2, 0), new Tag("b", 3, 0));
    assertThat(ids(scan().tag("a"))).isEqualTo(range(8));
    // replaceTag also creates.
    table.replaceTag("c", 1);
    assertThat(ids(scan().tag("c"))).isEqualTo(range(4));
    assertThatThrownBy(() -> table.replaceTag("a", 9))
        .isInstanceOf(SnapshotNotFoundException.class)
        .hasMessage("table 't' has no snapshot 9");
    assertThat(scan().tag("a").resolvedSnapshotId()).isEqualTo(2);

    table.deleteTag("a");
    assertThat(table.tags()).extracting(Tag::name).containsExactly("b", "c");
    assertThatThrownBy(() -> scan().tag("a").toList())
        .isInstanceOf(SnapshotNotFoundException.class)
        .hasMessage("table 't' has no tag 'a'");
    assertThatThrownBy(() -> table.deleteTag("a"))
        .isInstanceOf(TagNotFoundException.class)
        .hasMessage("table 't' has no tag 'a'");
    // Deleting a tag deletes no snapshot.
    assertThat(table.snapshots()).hasSize(3);
    assertThat(ids(scan().snapshot(2))).isEqualTo(range(8));
  }

  /** Three commits of 100 rows: three data files, so a read opens files as it goes. */
  private void threeFiles() {
    for (int c = 0; c < 3; c++) {
      table.add(rows(c * 100, 100));
    }
    assertThat(scan().plan()).hasSize(3);
  }

  @ParameterizedTest(name = "moved = {0}")
  @ValueSource(booleans = {true, false})
  void aTagReadFailsIfTheTagChangesWhileItRuns(boolean moved) throws Exception {
    threeFiles();
    table.createTag("train");
    try (ArrowReader reader = scan().tag("train").batchSize(10).toArrowReader()) {
      assertThat(reader.loadNextBatch()).isTrue();
      assertThat(reader.getVectorSchemaRoot().getRowCount()).isEqualTo(10);
      if (moved) {
        table.replaceTag("train", 1);
      } else {
        table.deleteTag("train");
      }
      assertThatThrownBy(
              () -> {
                while (reader.loadNextBatch()) {
                  // drain
                }
              })
          .isInstanceOf(SnapshotNotFoundException.class)
          .hasMessage(
              "tag 'train' of table 't' was "
                  + (moved ? "moved to snapshot 1" : "deleted")
                  + " while a read pinned to snapshot 3 was running");
    }
  }

  @Test
  void aTagReadSucceedsWhenTheTagStaysPutWhileCommitsHappen() throws Exception {
    threeFiles();
    table.createTag("train");
    long read = 0;
    try (ArrowReader reader = scan().tag("train").batchSize(10).toArrowReader()) {
      while (reader.loadNextBatch()) {
        read += reader.getVectorSchemaRoot().getRowCount();
        if (read == 10) {
          table.add(rows(300, 50));
          table.replaceTag("other", 4);
        }
      }
    }
    assertThat(read).isEqualTo(300);
  }

  @Test
  void aTakeThroughAMovedTagFails() throws Exception {
    threeFiles();
    table.createTag("train");
    Scan take = table.takeRowIds(5, 150, 250).tag("train").allocator(allocator).batchSize(1);
    assertThat(take.toList()).extracting(r -> r.get("id")).containsExactly(5L, 150L, 250L);

    try (ArrowReader reader = take.toArrowReader()) {
      assertThat(reader.loadNextBatch()).isTrue();
      table.replaceTag("train", 2);
      assertThatThrownBy(reader::loadNextBatch)
          .isInstanceOf(SnapshotNotFoundException.class)
          .hasMessageContaining("tag 'train' of table 't' was moved to snapshot 2");
    }
  }

  @Test
  void pinnedFixesTheSnapshotWhileAnUnpinnedScanReadsTheLatestAtEachStart() throws Exception {
    table.add(rows(0, 100));
    Scan unpinned = scan().where("id >= 0");
    Scan pinned = unpinned.pinned();
    assertThat(pinned.resolvedSnapshotId()).isEqualTo(1);
    assertThat(pinned.pinned()).isSameAs(pinned);

    table.add(rows(100, 50));

    assertThat(pinned.count()).isEqualTo(100);
    assertThat(pinned.resolvedSnapshotId()).isEqualTo(1);
    assertThat(unpinned.count()).isEqualTo(150);
    assertThat(unpinned.resolvedSnapshotId()).isEqualTo(2);

    // A terminal that has started keeps reading the snapshot it started on.
    long read = 0;
    try (ArrowReader reader = scan().batchSize(30).toArrowReader()) {
      while (reader.loadNextBatch()) {
        if (read == 0) {
          table.add(rows(150, 70));
        }
        read += reader.getVectorSchemaRoot().getRowCount();
      }
    }
    assertThat(read).isEqualTo(150);
    assertThat(unpinned.count()).isEqualTo(220);
  }

  @Test
  void aScanPinnedOnAnEmptyTableStaysEmpty() {
    Scan pinned = scan().pinned();
    table.add(rows(0, 3));

    assertThat(pinned.resolvedSnapshotId()).isZero();
    assertThat(pinned.count()).isZero();
    assertThat(pinned.toList()).isEmpty();
    assertThat(pinned.plan()).isEmpty();
    assertThat(pinned.pinned()).isSameAs(pinned);
    assertThatThrownBy(() -> pinned.tag("t1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a scan reads either a snapshot or a tag; it is already pinned to snapshot 0");
    assertThat(scan().count()).isEqualTo(3);
  }

  private String snapshotDir() {
    return TestTables.root(table) + "/snapshot";
  }

  private String read(String path) throws IOException {
    return new String(table.io().readAllBytes(path), StandardCharsets.UTF_8);
  }

  @ParameterizedTest(name = "LATEST = {0}")
  @ValueSource(strings = {"1", "2", "99", "0", "-4", "abc", "", "<deleted>"})
  void aStaleOrMissingLatestHintDoesNotChangeTheLatestSnapshot(String hint) throws Exception {
    table.add(rows(0, 2));
    table.add(rows(2, 2));
    Snapshot latest = table.add(rows(4, 2));
    String file = snapshotDir() + "/LATEST";
    assertThat(read(file).trim()).isEqualTo("3");

    if (hint.equals("<deleted>")) {
      table.io().delete(file);
    } else {
      table.io().overwrite(file, hint.getBytes(StandardCharsets.UTF_8));
    }

    assertThat(table.latestSnapshot()).contains(latest);
    assertThat(scan().resolvedSnapshotId()).isEqualTo(3);
    assertThat(ids(scan())).isEqualTo(range(6));
    Snapshot next = table.add(rows(6, 1));
    assertThat(next.id()).isEqualTo(4);
    assertThat(next.totalRecordCount()).isEqualTo(7);
    assertThat(read(file).trim()).isEqualTo("4");
    try (Connection other =
        Multimodal.builder().warehouse(conn.warehouse()).fileIO(storage.fileIO()).connect()) {
      assertThat(other.getTable("t").latestSnapshot()).contains(next);
    }
  }

  @Test
  void snapshotsAreFoundWithoutTheEarliestHint() throws Exception {
    table.add(rows(0, 1));
    table.add(rows(1, 1));
    table.io().delete(snapshotDir() + "/EARLIEST");
    table.io().delete(snapshotDir() + "/LATEST");

    assertThat(table.snapshots()).extracting(Snapshot::id).containsExactly(1L, 2L);
    List<Map<String, Object>> all = scan().withRowId().toList();
    assertThat(all).extracting(r -> r.get("_ROW_ID")).containsExactly(0L, 1L);
  }
}
