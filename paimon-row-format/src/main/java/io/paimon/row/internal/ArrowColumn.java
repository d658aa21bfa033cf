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

import io.paimon.row.RowFormatException;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.util.OversizedAllocationException;

/**
 * One Arrow output column of a batch being decoded. Fixed-width values whose Arrow form is their
 * little-endian encoding, strings and binaries, and arrays of those are written straight into the
 * vector's data buffer, at an address this column keeps with the buffer's size: Arrow's per-value
 * setters (capacity, bounds and reference-count checks on every call) cost more than decoding, and
 * staging the values on the heap first would copy every byte twice. The only check per value is
 * against the cached size, and the buffer grows (keeping what was written) when it fails. Offsets
 * and validity bits are staged on the heap and copied by {@link #finish}. Every other type is
 * written value by value through {@link FieldCodec#readArrow}. Either way the vectors end up with
 * the same contents.
 *
 * <p>Usage per batch: {@link #reset}, then exactly one {@link #append} or {@link #appendNull} per
 * value in order, then {@link #finish}; nothing else may reallocate the vector's buffers in
 * between. These columns overwrite everything a reader of the batch sees, so they keep the vector's
 * buffers from one batch to the next without zeroing them and allocate only when they are too small
 * (or were transferred away): fresh native memory costs a page fault per 4 KiB and zeroing costs a
 * pass over the batch. Memory is bounded by the largest batch. Not thread-safe.
 */
abstract class ArrowColumn {

  private static final int FIXED = 0;
  private static final int VARIABLE = 1;
  private static final int LIST = 2;
  private static final int PER_VALUE = 3;

  /** Which subclass this is, so that {@link #append(ArrowColumn, BlockInput)} calls it directly. */
  private final int kind;

  /** Values appended since {@link #reset}. */
  int count;

  private static final java.lang.invoke.VarHandle LONG =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final java.lang.invoke.VarHandle INT =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final java.lang.invoke.VarHandle SHORT =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

  ArrowColumn(int kind) {
    this.kind = kind;
  }

  /** The column writing {@code codec}'s values into {@code vector}. */
  static ArrowColumn create(FieldCodec codec, FieldVector vector) {
    int width = codec.rawArrowWidth();
    if (width > 0
        && vector instanceof BaseFixedWidthVector
        && ((BaseFixedWidthVector) vector).getTypeWidth() == width) {
      return new FixedWidth((BaseFixedWidthVector) vector, width, codec.path);
    }
    String valueName = codec.lengthPrefixedKind();
    if (valueName != null && vector instanceof BaseVariableWidthVector) {
      return new VariableWidth((BaseVariableWidthVector) vector, valueName, codec.path);
    }
    if (codec instanceof NestedCodecs.ArrayCodec
        && vector.getClass() == ListVector.class
        && ((ListVector) vector).getDataVector() != null) {
      ListVector list = (ListVector) vector;
      FieldCodec element = ((NestedCodecs.ArrayCodec) codec).element();
      return new ListColumn(list, create(element, list.getDataVector()), codec.path);
    }
    return new PerValue(codec, vector);
  }

  /**
   * Starts a batch of about {@code expected} values. The vector keeps whatever buffers it has,
   * possibly none.
   */
  void reset(int expected) {
    count = 0;
  }

  /** Decodes the next (non-null) value from {@code in}. */
  abstract void append(BlockInput in) throws RowFormatException;

  /**
   * {@code column.append(in)} without a virtual call: a row's columns are of several kinds, which
   * makes that call site megamorphic, and a megamorphic call is neither inlined nor cheap. The
   * subclasses are final, so each branch below is a direct, inlinable call.
   */
  static void append(ArrowColumn column, BlockInput in) throws RowFormatException {
    switch (column.kind) {
      case FIXED:
        ((FixedWidth) column).append(in);
        break;
      case VARIABLE:
        ((VariableWidth) column).append(in);
        break;
      case LIST:
        ((ListColumn) column).append(in);
        break;
      default:
        ((PerValue) column).append(in);
    }
  }

