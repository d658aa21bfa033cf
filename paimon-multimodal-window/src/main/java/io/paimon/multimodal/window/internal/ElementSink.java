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

import io.paimon.multimodal.window.DType;
import io.paimon.multimodal.window.Tensor;
import java.lang.reflect.Array;

/**
 * Writes elements of any Java numeric type into a fresh primitive array of one {@link DType}, in
 * order, converting as Java's primitive conversions do: {@code (float) x}, {@code (int) x}
 * (narrowing keeps the low bits of an integer and saturates a floating-point value through {@code
 * int} or {@code long}), {@code x != 0} for {@link DType#BOOL}, 1 or 0 from a boolean. {@link
 * DType#UINT8} stores the low eight bits, as {@code (byte) x}. Not thread-safe.
 */
public final class ElementSink {

  private final DType dtype;
  private final Object array;
  private int position;

  /** A sink for {@code count} elements. */
  public ElementSink(DType dtype, int count) {
    this.dtype = dtype;
    this.array = newArray(dtype, count);
  }

  /** The tensor of the elements written; all {@code count} must have been written. */
  public Tensor toTensor(int... shape) {
    switch (dtype) {
      case BOOL:
        return Tensor.of((boolean[]) array, shape);
      case UINT8:
      case INT8:
        return Tensor.ofBytes((byte[]) array, dtype, shape);
      case INT16:
        return Tensor.of((short[]) array, shape);
      case INT32:
        return Tensor.of((int[]) array, shape);
      case INT64:
        return Tensor.of((long[]) array, shape);
      case FLOAT32:
        return Tensor.of((float[]) array, shape);
      case FLOAT64:
        return Tensor.of((double[]) array, shape);
      default:
        throw new AssertionError(dtype);
    }
  }

  /** Writes an integer value. */
  public void putLong(long v) {
    int i = position++;
    switch (dtype) {
      case BOOL:
        ((boolean[]) array)[i] = v != 0;
        break;
      case UINT8:
      case INT8:
        ((byte[]) array)[i] = (byte) v;
        break;
      case INT16:
        ((short[]) array)[i] = (short) v;
        break;
      case INT32:
        ((int[]) array)[i] = (int) v;
        break;
      case INT64:
        ((long[]) array)[i] = v;
        break;
      case FLOAT32:
        ((float[]) array)[i] = (float) v;
        break;
      case FLOAT64:
        ((double[]) array)[i] = v;
        break;
      default:
        throw new AssertionError(dtype);
    }
  }

  /**
   * Writes a floating-point value. A float widened to double converts to every type exactly as the
   * float itself would, so float sources come here too.
   */
  public void putDouble(double v) {
    int i = position++;
    switch (dtype) {
      case BOOL:
        ((boolean[]) array)[i] = v != 0;
        break;
      case UINT8:
      case INT8:
        ((byte[]) array)[i] = (byte) v;
        break;
      case INT16:
        ((short[]) array)[i] = (short) v;
        break;
      case INT32:
        ((int[]) array)[i] = (int) v;
        break;
      case INT64:
        ((long[]) array)[i] = (long) v;
        break;
      case FLOAT32:
        ((float[]) array)[i] = (float) v;
        break;
      case FLOAT64:
        ((double[]) array)[i] = v;
        break;
      default:
        throw new AssertionError(dtype);
    }
  }

  /** Writes a boolean: itself for BOOL, 1 or 0 otherwise. */
  public void putBoolean(boolean v) {
    if (dtype == DType.BOOL) {
      ((boolean[]) array)[position++] = v;
    } else {
      putLong(v ? 1 : 0);
    }
  }

  /**
   * Writes a number. Integral boxes convert from their long value and Float/Double from their
   * double value, as the primitives would (going through double would round large longs twice);
   * other numbers (BigInteger, BigDecimal, ...) through their own {@code longValue()}, {@code
   * floatValue()} or {@code doubleValue()}.
   */
  public void putNumber(Number n) {
    if (n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte) {
      putLong(n.longValue());
    } else if (n instanceof Double || n instanceof Float) {
      putDouble(n.doubleValue());
    } else if (dtype == DType.FLOAT32) {
      ((float[]) array)[position++] = n.floatValue();
    } else if (dtype == DType.FLOAT64 || dtype == DType.BOOL) {
      putDouble(n.doubleValue());
    } else {
      putLong(n.longValue());
    }
  }

