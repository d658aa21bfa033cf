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

import io.paimon.multimodal.arrow.VectorCopy;
import io.paimon.multimodal.window.Direction;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * joinAsof: per left row, binary searches in its group's sorted times for the backward, forward or
 * nearest right row (ties and exact matches as in the spec), checks the tolerance on the unsigned
 * distance, then copies the matched rows' payload (or nulls) into the output.
 */
final class AsofRuntime extends StepRuntime {

  /** Per group, where its last search ended: the next one gallops from there. */
  private final int[] hints;

  private int[] match = new int[0];
  private long[] wanted = new long[0];
  private int[] picks = new int[0];

  AsofRuntime(StepPlan plan, BufferAllocator allocator) {
    super(plan, allocator);
    this.hints = new int[Math.max(1, index.starts.length - 1)];
  }

  @Override
  void apply(VectorSchemaRoot left, int n, long firstRow, VectorSchemaRoot out, int col) {
    if (plan.outputs.isEmpty()) {
      return;
    }
    keys(left, n, firstRow);
    if (match.length < n) {
      match = new int[n];
      wanted = new long[n];
      picks = new int[n];
    }
    int m = 0;
    for (int i = 0; i < n; i++) {
      int g = group[i];
      int p = g < 0 ? -1 : probe(g, index.starts[g], index.starts[g + 1], time[i]);
      match[i] = p;
      if (p >= 0) {
        wanted[m++] = index.rowIds[p];
      }
    }
    VectorSchemaRoot staging = fetch(wanted, m);
    int nullRow = nullRow();
    long lastId = Long.MIN_VALUE;
    int lastRow = -1;
    for (int i = 0; i < n; i++) {
      int p = match[i];
      if (p < 0) {
        picks[i] = nullRow;
        continue;
      }
      long id = index.rowIds[p];
      if (id != lastId) {
        lastId = id;
        lastRow = stagingRow(id);
      }
      picks[i] = lastRow;
    }
    for (int j = 0; j < plan.outputs.size(); j++) {
      StepPlan.Output o = plan.outputs.get(j);
      VectorCopy.copyRows(staging.getVector(o.source()), picks, 0, n, out.getVector(col + j), 0);
    }
  }

  /** The matched position in {@code [from, to)}, or -1. */
  int probe(int g, int from, int to, long t) {
    boolean exact = plan.spec.allowExactMatches();
    long tol = plan.tolerance;
    boolean bounded = plan.hasTolerance;
    long[] times = index.times;
    Direction d = plan.spec.direction();
    if (d == Direction.BACKWARD) {
      int bound = index.boundFrom(hints[g], from, to, t, exact);
      hints[g] = bound;
      int p = bound - 1;
      return p >= from && (!bounded || Units.distanceAtMost(times[p], t, tol)) ? p : -1;
    }
    if (d == Direction.FORWARD) {
      int p = index.boundFrom(hints[g], from, to, t, !exact);
      hints[g] = p;
      return p < to && (!bounded || Units.distanceAtMost(t, times[p], tol)) ? p : -1;
    }
    int lb = index.boundFrom(hints[g], from, to, t, false);
    hints[g] = lb;
    int ub = lb < to && times[lb] == t ? index.upperBound(lb, to, t) : lb;
    if (exact && ub > lb) {
      return ub - 1;
    }
    int b = lb - 1;
    int f = ub;
    int p;
    long dist;
    if (b >= from && f < to) {
      long db = t - times[b];
      long df = times[f] - t;
      boolean forward = Long.compareUnsigned(df, db) < 0;
      p = forward ? f : b;
      dist = forward ? df : db;
    } else if (b >= from) {
      p = b;
      dist = t - times[b];
    } else if (f < to) {
      p = f;
      dist = times[f] - t;
    } else {
      return -1;
    }
    return !bounded || Long.compareUnsigned(dist, tol) <= 0 ? p : -1;
  }
}
