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

import io.paimon.row.Row;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.lang.reflect.Array;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Helpers shared by the table tests: directory listings, BLOB ranges and value comparison. */
final class TableFixtures {

  private TableFixtures() {}

  /** Every file and directory under {@code root}, as sorted relative paths (root excluded). */
  static List<String> tree(Path root) {
    if (!Files.exists(root)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(p -> !p.equals(root))
          .map(p -> root.relativize(p).toString())
          .sorted()
          .collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The names of the files in a directory, sorted; empty if it does not exist. */
  static List<String> names(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> list = Files.list(dir)) {
      return list.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The names in a directory ending with a suffix. */
  static List<String> names(Path dir, String suffix) {
    return names(dir).stream().filter(n -> n.endsWith(suffix)).collect(Collectors.toList());
  }

  /** Reads the byte range of a descriptor straight from the local file its uri names. */
  static byte[] readRange(BlobDescriptor d) {
    String uri = d.uri();
    Path path = uri.startsWith("file:") ? Path.of(java.net.URI.create(uri)) : Path.of(uri);
    try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "r")) {
      byte[] out = new byte[Math.toIntExact(d.length())];
      f.seek(d.offset());
      f.readFully(out);
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A form of a value that compares by content with {@code equals}: arrays become lists, rows
   * lists, maps keep their order as a list of entries, and BLOB descriptors of the table become the
   * bytes they point at when {@code resolveBlobs} is set.
   */
  static Object normalize(Object v, boolean resolveBlobs) {
    if (v == null) {
      return null;
    }
    if (v instanceof BlobDescriptor && resolveBlobs) {
      return normalize(readRange((BlobDescriptor) v), false);
    }
    if (v.getClass().isArray()) {
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < Array.getLength(v); i++) {
        out.add(Array.get(v, i));
      }
      return out;
    }
    if (v instanceof Row) {
      return normalize(((Row) v).toArray(), resolveBlobs);
    }
    if (v instanceof List) {
      List<Object> out = new ArrayList<>();
      for (Object e : (List<?>) v) {
        out.add(normalize(e, resolveBlobs));
      }
      return out;
    }
    if (v instanceof Map) {
      List<Object> out = new ArrayList<>();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        out.add(
            Arrays.asList(
                normalize(e.getKey(), resolveBlobs), normalize(e.getValue(), resolveBlobs)));
      }
      return out;
    }
    return v;
  }

  /** {@link #normalize} of every value of a row, keeping the column order. */
  static Map<String, Object> normalizeRow(Map<String, Object> row, boolean resolveBlobs) {
    Map<String, Object> out = new LinkedHashMap<>();
    row.forEach((k, v) -> out.put(k, normalize(v, resolveBlobs)));
    return out;
  }

  /** {@link #normalizeRow} of every row. */
  static List<Map<String, Object>> normalizeRows(
      List<Map<String, Object>> rows, boolean resolveBlobs) {
    List<Map<String, Object>> out = new ArrayList<>(rows.size());
    for (Map<String, Object> row : rows) {
      out.add(normalizeRow(row, resolveBlobs));
    }
    return out;
  }
}