  /**
   * Writes every element of a primitive array ({@code float[] double[] long[] int[] short[] byte[]
   * boolean[]}), copying in bulk when it is the sink's own type; bytes are signed.
   */
  public void putArray(Object source) {
    int n = Array.getLength(source);
    if (sameType(source)) {
      System.arraycopy(source, 0, array, position, n);
      position += n;
    } else if (source instanceof float[]) {
      for (float v : (float[]) source) {
        putDouble(v);
      }
    } else if (source instanceof double[]) {
      for (double v : (double[]) source) {
        putDouble(v);
      }
    } else if (source instanceof long[]) {
      for (long v : (long[]) source) {
        putLong(v);
      }
    } else if (source instanceof int[]) {
      for (int v : (int[]) source) {
        putLong(v);
      }
    } else if (source instanceof short[]) {
      for (short v : (short[]) source) {
        putLong(v);
      }
    } else if (source instanceof byte[]) {
      for (byte v : (byte[]) source) {
        putLong(v);
      }
    } else {
      for (boolean v : (boolean[]) source) {
        putBoolean(v);
      }
    }
  }

  /**
   * Writes {@code n} elements of {@code source} from {@code from}, as {@link #putDouble} writes
   * each; copied as they are when the sink holds doubles.
   */
  public void putDoubles(double[] source, int from, int n) {
    if (dtype == DType.FLOAT64) {
      if (n == 1) {
        ((double[]) array)[position++] = source[from];
      } else {
        copy(source, from, n);
      }
    } else {
      for (int i = from; i < from + n; i++) {
        putDouble(source[i]);
      }
    }
  }

  /** As {@link #putDoubles}, for floats: copied as they are when the sink holds floats. */
  public void putFloats(float[] source, int from, int n) {
    if (dtype == DType.FLOAT32) {
      if (n == 1) {
        ((float[]) array)[position++] = source[from];
      } else {
        copy(source, from, n);
      }
    } else {
      for (int i = from; i < from + n; i++) {
        putDouble(source[i]);
      }
    }
  }

  /** As {@link #putLong} for each element: copied as they are when the sink holds longs. */
  public void putLongs(long[] source, int from, int n) {
    if (dtype == DType.INT64) {
      if (n == 1) {
        ((long[]) array)[position++] = source[from];
      } else {
        copy(source, from, n);
      }
    } else {
      for (int i = from; i < from + n; i++) {
        putLong(source[i]);
      }
    }
  }

  /** As {@link #putLong} for each element: copied as they are when the sink holds ints. */
  public void putInts(int[] source, int from, int n) {
    if (dtype == DType.INT32) {
      if (n == 1) {
        ((int[]) array)[position++] = source[from];
      } else {
        copy(source, from, n);
      }
    } else {
      for (int i = from; i < from + n; i++) {
        putLong(source[i]);
      }
    }
  }

  /** As {@link #putLong} for each element: copied as they are when the sink holds shorts. */
  public void putShorts(short[] source, int from, int n) {
    if (dtype == DType.INT16) {
      if (n == 1) {
        ((short[]) array)[position++] = source[from];
      } else {
        copy(source, from, n);
      }
    } else {
      for (int i = from; i < from + n; i++) {
        putLong(source[i]);
      }
    }
  }

  /**
   * As {@link #putLong} for each (signed) element: copied as they are when the sink holds bytes
   * ({@link DType#UINT8} keeps the bits).
   */
  public void putBytes(byte[] source, int from, int n) {
    if (dtype == DType.INT8 || dtype == DType.UINT8) {
      if (n == 1) {
        ((byte[]) array)[position++] = source[from];
      } else {
        copy(source, from, n);
      }
    } else {
      for (int i = from; i < from + n; i++) {
        putLong(source[i]);
      }
    }
  }

  /** As {@link #putBoolean} for each element: copied as they are when the sink holds booleans. */
  public void putBooleans(boolean[] source, int from, int n) {
    if (dtype == DType.BOOL) {
      if (n == 1) {
        ((boolean[]) array)[position++] = source[from];
      } else {
        copy(source, from, n);
      }
    } else {
      for (int i = from; i < from + n; i++) {
        putBoolean(source[i]);
      }
    }
  }

  private void copy(Object source, int from, int n) {
    System.arraycopy(source, from, array, position, n);
    position += n;
  }

  private boolean sameType(Object source) {
    switch (dtype) {
      case BOOL:
        return source instanceof boolean[];
      case UINT8:
      case INT8:
        return source instanceof byte[];
      case INT16:
        return source instanceof short[];
      case INT32:
        return source instanceof int[];
      case INT64:
        return source instanceof long[];
      case FLOAT32:
        return source instanceof float[];
      case FLOAT64:
        return source instanceof double[];
      default:
        throw new AssertionError(dtype);
    }
  }

  /** A new primitive array of {@code n} elements of the array type {@code dtype} is stored in. */
  public static Object newArray(DType dtype, int n) {
    switch (dtype) {
      case BOOL:
        return new boolean[n];
      case UINT8:
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
        throw new AssertionError(dtype);
    }
  }
}
