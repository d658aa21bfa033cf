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
import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.fs.Abortable;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.StorageTypes;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.meta.GroupStatsFile;
import io.paimon.multimodal.internal.meta.PaimonStats;
import io.paimon.multimodal.internal.meta.StatsCollector;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.SimpleStats;
import io.paimon.row.Row;
import io.paimon.row.RowFileWriter;
import io.paimon.row.RowFormatException;
import io.paimon.types.DataType;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Writes the rows of one commit to one partition in Paimon's data-evolution layout: the columns
 * without BLOBs (and {@code blob-descriptor-field} columns, as serialized descriptors) go to {@code
 * .row} data files, rolled at the target size; each BLOB column ({@code BLOB}, {@code ARRAY<BLOB>},
 * {@code MAP<K, BLOB>}) goes to a {@code .blob} file of its own, one entry per row, that becomes a
 * manifest entry of its own with {@code _WRITE_COLS = [column]} and covers exactly the rows of its
 * data file (the commit gives both the same first row ID). A BLOB given as a {@link BlobDescriptor}
 * is copied into the {@code .blob} file, as Paimon does; only descriptor fields keep descriptors.
 * Rows come as Java values ({@link #write(Object[])}) or as Arrow batches ({@link
 * #write(ArrowBatch)}), which are encoded straight from their vectors (see {@link BatchBinding}):
 * both write the same bytes for the same rows. On any failure the caller calls {@link #abort()},
 * which deletes every file written. Not thread-safe.
 */
public final class TableWriter implements DataWriter, AutoCloseable {

  private final TableState table;
  private final FileIO io;
  private final byte[] partition;
  private final String partitionPath;
  private final RowType tableType;
  private final WriteOptions options;

  /** Table columns stored in the {@code .row} file, in order. */
  private final int[] rowColumns;

  /** Which of {@link #rowColumns} are descriptor fields (BLOB cells stored as descriptors). */
  private final boolean[] descriptorColumn;

  private final RowType fileType;
  private final List<DataType> rowColumnTypes;
  private final List<String> rowColumnNames;
  private final List<Integer> statsColumns;

  /** Table columns stored in {@code .blob} files, in order. */
  private final int[] blobColumns;

  private final String prefix = "data-" + UUID.randomUUID() + "-";
  private final BlobPayloads payloads;
  private int fileCounter;
  private final List<String> written = new ArrayList<>();
  private final List<Abortable> abortable = new ArrayList<>();
  private final List<ManifestEntry> finished = new ArrayList<>();

  private RowFileWriter rowWriter;

  /** How {@link #rowWriter} takes the columns of the Arrow batch being written, if any. */
  private BatchBinding binding;

  private String rowFileName;
  private BlobFileWriter[] blobWriters;
  private String[] blobNames;
  private StatsCollector stats;
  private StatsCollector groupStats;
  private List<GroupStatsFile.Group> groups;
  private long groupStart;
  private long rowsInGroup;
  private long rowsWritten;

  /** The position of the row being written, as the caller counts rows: for error messages. */
  private long position;

  /**
   * A writer of the partition whose serialized BinaryRow is {@code partition} and whose directory
   * is {@code partitionPath} ("" for an unpartitioned table).
   */
  public TableWriter(
      TableState table, WriteOptions options, byte[] partition, String partitionPath) {
    this.table = table;
    this.io = table.io();
    this.partition = partition;
    this.partitionPath = partitionPath;
    this.tableType = table.schema().rowType();
    this.options = options;
    List<Integer> rows = new ArrayList<>();
    List<Integer> blobs = new ArrayList<>();
    for (int i = 0; i < tableType.fieldCount(); i++) {
      String name = tableType.fields().get(i).name();
      if (StorageTypes.containsBlob(tableType.typeAt(i))
          && !table.options().descriptorFields().contains(name)) {
        blobs.add(i);
      } else {
        rows.add(i);
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
    this.fileType = StorageTypes.toFileType(tableType.project(rowColumns));
    this.statsColumns = PaimonStats.statsColumns(rowColumnTypes);
    this.payloads = new BlobPayloads(io);
  }

  /**
   * Checks, before a table is created, that it can be written: its write options parse, its
   * partition keys are scalar columns, each BLOB is a column, an ARRAY element or a MAP value (what
   * the {@code .blob} layout holds), a table with BLOB columns has another column (Paimon's rule:
   * the data file carries the rows), and its data file format stores every column.
   *
   * @throws SchemaException naming the option or the column otherwise
   */
  public static void checkWritable(io.paimon.multimodal.Schema schema) {
    WriteOptions options = WriteOptions.of(schema.options());
    for (String key : schema.partitionKeys()) {
      DataType type = schema.rowType().typeAt(schema.rowType().fieldIndex(key));
      if (!canPartitionBy(type)) {
        throw new SchemaException(
            "partition key '"
                + key
                + "' has type "
                + type
                + "; partition keys must be scalar columns (not BLOB, VARIANT, VECTOR, ARRAY, MAP,"
                + " MULTISET or ROW)");
      }
    }
    boolean anyBlob = false;
    boolean anyOther = false;
    for (io.paimon.types.DataField f : schema.rowType().fields()) {
      if (StorageTypes.containsBlob(f.type())) {
        anyBlob = true;
        if (!BlobCells.layoutHolds(f.type())) {
          throw new SchemaException(
              "column '"
                  + f.name()
                  + "' of type "
                  + f.type()
                  + ": BLOB is supported as a column, an ARRAY element or a MAP value");
        }
      } else {
        anyOther = true;
      }
    }
    if (anyBlob && !anyOther) {
      throw new SchemaException(
          "a table with BLOB columns needs at least one column that is not a BLOB (Paimon keeps the"
              + " rows in a data file of the other columns)");
    }
    // Last: the table's rules come before those of its file format (parquet refuses VECTOR).
    options.checkWritable(StorageTypes.toFileType(schema.rowType()));
  }

  private static boolean canPartitionBy(DataType type) {
    switch (type.root()) {
      case BLOB:
      case VARIANT:
      case VECTOR:
      case ARRAY:
      case MAP:
      case MULTISET:
      case ROW:
        return false;
      default:
        return true;
    }
  }

  /** The number of rows written so far. */
  public long rowsWritten() {
    return rowsWritten;
  }

  @Override
  public void write(Object[] values) throws IOException {
    write(values, rowsWritten);
  }

  /**
   * Writes one row like {@link #write(Object[])}; errors name the row as {@code position} (its
   * place in the caller's input when this writer receives only some of the rows).
   */
  public void write(Object[] values, long position) throws IOException {
    this.position = position;
    if (rowWriter == null) {
      openFiles();
    }
    Object[] stored = new Object[rowColumns.length];
    Object[] plain = new Object[rowColumns.length];
    for (int r = 0; r < rowColumns.length; r++) {
      Object v = values[rowColumns[r]];
      plain[r] = v;
      stored[r] =
          descriptorColumn[r]
              ? BlobCells.descriptorCell(rowColumnNames.get(r), rowColumnTypes.get(r), v, position)
              : v;
    }
    // The .blob cells go first: a value of the wrong class fails before the row file sees the row.
    for (int b = 0; b < blobColumns.length; b++) {
      int c = blobColumns[b];
      payloads.store(
          blobWriters[b],
          tableType.fields().get(c).name(),
          tableType.typeAt(c),
          values[c],
          position);
    }
    try {
      rowWriter.write(Row.wrap(stored));
    } catch (IllegalArgumentException e) {
      throw new SchemaException("row " + position + ": " + e.getMessage(), e);
    } catch (RowFormatException e) {
      // The file writer prefixes the codec's "<field>: <problem>" with the data file and the row's
      // position in that file, which mean nothing to the caller: report the row of this write.
      Throwable reason = e.getCause() instanceof RowFormatException ? e.getCause() : e;
      throw new SchemaException("row " + position + ": " + reason.getMessage(), e);
    }
    groupStats.add(plain);
    rowsWritten++;
    if (++rowsInGroup == options.rowGroupSize()) {
      closeGroup();
    }
    if (rowWriter.bytesWritten() >= options.targetFileSize() || blobFilesFull()) {
      closeFiles();
    }
  }

  @Override
  public void write(ArrowBatch batch) throws IOException {
    write(batch, 0, batch.rowCount());
  }

  /**
   * Writes rows {@code from..to} of a batch like {@link #write(Object[], long)} of each: columns in
   * the {@code .row} codec's layout are encoded and their statistics gathered straight from the
   * vectors, a range at a time; other columns (another Arrow layout, BLOB descriptors, BLOB cells
   * for the {@code .blob} files) become Java values first, as the boxed path makes them (see {@link
   * BatchBinding}).
   */
  void write(ArrowBatch batch, int from, int to) throws IOException {
    int statsFrom = from;
    for (int i = from; i < to; i++) {
      long at = batch.position(i);
      this.position = at;
      if (rowWriter == null) {
        openFiles();
      }
      if (binding == null || !binding.binds(batch)) {
        binding = new BatchBinding(this, batch, rowWriter);
      }
      binding.convert(i, at);
      for (int b = 0; b < blobColumns.length; b++) {
        int c = blobColumns[b];
        payloads.store(
            blobWriters[b],
            tableType.fields().get(c).name(),
            tableType.typeAt(c),
            binding.blobValue(b),
            at);
      }
      try {
        binding.append(i);
      } catch (IllegalArgumentException e) {
        throw new SchemaException("row " + at + ": " + e.getMessage(), e);
      } catch (RowFormatException e) {
        Throwable reason = e.getCause() instanceof RowFormatException ? e.getCause() : e;
        throw new SchemaException("row " + at + ": " + reason.getMessage(), e);
      }
      binding.valueStats(groupStats);
      rowsWritten++;
      boolean groupFull = ++rowsInGroup == options.rowGroupSize();
      boolean filesFull = rowWriter.bytesWritten() >= options.targetFileSize() || blobFilesFull();
      if (groupFull || filesFull) {
        binding.vectorStats(groupStats, statsFrom, i + 1);
        statsFrom = i + 1;
        if (groupFull) {
          closeGroup();
        }
        if (filesFull) {
          closeFiles();
        }
      }
    }
    if (statsFrom < to) {
      binding.vectorStats(groupStats, statsFrom, to);
    }
  }

  /** The table's row type. */
  RowType tableType() {
    return tableType;
  }

  /** Table columns stored in the data file, in file order. */
  int[] rowColumns() {
    return rowColumns;
  }

  /** Table columns stored in {@code .blob} files, in order. */
  int[] blobColumns() {
    return blobColumns;
  }

  /** Whether row column {@code r} holds BLOB descriptors ({@code blob-descriptor-field}). */
  boolean isDescriptorColumn(int r) {
    return descriptorColumn[r];
  }

  /** The data file's row type. */
  RowType fileType() {
    return fileType;
  }

  private boolean blobFilesFull() {
    for (BlobFileWriter w : blobWriters) {
      if (w.bytesWritten() >= options.blobTargetFileSize()) {
        return true;
      }
    }
    return false;
  }

  private String nextName(String extension) {
    return prefix + (fileCounter++) + extension;
  }

  /** Opens a data file's stream, kept so that {@link #abort} can abandon it unpublished. */
  private OutputStream opened(String path) throws IOException {
    OutputStream out = io.newOutputStream(path);
    if (out instanceof Abortable) {
      abortable.add((Abortable) out);
    }
    return out;
  }

  private void openFiles() throws IOException {
    abortable.clear();
    rowFileName = nextName("." + options.dataFileExtension());
    String rowPath = table.paths().dataFile(partitionPath, rowFileName);
    written.add(rowPath);
    // .row blocks are compressed on the connection's decode pool while the next one is encoded.
    rowWriter =
        options.newDataFileWriter(opened(rowPath), rowPath, fileType, table.executors().decode());
    blobWriters = new BlobFileWriter[blobColumns.length];
    blobNames = new String[blobColumns.length];
    for (int b = 0; b < blobColumns.length; b++) {
      blobNames[b] = nextName(".blob");
      String path = table.paths().dataFile(partitionPath, blobNames[b]);
      written.add(path);
      blobWriters[b] = new BlobFileWriter(opened(path), path, tableType.typeAt(blobColumns[b]));
    }
    stats = new StatsCollector(rowColumnTypes);
    groupStats = new StatsCollector(rowColumnTypes);
    groups = new ArrayList<>();
    groupStart = 0;
    rowsInGroup = 0;
  }

  private void closeGroup() {
    if (rowsInGroup > 0) {
      groups.add(new GroupStatsFile.Group(groupStart, rowsInGroup, groupStats.result()));
      stats.absorb(groupStats);
      groupStart += rowsInGroup;
      rowsInGroup = 0;
      groupStats.reset();
    }
  }

  private void closeFiles() throws IOException {
    long rows = rowWriter.rowCount();
    rowWriter.close();
    long size = rowWriter.bytesWritten();
    long[] blobSizes = new long[blobWriters.length];
    for (int b = 0; b < blobWriters.length; b++) {
      blobWriters[b].close();
      blobSizes[b] = blobWriters[b].bytesWritten();
    }
    closeGroup();
    List<String> extra = new ArrayList<>();
    if (groups.size() > 1) {
      // One group adds nothing to the file's own statistics in the manifest. The file lives beside
      // its data file and is named in _EXTRA_FILES, so Paimon's cleaners keep and expire it with
      // it.
      String statsFile = rowFileName + GroupStatsFile.SUFFIX;
      String statsPath = table.paths().dataFile(partitionPath, statsFile);
      written.add(statsPath);
      GroupStatsFile.write(io, statsPath, new RowType(fileFields()), groups);
      extra.add(statsFile);
    }
    finished.add(
        ManifestEntry.add(
            partition,
            DataFileMeta.forAppend(
                rowFileName,
                size,
                rows,
                fileStats(),
                statsColumns.stream().map(rowColumnNames::get).toList(),
                table.schemaId(),
                extra,
                // As Paimon writes it: null when the file holds every column of its schema.
                blobColumns.length == 0 ? null : rowColumnNames)));
    for (int b = 0; b < blobWriters.length; b++) {
      finished.add(
          ManifestEntry.add(
              partition,
              DataFileMeta.forAppend(
                  blobNames[b],
                  blobSizes[b],
                  rows,
                  SimpleStats.EMPTY,
                  List.of(),
                  table.schemaId(),
                  List.of(),
                  List.of(tableType.fields().get(blobColumns[b]).name()))));
    }
    rowWriter = null;
    binding = null;
    blobWriters = null;
    blobNames = null;
  }

  private List<io.paimon.types.DataField> fileFields() {
    List<io.paimon.types.DataField> out = new ArrayList<>();
    for (int c : rowColumns) {
      out.add(tableType.fields().get(c));
    }
    return out;
  }

  private SimpleStats fileStats() {
    io.paimon.multimodal.internal.meta.ColumnStats[] all = stats.result();
    List<DataType> types = new ArrayList<>();
    io.paimon.multimodal.internal.meta.ColumnStats[] picked =
        new io.paimon.multimodal.internal.meta.ColumnStats[statsColumns.size()];
    for (int i = 0; i < picked.length; i++) {
      types.add(rowColumnTypes.get(statsColumns.get(i)));
      picked[i] = all[statsColumns.get(i)];
    }
    return PaimonStats.encode(types, picked);
  }

  /** Closes the open files and returns their entries (row IDs not yet assigned), in file order. */
  @Override
  public List<ManifestEntry> finish() throws IOException {
    if (rowWriter != null) {
      closeFiles();
    }
    return List.copyOf(finished);
  }

  @Override
  public List<String> writtenFiles() {
    return List.copyOf(written);
  }

  @Override
  public void abort() {
    // Streams that publish on close (object store uploads) are abandoned first, so that closing
    // the writers below publishes nothing that the deletes would then have to remove.
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
    if (!written.isEmpty()) {
      removeEmptyDirectories();
    }
  }

  /** The bucket directory and partition directories this writer made, if they are now empty. */
  private void removeEmptyDirectories() {
    String dir = table.paths().bucketDir(partitionPath);
    String stop = table.paths().root();
    while (dir.length() > stop.length() && dir.startsWith(stop)) {
      try {
        if (!io.list(dir).isEmpty()) {
          return;
        }
        io.delete(dir);
      } catch (IOException e) {
        // another writer's file arrived, or the store keeps no directories: either is fine
        return;
      }
      dir = dir.substring(0, dir.lastIndexOf('/'));
    }
  }

  /** Closes open files without recording them. */
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
      binding = null;
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
