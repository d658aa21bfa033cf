package io.paimon.row.internal;

import io.paimon.row.RowFormatException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.util.OversizedAllocationException;

/**
 * One Arrow output column of a batch being decoded. Fixed-width values whose Arrow form is their
 * little-endian encoding, strings and binaries, and arrays of those are staged in heap arrays and
 * copied into the vector's buffers in bulk by {@link #finish}: Arrow's per-value setters (capacity,
 * bounds and reference-count checks on every call) cost more than decoding. Every other type is
 * written value by value through {@link FieldCodec#readArrow}. Either way the vectors end up with
 * the same buffers.
 *
 * <p>Usage per batch: {@link #reset}, then exactly one {@link #append} or {@link #appendNull} per
 * value in order, then {@link #finish}. Staging arrays are reused across batches, so memory is
 * bounded by the largest batch. Not thread-safe.
 */
abstract class ArrowColumn {

  private static final VarHandle SHORT =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** Values appended since {@link #reset}. */
  int count;

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

  /** Starts a batch. The vector must have been reset or newly allocated. */
  void reset() {
    count = 0;
  }

  /** Decodes the next (non-null) value from {@code in}. */
  abstract void append(BlockInput in) throws RowFormatException;

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
    private final String path;
    private final Validity validity;
    private byte[] data = new byte[1024];

    FixedWidth(BaseFixedWidthVector vector, int width, String path) {
      this.validity = new Validity(path);
      this.vector = vector;
      this.width = width;
      this.path = path;
    }

    @Override
    void reset() {
      super.reset();
      validity.reset();
    }

    @Override
    void append(BlockInput in) throws RowFormatException {
      int at = count * width;
      data = grow(data, (long) at + width, path);
      // The typed reads check what remains and give the value decoders' messages.
      switch (width) {
        case 8:
          LONG.set(data, at, in.readLong());
          break;
        case 4:
          INT.set(data, at, in.readInt());
          break;
        case 2:
          SHORT.set(data, at, in.readShort());
          break;
        default:
          data[at] = in.readByte();
      }
      validity.valid(count++);
    }

    @Override
    void appendNull() {
      int at = count * width;
      data = grow(data, (long) at + width, path);
      Arrays.fill(data, at, at + width, (byte) 0);
      validity.invalid(count++);
    }

    @Override
    void finish() {
      while (vector.getValueCapacity() < count) {
        vector.reAlloc();
      }
      vector.getDataBuffer().setBytes(0, data, 0, (long) count * width);
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
    private byte[] data = new byte[16 * 1024];
    private int size;

    VariableWidth(BaseVariableWidthVector vector, String valueName, String path) {
      this.validity = new Validity(path);
      this.vector = vector;
      this.valueName = valueName;
      this.path = path;
    }

    @Override
    void reset() {
      super.reset();
      validity.reset();
      size = 0;
    }

    @Override
    void append(BlockInput in) throws RowFormatException {
      int len = in.readLength(valueName);
      data = grow(data, (long) size + len, path);
      in.readRaw(data, size, len);
      size += len;
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
      // first offset of an empty batch.
      while (vector.getValueCapacity() < count
          || vector.getOffsetBuffer().capacity() < 4L * (count + 1)) {
        vector.reallocValidityAndOffsetBuffers();
      }
      if (vector.getDataBuffer().capacity() < size) {
        vector.reallocDataBuffer(size);
      }
      copyOffsets(offsets, count, vector.getOffsetBuffer());
      vector.getDataBuffer().setBytes(0, data, 0, size);
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
      this.validity = new Validity(path);
      this.vector = vector;
      this.elements = elements;
      this.path = path;
    }

    @Override
    void reset() {
      super.reset();
      validity.reset();
      elements.reset();
    }

    @Override
    void append(BlockInput in) throws RowFormatException {
      int size = NestedCodecs.readArrayHeader(in, path);
      int bitmap = in.pos;
      in.pos += (size + 7) >>> 3;
      for (int i = 0; i < size; i++) {
        if (in.isSet(bitmap, i)) {
          elements.appendNull();
        } else {
          elements.append(in);
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
      this.codec = codec;
      this.vector = vector;
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
