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

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.InputFile;
import io.paimon.row.Row;
import java.io.IOException;
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

/**
 * Helpers shared by the table tests: local directory listings, BLOB ranges and value comparison.
 */
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

  /**
   * Reads the byte range of a descriptor through a storage, such as the {@link Table#io()} its
   * table's descriptors resolve against, without the scan's BLOB machinery.
   */
  static byte[] readRange(FileIO io, BlobDescriptor d) {
    try (InputFile in = io.newInputFile(d.uri())) {
      byte[] out = new byte[Math.toIntExact(d.length())];
      in.readFully(d.offset(), out, 0, out.length);
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + d, e);
    }
  }

  /**
   * A form of a value that compares by content with {@code equals}: arrays become lists, rows
   * lists, maps keep their order as a list of entries, and BLOB descriptors become the bytes they
   * point at, read through {@code blobs}, unless it is null.
   */
  static Object normalize(Object v, FileIO blobs) {
    if (v == null) {
      return null;
    }
    if (v instanceof BlobDescriptor && blobs != null) {
      return normalize(readRange(blobs, (BlobDescriptor) v), null);
    }
    if (v.getClass().isArray()) {
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < Array.getLength(v); i++) {
        out.add(Array.get(v, i));
      }
      return out;
    }
    if (v instanceof Row) {
      return normalize(((Row) v).toArray(), blobs);
    }
    if (v instanceof List) {
      List<Object> out = new ArrayList<>();
      for (Object e : (List<?>) v) {
        out.add(normalize(e, blobs));
      }
      return out;
    }
    if (v instanceof Map) {
      List<Object> out = new ArrayList<>();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        out.add(Arrays.asList(normalize(e.getKey(), blobs), normalize(e.getValue(), blobs)));
      }
      return out;
    }
    return v;
  }

  /** {@link #normalize} of every value of a row, keeping the column order. */
  static Map<String, Object> normalizeRow(Map<String, Object> row, FileIO blobs) {
    Map<String, Object> out = new LinkedHashMap<>();
    row.forEach((k, v) -> out.put(k, normalize(v, blobs)));
    return out;
  }

  /** {@link #normalizeRow} of every row, leaving BLOB descriptors as they are. */
  static List<Map<String, Object>> normalizeRows(List<Map<String, Object>> rows) {
    return normalizeRows(rows, null);
  }

  /**
   * {@link #normalizeRow} of every row, BLOB descriptors read through {@code blobs} if not null.
   */
  static List<Map<String, Object>> normalizeRows(List<Map<String, Object>> rows, FileIO blobs) {
    List<Map<String, Object>> out = new ArrayList<>(rows.size());
    for (Map<String, Object> row : rows) {
      out.add(normalizeRow(row, blobs));
    }
    return out;
  }
}
