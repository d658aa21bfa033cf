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

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.List;

/**
 * Shapes and flattening of the cell values a window holds: a scalar ({@link Number} or {@link
 * Boolean}) has shape {@code []}, a primitive array ({@code float[] double[] long[] int[] short[]
 * byte[] boolean[]}, as VECTOR cells come) shape {@code [n]}, and a {@link List} of such values (as
 * ARRAY cells come) shape {@code [n, ...element shape]}. Stateless and thread-safe.
 */
public final class NestedValues {

  /** Deeper lists are rejected rather than risking a stack overflow on a list containing itself. */
  public static final int MAX_DEPTH = 32;

  private NestedValues() {}

  /**
   * The shape of {@code value}, entry {@code entry} of a window, after checking every element.
   *
   * @throws IllegalArgumentException naming the entry and the element's position if an element is
   *     null, not a number, boolean, primitive array or list, if a list is ragged, or if lists nest
   *     deeper than {@value #MAX_DEPTH}
   */
  public static int[] shapeOf(Object value, int entry) {
    return shapeOf(value, entry, new int[MAX_DEPTH], 0);
  }

  /** Writes the elements of {@code value}, checked by {@link #shapeOf}, in row-major order. */
  public static void flatten(Object value, ElementSink sink) {
    if (value instanceof Number) {
      sink.putNumber((Number) value);
    } else if (value instanceof Boolean) {
      sink.putBoolean((Boolean) value);
    } else if (value instanceof List) {
      for (Object element : (List<?>) value) {
        flatten(element, sink);
      }
    } else {
      sink.putArray(value);
    }
  }

  /** Whether {@code value} is one of the primitive array types a VECTOR cell comes as. */
  public static boolean isPrimitiveArray(Object value) {
    return value instanceof float[]
        || value instanceof double[]
        || value instanceof long[]
        || value instanceof int[]
        || value instanceof short[]
        || value instanceof byte[]
        || value instanceof boolean[];
  }

  /** {@code "entry 3"} or {@code "entry 3, element [1, 0]"}. */
  public static String position(int entry, int[] path, int depth) {
    if (depth == 0) {
      return "entry " + entry;
    }
    return "entry " + entry + ", element " + Arrays.toString(Arrays.copyOf(path, depth));
  }

  private static int[] shapeOf(Object value, int entry, int[] path, int depth) {
    if (value == null) {
      throw new IllegalArgumentException(
          position(entry, path, depth) + " is null; pad it or filter the rows");
    }
    if (value instanceof Number || value instanceof Boolean) {
      return new int[0];
    }
    if (isPrimitiveArray(value)) {
      return new int[] {Array.getLength(value)};
    }
    if (!(value instanceof List)) {
      throw new IllegalArgumentException(
          position(entry, path, depth)
              + " is a "
              + value.getClass().getName()
              + ", not a number, boolean, primitive array or list");
    }
    if (depth == MAX_DEPTH) {
      throw new IllegalArgumentException(
          position(entry, path, depth) + " nests lists deeper than " + MAX_DEPTH);
    }
    List<?> list = (List<?>) value;
    int[] first = null;
    int i = 0;
    for (Object element : list) {
      path[depth] = i;
      int[] shape = shapeOf(element, entry, path, depth + 1);
      if (first == null) {
        first = shape;
      } else if (!Arrays.equals(shape, first)) {
        path[depth] = 0;
        String firstPosition = position(entry, path, depth + 1);
        path[depth] = i;
        throw new IllegalArgumentException(
            "ragged list: "
                + position(entry, path, depth + 1)
                + " has shape "
                + Arrays.toString(shape)
                + " but "
                + firstPosition
                + " has shape "
                + Arrays.toString(first));
      }
      i++;
    }
    if (first == null) {
      return new int[] {0};
    }
    int[] shape = new int[first.length + 1];
    shape[0] = i;
    System.arraycopy(first, 0, shape, 1, first.length);
    return shape;
  }
}
