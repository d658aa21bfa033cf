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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TensorTest {

  @Test
  void dtypeByteSizesMatchPyTorch() {
    assertThat(DType.BOOL.byteSize()).isEqualTo(1);
    assertThat(DType.UINT8.byteSize()).isEqualTo(1);
    assertThat(DType.INT8.byteSize()).isEqualTo(1);
    assertThat(DType.INT16.byteSize()).isEqualTo(2);
    assertThat(DType.INT32.byteSize()).isEqualTo(4);
    assertThat(DType.INT64.byteSize()).isEqualTo(8);
    assertThat(DType.FLOAT32.byteSize()).isEqualTo(4);
    assertThat(DType.FLOAT64.byteSize()).isEqualTo(8);
  }

  @Test
  void factoriesTakeTheArrayWithoutCopying() {
    float[] f = {1, 2, 3, 4, 5, 6};
    Tensor t = Tensor.of(f, 3, 2);
    assertThat(t.floats()).isSameAs(f);
    assertThat(t.dtype()).isEqualTo(DType.FLOAT32);
    assertThat(t.shape()).containsExactly(3, 2);
    assertThat(t.rank()).isEqualTo(2);
    assertThat(t.dim(0)).isEqualTo(3);
    assertThat(t.dim(1)).isEqualTo(2);
    assertThat(t.size()).isEqualTo(6);

    double[] d = {1};
    assertThat(Tensor.of(d, 1).doubles()).isSameAs(d);
    long[] l = {1, 2};
    assertThat(Tensor.of(l, 2).longs()).isSameAs(l);
    int[] i = {1, 2};
    assertThat(Tensor.of(i, 2, 1).ints()).isSameAs(i);
    short[] s = {1};
    assertThat(Tensor.of(s, 1, 1, 1).shorts()).isSameAs(s);
    boolean[] b = {true, false};
    assertThat(Tensor.of(b, 2).booleans()).isSameAs(b);
    byte[] u = {1, 2};
    assertThat(Tensor.ofBytes(u, DType.UINT8, 2).bytes()).isSameAs(u);
    assertThat(Tensor.ofBytes(u, DType.INT8, 2).bytes()).isSameAs(u);
    assertThat(Tensor.of(d, 1).dtype()).isEqualTo(DType.FLOAT64);
    assertThat(Tensor.of(l, 2).dtype()).isEqualTo(DType.INT64);
    assertThat(Tensor.of(i, 2, 1).dtype()).isEqualTo(DType.INT32);
    assertThat(Tensor.of(s, 1, 1, 1).dtype()).isEqualTo(DType.INT16);
    assertThat(Tensor.of(b, 2).dtype()).isEqualTo(DType.BOOL);
  }

  @Test
  void shapeIsACopy() {
    int[] shape = {2};
    Tensor t = Tensor.of(new float[2], shape);
    shape[0] = 7;
    t.shape()[0] = 9;
    assertThat(t.shape()).containsExactly(2);
  }

  @Test
  void scalarHasRankZeroAndOneElement() {
    Tensor t = Tensor.of(new long[] {42});
    assertThat(t.rank()).isZero();
    assertThat(t.size()).isEqualTo(1);
    assertThat(t.getDouble()).isEqualTo(42.0);
    assertThatThrownBy(() -> Tensor.of(new long[0]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("shape []")
        .hasMessageContaining("data length is 0");
  }

  @Test
  void zeroDimensionMeansNoElements() {
    Tensor t = Tensor.of(new float[0], 3, 0, Integer.MAX_VALUE);
    assertThat(t.size()).isZero();
    assertThat(t.shape()).containsExactly(3, 0, Integer.MAX_VALUE);
  }

  @Test
  void rejectsShapeLengthMismatch() {
    assertThatThrownBy(() -> Tensor.of(new float[5], 3, 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("shape [3, 2]")
        .hasMessageContaining("6 elements")
        .hasMessageContaining("data length is 5");
  }

  @Test
  void rejectsNegativeDimension() {
    assertThatThrownBy(() -> Tensor.of(new int[0], 0, -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("shape [0, -1]")
        .hasMessageContaining("negative");
  }

  @Test
  void rejectsShapeOverflowingIntWithoutWrapping() {
    // 65536 * 65536 wraps to 0 in int arithmetic, which would match an empty array.
    assertThatThrownBy(() -> Tensor.of(new float[0], 65536, 65536))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("shape [65536, 65536]")
        .hasMessageContaining("more than 2^31 - 1 elements")
        .hasMessageContaining("data length is 0");
  }

  @Test
  void ofBytesRejectsNonByteDtypes() {
    assertThatThrownBy(() -> Tensor.ofBytes(new byte[1], DType.FLOAT32, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("UINT8 or INT8")
        .hasMessageContaining("FLOAT32");
  }

  @Test
  void accessorOfAnotherDtypeNamesBoth() {
    Tensor t = Tensor.of(new long[] {1}, 1);
    assertThatThrownBy(t::floats)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("FLOAT32")
        .hasMessageContaining("INT64");
    assertThatThrownBy(t::doubles).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(t::ints).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(t::shorts).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(t::booleans).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(t::bytes)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("UINT8")
        .hasMessageContaining("INT64");
    assertThatThrownBy(() -> Tensor.of(new float[1], 1).longs())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("needs a INT64 tensor, but this tensor is FLOAT32");
  }

  @Test
  void getDoubleReadsRowMajorAndUint8Unsigned() {
    Tensor t = Tensor.of(new float[] {0, 1, 2, 3, 4, 5}, 2, 3);
    assertThat(t.getDouble(0, 2)).isEqualTo(2.0);
    assertThat(t.getDouble(1, 0)).isEqualTo(3.0);
    Tensor u = Tensor.ofBytes(new byte[] {(byte) 255, (byte) 128}, DType.UINT8, 2);
    assertThat(u.getDouble(0)).isEqualTo(255.0);
    assertThat(u.getDouble(1)).isEqualTo(128.0);
    Tensor s = Tensor.ofBytes(new byte[] {(byte) 255}, DType.INT8, 1);
    assertThat(s.getDouble(0)).isEqualTo(-1.0);
    assertThat(Tensor.of(new short[] {-3}, 1).getDouble(0)).isEqualTo(-3.0);
    assertThat(Tensor.of(new int[] {7}, 1).getDouble(0)).isEqualTo(7.0);
    assertThat(Tensor.of(new double[] {0.5}, 1).getDouble(0)).isEqualTo(0.5);
    assertThat(Tensor.of(new boolean[] {true, false}, 2).getDouble(0)).isEqualTo(1.0);
    assertThat(Tensor.of(new boolean[] {true, false}, 2).getDouble(1)).isEqualTo(0.0);
  }

  @Test
  void getBooleanIsTheElementOrNonZero() {
    Tensor b = Tensor.of(new boolean[] {false, true}, 2);
    assertThat(b.getBoolean(0)).isFalse();
    assertThat(b.getBoolean(1)).isTrue();
    Tensor f = Tensor.of(new float[] {0, -0.0f, 2, Float.NaN}, 4);
    assertThat(f.getBoolean(0)).isFalse();
    assertThat(f.getBoolean(1)).isFalse();
    assertThat(f.getBoolean(2)).isTrue();
    assertThat(f.getBoolean(3)).isTrue();
  }

  @Test
  void getIsBoundsCheckedNamingIndexAndShape() {
    Tensor t = Tensor.of(new float[6], 2, 3);
    assertThatThrownBy(() -> t.getDouble(2, 0))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessageContaining("index [2, 0]")
        .hasMessageContaining("shape [2, 3]");
    assertThatThrownBy(() -> t.getDouble(0, -1))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessageContaining("index [0, -1]");
    // Wrong rank: an index of 5 would be in range of the flat array.
    assertThatThrownBy(() -> t.getDouble(5))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessageContaining("index [5]")
        .hasMessageContaining("shape [2, 3]");
    assertThatThrownBy(() -> t.getBoolean(0, 3))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessageContaining("index [0, 3]");
    assertThatThrownBy(() -> t.dim(2))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessageContaining("axis 2")
        .hasMessageContaining("shape [2, 3]");
  }

  @Test
  void stackAddsALeadingDimension() {
    Tensor a = Tensor.of(new float[] {1, 2, 3, 4}, 2, 2);
    Tensor b = Tensor.of(new float[] {5, 6, 7, 8}, 2, 2);
    Tensor s = Tensor.stack(List.of(a, b, a));
    assertThat(s.shape()).containsExactly(3, 2, 2);
    assertThat(s.floats()).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4);
    assertThat(s.floats()).isNotSameAs(a.floats());

    Tensor scalars = Tensor.stack(List.of(Tensor.of(new long[] {3}), Tensor.of(new long[] {-4})));
    assertThat(scalars.shape()).containsExactly(2);
    assertThat(scalars.longs()).containsExactly(3, -4);

    for (DType dtype : DType.values()) {
      Tensor one = zeros(dtype, 3);
      Tensor stacked = Tensor.stack(List.of(one, one));
      assertThat(stacked.dtype()).isEqualTo(dtype);
      assertThat(stacked.shape()).containsExactly(2, 3);
      assertThat(stacked).isEqualTo(zeros(dtype, 2, 3));
    }
  }

  @Test
  void stackRejectsEmptyAndMismatches() {
    assertThatThrownBy(() -> Tensor.stack(List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("empty");
    Tensor a = Tensor.of(new float[2], 2);
    assertThatThrownBy(() -> Tensor.stack(List.of(a, a, Tensor.of(new float[3], 3))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tensor 2 is FLOAT32 [3]")
        .hasMessageContaining("tensor 0 is FLOAT32 [2]");
    assertThatThrownBy(() -> Tensor.stack(List.of(a, Tensor.of(new double[2], 2))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tensor 1 is FLOAT64 [2]")
        .hasMessageContaining("tensor 0 is FLOAT32 [2]");
    assertThatThrownBy(() -> Tensor.stack(List.of(a, Tensor.of(new float[2], 1, 2))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tensor 1 is FLOAT32 [1, 2]");
  }

  @Test
  void equalsComparesDtypeShapeAndBits() {
    Tensor a = Tensor.of(new float[] {1, Float.NaN}, 2);
    assertThat(a).isEqualTo(Tensor.of(new float[] {1, Float.NaN}, 2));
    assertThat(a.hashCode()).isEqualTo(Tensor.of(new float[] {1, Float.NaN}, 2).hashCode());
    assertThat(a).isNotEqualTo(Tensor.of(new float[] {1, Float.NaN}, 1, 2));
    assertThat(a).isNotEqualTo(Tensor.of(new double[] {1, Double.NaN}, 2));
    assertThat(Tensor.of(new float[] {0f}, 1)).isNotEqualTo(Tensor.of(new float[] {-0f}, 1));
    byte[] bytes = {1};
    assertThat(Tensor.ofBytes(bytes, DType.UINT8, 1))
        .isNotEqualTo(Tensor.ofBytes(bytes, DType.INT8, 1));
    assertThat(a).isNotEqualTo("a").isNotEqualTo(null);
    for (DType dtype : DType.values()) {
      assertThat(zeros(dtype, 4)).isEqualTo(zeros(dtype, 4));
      assertThat(zeros(dtype, 4).hashCode()).isEqualTo(zeros(dtype, 4).hashCode());
    }
  }

  @Test
  void toStringShowsDtypeShapeAndAtMostEightValues() {
    assertThat(Tensor.of(new float[] {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f}, 3, 2).toString())
        .isEqualTo("Tensor(FLOAT32, [3, 2], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6])");
    assertThat(Tensor.of(new long[10], 10).toString())
        .isEqualTo("Tensor(INT64, [10], [0, 0, 0, 0, 0, 0, 0, 0, ...])");
    assertThat(Tensor.ofBytes(new byte[] {-1}, DType.UINT8).toString())
        .isEqualTo("Tensor(UINT8, [], [255])");
    assertThat(Tensor.ofBytes(new byte[] {-1}, DType.INT8, 1).toString()).contains("[-1]");
    assertThat(Tensor.of(new boolean[] {true}, 1).toString()).contains("[true]");
    assertThat(Tensor.of(new short[] {3}, 1).toString()).contains("[3]");
    assertThat(Tensor.of(new int[] {4}, 1).toString()).contains("[4]");
    assertThat(Tensor.of(new double[] {0.5}, 1).toString()).contains("[0.5]");
    assertThat(Tensor.of(new float[0], 0).toString()).isEqualTo("Tensor(FLOAT32, [0], [])");
  }

  static Tensor zeros(DType dtype, int... shape) {
    int n = 1;
    for (int d : shape) {
      n *= d;
    }
    switch (dtype) {
      case BOOL:
        return Tensor.of(new boolean[n], shape);
      case UINT8:
      case INT8:
        return Tensor.ofBytes(new byte[n], dtype, shape);
      case INT16:
        return Tensor.of(new short[n], shape);
      case INT32:
        return Tensor.of(new int[n], shape);
      case INT64:
        return Tensor.of(new long[n], shape);
      case FLOAT32:
        return Tensor.of(new float[n], shape);
      case FLOAT64:
        return Tensor.of(new double[n], shape);
      default:
        throw new AssertionError(dtype);
    }
  }
}
