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
import io.paimon.multimodal.window.WindowTransforms;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The transform {@link WindowTransforms#toTensor} returns. A dataset recognises it by its class and
 * builds the tensor of a fixed-width column straight from the fetched primitive values, with the
 * result {@link #apply} would give for the same window; everywhere else it is an ordinary function.
 * Immutable; thread-safe.
 */
public final class TensorStack implements Function<List<?>, Tensor> {

  private final DType dtype;

  /** Stacks into tensors of {@code dtype}. */
  public TensorStack(DType dtype) {
    this.dtype = dtype;
  }

  /** The element type of the tensors. */
  public DType dtype() {
    return dtype;
  }

  /** As {@link WindowTransforms#toTensor} describes. */
  @Override
  public Tensor apply(List<?> window) {
    checkNotEmpty(window);
    int[] entryShape = null;
    int t = 0;
    for (Object entry : window) {
      int[] shape = NestedValues.shapeOf(entry, t);
      if (entryShape == null) {
        entryShape = shape;
      } else if (!Arrays.equals(shape, entryShape)) {
        throw new IllegalArgumentException(
            "entry "
                + t
                + " has shape "
                + Arrays.toString(shape)
                + " but entry 0 has shape "
                + Arrays.toString(entryShape));
      }
      t++;
    }
    int[] shape = new int[entryShape.length + 1];
    shape[0] = t;
    System.arraycopy(entryShape, 0, shape, 1, entryShape.length);
    ElementSink sink = new ElementSink(dtype, elementCount(shape));
    for (Object entry : window) {
      NestedValues.flatten(entry, sink);
    }
    return sink.toTensor(shape);
  }

  /**
   * Rejects an empty window.
   *
   * @throws IllegalArgumentException if the window is empty
   */
  public static void checkNotEmpty(List<?> window) {
    if (window.isEmpty()) {
      throw new IllegalArgumentException("window must have at least one entry, has none");
    }
  }

  /**
   * The element count of a tensor of this shape.
   *
   * @throws IllegalArgumentException if it exceeds {@code 2^31 - 1}
   */
  public static int elementCount(int... shape) {
    long n = 1;
    for (int d : shape) {
      n *= d;
      if (n > Integer.MAX_VALUE) {
        throw new IllegalArgumentException(
            "window tensor of shape " + Arrays.toString(shape) + " exceeds 2^31 - 1 elements");
      }
    }
    return (int) n;
  }

  @Override
  public String toString() {
    return "toTensor(" + dtype + ")";
  }
}
