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
package io.paimon.row.internal;

import io.paimon.row.Row;
import io.paimon.row.RowFormatException;
import io.paimon.types.DataField;
import io.paimon.types.RowType;
import java.util.List;
import org.apache.arrow.vector.FieldVector;

/**
 * Encodes top-level rows (null bitmap, then the non-null fields) and decodes them with an optional
 * projection: fields that are not projected are skipped without being materialised, and decoding
 * stops after the last projected field. Immutable; share freely.
 */
final class RowCodec {

  private final FieldCodec[] codecs;
  private final int bitmapBytes;
  private final int[] outputIndex;
  private final int lastNeeded;
  private final int outputCount;
  private final byte[] notNull;
  private final String[] names;

  /** No projection: every field is decoded, in file order. */
  private final boolean allFields;

  /**
   * With every field decoded and of a raw fixed width (numbers, dates, ...): the size of a row
   * without nulls, and each field's offset in it; else -1 and null.
   */
  private final int fixedRowBytes;

  private final int[] fieldOffsets;

  /**
   * @param projection file field indexes to return, in output order; null for all fields
   */
  RowCodec(RowType fileType, int[] projection) {
    int n = fileType.fieldCount();
    this.codecs = new FieldCodec[n];
    for (int i = 0; i < n; i++) {
      DataField f = fileType.fields().get(i);
      codecs[i] = FieldCodec.create(f.name(), f.type());
    }
    this.bitmapBytes = (n + 7) >>> 3;
    this.notNull = new byte[bitmapBytes];
    this.names = new String[n];
    for (int i = 0; i < n; i++) {
      names[i] = codecs[i].path;
      if (!codecs[i].type.isNullable()) {
        notNull[i >>> 3] |= (byte) (1 << (i & 7));
      }
    }
    this.outputIndex = new int[n];
    if (projection == null) {
      for (int i = 0; i < n; i++) {
        outputIndex[i] = i;
      }
      this.outputCount = n;
      this.lastNeeded = n - 1;
      this.allFields = true;
    } else {
      java.util.Arrays.fill(outputIndex, -1);
      int last = -1;
      for (int out = 0; out < projection.length; out++) {
        outputIndex[projection[out]] = out;
        last = Math.max(last, projection[out]);
      }
      this.outputCount = projection.length;
      this.lastNeeded = last;
      boolean identity = projection.length == n;
      for (int out = 0; identity && out < n; out++) {
        identity = projection[out] == out;
      }
      this.allFields = identity;
    }
    int size = bitmapBytes;
    int[] at = new int[n];
    for (int i = 0; i < n && size >= 0; i++) {
      int width = codecs[i].rawArrowWidth();
      at[i] = size;
      size = width > 0 ? size + width : -1;
    }
    boolean fixed = allFields && size > 0;
    this.fixedRowBytes = fixed ? size : -1;
    this.fieldOffsets = fixed ? at : null;
  }

  /**
   * Decodes rows {@code [from, to)} of {@code block} at once if they can be: every field is read,
   * of a raw fixed width, into a {@link ArrowColumn.FixedWidth} column, and every one of these rows
   * has no null and exactly the size such a row has. Then each column is one strided copy.
   *
   * @return false, having read nothing, if the rows must be decoded one by one
   */
  boolean readFixedRows(DecodedBlock block, int from, int to, ArrowColumn[] columns) {
    if (fixedRowBytes < 0 || to <= from) {
      return false;
    }
    for (ArrowColumn c : columns) {
      if (!(c instanceof ArrowColumn.FixedWidth)) {
        return false;
      }
    }
    int[] offsets = block.offsets;
    byte[] data = block.data;
    for (int r = from; r < to; r++) {
      int start = offsets[r];
      if (offsets[r + 1] - start != fixedRowBytes) {
        return false;
      }
      for (int j = 0; j < bitmapBytes; j++) {
        if (data[start + j] != 0) {
          return false;
        }
      }
    }
    int n = to - from;
    for (int c = 0; c < columns.length; c++) {
      ((ArrowColumn.FixedWidth) columns[c])
          .appendStrided(data, offsets[from] + fieldOffsets[c], fixedRowBytes, n);
    }
    return true;
  }

  int outputCount() {
    return outputCount;
  }

  /** Appends a row; on failure the sink may hold a partial row, which the caller discards. */
  void write(ByteSink out, Row row) throws RowFormatException {
    if (row.size() != codecs.length) {
      throw new IllegalArgumentException(
          "the row has " + row.size() + " fields but the schema has " + codecs.length);
    }
    int bitmap = out.reserveZeros(bitmapBytes);
    for (int i = 0; i < codecs.length; i++) {
      Object v = row.get(i);
      if (v == null) {
        if (!codecs[i].type.isNullable()) {
          throw new IllegalArgumentException("field '" + codecs[i].path + "' is NOT NULL but null");
        }
        out.setBit(bitmap, i);
      } else {
        codecs[i].write(out, v);
      }
    }
  }

