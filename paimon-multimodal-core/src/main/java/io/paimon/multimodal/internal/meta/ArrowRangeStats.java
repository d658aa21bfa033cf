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
package io.paimon.multimodal.internal.meta;

import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;

/**
 * The statistics of a range of an Arrow vector in the {@code .row} codec's layout, for {@link
 * StatsCollector#addArrow}: nulls are counted from the validity buffer, values compared as they lie
 * in the data buffer (integers, dates, times and timestamps as signed integers of the vector's
 * unit, floating point as {@link Double#compare}, decimals as 128-bit integers of the one scale,
 * ASCII strings by unsigned bytes, which is their code point order), and only the least and the
 * greatest value are converted to Java objects, by {@link ArrowValues#get} as the boxed write path
 * converts every value. A string that is not ASCII is converted and offered on its own (its UTF-8
 * may be malformed, and its length in chars differs from its length in bytes).
 */
final class ArrowRangeStats {

  private ArrowRangeStats() {}

  static void collect(
      StatsCollector stats,
      int column,
      String name,
      DataType type,
      FieldVector vector,
      int from,
      int to) {
    long validity = validity(vector, to);
    int nulls = countNulls(vector, validity, from, to);
    stats.addNulls(column, nulls);
    if (nulls == 0) {
      validity = NO_NULLS;
    }
    if (nulls == to - from || !stats.collectsBounds(column)) {
      return;
    }
    int[] bounds;
    switch (type.root()) {
      case BOOLEAN:
        bounds = booleans((BitVector) vector, from, to);
        break;
      case TINYINT:
        bounds = integers(vector, validity, 1, from, to);
        break;
      case SMALLINT:
        bounds = integers(vector, validity, 2, from, to);
        break;
      case INTEGER:
      case DATE:
      case TIME_WITHOUT_TIME_ZONE:
        bounds = integers(vector, validity, 4, from, to);
        break;
      case BIGINT:
      case TIMESTAMP_WITHOUT_TIME_ZONE:
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        bounds = integers(vector, validity, 8, from, to);
        break;
      case FLOAT:
      case DOUBLE:
        bounds = floating(vector, validity, type.root() == DataTypeRoot.FLOAT, from, to);
        break;
      case DECIMAL:
        bounds = decimals((DecimalVector) vector, from, to);
        break;
      case CHAR:
      case VARCHAR:
        bounds =
            strings(
                stats, column, name, type, (BaseVariableWidthVector) vector, validity, from, to);
        break;
      default:
        return;
    }
    if (bounds == null) {
      stats.invalidate(column);
    } else if (bounds[0] >= 0) {
      stats.offer(column, ArrowValues.get(name, type, vector, bounds[0]));
      stats.offer(column, ArrowValues.get(name, type, vector, bounds[1]));
    }
  }

  /**
   * The address of the validity bits of rows up to {@code to}, or 0 if the buffer is too small for
   * them (then {@link FieldVector#isNull} decides). Values are read from the buffers' memory:
   * Arrow's checked accessors cost more per value than the comparison.
   */
  private static long validity(FieldVector v, int to) {
    ArrowBuf validity = v.getValidityBuffer();
    return to > 0 && ((to - 1) >>> 3) < validity.capacity() ? validity.memoryAddress() : 0;
  }

  /** A validity address standing for a range without nulls. */
  private static final long NO_NULLS = -1;

  private static boolean isNull(FieldVector v, long validity, int i) {
    if (validity == NO_NULLS) {
      return false;
    }
    return validity == 0
        ? v.isNull(i)
        : (MemoryUtil.getByte(validity + (i >>> 3)) & (1 << (i & 7))) == 0;
  }

  /** The nulls among rows {@code from..to}, counted a byte of validity bits at a time. */
  private static int countNulls(FieldVector v, long validity, int from, int to) {
    int nulls = 0;
    int i = from;
    if (validity != 0) {
      while (i < to && (i & 7) != 0) {
        nulls += isNull(v, validity, i++) ? 1 : 0;
      }
      for (; to - i >= 8; i += 8) {
        nulls += 8 - Integer.bitCount(MemoryUtil.getByte(validity + (i >>> 3)) & 0xFF);
      }
    }
    for (; i < to; i++) {
      nulls += isNull(v, validity, i) ? 1 : 0;
    }
    return nulls;
  }

