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
package io.paimon.multimodal.search.internal;

import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;

/** Reads the cells of indexed columns out of Arrow vectors, without boxing. */
final class Cells {

  private Cells() {}

  /**
   * The float vector of a {@code VECTOR<FLOAT, n>} ({@code FixedSizeListVector}) or {@code
   * ARRAY<FLOAT>} ({@code ListVector}) cell, or null when the cell or any element is null.
   */
  static float[] vector(FieldVector v, int row) {
    if (v.isNull(row)) {
      return null;
    }
    Float4Vector data;
    int start;
    int end;
    if (v instanceof FixedSizeListVector f) {
      data = (Float4Vector) f.getDataVector();
      start = row * f.getListSize();
      end = start + f.getListSize();
    } else {
      ListVector l = (ListVector) v;
      data = (Float4Vector) l.getDataVector();
      start = l.getElementStartIndex(row);
      end = l.getElementEndIndex(row);
    }
    float[] out = new float[end - start];
    for (int i = start; i < end; i++) {
      if (data.isNull(i)) {
        return null;
      }
      out[i - start] = data.get(i);
    }
    return out;
  }

  /** The string of a string cell, or null. */
  static String text(FieldVector v, int row) {
    if (v.isNull(row)) {
      return null;
    }
    return new String(((VarCharVector) v).get(row), java.nio.charset.StandardCharsets.UTF_8);
  }

  /** Whether every element is a finite number (Lucene refuses others; we never return them). */
  static boolean finite(float[] v) {
    for (float f : v) {
      if (!Float.isFinite(f)) {
        return false;
      }
    }
    return true;
  }
}
