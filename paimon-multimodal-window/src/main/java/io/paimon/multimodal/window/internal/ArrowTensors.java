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

import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.window.DType;
import io.paimon.multimodal.window.Tensor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The default conversion of a training stream's Arrow batches to tensors: a numeric or BOOLEAN
 * column becomes a tensor of shape {@code [rows]}, a numeric VECTOR (fixed-size list, nested ones
 * too) one of shape {@code [rows, size...]}; the values are copied, so a tensor shares nothing with
 * the batch. Anything else, and a column holding a null, is refused naming the column. Stateless.
 */
public final class ArrowTensors {

  private ArrowTensors() {}

  /**
   * Checks, before reading, that every field of {@code fields} has a type this conversion accepts.
   *
   * @throws SchemaException naming the first column that it does not
   */
  public static void checkConvertible(List<Field> fields) {
    for (Field f : fields) {
      String why = unsupported(f);
      if (why != null) {
        throw new SchemaException(refusal(f.getName(), why));
      }
    }
  }

  private static String unsupported(Field f) {
    ArrowType t = f.getType();
    if (t instanceof ArrowType.FixedSizeList) {
      return unsupported(f.getChildren().get(0));
    }
    if (t instanceof ArrowType.Bool || t instanceof ArrowType.FloatingPoint) {
      return t instanceof ArrowType.FloatingPoint fp
              && fp.getPrecision() == org.apache.arrow.vector.types.FloatingPointPrecision.HALF
          ? "type " + t
          : null;
    }
    if (t instanceof ArrowType.Int i) {
      return i.getBitWidth() == 8 || i.getIsSigned() ? null : "type " + t;
    }
    return "type " + t;
  }

  private static String refusal(String column, String why) {
    return "column '"
        + column
        + "' cannot become a tensor ("
        + why
        + "): tensors hold numeric, BOOLEAN and numeric VECTOR columns without nulls; select"
        + " other columns, use format(ARROW), or give a tensorConverter";
  }

  /**
   * The batch's columns as tensors, in column order.
   *
   * @throws SchemaException naming a column of another type or holding a null
   */
  public static Map<String, Tensor> convert(VectorSchemaRoot batch) {
    Map<String, Tensor> out = new LinkedHashMap<>();
    int rows = batch.getRowCount();
    for (FieldVector v : batch.getFieldVectors()) {
      List<Integer> shape = new ArrayList<>();
      shape.add(rows);
      ValueVector leaf = v;
      int count = rows;
      while (leaf instanceof FixedSizeListVector list) {
        checkNoNull(v.getName(), leaf, count);
        shape.add(list.getListSize());
        count *= list.getListSize();
        leaf = list.getDataVector();
      }
      checkNoNull(v.getName(), leaf, count);
      int[] dims = shape.stream().mapToInt(Integer::intValue).toArray();
      out.put(v.getName(), leaf(v.getName(), leaf, count, dims));
    }
    return out;
  }

  private static void checkNoNull(String column, ValueVector v, int count) {
    if (v.getNullCount() > 0) {
      for (int i = 0; i < count; i++) {
        if (v.isNull(i)) {
          throw new SchemaException(refusal(column, "it holds a null at element " + i));
        }
      }
    }
  }

  /**
   * The first {@code n} values of a fixed-width vector's data buffer (little-endian, as Arrow
   * stores them), for one bulk copy: the caller has checked that none is null.
   */
  private static java.nio.ByteBuffer data(
      org.apache.arrow.vector.BaseFixedWidthVector v, int n, int width) {
    return v.getDataBuffer()
        .nioBuffer(0, Math.multiplyExact(n, width))
        .order(java.nio.ByteOrder.LITTLE_ENDIAN);
  }

  private static Tensor leaf(String column, ValueVector v, int n, int[] shape) {
    if (v instanceof Float4Vector f) {
      float[] a = new float[n];
      data(f, n, 4).asFloatBuffer().get(a);
      return Tensor.of(a, shape);
    }
    if (v instanceof Float8Vector f) {
      double[] a = new double[n];
      data(f, n, 8).asDoubleBuffer().get(a);
      return Tensor.of(a, shape);
    }
    if (v instanceof BigIntVector b) {
      long[] a = new long[n];
      data(b, n, 8).asLongBuffer().get(a);
      return Tensor.of(a, shape);
    }
    if (v instanceof IntVector b) {
      int[] a = new int[n];
      data(b, n, 4).asIntBuffer().get(a);
      return Tensor.of(a, shape);
    }
    if (v instanceof SmallIntVector b) {
      short[] a = new short[n];
      data(b, n, 2).asShortBuffer().get(a);
      return Tensor.of(a, shape);
    }
    if (v instanceof TinyIntVector b) {
      byte[] a = new byte[n];
      for (int i = 0; i < n; i++) {
        a[i] = b.get(i);
      }
      return Tensor.ofBytes(a, DType.INT8, shape);
    }
    if (v instanceof UInt1Vector b) {
      byte[] a = new byte[n];
      for (int i = 0; i < n; i++) {
        a[i] = b.get(i);
      }
      return Tensor.ofBytes(a, DType.UINT8, shape);
    }
    if (v instanceof BitVector b) {
      boolean[] a = new boolean[n];
      for (int i = 0; i < n; i++) {
        a[i] = b.get(i) != 0;
      }
      return Tensor.of(a, shape);
    }
    throw new SchemaException(refusal(column, "type " + v.getField().getType()));
  }
}
