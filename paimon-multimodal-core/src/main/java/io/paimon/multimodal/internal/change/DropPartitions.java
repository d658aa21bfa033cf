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

import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.commit.Committer;
import io.paimon.multimodal.internal.paimon.BinaryRows;
import io.paimon.multimodal.internal.paimon.FileKind;
import io.paimon.multimodal.internal.paimon.IndexManifestEntry;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.predicate.Predicate;
import io.paimon.multimodal.internal.predicate.Truth;
import io.paimon.multimodal.internal.scan.SnapshotRanges;
import io.paimon.types.DataType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A delete whose predicate names only partition keys, as Paimon drops partitions, or an overwrite:
 * a DELETE entry for every live file (data and {@code .blob}) of each partition the filter picks
 * (whose values make the predicate TRUE), the partitions' deletion-vector index files removed from
 * the snapshot, and for an overwrite the new files added; commit kind OVERWRITE. No data file is
 * read. Prepared anew on each attempt, so files a concurrent commit added to a dropped partition
 * are dropped too, and a partition already dropped by another commit is not dropped twice.
 * Thread-safe (stateless between attempts).
 */
final class DropPartitions implements Committer.Change {

  /** Which partitions a commit replaces, by their serialized BinaryRow and their values. */
  interface PartitionFilter {
    boolean replaces(byte[] partition, Object[] values);
  }

  private final TableState table;
  private final PartitionFilter filter;
  private final List<ManifestEntry> adds;
  private final String describe;
  private final List<String> keys;
  private final List<DataType> types;

  /** A drop of the partitions whose values make {@code predicate} TRUE. */
  static DropPartitions where(TableState table, Predicate predicate) {
    List<String> keys = table.schema().partitionKeys();
    PartitionFilter filter =
        (partition, values) -> {
          Map<String, Object> byName = new HashMap<>();
          for (int i = 0; i < keys.size(); i++) {
            byName.put(keys.get(i), values[i]);
          }
          return predicate.test(byName::get) == Truth.TRUE;
        };
    return new DropPartitions(table, filter, List.of(), "drop partitions where " + predicate);
  }

  /**
   * Replaces the partitions {@code filter} picks with the new files {@code adds} (an overwrite), in
   * one commit.
   */
  DropPartitions(
      TableState table, PartitionFilter filter, List<ManifestEntry> adds, String describe) {
    this.table = table;
    this.filter = filter;
    this.adds = List.copyOf(adds);
    this.describe = describe;
    this.keys = table.schema().partitionKeys();
    List<DataType> t = new ArrayList<>();
    for (String key : keys) {
      t.add(table.schema().columnType(key));
    }
    this.types = List.copyOf(t);
  }

  @Override
  public Committer.Prepared prepare(SnapshotFile parent, List<String> created) throws IOException {
    Map<ByteBuffer, Boolean> dropped = new HashMap<>();
    List<ManifestEntry> entries = new ArrayList<>();
    if (parent != null) {
      for (ManifestEntry e : SnapshotRanges.liveEntries(table, parent)) {
        if (drops(e.partition(), dropped, "data file " + e.file().fileName())) {
          entries.add(
              new ManifestEntry(
                  FileKind.DELETE, e.partition(), e.bucket(), e.totalBuckets(), e.file()));
        }
      }
    }
    if (entries.isEmpty() && adds.isEmpty()) {
      return null;
    }
    entries.addAll(adds);
    if (parent == null) {
      return Committer.Prepared.keepingIndex(entries, table.schemaId(), Deletes.COMMIT_KIND);
    }
    IndexChanges index = IndexChanges.of(table, parent, created);
    for (IndexManifestEntry e : index.deletionVectorFiles()) {
      if (drops(e.partition(), dropped, "index file " + e.fileName())) {
        index.remove(e);
      }
    }
    return index.changed()
        ? Committer.Prepared.withIndex(
            entries, table.schemaId(), Deletes.COMMIT_KIND, index.writeManifest())
        : Committer.Prepared.keepingIndex(entries, table.schemaId(), Deletes.COMMIT_KIND);
  }

  private boolean drops(byte[] partition, Map<ByteBuffer, Boolean> known, String what)
      throws IOException {
    ByteBuffer key = ByteBuffer.wrap(partition);
    Boolean drop = known.get(key);
    if (drop == null) {
      Object[] values = BinaryRows.deserialize(partition, types, what + " _PARTITION");
      drop = filter.replaces(partition, values);
      known.put(key, drop);
    }
    return drop;
  }

  @Override
  public String toString() {
    return describe + " of " + table.name();
  }
}
