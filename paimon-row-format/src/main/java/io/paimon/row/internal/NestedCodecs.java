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
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.RowType;
import io.paimon.types.VectorType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;

/** ARRAY, MAP/MULTISET, nested ROW and VECTOR codecs. */
final class NestedCodecs {

  private NestedCodecs() {}

  /** Element count and null bitmap of an array section, checked against what remains. */
  static int readArrayHeader(BlockInput in, String path) throws RowFormatException {
    int size = in.readVarint();
    int bitmapBytes = (int) ((size + 7L) >>> 3);
    if (bitmapBytes > in.remaining()) {
      throw in.corrupt(
          "array '"
              + path
              + "' of "
              + size
              + " elements needs a "
              + bitmapBytes
              + "-byte null bitmap but only "
              + in.remaining()
              + " bytes remain in the row");
    }
    return size;
  }

  /** Writes varint(size), the null bitmap and the non-null elements of an array section. */
  private static void writeArray(ByteSink out, FieldCodec element, List<?> values)
      throws RowFormatException {
    int size = values.size();
    out.writeVarint(size);
    int bitmap = out.reserveZeros((size + 7) >>> 3);
    for (int i = 0; i < size; i++) {
      Object v = values.get(i);
      if (v == null) {
        if (!element.type.isNullable()) {
          throw new IllegalArgumentException(
              "field '" + element.path + "' is NOT NULL but element " + i + " is null");
        }
        out.setBit(bitmap, i);
      } else {
        element.write(out, v);
      }
    }
  }

  /** Steps over an array section's null bitmap, checking it against the element's nullability. */
  private static int elementBitmap(BlockInput in, FieldCodec element, int size)
      throws RowFormatException {
    int bitmap = in.pos;
    in.pos += (size + 7) >>> 3;
    if (!element.type.isNullable()) {
      in.checkNoNullElements(bitmap, size, element.path);
    }
    return bitmap;
  }

