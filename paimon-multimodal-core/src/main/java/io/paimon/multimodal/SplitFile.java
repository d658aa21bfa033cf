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
import java.util.List;
import java.util.Objects;

/**
 * One data file of a {@link Split}: a {@code .row} file of some columns or a {@code .blob} file of
 * one BLOB column, covering row IDs {@code [firstRowId, firstRowId + rowCount)}. Immutable,
 * serializable and thread-safe.
 */
public final class SplitFile implements Serializable {

  private static final long serialVersionUID = 2L;

  private final String path;
  private final String format;
  private final long rowCount;
  private final long firstRowId;
  private final List<String> writeColumns;
  private final long sequenceNumber;
  private final long fileSize;
  private final long schemaId;

  /** A file of a split, as the read plan resolved it. */
  public SplitFile(
      String path,
      String format,
      long rowCount,
      long firstRowId,
      List<String> writeColumns,
      long sequenceNumber,
      long fileSize,
      long schemaId) {
    this.path = Objects.requireNonNull(path, "path");
    this.format = Objects.requireNonNull(format, "format");
    this.rowCount = rowCount;
    this.firstRowId = firstRowId;
    this.writeColumns = List.copyOf(writeColumns);
    this.sequenceNumber = sequenceNumber;
    this.fileSize = fileSize;
    this.schemaId = schemaId;
  }

  /** Where the file is, as the table's {@link io.paimon.multimodal.fs.FileIO} opens it. */
  public String path() {
    return path;
  }

  /** The file's name (the last part of its path). */
  public String name() {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /** The data file format, its extension: {@code row}, {@code parquet} or {@code blob}. */
  public String format() {
    return format;
  }

  /** The rows the file holds. */
  public long rowCount() {
    return rowCount;
  }

  /** The row ID of the file's first row. */
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

  /** The id of the schema the file was written with (its columns' names and types then). */
  public long schemaId() {
    return schemaId;
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
