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
package io.paimon.multimodal.testing;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.types.DataTypes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A table of BLOB payloads: {@code id BIGINT NOT NULL} (0, 1, ...), {@code payload BLOB} of sizes
 * drawn between a minimum and a maximum, and {@code label STRING} cycling through the labels.
 * Immutable: each setter returns a new spec; {@link #write} creates the table in one commit of
 * Arrow batches, and the same spec computes the expected values again ({@link #expectedPayload},
 * {@link #expectedRow}). Thread-safe.
 *
 * <pre>{@code
 * BlobTables blobs = BlobTables.builder().rows(1000).payloadBytes(1 << 10, 64 << 10).seed(3);
 * Table t = blobs.write(conn, "blobs");
 * byte[] p = blobs.expectedPayload(17);
 * }</pre>
 *
 * <p>A payload is pseudo-random bytes from the seed and the id; with {@link #nullPayloadEvery(int)
 * nullPayloadEvery(k)} the payload of every id divisible by {@code k} is null.
 */
public final class BlobTables {

  /** The id column. */
  public static final String ID = "id";

  /** The BLOB column. */
  public static final String PAYLOAD = "payload";

  /** The label column. */
  public static final String LABEL = "label";

  private static final long SIZE_TAG = 1;
  private static final long PAYLOAD_TAG = 2;

  private final long rows;
  private final int minBytes;
  private final int maxBytes;
  private final List<String> labels;
  private final int nullEvery;
  private final long seed;
  private final int batchRows;

  private BlobTables(
      long rows,
      int minBytes,
      int maxBytes,
      List<String> labels,
      int nullEvery,
      long seed,
      int batchRows) {
    this.rows = rows;
    this.minBytes = minBytes;
    this.maxBytes = maxBytes;
    this.labels = labels;
    this.nullEvery = nullEvery;
    this.seed = seed;
    this.batchRows = batchRows;
  }

  /**
   * The default spec: 100 rows, payloads of 1 to 4096 bytes, labels {@code cat}, {@code dog},
   * {@code bird}, no null payloads, seed 0, batches of 256 rows.
   */
  public static BlobTables builder() {
    return new BlobTables(100, 1, 4096, List.of("cat", "dog", "bird"), 0, 0, 256);
  }

  /** The number of rows (at least 0). */
  public BlobTables rows(long rows) {
    if (rows < 0) {
      throw new IllegalArgumentException("rows must be at least 0, is " + rows);
    }
    return new BlobTables(rows, minBytes, maxBytes, labels, nullEvery, seed, batchRows);
  }

  /** Every payload of exactly {@code bytes} bytes (at least 0). */
  public BlobTables payloadBytes(int bytes) {
    return payloadBytes(bytes, bytes);
  }

  /** Payload sizes drawn uniformly from {@code [min, max]} ({@code 0 <= min <= max}). */
  public BlobTables payloadBytes(int min, int max) {
    Generated.atLeast("min", min, 0);
    if (max < min) {
      throw new IllegalArgumentException("max must be at least min " + min + ", is " + max);
    }
    return new BlobTables(rows, min, max, labels, nullEvery, seed, batchRows);
  }

  /** The labels, used in turn: row {@code id} gets {@code labels[id % labels.length]}. */
  public BlobTables labels(String... labels) {
    if (labels.length == 0) {
      throw new IllegalArgumentException("labels must not be empty");
    }
    return new BlobTables(rows, minBytes, maxBytes, List.of(labels), nullEvery, seed, batchRows);
  }

  /** Makes the payload of every id divisible by {@code k} null ({@code 0}: none, the default). */
  public BlobTables nullPayloadEvery(int k) {
    Generated.atLeast("k", k, 0);
    return new BlobTables(rows, minBytes, maxBytes, labels, k, seed, batchRows);
  }

  /** The seed the payloads are derived from. */
  public BlobTables seed(long seed) {
    return new BlobTables(rows, minBytes, maxBytes, labels, nullEvery, seed, batchRows);
  }

  /** The rows of each Arrow batch written (at least 1; default 256). */
  public BlobTables batchRows(int rows) {
    Generated.atLeast("batchRows", rows, 1);
    return new BlobTables(this.rows, minBytes, maxBytes, labels, nullEvery, seed, rows);
  }

  /** The number of rows. */
  public long rowCount() {
    return rows;
  }

  /** The table's schema. */
  public Schema schema() {
    return Schema.builder()
        .column(ID, DataTypes.BIGINT().notNull())
        .column(PAYLOAD, DataTypes.BLOB())
        .column(LABEL, DataTypes.STRING())
        .build();
  }

  /**
   * Creates the table in the connection's database and writes every row in one commit.
   *
   * @return the table, with one snapshot (none if {@code rows(0)})
   * @throws io.paimon.multimodal.TableExistsException if a table of that name exists
   */
  public Table write(Connection conn, String name) {
    Table table = conn.createTable(name, schema(), false);
    if (rows == 0) {
      return table;
    }
    try (GeneratedBatches batches =
        new GeneratedBatches(
            table.allocator(), schema().rowType(), 0, rows, batchRows, this::row)) {
      table.add(batches);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot write the rows of " + name, e);
    }
    return table;
  }

  /** The size of a row's payload in bytes, or -1 if it is null. */
  public int expectedPayloadSize(long id) {
    check(id);
    if (nullEvery > 0 && id % nullEvery == 0) {
      return -1;
    }
    long span = (long) maxBytes - minBytes + 1;
    return (int) (minBytes + Long.remainderUnsigned(Generated.hash(seed, SIZE_TAG, id), span));
  }

  /** The payload of a row, or null. */
  public byte[] expectedPayload(long id) {
    int size = expectedPayloadSize(id);
    return size < 0 ? null : Generated.bytes(Generated.hash(seed, PAYLOAD_TAG, id), size);
  }

  /** The label of a row. */
  public String expectedLabel(long id) {
    check(id);
    return labels.get((int) (id % labels.size()));
  }

  /** The row with an id, by column name (the payload as bytes or null). */
  public Map<String, Object> expectedRow(long id) {
    return row(id);
  }

  /**
   * Every row in id order.
   *
   * @throws IllegalStateException if the table has more than 1,000,000 rows
   */
  public List<Map<String, Object>> expectedRows() {
    if (rows > 1_000_000) {
      throw new IllegalStateException(rows + " rows are too many to hold; use expectedRow(id)");
    }
    List<Map<String, Object>> out = new ArrayList<>((int) rows);
    for (long id = 0; id < rows; id++) {
      out.add(row(id));
    }
    return out;
  }

  private Map<String, Object> row(long id) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put(ID, id);
    row.put(PAYLOAD, expectedPayload(id));
    row.put(LABEL, expectedLabel(id));
    return row;
  }

  private void check(long id) {
    if (id < 0 || id >= rows) {
      throw new IndexOutOfBoundsException("id " + id + " is not in [0, " + rows + ")");
    }
  }

  @Override
  public String toString() {
    return "BlobTables{rows="
        + rows
        + ", payloadBytes=["
        + minBytes
        + ", "
        + maxBytes
        + "], labels="
        + labels
        + ", nullPayloadEvery="
        + nullEvery
        + ", seed="
        + seed
        + "}";
  }
}
