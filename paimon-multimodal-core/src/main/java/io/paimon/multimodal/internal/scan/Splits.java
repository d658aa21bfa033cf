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

import io.paimon.multimodal.Split;
import io.paimon.multimodal.SplitFile;
import io.paimon.multimodal.internal.TableState;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.roaringbitmap.RoaringBitmap;

/**
 * Between a snapshot's row ranges ({@link DataGroup}) and the public {@link Split}: the split of a
 * range or of a chunk of a chunk-shuffled plan, and, for a read of a split, the pieces of the
 * snapshot's ranges it names. Stateless.
 */
final class Splits {

  private Splits() {}

  /** The split of one whole row range. */
  static Split of(TableState table, long snapshotId, DataGroup g) {
    return new Split(
        snapshotId,
        table.schemaId(),
        partitionOf(table, g),
        g.firstRowId(),
        g.rowCount(),
        Split.encodeDeletionVector(g.deleted()),
        splitFiles(g));
  }

  /** The split of one chunk: its pieces' ranges, their groups' files, their deletions. */
  static Split ofChunk(TableState table, long snapshotId, ChunkPlanner.Chunk c) {
    List<Split.RowRange> ranges = new ArrayList<>();
    List<SplitFile> files = new ArrayList<>();
    RoaringBitmap deleted = new RoaringBitmap();
    long before = 0;
    for (ChunkPlanner.Piece p : c.pieces()) {
      DataGroup g = p.group();
      ranges.add(new Split.RowRange(g.firstRowId() + p.start(), p.end() - p.start()));
      files.addAll(splitFiles(g));
      if (g.deleted() != null) {
        long offset = before - p.start();
        RoaringBitmap inside =
            RoaringBitmap.and(g.deleted(), RoaringBitmap.bitmapOfRange(p.start(), p.end()));
        org.roaringbitmap.IntIterator it = inside.getIntIterator();
        while (it.hasNext()) {
          long d = Integer.toUnsignedLong(it.next()) + offset;
          deleted.add(d, d + 1);
        }
      }
      before += p.end() - p.start();
    }
    return new Split(
        snapshotId,
        table.schemaId(),
        partitionOf(table, c.pieces().get(0).group()),
        ranges,
        Split.encodeDeletionVector(deleted),
        files);
  }

  private static Map<String, Object> partitionOf(TableState table, DataGroup g) {
    List<String> keys = table.schema().partitionKeys();
    Map<String, Object> partition = new LinkedHashMap<>();
    for (int k = 0; k < keys.size(); k++) {
      partition.put(keys.get(k), g.partitionValues()[k]);
    }
    return partition;
  }

  private static List<SplitFile> splitFiles(DataGroup g) {
    List<SplitFile> files = new ArrayList<>();
    for (PlannedFile f : g.allFiles()) {
      List<String> columns = new ArrayList<>();
      for (int i = 0; i < f.tableColumnOf().length; i++) {
        if (f.tableColumnOf()[i] >= 0) {
          columns.add(f.fileType().fields().get(i).name());
        }
      }
      files.add(
          new SplitFile(
              f.path(),
              f.meta().format(),
              f.meta().rowCount(),
              f.firstRowId(),
              columns,
              f.meta().maxSequenceNumber(),
              f.meta().fileSize(),
              f.meta().schemaId()));
    }
    return files;
  }

  /**
   * The parts of the snapshot's row ranges that a split's ranges name.
   *
   * @throws IllegalArgumentException if a range of the split is not inside one row range of the
   *     snapshot (reading nothing would silently drop a worker's share of a sharded read)
   */
  static List<ChunkPlanner.Piece> piecesOf(
      TableState table, Split split, List<DataGroup> groups, long snapshotId) {
    List<ChunkPlanner.Piece> pieces = new ArrayList<>();
    Set<String> paths = new HashSet<>();
    for (SplitFile f : split.files()) {
      paths.add(f.path());
    }
    for (Split.RowRange r : split.ranges()) {
      DataGroup holder = null;
      for (DataGroup g : groups) {
        if (g.firstRowId() <= r.firstRowId() && r.endRowId() <= g.endRowId()) {
          holder = g;
          break;
        }
      }
      // The range's files must be the split's: a split of another table or snapshot may name the
      // same row IDs.
      if (holder != null && !paths.contains(holder.normals().get(0).path())) {
        holder = null;
      }
      if (holder == null) {
        throw new IllegalArgumentException(
            "split "
                + split
                + " is not a row range of snapshot "
                + snapshotId
                + " of table '"
                + table.name()
                + "'");
      }
      long start = r.firstRowId() - holder.firstRowId();
      long end = r.endRowId() - holder.firstRowId();
      long live = (end - start);
      if (holder.deleted() != null) {
        live -= holder.deleted().rangeCardinality(start, end);
      }
      pieces.add(new ChunkPlanner.Piece(holder, start, end, live));
    }
    return pieces;
  }
}