  /**
   * The address of values {@code from..to} of {@code width} bytes, checked to lie in the buffer.
   */
  private static long values(FieldVector v, int width, int from, int to) {
    return values(v.getDataBuffer(), v.getName(), width, from, to);
  }

  private static long values(ArrowBuf data, String name, int width, int from, int to) {
    if (from < 0 || (long) to * width > data.capacity()) {
      throw new IndexOutOfBoundsException(
          "column '"
              + name
              + "': rows "
              + from
              + " to "
              + to
              + " lie outside the vector's "
              + data.capacity()
              + "-byte buffer");
    }
    return data.memoryAddress();
  }

  /** {min index, max index}, or {-1, -1} when no value was compared. */
  private static int[] result(int min, int max) {
    return new int[] {min, max};
  }

  private static int[] booleans(BitVector v, int from, int to) {
    int firstFalse = -1;
    int firstTrue = -1;
    for (int i = from; i < to && (firstFalse < 0 || firstTrue < 0); i++) {
      if (v.isNull(i)) {
        continue;
      }
      if (v.get(i) == 0) {
        firstFalse = firstFalse < 0 ? i : firstFalse;
      } else {
        firstTrue = firstTrue < 0 ? i : firstTrue;
      }
    }
    return result(
        firstFalse >= 0 ? firstFalse : firstTrue, firstTrue >= 0 ? firstTrue : firstFalse);
  }

  private static long integerAt(long data, int width, int i) {
    switch (width) {
      case 1:
        return MemoryUtil.getByte(data + i);
      case 2:
        return MemoryUtil.getShort(data + (long) i * 2);
      case 4:
        return MemoryUtil.getInt(data + (long) i * 4);
      default:
        return MemoryUtil.getLong(data + (long) i * 8);
    }
  }

  private static int[] integers(FieldVector v, long validity, int width, int from, int to) {
    long data = values(v, width, from, to);
    int min = -1;
    int max = -1;
    long lo = Long.MAX_VALUE;
    long hi = Long.MIN_VALUE;
    for (int i = from; i < to; i++) {
      if (isNull(v, validity, i)) {
        continue;
      }
      long x = integerAt(data, width, i);
      if (min < 0 || x < lo) {
        lo = x;
        min = i;
      }
      if (max < 0 || x > hi) {
        hi = x;
        max = i;
      }
    }
    return result(min, max);
  }

  /** Null if a NaN was found (a NaN has no place in the order: the column gets no bounds). */
  private static int[] floating(FieldVector v, long validity, boolean single, int from, int to) {
    long data = values(v, single ? 4 : 8, from, to);
    int min = -1;
    int max = -1;
    double lo = 0;
    double hi = 0;
    for (int i = from; i < to; i++) {
      if (isNull(v, validity, i)) {
        continue;
      }
      double x =
          single
              ? Float.intBitsToFloat(MemoryUtil.getInt(data + (long) i * 4))
              : Double.longBitsToDouble(MemoryUtil.getLong(data + (long) i * 8));
      if (Double.isNaN(x)) {
        return null;
      }
      if (min < 0 || Double.compare(x, lo) < 0) {
        lo = x;
        min = i;
      }
      if (max < 0 || Double.compare(x, hi) > 0) {
        hi = x;
        max = i;
      }
    }
    return result(min, max);
  }

  private static int compare128(ArrowBuf data, int a, int b) {
    long aHigh = data.getLong((long) a * DecimalVector.TYPE_WIDTH + 8);
    long bHigh = data.getLong((long) b * DecimalVector.TYPE_WIDTH + 8);
    if (aHigh != bHigh) {
      return Long.compare(aHigh, bHigh);
    }
    return Long.compareUnsigned(
        data.getLong((long) a * DecimalVector.TYPE_WIDTH),
        data.getLong((long) b * DecimalVector.TYPE_WIDTH));
  }

  private static int[] decimals(DecimalVector v, int from, int to) {
    ArrowBuf data = v.getDataBuffer();
    int min = -1;
    int max = -1;
    for (int i = from; i < to; i++) {
      if (v.isNull(i)) {
        continue;
      }
      if (min < 0 || compare128(data, i, min) < 0) {
        min = i;
      }
      if (max < 0 || compare128(data, i, max) > 0) {
        max = i;
      }
    }
    return result(min, max);
  }