  /** Appends a null. */
  abstract void appendNull();

  /** Copies the staged values into the vector and sets its value count. */
  abstract void finish();

  /** A byte array of at least {@code needed} bytes holding {@code array}'s content. */
  static byte[] grow(byte[] array, long needed, String path) {
    if (needed <= array.length) {
      return array;
    }
    if (needed > Integer.MAX_VALUE - 8) {
      throw new OversizedAllocationException(
          "column '" + path + "' of one batch needs " + needed + " bytes, more than 2 GiB");
    }
    return Arrays.copyOf(
        array, (int) Math.max(needed, Math.min(Integer.MAX_VALUE - 8L, 2L * array.length)));
  }

  /** Copies {@code offsets[0..count]} (offsets[0] is 0) into an Arrow offset buffer. */
  static void copyOffsets(int[] offsets, int count, ArrowBuf target) {
    offsets[0] = 0;
    target
        .nioBuffer(0, 4 * (count + 1))
        .order(ByteOrder.LITTLE_ENDIAN)
        .asIntBuffer()
        .put(offsets, 0, count + 1);
  }

  /**
   * The validity bitmap of a batch. Bits are only kept once a null appears: until then every value
   * is valid and {@link #copyTo} sets the bits in one go.
   */
  static final class Validity {
    private final String path;
    private byte[] bits = new byte[64];
    private boolean anyNull;

    Validity(String path) {
      this.path = path;
    }

    void reset() {
      anyNull = false;
    }

    void valid(int i) {
      if (anyNull) {
        set(i, true);
      }
    }

    void invalid(int i) {
      if (!anyNull) {
        // Materialise the bits of the values before the first null: all valid.
        bits = grow(bits, (i >>> 3) + 1L, path);
        Arrays.fill(bits, 0, i >>> 3, (byte) -1);
        bits[i >>> 3] = (byte) ((1 << (i & 7)) - 1);
        anyNull = true;
      }
      set(i, false);
    }

    private void set(int i, boolean valid) {
      if ((i & 7) == 0) {
        bits = grow(bits, (i >>> 3) + 1L, path);
        bits[i >>> 3] = 0;
      }
      if (valid) {
        bits[i >>> 3] |= (byte) (1 << (i & 7));
      }
    }

    /** Writes the bits of {@code count} values to the start of {@code buffer}. */
    void copyTo(ArrowBuf buffer, int count) {
      int bytes = (count + 7) >>> 3;
      if (anyNull) {
        buffer.setBytes(0, bits, 0, bytes);
      } else if (bytes > 0) {
        buffer.setOne(0, (long) bytes);
        if ((count & 7) != 0) {
          buffer.setByte(bytes - 1, (1 << (count & 7)) - 1);
        }
      }
    }
  }

  /** Values whose Arrow form is their encoded little-endian bytes (BIGINT, DOUBLE, DATE, ...). */
  static final class FixedWidth extends ArrowColumn {
    private final BaseFixedWidthVector vector;
    private final int width;
    private final Validity validity;

    /** The data buffer's address and how many values fit in it; see {@link #refresh}. */
    private long address;

    private int capacity;

    FixedWidth(BaseFixedWidthVector vector, int width, String path) {
      super(FIXED);
      this.validity = new Validity(path);
      this.vector = vector;
      this.width = width;
    }

    @Override
    void reset(int expected) {
      super.reset(expected);
      validity.reset();
      if (vector.getValueCapacity() < expected) {
        vector.allocateNew(expected);
      }
      refresh();
    }

    /** Re-reads the data buffer after it was (re)allocated. */
    private void refresh() {
      ArrowBuf data = vector.getDataBuffer();
      address = data.memoryAddress();
      capacity = (int) Math.min(Integer.MAX_VALUE, data.capacity() / width);
    }

    /** Room for value {@code count}: writes below go straight to memory, so this check guards. */
    private long slot() {
      if (count >= capacity) {
        vector.reAlloc(); // keeps the values written so far
        refresh();
      }
      return address + (long) count * width;
    }

