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
package io.paimon.multimodal.internal.write;

import io.paimon.blob.BlobFileWriter;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.fs.Abortable;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.StorageTypes;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.meta.ColumnStats;
import io.paimon.multimodal.internal.meta.PaimonStats;
import io.paimon.multimodal.internal.meta.StatsCollector;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.SimpleStats;
import io.paimon.row.Row;
import io.paimon.row.RowArrowAppender;
import io.paimon.row.RowFileWriter;
import io.paimon.row.RowFormatException;
import io.paimon.types.DataType;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.arrow.vector.FieldVector;

/**
 * Writes new values of some columns for every row of one row-ID range (Paimon's data-evolution
 * partial-column files): the range's non-BLOB columns go to one {@code .row} file with {@code
 * _WRITE_COLS} = those columns, each BLOB column to one {@code .blob} file, all with the range's
 * first row ID and row count, so that the read path takes these columns from them (the newest
 * sequence number wins) and the other columns from the files already there. Files are never rolled:
 * Paimon reads a range's files only when they all cover the same rows. On failure the caller calls
 * {@link #abort()}. Not thread-safe.
 */
public final class RangeWriter implements AutoCloseable {

  private final TableState table;
  private final FileIO io;
  private final byte[] partition;
  private final String partitionPath;
  private final long firstRowId;
  private final long rowCount;
  private final RowType tableType;
  private final WriteOptions options;
  private final int[] rowColumns;
  private final boolean[] descriptorColumn;
  private final List<DataType> rowColumnTypes;
  private final List<String> rowColumnNames;
  private final List<Integer> statsColumns;
  private final int[] blobColumns;
  private final String prefix = "data-" + UUID.randomUUID() + "-";
  private final BlobPayloads payloads;
  private final List<String> written = new ArrayList<>();
  private final List<Abortable> abortable = new ArrayList<>();

  private RowFileWriter rowWriter;
  private RowArrowAppender appender;
  private FieldVector[] appenderVectors;
  private String rowFileName;
  private BlobFileWriter[] blobWriters;
  private String[] blobNames;
  private StatsCollector stats;
  private long rowsWritten;
  private long bytesWritten;

