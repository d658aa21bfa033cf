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

import io.paimon.types.DataType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.FixedSizeBinaryVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * One key column of one input, and how its Arrow values are read: as a {@code long} for integer,
 * date, time and timestamp kinds (timestamps scaled to the unit both sides are compared in, with a
 * range check instead of wrap-around), as canonical bits for floating point (all NaNs equal, -0.0
 * equal to 0.0), and as bytes otherwise. Immutable.
 */
final class KeyColumn {

  final String input;
  final String name;
  final DataType type;
  final KeyKind kind;

  /** What a raw value is multiplied by to reach the comparison unit: 1, 1000 or 1000000. */
  final long factor;

  KeyColumn(String input, String name, DataType type, long factor) {
    this.input = input;
    this.name = name;
    this.type = type;
    this.kind = KeyKind.of(type);
    this.factor = factor;
  }

  /** Fails naming the row if the value is null. */
  void checkNotNull(FieldVector v, int i, long row, long rowId) {
    if (v.isNull(i)) {
      throw new RowError(
          r ->
              input
                  + ": key column '"
                  + name
                  + "' is null at row "
                  + r
                  + (rowId >= 0 ? " (_ROW_ID " + rowId + ")" : "")
                  + "; keys must not be null",
          row);
    }
  }

  /** The value as a long in the comparison unit; the value must not be null. */
  long readLong(FieldVector v, int i, long row) {
    long raw = raw(v, i);
    if (factor == 1) {
      return raw;
    }
    long limit = Long.MAX_VALUE / factor;
    if (raw > limit || raw < -limit) {
      throw new RowError(
          r ->
              input
                  + ": key column '"
                  + name
                  + "' value "
                  + raw
                  + " at row "
                  + r
                  + " does not fit a 64-bit count of the other input's finer timestamp unit",
          row);
    }
    return raw * factor;
  }

  /** A long-kind or floating value as the long a single-column group dictionary keys on. */
  long groupLong(FieldVector v, int i, long row) {
    if (kind == KeyKind.FLOATING) {
      return canonicalBits(v, i);
    }
    return readLong(v, i, row);
  }

  /** Appends the value's canonical bytes (equal values, equal bytes) to the sink. */
  void encode(FieldVector v, int i, long row, ByteSink sink) {
    switch (kind) {
      case FLOATING:
        sink.putLong(canonicalBits(v, i));
        break;
      case DECIMAL:
        {
          BigDecimal d = ((DecimalVector) v).getObject(i).stripTrailingZeros();
          sink.putBytes(d.toString().getBytes(StandardCharsets.US_ASCII));
          break;
        }
      case STRING:
        sink.putBytes(((VarCharVector) v).get(i));
        break;
      case BINARY:
        sink.putBytes(
            v instanceof FixedSizeBinaryVector
                ? ((FixedSizeBinaryVector) v).get(i)
                : ((VarBinaryVector) v).get(i));
        break;
      default:
        sink.putLong(readLong(v, i, row));
    }
  }

  private static long canonicalBits(FieldVector v, int i) {
    double d = v instanceof Float4Vector ? ((Float4Vector) v).get(i) : ((Float8Vector) v).get(i);
    if (Double.isNaN(d)) {
      return Double.doubleToLongBits(Double.NaN);
    }
    return d == 0.0 ? 0L : Double.doubleToLongBits(d);
  }

  /** The raw signed integer of a fixed-width integer-like vector (or 0/1 for booleans). */
  static long raw(FieldVector v, int i) {
    if (v instanceof BitVector) {
      return ((BitVector) v).get(i);
    }
    BaseFixedWidthVector f = (BaseFixedWidthVector) v;
    long at = (long) i * f.getTypeWidth();
    switch (f.getTypeWidth()) {
      case 8:
        return f.getDataBuffer().getLong(at);
      case 4:
        return f.getDataBuffer().getInt(at);
      case 2:
        return f.getDataBuffer().getShort(at);
      case 1:
        return f.getDataBuffer().getByte(at);
      default:
        throw new IllegalStateException("not an integer vector: " + v.getField());
    }
  }

  /** A growable byte buffer for encoded group keys. Not thread-safe. */
  static final class ByteSink {
    byte[] bytes = new byte[64];
    int length;

    void reset() {
      length = 0;
    }

    private void ensure(int more) {
      if (length + more > bytes.length) {
        bytes = java.util.Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
      }
    }

    void putLong(long x) {
      ensure(8);
      for (int k = 0; k < 8; k++) {
        bytes[length++] = (byte) (x >>> (56 - 8 * k));
      }
    }

    void putBytes(byte[] b) {
      ensure(4 + b.length);
      int n = b.length;
      bytes[length++] = (byte) (n >>> 24);
      bytes[length++] = (byte) (n >>> 16);
      bytes[length++] = (byte) (n >>> 8);
      bytes[length++] = (byte) n;
      System.arraycopy(b, 0, bytes, length, n);
      length += n;
    }
  }
}
