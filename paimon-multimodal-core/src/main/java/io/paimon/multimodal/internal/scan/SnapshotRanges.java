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
package io.paimon.multimodal.internal.scan;

import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.PartitionPath;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.types.DataType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A snapshot's row-ID ranges and live manifest entries, for writers that change existing rows
 * (deletes): the same plan a scan of the snapshot reads. Stateless.
 */
public final class SnapshotRanges {

  /**
   * Orders candidate anchor files as Paimon 2.x does: the oldest normal data file of a range (the
   * smallest max sequence number, then the smallest name) holds the range's deletion vector.
   */
  private static final Comparator<DataFileMeta> ANCHOR_ORDER =
      Comparator.comparingLong(DataFileMeta::maxSequenceNumber)
          .thenComparing(DataFileMeta::fileName);

  private SnapshotRanges() {}

  /**
   * One row-ID range of a snapshot.
   *
   * @param partition the serialized BinaryRow of its partition
   * @param partitionValues the partition values, in partition-key order
   * @param firstRowId its first row ID
   * @param rowCount its rows, deleted ones included
   * @param anchorFile the data file a deletion vector of the range is keyed by
   */
  public record Range(
      byte[] partition,
      Object[] partitionValues,
      long firstRowId,
      long rowCount,
      String anchorFile) {

    /** The row ID after the range. */
    public long endRowId() {
      return firstRowId + rowCount;
    }

    /** The directory of the range's partition, relative to the table's data root. */
    public String partitionPath(TableState table) {
      List<String> keys = table.schema().partitionKeys();
      List<DataType> types = new ArrayList<>();
      for (String key : keys) {
        types.add(table.schema().columnType(key));
      }
      return PartitionPath.of(
          keys,
          types,
          partitionValues,
          table.options().partitionDefaultName(),
          table.options().legacyPartitionName());
    }
  }

  /** The ranges of {@code snapshot}, in row-ID order. */
  public static List<Range> ranges(TableState table, SnapshotFile snapshot) {
    List<Range> out = new ArrayList<>();
    for (DataGroup g : ScanPlanner.groups(table, snapshot)) {
      DataFileMeta anchor = null;
      for (PlannedFile f : g.normals()) {
        if (anchor == null || ANCHOR_ORDER.compare(f.meta(), anchor) < 0) {
          anchor = f.meta();
        }
      }
      out.add(
          new Range(
              g.partition(), g.partitionValues(), g.firstRowId(), g.rowCount(), anchor.fileName()));
    }
    return out;
  }

  /** The live entries of {@code snapshot} (every ADD not cancelled by a later DELETE), in order. */
  public static List<ManifestEntry> liveEntries(TableState table, SnapshotFile snapshot)
      throws IOException {
    return GroupPlanner.liveEntries(table, snapshot);
  }
}
