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
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.roaringbitmap.RoaringBitmap;

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
   * @param deleted the positions (from {@code firstRowId}) its deletion vectors delete, or null
   * @param blobChains per table column, the names of the {@code .blob} files a read of the range
   *     takes that column from (in row order), or null where no {@code .blob} file supplies it
   */
  public record Range(
      byte[] partition,
      Object[] partitionValues,
      long firstRowId,
      long rowCount,
      String anchorFile,
      RoaringBitmap deleted,
      List<List<String>> blobChains) {

    /** The rows its deletion vectors delete. */
    public long deletedRows() {
      return deleted == null ? 0 : deleted.getLongCardinality();
    }

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
      List<List<String>> chains = new ArrayList<>(g.blobChains().size());
      for (int c = 0; c < g.blobChains().size(); c++) {
        List<PlannedFile> chain = g.blobChainOf(c);
        chains.add(chain == null ? null : chain.stream().map(f -> f.meta().fileName()).toList());
      }
      out.add(
          new Range(
              g.partition(),
              g.partitionValues(),
              g.firstRowId(),
              g.rowCount(),
              anchor.fileName(),
              g.deleted() == null || g.deleted().isEmpty() ? null : g.deleted(),
              java.util.Collections.unmodifiableList(chains)));
    }
    return out;
  }

  /**
   * Reads {@code columns} and {@code _ROW_ID} of every row of the ranges of {@code snapshot} in
   * {@code [start, end)} of the partition {@code partition}, deleted rows included (their positions
   * are kept by a rewrite that keeps row IDs), in row-ID order, in batches allocated from a child
   * of {@code allocator} that the reader closes.
   */
  public static ArrowReader readWithDeleted(
      TableState table,
      SnapshotFile snapshot,
      byte[] partition,
      long start,
      long end,
      List<String> columns,
      BufferAllocator allocator) {
    List<DataGroup> groups = new ArrayList<>();
    for (DataGroup g : ScanPlanner.groups(table, snapshot)) {
      if (g.firstRowId() >= start
          && g.endRowId() <= end
          && java.util.Arrays.equals(g.partition(), partition)) {
        groups.add(
            new DataGroup(
                g.partition(),
                g.partitionValues(),
                g.firstRowId(),
                g.rowCount(),
                g.normals(),
                g.blobChains(),
                null));
      }
    }
    ScanContext ctx =
        ScanContext.of(RowSet.ALL)
            .with(
                d -> {
                  d.projection = List.copyOf(columns);
                  d.withRowId = true;
                  d.pin = new Pin.AtSnapshot(snapshot.id(), table.schemaId());
                });
    BufferAllocator child =
        allocator.newChildAllocator(
            "rewrite of row IDs [" + start + ", " + end + ") of table '" + table.name() + "'",
            0,
            Long.MAX_VALUE);
    try {
      return new TableScanReader(
          table,
          ctx,
          new ScanPlanner.Resolved(snapshot.id(), null, snapshot),
          groups.stream().map(ChunkPlanner.Piece::whole).toList(),
          new OutputLayout(table, ctx),
          child);
    } catch (RuntimeException e) {
      child.close();
      throw e;
    }
  }

  /** The live entries of {@code snapshot} (every ADD not cancelled by a later DELETE), in order. */
  public static List<ManifestEntry> liveEntries(TableState table, SnapshotFile snapshot)
      throws IOException {
    return GroupPlanner.liveEntries(table, snapshot);
  }
}