    @Override
    void append(BlockInput in) throws RowFormatException {
      // Read before taking the slot: the typed reads check what remains in the row and give the
      // value decoders' messages.
      switch (width) {
        case 8:
          {
            long v = in.readLong();
            MemoryUtil.putLong(slot(), v);
            break;
          }
        case 4:
          {
            int v = in.readInt();
            MemoryUtil.putInt(slot(), v);
            break;
          }
        case 2:
          {
            short v = in.readShort();
            MemoryUtil.putShort(slot(), v);
            break;
          }
        default:
          {
            byte v = in.readByte();
            MemoryUtil.putByte(slot(), v);
          }
      }
      validity.valid(count++);
    }

    @Override
    void appendNull() {
      MemoryUtil.setMemory(slot(), width, (byte) 0);
      validity.invalid(count++);
    }

    /**
     * Appends {@code n} non-null values, value {@code i} being the {@code width} little-endian
     * bytes at {@code data[start + i * stride]} (the same field of consecutive rows of one fixed
     * size): what {@code n} calls of {@link #append} would write, without parsing each row.
     */
    void appendStrided(byte[] data, int start, int stride, int n) {
      while (capacity < count + n) {
        vector.reAlloc();
        refresh();
      }
      long to = address + (long) count * width;
      int at = start;
      switch (width) {
        case 8:
          for (int i = 0; i < n; i++, at += stride, to += 8) {
            MemoryUtil.putLong(to, (long) LONG.get(data, at));
          }
          break;
        case 4:
          for (int i = 0; i < n; i++, at += stride, to += 4) {
            MemoryUtil.putInt(to, (int) INT.get(data, at));
          }
          break;
        case 2:
          for (int i = 0; i < n; i++, at += stride, to += 2) {
            MemoryUtil.putShort(to, (short) SHORT.get(data, at));
          }
          break;
        default:
          for (int i = 0; i < n; i++, at += stride, to++) {
            MemoryUtil.putByte(to, data[at]);
          }
      }
      for (int i = 0; i < n; i++) {
        validity.valid(count++);
      }
    }

    @Override
    void finish() {
      while (vector.getValueCapacity() < count) {
        vector.reAlloc();
      }
      validity.copyTo(vector.getValidityBuffer(), count);
      vector.setValueCount(count);
    }
  }

  /** STRING/CHAR/VARCHAR into a VarCharVector, BINARY/VARBINARY/BYTES into a VarBinaryVector. */
  static final class VariableWidth extends ArrowColumn {
    private final BaseVariableWidthVector vector;
    private final String valueName;
    private final String path;
    private final Validity validity;
    private int[] offsets = new int[256];
    private int size;

    /** The data buffer's address and size; see {@link #refresh}. */
    private long address;

    private long capacity;

    VariableWidth(BaseVariableWidthVector vector, String valueName, String path) {
      super(VARIABLE);
      this.validity = new Validity(path);
      this.vector = vector;
      this.valueName = valueName;
      this.path = path;
    }

    @Override
    void reset(int expected) {
      super.reset(expected);
      validity.reset();
      size = 0;
      refresh();
    }

    /** Re-reads the data buffer after it was (re)allocated. */
    private void refresh() {
      ArrowBuf data = vector.getDataBuffer();
      address = data.memoryAddress();
      capacity = data.capacity();
    }

    @Override
    void append(BlockInput in) throws RowFormatException {
      int len = in.readLength(valueName);
      long end = (long) size + len;
      if (end > capacity) {
        growData(end);
      }
      in.readRaw(address + size, len);
      size = (int) end;
      endValue(true);
    }

    /** Grows the data buffer to hold {@code needed} bytes, keeping those written so far. */
    private void growData(long needed) {
      if (needed > Integer.MAX_VALUE - 8) {
        throw new OversizedAllocationException(
            "column '" + path + "' of one batch needs " + needed + " bytes, more than 2 GiB");
      }
      vector.reallocDataBuffer(Math.max(needed, Math.min(Integer.MAX_VALUE - 8L, 2 * capacity)));
      refresh();
    }

