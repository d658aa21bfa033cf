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
package io.paimon.benchmarks;

import io.paimon.multimodal.Schema;
import io.paimon.row.BenchmarkDataset;
import io.paimon.types.DataTypes;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;

/**
 * The benchmark dataset of {@code specs/row-format.md} ("Benchmark dataset"), extended to any
 * number of rows: {@code ROW<id BIGINT, ts TIMESTAMP(3), name STRING, score DOUBLE, tags
 * ARRAY<STRING>, payload BYTES>}, no nulls, one {@code SplittableRandom(42)} shared by all rows and
 * called in the spec's order. Rows are produced in order by {@link #next()}; row {@code i} has
 * {@code id = i}. Not thread-safe.
 */
final class ScanDataset {

  /** The SQL of the dataset's table in DuckDB. */
  static final String DUCKDB_DDL =
      "CREATE TABLE t (id BIGINT, ts TIMESTAMP_MS, name VARCHAR,"
          + " score DOUBLE, tags VARCHAR[], payload BLOB)";

  /** One row of the dataset. */
  record Row(long id, long tsMillis, String name, double score, List<String> tags, byte[] payload) {

    /** The row as {@code Table.add(List<Map>)} takes it. */
    Map<String, Object> toMap() {
      Map<String, Object> m = new HashMap<>(12);
      m.put("id", id);
      m.put(
          "ts",
          LocalDateTime.ofEpochSecond(
              Math.floorDiv(tsMillis, 1000L),
              (int) Math.floorMod(tsMillis, 1000L) * 1_000_000,
              ZoneOffset.UTC));
      m.put("name", name);
      m.put("score", score);
      m.put("tags", tags);
      m.put("payload", payload);
      return m;
    }

    /** The row as the {@code .row} codec writes it. */
    io.paimon.row.Row toRow() {
      return io.paimon.row.Row.of(
          id, BenchmarkDataset.timestamp(tsMillis), name, score, tags, payload);
    }
  }

  /**
   * The rows as one Arrow batch of the table's layout ({@code ArrowSchemas.toArrowSchema} of the
   * row type); the caller closes it.
   */
  static VectorSchemaRoot toArrow(
      List<Row> rows, org.apache.arrow.vector.types.pojo.Schema schema, BufferAllocator allocator) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    try {
      int n = rows.size();
      BigIntVector id = (BigIntVector) root.getVector("id");
      TimeStampMilliVector ts = (TimeStampMilliVector) root.getVector("ts");
      VarCharVector name = (VarCharVector) root.getVector("name");
      Float8Vector score = (Float8Vector) root.getVector("score");
      ListVector tags = (ListVector) root.getVector("tags");
      VarBinaryVector payload = (VarBinaryVector) root.getVector("payload");
      root.allocateNew();
      VarCharVector tag = (VarCharVector) tags.getDataVector();
      int tagCount = 0;
      for (int i = 0; i < n; i++) {
        Row r = rows.get(i);
        id.setSafe(i, r.id());
        ts.setSafe(i, r.tsMillis());
        name.setSafe(i, r.name().getBytes(StandardCharsets.UTF_8));
        score.setSafe(i, r.score());
        tags.startNewValue(i);
        for (String t : r.tags()) {
          tag.setSafe(tagCount++, t.getBytes(StandardCharsets.UTF_8));
        }
        tags.endValue(i, r.tags().size());
        payload.setSafe(i, r.payload());
      }
      tag.setValueCount(tagCount);
      root.setRowCount(n);
      return root;
    } catch (RuntimeException e) {
      root.close();
      throw e;
    }
  }

  private final SplittableRandom r = new SplittableRandom(42);
  private long next;

  /** The table schema (column types of the spec, all nullable as written by the codec bench). */
  static Schema schema() {
    return schema(Map.of());
  }

  /** The table schema with table options. */
  static Schema schema(Map<String, String> options) {
    Schema.Builder builder = columns();
    options.forEach(builder::option);
    return builder.build();
  }

  /** A schema builder holding the dataset's columns, for schemas that add more. */
  static Schema.Builder columns() {
    return Schema.builder()
        .column("id", DataTypes.BIGINT())
        .column("ts", DataTypes.TIMESTAMP(3))
        .column("name", DataTypes.STRING())
        .column("score", DataTypes.DOUBLE())
        .column("tags", DataTypes.ARRAY(DataTypes.STRING()))
        .column("payload", DataTypes.BYTES());
  }

  /** The next row (row {@code i} on the i-th call, counting from 0). */
  Row next() {
    long i = next++;
    long ts = 1_700_000_000_000L + i * 1000L + r.nextInt(1000);
    String name = letters(8 + r.nextInt(17));
    double score = r.nextDouble() * 1000.0;
    int nTags = r.nextInt(4);
    List<String> tags = new ArrayList<>(nTags);
    for (int t = 0; t < nTags; t++) {
      tags.add(letters(3 + r.nextInt(6)));
    }
    long p0 = r.nextLong();
    long p1 = r.nextLong();
    byte[] payload = new byte[64];
    for (int k = 0; k < 8; k++) {
      payload[k] = (byte) (p0 >>> (8 * k));
      payload[8 + k] = (byte) (p1 >>> (8 * k));
    }
    for (int k = 16; k < 64; k++) {
      payload[k] = (byte) (i + k);
    }
    return new Row(i, ts, name, score, tags, payload);
  }

  /** The next {@code n} rows. */
  List<Row> next(int n) {
    List<Row> rows = new ArrayList<>(n);
    for (int k = 0; k < n; k++) {
      rows.add(next());
    }
    return rows;
  }

  private String letters(int n) {
    char[] c = new char[n];
    for (int k = 0; k < n; k++) {
      c[k] = (char) ('a' + r.nextInt(26));
    }
    return new String(c);
  }

  /** Checks row 0 against the value the spec gives, so a drift in the generator is caught. */
  static void checkFirstRow() {
    Row row0 = new ScanDataset().next();
    if (row0.tsMillis() != 1_700_000_000_031L
        || !row0.name().equals("jsbtmpqel")
        || row0.score() != 492.98918579469245
        || !row0.tags().equals(Arrays.asList("gbknm", "cjczubq"))) {
      throw new IllegalStateException("the generator does not follow the spec: row 0 is " + row0);
    }
  }
}
