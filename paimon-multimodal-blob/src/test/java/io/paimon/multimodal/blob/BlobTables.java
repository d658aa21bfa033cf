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
package io.paimon.multimodal.blob;

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.InputFile;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Test tables and the brute-force reference: a per-row loop that reads each descriptor's range with
 * one positional read from the storage, independent of the reader under test.
 */
final class BlobTables {

  private BlobTables() {}

  /**
   * id BIGINT, tag STRING, image BLOB, pages ARRAY&lt;BLOB&gt;, renditions MAP&lt;STRING, BLOB&gt;.
   */
  static Schema schema() {
    return Schema.builder()
        .column("id", DataTypes.BIGINT().notNull())
        .column("tag", DataTypes.STRING())
        .column("image", DataTypes.BLOB())
        .column("pages", DataTypes.ARRAY(DataTypes.BLOB()))
        .column("renditions", DataTypes.MAP(DataTypes.STRING(), DataTypes.BLOB()))
        .build();
  }

  /** Random bytes of the given size, deterministic in (seed, id). */
  static byte[] payload(long seed, long id, int size) {
    byte[] b = new byte[size];
    new Random(seed * 31 + id).nextBytes(b);
    return b;
  }

  /** Rows with only an image of {@code size(i)} bytes (null when size is negative). */
  static List<Map<String, Object>> images(long seed, int from, int count, int[] sizes) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = from; i < from + count; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", (long) i);
      row.put("tag", "t" + (i % 10));
      int size = sizes[i - from];
      row.put("image", size < 0 ? null : payload(seed, i, size));
      rows.add(row);
    }
    return rows;
  }

  /**
   * Rows with random cells in every BLOB column: null cells, empty and null containers, null
   * elements, empty payloads, and external descriptors when {@code externals} is given.
   */
  static List<Map<String, Object>> randomRows(
      Random random, long seed, int from, int count, List<BlobDescriptor> externals) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = from; i < from + count; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", (long) i);
      row.put("tag", "t" + random.nextInt(5));
      row.put("image", cell(random, seed, i * 100L, externals));
      if (random.nextInt(6) != 0) {
        List<Object> pages = new ArrayList<>();
        int n = random.nextInt(4);
        for (int e = 0; e < n; e++) {
          pages.add(cell(random, seed, i * 100L + 10 + e, externals));
        }
        row.put("pages", pages);
      }
      if (random.nextInt(6) != 0) {
        Map<String, Object> renditions = new LinkedHashMap<>();
        int n = random.nextInt(4);
        for (int e = 0; e < n; e++) {
          renditions.put("k" + e, cell(random, seed, i * 100L + 50 + e, externals));
        }
        row.put("renditions", renditions);
      }
      rows.add(row);
    }
    return rows;
  }

  private static Object cell(Random random, long seed, long id, List<BlobDescriptor> externals) {
    int kind = random.nextInt(10);
    if (kind == 0) {
      return null;
    }
    if (kind == 1 && externals != null && !externals.isEmpty()) {
      return externals.get(random.nextInt(externals.size()));
    }
    return payload(seed, id, kind == 2 ? 0 : random.nextInt(3000));
  }

  /** Reads a descriptor's range directly from the file, through {@code io}. */
  static byte[] readDirect(FileIO io, BlobDescriptor d) {
    if (d == null) {
      return null;
    }
    try (InputFile in = io.newInputFile(d.uri())) {
      long length = d.length() < 0 ? in.length() - d.offset() : d.length();
      byte[] b = new byte[(int) length];
      in.readFully(d.offset(), b, 0, b.length);
      return b;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * The reference result of a column: the per-row loop over {@code scan.toList()}, reading the
   * payloads through {@code io} (the storage itself, not a wrapper that counts requests).
   */
  @SuppressWarnings("unchecked")
  static List<Object> reference(Scan scan, String column, FileIO io) {
    List<Object> out = new ArrayList<>();
    for (Map<String, Object> row : scan.toList()) {
      Object v = row.get(column);
      if (v == null) {
        out.add(null);
      } else if (v instanceof BlobDescriptor) {
        out.add(readDirect(io, (BlobDescriptor) v));
      } else if (v instanceof List) {
        List<byte[]> l = new ArrayList<>();
        for (Object e : (List<Object>) v) {
          l.add(readDirect(io, (BlobDescriptor) e));
        }
        out.add(l);
      } else {
        List<Map.Entry<Object, byte[]>> l = new ArrayList<>();
        for (Map.Entry<Object, Object> e : ((Map<Object, Object>) v).entrySet()) {
          l.add(
              new AbstractMap.SimpleImmutableEntry<>(
                  e.getKey(), readDirect(io, (BlobDescriptor) e.getValue())));
        }
        out.add(l);
      }
    }
    return out;
  }

  /** Makes payloads comparable by content: byte[] becomes a ByteBuffer, recursively. */
  static Object normalize(Object v) {
    if (v instanceof byte[]) {
      return ByteBuffer.wrap((byte[]) v);
    }
    if (v instanceof List) {
      List<Object> out = new ArrayList<>();
      for (Object e : (List<?>) v) {
        out.add(normalize(e));
      }
      return out;
    }
    if (v instanceof Map.Entry) {
      Map.Entry<?, ?> e = (Map.Entry<?, ?>) v;
      return new AbstractMap.SimpleImmutableEntry<>(e.getKey(), normalize(e.getValue()));
    }
    return v;
  }

  static Table table(io.paimon.multimodal.Connection conn, String name) {
    return conn.createTable(name, schema(), false);
  }

  /**
   * {@link #schema()} plus {@code ref BLOB}, a {@code blob-descriptor-field}: its cells are
   * descriptors as the user gave them (Paimon's layout for payloads stored elsewhere), so they may
   * point anywhere, even into this table's own {@code .blob} files.
   */
  static Table tableWithReferences(io.paimon.multimodal.Connection conn, String name) {
    Schema.Builder b = Schema.builder();
    schema().rowType().fields().forEach(f -> b.column(f.name(), f.type()));
    return conn.createTable(
        name,
        b.column("ref", DataTypes.BLOB()).option("blob-descriptor-field", "ref").build(),
        false);
  }
}