    @Override
    void appendNull() {
      endValue(false);
    }

    private void endValue(boolean valid) {
      if (count + 2 > offsets.length) {
        offsets = Arrays.copyOf(offsets, 2 * offsets.length);
      }
      offsets[count + 1] = size;
      if (valid) {
        validity.valid(count++);
      } else {
        validity.invalid(count++);
      }
    }

    @Override
    void finish() {
      // A vector whose buffers were transferred away has no capacity at all, not even for the
      // first offset of an empty batch. This leaves the data buffer as it is.
      while (vector.getValueCapacity() < count
          || vector.getOffsetBuffer().capacity() < 4L * (count + 1)) {
        vector.reallocValidityAndOffsetBuffers();
      }
      copyOffsets(offsets, count, vector.getOffsetBuffer());
      validity.copyTo(vector.getValidityBuffer(), count);
      vector.setLastSet(count - 1);
      vector.setValueCount(count);
    }
  }

  /** ARRAY&lt;T&gt; into a ListVector, its elements into the column of the element vector. */
  static final class ListColumn extends ArrowColumn {
    private final ListVector vector;
    private final ArrowColumn elements;
    private final String path;
    private final Validity validity;
    private int[] offsets = new int[256];

    ListColumn(ListVector vector, ArrowColumn elements, String path) {
      super(LIST);
      this.validity = new Validity(path);
      this.vector = vector;
      this.elements = elements;
      this.path = path;
    }

    @Override
    void reset(int expected) {
      super.reset(expected);
      validity.reset();
      elements.reset(expected);
    }

    @Override
    void append(BlockInput in) throws RowFormatException {
      int size = NestedCodecs.readArrayHeader(in, path);
      int bitmap = in.pos;
      int bitmapBytes = (size + 7) >>> 3;
      in.pos += bitmapBytes;
      if (in.allClear(bitmap, bitmapBytes)) {
        for (int i = 0; i < size; i++) {
          append(elements, in);
        }
      } else {
        for (int i = 0; i < size; i++) {
          if (in.isSet(bitmap, i)) {
            elements.appendNull();
          } else {
            append(elements, in);
          }
        }
      }
      endValue(true);
    }

    @Override
    void appendNull() {
      endValue(false);
    }

    private void endValue(boolean valid) {
      if (count + 2 > offsets.length) {
        offsets = Arrays.copyOf(offsets, 2 * offsets.length);
      }
      offsets[count + 1] = elements.count;
      if (valid) {
        validity.valid(count++);
      } else {
        validity.invalid(count++);
      }
    }

    @Override
    void finish() {
      // Grow the list's own buffers first: reAlloc may also grow the element vector.
      while (vector.getValueCapacity() < count
          || vector.getOffsetBuffer().capacity() < 4L * (count + 1)) {
        vector.reAlloc();
      }
      elements.finish();
      copyOffsets(offsets, count, vector.getOffsetBuffer());
      validity.copyTo(vector.getValidityBuffer(), count);
      vector.setLastSet(count - 1);
      vector.setValueCount(count);
    }
  }

  /** Any other type: decoded straight into the vector, value by value. */
  static final class PerValue extends ArrowColumn {
    private final FieldCodec codec;
    private final FieldVector vector;

    PerValue(FieldCodec codec, FieldVector vector) {
      super(PER_VALUE);
      this.codec = codec;
      this.vector = vector;
    }

    @Override
    void reset(int expected) {
      super.reset(expected);
      // Values are set one by one, so the vector must start clean: no stale validity bits.
      if (vector.getValueCapacity() == 0) {
        vector.setInitialCapacity(Math.max(expected, 1));
        vector.allocateNew();
      } else {
        vector.reset();
      }
    }

    @Override
    void append(BlockInput in) throws RowFormatException {
      codec.readArrow(in, vector, count++);
    }

    @Override
    void appendNull() {
      vector.setNull(count++);
    }

    @Override
    void finish() {
      vector.setValueCount(count);
    }
  }
}
