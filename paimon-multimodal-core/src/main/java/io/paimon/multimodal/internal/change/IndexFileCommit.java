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
package io.paimon.multimodal.internal.change;

import io.paimon.multimodal.CommitConflictException;
import io.paimon.multimodal.IndexFile;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.commit.Committer;
import io.paimon.multimodal.internal.paimon.FileKind;
import io.paimon.multimodal.internal.paimon.GlobalIndexMeta;
import io.paimon.multimodal.internal.paimon.IndexManifestEntry;
import io.paimon.multimodal.internal.paimon.SimpleStats;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@link io.paimon.multimodal.Table#commitIndexFiles}: a snapshot whose data is the parent's and
 * whose index manifest drops some row-range index files and adds others, written by the caller.
 * Prepared anew on each attempt, so a concurrent commit's data and index files are kept; a removed
 * file that the new parent no longer lists is a conflict. Thread-safe (stateless between attempts).
 */
public final class IndexFileCommit implements Committer.Change {

  /**
   * The commit kind of index-only snapshots (Paimon's readers treat them as appends of nothing).
   */
  public static final String COMMIT_KIND = "APPEND";

  private final TableState table;
  private final List<IndexFile> added;
  private final Set<String> removed;

  public IndexFileCommit(TableState table, List<IndexFile> added, Collection<String> removed) {
    this.table = table;
    this.added = List.copyOf(added);
    this.removed = Set.copyOf(removed);
  }

  /** The row-range index files among a snapshot's index manifest entries. */
  public static List<IndexFile> indexFiles(List<IndexManifestEntry> entries) {
    List<IndexFile> out = new ArrayList<>();
    for (IndexManifestEntry e : entries) {
      GlobalIndexMeta g = e.globalIndex();
      if (e.kind() == FileKind.ADD && g != null) {
        out.add(
            new IndexFile(
                e.indexType(),
                e.fileName(),
                e.fileSize(),
                e.rowCount(),
                g.rowRangeStart(),
                g.rowRangeEnd(),
                g.indexFieldId(),
                g.indexMeta()));
      }
    }
    return out;
  }

  @Override
  public Committer.Prepared prepare(SnapshotFile parent, List<String> created) throws IOException {
    if (parent == null) {
      throw new IllegalArgumentException(
          table.paths().root() + ": the table has no snapshot to add index files to");
    }
    IndexChanges index = IndexChanges.of(table, parent, created);
    Set<String> liveNames = new HashSet<>();
    Set<String> toRemove = new HashSet<>(removed);
    for (IndexManifestEntry e : index.live()) {
      liveNames.add(e.fileName());
      if (toRemove.remove(e.fileName())) {
        index.remove(e);
      }
    }
    if (!toRemove.isEmpty()) {
      throw new CommitConflictException(
          table.paths().root()
              + ": index files "
              + toRemove
              + " are not in snapshot "
              + parent.id()
              + " (another writer removed them, or they never were)");
    }
    Set<String> names = new HashSet<>();
    for (IndexFile f : added) {
      if (!names.add(f.fileName()) || liveNames.contains(f.fileName())) {
        throw new IllegalArgumentException(
            table.paths().root() + ": index file " + f.fileName() + " is added twice");
      }
      String path = table.paths().indexFile(f.fileName());
      if (!table.io().exists(path)) {
        throw new IllegalArgumentException(
            table.paths().root() + ": index file " + path + " was not written before its commit");
      }
      index.add(
          new IndexManifestEntry(
              FileKind.ADD,
              SimpleStats.EMPTY_ROW,
              0,
              f.type(),
              f.fileName(),
              f.fileSize(),
              f.rowCount(),
              null,
              null,
              new GlobalIndexMeta(f.firstRowId(), f.lastRowId(), f.fieldId(), null, f.meta())));
    }
    return Committer.Prepared.withIndex(
        List.of(), parent.schemaId(), COMMIT_KIND, index.writeManifest());
  }
}
