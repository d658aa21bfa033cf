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
package io.paimon.multimodal.search.internal;

import io.paimon.multimodal.IndexFile;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.SplitFile;
import io.paimon.multimodal.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * The rows one search may return, at its pinned snapshot: the row IDs the snapshot holds, and, when
 * rows are deleted or a pre-filter is given, exactly the live rows that match it (read as {@code
 * _ROW_ID}s of a scan of that snapshot, so the pre-filter means what it means in any scan). Also
 * says which rows of an index file are stale: updated after the file was built. Immutable.
 */
final class SnapshotView {

  private final Table table;
  private final Scan scan;
  private final Snapshot snapshot;
  private final List<Split> splits;
  private final RowRanges present;
  private final Roaring64Bitmap allowed;
  private final List<IndexFile> indexFiles;
  private final ConcurrentHashMap<String, ColumnIndex> columns;

  /** This view's own (a filtered view's differ): the rows its pre-filter allows differ. */
  private final ConcurrentHashMap<String, ServedShards.Plan> servedPlans =
      new ConcurrentHashMap<>();

  private SnapshotView(
      Table table,
      Scan scan,
      Snapshot snapshot,
      List<Split> splits,
      RowRanges present,
      Roaring64Bitmap allowed,
      List<IndexFile> indexFiles,
      ConcurrentHashMap<String, ColumnIndex> columns) {
    this.table = table;
    this.scan = scan;
    this.snapshot = snapshot;
    this.splits = splits;
    this.present = present;
    this.allowed = allowed;
    this.indexFiles = indexFiles;
    this.columns = columns;
  }

  /** The view of {@code snapshot} of {@code table}, without a pre-filter. */
  static SnapshotView of(Table table, Snapshot snapshot) {
    long snapshotId = snapshot.id();
    Scan scan = table.scan().snapshot(snapshotId);
    List<Split> splits = scan.plan();
    List<long[]> ranges = new ArrayList<>();
    boolean deletions = false;
    for (Split s : splits) {
      deletions |= s.deletedRowCount() > 0;
      for (Split.RowRange r : s.ranges()) {
        ranges.add(new long[] {r.firstRowId(), r.firstRowId() + r.rowCount()});
      }
    }
    Roaring64Bitmap allowed = deletions ? rowIds(scan.select(Schema.ROW_ID)) : null;
    return new SnapshotView(
        table,
        scan,
        snapshot,
        splits,
        RowRanges.of(ranges),
        allowed,
        List.copyOf(table.indexFiles(snapshotId)),
        new ConcurrentHashMap<>());
  }

  /** This view restricted to the live rows matching {@code preFilter}. */
  SnapshotView filtered(String preFilter, List<Object> parameters) {
    Roaring64Bitmap matching =
        rowIds(scan.select(Schema.ROW_ID).where(preFilter, parameters.toArray()));
    return new SnapshotView(table, scan, snapshot, splits, present, matching, indexFiles, columns);
  }

  private static Roaring64Bitmap rowIds(Scan ids) {
    Roaring64Bitmap out = new Roaring64Bitmap();
    try (ArrowReader reader = ids.toArrowReader()) {
      while (reader.loadNextBatch()) {
        BigIntVector v = (BigIntVector) reader.getVectorSchemaRoot().getVector(Schema.ROW_ID);
        for (int i = 0; i < v.getValueCount(); i++) {
          out.addLong(v.get(i));
        }
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out;
  }

  /** The index files of {@code column}, found once per view (a snapshot's never change). */
  ColumnIndex columnIndex(String column) {
    return columns.computeIfAbsent(column, c -> ColumnIndex.of(indexFiles, scan.schema(), c));
  }

  /** The plan of which index files of {@code column} serve this view, if worked out already. */
  ServedShards.Plan servedPlan(String column) {
    return servedPlans.get(column);
  }

  /** Keeps {@code plan} for the next searches of this view (the first of racing ones wins). */
  void keepServedPlan(String column, ServedShards.Plan plan) {
    servedPlans.putIfAbsent(column, plan);
  }

  /** The snapshot's row-ID-range index files. */
  List<IndexFile> indexFiles() {
    return indexFiles;
  }

  Table table() {
    return table;
  }

  /** The scan pinned to the snapshot. */
  Scan scan() {
    return scan;
  }

  long snapshotId() {
    return snapshot.id();
  }

  /** The snapshot viewed: what the session's caches key by (an id alone may be reused). */
  Snapshot snapshot() {
    return snapshot;
  }

  /** The row IDs the snapshot holds (deleted ones too). */
  RowRanges present() {
    return present;
  }

  /** Whether every present row may be returned. */
  boolean allowsAll() {
    return allowed == null;
  }

  /** Whether the row may be returned (live, and matching the pre-filter). */
  boolean allows(long rowId) {
    return allowed == null ? present.contains(rowId) : allowed.contains(rowId);
  }

  /**
   * The rows of {@code file}'s range whose {@code column} comes from a data file committed after
   * the index file was built (an update of that column), which the index file must not serve.
   */
  RowRanges stale(IndexFile file, long builtAt, String column) {
    List<long[]> out = new ArrayList<>();
    for (Split s : splits) {
      for (SplitFile f : s.files()) {
        long start = f.firstRowId();
        long end = start + f.rowCount();
        if (f.sequenceNumber() > builtAt
            && f.writeColumns().contains(column)
            && end > file.firstRowId()
            && start <= file.lastRowId()) {
          out.add(new long[] {start, end});
        }
      }
    }
    return RowRanges.of(out).intersect(file.firstRowId(), file.lastRowId() + 1);
  }
}
