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
import io.paimon.multimodal.internal.meta.ColumnStats;
import io.paimon.multimodal.internal.meta.GroupStatsFile;
import io.paimon.row.RowFileReader;
import io.paimon.row.RowGroupStatistics;
import java.io.IOException;
import java.util.List;
import org.roaringbitmap.RoaringBitmap;

/**
 * Row-group pruning of one data file by a scan's filter: the groups whose statistics rule out a
 * match are left out of the rows read. Statistics come from the file's sidecar ({@link
 * GroupStatsFile}, written with {@code .row} files) when it has one, else from the opened reader
 * ({@link RowFileReader#rowGroupStatistics()}: a parquet footer's column chunk statistics). Both
 * are matched to the table's columns by field id, so renamed columns prune and columns the file
 * does not hold are unknown. Stateless.
 */
final class GroupPruning {

  private static final ColumnStats UNKNOWN = new ColumnStats(null, null, -1);

  private GroupPruning() {}

  /**
   * The rows of the row groups whose statistics allow a match, or null when every group may match
   * (or the file has no row-group statistics). Only those rows' blocks are then read.
   *
   * @param opened the file's reader, opened as {@code file.open} opens it (its file type is the
   *     file's read type)
   */
  static RoaringBitmap matchingGroups(
      TableState table, PlannedFile file, ScanFilter filter, RowFileReader opened)
      throws IOException {
    long fileRows = file.meta().rowCount();
    if (fileRows > Integer.MAX_VALUE) {
      return null;
    }
    String statsFile = file.meta().fileName() + GroupStatsFile.SUFFIX;
    if (file.meta().extraFiles().contains(statsFile)) {
      return fromSidecar(table, file, filter, statsFile);
    }
    return fromReader(file, filter, opened);
  }

  private static RoaringBitmap fromSidecar(
      TableState table, PlannedFile file, ScanFilter filter, String statsFile) throws IOException {
    long fileRows = file.meta().rowCount();
    String statsPath = file.path().substring(0, file.path().lastIndexOf('/') + 1) + statsFile;
    List<GroupStatsFile.Group> groups =
        table.manifests().readGroupStats(statsPath, file.statsType(), fileRows);
    int[] fileColumnOf = file.fileColumnOf();
    RoaringBitmap rows = new RoaringBitmap();
    boolean all = true;
    for (GroupStatsFile.Group g : groups) {
      if (filter.mightMatch(
          file.firstRowId() + g.startRow(),
          g.rowCount(),
          i ->
              fileColumnOf[i] < 0
                  ? UNKNOWN
                  : file.readStats(fileColumnOf[i], g.stats()[fileColumnOf[i]]))) {
        rows.add(g.startRow(), g.startRow() + g.rowCount());
      } else {
        all = false;
      }
    }
    return all ? null : rows;
  }

  /**
   * From the reader's own statistics, already in the file's read types (a widening reader converts
   * them as it converts values), so they are used as they are.
   */
  private static RoaringBitmap fromReader(PlannedFile file, ScanFilter filter, RowFileReader opened)
      throws IOException {
    List<RowGroupStatistics> groups = opened.rowGroupStatistics();
    int columns = opened.fileType().fieldCount();
    long next = 0;
    for (RowGroupStatistics g : groups) {
      if (g.startRow() != next || g.columnCount() != columns) {
        // Not a partition of the file's rows in its columns: not trusted for pruning.
        return null;
      }
      next += g.rowCount();
    }
    if (groups.isEmpty() || next != file.meta().rowCount()) {
      return null;
    }
    int[] fileColumnOf = file.fileColumnOf();
    RoaringBitmap rows = new RoaringBitmap();
    boolean all = true;
    for (RowGroupStatistics g : groups) {
      if (g.rowCount() == 0) {
        continue;
      }
      if (filter.mightMatch(
          file.firstRowId() + g.startRow(),
          g.rowCount(),
          i -> {
            int c = fileColumnOf[i];
            return c < 0 ? UNKNOWN : new ColumnStats(g.min(c), g.max(c), g.nullCount(c));
          })) {
        rows.add(g.startRow(), g.startRow() + g.rowCount());
      } else {
        all = false;
      }
    }
    return all ? null : rows;
  }
}
