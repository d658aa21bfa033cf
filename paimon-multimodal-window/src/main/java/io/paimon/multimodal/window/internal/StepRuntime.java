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

import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The running form of one step inside a reader: the right index loaded for it, the payload fetcher,
 * and the per-batch work of computing each left row's group and time and then the step's output
 * columns. Not thread-safe; closed by the reader.
 */
abstract class StepRuntime implements AutoCloseable {

  final StepPlan plan;
  final RightIndex index;
  private final PayloadFetcher fetcher;
  private final GroupReader leftGroups;
  private final FieldVector[] byVectors;

  /** Per left row of the batch: its group (-1 if the right side has none) and time. */
  int[] group = new int[0];

  long[] time = new long[0];

  /** The sorted distinct row IDs of the last fetch, and how many. */
  long[] fetchedIds = new long[0];

  int fetchedCount;

  /** A batch's IDs may span this many times their number and still be sorted by a bitmap. */
  static final int DENSE_FACTOR = 16;

  private boolean dense;
  private long denseBase;
  private long[] bits = new long[0];
  private int[] ranks = new int[0];

  StepRuntime(StepPlan plan, BufferAllocator allocator) {
    this.plan = plan;
    this.index = RightIndex.load(plan.right, plan.rightTime, plan.rightBy, allocator);
    this.leftGroups = new GroupReader(plan.leftBy, index.groups);
    this.byVectors = new FieldVector[plan.leftBy.length];
    this.fetcher =
        plan.fetch.isEmpty()
            ? null
            : new PayloadFetcher(
                plan.right, plan.rightTable, plan.rightSnapshot, plan.fetch, allocator);
  }

  static StepRuntime create(StepPlan plan, BufferAllocator allocator) {
    switch (plan.spec.kind()) {
      case ASOF:
        return new AsofRuntime(plan, allocator);
      case INTERPOLATE:
        return new InterpolateRuntime(plan, allocator);
      default:
        return new WindowRuntime(plan, allocator);
    }
  }

  /** Adds this step's output columns for the {@code n} rows of a left batch. */
  abstract void apply(VectorSchemaRoot left, int n, long firstRow, VectorSchemaRoot out, int col);

  /** Fills {@link #group} and {@link #time} for the batch. */
  final void keys(VectorSchemaRoot left, int n, long firstRow) {
    if (group.length < n) {
      group = new int[n];
      time = new long[n];
    }
    FieldVector tv = left.getVector(plan.leftTime.name);
    for (int c = 0; c < byVectors.length; c++) {
      byVectors[c] = left.getVector(plan.leftBy[c].name);
    }
    int groups = index.groups.size();
    for (int i = 0; i < n; i++) {
      long row = firstRow + i;
      time[i] = plan.leftTime.readLong(tv, i, row);
      group[i] =
          groups == 0 && byVectors.length > 0 ? -1 : leftGroups.group(byVectors, i, row, false);
    }
  }

  /**
   * Fetches the payload rows with these IDs (any order, duplicates allowed); afterwards {@link
   * #stagingRow} maps an ID to its staging row and the staging root's last row is all null.
   *
   * <p>The IDs of one batch usually lie close together (logs appended in time order): when their
   * range is at most {@value #DENSE_FACTOR} times their number they are sorted and deduplicated by
   * a bitmap over that range, which also answers {@link #stagingRow} in O(1) with per-word ranks;
   * otherwise by a sort and binary searches.
   */
  final VectorSchemaRoot fetch(long[] ids, int count) {
    if (fetchedIds.length < count) {
      fetchedIds = new long[Math.max(count, fetchedIds.length * 2)];
    }
    dense = false;
    if (count > 0) {
      long min = Long.MAX_VALUE;
      long max = Long.MIN_VALUE;
      for (int i = 0; i < count; i++) {
        min = Math.min(min, ids[i]);
        max = Math.max(max, ids[i]);
      }
      long range = max - min + 1;
      if (range > 0 && range <= (long) DENSE_FACTOR * count + 64) {
        dense = true;
        denseBase = min;
        int words = (int) ((range + 63) >>> 6);
        if (bits.length < words) {
          bits = new long[Math.max(words, bits.length * 2)];
          ranks = new int[bits.length];
        }
        Arrays.fill(bits, 0, words, 0L);
        for (int i = 0; i < count; i++) {
          long d = ids[i] - min;
          bits[(int) (d >>> 6)] |= 1L << d;
        }
        int k = 0;
        for (int w = 0; w < words; w++) {
          ranks[w] = k;
          long word = bits[w];
          while (word != 0) {
            fetchedIds[k++] = min + ((long) w << 6) + Long.numberOfTrailingZeros(word);
            word &= word - 1;
          }
        }
        fetchedCount = k;
        return fetcher.fetch(fetchedIds, k);
      }
    }
    System.arraycopy(ids, 0, fetchedIds, 0, count);
    Arrays.sort(fetchedIds, 0, count);
    int k = 0;
    for (int i = 0; i < count; i++) {
      if (k == 0 || fetchedIds[k - 1] != fetchedIds[i]) {
        fetchedIds[k++] = fetchedIds[i];
      }
    }
    fetchedCount = k;
    return fetcher.fetch(fetchedIds, k);
  }

  /** The staging row of a fetched row ID. */
  final int stagingRow(long rowId) {
    if (dense) {
      long d = rowId - denseBase;
      int w = (int) (d >>> 6);
      return ranks[w] + Long.bitCount(bits[w] & ((1L << d) - 1));
    }
    return Arrays.binarySearch(fetchedIds, 0, fetchedCount, rowId);
  }

  /** The staging root's all-null row. */
  final int nullRow() {
    return fetchedCount;
  }

  boolean fetches() {
    return fetcher != null;
  }

  /** A numeric cell as a double (integers converted, floats widened). */
  static double number(FieldVector v, int i) {
    if (v instanceof Float8Vector) {
      return ((Float8Vector) v).get(i);
    }
    if (v instanceof Float4Vector) {
      return ((Float4Vector) v).get(i);
    }
    return (double) ((BaseIntVector) v).getValueAsLong(i);
  }

  @Override
  public void close() {
    if (fetcher != null) {
      fetcher.close();
    }
  }
}
