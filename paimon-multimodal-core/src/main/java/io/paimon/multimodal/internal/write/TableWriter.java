package io.paimon.multimodal.internal.write;

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.StorageTypes;
import io.paimon.multimodal.internal.TablePaths;
import io.paimon.multimodal.internal.blob.BlobFileWriter;
import io.paimon.multimodal.internal.meta.DataFileMeta;
import io.paimon.multimodal.internal.meta.GroupStatsFile;
import io.paimon.multimodal.internal.meta.StatsCollector;
import io.paimon.row.Row;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileWriter;
import io.paimon.row.RowFormatException;
import io.paimon.types.ArrayType;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.MapType;
import io.paimon.types.RowType;
import java.io.IOException;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Writes the rows of one commit: scalar columns to {@code .row} data files, rolled at the target
 * size, and BLOB payloads given as bytes to one {@code .blob} file per BLOB column and data file
 * (one entry per row, so blob files stay row-aligned with their data file). BLOB cells are stored
 * in the data file as serialized descriptors; a {@link BlobDescriptor} given as input is stored as
 * given. On any failure the caller calls {@link #abort()}, which deletes every file written, so a
 * failed write leaves nothing behind. Not thread-safe.
 */
public final class TableWriter implements DataWriter, AutoCloseable {

  private final FileIO io;
  private final TablePaths paths;
  private final long schemaId;
  private final RowType tableType;
  private final RowType fileType;
  private final WriteOptions options;
  private final int[] blobColumns;
  private final String prefix = "data-" + UUID.randomUUID() + "-";

  private int fileCounter;
  private final List<String> written = new ArrayList<>();
  private final List<DataFileMeta> finished = new ArrayList<>();

  private RowFileWriter rowWriter;
  private String rowFileName;
  private BlobFileWriter[] blobWriters;
  private String[] blobPaths;

  /** The open file's statistics: the fold of its closed row groups. */
  private StatsCollector stats;

  private StatsCollector groupStats;
  private List<GroupStatsFile.Group> groups;
  private long groupStart;
  private long rowsInGroup;
  private long rowsWritten;

  /** The position of the row being written, as the caller counts rows: for error messages. */
  private long position;

  public TableWriter(
      FileIO io, TablePaths paths, Schema schema, long schemaId, WriteOptions options) {
    this.io = io;
    this.paths = paths;
    this.schemaId = schemaId;
    this.tableType = schema.rowType();
    this.fileType = StorageTypes.toFileType(tableType);
    this.options = options;
    List<Integer> blobs = new ArrayList<>();
    for (int i = 0; i < tableType.fieldCount(); i++) {
      if (StorageTypes.containsBlob(tableType.typeAt(i))) {
        blobs.add(i);
      }
    }
    this.blobColumns = blobs.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * Checks, before a table is created, that it can be written: its write options parse, its
   * partition keys are scalar columns, and each BLOB is a column, an ARRAY element or a MAP value
   * (what the {@code .blob} layout holds).
   *
   * @throws SchemaException naming the option or the column otherwise
   */
  public static void checkWritable(Schema schema) {
    WriteOptions.of(schema.options());
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
    for (DataField f : schema.rowType().fields()) {
      if (StorageTypes.containsBlob(f.type()) && !blobLayoutHolds(f.type())) {
        throw new SchemaException(
            "column '"
                + f.name()
                + "' of type "
                + f.type()
                + ": BLOB is supported as a column, an ARRAY element or a MAP value");
      }
    }
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

  private static boolean blobLayoutHolds(DataType type) {
    switch (type.root()) {
      case BLOB:
        return true;
      case ARRAY:
        return ((ArrayType) type).elementType().root() == DataTypeRoot.BLOB;
      case MAP:
        return ((MapType) type).valueType().root() == DataTypeRoot.BLOB
            && !StorageTypes.containsBlob(((MapType) type).keyType());
      default:
        return false;
    }
  }

  /** The number of rows written so far. */
  public long rowsWritten() {
    return rowsWritten;
  }

  /**
   * Writes one row of Java values in schema order (BLOB cells as {@code byte[]}, {@link
   * BlobDescriptor} or null).
   *
   * @throws SchemaException if a value does not fit its column; the message names the column and
   *     the row's position in this write
   */
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
    Object[] stored = values.clone();
    for (int b = 0; b < blobColumns.length; b++) {
      int c = blobColumns[b];
      stored[c] = storeBlobs(c, b, tableType.typeAt(c), values[c]);
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
    groupStats.add(values);
    rowsWritten++;
    if (++rowsInGroup == options.rowGroupSize()) {
      closeGroup();
    }
    if (rowWriter.bytesWritten() >= options.targetFileSize() || blobFilesFull()) {
      closeFiles();
    }
  }

  private boolean blobFilesFull() {
    for (BlobFileWriter w : blobWriters) {
      if (w.bytesWritten() >= options.blobTargetFileSize()) {
        return true;
      }
    }
    return false;
  }

  private Object storeBlobs(int column, int blobIndex, DataType type, Object value)
      throws IOException {
    String name = tableType.fields().get(column).name();
    BlobFileWriter blobs = blobWriters[blobIndex];
    String uri = blobPaths[blobIndex];
    if (value == null) {
      blobs.addNull();
      return null;
    }
    if (type.root() == DataTypeRoot.BLOB) {
      if (value instanceof BlobDescriptor) {
        blobs.addNull();
        return ((BlobDescriptor) value).serialize();
      }
      if (value instanceof byte[]) {
        long[] range = blobs.add((byte[]) value);
        return new BlobDescriptor(uri, range[0], range[1]).serialize();
      }
      throw new SchemaException(
          "row "
              + position
              + ": BLOB column '"
              + name
              + "' takes byte[] or BlobDescriptor, got "
              + value.getClass().getName());
    }
    if (type.root() == DataTypeRoot.ARRAY) {
      if (!(value instanceof List)) {
        throw new SchemaException(
            "row "
                + position
                + ": column '"
                + name
                + "' of type "
                + type
                + " takes a List, got "
                + value.getClass().getName());
      }
      List<?> cells = (List<?>) value;
      List<byte[]> payloads = new ArrayList<>(cells.size());
      for (Object cell : cells) {
        payloads.add(blobBytes(name, cell));
      }
      BlobFileWriter.NestedCell placed = blobs.addArray(payloads);
      List<Object> out = new ArrayList<>(cells.size());
      for (int i = 0; i < cells.size(); i++) {
        out.add(
            descriptorOf(
                cells.get(i), uri, placed.layout().valueOffset(i), placed.layout().valueLength(i)));
      }
      return out;
    }
    if (type.root() == DataTypeRoot.MAP) {
      if (!(value instanceof Map)) {
        throw new SchemaException(
            "row "
                + position
                + ": column '"
                + name
                + "' of type "
                + type
                + " takes a Map, got "
                + value.getClass().getName());
      }
      List<Map.Entry<Object, byte[]>> entries = new ArrayList<>();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        entries.add(new AbstractMap.SimpleEntry<>(e.getKey(), blobBytes(name, e.getValue())));
      }
      BlobFileWriter.NestedCell placed = blobs.addMap(entries);
      Map<Object, Object> out = new java.util.LinkedHashMap<>();
      int i = 0;
      for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        out.put(
            e.getKey(),
            descriptorOf(
                e.getValue(), uri, placed.layout().valueOffset(i), placed.layout().valueLength(i)));
        i++;
      }
      return out;
    }
    throw new SchemaException(
        "column '"
            + name
            + "' of type "
            + type
            + ": BLOB is supported as a column, an ARRAY element or a MAP value");
  }

  private byte[] blobBytes(String column, Object cell) {
    if (cell == null || cell instanceof BlobDescriptor) {
      return null;
    }
    if (cell instanceof byte[]) {
      return (byte[]) cell;
    }
    throw new SchemaException(
        "row "
            + position
            + ": BLOB elements of column '"
            + column
            + "' take byte[] or BlobDescriptor, got "
            + cell.getClass().getName());
  }

  private static byte[] descriptorOf(Object cell, String uri, long offset, long length) {
    if (cell == null) {
      return null;
    }
    if (cell instanceof BlobDescriptor) {
      return ((BlobDescriptor) cell).serialize();
    }
    return new BlobDescriptor(uri, offset, length).serialize();
  }

  private String nextName(String extension) {
    return prefix + (fileCounter++) + extension;
  }

  private void openFiles() throws IOException {
    rowFileName = nextName(".row");
    String rowPath = paths.dataFile(rowFileName);
    written.add(rowPath);
    rowWriter =
        RowFile.newWriter(io.newOutputStream(rowPath), rowPath, fileType, options.rowFileOptions());
    blobWriters = new BlobFileWriter[blobColumns.length];
    blobPaths = new String[blobColumns.length];
    for (int b = 0; b < blobColumns.length; b++) {
      String path = paths.dataFile(nextName(".blob"));
      written.add(path);
      blobPaths[b] = path;
      blobWriters[b] =
          new BlobFileWriter(io.newOutputStream(path), path, tableType.typeAt(blobColumns[b]));
    }
    stats = new StatsCollector(tableType);
    groupStats = new StatsCollector(tableType);
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
    List<String> blobNames = new ArrayList<>();
    for (int b = 0; b < blobWriters.length; b++) {
      blobWriters[b].close();
      blobNames.add(blobPaths[b].substring(blobPaths[b].lastIndexOf('/') + 1));
    }
    long size = rowWriter.bytesWritten();
    closeGroup();
    String statsFile = null;
    if (groups.size() > 1) {
      // One group adds nothing to the file's own statistics in the manifest.
      statsFile = rowFileName + ".stats";
      String statsPath = paths.indexFile(statsFile);
      written.add(statsPath);
      GroupStatsFile.write(io, statsPath, tableType, groups);
    }
    finished.add(
        new DataFileMeta(
            rowFileName, size, rows, -1, schemaId, stats.result(), blobNames, statsFile));
    rowWriter = null;
    blobWriters = null;
    blobPaths = null;
  }

  /** Closes the open files and returns the data files written, without row IDs yet. */
  @Override
  public List<DataFileMeta> finish() throws IOException {
    if (rowWriter != null) {
      closeFiles();
    }
    return List.copyOf(finished);
  }

  /** Every file this writer created (data and blob), for cleanup. */
  public List<String> writtenFiles() {
    return List.copyOf(written);
  }

  /** Closes and deletes every file written; never throws. */
  @Override
  public void abort() {
    try {
      close();
    } catch (IOException | RuntimeException e) {
      // deleting below is what matters
    }
    for (String path : written) {
      try {
        io.delete(path);
      } catch (IOException e) {
        // an undeletable file is an orphan that removeOrphanFiles will collect
      }
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
