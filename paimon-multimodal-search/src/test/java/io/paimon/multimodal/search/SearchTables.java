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
package io.paimon.multimodal.search;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.types.DataTypes;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.LongPredicate;

/**
 * Seeded test tables of documents (id, category, an 8-d embedding, content) and the brute-force
 * reference every search is checked against.
 */
final class SearchTables {

  static final int DIM = 8;
  static final String[] WORDS = {
    "robot", "arm", "lake", "data", "vision", "grasp", "camera", "wheel", "sensor", "joint",
    "torque", "policy", "episode", "reward", "frame", "depth"
  };

  private SearchTables() {}

  static Table create(Connection conn, String name) {
    return create(conn, name, Map.of());
  }

  static Table create(Connection conn, String name, Map<String, String> options) {
    Schema.Builder schema = Schema.builder();
    options.forEach(schema::option);
    return conn.createTable(
        name,
        schema
            .column("id", DataTypes.BIGINT().notNull())
            .column("category", DataTypes.STRING())
            .column("embedding", DataTypes.VECTOR(DataTypes.FLOAT(), DIM))
            .column("content", DataTypes.STRING())
            .build(),
        false);
  }

  /** The local directory of {@code table}. */
  static Path directory(Table table) {
    String location = table.location();
    return location.startsWith("file:") ? Path.of(URI.create(location)) : Path.of(location);
  }

  /** Appends {@code n} random rows with ids from {@code firstId}, one commit. */
  static void append(Table table, Random random, long firstId, int n) {
    append(table, random, firstId, n, "category");
  }

  /** As {@link #append(Table, Random, long, int)}, the category column named {@code category}. */
  static void append(Table table, Random random, long firstId, int n, String category) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (long id = firstId; id < firstId + n; id++) {
      Map<String, Object> row = new HashMap<>();
      row.put("id", id);
      row.put(category, new String[] {"lake", "arm", "misc"}[random.nextInt(3)]);
      row.put("embedding", random.nextInt(50) == 0 ? null : vector(random));
      row.put("content", random.nextInt(50) == 0 ? null : text(random));
      rows.add(row);
    }
    table.add(rows);
  }

  static float[] vector(Random random) {
    float[] v = new float[DIM];
    for (int i = 0; i < DIM; i++) {
      // a few distinct levels, so that ties between rows happen and their order is tested
      v[i] = (random.nextInt(9) - 4) / 4f;
    }
    return v;
  }

  static String text(Random random) {
    StringBuilder s = new StringBuilder();
    int words = 1 + random.nextInt(8);
    for (int w = 0; w < words; w++) {
      s.append(w == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
      if (random.nextInt(5) == 0) {
        s.append(random.nextBoolean() ? "," : ".");
      }
    }
    return s.toString();
  }

  /** A row's id, row ID and embedding, as read from the table. */
  record Doc(long rowId, Map<String, Object> row) {}

  static List<Doc> docs(Table table) {
    List<Doc> out = new ArrayList<>();
    for (Map<String, Object> row : table.scan().withRowId().toList()) {
      out.add(new Doc((Long) row.get(Schema.ROW_ID), row));
    }
    return out;
  }

  /** The brute-force top-k by the metric's score, ties by row ID. */
  static List<long[]> bruteForce(
      List<Doc> docs, float[] q, String metric, int k, LongPredicate allowed) {
    List<Object[]> scored = new ArrayList<>();
    for (Doc d : docs) {
      float[] v = (float[]) d.row().get("embedding");
      if (v == null || !allowed.test(d.rowId())) {
        continue;
      }
      double s = score(metric, q, v);
      if (!Double.isNaN(s)) {
        scored.add(new Object[] {d.rowId(), s});
      }
    }
    scored.sort(
        Comparator.comparingDouble((Object[] o) -> (Double) o[1])
            .reversed()
            .thenComparingLong(o -> (Long) o[0]));
    List<long[]> out = new ArrayList<>();
    for (int i = 0; i < Math.min(k, scored.size()); i++) {
      out.add(
          new long[] {(Long) scored.get(i)[0], Double.doubleToLongBits((Double) scored.get(i)[1])});
    }
    return out;
  }

  /** The score, computed the plain way: the documented formulas. */
  static double score(String metric, float[] q, float[] v) {
    double dot = 0;
    double l2 = 0;
    double nq = 0;
    double nv = 0;
    for (int i = 0; i < q.length; i++) {
      dot += (double) q[i] * v[i];
      l2 += ((double) q[i] - v[i]) * ((double) q[i] - v[i]);
      nq += (double) q[i] * q[i];
      nv += (double) v[i] * v[i];
    }
    switch (metric) {
      case "l2":
        return 1 / (1 + Math.sqrt(l2));
      case "cosine":
        // 1 - d with d = 1 - cos: the cosine itself
        return nq == 0 || nv == 0 ? Double.NaN : dot / Math.sqrt(nq * nv);
      default:
        return dot;
    }
  }

  static List<Long> rowIds(List<Map<String, Object>> rows) {
    List<Long> out = new ArrayList<>();
    for (Map<String, Object> r : rows) {
      out.add((Long) r.get(Schema.ROW_ID));
    }
    return out;
  }
}
