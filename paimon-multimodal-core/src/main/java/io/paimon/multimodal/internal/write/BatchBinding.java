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

import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.multimodal.internal.meta.StatsCollector;
import io.paimon.row.ArrowSchemas;
import io.paimon.row.Row;
import io.paimon.row.RowArrowAppender;
import io.paimon.row.RowFileWriter;
import io.paimon.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;

/**
 * How one data file's writer takes the columns of one Arrow batch. A column whose vector has the
 * {@code .row} codec's layout ({@link ArrowSchemas#matches}) is encoded straight from the vector,
 * and its statistics gathered from it a range of rows at a time. Every other cell becomes the Java
 * value {@link ArrowValues#get} makes of it, as the boxed write path does: a column in another
 * Arrow layout, a {@code blob-descriptor-field} column (whose descriptors are then serialized for
 * the data file, as {@link BlobCells#descriptorCell} does), and the BLOB columns stored in {@code
 * .blob} files; the conversions run in schema order, as the boxed path's do. A column the batch
 * lacks is null. Not thread-safe.
 */
final class BatchBinding {

  private static final byte FROM_VECTOR = 0;
  private static final byte FROM_NOTHING = 1;
  private static final byte CONVERTED = 2;
  private static final byte DESCRIPTOR = 3;

  private final ArrowBatch batch;
  private final RowType tableType;
  private final int[] rowColumns;
  private final int[] blobColumns;
  private final RowArrowAppender appender;

  /** Per row column, how the batch gives its values: one of the kinds above. */
  private final byte[] source;

  /** Table columns whose cells become Java values, in schema order. */
  private final int[] converted;

  /** Whether some row column is converted: then the appender takes them as a row. */
  private final boolean anyConverted;

  /** The row columns whose statistics are gathered value by value. */
  private final int[] valueStatsColumns;

  /** Java values of the converted row columns (as given, before descriptors are serialized). */
  private final Object[] plain;

  /** What the data file stores for the converted row columns. */
  private final Object[] stored;

  /** Java values of the BLOB columns' cells. */
  private final Object[] blobValues;

  BatchBinding(TableWriter table, ArrowBatch batch, RowFileWriter writer) {
    this.batch = batch;
    this.tableType = table.tableType();
    this.rowColumns = table.rowColumns();
    this.blobColumns = table.blobColumns();
    this.source = new byte[rowColumns.length];
    this.plain = new Object[rowColumns.length];
    this.stored = new Object[rowColumns.length];
    this.blobValues = new Object[blobColumns.length];
    List<FieldVector> vectors = new ArrayList<>(rowColumns.length);
    boolean[] convert = new boolean[tableType.fieldCount()];
    boolean any = false;
    List<Integer> byValue = new ArrayList<>();
    for (int r = 0; r < rowColumns.length; r++) {
      FieldVector v = batch.column(rowColumns[r]);
      if (table.isDescriptorColumn(r)) {
        source[r] = DESCRIPTOR;
      } else if (v == null) {
        source[r] = FROM_NOTHING;
      } else if (ArrowSchemas.matches(v, table.fileType().typeAt(r))) {
        source[r] = FROM_VECTOR;
      } else {
        source[r] = CONVERTED;
      }
      vectors.add(source[r] == FROM_VECTOR ? v : null);
      convert[rowColumns[r]] = source[r] == CONVERTED || source[r] == DESCRIPTOR;
      any |= convert[rowColumns[r]];
      if (source[r] != FROM_VECTOR) {
        byValue.add(r);
      }
    }
    for (int c : blobColumns) {
      convert[c] = true;
    }
    List<Integer> order = new ArrayList<>();
    for (int c = 0; c < convert.length; c++) {
      if (convert[c]) {
        order.add(c);
      }
    }
    this.converted = order.stream().mapToInt(Integer::intValue).toArray();
    this.anyConverted = any;
    this.valueStatsColumns = byValue.stream().mapToInt(Integer::intValue).toArray();
    this.appender = writer.arrowAppender(vectors);
  }

  /** Whether this binds {@code batch}. */
  boolean binds(ArrowBatch other) {
    return batch == other;
  }

  /**
   * Makes the Java values of row {@code i}'s converted cells, in schema order, then serializes the
   * descriptors of descriptor columns.
   *
   * @param at the row's position in the write, for messages
   */
  void convert(int i, long at) {
    if (converted.length == 0) {
      return;
    }
    int r = 0;
    int b = 0;
    for (int c : converted) {
      FieldVector v = batch.column(c);
      Object value =
          v == null
              ? null
              : ArrowValues.get(tableType.fields().get(c).name(), tableType.typeAt(c), v, i);
      while (r < rowColumns.length && rowColumns[r] < c) {
        r++;
      }
      if (r < rowColumns.length && rowColumns[r] == c) {
        plain[r] = value;
      } else {
        while (blobColumns[b] < c) {
          b++;
        }
        blobValues[b] = value;
      }
    }
    for (r = 0; r < rowColumns.length; r++) {
      if (source[r] == CONVERTED) {
        stored[r] = plain[r];
      } else if (source[r] == DESCRIPTOR) {
        int c = rowColumns[r];
        stored[r] =
            BlobCells.descriptorCell(
                tableType.fields().get(c).name(), tableType.typeAt(c), plain[r], at);
      }
    }
  }

  /** The Java value of BLOB column {@code b}'s cell of the row last converted. */
  Object blobValue(int b) {
    return blobValues[b];
  }

  /** Appends row {@code i} (converted first) to the data file; see {@link RowArrowAppender}. */
  void append(int i) throws IOException {
    if (anyConverted) {
      appender.append(i, Row.wrap(stored));
    } else {
      appender.append(i);
    }
  }

  /** Adds the statistics of the row last appended of the columns gathered value by value. */
  void valueStats(StatsCollector stats) {
    for (int r : valueStatsColumns) {
      stats.add(r, plain[r]);
    }
  }

  /** Adds the statistics of rows {@code from..to} of the columns encoded from their vectors. */
  void vectorStats(StatsCollector stats, int from, int to) {
    for (int r = 0; r < rowColumns.length; r++) {
      if (source[r] == FROM_VECTOR) {
        int c = rowColumns[r];
        stats.addArrow(r, tableType.fields().get(c).name(), batch.column(c), from, to);
      }
    }
  }
}
