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

import io.paimon.multimodal.Table;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.commit.Committer;
import io.paimon.multimodal.internal.paimon.PaimonFormatException;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.scan.SnapshotRanges;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.roaringbitmap.RoaringBitmap;

/**
 * A delete of the rows a predicate matches, as deletion vectors (Paimon 2.x on a data-evolution
 * table): the matching rows of the parent are found by a scan of their {@code _ROW_ID}s; each
 * row-ID range's vector is keyed by its anchor file (the oldest normal data file of the range) and
 * holds positions from the range's start; a touched data file's old vector is merged in. Every
 * index file holding a vector of a touched data file is removed from the snapshot and its vectors
 * are rewritten, with the merged ones, to one new index file per partition, so that a data file
 * keeps one live vector. The commit adds no data files (commit kind OVERWRITE, as Paimon commits
 * deletion vectors). Prepared anew on each attempt, so a concurrent delete's vectors are merged and
 * a concurrent drop of the files is seen. Thread-safe (stateless between attempts).
 */
final class DeleteByVectors implements Committer.Change {

  private final Table owner;
  private final TableState table;
  private final String where;
  private final List<Object> parameters;

  DeleteByVectors(Table owner, TableState table, String where, List<Object> parameters) {
    this.owner = owner;
    this.table = table;
    this.where = where;
    this.parameters = parameters;
  }

  @Override
  public Committer.Prepared prepare(SnapshotFile parent, List<String> created) throws IOException {
    if (parent == null) {
      return null;
    }
    long[] rowIds = MatchingRows.rowIds(owner, parent.id(), where, parameters);
    if (rowIds.length == 0) {
      return null;
    }
    return Committer.Prepared.withIndex(
        List.of(),
        table.schemaId(),
        Deletes.COMMIT_KIND,
        writeVectors(table, parent, rowIds, created));
  }

  /**
   * Writes the index files and index manifest that delete the live rows {@code rowIds} (sorted) of
   * {@code parent}, adding every file written to {@code created}.
   *
   * @return the name of the new index manifest, for the snapshot
   */
  static String writeVectors(
      TableState table, SnapshotFile parent, long[] rowIds, List<String> created)
      throws IOException {
    List<SnapshotRanges.Range> ranges = SnapshotRanges.ranges(table, parent);
    // Positions to delete by anchor file, and the partition of each anchor.
    Map<String, RoaringBitmap> fresh = new LinkedHashMap<>();
    Map<String, byte[]> partitionOf = new LinkedHashMap<>();
    int r = 0;
    for (long id : rowIds) {
      while (r < ranges.size() && ranges.get(r).endRowId() <= id) {
        r++;
      }
      if (r == ranges.size() || ranges.get(r).firstRowId() > id) {
        throw new PaimonFormatException(
            table.paths().root()
                + ": the scan of snapshot "
                + parent.id()
                + " returned row ID "
                + id
                + ", which no range of the snapshot holds");
      }
      SnapshotRanges.Range range = ranges.get(r);
      fresh
          .computeIfAbsent(range.anchorFile(), k -> new RoaringBitmap())
          .add((int) (id - range.firstRowId()));
      partitionOf.put(range.anchorFile(), range.partition());
    }

    IndexChanges index = IndexChanges.of(table, parent, created);
    index.changeVectors(Set.of(), fresh, partitionOf);
    return index.writeManifest();
  }

  @Override
  public String toString() {
    return "delete where " + where + " from " + table.name();
  }
}
