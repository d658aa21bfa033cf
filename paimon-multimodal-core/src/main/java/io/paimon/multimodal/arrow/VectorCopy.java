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
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.NonNullableStructVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Copies values between vectors of the same type, growing the target as needed: what {@code
 * ValueVector.copyFromSafe} does, but many rows at a time. Fixed- and variable-width vectors are
 * copied buffer to buffer after one capacity check; lists (and maps), fixed-size lists and structs
 * are copied through their child vectors instead of through Arrow's generic reader/writer copier,
 * which is many times slower. Stateless.
 */
public final class VectorCopy {

  private VectorCopy() {}

  /** Copies {@code from[fromIndex]} to {@code to[toIndex]}. */
  public static void copy(ValueVector from, int fromIndex, ValueVector to, int toIndex) {
    copyRows(from, new int[] {fromIndex}, 0, 1, to, toIndex);
  }

  /**
   * Fills {@code to}, which holds no rows (a new or {@link ValueVector#reset()} vector), with
   * {@code n} rows picked from several vectors of its type: row {@code o} of {@code to} is row
   * {@code rows[o]} of {@code from[sources[o]]}. Each value is copied once, with one capacity check
   * per vector (not per row): the way to assemble a batch whose neighbouring rows come from
   * different batches (a take, a shuffle buffer). An entry of {@code from} that no row picks may be
   * null. The caller sets the value count.
   */
  public static void gather(ValueVector[] from, int[] sources, int[] rows, int n, ValueVector to) {
    VectorGather.gather(from, sources, rows, n, to);
  }

  /**
   * Copies rows {@code rows[start..end)} of {@code from} (rows {@code start..end} themselves when
   * {@code rows} is null) to {@code to}, starting at {@code at}. The target's rows before {@code
   * at} must be set and those from {@code at} on unset, as when a batch is filled in order.
   */
  public static void copyRows(
      ValueVector from, int[] rows, int start, int end, ValueVector to, int at) {
    int count = end - start;
    if (count <= 0) {
      return;
    }
    if (from instanceof BaseVariableWidthVector && to instanceof BaseVariableWidthVector) {
      variableWidth(
          (BaseVariableWidthVector) from, rows, start, end, (BaseVariableWidthVector) to, at);
    } else if (from instanceof BaseFixedWidthVector
        && !(from instanceof BitVector)
        && to instanceof BaseFixedWidthVector
        && ((BaseFixedWidthVector) from).getTypeWidth()
            == ((BaseFixedWidthVector) to).getTypeWidth()) {
      fixedWidth((BaseFixedWidthVector) from, rows, start, end, (BaseFixedWidthVector) to, at);
    } else if (from instanceof ListVector) { // also MapVector
      list((ListVector) from, rows, start, end, (ListVector) to, at);
    } else if (from instanceof FixedSizeListVector) {
      fixedSizeList((FixedSizeListVector) from, rows, start, end, (FixedSizeListVector) to, at);
    } else if (from instanceof NonNullableStructVector) {
      struct((NonNullableStructVector) from, rows, start, end, (NonNullableStructVector) to, at);
    } else {
      for (int i = start, o = at; i < end; i++, o++) {
        to.copyFromSafe(rows == null ? i : rows[i], o, from);
      }
    }
  }

  private static void variableWidth(
      BaseVariableWidthVector from,
      int[] rows,
      int start,
      int end,
      BaseVariableWidthVector to,
      int at) {
    int count = end - start;
    while (to.getValueCapacity() < at + count) {
      to.reallocValidityAndOffsetBuffers();
    }
    to.fillEmpties(at);
    ArrowBuf offsets = from.getOffsetBuffer();
    long bytes = 0;
    for (int i = start; i < end; i++) {
      int r = rows == null ? i : rows[i];
      if (!from.isNull(r)) {
        bytes += offsets.getInt(4L * (r + 1)) - offsets.getInt(4L * r);
      }
    }
    long offset = to.getStartOffset(at);
    if (to.getDataBuffer().capacity() < offset + bytes) {
      to.reallocDataBuffer(offset + bytes);
    }
    ArrowBuf data = from.getDataBuffer();
    ArrowBuf toOffsets = to.getOffsetBuffer();
    ArrowBuf toData = to.getDataBuffer();
    ArrowBuf toValidity = to.getValidityBuffer();
    for (int i = start, o = at; i < end; i++, o++) {
      int r = rows == null ? i : rows[i];
      if (from.isNull(r)) {
        BitVectorHelper.unsetBit(toValidity, o);
      } else {
        BitVectorHelper.setBit(toValidity, o);
        int begin = offsets.getInt(4L * r);
        int length = offsets.getInt(4L * (r + 1)) - begin;
        if (length > 0) {
          toData.setBytes(offset, data, begin, length);
          offset += length;
        }
      }
      toOffsets.setInt(4L * (o + 1), (int) offset);
    }
    to.setLastSet(at + count - 1);
  }

