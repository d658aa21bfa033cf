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
package io.paimon.multimodal.internal.paimon;

import java.util.List;

/**
 * Paimon's {@code DataFileMeta}: one data file ({@code .row}, {@code .blob}, or a format we refuse)
 * as a manifest entry records it. Immutable by convention (the arrays are never modified).
 *
 * @param fileName the file's name in its bucket directory
 * @param fileSize its size in bytes
 * @param rowCount its rows
 * @param minKey empty BinaryRow for append tables
 * @param maxKey empty BinaryRow for append tables
 * @param keyStats empty for append tables
 * @param valueStats statistics of {@code valueStatsCols} (or of every column it holds when that is
 *     null)
 * @param minSequenceNumber the snapshot id of an append
 * @param maxSequenceNumber the snapshot id of an append
 * @param schemaId the schema the file was written with
 * @param level 0 for append tables
 * @param extraFiles files that live and die with this one, in its directory
 * @param creationTimeMillis nullable, informational: the writer's local date-time, in millis as if
 *     it were UTC (what Paimon writes)
 * @param deleteRowCount nullable
 * @param embeddedIndex nullable
 * @param fileSource nullable: 0 APPEND, 1 COMPACT
 * @param valueStatsCols nullable: the columns {@code valueStats} describe, in order; empty for none
 * @param externalPath nullable: an absolute location overriding the bucket directory
 * @param firstRowId nullable until a commit assigns it: the row ID of the file's first row
 * @param writeCols nullable (all columns of its schema): the columns the file holds, in file order
 */
public record DataFileMeta(
    String fileName,
    long fileSize,
    long rowCount,
    byte[] minKey,
    byte[] maxKey,
    SimpleStats keyStats,
    SimpleStats valueStats,
    long minSequenceNumber,
    long maxSequenceNumber,
    long schemaId,
    int level,
    List<String> extraFiles,
    Long creationTimeMillis,
    Long deleteRowCount,
    byte[] embeddedIndex,
    Integer fileSource,
    List<String> valueStatsCols,
    String externalPath,
    Long firstRowId,
    List<String> writeCols) {

  /** {@code _FILE_SOURCE} of appended files. */
  public static final int SOURCE_APPEND = 0;

  /** {@code _FILE_SOURCE} of compaction output. */
  public static final int SOURCE_COMPACT = 1;

  /**
   * A freshly written file of an append: no row IDs or sequence numbers yet (the commit assigns
   * them), source APPEND, no key statistics.
   */
  public static DataFileMeta forAppend(
      String fileName,
      long fileSize,
      long rowCount,
      SimpleStats valueStats,
      List<String> valueStatsCols,
      long schemaId,
      List<String> extraFiles,
      List<String> writeCols) {
    return new DataFileMeta(
        fileName,
        fileSize,
        rowCount,
        SimpleStats.EMPTY_ROW,
        SimpleStats.EMPTY_ROW,
        SimpleStats.EMPTY,
        valueStats,
        0,
        0,
        schemaId,
        0,
        List.copyOf(extraFiles),
        localWallClockMillis(),
        0L,
        null,
        SOURCE_APPEND,
        valueStatsCols == null ? null : List.copyOf(valueStatsCols),
        null,
        null,
        writeCols == null ? null : List.copyOf(writeCols));
  }

  /**
   * Now as Paimon records {@code _CREATION_TIME}: the local date-time written as if it were UTC
   * (Paimon's {@code Timestamp.fromLocalDateTime(LocalDateTime.now())}; its readers convert back
   * with the system time zone).
   */
  private static long localWallClockMillis() {
    return java.time.LocalDateTime.now().toInstant(java.time.ZoneOffset.UTC).toEpochMilli();
  }

  /** The file's extension ({@code row}, {@code blob}, {@code parquet}...), lower-case. */
  public String format() {
    int dot = fileName.lastIndexOf('.');
    return dot < 0 ? "" : fileName.substring(dot + 1).toLowerCase(java.util.Locale.ROOT);
  }

  /** Whether this is a {@code .blob} file (one BLOB column, its own entry). */
  public boolean isBlobFile() {
    return fileName.endsWith(".blob");
  }

  /** The first row ID, which must have been assigned. */
  public long requireFirstRowId() {
    if (firstRowId == null) {
      throw new IllegalStateException(fileName + " has no first row ID");
    }
    return firstRowId;
  }

  /** One past the last row ID of the file. */
  public long endRowId() {
    return requireFirstRowId() + rowCount;
  }

  /** This file with its first row ID assigned. */
  public DataFileMeta withFirstRowId(long id) {
    return toBuilder().firstRowId(id).build();
  }

  /** This file with both sequence numbers set to {@code seq}. */
  public DataFileMeta withSequenceNumber(long seq) {
    return toBuilder().sequenceNumber(seq).build();
  }

  /** A builder starting from this file's values, to change some of them. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Changes some components of a {@link DataFileMeta}; not thread-safe. */
  public static final class Builder {
    private String fileName;
    private long rowCount;
    private SimpleStats valueStats;
    private long minSequenceNumber;
    private long maxSequenceNumber;
    private Long firstRowId;
    private Integer fileSource;
    private final DataFileMeta from;

    private Builder(DataFileMeta from) {
      this.from = from;
      this.fileName = from.fileName;
      this.rowCount = from.rowCount;
      this.valueStats = from.valueStats;
      this.minSequenceNumber = from.minSequenceNumber;
      this.maxSequenceNumber = from.maxSequenceNumber;
      this.firstRowId = from.firstRowId;
      this.fileSource = from.fileSource;
    }

    /** {@link #SOURCE_APPEND} or {@link #SOURCE_COMPACT}. */
    public Builder fileSource(Integer source) {
      this.fileSource = source;
      return this;
    }

    public Builder fileName(String name) {
      this.fileName = name;
      return this;
    }

    public Builder rowCount(long rows) {
      this.rowCount = rows;
      return this;
    }

    public Builder valueStats(SimpleStats stats) {
      this.valueStats = stats;
      return this;
    }

    /** Sets both the minimum and the maximum sequence number. */
    public Builder sequenceNumber(long seq) {
      this.minSequenceNumber = seq;
      this.maxSequenceNumber = seq;
      return this;
    }

    public Builder firstRowId(Long id) {
      this.firstRowId = id;
      return this;
    }

    public DataFileMeta build() {
      return new DataFileMeta(
          fileName,
          from.fileSize,
          rowCount,
          from.minKey,
          from.maxKey,
          from.keyStats,
          valueStats,
          minSequenceNumber,
          maxSequenceNumber,
          from.schemaId,
          from.level,
          from.extraFiles,
          from.creationTimeMillis,
          from.deleteRowCount,
          from.embeddedIndex,
          fileSource,
          from.valueStatsCols,
          from.externalPath,
          firstRowId,
          from.writeCols);
    }
  }
}