  /**
   * A writer of table columns {@code columns} (table column indexes, ascending) for the rows {@code
   * [firstRowId, firstRowId + rowCount)} of the partition whose serialized BinaryRow is {@code
   * partition} and whose directory is {@code partitionPath}.
   */
  public RangeWriter(
      TableState table,
      WriteOptions options,
      byte[] partition,
      String partitionPath,
      long firstRowId,
      long rowCount,
      int[] columns) {
    this.table = table;
    this.io = table.io();
    this.partition = partition;
    this.partitionPath = partitionPath;
    this.firstRowId = firstRowId;
    this.rowCount = rowCount;
    this.tableType = table.schema().rowType();
    this.options = options;
    List<Integer> rows = new ArrayList<>();
    List<Integer> blobs = new ArrayList<>();
    for (int c : columns) {
      String name = tableType.fields().get(c).name();
      if (StorageTypes.containsBlob(tableType.typeAt(c))
          && !table.options().descriptorFields().contains(name)) {
        blobs.add(c);
      } else {
        rows.add(c);
      }
    }
    this.rowColumns = rows.stream().mapToInt(Integer::intValue).toArray();
    this.blobColumns = blobs.stream().mapToInt(Integer::intValue).toArray();
    this.descriptorColumn = new boolean[rowColumns.length];
    List<DataType> types = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int r = 0; r < rowColumns.length; r++) {
      int c = rowColumns[r];
      types.add(tableType.typeAt(c));
      names.add(tableType.fields().get(c).name());
      descriptorColumn[r] = StorageTypes.containsBlob(tableType.typeAt(c));
    }
    this.rowColumnTypes = List.copyOf(types);
    this.rowColumnNames = List.copyOf(names);
    this.statsColumns = PaimonStats.statsColumns(rowColumnTypes);
    this.payloads = new BlobPayloads(io);
  }

  /**
   * Writes the next row of the range: {@code values} in table column order (only the written
   * columns are read; BLOB cells as {@code byte[]}, {@code BlobDescriptor} or null).
   *
   * @throws SchemaException if a value does not fit its column, naming the column and the row ID
   */
  public void write(Object[] values) throws IOException {
    if (rowsWritten == rowCount) {
      throw new IllegalStateException("range of " + rowCount + " rows is full");
    }
    if (stats == null) {
      open();
    }
    long rowId = firstRowId + rowsWritten;
    for (int b = 0; b < blobColumns.length; b++) {
      int c = blobColumns[b];
      try {
        payloads.store(
            blobWriters[b], tableType.fields().get(c).name(), tableType.typeAt(c), values[c], 0);
      } catch (SchemaException e) {
        throw new SchemaException(rowIdMessage(rowId, e.getMessage()), e);
      }
    }
    if (rowWriter != null) {
      Object[] stored = new Object[rowColumns.length];
      Object[] plain = new Object[rowColumns.length];
      for (int r = 0; r < rowColumns.length; r++) {
        Object v = values[rowColumns[r]];
        plain[r] = v;
        stored[r] =
            descriptorColumn[r]
                ? BlobCells.descriptorCell(rowColumnNames.get(r), rowColumnTypes.get(r), v, rowId)
                : v;
      }
      try {
        rowWriter.write(Row.wrap(stored));
      } catch (IllegalArgumentException e) {
        throw new SchemaException("row ID " + rowId + ": " + e.getMessage(), e);
      } catch (RowFormatException e) {
        Throwable reason = e.getCause() instanceof RowFormatException ? e.getCause() : e;
        throw new SchemaException("row ID " + rowId + ": " + reason.getMessage(), e);
      }
      stats.add(plain);
    }
    rowsWritten++;
  }

  /**
   * Whether rows can be appended straight from Arrow vectors ({@link #appendArrow}): when no BLOB
   * column is written (BLOB cells need their payloads copied, descriptor fields a conversion).
   */
  public boolean appendsArrow() {
    if (blobColumns.length > 0) {
      return false;
    }
    for (boolean d : descriptorColumn) {
      if (d) {
        return false;
      }
    }
    return true;
  }

  /**
   * Writes rows {@code from..to} of {@code vectors} (one per written column, in column order, in
   * the layout scans of this table give them) as the next rows of the range, without Java values.
   *
   * @throws IllegalStateException if {@link #appendsArrow()} is false
   */
  public void appendArrow(FieldVector[] vectors, int from, int to) throws IOException {
    if (!appendsArrow()) {
      throw new IllegalStateException("BLOB columns are written as values");
    }
    if (rowsWritten + (to - from) > rowCount) {
      throw new IllegalStateException("range of " + rowCount + " rows is full");
    }
    if (stats == null) {
      open();
    }
    if (appender == null || !java.util.Arrays.equals(appenderVectors, vectors)) {
      appenderVectors = vectors.clone();
      appender = rowWriter.arrowAppender(java.util.Arrays.asList(appenderVectors));
    }
    appender.appendRange(from, to);
    for (int r = 0; r < rowColumns.length; r++) {
      stats.addArrow(r, rowColumnNames.get(r), vectors[r], from, to);
    }
    rowsWritten += to - from;
  }

  /** The writers' messages count rows from 0; the caller knows rows by their row IDs. */
  private static String rowIdMessage(long rowId, String message) {
    return message.startsWith("row 0: ")
        ? "row ID " + rowId + ": " + message.substring("row 0: ".length())
        : "row ID " + rowId + ": " + message;
  }

  private void open() throws IOException {
    stats = new StatsCollector(rowColumnTypes);
    if (rowColumns.length > 0) {
      rowFileName = prefix + "0." + options.dataFileExtension();
      String path = table.paths().dataFile(partitionPath, rowFileName);
      written.add(path);
      rowWriter =
          options.newDataFileWriter(
              opened(path),
              path,
              StorageTypes.toFileType(tableType.project(rowColumns)),
              table.executors().decode());
    }
    blobWriters = new BlobFileWriter[blobColumns.length];
    blobNames = new String[blobColumns.length];
    for (int b = 0; b < blobColumns.length; b++) {
      blobNames[b] = prefix + (b + 1) + ".blob";
      String path = table.paths().dataFile(partitionPath, blobNames[b]);
      written.add(path);
      blobWriters[b] = new BlobFileWriter(opened(path), path, tableType.typeAt(blobColumns[b]));
    }
  }

  private OutputStream opened(String path) throws IOException {
    OutputStream out = io.newOutputStream(path);
    if (out instanceof Abortable) {
      abortable.add((Abortable) out);
    }
    return out;
  }

  /**
   * Closes the files and returns their manifest entries, with the range's first row ID (the data
   * file first, then its {@code .blob} files).
   *
   * @throws IllegalStateException if fewer rows than the range holds were written
   */
  public List<ManifestEntry> finish() throws IOException {
    if (rowsWritten != rowCount) {
      throw new IllegalStateException(
          "range at row ID "
              + firstRowId
              + " has "
              + rowCount
              + " rows, "
              + rowsWritten
              + " given");
    }
    if (stats == null) {
      open();
    }
    List<ManifestEntry> out = new ArrayList<>();
    if (rowWriter != null) {
      rowWriter.close();
      long size = rowWriter.bytesWritten();
      bytesWritten += size;
      rowWriter = null;
      out.add(
          ManifestEntry.add(
              partition,
              DataFileMeta.forAppend(
                      rowFileName,
                      size,
                      rowCount,
                      fileStats(),
                      statsColumns.stream().map(rowColumnNames::get).toList(),
                      table.schemaId(),
                      List.of(),
                      rowColumnNames)
                  .withFirstRowId(firstRowId)));
    }
    for (int b = 0; b < blobWriters.length; b++) {
      blobWriters[b].close();
      long size = blobWriters[b].bytesWritten();
      bytesWritten += size;
      out.add(
          ManifestEntry.add(
              partition,
              DataFileMeta.forAppend(
                      blobNames[b],
                      size,
                      rowCount,
                      SimpleStats.EMPTY,
                      List.of(),
                      table.schemaId(),
                      List.of(),
                      List.of(tableType.fields().get(blobColumns[b]).name()))
                  .withFirstRowId(firstRowId)));
    }
    blobWriters = new BlobFileWriter[0];
    return out;
  }

  /** The bytes of the files {@link #finish()} closed. */
  public long bytesWritten() {
    return bytesWritten;
  }

  /** Every file this writer created. */
  public List<String> writtenFiles() {
    return List.copyOf(written);
  }

  private SimpleStats fileStats() {
    ColumnStats[] all = stats.result();
    List<DataType> types = new ArrayList<>();
    ColumnStats[] picked = new ColumnStats[statsColumns.size()];
    for (int i = 0; i < picked.length; i++) {
      types.add(rowColumnTypes.get(statsColumns.get(i)));
      picked[i] = all[statsColumns.get(i)];
    }
    return PaimonStats.encode(types, picked);
  }

  /** Abandons and deletes every file written; never throws. */
  public void abort() {
    for (Abortable a : abortable) {
      try {
        a.abort();
      } catch (IOException | RuntimeException e) {
        // the output stays invisible; the deletes below still run
      }
    }
    abortable.clear();
    try {
      close();
    } catch (IOException | RuntimeException e) {
      // deleting below is what matters
    }
    try {
      io.deleteFiles(written);
    } catch (IOException e) {
      // an undeletable file is an orphan that removeOrphanFiles will collect
    }
  }

  @Override
  public void close() throws IOException {
    IOException failure = null;
    if (rowWriter != null) {
      try {
        rowWriter.close();
      } catch (IOException e) {
        failure = e;
      }
      rowWriter = null;
    }
    if (blobWriters != null) {
      for (BlobFileWriter w : blobWriters) {
        try {
          w.close();
        } catch (IOException e) {
          failure = failure == null ? e : failure;
        }
      }
      blobWriters = null;
    }
    if (failure != null) {
      throw failure;
    }
  }
}
