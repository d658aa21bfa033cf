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
package io.paimon.multimodal.internal.meta;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.Json;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Per-row-group statistics of one data file, in {@code <data file>.stats} beside it and named in
 * its {@code _EXTRA_FILES} (so Paimon's cleaners keep and expire it with the data file): for each
 * group of consecutive rows, its row count and each column's min, max and null count. A filtered
 * scan reads it to select only the row groups (and so only the {@code .row} blocks) that can match,
 * where the file's own min/max in the manifest can only keep or skip the whole file. JSON, written
 * once; immutable.
 */
public final class GroupStatsFile {

  /** The name of a data file's row-group statistics file is the data file's name plus this. */
  public static final String SUFFIX = ".stats";

  /** The statistics of one row group. */
  public record Group(long startRow, long rowCount, ColumnStats[] stats) {}

  private GroupStatsFile() {}

  /** Writes the groups of a data file to {@code path}. */
  public static void write(FileIO io, String path, RowType type, List<Group> groups)
      throws IOException {
    ObjectNode root = Json.object();
    root.put("version", 1);
    ArrayNode arr = root.putArray("groups");
    for (Group g : groups) {
      ObjectNode n = arr.addObject();
      n.put("startRow", g.startRow());
      n.put("rowCount", g.rowCount());
      ArrayNode cols = n.putArray("stats");
      for (int i = 0; i < g.stats().length; i++) {
        ObjectNode c = cols.addObject();
        c.set("min", StatsCodec.encode(type.typeAt(i), g.stats()[i].min()));
        c.set("max", StatsCodec.encode(type.typeAt(i), g.stats()[i].max()));
        c.put("nullCount", g.stats()[i].nullCount());
      }
    }
    try (OutputStream out = io.newOutputStream(path)) {
      out.write(Json.bytes(root));
    }
  }

  /**
   * Reads the groups of a data file of {@code fileRows} rows. The groups must cover the file's rows
   * in order without gaps or overlaps; anything else is an IOException naming the file.
   */
  public static List<Group> read(FileIO io, String path, RowType type, long fileRows)
      throws IOException {
    return read(io.readAllBytes(path), path, type, fileRows);
  }

  /** As {@link #read(FileIO, String, RowType, long)}, from the file's bytes. */
  public static List<Group> read(byte[] content, String path, RowType type, long fileRows)
      throws IOException {
    JsonNode root = Json.parse(content, path);
    List<Group> groups = new ArrayList<>();
    long next = 0;
    for (JsonNode n : Json.arrayField(root, "groups", path)) {
      Json.objectElement(n, "groups", path);
      long start = Json.longField(n, "startRow", 0, Long.MAX_VALUE, path);
      long rows = Json.longField(n, "rowCount", 1, Long.MAX_VALUE, path);
      if (start != next || rows > fileRows - start) {
        throw new IOException(
            path
                + ": row group ["
                + start
                + ", +"
                + rows
                + ") does not continue the groups before it (next row "
                + next
                + ") within the file's "
                + fileRows
                + " rows");
      }
      next = start + rows;
      groups.add(
          new Group(start, rows, decodeStats(Json.arrayField(n, "stats", path), type, path)));
    }
    if (next != fileRows) {
      throw new IOException(
          path + ": the row groups cover " + next + " rows, the data file has " + fileRows);
    }
    return groups;
  }

  /**
   * Decodes per-column statistics (min, max, null count) in schema order; a missing entry means no
   * statistics for that column. Shared by manifests and row-group statistics files.
   */
  private static ColumnStats[] decodeStats(JsonNode cols, RowType type, String file)
      throws IOException {
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
