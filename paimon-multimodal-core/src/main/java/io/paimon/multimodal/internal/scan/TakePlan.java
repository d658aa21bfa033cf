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
package io.paimon.multimodal.internal.scan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The row IDs of a take, sorted once: the input positions are cut into passes (each read in one go
 * and then emitted in input order), and each pass's distinct ids are sorted, with every input
 * position's index among them (its rank), so the rows can be read in file order and emitted in the
 * input order, duplicates kept, by one permutation. All primitive arrays. Immutable once built.
 *
 * <p>A pass holds at most {@link #PASS_IDS} input positions, or the batch size when that is larger:
 * a take of up to that many ids reads each block it needs once; a longer one is read pass by pass
 * (a block needed by two passes is read by each), so that its memory is bounded by one pass's rows.
 */
final class TakePlan {

  /** The fewest input positions a pass holds (unless the take is shorter). */
  static final int PASS_IDS = 1 << 18;

  private final long[] ids;

  /** Input positions where each pass starts, plus the end: {@code passes() + 1} entries. */
  private final int[] passStart;

  /** Per pass, its sorted distinct ids, passes one after the other. */
  private final long[] distinct;

  /** Where each pass's distinct ids start in {@link #distinct}, plus the end. */
  private final int[] distinctStart;

  /** Per input position, the index in {@link #distinct} of its id. */
  private final int[] rank;

  /** Input positions from here on are not read (a limit without a filter ends the take there). */
  private final int readEnd;

  private TakePlan(
      long[] ids, int[] passStart, long[] distinct, int[] distinctStart, int[] rank, int readEnd) {
    this.ids = ids;
    this.passStart = passStart;
    this.distinct = distinct;
    this.distinctStart = distinctStart;
    this.rank = rank;
    this.readEnd = readEnd;
  }

  /**
   * Plans a take of {@code ids} (input order; not copied: the caller does not change it) read in
   * batches of {@code batchSize}, of which only the first {@code readEnd} positions are read (a
   * limit that no filter can cut short).
   */
  static TakePlan of(long[] ids, int batchSize, int readEnd) {
    int n = ids.length;
    int pass = Math.max(PASS_IDS, batchSize);
    List<Integer> starts = new ArrayList<>();
    for (int at = 0; at < n; ) {
      starts.add(at);
      // A pass never straddles readEnd, so the positions past it can be left unread.
      at =
          at < readEnd
              ? (int) Math.min(readEnd, (long) at + pass)
              : (int) Math.min(n, (long) at + pass);
    }
    starts.add(n);
    int[] passStart = starts.stream().mapToInt(Integer::intValue).toArray();
    long[] distinct = new long[n];
    int[] distinctStart = new int[passStart.length];
    int[] rank = new int[n];
    int d = 0;
    for (int p = 0; p + 1 < passStart.length; p++) {
      int from = passStart[p];
      int to = passStart[p + 1];
      distinctStart[p] = d;
      System.arraycopy(ids, from, distinct, d, to - from);
      Arrays.sort(distinct, d, d + to - from);
      int unique = d;
      for (int i = d; i < d + to - from; i++) {
        if (i == d || distinct[i] != distinct[unique - 1]) {
          distinct[unique++] = distinct[i];
        }
      }
      for (int i = from; i < to; i++) {
        rank[i] = Arrays.binarySearch(distinct, d, unique, ids[i]);
      }
      d = unique;
    }
    distinctStart[passStart.length - 1] = d;
    return new TakePlan(ids, passStart, distinct, distinctStart, rank, Math.min(readEnd, n));
  }

  /** The ids in input order. */
  long[] ids() {
    return ids;
  }

  int passes() {
    return passStart.length - 1;
  }

  /** The first input position of pass {@code p} ({@code p == passes()}: the end). */
  int passStart(int p) {
    return passStart[p];
  }

  /** The sorted distinct ids of every pass, one pass after the other. */
  long[] distinct() {
    return distinct;
  }

  /** Where pass {@code p}'s ids start in {@link #distinct()} ({@code p == passes()}: the end). */
  int distinctStart(int p) {
    return distinctStart[p];
  }

  /** The index in {@link #distinct()} of the id at input position {@code i}. */
  int rank(int i) {
    return rank[i];
  }

  /** Input positions from here on are not read. */
  int readEnd() {
    return readEnd;
  }

  /**
   * Fails naming the ids that no live row of the snapshot has (at most ten, ascending, then how
   * many more): a take must not silently return fewer rows than asked for.
   *
   * @param groups the snapshot's read units in row-ID order
   * @throws io.paimon.multimodal.RowIdNotFoundException naming the unknown or deleted ids
   */
  void check(String tableName, List<DataGroup> groups, long snapshotId) {
    long[] unknown = new long[16];
    int count = 0;
    for (int p = 0; p < passes(); p++) {
      int f = 0;
      for (int i = distinctStart[p]; i < distinctStart[p + 1]; i++) {
        long id = distinct[i];
        while (f < groups.size() && groups.get(f).endRowId() <= id) {
          f++;
        }
        boolean known = f < groups.size() && groups.get(f).firstRowId() <= id;
        if (known && groups.get(f).deleted() != null) {
          known = !groups.get(f).deleted().contains((int) (id - groups.get(f).firstRowId()));
        }
        if (!known) {
          if (count == unknown.length) {
            unknown = Arrays.copyOf(unknown, count * 2);
          }
          unknown[count++] = id;
        }
      }
    }
    if (count == 0) {
      return;
    }
    // Passes are sorted on their own: an id in two passes is one unknown id.
    Arrays.sort(unknown, 0, count);
    List<Long> named = new ArrayList<>();
    long distinctUnknown = 0;
    for (int i = 0; i < count; i++) {
      if (i > 0 && unknown[i] == unknown[i - 1]) {
        continue;
      }
      distinctUnknown++;
      if (named.size() < 10) {
        named.add(unknown[i]);
      }
    }
    throw new io.paimon.multimodal.RowIdNotFoundException(
        named,
        distinctUnknown,
        "table '"
            + tableName
            + "' has no rows with IDs "
            + named
            + (distinctUnknown > named.size()
                ? " and " + (distinctUnknown - named.size()) + " more"
                : "")
            + " in snapshot "
            + snapshotId);
  }
}
