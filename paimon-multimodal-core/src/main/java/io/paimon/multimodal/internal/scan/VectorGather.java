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
package io.paimon.multimodal.internal.scan;

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
 * Copies rows picked from several vectors of one type into one vector: target row {@code at + o} is
 * row {@code rows[o]} of {@code from[sources[o]]}. What {@link
 * io.paimon.multimodal.internal.VectorCopy#copyRows} does for one source, for a take's output
 * batch, whose neighbouring rows mostly come from the batches of different files: each value is
 * copied once, with one capacity check per vector and batch (not per row). Fixed- and
 * variable-width values are copied buffer to buffer; lists (and maps), fixed-size lists and structs
 * through their child vectors; other vectors value by value. Stateless.
 */
final class VectorGather {

  private VectorGather() {}

  /**
   * Copies {@code n} picked rows into {@code to} from row {@code at} on. The target's rows before
   * {@code at} must be set and those from {@code at} on unset, as when a batch is filled in order;
   * every source has the target's type.
   */
  static void gather(ValueVector[] from, int[] sources, int[] rows, int n, ValueVector to, int at) {
    if (n <= 0) {
      return;
    }
    if (to instanceof BaseVariableWidthVector) {
      variableWidth(from, sources, rows, n, (BaseVariableWidthVector) to, at);
    } else if (to instanceof BaseFixedWidthVector && !(to instanceof BitVector)) {
      fixedWidth(from, sources, rows, n, (BaseFixedWidthVector) to, at);
    } else if (to instanceof ListVector) { // also MapVector
      list(from, sources, rows, n, (ListVector) to, at);
    } else if (to instanceof FixedSizeListVector) {
      fixedSizeList(from, sources, rows, n, (FixedSizeListVector) to, at);
    } else if (to instanceof NonNullableStructVector) {
      struct(from, sources, rows, n, (NonNullableStructVector) to, at);
    } else {
      for (int o = 0; o < n; o++) {
        to.copyFromSafe(rows[o], at + o, from[sources[o]]);
      }
    }
  }

  private static void fixedWidth(
      ValueVector[] from, int[] sources, int[] rows, int n, BaseFixedWidthVector to, int at) {
    while (to.getValueCapacity() < at + n) {
      to.reAlloc();
    }
    int width = to.getTypeWidth();
    ArrowBuf[] data = new ArrowBuf[from.length];
    ArrowBuf[] validity = new ArrowBuf[from.length];
    for (int k = 0; k < from.length; k++) {
      data[k] = ((BaseFixedWidthVector) from[k]).getDataBuffer();
      validity[k] = ((BaseFixedWidthVector) from[k]).getValidityBuffer();
    }
    ArrowBuf toData = to.getDataBuffer();
    ArrowBuf toValidity = to.getValidityBuffer();
    for (int o = 0, t = at; o < n; o++, t++) {
      int s = sources[o];
      int r = rows[o];
      if (BitVectorHelper.get(validity[s], r) == 0) {
        BitVectorHelper.unsetBit(toValidity, t);
        continue;
      }
      BitVectorHelper.setBit(toValidity, t);
      if (width == 8) {
        toData.setLong(8L * t, data[s].getLong(8L * r));
      } else if (width == 4) {
        toData.setInt(4L * t, data[s].getInt(4L * r));
      } else {
        toData.setBytes((long) width * t, data[s], (long) width * r, width);
      }
    }
  }

  private static void variableWidth(
      ValueVector[] from, int[] sources, int[] rows, int n, BaseVariableWidthVector to, int at) {
    while (to.getValueCapacity() < at + n) {
      to.reallocValidityAndOffsetBuffers();
    }
    to.fillEmpties(at);
    ArrowBuf[] offsets = new ArrowBuf[from.length];
    ArrowBuf[] data = new ArrowBuf[from.length];
    ArrowBuf[] validity = new ArrowBuf[from.length];
    for (int k = 0; k < from.length; k++) {
      BaseVariableWidthVector v = (BaseVariableWidthVector) from[k];
      offsets[k] = v.getOffsetBuffer();
      data[k] = v.getDataBuffer();
      validity[k] = v.getValidityBuffer();
    }
    long bytes = 0;
    for (int o = 0; o < n; o++) {
      int s = sources[o];
      int r = rows[o];
      if (BitVectorHelper.get(validity[s], r) != 0) {
        bytes += offsets[s].getInt(4L * (r + 1)) - offsets[s].getInt(4L * r);
      }
    }
    long offset = to.getStartOffset(at);
    if (to.getDataBuffer().capacity() < offset + bytes) {
      to.reallocDataBuffer(offset + bytes);
    }
    ArrowBuf toOffsets = to.getOffsetBuffer();
    ArrowBuf toData = to.getDataBuffer();
    ArrowBuf toValidity = to.getValidityBuffer();
    for (int o = 0, t = at; o < n; o++, t++) {
      int s = sources[o];
      int r = rows[o];
      if (BitVectorHelper.get(validity[s], r) == 0) {
        BitVectorHelper.unsetBit(toValidity, t);
      } else {
        BitVectorHelper.setBit(toValidity, t);
        int begin = offsets[s].getInt(4L * r);
        int length = offsets[s].getInt(4L * (r + 1)) - begin;
        if (length > 0) {
          toData.setBytes(offset, data[s], begin, length);
          offset += length;
        }
      }
      toOffsets.setInt(4L * (t + 1), (int) offset);
    }
    to.setLastSet(at + n - 1);
  }

  private static void list(
      ValueVector[] from, int[] sources, int[] rows, int n, ListVector to, int at) {
    ListVector[] lists = new ListVector[from.length];
    ValueVector[] children = new ValueVector[from.length];
    for (int k = 0; k < from.length; k++) {
      lists[k] = (ListVector) from[k];
      children[k] = lists[k].getDataVector();
    }
    int elements = 0;
    for (int o = 0; o < n; o++) {
      ListVector l = lists[sources[o]];
      int r = rows[o];
      if (!l.isNull(r)) {
        elements += l.getElementEndIndex(r) - l.getElementStartIndex(r);
      }
    }
    int[] childSources = new int[elements];
    int[] childRows = new int[elements];
    int e = 0;
    int first = -1;
    for (int o = 0, t = at; o < n; o++, t++) {
      int s = sources[o];
      ListVector l = lists[s];
      int r = rows[o];
      if (l.isNull(r)) {
        to.setNull(t);
        continue;
      }
      int begin = l.getElementStartIndex(r);
      int end = l.getElementEndIndex(r);
      int position = to.startNewValue(t);
      if (first < 0) {
        first = position;
      }
      for (int i = begin; i < end; i++, e++) {
        childSources[e] = s;
        childRows[e] = i;
      }
      to.endValue(t, end - begin);
    }
    if (e > 0) {
      gather(children, childSources, childRows, e, to.getDataVector(), first);
    }
  }

  private static void fixedSizeList(
      ValueVector[] from, int[] sources, int[] rows, int n, FixedSizeListVector to, int at) {
    int size = to.getListSize();
    ValueVector[] children = new ValueVector[from.length];
    for (int k = 0; k < from.length; k++) {
      children[k] = ((FixedSizeListVector) from[k]).getDataVector();
    }
    int[] childSources = new int[n * size];
    int[] childRows = new int[n * size];
    int e = 0;
    for (int o = 0, t = at; o < n; o++, t++) {
      int s = sources[o];
      int r = rows[o];
      if (from[s].isNull(r)) {
        to.setNull(t);
      } else {
        to.setNotNull(t);
      }
      for (int i = 0; i < size; i++, e++) {
        childSources[e] = s;
        childRows[e] = r * size + i;
      }
    }
    gather(children, childSources, childRows, e, to.getDataVector(), at * size);
  }

  private static void struct(
      ValueVector[] from, int[] sources, int[] rows, int n, NonNullableStructVector to, int at) {
    if (to instanceof StructVector) {
      StructVector target = (StructVector) to;
      for (int o = 0; o < n; o++) {
        if (from[sources[o]].isNull(rows[o])) {
          target.setNull(at + o);
        } else {
          target.setIndexDefined(at + o);
        }
      }
    }
    int fields = to.getChildrenFromFields().size();
    ValueVector[] children = new ValueVector[from.length];
    for (int c = 0; c < fields; c++) {
      for (int k = 0; k < from.length; k++) {
        children[k] = ((NonNullableStructVector) from[k]).getChildrenFromFields().get(c);
      }
      FieldVector target = to.getChildrenFromFields().get(c);
      gather(children, sources, rows, n, target, at);
    }
  }
}