  private static void fixedWidth(
      BaseFixedWidthVector from, int[] rows, int start, int end, BaseFixedWidthVector to, int at) {
    while (to.getValueCapacity() < at + end - start) {
      to.reAlloc();
    }
    int width = from.getTypeWidth();
    ArrowBuf data = from.getDataBuffer();
    ArrowBuf toData = to.getDataBuffer();
    ArrowBuf toValidity = to.getValidityBuffer();
    for (int i = start, o = at; i < end; i++, o++) {
      int r = rows == null ? i : rows[i];
      if (from.isNull(r)) {
        BitVectorHelper.unsetBit(toValidity, o);
        continue;
      }
      BitVectorHelper.setBit(toValidity, o);
      if (width == 8) {
        toData.setLong(8L * o, data.getLong(8L * r));
      } else if (width == 4) {
        toData.setInt(4L * o, data.getInt(4L * r));
      } else {
        toData.setBytes((long) width * o, data, (long) width * r, width);
      }
    }
  }

  private static void list(ListVector from, int[] rows, int start, int end, ListVector to, int at) {
    int elements = 0;
    for (int i = start; i < end; i++) {
      int r = rows == null ? i : rows[i];
      if (!from.isNull(r)) {
        elements += from.getElementEndIndex(r) - from.getElementStartIndex(r);
      }
    }
    int[] picks = new int[elements];
    int n = 0;
    int first = -1;
    for (int i = start, o = at; i < end; i++, o++) {
      int r = rows == null ? i : rows[i];
      if (from.isNull(r)) {
        to.setNull(o);
        continue;
      }
      int begin = from.getElementStartIndex(r);
      int finish = from.getElementEndIndex(r);
      int position = to.startNewValue(o);
      if (first < 0) {
        first = position;
      }
      for (int e = begin; e < finish; e++) {
        picks[n++] = e;
      }
      to.endValue(o, finish - begin);
    }
    if (n > 0) {
      copyRows(from.getDataVector(), picks, 0, n, to.getDataVector(), first);
    }
  }

  private static void fixedSizeList(
      FixedSizeListVector from, int[] rows, int start, int end, FixedSizeListVector to, int at) {
    int size = from.getListSize();
    int[] picks = new int[(end - start) * size];
    int n = 0;
    for (int i = start, o = at; i < end; i++, o++) {
      int r = rows == null ? i : rows[i];
      if (from.isNull(r)) {
        to.setNull(o);
      } else {
        to.setNotNull(o);
      }
      for (int e = 0; e < size; e++) {
        picks[n++] = r * size + e;
      }
    }
    copyRows(from.getDataVector(), picks, 0, n, to.getDataVector(), at * size);
  }

  private static void struct(
      NonNullableStructVector from,
      int[] rows,
      int start,
      int end,
      NonNullableStructVector to,
      int at) {
    if (to instanceof StructVector) {
      StructVector target = (StructVector) to;
      for (int i = start, o = at; i < end; i++, o++) {
        if (from.isNull(rows == null ? i : rows[i])) {
          target.setNull(o);
        } else {
          target.setIndexDefined(o);
        }
      }
    }
    List<FieldVector> children = from.getChildrenFromFields();
    List<FieldVector> targetChildren = to.getChildrenFromFields();
    for (int c = 0; c < children.size(); c++) {
      copyRows(children.get(c), rows, start, end, targetChildren.get(c), at);
    }
  }
}
