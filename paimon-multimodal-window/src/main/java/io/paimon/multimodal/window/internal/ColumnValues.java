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
package io.paimon.multimodal.window.internal;

import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.VectorType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;

/**
 * The values of one fetched column in numbered slots. A fixed-width column (a number, a boolean, or
 * a VECTOR of them) is kept in one primitive array of its own type, {@code width} elements per slot
 * (1, or the VECTOR's length), copied straight from the Arrow vectors a read returns, and turns
 * into tensors without a Java object per value; any other column (strings, decimals, times, ARRAY,
 * MAP, ROW, BLOB payloads) keeps one Java value per slot, as {@link ArrowValues#get} gives it.
 *
 * <p>{@link #value} gives what {@link ArrowValues#get} would (a box, or a fresh primitive array for
 * a VECTOR), so samples hold the same values whichever way the column is kept. Writes are not
 * thread-safe; a slot once written may be read from any thread that saw the write published (the
 * fetcher publishes through a volatile write).
 */
final class ColumnValues {

  /** How a column's values are kept. */
  enum Kind {
    BOOL(0),
    INT8(1),
    INT16(2),
    INT32(4),
    INT64(8),
    FLOAT32(4),
    FLOAT64(8),
    OBJECT(-1);

    /** Bytes per element; 0 for a bit (kept as a boolean), -1 for a Java value. */
    final int bytes;

    Kind(int bytes) {
      this.bytes = bytes;
    }
  }

  final String name;
  final DataType type;
  final Kind kind;

  /** Elements per slot: the VECTOR's length, 1 for a scalar column. */
  final int width;

  final boolean vector;

  private final int capacity;
  private final Object data;
  private boolean[] nulls;

  /** Room for {@code slots} values of {@code name} (of {@code type}). */
  ColumnValues(String name, DataType type, int slots) {
    this.name = name;
    this.type = type;
    this.kind = kindOf(type);
    this.vector = type.root() == DataTypeRoot.VECTOR && kind != Kind.OBJECT;
    this.width = vector ? ((VectorType) type).length() : 1;
    this.capacity = slots;
    this.data = newArray(kind, Math.multiplyExact(slots, width));
  }

  /** How values of {@code type} are kept. */
  static Kind kindOf(DataType type) {
    DataTypeRoot root = type.root();
    if (root == DataTypeRoot.VECTOR) {
      return scalarKind(((VectorType) type).elementType().root());
    }
    return scalarKind(root);
  }

  private static Kind scalarKind(DataTypeRoot root) {
    switch (root) {
      case BOOLEAN:
        return Kind.BOOL;
      case TINYINT:
        return Kind.INT8;
      case SMALLINT:
        return Kind.INT16;
      case INTEGER:
        return Kind.INT32;
      case BIGINT:
        return Kind.INT64;
      case FLOAT:
        return Kind.FLOAT32;
      case DOUBLE:
        return Kind.FLOAT64;
      default:
        return Kind.OBJECT;
    }
  }

  /**
   * Heap bytes per slot of a fixed-width column of {@code type} (its elements, plus one for the
   * null flag of a nullable column); -1 for a column kept as Java values.
   */
  static long bytesPerSlot(DataType type) {
    Kind kind = kindOf(type);
    if (kind == Kind.OBJECT) {
      return -1;
    }
    long width = type.root() == DataTypeRoot.VECTOR ? ((VectorType) type).length() : 1;
    return width * Math.max(1, kind.bytes) + (type.isNullable() ? 1 : 0);
  }

  private static Object newArray(Kind kind, int n) {
    switch (kind) {
      case BOOL:
        return new boolean[n];
      case INT8:
        return new byte[n];
      case INT16:
        return new short[n];
      case INT32:
        return new int[n];
      case INT64:
        return new long[n];
      case FLOAT32:
        return new float[n];
      case FLOAT64:
        return new double[n];
      default:
        return new Object[n];
    }
  }

  /** Whether the value in {@code slot} is null. */
  boolean isNull(int slot) {
    if (kind == Kind.OBJECT) {
      return ((Object[]) data)[slot] == null;
    }
    boolean[] n = nulls;
    return n != null && n[slot];
  }

