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
package io.paimon.multimodal.window;

import io.paimon.multimodal.window.internal.ElementSink;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A dense n-dimensional array of one {@link DType}: a shape, and a primitive array holding the
 * elements in row-major (C) order, as a contiguous PyTorch tensor. The rank may be zero (a scalar
 * of one element); any dimension may be zero (no elements).
 *
 * <p>The backing array is {@code boolean[]} for {@link DType#BOOL}, {@code byte[]} for {@link
 * DType#UINT8} and {@link DType#INT8}, {@code short[]} for {@link DType#INT16}, {@code int[]} for
 * {@link DType#INT32}, {@code long[]} for {@link DType#INT64}, {@code float[]} for {@link
 * DType#FLOAT32} and {@code double[]} for {@link DType#FLOAT64}. Factories take the array without
 * copying it and accessors such as {@link #floats()} return it without copying, so a tensor is
 * immutable, and safe to share between threads, as long as nobody writes to that array.
 */
public final class Tensor {

  /** How many elements {@link #toString()} shows. */
  private static final int SHOWN = 8;

  private final DType dtype;
  private final int[] shape;
  private final int size;
  private final Object data;

  private Tensor(DType dtype, int[] shape, Object data, int length) {
    this.dtype = dtype;
    this.shape = shape.clone();
    this.size = checkedSize(this.shape, length);
    this.data = data;
  }

  /**
   * A {@link DType#FLOAT32} tensor over {@code data}, which is taken, not copied.
   *
   * @throws IllegalArgumentException if a dimension is negative or the shape's element count is not
   *     {@code data.length}
   */
  public static Tensor of(float[] data, int... shape) {
    return new Tensor(DType.FLOAT32, shape, data, data.length);
  }

  /** A {@link DType#FLOAT64} tensor over {@code data}; as {@link #of(float[], int...)}. */
  public static Tensor of(double[] data, int... shape) {
    return new Tensor(DType.FLOAT64, shape, data, data.length);
  }

  /** A {@link DType#INT64} tensor over {@code data}; as {@link #of(float[], int...)}. */
  public static Tensor of(long[] data, int... shape) {
    return new Tensor(DType.INT64, shape, data, data.length);
  }

  /** A {@link DType#INT32} tensor over {@code data}; as {@link #of(float[], int...)}. */
  public static Tensor of(int[] data, int... shape) {
    return new Tensor(DType.INT32, shape, data, data.length);
  }

  /** A {@link DType#INT16} tensor over {@code data}; as {@link #of(float[], int...)}. */
  public static Tensor of(short[] data, int... shape) {
    return new Tensor(DType.INT16, shape, data, data.length);
  }

  /** A {@link DType#BOOL} tensor over {@code data}; as {@link #of(float[], int...)}. */
  public static Tensor of(boolean[] data, int... shape) {
    return new Tensor(DType.BOOL, shape, data, data.length);
  }

  /**
   * A {@link DType#UINT8} or {@link DType#INT8} tensor over {@code data}, which is taken, not
   * copied.
   *
   * @throws IllegalArgumentException if {@code dtype} is another type, a dimension is negative or
   *     the shape's element count is not {@code data.length}
   */
  public static Tensor ofBytes(byte[] data, DType dtype, int... shape) {
    if (dtype != DType.UINT8 && dtype != DType.INT8) {
      throw new IllegalArgumentException(
          "dtype must be UINT8 or INT8 for a byte[] tensor, but is " + dtype);
    }
    return new Tensor(dtype, shape, data, data.length);
  }

  /**
   * Stacks tensors of one dtype and shape along a new leading dimension, as {@code torch.stack}:
   * the result has shape {@code [tensors.size(), ...shape]} and fresh contents.
   *
   * @throws IllegalArgumentException if the list is empty, or naming the first tensor whose dtype
   *     or shape differs from the first one's, or if the result would exceed {@code 2^31 - 1}
   *     elements
   */
  public static Tensor stack(List<Tensor> tensors) {
    if (tensors.isEmpty()) {
      throw new IllegalArgumentException("tensors must not be empty");
    }
    Tensor first = tensors.get(0);
    for (int i = 1; i < tensors.size(); i++) {
      Tensor t = tensors.get(i);
      if (t.dtype != first.dtype || !Arrays.equals(t.shape, first.shape)) {
        throw new IllegalArgumentException(
            "cannot stack: tensor "
                + i
                + " is "
                + t.dtype
                + " "
                + Arrays.toString(t.shape)
                + " but tensor 0 is "
                + first.dtype
                + " "
                + Arrays.toString(first.shape));
      }
    }
    int[] shape = new int[first.shape.length + 1];
    shape[0] = tensors.size();
    System.arraycopy(first.shape, 0, shape, 1, first.shape.length);
    long total = (long) tensors.size() * first.size;
    if (total > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "cannot stack: shape " + Arrays.toString(shape) + " has more than 2^31 - 1 elements");
    }
    Object data = ElementSink.newArray(first.dtype, (int) total);
    for (int i = 0; i < tensors.size(); i++) {
      System.arraycopy(tensors.get(i).data, 0, data, i * first.size, first.size);
    }
    return new Tensor(first.dtype, shape, data, (int) total);
  }

  /** The element type. */
  public DType dtype() {
    return dtype;
  }

  /** A copy of the shape; empty for a scalar. */
  public int[] shape() {
    return shape.clone();
  }

  /** The number of dimensions. */
  public int rank() {
    return shape.length;
  }

  /**
   * The length of dimension {@code axis}.
   *
   * @throws IndexOutOfBoundsException if {@code axis} is not in {@code [0, rank())}
   */
  public int dim(int axis) {
    if (axis < 0 || axis >= shape.length) {
      throw new IndexOutOfBoundsException(
          "axis " + axis + " out of range for shape " + Arrays.toString(shape));
    }
    return shape[axis];
  }

  /** The number of elements, the product of the shape (1 for a scalar). */
  public int size() {
    return size;
  }

  /**
   * The tensor's own {@code float[]}, not a copy: do not modify it.
   *
   * @throws IllegalStateException if the dtype is not {@link DType#FLOAT32}
   */
  public float[] floats() {
    return (float[]) backing(DType.FLOAT32, "floats()");
  }

  /**
   * The tensor's own {@code double[]}, not a copy: do not modify it.
   *
   * @throws IllegalStateException if the dtype is not {@link DType#FLOAT64}
   */
  public double[] doubles() {
    return (double[]) backing(DType.FLOAT64, "doubles()");
  }

  /**
   * The tensor's own {@code long[]}, not a copy: do not modify it.
   *
   * @throws IllegalStateException if the dtype is not {@link DType#INT64}
   */
  public long[] longs() {
    return (long[]) backing(DType.INT64, "longs()");
  }

  /**
   * The tensor's own {@code int[]}, not a copy: do not modify it.
   *
   * @throws IllegalStateException if the dtype is not {@link DType#INT32}
   */
  public int[] ints() {
    return (int[]) backing(DType.INT32, "ints()");
  }

  /**
   * The tensor's own {@code short[]}, not a copy: do not modify it.
   *
   * @throws IllegalStateException if the dtype is not {@link DType#INT16}
   */
  public short[] shorts() {
    return (short[]) backing(DType.INT16, "shorts()");
  }

  /**
   * The tensor's own {@code byte[]}, not a copy: do not modify it. For {@link DType#UINT8} read
   * elements as {@code b & 0xFF}.
   *
   * @throws IllegalStateException if the dtype is neither {@link DType#UINT8} nor {@link
   *     DType#INT8}
   */
  public byte[] bytes() {
    if (dtype == DType.INT8) {
      return (byte[]) data;
    }
    return (byte[]) backing(DType.UINT8, "bytes()");
  }

  /**
   * The tensor's own {@code boolean[]}, not a copy: do not modify it.
   *
   * @throws IllegalStateException if the dtype is not {@link DType#BOOL}
   */
  public boolean[] booleans() {
    return (boolean[]) backing(DType.BOOL, "booleans()");
  }

  /**
   * The element at {@code index} (one coordinate per dimension) as a double: {@link DType#UINT8}
   * reads as unsigned, {@link DType#BOOL} as 1 or 0, {@link DType#INT64} rounds as {@code (double)
   * x} does.
   *
   * @throws IndexOutOfBoundsException naming the index and the shape if the index has the wrong
   *     number of coordinates or one is out of range
   */
  public double getDouble(int... index) {
    int i = offset(index);
    switch (dtype) {
      case BOOL:
        return ((boolean[]) data)[i] ? 1 : 0;
      case UINT8:
        return ((byte[]) data)[i] & 0xFF;
      case INT8:
        return ((byte[]) data)[i];
      case INT16:
        return ((short[]) data)[i];
      case INT32:
        return ((int[]) data)[i];
      case INT64:
        return ((long[]) data)[i];
      case FLOAT32:
        return ((float[]) data)[i];
      case FLOAT64:
        return ((double[]) data)[i];
      default:
        throw new AssertionError(dtype);
    }
  }

  /**
   * The element at {@code index} as a boolean: the element itself for {@link DType#BOOL}, {@code x
   * != 0} for the numeric types (so NaN reads as true).
   *
   * @throws IndexOutOfBoundsException as {@link #getDouble}
   */
  public boolean getBoolean(int... index) {
    if (dtype == DType.BOOL) {
      return ((boolean[]) data)[offset(index)];
    }
    return getDouble(index) != 0;
  }

  /**
   * True for a tensor of the same dtype and shape with the same elements; floating-point elements
   * compare by bit pattern, as {@link Arrays#equals(float[], float[])}, so NaN equals NaN and 0.0
   * differs from -0.0.
   */
  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof Tensor)) {
      return false;
    }
    Tensor t = (Tensor) o;
    return dtype == t.dtype && Arrays.equals(shape, t.shape) && Objects.deepEquals(data, t.data);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * dtype.hashCode() + Arrays.hashCode(shape)) + contentHash();
  }

  /**
   * For example {@code Tensor(FLOAT32, [3, 2], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6])}; at most eight
   * elements are shown, followed by {@code ...}.
   */
  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("Tensor(");
    s.append(dtype).append(", ").append(Arrays.toString(shape)).append(", [");
    int shown = Math.min(size, SHOWN);
    for (int i = 0; i < shown; i++) {
      if (i > 0) {
        s.append(", ");
      }
      appendElement(s, i);
    }
    if (size > shown) {
      s.append(", ...");
    }
    return s.append("])").toString();
  }

  private void appendElement(StringBuilder s, int i) {
    switch (dtype) {
      case BOOL:
        s.append(((boolean[]) data)[i]);
        break;
      case UINT8:
        s.append(((byte[]) data)[i] & 0xFF);
        break;
      case INT8:
        s.append(((byte[]) data)[i]);
        break;
      case INT16:
        s.append(((short[]) data)[i]);
        break;
      case INT32:
        s.append(((int[]) data)[i]);
        break;
      case INT64:
        s.append(((long[]) data)[i]);
        break;
      case FLOAT32:
        s.append(((float[]) data)[i]);
        break;
      case FLOAT64:
        s.append(((double[]) data)[i]);
        break;
      default:
        throw new AssertionError(dtype);
    }
  }

  private int contentHash() {
    switch (dtype) {
      case BOOL:
        return Arrays.hashCode((boolean[]) data);
      case UINT8:
      case INT8:
        return Arrays.hashCode((byte[]) data);
      case INT16:
        return Arrays.hashCode((short[]) data);
      case INT32:
        return Arrays.hashCode((int[]) data);
      case INT64:
        return Arrays.hashCode((long[]) data);
      case FLOAT32:
        return Arrays.hashCode((float[]) data);
      case FLOAT64:
        return Arrays.hashCode((double[]) data);
      default:
        throw new AssertionError(dtype);
    }
  }

  private Object backing(DType wanted, String accessor) {
    if (dtype != wanted) {
      throw new IllegalStateException(
          accessor + " needs a " + wanted + " tensor, but this tensor is " + dtype);
    }
    return data;
  }

  private int offset(int[] index) {
    if (index.length != shape.length) {
      throw outOfBounds(index);
    }
    int offset = 0;
    for (int axis = 0; axis < shape.length; axis++) {
      if (index[axis] < 0 || index[axis] >= shape[axis]) {
        throw outOfBounds(index);
      }
      offset = offset * shape[axis] + index[axis];
    }
    return offset;
  }

  private IndexOutOfBoundsException outOfBounds(int[] index) {
    return new IndexOutOfBoundsException(
        "index " + Arrays.toString(index) + " out of bounds for shape " + Arrays.toString(shape));
  }

  /**
   * The element count of {@code shape}, checked against the array length. Long arithmetic, because
   * a product of valid dimensions can overflow an int; a zero dimension makes any product empty.
   */
  private static int checkedSize(int[] shape, int length) {
    long count = 1;
    boolean empty = false;
    for (int d : shape) {
      if (d < 0) {
        throw new IllegalArgumentException(
            "shape " + Arrays.toString(shape) + " has a negative dimension");
      }
      empty |= d == 0;
    }
    if (!empty) {
      for (int d : shape) {
        count *= d;
        if (count > Integer.MAX_VALUE) {
          throw new IllegalArgumentException(
              "shape "
                  + Arrays.toString(shape)
                  + " has more than 2^31 - 1 elements, data length is "
                  + length);
        }
      }
    } else {
      count = 0;
    }
    if (count != length) {
      throw new IllegalArgumentException(
          "shape "
              + Arrays.toString(shape)
              + " has "
              + count
              + " elements, but data length is "
              + length);
    }
    return length;
  }
}
