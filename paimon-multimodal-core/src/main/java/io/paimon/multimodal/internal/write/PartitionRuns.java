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
package io.paimon.multimodal.internal.write;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.ByteFunctionHelpers;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Whether two rows of a batch belong to the same partition, decided on the key vectors' bytes so
 * that a run of rows of one partition needs no Java values. Equal bytes mean equal Java values (the
 * converse does not hold for every type, as for NaNs with other payloads; a row deemed to differ
 * only starts a new run, whose writer is then looked up by its Java key, and found).
 */
final class PartitionRuns {

  private PartitionRuns() {}

  /** Whether rows {@code a} and {@code b} have the same bytes in every key vector. */
  static boolean sameKey(FieldVector[] keys, int a, int b) {
    for (FieldVector v : keys) {
      if (v != null && !same(v, a, b)) {
        return false;
      }
    }
    return true;
  }

  private static boolean same(FieldVector v, int a, int b) {
    boolean aNull = v.isNull(a);
    if (aNull || v.isNull(b)) {
      return aNull && v.isNull(b);
    }
    if (v instanceof BitVector) {
      return ((BitVector) v).get(a) == ((BitVector) v).get(b);
    }
    if (v instanceof BaseFixedWidthVector) {
      long width = ((BaseFixedWidthVector) v).getTypeWidth();
      ArrowBuf data = v.getDataBuffer();
      return ByteFunctionHelpers.equal(
              data, a * width, (a + 1) * width, data, b * width, (b + 1) * width)
          == 1;
    }
    if (v instanceof BaseVariableWidthVector) {
      ArrowBuf offsets = v.getOffsetBuffer();
      long w = BaseVariableWidthVector.OFFSET_WIDTH;
      return ByteFunctionHelpers.equal(
              v.getDataBuffer(),
              offsets.getInt(a * w),
              offsets.getInt((a + 1) * w),
              v.getDataBuffer(),
              offsets.getInt(b * w),
              offsets.getInt((b + 1) * w))
          == 1;
    }
    if (v instanceof BaseLargeVariableWidthVector) {
      ArrowBuf offsets = v.getOffsetBuffer();
      long w = BaseLargeVariableWidthVector.OFFSET_WIDTH;
      return ByteFunctionHelpers.equal(
              v.getDataBuffer(),
              offsets.getLong(a * w),
              offsets.getLong((a + 1) * w),
              v.getDataBuffer(),
              offsets.getLong(b * w),
              offsets.getLong((b + 1) * w))
          == 1;
    }
    return false;
  }
}
