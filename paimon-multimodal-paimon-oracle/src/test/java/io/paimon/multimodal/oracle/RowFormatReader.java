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

import io.paimon.row.CloseableIterator;
import io.paimon.row.Row;
import io.paimon.row.RowFileReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.annotation.Nullable;
import org.apache.paimon.data.Blob;
import org.apache.paimon.data.BlobDescriptor;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.fs.FileIO;
import org.apache.paimon.fs.Path;
import org.apache.paimon.reader.FileRecordIterator;
import org.apache.paimon.reader.FileRecordReader;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeRoot;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.MultisetType;
import org.apache.paimon.types.RowType;
import org.apache.paimon.utils.UriReader;
import org.roaringbitmap.PeekableIntIterator;
import org.roaringbitmap.RoaringBitmap;

/**
 * A Paimon {@link FileRecordReader} over one {@code .row} file: batches of fresh {@link
 * GenericRow}s in file order, only the selected positions when Paimon gives a selection, with
 * {@link FileRecordIterator#returnedPosition()} the exact file position of the row returned last
 * (Paimon derives {@code _ROW_ID} from it and filters by it again). A top-level BLOB cell holding a
 * serialized descriptor comes back as a {@link Blob} reading that range through the file's {@link
 * FileIO}, as Paimon's columnar readers do; other BLOB bytes come back as inline data. Closing
 * closes the file. Not thread-safe.
 */
final class RowFormatReader implements FileRecordReader<InternalRow> {

  private static final int BATCH_ROWS = 1024;

  private final RowFileReader file;
  private final RowFileReader view;
  private final CloseableIterator<Row> rows;
  @Nullable private final PeekableIntIterator selected;
  private final DataField[] readFields;
  private final RowType projected;
  private final int[] slots;
  private final UriReader uriReader;
  private final Path path;
  private long nextPosition;
  private long lastPosition = -1;

  RowFormatReader(
      RowFileReader file,
      RowFileReader view,
      @Nullable RoaringBitmap selection,
      DataField[] readFields,
      RowType projected,
      int[] slots,
      FileIO fileIO,
      Path path)
      throws IOException {
    this.file = file;
    this.view = view;
    this.rows = view.iterator();
    this.selected = selection == null ? null : selection.getIntIterator();
    this.readFields = readFields;
    this.projected = projected;
    this.slots = slots;
    this.uriReader = UriReader.fromFile(fileIO);
    this.path = path;
  }

  @Override
  public FileRecordIterator<InternalRow> readBatch() throws IOException {
    return rows.hasNext() ? new Batch() : null;
  }

  @Override
  public void close() throws IOException {
    // The iterator first, then the view, then the reader that owns the file.
    try (RowFileReader f = file;
        RowFileReader v = view) {
      rows.close();
    }
  }

  private InternalRow convert(Row row) {
    GenericRow out = new GenericRow(slots.length);
    for (int i = 0; i < slots.length; i++) {
      int slot = slots[i];
      if (slot < 0) {
        continue; // a system field: null, so that Paimon fills it in
      }
      Object value = row.get(slot);
      DataType fileType = readFields[slot].type();
      DataType readType = projected.getTypeAt(i);
      if (value != null && readType.getTypeRoot() == DataTypeRoot.BLOB) {
        out.setField(i, blob((byte[]) value));
      } else {
        out.setField(i, PaimonValues.toPaimon(prune(value, fileType, readType), readType));
      }
    }
    return out;
  }

  private Blob blob(byte[] bytes) {
    if (BlobDescriptor.isBlobDescriptor(bytes)) {
      return Blob.fromDescriptor(uriReader, BlobDescriptor.deserialize(bytes));
    }
    return Blob.fromData(bytes);
  }

  /**
   * A Java value of the file's type narrowed to the read type where Paimon prunes nested fields of
   * a ROW (matched by id, then name; fields the file lacks read as null).
   */
  private static Object prune(Object value, DataType from, DataType to) {
    if (value == null || from.equals(to)) {
      return value;
    }
    switch (to.getTypeRoot()) {
      case ROW:
        {
          RowType f = (RowType) from;
          RowType t = (RowType) to;
          Row row = (Row) value;
          Object[] out = new Object[t.getFieldCount()];
          for (int i = 0; i < out.length; i++) {
            DataField want = t.getFields().get(i);
            int at = f.getFieldIndexByFieldId(want.id());
            if (at < 0) {
              at = f.getFieldIndex(want.name());
            }
            out[i] = at < 0 ? null : prune(row.get(at), f.getTypeAt(at), want.type());
          }
          return Row.wrap(out);
        }
      case ARRAY:
        {
          List<Object> out = new ArrayList<>();
          for (Object e : (List<?>) value) {
            out.add(
                prune(e, ((ArrayType) from).getElementType(), ((ArrayType) to).getElementType()));
          }
          return out;
        }
      case MAP:
        return pruneMap(
            (Map<?, ?>) value,
            ((MapType) from).getKeyType(),
            ((MapType) to).getKeyType(),
            ((MapType) from).getValueType(),
            ((MapType) to).getValueType());
      case MULTISET:
        return pruneMap(
            (Map<?, ?>) value,
            ((MultisetType) from).getElementType(),
            ((MultisetType) to).getElementType(),
            null,
            null);
      default:
        return value;
    }
  }

  private static Map<Object, Object> pruneMap(
      Map<?, ?> map, DataType fromKey, DataType toKey, DataType fromValue, DataType toValue) {
    Map<Object, Object> out = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : map.entrySet()) {
      Object v = fromValue == null ? e.getValue() : prune(e.getValue(), fromValue, toValue);
      out.put(prune(e.getKey(), fromKey, toKey), v);
    }
    return out;
  }

  /** Up to {@link #BATCH_ROWS} rows; positions continue from the previous batch. */
  private final class Batch implements FileRecordIterator<InternalRow> {
    private int left = BATCH_ROWS;

    @Override
    public InternalRow next() throws IOException {
      if (left == 0 || !rows.hasNext()) {
        return null;
      }
      Row row = rows.next();
      left--;
      lastPosition = selected == null ? nextPosition++ : Integer.toUnsignedLong(selected.next());
      return convert(row);
    }

    @Override
    public long returnedPosition() {
      return lastPosition;
    }

    @Override
    public Path filePath() {
      return path;
    }

    @Override
    public void releaseBatch() {
      // rows are fresh objects; nothing to recycle
    }
  }
}
