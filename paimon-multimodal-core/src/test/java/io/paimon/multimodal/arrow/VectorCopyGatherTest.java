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
package io.paimon.multimodal.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;

/**
 * {@link VectorCopy#gather} against value-by-value {@code copyFromSafe}: runs of consecutive rows
 * (copied in bulk) and single rows, sources with and without nulls, null (unpicked) sources.
 */
class VectorCopyGatherTest {

  @Test
  void gatherEqualsCopyingValueByValue() {
    SplittableRandom random = new SplittableRandom(11);
    try (BufferAllocator allocator = new RootAllocator()) {
      for (int trial = 0; trial < 200; trial++) {
        int k = 1 + random.nextInt(4);
        ValueVector[] longs = new ValueVector[k + 1];
        ValueVector[] ints = new ValueVector[k + 1];
        ValueVector[] strings = new ValueVector[k + 1];
        int[] sizes = new int[k + 1];
        for (int s = 0; s < k; s++) {
          int size = 1 + random.nextInt(100);
          sizes[s] = size;
          boolean nulls = random.nextBoolean();
          BigIntVector l = new BigIntVector("l", allocator);
          IntVector i = new IntVector("i", allocator);
          VarCharVector v = new VarCharVector("v", allocator);
          for (int r = 0; r < size; r++) {
            if (nulls && random.nextInt(4) == 0) {
              l.setNull(r);
              i.setNull(r);
              v.setNull(r);
            } else {
              l.setSafe(r, random.nextLong());
              i.setSafe(r, random.nextInt());
              v.setSafe(r, ("s" + r).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            }
          }
          l.setValueCount(size);
          i.setValueCount(size);
          v.setValueCount(size);
          longs[s] = l;
          ints[s] = i;
          strings[s] = v;
        }
        // The last source is never picked and may be null.
        int n = random.nextInt(300);
        int[] sources = new int[n];
        int[] rows = new int[n];
        for (int o = 0; o < n; o++) {
          if (o > 0 && random.nextInt(3) > 0 && rows[o - 1] + 1 < sizes[sources[o - 1]]) {
            sources[o] = sources[o - 1];
            rows[o] = rows[o - 1] + 1; // continue a run
          } else {
            sources[o] = random.nextInt(k);
            rows[o] = random.nextInt(sizes[sources[o]]);
          }
        }
        check(allocator, longs, sources, rows, n, new BigIntVector("l", allocator));
        check(allocator, ints, sources, rows, n, new IntVector("i", allocator));
        check(allocator, strings, sources, rows, n, new VarCharVector("v", allocator));
        for (int s = 0; s < k; s++) {
          longs[s].close();
          ints[s].close();
          strings[s].close();
        }
      }
    }
  }

  private static void check(
      BufferAllocator allocator,
      ValueVector[] from,
      int[] sources,
      int[] rows,
      int n,
      ValueVector to) {
    try (ValueVector got = to;
        ValueVector expected = to.getField().createVector(allocator)) {
      got.allocateNew();
      VectorCopy.gather(from, sources, rows, n, got);
      got.setValueCount(n);
      for (int o = 0; o < n; o++) {
        expected.copyFromSafe(rows[o], o, from[sources[o]]);
      }
      expected.setValueCount(n);
      for (int o = 0; o < n; o++) {
        assertThat(got.getObject(o)).as("row " + o).isEqualTo(expected.getObject(o));
        assertThat(got.isNull(o)).isEqualTo(expected.isNull(o));
      }
    }
  }
}
