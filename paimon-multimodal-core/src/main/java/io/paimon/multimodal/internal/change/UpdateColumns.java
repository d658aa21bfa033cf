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
import io.paimon.multimodal.Table;
import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.commit.Committer;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.PaimonFormatException;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.scan.ScanImpl;
import io.paimon.multimodal.internal.scan.SnapshotRanges;
import io.paimon.multimodal.internal.write.RangeWriter;
import io.paimon.multimodal.internal.write.WriteOptions;
import io.paimon.types.DataType;
import io.paimon.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * New values of some columns for some rows, as Paimon 2.x updates a data-evolution table: for each
 * row-ID range holding a changed row, one file per written column set ({@link RangeWriter}) covers
 * the whole range with the new values for the changed rows and the current values for the others,
 * and a higher sequence number makes the read path take these columns from it. The other columns
 * are not rewritten, row IDs do not change and deletion vectors stay keyed by the range's oldest
 * file. What it writes is O(touched ranges' rows x updated columns). Prepared anew on each attempt,
 * so a concurrent update or delete of the same rows is read, not lost. Thread-safe (stateless
 * between attempts).
 */
final class UpdateColumns implements Committer.Change {

  /** A new value meaning "leave this cell as it is". */
  static final Object KEEP = new Object();

  /** The rows an update changes and their new values, against one parent snapshot. */
  interface Targets {

    /** The sorted, distinct row IDs to change in snapshot {@code snapshotId}. */
    long[] rowIds(long snapshotId) throws IOException;

    /** The new value of update column {@code k} for the {@code i}-th row ID, or {@link #KEEP}. */
    Object value(int i, int k);

    /** Whether every row ID must be a live row of the snapshot (else the change fails). */
    boolean strict();

    /** What the change is, for messages. */
    String describe();
  }

  private final Table owner;
  private final TableState table;
  private final WriteOptions options;
  private final int[] columns;
  private final Targets targets;
  private final String commitKind;
  private long bytesWritten;

  /**
   * An update of table columns {@code columns} (table column indexes, ascending) of {@code owner},
   * whose state is {@code table}.
   */
  UpdateColumns(
      Table owner,
      TableState table,
      WriteOptions options,
      int[] columns,
      Targets targets,
      String commitKind) {
    this.owner = owner;
    this.table = table;
    this.options = options;
    this.columns = columns.clone();
    this.targets = targets;
    this.commitKind = commitKind;
  }

  @Override
  public Committer.Prepared prepare(SnapshotFile parent, List<String> created) throws IOException {
    if (parent == null) {
      return null;
    }
    List<ManifestEntry> entries = entries(parent, created);
    return entries == null
        ? null
        : Committer.Prepared.keepingIndex(entries, table.schemaId(), commitKind);
  }

  /**
   * The new files of this update against {@code parent}, every file written added to {@code
   * created}; null if no row is changed.
   */
  List<ManifestEntry> entries(SnapshotFile parent, List<String> created) throws IOException {
    bytesWritten = 0;
    long[] ids = targets.rowIds(parent.id());
    if (ids.length == 0) {
      return null;
    }
    List<SnapshotRanges.Range> ranges = SnapshotRanges.ranges(table, parent);
    checkKnown(parent, ids, ranges);
    List<ManifestEntry> entries = new ArrayList<>();
    int t = 0;
    for (SnapshotRanges.Range range : ranges) {
      while (t < ids.length && ids[t] < range.firstRowId()) {
        t++;
      }
      if (t == ids.length) {
        break;
      }
      if (ids[t] >= range.endRowId()) {
        continue;
      }
      int end = t;
      while (end < ids.length && ids[end] < range.endRowId()) {
        end++;
      }
      entries.addAll(writeRange(parent, range, ids, t, end, created));
      t = end;
    }
    return entries;
  }

  /** The bytes of the files the last attempt wrote. */
  long bytesWritten() {
    return bytesWritten;
  }

  private void checkKnown(SnapshotFile parent, long[] ids, List<SnapshotRanges.Range> ranges) {
    if (!targets.strict()) {
      return;
    }
    List<Long> unknown = new ArrayList<>();
    int r = 0;
    for (long id : ids) {
      while (r < ranges.size() && ranges.get(r).endRowId() <= id) {
        r++;
      }
      if (r == ranges.size() || ranges.get(r).firstRowId() > id) {
        unknown.add(id);
      }
    }
    if (!unknown.isEmpty()) {
      throw unknownRows(parent, unknown);
    }
  }

  private IllegalArgumentException unknownRows(SnapshotFile parent, List<Long> unknown) {
    return new IllegalArgumentException(
        targets.describe()
            + ": snapshot "
            + parent.id()
            + " of table '"
            + table.name()
            + "' has no rows with row IDs "
            + (unknown.size() > 10
                ? unknown.subList(0, 10) + " (and " + (unknown.size() - 10) + " more)"
                : unknown)
            + "; nothing was written");
  }

  /** Writes the update's columns for every row of {@code range}; targets {@code [from, to)}. */
  private List<ManifestEntry> writeRange(
      SnapshotFile parent,
      SnapshotRanges.Range range,
      long[] ids,
      int from,
      int to,
      List<String> created)
      throws IOException {
    RowType type = table.schema().rowType();
    List<String> names = new ArrayList<>();
    names.add(Schema.ROW_ID);
    for (int c : columns) {
      names.add(type.fields().get(c).name());
    }
    Object[] filler = filler(type, ids.length);
    RangeWriter writer =
        new RangeWriter(
            table,
            options,
            range.partition(),
            range.partitionPath(table),
            range.firstRowId(),
            range.rowCount(),
            columns);
    List<Long> gone = new ArrayList<>();
    try {
      Object[] values = new Object[type.fieldCount()];
      FieldVector[] vectors = null;
      long next = range.firstRowId();
      int t = from;
      String where =
          Schema.ROW_ID
              + " >= "
              + range.firstRowId()
              + " AND "
              + Schema.ROW_ID
              + " < "
              + range.endRowId();
      try (ArrowReader reader =
          ScanImpl.atSnapshotInCurrentSchema(owner.scan(), parent.id())
              .where(where)
              .select(names)
              .toArrowReader()) {
        while (reader.loadNextBatch()) {
          VectorSchemaRoot batch = reader.getVectorSchemaRoot();
          BigIntVector rowIds = (BigIntVector) batch.getVector(0);
          for (int i = 0; i < batch.getRowCount(); i++) {
            long id = rowIds.get(i);
            if (id < next) {
              throw new PaimonFormatException(
                  table.paths().root()
                      + ": the scan of row IDs ["
                      + range.firstRowId()
                      + ", "
                      + range.endRowId()
                      + ") of snapshot "
                      + parent.id()
                      + " returned row ID "
                      + id
                      + " out of order");
            }
            for (; next < id; next++) {
              writer.write(deletedRow(type, filler, values));
            }
            while (t < to && ids[t] < id) {
              gone.add(ids[t++]);
            }
            if (writer.appendsArrow() && (t == to || ids[t] != id)) {
              // A run of unchanged rows without gaps is appended straight from the vectors.
              long limit = t < to ? ids[t] : Long.MAX_VALUE;
              int j = i + 1;
              while (j < batch.getRowCount()
                  && rowIds.get(j) == id + (j - i)
                  && rowIds.get(j) < limit) {
                j++;
              }
              if (vectors == null) {
                vectors = new FieldVector[columns.length];
              }
              for (int k = 0; k < columns.length; k++) {
                vectors[k] = batch.getVector(k + 1);
              }
              writer.appendArrow(vectors, i, j);
              // The last row's values fill the NOT NULL cells of deleted rows that may follow.
              for (int k = 0; k < columns.length; k++) {
                int c = columns[k];
                if (!type.typeAt(c).isNullable()) {
                  values[c] = ArrowValues.get(names.get(k + 1), type.typeAt(c), vectors[k], j - 1);
                }
              }
              next = id + (j - i);
              i = j - 1;
              continue;
            }
            for (int k = 0; k < columns.length; k++) {
              int c = columns[k];
              FieldVector v = batch.getVector(k + 1);
              values[c] = ArrowValues.get(names.get(k + 1), type.typeAt(c), v, i);
            }
            if (t < to && ids[t] == id) {
              for (int k = 0; k < columns.length; k++) {
                Object v = targets.value(t, k);
                if (v != KEEP) {
                  values[columns[k]] = v;
                }
              }
              t++;
            }
            writer.write(values);
            next++;
          }
        }
      }
      for (; next < range.endRowId(); next++) {
        writer.write(deletedRow(type, filler, values));
      }
      while (t < to) {
        gone.add(ids[t++]);
      }
      if (targets.strict() && !gone.isEmpty()) {
        throw unknownRows(parent, gone);
      }
      List<ManifestEntry> out = writer.finish();
      created.addAll(writer.writtenFiles());
      bytesWritten += writer.bytesWritten();
      return out;
    } catch (IOException | RuntimeException e) {
      writer.abort();
      throw e;
    }
  }

  /**
   * A row for the position of a deleted row: nothing reads it, so nullable columns are null and a
   * NOT NULL column repeats the last value written, or else the update's first value for it.
   */
  private Object[] deletedRow(RowType type, Object[] filler, Object[] last) {
    Object[] row = filler.clone();
    for (int c : columns) {
      if (!type.typeAt(c).isNullable() && last[c] != null) {
        row[c] = last[c];
      }
    }
    return row;
  }

  /**
   * What the positions of deleted rows hold: nothing reads them, but a NOT NULL column needs a
   * value, so it gets the first new value the update gives it.
   */
  private Object[] filler(RowType type, int targetCount) {
    Object[] filler = new Object[type.fieldCount()];
    for (int k = 0; k < columns.length; k++) {
      DataType t = type.typeAt(columns[k]);
      if (t.isNullable()) {
        continue;
      }
      for (int i = 0; i < targetCount; i++) {
        Object v = targets.value(i, k);
        if (v != KEEP && v != null) {
          filler[columns[k]] = v;
          break;
        }
      }
    }
    return filler;
  }

  @Override
  public String toString() {
    return targets.describe();
  }
}
