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

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.commit.Committer;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.predicate.Predicates;
import io.paimon.multimodal.internal.write.WriteOptions;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * {@link Table#update} and {@link Table#updateByRowId}: checks the columns and values, then commits
 * one {@link UpdateColumns} change. Stateless.
 */
public final class Updates {

  /** Updates add files and remove none: Paimon commits them as APPEND. */
  static final String COMMIT_KIND = "APPEND";

  private Updates() {}

  /** Sets {@code values} in the rows of the latest snapshot that {@code where} matches. */
  public static Snapshot update(
      Table owner,
      TableState table,
      Committer committer,
      WriteOptions options,
      String where,
      List<Object> parameters,
      Map<String, Object> values) {
    Objects.requireNonNull(where, "where");
    Objects.requireNonNull(values, "values");
    if (values.isEmpty()) {
      throw new IllegalArgumentException("update of table '" + table.name() + "' sets no column");
    }
    Predicates.parse(where, parameters, table.schema().rowType());
    int[] columns = columns(table, values.keySet(), "update");
    RowType type = table.schema().rowType();
    Object[] given = new Object[columns.length];
    for (int k = 0; k < columns.length; k++) {
      given[k] = values.get(type.fields().get(columns[k]).name());
    }
    String describe = "update of " + table.name() + " where " + where;
    UpdateColumns.Targets targets =
        new UpdateColumns.Targets() {
          @Override
          public long[] rowIds(long snapshotId) throws IOException {
            return MatchingRows.rowIds(owner, snapshotId, where, parameters);
          }

          @Override
          public Object value(int i, int k) {
            return given[k];
          }

          @Override
          public boolean strict() {
            return false;
          }

          @Override
          public String describe() {
            return describe;
          }
        };
    return commit(
        table, committer, new UpdateColumns(owner, table, options, columns, targets, COMMIT_KIND));
  }

  /** Sets, per row ID, the values its map gives (other columns of the row keep theirs). */
  public static Snapshot updateByRowId(
      Table owner,
      TableState table,
      Committer committer,
      WriteOptions options,
      Map<Long, Map<String, Object>> rows) {
    Objects.requireNonNull(rows, "rows");
    TreeSet<String> names = new TreeSet<>();
    for (Map.Entry<Long, Map<String, Object>> e : rows.entrySet()) {
      if (e.getKey() == null) {
        throw new IllegalArgumentException("updateByRowId: a row ID is null");
      }
      if (e.getValue() == null) {
        throw new IllegalArgumentException(
            "updateByRowId: the values of row ID " + e.getKey() + " are null");
      }
      names.addAll(e.getValue().keySet());
    }
    if (rows.isEmpty()) {
      return latest(owner, table);
    }
    return commit(table, committer, byRowIdChange(owner, table, options, rows, names));
  }

  /** The change setting, per row ID, the values of its map; {@code names}: their columns. */
  static UpdateColumns byRowIdChange(
      Table owner,
      TableState table,
      WriteOptions options,
      Map<Long, Map<String, Object>> rows,
      Collection<String> names) {
    int[] columns = columns(table, names, "updateByRowId");
    RowType type = table.schema().rowType();
    long[] ids = new long[rows.size()];
    int n = 0;
    for (Long id : rows.keySet()) {
      ids[n++] = id;
    }
    Arrays.sort(ids);
    Object[][] values = new Object[ids.length][columns.length];
    for (int i = 0; i < ids.length; i++) {
      Map<String, Object> row = rows.get(ids[i]);
      for (int k = 0; k < columns.length; k++) {
        String name = type.fields().get(columns[k]).name();
        values[i][k] = row.containsKey(name) ? row.get(name) : UpdateColumns.KEEP;
      }
    }
    return new UpdateColumns(
        owner, table, options, columns, byRowId(table, ids, values), COMMIT_KIND);
  }

  /**
   * Sets, for each row of {@code batch}, the values of its columns in the row its {@code _ROW_ID}
   * names.
   */
  public static Snapshot updateByRowId(
      Table owner,
      TableState table,
      Committer committer,
      WriteOptions options,
      VectorSchemaRoot batch) {
    Objects.requireNonNull(batch, "batch");
    FieldVector idVector = batch.getVector(Schema.ROW_ID);
    if (!(idVector instanceof BigIntVector)) {
      throw new SchemaException(
          "updateByRowId: the batch needs a BIGINT column "
              + Schema.ROW_ID
              + " naming the rows to update"
              + (idVector == null ? "" : ", its " + Schema.ROW_ID + " is " + idVector.getField()));
    }
    List<String> names = new ArrayList<>();
    for (FieldVector v : batch.getFieldVectors()) {
      if (v != idVector) {
        names.add(v.getName());
      }
    }
    if (batch.getRowCount() == 0) {
      return latest(owner, table);
    }
    int[] columns = columns(table, names, "updateByRowId");
    RowType type = table.schema().rowType();
    int rows = batch.getRowCount();
    Integer[] order = new Integer[rows];
    BigIntVector rowIds = (BigIntVector) idVector;
    for (int i = 0; i < rows; i++) {
      if (rowIds.isNull(i)) {
        throw new SchemaException("updateByRowId: row " + i + " of the batch has a null _ROW_ID");
      }
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Long.compare(rowIds.get(a), rowIds.get(b)));
    long[] ids = new long[rows];
    Object[][] values = new Object[rows][columns.length];
    for (int i = 0; i < rows; i++) {
      int at = order[i];
      ids[i] = rowIds.get(at);
      if (i > 0 && ids[i] == ids[i - 1]) {
        throw new IllegalArgumentException(
            "updateByRowId: row ID " + ids[i] + " appears twice in the batch");
      }
      for (int k = 0; k < columns.length; k++) {
        String name = type.fields().get(columns[k]).name();
        values[i][k] = ArrowValues.get(name, type.typeAt(columns[k]), batch.getVector(name), at);
      }
    }
    return commit(
        table,
        committer,
        new UpdateColumns(
            owner, table, options, columns, byRowId(table, ids, values), COMMIT_KIND));
  }

  private static UpdateColumns.Targets byRowId(TableState table, long[] ids, Object[][] values) {
    String describe = "updateByRowId of " + ids.length + " rows of " + table.name();
    return new UpdateColumns.Targets() {
      @Override
      public long[] rowIds(long snapshotId) {
        return ids;
      }

      @Override
      public Object value(int i, int k) {
        return values[i][k];
      }

      @Override
      public boolean strict() {
        return true;
      }

      @Override
      public String describe() {
        return describe;
      }
    };
  }

  /** The table columns an update writes, ascending; each must exist and not be a partition key. */
  static int[] columns(TableState table, Collection<String> names, String what) {
    RowType type = table.schema().rowType();
    List<String> keys = table.schema().partitionKeys();
    TreeSet<Integer> out = new TreeSet<>();
    for (String name : names) {
      if (Schema.ROW_ID.equals(name)) {
        throw new SchemaException(
            what + " of table '" + table.name() + "': " + Schema.ROW_ID + " cannot be changed");
      }
      int c = name == null ? -1 : type.fieldIndex(name);
      if (c < 0) {
        throw new SchemaException(
            what
                + " of table '"
                + table.name()
                + "': no column '"
                + name
                + "'; columns are "
                + type.fieldNames());
      }
      if (keys.contains(name)) {
        throw new SchemaException(
            what
                + " of table '"
                + table.name()
                + "': partition column '"
                + name
                + "' cannot be updated (a row's partition is where its files are); delete the"
                + " rows and add them again, or overwrite the partition");
      }
      out.add(c);
    }
    return out.stream().mapToInt(Integer::intValue).toArray();
  }

  private static Snapshot commit(TableState table, Committer committer, UpdateColumns change) {
    try {
      if (table.snapshots().latestId().isEmpty()) {
        throw new IllegalArgumentException(
            "table '" + table.name() + "' has no snapshot: there are no rows to update");
      }
      SnapshotFile committed = committer.commit(change);
      return committed != null
          ? committed.snapshot()
          : table.snapshots().read(table.snapshots().latestId().getAsLong()).snapshot();
    } catch (IOException e) {
      throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
    }
  }

  private static Snapshot latest(Table owner, TableState table) {
    return owner
        .latestSnapshot()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "table '" + table.name() + "' has no snapshot: there are no rows to update"));
  }
}