  /** Stores a Java value (a BLOB payload, or any value of an OBJECT column) in {@code slot}. */
  void set(int slot, Object value) {
    ((Object[]) data)[slot] = value;
  }

  /**
   * Stores rows {@code [0, n)} of {@code v}, as a read of this column returned them: row {@code k}
   * in slot {@code slotOf[at + k]}, or {@code at + k} when {@code slotOf} is null.
   *
   * @throws io.paimon.multimodal.SchemaException as {@link ArrowValues#get} does for a vector that
   *     cannot hold the column's type or a VECTOR with a null element
   */
  void fill(FieldVector v, int n, int[] slotOf, int at) {
    if (kind == Kind.OBJECT) {
      Object[] out = (Object[]) data;
      for (int k = 0; k < n; k++) {
        out[slotOf == null ? at + k : slotOf[at + k]] = ArrowValues.get(name, type, v, k);
      }
      return;
    }
    FieldVector values = v;
    if (vector) {
      if (!(v instanceof FixedSizeListVector)
          || ((FixedSizeListVector) v).getListSize() != width
          || ((FixedSizeListVector) v).getDataVector().getNullCount() > 0) {
        fillBoxed(v, n, slotOf, at);
        return;
      }
      values = ((FixedSizeListVector) v).getDataVector();
    }
    if (!nativeVector(values)) {
      fillBoxed(v, n, slotOf, at);
      return;
    }
    boolean anyNull = v.getNullCount() > 0;
    ArrowBuf buf = values.getDataBuffer();
    long elements = (long) n * width;
    long length = kind == Kind.BOOL ? (elements + 7) / 8 : elements * kind.bytes;
    ByteBuffer b =
        length == 0
            ? ByteBuffer.allocate(0)
            : buf.nioBuffer(0, Math.toIntExact(length)).order(ByteOrder.LITTLE_ENDIAN);
    for (int k = 0; k < n; k++) {
      int slot = slotOf == null ? at + k : slotOf[at + k];
      if (anyNull && v.isNull(k)) {
        markNull(slot);
        continue;
      }
      if (nulls != null) {
        nulls[slot] = false;
      }
      copy(b, k * width, slot * width);
    }
  }

  /** Whether {@code values} is the Arrow vector class this column's elements come in. */
  private boolean nativeVector(FieldVector values) {
    switch (kind) {
      case BOOL:
        return values instanceof BitVector;
      case INT8:
        return values instanceof TinyIntVector;
      case INT16:
        return values instanceof SmallIntVector;
      case INT32:
        return values instanceof IntVector;
      case INT64:
        return values instanceof BigIntVector;
      case FLOAT32:
        return values instanceof Float4Vector;
      case FLOAT64:
        return values instanceof Float8Vector;
      default:
        return false;
    }
  }

  private void copy(ByteBuffer b, int from, int to) {
    switch (kind) {
      case BOOL:
        {
          boolean[] d = (boolean[]) data;
          for (int e = 0; e < width; e++) {
            int bit = from + e;
            d[to + e] = (b.get(bit >>> 3) & (1 << (bit & 7))) != 0;
          }
          break;
        }
      case INT8:
        {
          byte[] d = (byte[]) data;
          for (int e = 0; e < width; e++) {
            d[to + e] = b.get(from + e);
          }
          break;
        }
      case INT16:
        {
          short[] d = (short[]) data;
          for (int e = 0; e < width; e++) {
            d[to + e] = b.getShort((from + e) << 1);
          }
          break;
        }
      case INT32:
        {
          int[] d = (int[]) data;
          for (int e = 0; e < width; e++) {
            d[to + e] = b.getInt((from + e) << 2);
          }
          break;
        }
      case INT64:
        {
          long[] d = (long[]) data;
          for (int e = 0; e < width; e++) {
            d[to + e] = b.getLong((from + e) << 3);
          }
          break;
        }
      case FLOAT32:
        {
          float[] d = (float[]) data;
          for (int e = 0; e < width; e++) {
            d[to + e] = b.getFloat((from + e) << 2);
          }
          break;
        }
      case FLOAT64:
        {
          double[] d = (double[]) data;
          for (int e = 0; e < width; e++) {
            d[to + e] = b.getDouble((from + e) << 3);
          }
          break;
        }
      default:
        throw new AssertionError(kind);
    }
  }

