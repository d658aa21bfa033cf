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
package io.paimon.multimodal.arrow;

import java.util.List;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.NonNullableStructVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Fills an empty vector with rows picked from several vectors of its type: row {@code o} is row
 * {@code rows[o]} of {@code from[sources[o]]}. What {@link
 * io.paimon.multimodal.arrow.VectorCopy#copyRows} does for one source, for a take's output batch,
 * whose neighbouring rows mostly come from the batches of different files: each value is copied
 * once, with one capacity check per vector and batch (not per row). Fixed- and variable-width
 * values, list offsets and validity bits are copied by address (the capacity is checked first;
 * Arrow's checked accessors cost more per value than the copy); lists (and maps), fixed-size lists
 * and structs are copied through their child vectors, other vectors value by value. Stateless.
 */
final class VectorGather {

  private VectorGather() {}

  /**
   * Fills {@code to}, which holds no rows (a new or {@link ValueVector#reset()} vector), with
   * {@code n} picked rows; every source has the target's type (a source no row picks may be null).
   * The caller sets the value count.
   */
  static void gather(ValueVector[] from, int[] sources, int[] rows, int n, ValueVector to) {
    if (n <= 0) {
      return;
    }
    if (to instanceof BaseVariableWidthVector) {
      variableWidth(from, sources, rows, n, (BaseVariableWidthVector) to);
    } else if (to instanceof BaseFixedWidthVector && !(to instanceof BitVector)) {
      fixedWidth(from, sources, rows, n, (BaseFixedWidthVector) to);
    } else if (to instanceof ListVector) { // also MapVector
      list(from, sources, rows, n, (ListVector) to);
    } else if (to instanceof FixedSizeListVector) {
      fixedSizeList(from, sources, rows, n, (FixedSizeListVector) to);
    } else if (to instanceof NonNullableStructVector) {
      struct(from, sources, rows, n, (NonNullableStructVector) to);
    } else {
      for (int o = 0; o < n; o++) {
        to.copyFromSafe(rows[o], o, from[sources[o]]);
      }
    }
  }

  private static void fixedWidth(
      ValueVector[] from, int[] sources, int[] rows, int n, BaseFixedWidthVector to) {
    if (to.getValueCapacity() < n) {
      // Exactly n values: growing from Arrow's default capacity would allocate and zero
      // thousands of values for a small batch.
      to.allocateNew(n);
    }
    int width = to.getTypeWidth();
    long[] data = new long[from.length];
    long[] validity = new long[from.length];
    for (int k = 0; k < from.length; k++) {
      BaseFixedWidthVector v = (BaseFixedWidthVector) from[k];
      if (v == null) {
        continue;
      }
      data[k] = v.getDataBuffer().memoryAddress();
      validity[k] = v.getValidityBuffer().memoryAddress();
    }
    long toData = to.getDataBuffer().memoryAddress();
    long toValidity = to.getValidityBuffer().memoryAddress();
    // Per source: 0 not looked at, 1 without nulls, 2 with some.
    byte[] state = new byte[from.length];
    boolean allDense = true;
    for (int o = 0; o < n; o++) {
      int s = sources[o];
      if (state[s] == 0) {
        state[s] = (byte) (from[s].getNullCount() == 0 ? 1 : 2);
        allDense &= state[s] == 1;
      }
    }
    if (allDense && (width == 8 || width == 4)) {
      // No nulls (the common case of training columns): every bit set at once, and one load and
      // store per value, whatever order the rows come in (a shuffle's are random).
      setBits(toValidity, 0, n);
      if (width == 8) {
        for (int o = 0; o < n; o++) {
          MemoryUtil.putLong(toData + 8L * o, MemoryUtil.getLong(data[sources[o]] + 8L * rows[o]));
        }
      } else {
        for (int o = 0; o < n; o++) {
          MemoryUtil.putInt(toData + 4L * o, MemoryUtil.getInt(data[sources[o]] + 4L * rows[o]));
        }
      }
      return;
    }
    int o = 0;
    while (o < n) {
      int s = sources[o];
      int r = rows[o];
      // A run of consecutive rows of one source (an unshuffled batch is mostly one run) is one
      // copy of its values.
      int end = o + 1;
      while (end < n && sources[end] == s && rows[end] == r + (end - o)) {
        end++;
      }
      if (state[s] == 1 && end - o > 1) {
        MemoryUtil.copyMemory(
            data[s] + (long) width * r, toData + (long) width * o, (long) width * (end - o));
        setBits(toValidity, o, end);
        o = end;
        continue;
      }
      for (; o < end; o++, r++) {
        if (state[s] == 2 && !isSet(validity[s], r)) {
          continue; // the target's bit is unset already
        }
        set(toValidity, o);
        copyValue(data[s], r, toData, o, width);
      }
    }
  }

  private static void copyValue(long from, int r, long to, int o, int width) {
    if (width == 8) {
      MemoryUtil.putLong(to + 8L * o, MemoryUtil.getLong(from + 8L * r));
    } else if (width == 4) {
      MemoryUtil.putInt(to + 4L * o, MemoryUtil.getInt(from + 4L * r));
    } else {
      MemoryUtil.copyMemory(from + (long) width * r, to + (long) width * o, width);
    }
  }

  /** Sets validity bits {@code [from, to)}, whole bytes at a time where it can. */
  private static void setBits(long validity, int from, int to) {
    int i = from;
    for (; i < to && (i & 7) != 0; i++) {
      set(validity, i);
    }
    for (; i + 8 <= to; i += 8) {
      MemoryUtil.putByte(validity + (i >>> 3), (byte) -1);
    }
    for (; i < to; i++) {
      set(validity, i);
    }
  }

  private static void variableWidth(
      ValueVector[] from, int[] sources, int[] rows, int n, BaseVariableWidthVector to) {
    long[] offsets = new long[from.length];
    long[] data = new long[from.length];
    long[] validity = new long[from.length];
    for (int k = 0; k < from.length; k++) {
      BaseVariableWidthVector v = (BaseVariableWidthVector) from[k];
      if (v == null) {
        continue;
      }
      offsets[k] = v.getOffsetBuffer().memoryAddress();
      data[k] = v.getDataBuffer().memoryAddress();
      validity[k] = v.getValidityBuffer().memoryAddress();
    }
    long bytes = 0;
    for (int o = 0; o < n; o++) {
      int s = sources[o];
      int r = rows[o];
      if (isSet(validity[s], r)) {
        bytes += length(offsets[s], r);
      }
    }
    if (to.getValueCapacity() < n) {
      to.allocateNew(Math.max(1, bytes), n); // exactly what the batch needs
    }
    if (to.getDataBuffer().capacity() < bytes) {
      to.reallocDataBuffer(bytes);
    }
    long toOffsets = to.getOffsetBuffer().memoryAddress();
    long toData = to.getDataBuffer().memoryAddress();
    long toValidity = to.getValidityBuffer().memoryAddress();
    long offset = 0;
    MemoryUtil.putInt(toOffsets, 0);
    for (int o = 0; o < n; o++) {
      int s = sources[o];
      int r = rows[o];
      if (isSet(validity[s], r)) {
        set(toValidity, o);
        int length = length(offsets[s], r);
        copy(data[s] + MemoryUtil.getInt(offsets[s] + 4L * r), toData + offset, length);
        offset += length;
      }
      MemoryUtil.putInt(toOffsets + 4L * (o + 1), (int) offset);
    }
    to.setLastSet(n - 1);
  }

  private static void list(ValueVector[] from, int[] sources, int[] rows, int n, ListVector to) {
    long[] offsets = new long[from.length];
    long[] validity = new long[from.length];
    ValueVector[] children = new ValueVector[from.length];
    for (int k = 0; k < from.length; k++) {
      ListVector l = (ListVector) from[k];
      if (l == null) {
        continue;
      }
      offsets[k] = l.getOffsetBuffer().memoryAddress();
      validity[k] = l.getValidityBuffer().memoryAddress();
      children[k] = l.getDataVector();
    }
    int elements = 0;
    for (int o = 0; o < n; o++) {
      int s = sources[o];
      int r = rows[o];
      if (isSet(validity[s], r)) {
        elements += length(offsets[s], r);
      }
    }
    while (to.getValueCapacity() < n) {
      to.reAlloc();
    }
    long toOffsets = to.getOffsetBuffer().memoryAddress();
    long toValidity = to.getValidityBuffer().memoryAddress();
    int[] childSources = new int[elements];
    int[] childRows = new int[elements];
    int e = 0;
    MemoryUtil.putInt(toOffsets, 0);
    for (int o = 0; o < n; o++) {
      int s = sources[o];
      int r = rows[o];
      if (isSet(validity[s], r)) {
        set(toValidity, o);
        int begin = MemoryUtil.getInt(offsets[s] + 4L * r);
        int end = begin + length(offsets[s], r);
        for (int i = begin; i < end; i++, e++) {
          childSources[e] = s;
          childRows[e] = i;
        }
      }
      MemoryUtil.putInt(toOffsets + 4L * (o + 1), e);
    }
    to.setLastSet(n - 1);
    gather(children, childSources, childRows, e, to.getDataVector());
  }

  private static void fixedSizeList(
      ValueVector[] from, int[] sources, int[] rows, int n, FixedSizeListVector to) {
    int size = to.getListSize();
    ValueVector[] children = new ValueVector[from.length];
    for (int k = 0; k < from.length; k++) {
      children[k] = from[k] == null ? null : ((FixedSizeListVector) from[k]).getDataVector();
    }
    int[] childSources = new int[n * size];
    int[] childRows = new int[n * size];
    int e = 0;
    for (int o = 0; o < n; o++) {
      int s = sources[o];
      int r = rows[o];
      if (from[s].isNull(r)) {
        to.setNull(o);
      } else {
        to.setNotNull(o);
      }
      for (int i = 0; i < size; i++, e++) {
        childSources[e] = s;
        childRows[e] = r * size + i;
      }
    }
    gather(children, childSources, childRows, e, to.getDataVector());
  }

  private static void struct(
      ValueVector[] from, int[] sources, int[] rows, int n, NonNullableStructVector to) {
    if (to instanceof StructVector) {
      StructVector target = (StructVector) to;
      for (int o = 0; o < n; o++) {
        if (from[sources[o]].isNull(rows[o])) {
          target.setNull(o);
        } else {
          target.setIndexDefined(o);
        }
      }
    }
    List<FieldVector> targets = to.getChildrenFromFields();
    ValueVector[] children = new ValueVector[from.length];
    for (int c = 0; c < targets.size(); c++) {
      for (int k = 0; k < from.length; k++) {
        children[k] =
            from[k] == null
                ? null
                : ((NonNullableStructVector) from[k]).getChildrenFromFields().get(c);
      }
      gather(children, sources, rows, n, targets.get(c));
    }
  }

  /** The length of value {@code r} of a vector with 32-bit offsets at {@code offsets}. */
  private static int length(long offsets, int r) {
    return MemoryUtil.getInt(offsets + 4L * (r + 1)) - MemoryUtil.getInt(offsets + 4L * r);
  }

  /** Copies {@code length} bytes; short values (most strings) without a call into the JVM. */
  private static void copy(long from, long to, int length) {
    if (length > 32) {
      MemoryUtil.copyMemory(from, to, length);
      return;
    }
    int i = 0;
    for (; i + 8 <= length; i += 8) {
      MemoryUtil.putLong(to + i, MemoryUtil.getLong(from + i));
    }
    for (; i < length; i++) {
      MemoryUtil.putByte(to + i, MemoryUtil.getByte(from + i));
    }
  }

  private static boolean isSet(long validity, int i) {
    return (MemoryUtil.getByte(validity + (i >>> 3)) & (1 << (i & 7))) != 0;
  }

  private static void set(long validity, int i) {
    long at = validity + (i >>> 3);
    MemoryUtil.putByte(at, (byte) (MemoryUtil.getByte(at) | (1 << (i & 7))));
  }
}
