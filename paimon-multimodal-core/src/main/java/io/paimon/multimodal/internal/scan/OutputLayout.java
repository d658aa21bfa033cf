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
package io.paimon.multimodal.internal.scan;

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.arrow.TableArrow;
import io.paimon.multimodal.arrow.VectorCopy;
import io.paimon.multimodal.internal.BlobVectors;
import io.paimon.multimodal.internal.StorageTypes;
import io.paimon.multimodal.internal.TableState;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFormatException;
import io.paimon.types.DataType;
import io.paimon.types.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * How a scan maps data-file columns to output columns: which file columns it reads (the selected
 * ones plus those only the filter needs), where each output column comes from, and how rows are
 * copied (vector to vector, BLOB descriptors converted, {@code _ROW_ID} computed). Immutable.
 */
final class OutputLayout {

  private final List<String> outputNames;
  private final int[] readColumns;

  /** Per output column: index into the read projection, or -1 for {@code _ROW_ID}. */
  private final int[] source;

  private final DataType[] types;
  private final boolean[] blob;
  private final boolean anyBlob;
  private final org.apache.arrow.vector.types.pojo.Schema arrowSchema;

  OutputLayout(TableState table, ScanContext ctx) {
    RowType tableType = table.schema().rowType();
    List<String> names =
        new ArrayList<>(ctx.projection() == null ? tableType.fieldNames() : ctx.projection());
    if (ctx.withRowId() && !names.contains(Schema.ROW_ID)) {
      names.add(Schema.ROW_ID);
    }
    this.outputNames = List.copyOf(names);
    Set<String> read = new LinkedHashSet<>();
    for (String n : names) {
      if (!Schema.ROW_ID.equals(n)) {
        read.add(n);
      }
    }
    if (ctx.filter() != null) {
      for (String n : ctx.filter().referencedColumns()) {
        if (!Schema.ROW_ID.equals(n)) {
          read.add(n);
        }
      }
    }
    List<String> readList = new ArrayList<>(read);
    this.readColumns = new int[readList.size()];
    for (int i = 0; i < readColumns.length; i++) {
      readColumns[i] = tableType.fieldIndex(readList.get(i));
    }
    this.source = new int[names.size()];
    this.types = new DataType[names.size()];
    this.blob = new boolean[names.size()];
    List<Field> fields = new ArrayList<>();
    boolean any = false;
    for (int j = 0; j < names.size(); j++) {
      String n = names.get(j);
      if (Schema.ROW_ID.equals(n)) {
        source[j] = -1;
        fields.add(TableArrow.rowIdField());
        continue;
      }
      source[j] = readList.indexOf(n);
      types[j] = tableType.typeAt(tableType.fieldIndex(n));
      blob[j] = StorageTypes.containsBlob(types[j]);
      any |= blob[j];
      fields.add(TableArrow.field(n, types[j]));
    }
    this.anyBlob = any;
    this.arrowSchema = new org.apache.arrow.vector.types.pojo.Schema(fields);
  }

  List<String> outputNames() {
    return outputNames;
  }

  int[] readColumns() {
    return readColumns;
  }

  boolean anyBlob() {
    return anyBlob;
  }

  org.apache.arrow.vector.types.pojo.Schema arrowSchema() {
    return arrowSchema;
  }

  /**
   * Copies rows {@code rows[from..to)} (indexes into the file batch; all rows from {@code from}
   * when {@code rows} is null) into {@code out} starting at {@code outStart}.
   */
  void append(
      String file,
      VectorSchemaRoot batch,
      RowArrowReader reader,
      long firstRowId,
      int[] rows,
      int from,
      int to,
      VectorSchemaRoot out,
      int outStart)
      throws RowFormatException {
    List<FieldVector> src = batch.getFieldVectors();
    for (int j = 0; j < source.length; j++) {
      FieldVector target = out.getVector(j);
      if (source[j] < 0) {
        BigIntVector ids = (BigIntVector) target;
        for (int r = from, o = outStart; r < to; r++, o++) {
          ids.setSafe(o, firstRowId + reader.rowNumber(rows == null ? r : rows[r]));
        }
        continue;
      }
      FieldVector s = src.get(source[j]);
      if (blob[j]) {
        String column = outputNames.get(j);
        for (int r = from, o = outStart; r < to; r++, o++) {
          BlobVectors.copy(column, file, types[j], s, rows == null ? r : rows[r], target, o);
        }
      } else {
        VectorCopy.copyRows(s, rows, from, to, target, outStart);
      }
    }
  }

  /**
   * Fills rows {@code [0, n)} of an empty {@code out} from staged batches (read columns in
   * data-file form, as {@link GroupBatches} gives them): output row {@code o} is row {@code
   * rows[o]} of {@code staged[sources[o]]}, read from the file {@code files[sources[o]]} (for
   * messages), with {@code _ROW_ID} {@code ids[o]}. Each value is copied once ({@link
   * VectorCopy#gather}).
   */
  void gather(
      String[] files,
      VectorSchemaRoot[] staged,
      int[] sources,
      int[] rows,
      long[] ids,
      int n,
      VectorSchemaRoot out)
      throws RowFormatException {
    FieldVector[] from = new FieldVector[staged.length];
    for (int j = 0; j < source.length; j++) {
      FieldVector target = out.getVector(j);
      if (source[j] < 0) {
        BigIntVector rowIds = (BigIntVector) target;
        for (int o = 0; o < n; o++) {
          rowIds.setSafe(o, ids[o]);
        }
        continue;
      }
      for (int k = 0; k < staged.length; k++) {
        from[k] = staged[k].getVector(source[j]);
      }
      if (blob[j]) {
        String column = outputNames.get(j);
        for (int o = 0; o < n; o++) {
          BlobVectors.copy(
              column, files[sources[o]], types[j], from[sources[o]], rows[o], target, o);
        }
      } else {
        VectorCopy.gather(from, sources, rows, n, target);
      }
    }
  }

  /**
   * Moves a whole file batch into an empty {@code out} without copying (no BLOB columns). The
   * buffers {@code out} held are moved back into the file batch, so the reader decodes its next
   * batch into buffers already sized for a batch instead of growing new ones from nothing.
   */
  void transfer(
      VectorSchemaRoot batch,
      RowArrowReader reader,
      long firstRowId,
      int count,
      VectorSchemaRoot out) {
    List<FieldVector> src = batch.getFieldVectors();
    int[] movedTo = new int[src.size()];
    Arrays.fill(movedTo, -1);
    for (int j = 0; j < source.length; j++) {
      FieldVector target = out.getVector(j);
      if (source[j] < 0) {
        BigIntVector ids = (BigIntVector) target;
        for (int r = 0; r < count; r++) {
          ids.setSafe(r, firstRowId + reader.rowNumber(r));
        }
      } else if (movedTo[source[j]] < 0) {
        movedTo[source[j]] = j;
        swap(src.get(source[j]), target);
      } else {
        VectorCopy.copyRows(out.getVector(movedTo[source[j]]), null, 0, count, target, 0);
      }
    }
  }

  /**
   * Moves {@code from}'s buffers into {@code to} and {@code to}'s old buffers into {@code from}.
   */
  private static void swap(FieldVector from, FieldVector to) {
    try (FieldVector spare = to.getField().createVector(to.getAllocator())) {
      to.makeTransferPair(spare).transfer();
      from.makeTransferPair(to).transfer();
      spare.makeTransferPair(from).transfer();
    }
  }
}
