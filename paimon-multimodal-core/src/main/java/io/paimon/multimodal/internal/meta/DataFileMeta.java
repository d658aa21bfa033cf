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
    JsonNode cols = Json.required(n, "stats", file);
    ColumnStats[] stats = new ColumnStats[type.fieldCount()];
    for (int i = 0; i < stats.length; i++) {
      JsonNode c = i < cols.size() ? cols.get(i) : null;
      stats[i] =
          c == null
              ? new ColumnStats(null, null, 0)
              : new ColumnStats(
                  StatsCodec.decode(type.typeAt(i), c.get("min")),
                  StatsCodec.decode(type.typeAt(i), c.get("max")),
                  c.path("nullCount").asLong());
    }
    List<String> blobs = new ArrayList<>();
    n.path("blobFiles").forEach(b -> blobs.add(b.asText()));
    return new DataFileMeta(
        Json.required(n, "fileName", file).asText(),
        Json.required(n, "fileSize", file).asLong(),
        Json.required(n, "rowCount", file).asLong(),
        Json.required(n, "firstRowId", file).asLong(),
        Json.required(n, "schemaId", file).asLong(),
        stats,
        blobs,
        n.hasNonNull("statsFile") ? n.get("statsFile").asText() : null);
  }
}
