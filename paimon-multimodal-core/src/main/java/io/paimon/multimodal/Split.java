package io.paimon.multimodal;

import java.io.Serializable;
import java.util.Objects;

/**
 * A unit of a scan's work: one data file of a snapshot, with the row-ID range it holds. Immutable,
 * serializable and thread-safe.
 */
public final class Split implements Serializable {

  private static final long serialVersionUID = 1L;

  private final long snapshotId;
  private final String fileName;
  private final long firstRowId;
  private final long rowCount;
  private final long fileSize;

  public Split(long snapshotId, String fileName, long firstRowId, long rowCount, long fileSize) {
    this.snapshotId = snapshotId;
    this.fileName = Objects.requireNonNull(fileName, "fileName");
    this.firstRowId = firstRowId;
    this.rowCount = rowCount;
    this.fileSize = fileSize;
  }

  /** The snapshot the split belongs to. */
  public long snapshotId() {
    return snapshotId;
  }

  /** The data file's name in the table's {@code data/} directory. */
  public String fileName() {
    return fileName;
  }

  /** The row ID of the file's first row. */
  public long firstRowId() {
    return firstRowId;
  }

  /** The number of rows in the file (before filtering). */
  public long rowCount() {
    return rowCount;
  }

  /** The file size in bytes. */
  public long fileSize() {
    return fileSize;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Split
        && ((Split) o).snapshotId == snapshotId
        && ((Split) o).fileName.equals(fileName);
  }

  @Override
  public int hashCode() {
    return fileName.hashCode() * 31 + Long.hashCode(snapshotId);
  }

  @Override
  public String toString() {
    return "Split{snapshot="
        + snapshotId
        + ", file="
        + fileName
        + ", rowIds=["
        + firstRowId
        + ", "
        + (firstRowId + rowCount)
        + ")}";
  }
}