  /**
   * The bounds of the ASCII strings, compared where they lie in the data buffer; strings that are
   * not ASCII are offered one by one. Null if an ASCII string is too long to bound the column.
   */
  private static int[] strings(
      StatsCollector stats,
      int column,
      String name,
      DataType type,
      BaseVariableWidthVector v,
      long validity,
      int from,
      int to) {
    long offsets = values(v.getOffsetBuffer(), name, 4, from, to + 1);
    ArrowBuf data = v.getDataBuffer();
    long base = data.memoryAddress();
    int maxLength = stats.maxStringLength();
    int min = -1;
    int max = -1;
    long loAt = 0;
    int loLength = 0;
    long loPrefix = 0;
    long hiAt = 0;
    int hiLength = 0;
    long hiPrefix = 0;
    for (int i = from; i < to; i++) {
      if (isNull(v, validity, i)) {
        continue;
      }
      int start = MemoryUtil.getInt(offsets + (long) i * 4);
      int length = MemoryUtil.getInt(offsets + (long) i * 4 + 4) - start;
      if (start < 0 || length < 0 || (long) start + length > data.capacity()) {
        throw new IndexOutOfBoundsException(
            "column '" + name + "': value " + i + " lies outside the vector's data buffer");
      }
      long at = base + start;
      if (!ascii(at, length)) {
        stats.offer(column, ArrowValues.get(name, type, v, i));
        if (!stats.collectsBounds(column)) {
          return null;
        }
        continue;
      }
      if (length > maxLength) {
        return null;
      }
      // The first eight bytes as an unsigned big-endian number decide most comparisons.
      long prefix = prefix(at, length);
      int toLo = min < 0 ? -1 : Long.compareUnsigned(prefix, loPrefix);
      if (toLo < 0 || (toLo == 0 && compare(at, length, loAt, loLength) < 0)) {
        loAt = at;
        loLength = length;
        loPrefix = prefix;
        min = i;
      }
      int toHi = max < 0 ? 1 : Long.compareUnsigned(prefix, hiPrefix);
      if (toHi > 0 || (toHi == 0 && compare(at, length, hiAt, hiLength) > 0)) {
        hiAt = at;
        hiLength = length;
        hiPrefix = prefix;
        max = i;
      }
    }
    return result(min, max);
  }

  /**
   * The first eight bytes at {@code at} (zeros past the end) as a big-endian number: a prefix order
   * that agrees with {@link #compare} wherever two prefixes differ.
   */
  private static long prefix(long at, int length) {
    if (length >= 8) {
      return Long.reverseBytes(MemoryUtil.getLong(at));
    }
    long p = 0;
    for (int i = 0; i < 8; i++) {
      p = (p << 8) | (i < length ? MemoryUtil.getByte(at + i) & 0xFF : 0);
    }
    return p;
  }

  /** Whether the bytes at {@code at} are ASCII, eight at a time. */
  private static boolean ascii(long at, int length) {
    int i = 0;
    for (; length - i >= 8; i += 8) {
      if ((MemoryUtil.getLong(at + i) & 0x8080808080808080L) != 0) {
        return false;
      }
    }
    for (; i < length; i++) {
      if (MemoryUtil.getByte(at + i) < 0) {
        return false;
      }
    }
    return true;
  }

  /** Compares two byte strings in memory as unsigned bytes, eight at a time. */
  private static int compare(long a, int aLength, long b, int bLength) {
    int n = Math.min(aLength, bLength);
    int i = 0;
    for (; n - i >= 8; i += 8) {
      long x = MemoryUtil.getLong(a + i);
      long y = MemoryUtil.getLong(b + i);
      if (x != y) {
        return Long.compareUnsigned(Long.reverseBytes(x), Long.reverseBytes(y));
      }
    }
    for (; i < n; i++) {
      int x = MemoryUtil.getByte(a + i) & 0xFF;
      int y = MemoryUtil.getByte(b + i) & 0xFF;
      if (x != y) {
        return x - y;
      }
    }
    return aLength - bLength;
  }
}
