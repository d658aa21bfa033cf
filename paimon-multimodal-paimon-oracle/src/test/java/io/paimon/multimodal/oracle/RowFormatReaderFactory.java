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
package io.paimon.multimodal.oracle;

import io.paimon.row.RowFile;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.Nullable;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.format.FormatReaderFactory;
import org.apache.paimon.reader.FileRecordReader;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.RowType;
import org.apache.paimon.utils.RoaringBitmap32;
import org.roaringbitmap.RoaringBitmap;

/**
 * Creates readers of {@code .row} files for one (data schema, projection) pair.
 *
 * <p>Paimon 1.4.2 appends {@code _ROW_ID} and {@code _SEQUENCE_NUMBER} to <em>both</em> row types
 * when row tracking is on, although no appended file stores them; it fills them itself from the
 * file's {@code firstRowId} plus {@code returnedPosition()} and its max sequence number, but only
 * where the format answers null. So system fields are dropped from the schema the file is decoded
 * with, and the reader answers null at their projected positions. The other projected fields are
 * matched to the data schema by field id (by name as a fallback).
 */
final class RowFormatReaderFactory implements FormatReaderFactory {

  private final io.paimon.types.RowType fileType;
  private final RowType projected;
  private final RowType dataType;
  private final int[] fileFields;
  private final int[] slots;
  private final RowFileOptions options;

  RowFormatReaderFactory(RowType dataSchema, RowType projected, RowFileOptions options) {
    List<DataField> stored = new ArrayList<>();
    for (DataField f : dataSchema.getFields()) {
      if (!RowFormat.isSystemField(f)) {
        stored.add(f);
      }
    }
    this.dataType = new RowType(stored);
    this.fileType = PaimonTypes.toOurs(dataType);
    this.projected = projected;
    this.options = options;
    this.slots = new int[projected.getFieldCount()];
    List<Integer> fields = new ArrayList<>();
    for (int i = 0; i < slots.length; i++) {
      DataField f = projected.getFields().get(i);
      if (RowFormat.isSystemField(f)) {
        slots[i] = -1;
        continue;
      }
      int index = indexOf(stored, f);
      int slot = fields.indexOf(index);
      if (slot < 0) {
        slot = fields.size();
        fields.add(index);
      }
      slots[i] = slot;
    }
    this.fileFields = fields.stream().mapToInt(Integer::intValue).toArray();
  }

  private static int indexOf(List<DataField> stored, DataField wanted) {
    for (int i = 0; i < stored.size(); i++) {
      if (stored.get(i).id() == wanted.id()) {
        return i;
      }
    }
    for (int i = 0; i < stored.size(); i++) {
      if (stored.get(i).name().equals(wanted.name())) {
        return i;
      }
    }
    throw new IllegalArgumentException(
        "projected field " + wanted + " is not in the file's schema " + stored);
  }

  @Override
  public FileRecordReader<InternalRow> createReader(Context context) throws IOException {
    RowFileReader file =
        RowFile.open(
            PaimonSeekableInput.open(context.fileIO(), context.filePath(), context.fileSize()),
            fileType,
            options);
    try {
      RowFileReader view = file.project(fileFields);
      RoaringBitmap selection = toRoaring(context.selection(), file.rowCount());
      if (selection != null) {
        view = view.select(selection);
      }
      DataField[] readFields = new DataField[fileFields.length];
      for (int i = 0; i < fileFields.length; i++) {
        readFields[i] = dataType.getFields().get(fileFields[i]);
      }
      return new RowFormatReader(
          file,
          view,
          selection,
          readFields,
          projected,
          slots,
          context.fileIO(),
          context.filePath());
    } catch (IOException | RuntimeException e) {
      file.close();
      throw e;
    }
  }

  /**
   * Paimon's selection as a bitmap of our codec's RoaringBitmap, cut to the file's rows; null for
   * "every row". Both libraries share the portable serialization.
   */
  @Nullable
  private static RoaringBitmap toRoaring(@Nullable RoaringBitmap32 selection, long rowCount)
      throws IOException {
    if (selection == null) {
      return null;
    }
    RoaringBitmap bitmap = new RoaringBitmap();
    bitmap.deserialize(ByteBuffer.wrap(selection.serialize()));
    bitmap.remove(rowCount, 0x1_0000_0000L);
    return bitmap;
  }
}
