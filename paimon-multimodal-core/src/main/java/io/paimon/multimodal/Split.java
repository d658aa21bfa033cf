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

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.roaringbitmap.RoaringBitmap;

/**
 * A unit of a scan's work: one row-ID range of a snapshot with every data file that supplies its
 * columns (the {@code .row} files, newest first, and the {@code .blob} files of its BLOB columns),
 * as Paimon's data-evolution read groups them, and the range's deletion vector. A split names
 * everything that supplies its rows, so a worker given only the split (and the table) reads exactly
 * them with {@link Scan#split(Split)}. Immutable, serializable and thread-safe.
 *
 * <p>A split of a chunk-shuffled plan ({@link Scan#withChunkShuffle}) is a <em>chunk</em>: several
 * row-ID ranges ({@link #ranges()}), each a part of one row range of the snapshot, read in order;
 * its {@link #firstRowId()} is the first range's and its {@link #rowCount()} the sum of theirs.
 */
public final class Split implements Serializable {

  private static final long serialVersionUID = 4L;

  /**
   * A range of row IDs {@code [firstRowId, firstRowId + rowCount)}.
   *
   * @param firstRowId the first row ID
   * @param rowCount the number of row IDs, at least one
   */
  public record RowRange(long firstRowId, long rowCount) implements Serializable {

    /**
     * @throws IllegalArgumentException if {@code rowCount} is not positive or the first row ID is
     *     negative
     */
    public RowRange {
      if (firstRowId < 0 || rowCount <= 0) {
        throw new IllegalArgumentException(
            "a row range needs a first row ID >= 0 and at least one row, got ["
                + firstRowId
                + ", +"
                + rowCount
                + ")");
      }
    }

    /** The row ID after the range's last. */
    public long endRowId() {
      return firstRowId + rowCount;
    }
  }

  private final long snapshotId;
  private final long schemaId;
  private final Map<String, Object> partition;
  private final long firstRowId;
  private final long rowCount;
  private final List<RowRange> ranges;
  private final byte[] deletionVector;
  private final long deletedRowCount;
  private final List<SplitFile> files;
  private transient volatile RoaringBitmap deleted;

  /**
   * A split of a read plan.
   *
   * @param snapshotId the snapshot the split belongs to
   * @param schemaId the table schema the split's columns are resolved against
   * @param partition the partition's values by partition key
   * @param firstRowId the row ID of the range's first row
   * @param rowCount the rows of the range, deleted ones included
   * @param deletionVector the deleted positions of the range (row ID minus {@code firstRowId}) as a
   *     RoaringBitmap in its portable serialization (Paimon's deletion-vector payload), or null
   * @param files the files that supply the range's columns
   * @throws IllegalArgumentException if {@code files} is empty or the deletion vector is not a
   *     bitmap of positions inside the range
   */
  public Split(
      long snapshotId,
      long schemaId,
      Map<String, Object> partition,
      long firstRowId,
      long rowCount,
      byte[] deletionVector,
      List<SplitFile> files) {
    this(
        snapshotId,
        schemaId,
        partition,
        List.of(new RowRange(firstRowId, rowCount)),
        deletionVector,
        files);
  }

  /**
   * A chunk of a read plan: several row-ID ranges read in order.
   *
   * @param ranges ascending, disjoint row-ID ranges, each inside one row range of the snapshot
   * @param deletionVector the deleted positions of the chunk, counted over its ranges in order
   *     (position {@code p} is the {@code p}-th row ID of the concatenated ranges), or null
   * @throws IllegalArgumentException if {@code ranges} or {@code files} is empty, the ranges are
   *     not ascending and disjoint, or the deletion vector deletes a position past the chunk's rows
   */
  public Split(
      long snapshotId,
      long schemaId,
      Map<String, Object> partition,
      List<RowRange> ranges,
      byte[] deletionVector,
      List<SplitFile> files) {
    this.snapshotId = snapshotId;
    this.schemaId = schemaId;
    this.partition = Collections.unmodifiableMap(new LinkedHashMap<>(partition));
    this.ranges = List.copyOf(ranges);
    if (this.ranges.isEmpty()) {
      throw new IllegalArgumentException("a split needs at least one row range");
    }
    long rows = 0;
    for (int i = 0; i < this.ranges.size(); i++) {
      RowRange r = this.ranges.get(i);
      if (i > 0 && r.firstRowId() < this.ranges.get(i - 1).endRowId()) {
        throw new IllegalArgumentException(
            "the row ranges of a split must ascend without overlap, got " + this.ranges);
      }
      rows += r.rowCount();
    }
    this.firstRowId = this.ranges.get(0).firstRowId();
    this.rowCount = rows;
    this.deletionVector = deletionVector == null ? null : deletionVector.clone();
    this.files = List.copyOf(files);
    if (this.files.isEmpty()) {
      throw new IllegalArgumentException("a split needs at least one data file");
    }
    RoaringBitmap bitmap = decode(this.deletionVector);
    if (bitmap != null && !bitmap.isEmpty() && Integer.toUnsignedLong(bitmap.last()) >= rowCount) {
      throw new IllegalArgumentException(
          "the deletion vector of split at row ID "
              + firstRowId
              + " deletes position "
              + Integer.toUnsignedLong(bitmap.last())
              + ", past its "
              + rowCount
              + " rows");
    }
    this.deleted = bitmap;
    this.deletedRowCount = bitmap == null ? 0 : bitmap.getLongCardinality();
  }

