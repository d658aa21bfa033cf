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
package io.paimon.multimodal.internal.write;

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.paimon.BinaryRows;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.PartitionPath;
import io.paimon.multimodal.internal.paimon.SimpleStats;
import io.paimon.types.DataType;
import io.paimon.types.RowType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;

/**
 * Writes a commit's rows so that every data file holds one partition: rows are routed by the values
 * of the partition keys to a {@link TableWriter} per partition. A file then has a single value in
 * each partition column, so its min/max statistics let a filter on a partition key skip every other
 * partition's files.
 *
 * <p>At most {@code partition.max-open-writers} partitions have open files at once (each holds a
 * block buffer, a compression thread and one open file per BLOB column); when a row of another
 * partition arrives, the least recently written partition's files are closed, and the partition
 * starts new files if it comes back. Input clustered by partition therefore writes one set of files
 * per partition, and shuffled input with many partitions trades more, smaller files for bounded
 * resources.
 *
 * <p>Partition values are compared with Java equality after integral numbers are widened to {@code
 * long} and byte arrays compared by content. Not thread-safe.
 */
public final class PartitionedWriter implements DataWriter {

  private final TableState table;
  private final WriteOptions options;
  private final int[] keyColumns;
  private final List<DataType> keyTypes;
  private final LinkedHashMap<List<Object>, TableWriter> open =
      new LinkedHashMap<>(16, 0.75f, true);
  private final List<TableWriter> all = new ArrayList<>();
  private final List<ManifestEntry> finished = new ArrayList<>();
  private long rows;

  private PartitionedWriter(TableState table, WriteOptions options, int[] keyColumns) {
    this.table = table;
    this.options = options;
    this.keyColumns = keyColumns;
    List<DataType> types = new ArrayList<>();
    for (int k : keyColumns) {
      types.add(table.schema().rowType().typeAt(k));
    }
    this.keyTypes = List.copyOf(types);
  }

  /**
   * A writer for a commit to a table: one file set per partition, or a plain {@link TableWriter}.
   */
  public static DataWriter of(TableState table, WriteOptions options) {
    Schema schema = table.schema();
    if (schema.partitionKeys().isEmpty()) {
      return new TableWriter(table, options, SimpleStats.EMPTY_ROW, "");
    }
    RowType type = schema.rowType();
    int[] keys = schema.partitionKeys().stream().mapToInt(type::fieldIndex).toArray();
    return new PartitionedWriter(table, options, keys);
  }

  @Override
  public void write(Object[] values) throws IOException {
    Object[] keys = new Object[keyColumns.length];
    for (int k = 0; k < keyColumns.length; k++) {
      keys[k] = values[keyColumns[k]];
    }
    writerFor(keys, rows).write(values, rows++);
  }

  /**
   * Writes the batch's rows in order, each run of rows of one partition at once: a row whose key
   * cells hold the same bytes as the run's first row's (the same Java values) extends the run, and
   * only a run's first row has its key cells made Java values to find its writer.
   */
  @Override
  public void write(ArrowBatch batch) throws IOException {
    FieldVector[] keys = new FieldVector[keyColumns.length];
    for (int k = 0; k < keyColumns.length; k++) {
      keys[k] = batch.column(keyColumns[k]);
    }
    int n = batch.rowCount();
    int start = 0;
    while (start < n) {
      int end = start + 1;
      while (end < n && PartitionRuns.sameKey(keys, start, end)) {
        end++;
      }
      Object[] key = new Object[keyColumns.length];
      for (int k = 0; k < keyColumns.length; k++) {
        key[k] =
            keys[k] == null
                ? null
                : ArrowValues.get(
                    table.schema().partitionKeys().get(k), keyTypes.get(k), keys[k], start);
      }
      writerFor(key, batch.position(start)).write(batch, start, end);
      start = end;
    }
    rows += n;
  }

  /**
   * The writer of the partition whose key column values are {@code values} (Java values, in key
   * order), opened (closing the least recently used one if too many are open) if needed.
   */
  private TableWriter writerFor(Object[] values, long position) throws IOException {
    Object[] key = new Object[keyColumns.length];
    for (int k = 0; k < keyColumns.length; k++) {
      key[k] = normalize(values[k]);
    }
    List<Object> partition = Arrays.asList(key);
    TableWriter writer = open.get(partition);
    if (writer == null) {
      if (open.size() >= options.maxOpenPartitionWriters()) {
        closeLeastRecent();
      }
      Object[] raw = new Object[keyColumns.length];
      for (int k = 0; k < keyColumns.length; k++) {
        raw[k] = integral(keyTypes.get(k), values[k]);
      }
      byte[] bytes;
      try {
        bytes = BinaryRows.serialize(keyTypes, raw);
      } catch (IllegalArgumentException e) {
        throw new SchemaException("row " + position + ": partition value: " + e.getMessage(), e);
      }
      String path =
          PartitionPath.of(
              table.schema().partitionKeys(),
              keyTypes,
              raw,
              table.options().partitionDefaultName(),
              table.options().legacyPartitionName());
      writer = new TableWriter(table, options, bytes, path);
      all.add(writer);
      open.put(partition, writer);
    }
    return writer;
  }

  private void closeLeastRecent() throws IOException {
    Iterator<Map.Entry<List<Object>, TableWriter>> eldest = open.entrySet().iterator();
    TableWriter writer = eldest.next().getValue();
    eldest.remove();
    finished.addAll(writer.finish());
  }

  /**
   * An integral partition value as its column's Java class: rows may give an Integer for a BIGINT
   * (as they may for any column); the partition row stores the column's type. Other values are
   * returned as given (a wrong class fails in the data file's writer, naming the column).
   */
  private static Object integral(DataType type, Object value) {
    if (!(value instanceof Byte
        || value instanceof Short
        || value instanceof Integer
        || value instanceof Long)) {
      return value;
    }
    long v = ((Number) value).longValue();
    switch (type.root()) {
      case TINYINT:
        return v == (byte) v ? (Object) (byte) v : value;
      case SMALLINT:
        return v == (short) v ? (Object) (short) v : value;
      case INTEGER:
        return v == (int) v ? (Object) (int) v : value;
      case BIGINT:
        return v;
      default:
        return value;
    }
  }

  private static Object normalize(Object value) {
    if (value instanceof Byte
        || value instanceof Short
        || value instanceof Integer
        || value instanceof Long) {
      return ((Number) value).longValue();
    }
    if (value instanceof byte[]) {
      return ByteBuffer.wrap((byte[]) value);
    }
    return value;
  }

  @Override
  public List<ManifestEntry> finish() throws IOException {
    for (TableWriter writer : open.values()) {
      finished.addAll(writer.finish());
    }
    open.clear();
    return List.copyOf(finished);
  }

  @Override
  public List<String> writtenFiles() {
    List<String> out = new ArrayList<>();
    for (TableWriter writer : all) {
      out.addAll(writer.writtenFiles());
    }
    return out;
  }

  @Override
  public void abort() {
    for (TableWriter writer : all) {
      writer.abort();
    }
    open.clear();
  }
}
