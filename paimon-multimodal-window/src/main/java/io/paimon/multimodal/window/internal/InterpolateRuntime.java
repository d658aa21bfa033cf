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

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;

/**
 * interpolate: per left row, the last right row at exactly its time, or else the backward and
 * forward neighbours of its group (both required, both within the tolerance), and the fraction
 * {@code (t - t0) / (t1 - t0)} computed from unsigned 64-bit distances so that no key range
 * overflows; each column is then {@code v0 + (v1 - v0) * fraction} in double.
 */
final class InterpolateRuntime extends StepRuntime {

  /** Per group, where its last search ended: the next one gallops from there. */
  private final int[] hints;

  private int[] lower = new int[0]; // exact or backward position, -1 for none
  private int[] upper = new int[0]; // forward position, -1 for an exact match
  private double[] fraction = new double[0];
  private long[] wanted = new long[0];

  InterpolateRuntime(StepPlan plan, BufferAllocator allocator) {
    super(plan, allocator);
    this.hints = new int[Math.max(1, index.starts.length - 1)];
  }

  @Override
  void apply(VectorSchemaRoot left, int n, long firstRow, VectorSchemaRoot out, int col) {
    if (plan.outputs.isEmpty()) {
      return;
    }
    keys(left, n, firstRow);
    if (lower.length < n) {
      lower = new int[n];
      upper = new int[n];
      fraction = new double[n];
      wanted = new long[2 * n];
    }
    long tol = plan.tolerance;
    long[] times = index.times;
    int m = 0;
    for (int i = 0; i < n; i++) {
      lower[i] = -1;
      int g = group[i];
      if (g < 0) {
        continue;
      }
      int from = index.starts[g];
      int to = index.starts[g + 1];
      long t = time[i];
      int lb = index.boundFrom(hints[g], from, to, t, false);
      hints[g] = lb;
      if (lb < to && times[lb] == t) {
        int e = index.upperBound(lb, to, t) - 1;
        lower[i] = e;
        upper[i] = -1;
        wanted[m++] = index.rowIds[e];
        continue;
      }
      int b = lb - 1;
      int f = lb;
      if (b < from || f >= to) {
        continue;
      }
      if (plan.hasTolerance
          && !(Units.distanceAtMost(times[b], t, tol) && Units.distanceAtMost(t, times[f], tol))) {
        continue;
      }
      lower[i] = b;
      upper[i] = f;
      fraction[i] = Units.distance(times[b], t) / Units.distance(times[b], times[f]);
      wanted[m++] = index.rowIds[b];
      wanted[m++] = index.rowIds[f];
    }
    VectorSchemaRoot staging = fetch(wanted, m);
    for (int j = 0; j < plan.outputs.size(); j++) {
      StepPlan.Output o = plan.outputs.get(j);
      FieldVector src = staging.getVector(o.source());
      if (o.vectorLength() == 0) {
        scalar(src, (Float8Vector) out.getVector(col + j), n);
      } else {
        vector(
            (FixedSizeListVector) src,
            (FixedSizeListVector) out.getVector(col + j),
            o.vectorLength(),
            n);
      }
    }
  }

  private void scalar(FieldVector src, Float8Vector target, int n) {
    for (int i = 0; i < n; i++) {
      if (lower[i] < 0) {
        target.setNull(i);
        continue;
      }
      int s0 = stagingRow(index.rowIds[lower[i]]);
      if (src.isNull(s0)) {
        target.setNull(i);
        continue;
      }
      double v0 = number(src, s0);
      if (upper[i] < 0) {
        target.setSafe(i, v0);
        continue;
      }
      int s1 = stagingRow(index.rowIds[upper[i]]);
      if (src.isNull(s1)) {
        target.setNull(i);
        continue;
      }
      target.setSafe(i, v0 + (number(src, s1) - v0) * fraction[i]);
    }
    target.setValueCount(n);
  }

  private void vector(FixedSizeListVector src, FixedSizeListVector target, int len, int n) {
    FieldVector elements = src.getDataVector();
    Float8Vector values = (Float8Vector) target.getDataVector();
    for (int i = 0; i < n; i++) {
      int s0 = lower[i] < 0 ? -1 : stagingRow(index.rowIds[lower[i]]);
      int s1 = lower[i] < 0 || upper[i] < 0 ? -1 : stagingRow(index.rowIds[upper[i]]);
      boolean isNull = lower[i] < 0 || src.isNull(s0) || (upper[i] >= 0 && src.isNull(s1));
      if (isNull) {
        target.setNull(i);
        for (int e = 0; e < len; e++) {
          values.setNull(i * len + e);
        }
        continue;
      }
      target.setNotNull(i);
      for (int e = 0; e < len; e++) {
        int a = s0 * len + e;
        if (elements.isNull(a) || (s1 >= 0 && elements.isNull(s1 * len + e))) {
          values.setNull(i * len + e);
          continue;
        }
        double v0 = number(elements, a);
        values.setSafe(
            i * len + e, s1 < 0 ? v0 : v0 + (number(elements, s1 * len + e) - v0) * fraction[i]);
      }
    }
    target.setValueCount(n);
  }
}