  private static RoaringBitmap decode(byte[] bytes) {
    if (bytes == null) {
      return null;
    }
    RoaringBitmap bitmap = new RoaringBitmap();
    try {
      bitmap.deserialize(new DataInputStream(new ByteArrayInputStream(bytes)));
    } catch (IOException | RuntimeException e) {
      throw new IllegalArgumentException(
          "the deletion vector of a split is not a portable RoaringBitmap: " + e.getMessage(), e);
    }
    return bitmap;
  }

  /** The portable serialization of a bitmap of deleted positions, or null for none. */
  public static byte[] encodeDeletionVector(RoaringBitmap deleted) {
    if (deleted == null || deleted.isEmpty()) {
      return null;
    }
    deleted.runOptimize();
    ByteBuffer out = ByteBuffer.allocate(deleted.serializedSizeInBytes());
    deleted.serialize(out);
    return out.array();
  }

  /** The snapshot the split belongs to. */
  public long snapshotId() {
    return snapshotId;
  }

  /** The id of the table schema the split's columns are resolved against. */
  public long schemaId() {
    return schemaId;
  }

  /** The partition's values by partition key (empty for an unpartitioned table). */
  public Map<String, Object> partition() {
    return partition;
  }

  /** The row ID of the (first) range's first row. */
  public long firstRowId() {
    return firstRowId;
  }

  /** The number of rows in the split's ranges (before filtering and deletions). */
  public long rowCount() {
    return rowCount;
  }

  /** Rows of the range removed by a deletion vector. */
  public long deletedRowCount() {
    return deletedRowCount;
  }

  /** The rows of the range a read returns before filtering: {@code rowCount - deletedRowCount}. */
  public long liveRowCount() {
    return rowCount - deletedRowCount;
  }

  /**
   * The row-ID ranges the split reads, in order: one for a split of a plain plan, one or more for a
   * chunk.
   */
  public List<RowRange> ranges() {
    return ranges;
  }

  /** Whether the row with this ID is in the split's ranges and deleted by its deletion vector. */
  public boolean isDeleted(long rowId) {
    long position = position(rowId);
    if (position < 0) {
      return false;
    }
    RoaringBitmap bitmap = deleted;
    if (bitmap == null && deletionVector != null) {
      bitmap = decode(deletionVector);
      deleted = bitmap;
    }
    return bitmap != null && bitmap.contains((int) position);
  }

  /** The position of a row ID in the concatenated ranges, or -1 if no range holds it. */
  private long position(long rowId) {
    long before = 0;
    for (RowRange r : ranges) {
      if (rowId >= r.firstRowId() && rowId < r.endRowId()) {
        return before + rowId - r.firstRowId();
      }
      before += r.rowCount();
    }
    return -1;
  }

  /**
   * The deletion vector in RoaringBitmap's portable serialization (a copy), or null if no row of
   * the range is deleted.
   */
  public byte[] deletionVector() {
    return deletionVector == null ? null : deletionVector.clone();
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
        && ((Split) o).ranges.equals(ranges)
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
        + ", rowIds="
        + rangesText()
        + (deletedRowCount > 0 ? ", deleted=" + deletedRowCount : "")
        + ", files="
        + files
        + "}";
  }

  private String rangesText() {
    StringBuilder sb = new StringBuilder();
    for (RowRange r : ranges) {
      if (sb.length() > 0) {
        sb.append(" ");
      }
      sb.append('[').append(r.firstRowId()).append(", ").append(r.endRowId()).append(')');
    }
    return sb.toString();
  }
}