  /** Reads the elements of an array section whose header was read; nulls as null. */
  private static List<Object> readElements(BlockInput in, FieldCodec element, int size)
      throws RowFormatException {
    int bitmap = elementBitmap(in, element, size);
    List<Object> list = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      list.add(in.isSet(bitmap, i) ? null : element.read(in));
    }
    return list;
  }

  private static void skipElements(BlockInput in, FieldCodec element, int size)
      throws RowFormatException {
    int bitmap = elementBitmap(in, element, size);
    for (int i = 0; i < size; i++) {
      if (!in.isSet(bitmap, i)) {
        element.skip(in);
      }
    }
  }

  private static void readElementsArrow(
      BlockInput in, FieldCodec element, int size, FieldVector child, int start)
      throws RowFormatException {
    int bitmap = elementBitmap(in, element, size);
    for (int i = 0; i < size; i++) {
      if (in.isSet(bitmap, i)) {
        child.setNull(start + i);
      } else {
        element.readArrow(in, child, start + i);
      }
    }
  }

  static final class ArrayCodec extends FieldCodec {
    private final FieldCodec element;

    ArrayCodec(String path, DataType type, FieldCodec element) {
      super(path, type);
      this.element = element;
    }

    FieldCodec element() {
      return element;
    }

    @Override
    void write(ByteSink out, Object value) throws RowFormatException {
      if (!(value instanceof List)) {
        throw wrongType(value, "List");
      }
      writeArray(out, element, (List<?>) value);
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      return readElements(in, element, readArrayHeader(in, path));
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      skipElements(in, element, readArrayHeader(in, path));
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      ListVector list = (ListVector) vector;
      int size = readArrayHeader(in, path);
      int start = list.startNewValue(index);
      readElementsArrow(in, element, size, list.getDataVector(), start);
      list.endValue(index, size);
    }
  }

  /** MAP&lt;K, V&gt; and MULTISET&lt;T&gt; (as MAP&lt;T, INT NOT NULL&gt;): keys, then values. */
  static final class MapCodec extends FieldCodec {
    private final FieldCodec key;
    private final FieldCodec value;

    MapCodec(String path, DataType type, FieldCodec key, FieldCodec value) {
      super(path, type);
      this.key = key;
      this.value = value;
    }

    FieldCodec key() {
      return key;
    }

    FieldCodec value() {
      return value;
    }

    @Override
    void write(ByteSink out, Object map) throws RowFormatException {
      if (!(map instanceof Map)) {
        throw wrongType(map, "Map");
      }
      Map<?, ?> m = (Map<?, ?>) map;
      List<Object> keys = new ArrayList<>(m.size());
      List<Object> values = new ArrayList<>(m.size());
      for (Map.Entry<?, ?> e : m.entrySet()) {
        keys.add(e.getKey());
        values.add(e.getValue());
      }
      writeArray(out, key, keys);
      writeArray(out, value, values);
    }

    private int readValueHeader(BlockInput in, int keyCount) throws RowFormatException {
      int valueCount = readArrayHeader(in, path);
      if (valueCount != keyCount) {
        throw in.corrupt(
            "map '" + path + "' has " + keyCount + " keys but " + valueCount + " values");
      }
      return valueCount;
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      int size = readArrayHeader(in, path);
      List<Object> keys = readElements(in, key, size);
      List<Object> values = readElements(in, value, readValueHeader(in, size));
      Map<Object, Object> map = new LinkedHashMap<>(Math.max(4, size * 2));
      for (int i = 0; i < size; i++) {
        if (map.containsKey(keys.get(i))) {
          throw in.corrupt("map '" + path + "' repeats the key " + keys.get(i));
        }
        map.put(keys.get(i), values.get(i));
      }
      return map;
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      int size = readArrayHeader(in, path);
      skipElements(in, key, size);
      skipElements(in, value, readValueHeader(in, size));
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      ListVector map = (ListVector) vector;
      StructVector entries = (StructVector) map.getDataVector();
      List<FieldVector> children = entries.getChildrenFromFields();
      int size = readArrayHeader(in, path);
      int start = map.startNewValue(index);
      for (int i = 0; i < size; i++) {
        entries.setIndexDefined(start + i);
      }
      int keyBitmap = in.pos;
      for (int i = 0; i < size; i++) {
        if (in.isSet(keyBitmap, i)) {
          throw in.corrupt("map '" + path + "' has a null key, which an Arrow map cannot hold");
        }
      }
      readElementsArrow(in, key, size, children.get(0), start);
      readElementsArrow(in, value, readValueHeader(in, size), children.get(1), start);
      map.endValue(index, size);
    }
  }

  /** A nested ROW: its own null bitmap, then its non-null fields. */
  static final class StructCodec extends FieldCodec {
    private final FieldCodec[] fields;
    private final int bitmapBytes;
    private final byte[] notNull;
    private final String[] names;

    StructCodec(String path, RowType type) {
      super(path, type);
      this.fields = new FieldCodec[type.fieldCount()];
      for (int i = 0; i < fields.length; i++) {
        fields[i] = create(path + "." + type.fields().get(i).name(), type.typeAt(i));
      }
      this.bitmapBytes = (fields.length + 7) >>> 3;
      this.notNull = new byte[bitmapBytes];
      this.names = new String[fields.length];
      for (int i = 0; i < fields.length; i++) {
        names[i] = fields[i].path;
        if (!fields[i].type.isNullable()) {
          notNull[i >>> 3] |= (byte) (1 << (i & 7));
        }
      }
    }

    FieldCodec[] fields() {
      return fields;
    }

    @Override
    void write(ByteSink out, Object value) throws RowFormatException {
      if (!(value instanceof Row)) {
        throw wrongType(value, Row.class.getName());
      }
      Row row = (Row) value;
      if (row.size() != fields.length) {
        throw new IllegalArgumentException(
            "field '"
                + path
                + "' of type "
                + type
                + " expects "
                + fields.length
                + " fields, got a row of "
                + row.size());
      }
      int bitmap = out.reserveZeros(bitmapBytes);
      for (int i = 0; i < fields.length; i++) {
        Object v = row.get(i);
        if (v == null) {
          if (!fields[i].type.isNullable()) {
            throw new IllegalArgumentException(
                "field '" + fields[i].path + "' is NOT NULL but null");
          }
          out.setBit(bitmap, i);
        } else {
          fields[i].write(out, v);
        }
      }
    }

    private int readBitmap(BlockInput in) throws RowFormatException {
      int bitmap = in.pos;
      in.skip(bitmapBytes, "the null bitmap of '" + path + "'");
      in.checkNotNull(bitmap, notNull, names);
      return bitmap;
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      int bitmap = readBitmap(in);
      Object[] values = new Object[fields.length];
      for (int i = 0; i < fields.length; i++) {
        if (!in.isSet(bitmap, i)) {
          values[i] = fields[i].read(in);
        }
      }
      return Row.wrap(values);
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      int bitmap = readBitmap(in);
      for (int i = 0; i < fields.length; i++) {
        if (!in.isSet(bitmap, i)) {
          fields[i].skip(in);
        }
      }
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      StructVector struct = (StructVector) vector;
      List<FieldVector> children = struct.getChildrenFromFields();
      int bitmap = readBitmap(in);
      struct.setIndexDefined(index);
      for (int i = 0; i < fields.length; i++) {
        if (in.isSet(bitmap, i)) {
          children.get(i).setNull(index);
        } else {
          fields[i].readArrow(in, children.get(i), index);
        }
      }
    }
  }

  /** VECTOR&lt;T, n&gt;: varint(n), then n elements without a null bitmap. */
  static final class VectorCodec extends FieldCodec {
    private final int length;
    private final DataTypeRoot element;
    private final int width;
    private final FieldCodec elementCodec;

    VectorCodec(String path, VectorType type) {
      super(path, type);
      this.length = type.length();
      this.element = type.elementType().root();
      this.elementCodec = create(path + "[]", type.elementType().notNull());
      switch (element) {
        case BOOLEAN:
        case TINYINT:
          width = 1;
          break;
        case SMALLINT:
          width = 2;
          break;
        case INTEGER:
        case FLOAT:
          width = 4;
          break;
        default:
          width = 8;
      }
    }

    @Override
    void write(ByteSink out, Object value) throws RowFormatException {
      int n = primitiveLength(value);
      if (n != length) {
        throw new RowFormatException(
            path, -1, "VECTOR of length " + length + " given " + n + " elements");
      }
      out.writeVarint(n);
      switch (element) {
        case BOOLEAN:
          for (boolean b : (boolean[]) value) {
            out.writeByte(b ? 1 : 0);
          }
          break;
        case TINYINT:
          out.writeBytes((byte[]) value, 0, n);
          break;
        case SMALLINT:
          for (short s : (short[]) value) {
            out.writeShort(s);
          }
          break;
        case INTEGER:
          for (int i : (int[]) value) {
            out.writeInt(i);
          }
          break;
        case BIGINT:
          for (long l : (long[]) value) {
            out.writeLong(l);
          }
          break;
        case FLOAT:
          for (float f : (float[]) value) {
            out.writeInt(Float.floatToRawIntBits(f));
          }
          break;
        default:
          for (double d : (double[]) value) {
            out.writeLong(Double.doubleToRawLongBits(d));
          }
      }
    }

    private int primitiveLength(Object value) {
      switch (element) {
        case BOOLEAN:
          if (value instanceof boolean[]) {
            return ((boolean[]) value).length;
          }
          throw wrongType(value, "boolean[]");
        case TINYINT:
          if (value instanceof byte[]) {
            return ((byte[]) value).length;
          }
          throw wrongType(value, "byte[]");
        case SMALLINT:
          if (value instanceof short[]) {
            return ((short[]) value).length;
          }
          throw wrongType(value, "short[]");
        case INTEGER:
          if (value instanceof int[]) {
            return ((int[]) value).length;
          }
          throw wrongType(value, "int[]");
        case BIGINT:
          if (value instanceof long[]) {
            return ((long[]) value).length;
          }
          throw wrongType(value, "long[]");
        case FLOAT:
          if (value instanceof float[]) {
            return ((float[]) value).length;
          }
          throw wrongType(value, "float[]");
        default:
          if (value instanceof double[]) {
            return ((double[]) value).length;
          }
          throw wrongType(value, "double[]");
      }
    }

    private void readHeader(BlockInput in) throws RowFormatException {
      int n = in.readVarint();
      if (n != length) {
        throw in.corrupt(
            "VECTOR '" + path + "' declares " + length + " elements, the file holds " + n);
      }
      if ((long) n * width > in.remaining()) {
        throw in.corrupt(
            "VECTOR '"
                + path
                + "' of "
                + n
                + " elements needs "
                + ((long) n * width)
                + " bytes but only "
                + in.remaining()
                + " remain in the row");
      }
    }

    @Override
    Object read(BlockInput in) throws RowFormatException {
      readHeader(in);
      switch (element) {
        case BOOLEAN:
          {
            boolean[] a = new boolean[length];
            for (int i = 0; i < length; i++) {
              a[i] = in.readByte() != 0;
            }
            return a;
          }
        case TINYINT:
          {
            byte[] a = new byte[length];
            System.arraycopy(in.buf, in.pos, a, 0, length);
            in.pos += length;
            return a;
          }
        case SMALLINT:
          {
            short[] a = new short[length];
            for (int i = 0; i < length; i++) {
              a[i] = in.readShort();
            }
            return a;
          }
        case INTEGER:
          {
            int[] a = new int[length];
            for (int i = 0; i < length; i++) {
              a[i] = in.readInt();
            }
            return a;
          }
        case BIGINT:
          {
            long[] a = new long[length];
            for (int i = 0; i < length; i++) {
              a[i] = in.readLong();
            }
            return a;
          }
        case FLOAT:
          {
            float[] a = new float[length];
            for (int i = 0; i < length; i++) {
              a[i] = Float.intBitsToFloat(in.readInt());
            }
            return a;
          }
        default:
          {
            double[] a = new double[length];
            for (int i = 0; i < length; i++) {
              a[i] = Double.longBitsToDouble(in.readLong());
            }
            return a;
          }
      }
    }

    @Override
    void skip(BlockInput in) throws RowFormatException {
      readHeader(in);
      in.pos += length * width;
    }

    @Override
    void readArrow(BlockInput in, FieldVector vector, int index) throws RowFormatException {
      FixedSizeListVector list = (FixedSizeListVector) vector;
      readHeader(in);
      list.setNotNull(index);
      FieldVector child = list.getDataVector();
      int start = index * length;
      for (int i = 0; i < length; i++) {
        elementCodec.readArrow(in, child, start + i);
      }
    }
  }
}
