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
package io.paimon.row;

import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * A golden {@code .row} file written by Apache Paimon and its sibling JSON, from the test resources
 * directory {@code rowformat/} (see the README there). Loaded once per JVM and cached; the rows are
 * converted on first use. Thread-safe.
 */
public final class GoldenFile {

  /** The footer and block index as Paimon's classes decoded them. */
  public record Layout(
      long fileSize,
      long totalRowCount,
      int blockCount,
      long indexOffset,
      int indexLength,
      int[] compressedSizes,
      int[] uncompressedSizes,
      long[] rowStarts) {}

  private static final String RESOURCE_DIR = "rowformat";
  private static final Map<String, GoldenFile> CACHE = new ConcurrentHashMap<>();

  private final String name;
  private final Path rowPath;
  private final String schema;
  private final RowType rowType;
  private final List<String> fieldNames;
  private final List<String> fieldTypes;
  private final int blockSize;
  private final int zstdLevel;
  private final long rowCount;
  private final String sha256;
  private final Layout layout;
  private final Path jsonPath;
  private List<Row> rows;

  private GoldenFile(String name, Path rowPath, Path jsonPath, Map<String, Object> json) {
    this.name = name;
    this.rowPath = rowPath;
    this.jsonPath = jsonPath;
    this.schema = Json.string(json.get("schema"), "schema");
    this.rowType = (RowType) DataTypes.parse(schema);
    List<String> names = new ArrayList<>();
    List<String> types = new ArrayList<>();
    for (Object field : Json.array(json.get("fields"), "fields")) {
      names.add(Json.string(Json.object(field, "fields[]").get("name"), "fields[].name"));
      types.add(Json.string(Json.object(field, "fields[]").get("type"), "fields[].type"));
    }
    this.fieldNames = List.copyOf(names);
    this.fieldTypes = List.copyOf(types);
    this.blockSize = Json.number(json.get("block_size"), "block_size").intValue();
    this.zstdLevel = Json.number(json.get("zstd_level"), "zstd_level").intValue();
    this.rowCount = Json.number(json.get("row_count"), "row_count").longValue();
    this.sha256 = Json.string(json.get("sha256"), "sha256");
    this.layout = layout(Json.object(json.get("layout"), "layout"));
  }

  private static Layout layout(Map<String, Object> json) {
    List<Object> compressed = Json.array(json.get("block_compressed_sizes"), "compressed");
    List<Object> uncompressed = Json.array(json.get("block_uncompressed_sizes"), "uncompressed");
    List<Object> starts = Json.array(json.get("block_row_starts"), "row starts");
    return new Layout(
        Json.number(json.get("file_size"), "file_size").longValue(),
        Json.number(json.get("total_row_count"), "total_row_count").longValue(),
        Json.number(json.get("block_count"), "block_count").intValue(),
        Json.number(json.get("index_offset"), "index_offset").longValue(),
        Json.number(json.get("index_length"), "index_length").intValue(),
        compressed.stream().mapToInt(v -> Json.number(v, "size").intValue()).toArray(),
        uncompressed.stream().mapToInt(v -> Json.number(v, "size").intValue()).toArray(),
        starts.stream().mapToLong(v -> Json.number(v, "start").longValue()).toArray());
  }

  /** The directory holding the golden files on the test class path. */
  public static Path directory() {
    URL readme = GoldenFile.class.getClassLoader().getResource(RESOURCE_DIR + "/README.md");
    if (readme == null) {
      throw new IllegalStateException("no " + RESOURCE_DIR + "/README.md on the class path");
    }
    try {
      return Paths.get(readme.toURI()).getParent();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The base names of every golden file (an {@code X.row} with an {@code X.json}), sorted. */
  public static List<String> names() {
    try (Stream<Path> files = Files.list(directory())) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(f -> f.endsWith(".row"))
          .map(f -> f.substring(0, f.length() - ".row".length()))
          .filter(n -> Files.exists(directory().resolve(n + ".json")))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The golden file {@code name} (without extension), parsed once and cached. */
  public static GoldenFile load(String name) {
    return CACHE.computeIfAbsent(
        name,
        n -> {
          Path dir = directory();
          Path json = dir.resolve(n + ".json");
          try {
            return new GoldenFile(
                n, dir.resolve(n + ".row"), json, Json.readObject(json, k -> !k.equals("rows")));
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        });
  }

  /** The base name, e.g. {@code nested}. */
  public String name() {
    return name;
  }

  /** The {@code .row} file. */
  public Path rowPath() {
    return rowPath;
  }

  /** The schema as Paimon printed it. */
  public String schema() {
    return schema;
  }

  /** The schema, parsed. */
  public RowType rowType() {
    return rowType;
  }

  /** The field names of the JSON {@code fields} list. */
  public List<String> fieldNames() {
    return fieldNames;
  }

  /** The field types of the JSON {@code fields} list, as Paimon printed them. */
  public List<String> fieldTypes() {
    return fieldTypes;
  }

  /** The block size the file was written with. */
  public int blockSize() {
    return blockSize;
  }

  /** The zstd level the file was written with. */
  public int zstdLevel() {
    return zstdLevel;
  }

  /** The row count from the JSON. */
  public long rowCount() {
    return rowCount;
  }

  /** The SHA-256 of the {@code .row} file, lower-case hex. */
  public String sha256() {
    return sha256;
  }

  /** The footer and index as Paimon decoded them. */
  public Layout layout() {
    return layout;
  }

  /**
   * The expected rows in file order, in the Java value model; read from the JSON on first use. Do
   * not modify the values.
   */
  public synchronized List<Row> rows() {
    if (rows == null) {
      Object json;
      try {
        json = Json.readObject(jsonPath, k -> k.equals("rows")).get("rows");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      List<Object> rowsJson = Json.array(json, name + ".rows");
      List<Row> expected = new ArrayList<>(rowsJson.size());
      for (int i = 0; i < rowsJson.size(); i++) {
        expected.add(GoldenJson.toRow(rowsJson.get(i), rowType, name + ".rows[" + i + "]"));
      }
      rows = Collections.unmodifiableList(expected);
    }
    return rows;
  }

  @Override
  public String toString() {
    return name;
  }
}
