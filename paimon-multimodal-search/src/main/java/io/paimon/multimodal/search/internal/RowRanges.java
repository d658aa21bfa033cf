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

import java.util.ArrayList;
import java.util.List;

/**
 * A set of row IDs as sorted, disjoint, non-adjacent half-open intervals {@code [start, end)}: the
 * rows a snapshot holds, the rows index files cover. Immutable.
 */
final class RowRanges {

  static final RowRanges EMPTY = new RowRanges(new long[0]);

  /** start0, end0, start1, end1, ... */
  private final long[] bounds;

  private RowRanges(long[] bounds) {
    this.bounds = bounds;
  }

  /** The union of intervals given as start/end pairs in any order. */
  static RowRanges of(List<long[]> intervals) {
    List<long[]> sorted = new ArrayList<>(intervals);
    sorted.removeIf(i -> i[1] <= i[0]);
    sorted.sort((a, b) -> Long.compare(a[0], b[0]));
    List<Long> out = new ArrayList<>();
    long start = 0;
    long end = -1;
    boolean open = false;
    for (long[] i : sorted) {
      if (open && i[0] <= end) {
        end = Math.max(end, i[1]);
      } else {
        if (open) {
          out.add(start);
          out.add(end);
        }
        start = i[0];
        end = i[1];
        open = true;
      }
    }
    if (open) {
      out.add(start);
      out.add(end);
    }
    long[] b = new long[out.size()];
    for (int k = 0; k < b.length; k++) {
      b[k] = out.get(k);
    }
    return new RowRanges(b);
  }

  int size() {
    return bounds.length / 2;
  }

  long start(int i) {
    return bounds[2 * i];
  }

  long end(int i) {
    return bounds[2 * i + 1];
  }

  boolean isEmpty() {
    return bounds.length == 0;
  }

  /** Whether the set holds {@code rowId}. */
  boolean contains(long rowId) {
    int lo = 0;
    int hi = size() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (rowId < start(mid)) {
        hi = mid - 1;
      } else if (rowId >= end(mid)) {
        lo = mid + 1;
      } else {
        return true;
      }
    }
    return false;
  }

  /** Whether the set holds every row ID of {@code [from, to)}. */
  boolean containsAll(long from, long to) {
    RowRanges part = intersect(from, to);
    return part.size() == 1 && part.start(0) == from && part.end(0) == to;
  }

  /** The rows of the set within {@code [from, to)}. */
  RowRanges intersect(long from, long to) {
    List<long[]> out = new ArrayList<>();
    for (int i = 0; i < size(); i++) {
      long s = Math.max(start(i), from);
      long e = Math.min(end(i), to);
      if (s < e) {
        out.add(new long[] {s, e});
      }
    }
    return of(out);
  }

  /** The rows of this set that {@code other} does not hold. */
  RowRanges minus(RowRanges other) {
    List<long[]> out = new ArrayList<>();
    int j = 0;
    for (int i = 0; i < size(); i++) {
      long s = start(i);
      long e = end(i);
      while (j < other.size() && other.end(j) <= s) {
        j++;
      }
      int k = j;
      while (s < e && k < other.size() && other.start(k) < e) {
        if (other.start(k) > s) {
          out.add(new long[] {s, other.start(k)});
        }
        s = Math.max(s, other.end(k));
        k++;
      }
      if (s < e) {
        out.add(new long[] {s, e});
      }
    }
    return of(out);
  }

  /** The union of both sets. */
  RowRanges union(RowRanges other) {
    List<long[]> all = new ArrayList<>();
    for (int i = 0; i < size(); i++) {
      all.add(new long[] {start(i), end(i)});
    }
    for (int i = 0; i < other.size(); i++) {
      all.add(new long[] {other.start(i), other.end(i)});
    }
    return of(all);
  }

  /** How many row IDs the set holds. */
  long count() {
    long n = 0;
    for (int i = 0; i < size(); i++) {
      n += end(i) - start(i);
    }
    return n;
  }
}
