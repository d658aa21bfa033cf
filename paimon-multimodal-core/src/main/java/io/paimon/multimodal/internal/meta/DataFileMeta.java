package io.paimon.multimodal.internal.meta;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paimon.multimodal.internal.Json;
import io.paimon.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One data file of a table: its name in {@code data/}, size, row count, first row ID (assigned at
 * commit; -1 before), the schema it was written with, per-column stats and the {@code .blob} files
 * holding its BLOB payloads. Immutable.
 */
public final class DataFileMeta {

  private final String fileName;
  private final long fileSize;
  private final long rowCount;
  private final long firstRowId;
  private final long schemaId;
  private final ColumnStats[] stats;
  private final List<String> blobFiles;
  private final String statsFile;

  public DataFileMeta(
      String fileName,
      long fileSize,
      long rowCount,
      long firstRowId,
      long schemaId,
      ColumnStats[] stats,
      List<String> blobFiles,
      String statsFile) {
    this.fileName = fileName;
    this.fileSize = fileSize;
    this.rowCount = rowCount;
    this.firstRowId = firstRowId;
    this.schemaId = schemaId;
    this.stats = stats;
    this.blobFiles = List.copyOf(blobFiles);
    this.statsFile = statsFile;
  }

  public String fileName() {
    return fileName;
  }

  public long fileSize() {
    return fileSize;
  }

  public long rowCount() {
    return rowCount;
  }

  public long firstRowId() {
    return firstRowId;
  }

  /** One past the last row ID of the file. */
  public long endRowId() {
    return firstRowId + rowCount;
  }

  public long schemaId() {
    return schemaId;
  }

  /** Stats per column, in schema order. */
  public ColumnStats stats(int column) {
    return stats[column];
  }

  public List<String> blobFiles() {
    return blobFiles;
  }

  /** The file in {@code index/} holding per-row-group statistics, or null if there is none. */
  public String statsFile() {
    return statsFile;
  }

  public DataFileMeta withFirstRowId(long id) {
    return new DataFileMeta(
        fileName, fileSize, rowCount, id, schemaId, stats, blobFiles, statsFile);
  }

  ObjectNode toJson(RowType type) {
    ObjectNode n = Json.object();
    n.put("fileName", fileName);
    n.put("fileSize", fileSize);
    n.put("rowCount", rowCount);
    n.put("firstRowId", firstRowId);
    n.put("schemaId", schemaId);
    ArrayNode cols = n.putArray("stats");
    for (int i = 0; i < stats.length; i++) {
      ObjectNode c = cols.addObject();
      c.put("column", type.fields().get(i).name());
      c.set("min", StatsCodec.encode(type.typeAt(i), stats[i].min()));
      c.set("max", StatsCodec.encode(type.typeAt(i), stats[i].max()));
      c.put("nullCount", stats[i].nullCount());
    }
    ArrayNode blobs = n.putArray("blobFiles");
    blobFiles.forEach(blobs::add);
    if (statsFile != null) {
      n.put("statsFile", statsFile);
    }
    return n;
  }

  static DataFileMeta fromJson(JsonNode n, RowType type, String file) throws IOException {
    Json.objectElement(n, "file", file);
    String fileName = Json.fileName(n, "fileName", file);
    long fileSize = Json.longField(n, "fileSize", 0, Long.MAX_VALUE, file);
    long rowCount = Json.longField(n, "rowCount", 0, Long.MAX_VALUE, file);
    long firstRowId = Json.longField(n, "firstRowId", 0, Long.MAX_VALUE - rowCount, file);
    long schemaId = Json.longField(n, "schemaId", 0, Long.MAX_VALUE, file);
    ColumnStats[] stats = decodeStats(Json.arrayField(n, "stats", file), type, file);
    List<String> blobs = new ArrayList<>();
    JsonNode blobFiles = n.get("blobFiles");
    if (blobFiles != null && !blobFiles.isNull()) {
      for (JsonNode b : Json.arrayField(n, "blobFiles", file)) {
        if (!b.isTextual()) {
          throw new IOException(file + ": a blob file of '" + fileName + "' is not a string: " + b);
        }
        blobs.add(Json.checkFileName(b.textValue(), "blobFiles", file));
      }
    }
    String statsFile = n.hasNonNull("statsFile") ? Json.fileName(n, "statsFile", file) : null;
    return new DataFileMeta(
        fileName, fileSize, rowCount, firstRowId, schemaId, stats, blobs, statsFile);
  }

  /**
   * Decodes per-column statistics (min, max, null count) in schema order; a missing entry means no
   * statistics for that column. Shared by manifests and row-group statistics files.
   */
  static ColumnStats[] decodeStats(JsonNode cols, RowType type, String file) throws IOException {
    ColumnStats[] stats = new ColumnStats[type.fieldCount()];
    for (int i = 0; i < stats.length; i++) {
      JsonNode c = i < cols.size() ? cols.get(i) : null;
      if (c == null || c.isNull()) {
        stats[i] = new ColumnStats(null, null, 0);
        continue;
      }
      Json.objectElement(c, "stats", file);
      String column = type.fields().get(i).name();
      stats[i] =
          new ColumnStats(
              StatsCodec.decode(type.typeAt(i), c.get("min"), column, file),
              StatsCodec.decode(type.typeAt(i), c.get("max"), column, file),
              Json.longField(c, "nullCount", 0L, file));
      if (stats[i].nullCount() < 0) {
        throw new IOException(
            file + ": statistics of column '" + column + "' hold a negative null count");
      }
    }
    return stats;
  }
}
