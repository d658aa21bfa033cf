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

import io.paimon.multimodal.internal.meta.ColumnStats;
import java.util.Arrays;
import java.util.List;
import org.roaringbitmap.RoaringBitmap;

/**
 * One unit of a snapshot's read (Paimon's data-evolution read of one row-ID range): the data files
 * whose row-ID ranges overlap, which all cover {@code [firstRowId, firstRowId + rowCount)}. Each
 * table column comes from the newest data file (highest sequence number) that holds it, or else
 * from its chain of {@code .blob} files; a column no file holds reads as null. Immutable.
 *
 * @param partition the serialized BinaryRow of the partition
 * @param partitionValues the partition values, in partition-key order
 * @param firstRowId the range's first row ID
 * @param rowCount the range's row count (before deletions)
 * @param normals the data files of the range, newest first
 * @param blobChains per table column, the {@code .blob} files supplying it in row order, or null
 * @param deleted positions (from the range's start) deleted by a deletion vector, or null
 */
record DataGroup(
    byte[] partition,
    Object[] partitionValues,
    long firstRowId,
    long rowCount,
    List<PlannedFile> normals,
    List<List<PlannedFile>> blobChains,
    RoaringBitmap deleted) {

  long endRowId() {
    return firstRowId + rowCount;
  }

  /** The index in {@link #normals} of the file supplying table column {@code c}, or -1. */
  int normalOf(int c) {
    for (int i = 0; i < normals.size(); i++) {
      if (normals.get(i).holds(c)) {
        return i;
      }
    }
    return -1;
  }

  /** The {@code .blob} files supplying table column {@code c}, or null. */
  List<PlannedFile> blobChainOf(int c) {
    return normalOf(c) >= 0 ? null : blobChains.get(c);
  }

  /** The rows left after deletions. */
  long liveRows() {
    return deleted == null ? rowCount : rowCount - deleted.getLongCardinality();
  }

  /** Statistics per table column, from the file that supplies it (unknown otherwise). */
  ColumnStats[] stats() {
    int n = blobChains.size();
    ColumnStats[] out = new ColumnStats[n];
    Arrays.fill(out, new ColumnStats(null, null, -1));
    ColumnStats[][] perFile = new ColumnStats[normals.size()][];
    for (int c = 0; c < n; c++) {
      int k = normalOf(c);
      if (k >= 0) {
        if (perFile[k] == null) {
          perFile[k] = normals.get(k).tableStats();
        }
        out[c] = perFile[k][c];
      }
    }
    return out;
  }

  /** The file names of the group, data files first, for messages and splits. */
  List<PlannedFile> allFiles() {
    List<PlannedFile> out = new java.util.ArrayList<>(normals);
    for (List<PlannedFile> chain : blobChains) {
      if (chain != null) {
        out.addAll(chain);
      }
    }
    return out;
  }
}