  /**
   * Stores rows through {@link ArrowValues#get}: for a vector of another integer or floating-point
   * class than the usual one, and to raise its exception for a vector that cannot hold the type.
   */
  private void fillBoxed(FieldVector v, int n, int[] slotOf, int at) {
    for (int k = 0; k < n; k++) {
      int slot = slotOf == null ? at + k : slotOf[at + k];
      Object value = ArrowValues.get(name, type, v, k);
      if (value == null) {
        markNull(slot);
        continue;
      }
      if (nulls != null) {
        nulls[slot] = false;
      }
      int to = slot * width;
      if (vector) {
        System.arraycopy(value, 0, data, to, width);
      } else if (kind == Kind.BOOL) {
        ((boolean[]) data)[to] = (Boolean) value;
      } else if (kind == Kind.FLOAT32) {
        ((float[]) data)[to] = (Float) value;
      } else if (kind == Kind.FLOAT64) {
        ((double[]) data)[to] = (Double) value;
      } else {
        long x = ((Number) value).longValue();
        switch (kind) {
          case INT8:
            ((byte[]) data)[to] = (byte) x;
            break;
          case INT16:
            ((short[]) data)[to] = (short) x;
            break;
          case INT32:
            ((int[]) data)[to] = (int) x;
            break;
          default:
            ((long[]) data)[to] = x;
        }
      }
    }
  }

  private void markNull(int slot) {
    if (nulls == null) {
      nulls = new boolean[capacity];
    }
    nulls[slot] = true;
  }

  /** The value in {@code slot} as {@link ArrowValues#get} gives it: a box, a fresh array, null. */
  Object value(int slot) {
    if (kind == Kind.OBJECT) {
      return ((Object[]) data)[slot];
    }
    if (isNull(slot)) {
      return null;
    }
    int from = slot * width;
    if (vector) {
      switch (kind) {
        case BOOL:
          return Arrays.copyOfRange((boolean[]) data, from, from + width);
        case INT8:
          return Arrays.copyOfRange((byte[]) data, from, from + width);
        case INT16:
          return Arrays.copyOfRange((short[]) data, from, from + width);
        case INT32:
          return Arrays.copyOfRange((int[]) data, from, from + width);
        case INT64:
          return Arrays.copyOfRange((long[]) data, from, from + width);
        case FLOAT32:
          return Arrays.copyOfRange((float[]) data, from, from + width);
        default:
          return Arrays.copyOfRange((double[]) data, from, from + width);
      }
    }
    switch (kind) {
      case BOOL:
        return ((boolean[]) data)[from];
      case INT8:
        return ((byte[]) data)[from];
      case INT16:
        return ((short[]) data)[from];
      case INT32:
        return ((int[]) data)[from];
      case INT64:
        return ((long[]) data)[from];
      case FLOAT32:
        return ((float[]) data)[from];
      default:
        return ((double[]) data)[from];
    }
  }

  /**
   * Writes the {@link #width} elements of the non-null value in {@code slot} of a fixed-width
   * column, converting as {@link NestedValues#flatten} converts that value's box or array.
   */
  void write(int slot, ElementSink sink) {
    int from = slot * width;
    switch (kind) {
      case BOOL:
        sink.putBooleans((boolean[]) data, from, width);
        break;
      case INT8:
        sink.putBytes((byte[]) data, from, width);
        break;
      case INT16:
        sink.putShorts((short[]) data, from, width);
        break;
      case INT32:
        sink.putInts((int[]) data, from, width);
        break;
      case INT64:
        sink.putLongs((long[]) data, from, width);
        break;
      case FLOAT32:
        sink.putFloats((float[]) data, from, width);
        break;
      case FLOAT64:
        sink.putDoubles((double[]) data, from, width);
        break;
      default:
        throw new AssertionError(kind);
    }
  }
}
