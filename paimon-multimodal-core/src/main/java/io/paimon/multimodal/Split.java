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
package io.paimon.multimodal;

import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A unit of a scan's work: one row-ID range of a snapshot with every data file that supplies its
 * columns (the {@code .row} files, newest first, and the {@code .blob} files of its BLOB columns),
 * as Paimon's data-evolution read groups them. Immutable, serializable and thread-safe.
 */
public final class Split implements Serializable {

  private static final long serialVersionUID = 2L;

  private final long snapshotId;
  private final Map<String, Object> partition;
  private final long firstRowId;
  private final long rowCount;
  private final long deletedRowCount;
  private final List<SplitFile> files;

  /**
   * A split of a read plan.
   *
   * @throws IllegalArgumentException if {@code files} is empty
   */
  public Split(
      long snapshotId,
      Map<String, Object> partition,
      long firstRowId,
      long rowCount,
      long deletedRowCount,
      List<SplitFile> files) {
    this.snapshotId = snapshotId;
    this.partition = Collections.unmodifiableMap(new LinkedHashMap<>(partition));
    this.firstRowId = firstRowId;
    this.rowCount = rowCount;
    this.deletedRowCount = deletedRowCount;
    this.files = List.copyOf(files);
    if (this.files.isEmpty()) {
      throw new IllegalArgumentException("a split needs at least one data file");
    }
  }

  /** The snapshot the split belongs to. */
  public long snapshotId() {
    return snapshotId;
  }

  /** The partition's values by partition key (empty for an unpartitioned table). */
  public Map<String, Object> partition() {
    return partition;
  }

  /** The row ID of the range's first row. */
  public long firstRowId() {
    return firstRowId;
  }

  /** The number of rows in the range (before filtering and deletions). */
  public long rowCount() {
    return rowCount;
  }

  /** Rows of the range removed by a deletion vector. */
  public long deletedRowCount() {
    return deletedRowCount;
  }

  /** The files that supply the range's columns: data files newest first, then blob files. */
  public List<SplitFile> files() {
    return files;
  }

  /** The name of the range's newest data file. */
  public String fileName() {
    return files.get(0).name();
  }

  /** The size in bytes of all the split's files. */
  public long fileSize() {
    long n = 0;
    for (SplitFile f : files) {
      n += f.fileSize();
    }
    return n;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Split
        && ((Split) o).snapshotId == snapshotId
        && ((Split) o).firstRowId == firstRowId
        && ((Split) o).files.equals(files);
  }

  @Override
  public int hashCode() {
    return Objects.hash(snapshotId, firstRowId);
  }

  @Override
  public String toString() {
    return "Split{snapshot="
        + snapshotId
        + ", rowIds=["
        + firstRowId
        + ", "
        + (firstRowId + rowCount)
        + "), files="
        + files
        + "}";
  }
}
