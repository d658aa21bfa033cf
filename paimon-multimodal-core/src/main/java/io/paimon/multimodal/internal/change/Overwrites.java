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
package io.paimon.multimodal.internal.change;

import io.paimon.multimodal.CommitConflictException;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.write.DataWriter;
import io.paimon.multimodal.internal.write.PartitionedWriter;
import io.paimon.types.DataType;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * {@link Table#overwrite}: writes the new rows, then commits them with DELETE entries for every
 * live file of the partitions they replace (as Paimon's INSERT OVERWRITE): all of an unpartitioned
 * table; of a partitioned one the partitions the rows fall in (option {@code
 * dynamic-partition-overwrite}, default true), or every partition when that option is false, or the
 * partition a static spec names. Stateless.
 */
public final class Overwrites {

  static final String DYNAMIC = "dynamic-partition-overwrite";

  private Overwrites() {}

  /** A source of rows in table column order for the writer. */
  public interface Rows {
    void writeTo(DataWriter writer) throws IOException;
  }

  /**
   * Replaces rows of {@code owner} with {@code rows}; {@code partition} (null for none) is a static
   * spec of partition values the rows must have (missing partition columns of maps take them).
   */
  public static Snapshot overwrite(
      Table owner, ChangeContext at, Rows rows, Map<String, Object> partition) {
    TableState table = at.state();
    List<String> keys = table.schema().partitionKeys();
    RowType type = table.schema().rowType();
    Map<String, Object> spec = partition == null ? null : Map.copyOf(partition);
    if (spec != null) {
      if (keys.isEmpty()) {
        throw new SchemaException(
            "table '" + table.name() + "' is not partitioned: overwrite it without a partition");
      }
      if (spec.isEmpty()) {
        throw new SchemaException(
            "overwrite of table '" + table.name() + "': empty partition spec");
      }
      for (String k : spec.keySet()) {
        if (!keys.contains(k)) {
          throw new SchemaException(
              "overwrite of table '"
                  + table.name()
                  + "': '"
                  + k
                  + "' is not a partition key; partition keys are "
                  + keys);
        }
      }
    }
    DataWriter writer = PartitionedWriter.of(table, at.writeOptions());
    List<ManifestEntry> files;
    try {
      rows.writeTo(
          spec == null ? writer : new SpecCheckingWriter(writer, type, spec, table.name()));
      files = writer.finish();
    } catch (IOException e) {
      writer.abort();
      throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      writer.abort();
      throw e;
    }
    DropPartitions.PartitionFilter filter;
    String describe;
    if (keys.isEmpty() || (spec == null && !dynamic(table))) {
      filter = (bytes, values) -> true;
      describe = "overwrite of every row";
    } else if (spec != null) {
      filter = (bytes, values) -> matches(table, spec, values);
      describe = "overwrite of partition " + spec;
    } else {
      Set<ByteBuffer> written = new HashSet<>();
      for (ManifestEntry e : files) {
        written.add(ByteBuffer.wrap(e.partition()));
      }
      filter = (bytes, values) -> written.contains(ByteBuffer.wrap(bytes));
      describe = "overwrite of " + written.size() + " partitions";
    }
    try {
      SnapshotFile committed =
          at.committer().commit(new DropPartitions(table, filter, files, describe));
      if (committed != null) {
        return committed.snapshot();
      }
      return owner
          .latestSnapshot()
          .orElseThrow(
              () ->
                  new IllegalArgumentException(
                      "overwrite of table '" + table.name() + "' with no rows: nothing to do"));
    } catch (CommitConflictException e) {
      writer.abort();
      throw e;
    } catch (IOException e) {
      // The snapshot may exist though the call failed: the files stay for removeOrphanFiles.
      throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
    }
  }

  private static boolean dynamic(TableState table) {
    String v = table.schema().options().get(DYNAMIC);
    return v == null || !v.trim().equalsIgnoreCase("false");
  }

  private static boolean matches(TableState table, Map<String, Object> spec, Object[] values) {
    List<String> keys = table.schema().partitionKeys();
    for (int i = 0; i < keys.size(); i++) {
      if (spec.containsKey(keys.get(i))
          && !same(table.schema().columnType(keys.get(i)), spec.get(keys.get(i)), values[i])) {
        return false;
      }
    }
    return true;
  }

  /** Partition values compare as the column stores them (integral numbers as longs). */
  static boolean same(DataType type, Object a, Object b) {
    switch (type.root()) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
        if (a instanceof Number && b instanceof Number) {
          return ((Number) a).longValue() == ((Number) b).longValue();
        }
        return Objects.equals(a, b);
      default:
        return Objects.equals(a, b);
    }
  }

  /** Fills missing partition columns from the spec and refuses rows of another partition. */
  private static final class SpecCheckingWriter implements DataWriter {
    private final DataWriter out;
    private final int[] columns;
    private final Object[] specValues;
    private final RowType type;
    private final String table;
    private long rows;

    SpecCheckingWriter(DataWriter out, RowType type, Map<String, Object> spec, String table) {
      this.out = out;
      this.type = type;
      this.table = table;
      List<Integer> cols = new ArrayList<>();
      List<Object> vals = new ArrayList<>();
      spec.forEach(
          (k, v) -> {
            cols.add(type.fieldIndex(k));
            vals.add(v);
          });
      this.columns = cols.stream().mapToInt(Integer::intValue).toArray();
      this.specValues = vals.toArray();
    }

    @Override
    public void write(Object[] values) throws IOException {
      for (int i = 0; i < columns.length; i++) {
        int c = columns[i];
        if (values[c] == null) {
          values[c] = specValues[i];
        } else if (!same(type.typeAt(c), values[c], specValues[i])) {
          throw new SchemaException(
              "overwrite of table '"
                  + table
                  + "': row "
                  + rows
                  + " has "
                  + type.fields().get(c).name()
                  + " = "
                  + values[c]
                  + ", outside the partition being overwritten ("
                  + type.fields().get(c).name()
                  + " = "
                  + specValues[i]
                  + ")");
        }
      }
      rows++;
      out.write(values);
    }

    @Override
    public void write(io.paimon.multimodal.internal.write.ArrowBatch batch) throws IOException {
      throw new SchemaException(
          "overwrite of table '" + table + "' with a partition spec takes rows as maps");
    }

    @Override
    public List<ManifestEntry> finish() throws IOException {
      return out.finish();
    }

    @Override
    public List<String> writtenFiles() {
      return out.writtenFiles();
    }

    @Override
    public void abort() {
      out.abort();
    }
  }
}