  /**
   * The encoders of the fields from {@code vectors} (in file order); a null entry stays null: that
   * field's values are taken from the row given to {@link #writeArrow}.
   *
   * @throws IllegalArgumentException if the list has the wrong size or a vector has another layout
   */
  ArrowEncoder[] arrowEncoders(List<? extends FieldVector> vectors) {
    if (vectors.size() != codecs.length) {
      throw new IllegalArgumentException(
          vectors.size() + " vectors given for the " + codecs.length + " fields of the file");
    }
    ArrowEncoder[] encoders = new ArrowEncoder[codecs.length];
    for (int i = 0; i < codecs.length; i++) {
      if (vectors.get(i) != null) {
        encoders[i] = ArrowEncoder.create(codecs[i], vectors.get(i));
      }
    }
    return encoders;
  }

  /**
   * Appends row {@code index} of the encoders' vectors; a field without an encoder takes its value
   * from {@code values} (null when {@code values} is). On failure the sink may hold a partial row,
   * which the caller discards.
   */
  void writeArrow(ByteSink out, ArrowEncoder[] encoders, int index, Row values)
      throws RowFormatException {
    if (values != null && values.size() != codecs.length) {
      throw new IllegalArgumentException(
          "the row has " + values.size() + " fields but the schema has " + codecs.length);
    }
    int bitmap = out.reserveZeros(bitmapBytes);
    for (int i = 0; i < codecs.length; i++) {
      ArrowEncoder encoder = encoders[i];
      if (encoder != null) {
        if (encoder.isNull(index)) {
          if (!codecs[i].type.isNullable()) {
            throw new IllegalArgumentException(
                "field '" + codecs[i].path + "' is NOT NULL but null");
          }
          out.setBit(bitmap, i);
        } else {
          ArrowEncoder.encode(encoder, out, index);
        }
        continue;
      }
      Object v = values == null ? null : values.get(i);
      if (v == null) {
        if (!codecs[i].type.isNullable()) {
          throw new IllegalArgumentException("field '" + codecs[i].path + "' is NOT NULL but null");
        }
        out.setBit(bitmap, i);
      } else {
        codecs[i].write(out, v);
      }
    }
  }

  private int readBitmap(BlockInput in) throws RowFormatException {
    int bitmap = in.pos;
    in.skip(bitmapBytes, "the row's null bitmap");
    in.checkNotNull(bitmap, notNull, names);
    return bitmap;
  }

  /** Decodes the row the cursor is bounded to. */
  Row read(BlockInput in) throws RowFormatException {
    int bitmap = readBitmap(in);
    Object[] values = new Object[outputCount];
    for (int i = 0; i <= lastNeeded; i++) {
      if (in.isSet(bitmap, i)) {
        continue;
      }
      int out = outputIndex[i];
      if (out >= 0) {
        values[out] = codecs[i].read(in);
      } else {
        codecs[i].skip(in);
      }
    }
    checkEnd(in);
    return Row.wrap(values);
  }

  /**
   * Decodes the row the cursor is bounded to into {@code vectors} (in output order) at {@code
   * index}.
   */
  void readArrow(BlockInput in, FieldVector[] vectors, int index) throws RowFormatException {
    int bitmap = readBitmap(in);
    for (int i = 0; i <= lastNeeded; i++) {
      int out = outputIndex[i];
      if (in.isSet(bitmap, i)) {
        if (out >= 0) {
          vectors[out].setNull(index);
        }
      } else if (out >= 0) {
        codecs[i].readArrow(in, vectors[out], index);
      } else {
        codecs[i].skip(in);
      }
    }
    checkEnd(in);
  }

  /**
   * The columns that decode this codec's output fields into {@code vectors} (in output order); see
   * {@link #readColumns}.
   */
  ArrowColumn[] arrowColumns(FieldVector[] vectors) {
    ArrowColumn[] columns = new ArrowColumn[outputCount];
    for (int i = 0; i < codecs.length; i++) {
      if (outputIndex[i] >= 0) {
        columns[outputIndex[i]] = ArrowColumn.create(codecs[i], vectors[outputIndex[i]]);
      }
    }
    return columns;
  }

  /**
   * Decodes the row the cursor is bounded to, appending one value (or null) to each column; the
   * batched form of {@link #readArrow}, with the same checks.
   */
  void readColumns(BlockInput in, ArrowColumn[] columns) throws RowFormatException {
    int bitmap = in.pos;
    in.skip(bitmapBytes, "the row's null bitmap");
    if (allFields && in.allClear(bitmap, bitmapBytes)) {
      // The common row: every field present and wanted, so no per-field bitmap or index lookups.
      for (ArrowColumn column : columns) {
        ArrowColumn.append(column, in);
      }
      checkEnd(in);
      return;
    }
    in.checkNotNull(bitmap, notNull, names);
    for (int i = 0; i <= lastNeeded; i++) {
      int out = outputIndex[i];
      if (in.isSet(bitmap, i)) {
        if (out >= 0) {
          columns[out].appendNull();
        }
      } else if (out >= 0) {
        ArrowColumn.append(columns[out], in);
      } else {
        codecs[i].skip(in);
      }
    }
    checkEnd(in);
  }

  /** A fully decoded row must end exactly where the next one begins. */
  private void checkEnd(BlockInput in) throws RowFormatException {
    if (lastNeeded == codecs.length - 1 && in.pos != in.limit) {
      throw in.corrupt(
          "the row's fields end "
              + (in.limit - in.pos)
              + " bytes before the next row begins; the schema does not fit the data");
    }
  }
}
