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
import io.paimon.multimodal.window.Aggregation;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * joinWindow: per left row at {@code t}, the positions of its group with times in {@code [t -
 * preceding, t + following]} (endpoints by {@code closed}, already folded into inclusive reaches),
 * found with two binary searches whose bounds saturate instead of overflowing; the union of the
 * batch's windows is fetched once, and each aggregation walks each window in (time, input) order.
 */
final class WindowRuntime extends StepRuntime {

  /** Per group, where its last window started: the next search gallops from there. */
  private final int[] hints;

  private int[] from = new int[0];
  private int[] to = new int[0];
  private int[] mergedOf = new int[0];
  private long[] order = new long[0];
  private int[] mergedStart = new int[0];
  private int[] mergedEnd = new int[0];
  private int[] mergedBase = new int[0];
  private long[] wanted = new long[0];
  private int[] stagingOf = new int[0];
  private int[] picks = new int[0];

  WindowRuntime(StepPlan plan, BufferAllocator allocator) {
    super(plan, allocator);
    this.hints = new int[Math.max(1, index.starts.length - 1)];
  }

  @Override
  void apply(VectorSchemaRoot left, int n, long firstRow, VectorSchemaRoot out, int col) {
    keys(left, n, firstRow);
    if (from.length < n) {
      from = new int[n];
      to = new int[n];
      mergedOf = new int[n];
      order = new long[n];
      mergedStart = new int[n];
      mergedEnd = new int[n];
      mergedBase = new int[n];
      picks = new int[n];
    }
    int intervals = 0;
    for (int i = 0; i < n; i++) {
      from[i] = 0;
      to[i] = 0;
      int g = group[i];
      if (g < 0) {
        continue;
      }
      window(i, g, index.starts[g], index.starts[g + 1]);
      if (from[i] < to[i]) {
        order[intervals++] = ((long) from[i] << 32) | i;
      }
    }
    int union = mergeIntervals(intervals);
    VectorSchemaRoot staging = fetch(wanted, union);
    if (stagingOf.length < union) {
      stagingOf = new int[Math.max(union, stagingOf.length * 2)];
    }
    for (int u = 0; u < union; u++) {
      stagingOf[u] = stagingRow(wanted[u]);
    }
    for (int j = 0; j < plan.outputs.size(); j++) {
      StepPlan.Output o = plan.outputs.get(j);
      aggregate(o, staging.getVector(o.source()), out.getVector(col + j), n);
    }
  }

  /** Sets {@code from[i], to[i]} to the window of left row {@code i} within {@code [lo, hi)}. */
  private void window(int i, int g, int lo, int hi) {
    long t = time[i];
    Long p = plan.preceding;
    Long f = plan.following;
    long min;
    if (p == null) {
      if (t == Long.MAX_VALUE) {
        return;
      }
      min = t + 1;
    } else {
      // t - MIN and MAX - t are the unsigned room below and above t
      min = Long.compareUnsigned(p, t - Long.MIN_VALUE) >= 0 ? Long.MIN_VALUE : t - p;
    }
    long max;
    if (f == null) {
      if (t == Long.MIN_VALUE) {
        return;
      }
      max = t - 1;
    } else {
      max = Long.compareUnsigned(f, Long.MAX_VALUE - t) >= 0 ? Long.MAX_VALUE : t + f;
    }
    if (min > max) {
      return;
    }
    from[i] = index.boundFrom(hints[g], lo, hi, min, false);
    hints[g] = from[i];
    to[i] = index.boundFrom(from[i] + 1, from[i], hi, max, true);
  }

  /**
   * Merges the windows into disjoint position ranges, fills {@link #wanted} with their row IDs in
   * range order and records each row's range; returns the number of positions.
   */
  private int mergeIntervals(int intervals) {
    Arrays.sort(order, 0, intervals);
    int ranges = 0;
    int total = 0;
    for (int k = 0; k < intervals; k++) {
      int i = (int) order[k];
      if (ranges > 0 && from[i] <= mergedEnd[ranges - 1]) {
        mergedEnd[ranges - 1] = Math.max(mergedEnd[ranges - 1], to[i]);
      } else {
        mergedStart[ranges] = from[i];
        mergedEnd[ranges] = to[i];
        ranges++;
      }
      mergedOf[i] = ranges - 1;
    }
    for (int r = 0; r < ranges; r++) {
      mergedBase[r] = total;
      total += mergedEnd[r] - mergedStart[r];
    }
    if (wanted.length < total) {
      wanted = new long[Math.max(total, wanted.length * 2)];
    }
    for (int r = 0; r < ranges; r++) {
      System.arraycopy(
          index.rowIds, mergedStart[r], wanted, mergedBase[r], mergedEnd[r] - mergedStart[r]);
    }
    return total;
  }

  private int staged(int i, int position) {
    int r = mergedOf[i];
    return stagingOf[mergedBase[r] + position - mergedStart[r]];
  }

  private void aggregate(StepPlan.Output o, FieldVector src, FieldVector target, int n) {
    Aggregation op = o.op();
    boolean floating = src instanceof Float8Vector || src instanceof Float4Vector;
    int nullRow = nullRow();
    for (int i = 0; i < n; i++) {
      int count = 0;
      int best = -1;
      double sum = 0;
      long lo = 0;
      long hi = 0;
      for (int p = from[i]; p < to[i]; p++) {
        int s = staged(i, p);
        if (src.isNull(s)) {
          continue;
        }
        count++;
        switch (op) {
          case MEAN:
            if (floating) {
              sum += number(src, s);
            } else {
              long v = KeyColumn.raw(src, s);
              long next = lo + v;
              hi += (v >> 63) + (Long.compareUnsigned(next, lo) < 0 ? 1 : 0);
              lo = next;
            }
            break;
          case MIN:
            if (best < 0 || compare(src, s, best, floating) < 0) {
              best = s;
            }
            break;
          case MAX:
            if (best < 0 || compare(src, s, best, floating) > 0) {
              best = s;
            }
            break;
          case FIRST:
            if (best < 0) {
              best = s;
            }
            break;
          case LAST:
            best = s;
            break;
          default:
            break;
        }
      }
      if (op == Aggregation.COUNT) {
        ((BigIntVector) target).setSafe(i, count);
      } else if (op == Aggregation.MEAN) {
        Float8Vector t = (Float8Vector) target;
        if (count == 0) {
          t.setNull(i);
        } else {
          t.setSafe(i, floating ? sum / count : mean(hi, lo, count));
        }
      } else {
        picks[i] = best < 0 ? nullRow : best;
      }
    }
    if (op == Aggregation.COUNT || op == Aggregation.MEAN) {
      target.setValueCount(n);
    } else {
      VectorCopy.copyRows(src, picks, 0, n, target, 0);
    }
  }

  private static int compare(FieldVector v, int a, int b, boolean floating) {
    return floating
        ? Double.compare(number(v, a), number(v, b))
        : Long.compare(KeyColumn.raw(v, a), KeyColumn.raw(v, b));
  }

  /** The mean of a 128-bit sum {@code hi:lo}, exact up to the final rounding to double. */
  static double mean(long hi, long lo, long count) {
    if (hi == (lo >> 63) && Math.abs(lo) < (1L << 53)) {
      return (double) lo / count;
    }
    BigInteger sum =
        BigInteger.valueOf(hi).shiftLeft(64).add(new BigInteger(Long.toUnsignedString(lo)));
    return new BigDecimal(sum)
        .divide(BigDecimal.valueOf(count), MathContext.DECIMAL128)
        .doubleValue();
  }
}
