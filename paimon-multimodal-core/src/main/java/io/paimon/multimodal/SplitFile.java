package io.paimon.multimodal;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * One data file of a {@link Split}: a {@code .row} file of some columns or a {@code .blob} file of
 * one BLOB column, covering row IDs {@code [firstRowId, firstRowId + rowCount)}. Immutable,
 * serializable and thread-safe.
 */
public final class SplitFile implements Serializable {

  private static final long serialVersionUID = 1L;

  private final String path;
  private final String format;
  private final long rowCount;
  private final long firstRowId;
  private final List<String> writeColumns;
  private final long sequenceNumber;
  private final long fileSize;

  public SplitFile(
      String path,
      String format,
      long rowCount,
      long firstRowId,
      List<String> writeColumns,
      long sequenceNumber,
      long fileSize) {
    this.path = Objects.requireNonNull(path, "path");
    this.format = Objects.requireNonNull(format, "format");
    this.rowCount = rowCount;
    this.firstRowId = firstRowId;
    this.writeColumns = List.copyOf(writeColumns);
    this.sequenceNumber = sequenceNumber;
    this.fileSize = fileSize;
  }

  /** Where the file is, as the table's {@link io.paimon.multimodal.fs.FileIO} opens it. */
  public String path() {
    return path;
  }

  /** The file's name (the last part of its path). */
  public String name() {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /** The data file format: {@code row} or {@code blob}. */
  public String format() {
    return format;
  }

  public long rowCount() {
    return rowCount;
  }

  public long firstRowId() {
    return firstRowId;
  }

  /** The table columns the file holds, in file order (current column names). */
  public List<String> writeColumns() {
    return writeColumns;
  }

  /** The file's sequence number: a newer file's columns win over an older one's. */
  public long sequenceNumber() {
    return sequenceNumber;
  }

  /** The file size in bytes. */
  public long fileSize() {
    return fileSize;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SplitFile
        && ((SplitFile) o).path.equals(path)
        && ((SplitFile) o).firstRowId == firstRowId;
  }

  @Override
  public int hashCode() {
    return path.hashCode();
  }

  @Override
  public String toString() {
    return name() + writeColumns + "@" + firstRowId + "+" + rowCount;
  }
}
