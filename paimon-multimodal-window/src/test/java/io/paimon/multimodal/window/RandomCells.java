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

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Random window cells for the {@code toTensor} property test, and the casts it expects. */
final class RandomCells {

  private RandomCells() {}

  /** A value of {@code shape[depth..]}; records its scalars, boxed, in row-major order. */
  static Object randomValue(Random random, int[] shape, int depth, List<Object> leaves) {
    if (depth == shape.length) {
      Object leaf = randomScalar(random, random.nextInt(7));
      leaves.add(leaf);
      return leaf;
    }
    int n = shape[depth];
    if (depth == shape.length - 1 && random.nextBoolean()) {
      int kind = random.nextInt(7);
      Object[] boxes = new Object[n];
      for (int i = 0; i < n; i++) {
        boxes[i] = randomScalar(random, kind);
        leaves.add(boxes[i]);
      }
      return primitiveArray(kind, boxes);
    }
    List<Object> list = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      list.add(randomValue(random, shape, depth + 1, leaves));
    }
    return list;
  }

  static Object randomScalar(Random random, int kind) {
    double[] specials = {Double.NaN, Double.POSITIVE_INFINITY, -0.0, 1e19, -1e10, 0.5, -2.5};
    switch (kind) {
      case 0:
        return random.nextBoolean();
      case 1:
        return (byte) random.nextInt();
      case 2:
        return (short) random.nextInt();
      case 3:
        return random.nextInt(3) == 0 ? random.nextInt(5) - 2 : random.nextInt();
      case 4:
        return random.nextLong();
      case 5:
        return random.nextInt(3) == 0
            ? (float) specials[random.nextInt(specials.length)]
            : (float) (random.nextGaussian() * 1000);
      default:
        return random.nextInt(3) == 0
            ? specials[random.nextInt(specials.length)]
            : random.nextGaussian() * 1e6;
    }
  }

  static Object primitiveArray(int kind, Object[] boxes) {
    int n = boxes.length;
    switch (kind) {
      case 0:
        boolean[] z = new boolean[n];
        for (int i = 0; i < n; i++) {
          z[i] = (Boolean) boxes[i];
        }
        return z;
      case 1:
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
          b[i] = (Byte) boxes[i];
        }
        return b;
      case 2:
        short[] s = new short[n];
        for (int i = 0; i < n; i++) {
          s[i] = (Short) boxes[i];
        }
        return s;
      case 3:
        int[] in = new int[n];
        for (int i = 0; i < n; i++) {
          in[i] = (Integer) boxes[i];
        }
        return in;
      case 4:
        long[] l = new long[n];
        for (int i = 0; i < n; i++) {
          l[i] = (Long) boxes[i];
        }
        return l;
      case 5:
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
          f[i] = (Float) boxes[i];
        }
        return f;
      default:
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
          d[i] = (Double) boxes[i];
        }
        return d;
    }
  }

  /** The Java cast of a boxed scalar to the dtype's primitive, boxed; UINT8 and INT8 as a byte. */
  static Object cast(Object leaf, DType dtype) {
    if (leaf instanceof Boolean) {
      boolean z = (Boolean) leaf;
      return dtype == DType.BOOL ? (Object) z : cast(z ? 1L : 0L, dtype);
    }
    if (leaf instanceof Float || leaf instanceof Double) {
      double d = ((Number) leaf).doubleValue();
      switch (dtype) {
        case BOOL:
          return d != 0;
        case UINT8:
        case INT8:
          return (byte) d;
        case INT16:
          return (short) d;
        case INT32:
          return (int) d;
        case INT64:
          return (long) d;
        case FLOAT32:
          return (float) d;
        default:
          return d;
      }
    }
    long v = ((Number) leaf).longValue();
    switch (dtype) {
      case BOOL:
        return v != 0;
      case UINT8:
      case INT8:
        return (byte) v;
      case INT16:
        return (short) v;
      case INT32:
        return (int) v;
      case INT64:
        return v;
      case FLOAT32:
        return (float) v;
      default:
        return (double) v;
    }
  }

  static Object element(Tensor t, int i) {
    switch (t.dtype()) {
      case BOOL:
        return t.booleans()[i];
      case UINT8:
      case INT8:
        return t.bytes()[i];
      case INT16:
        return t.shorts()[i];
      case INT32:
        return t.ints()[i];
      case INT64:
        return t.longs()[i];
      case FLOAT32:
        return t.floats()[i];
      default:
        return t.doubles()[i];
    }
  }
}
