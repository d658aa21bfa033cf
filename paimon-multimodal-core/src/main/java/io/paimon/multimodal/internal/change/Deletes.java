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

import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.UnsupportedTableException;
import io.paimon.multimodal.internal.TableOptions;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.commit.Committer;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.predicate.Predicate;
import io.paimon.multimodal.internal.predicate.Predicates;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * {@link Table#delete}: parses the predicate, then commits either a partition drop (a predicate on
 * partition keys only, on a partitioned table) or deletion vectors. Stateless.
 */
public final class Deletes {

  /** The commit kind of both: Paimon commits deletion vectors and partition drops as OVERWRITE. */
  static final String COMMIT_KIND = "OVERWRITE";

  private Deletes() {}

  /**
   * Deletes the rows of {@code owner} that {@code where} matches in its latest snapshot, in one
   * commit through {@code committer}.
   *
   * @return the new snapshot, or the latest one if no row matched
   */
  public static Snapshot delete(
      Table owner, TableState table, Committer committer, String where, List<Object> parameters) {
    Objects.requireNonNull(where, "where");
    Predicate predicate = Predicates.parse(where, parameters, table.schema().rowType());
    List<String> keys = table.schema().partitionKeys();
    boolean partitionsOnly = !keys.isEmpty() && keys.containsAll(predicate.referencedColumns());
    if (!partitionsOnly && !table.options().isTrue(TableOptions.DELETION_VECTORS)) {
      throw new UnsupportedTableException(
          "table '"
              + table.name()
              + "' cannot delete rows by deletion vectors: it was created without option "
              + TableOptions.DELETION_VECTORS
              + "=true, and Paimon ignores the deletion vectors of such a table. Create it with"
              + " that option (Paimon 1.4.2 cannot open such tables), or delete whole"
              + " partitions with a predicate on partition keys only"
              + (keys.isEmpty() ? " (the table has none)" : " " + keys));
    }
    try {
      OptionalLong latest = table.snapshots().latestId();
      if (latest.isEmpty()) {
        throw new IllegalArgumentException(
            "table '" + table.name() + "' has no snapshot: there are no rows to delete");
      }
      Committer.Change change =
          partitionsOnly
              ? DropPartitions.where(table, predicate)
              : new DeleteByVectors(owner, table, where, parameters);
      SnapshotFile committed = committer.commit(change);
      if (committed != null) {
        return committed.snapshot();
      }
      // Nothing matched in the snapshot the last attempt read, which is still the latest or older.
      return owner.latestSnapshot().orElseThrow();
    } catch (IOException e) {
      throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
    }
  }
}
