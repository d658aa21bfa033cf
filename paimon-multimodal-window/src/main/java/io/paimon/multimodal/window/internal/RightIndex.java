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

import io.paimon.multimodal.ProgressTracker;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SharedExecutors;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.TaskGroup;
import io.paimon.multimodal.arrow.ArrowValues;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The in-memory side of an alignment step: for every right row only its time and row ID, grouped by
 * the {@code by} keys in a compressed layout (groups are contiguous ranges {@code [starts[g],
 * starts[g + 1])} of two parallel primitive arrays) and sorted within a group by time, ties kept in
 * right input order (a stable sort).
 *
 * <p>Memory: 16 bytes per right row (an 8-byte time, an 8-byte row ID), plus 4 bytes per group and
 * the {@link GroupDictionary}. While loading, a 4-byte group id per row and one copy of the arrays
 * are held in addition (the grouping is a counting sort). Immutable once built; thread-safe to
 * read.
 */
final class RightIndex {

  /** Right rows read per key batch while loading. */
  static final int LOAD_BATCH = 65536;

  final GroupDictionary groups;
  final int[] starts;
  final long[] times;
  final long[] rowIds;

  /**
   * With {@link #load(Scan, KeyColumn, KeyColumn[], BufferAllocator, boolean)} keeping them, the
   * value of the single {@code by} column of each group, by group id, as {@link
   * io.paimon.multimodal.arrow.ArrowValues#get} reads it from the group's first row read; else
   * null.
   */
  final Object[] groupValues;

  private RightIndex(
      GroupDictionary groups, int[] starts, long[] times, long[] rowIds, Object[] groupValues) {
    this.groups = groups;
    this.starts = starts;
    this.times = times;
    this.rowIds = rowIds;
    this.groupValues = groupValues;
  }

  int size() {
    return times.length;
  }

  /**
   * Reads the keys of {@code right} (only the key columns and {@code _ROW_ID}) and builds the
   * index. A scan of several data files without a limit is read in two parts at once (the files of
   * the first half in the calling thread, of the second half in a task on the connection's I/O
   * pool, each with a group dictionary of its own, merged afterwards); row numbers in errors count
   * across both.
   *
   * @throws io.paimon.multimodal.window.AlignmentException for a null or out-of-range key, naming
   *     the row
   */
  static RightIndex load(Scan right, KeyColumn time, KeyColumn[] by, BufferAllocator allocator) {
    return load(right, time, by, allocator, false, null);
  }

  /**
   * As {@link #load(Scan, KeyColumn, KeyColumn[], BufferAllocator)}; with {@code groupValues} (and
   * exactly one {@code by} column) also keeps each group's key as a Java value ({@link
   * #groupValues}), one object per group; {@code progress}, if not null, counts the rows read.
   */
  static RightIndex load(
      Scan right,
      KeyColumn time,
      KeyColumn[] by,
      BufferAllocator allocator,
      boolean groupValues,
      ProgressTracker progress) {
    boolean keep = groupValues && by.length == 1;
    List<String> names = new java.util.ArrayList<>();
    names.add(time.name);
    for (KeyColumn c : by) {
      if (!names.contains(c.name)) {
        names.add(c.name);
      }
    }
    names.add(Schema.ROW_ID);
    Scan keys = right.select(names).batchSize(LOAD_BATCH).allocator(allocator);
    List<List<Scan>> halves = halves(keys);
    if (halves.size() == 1) {
      Part only = new Part(time, by, keep, progress);
      only.load(halves.get(0), right.table().executors(), allocator);
      return build(List.of(only), by.length == 0);
    }
    Part first = new Part(time, by, keep, progress);
    Part second = new Part(time, by, keep, progress);
    SharedExecutors executors = right.table().executors();
    Throwable failure = null;
    try (TaskGroup secondHalf = executors.newIoGroup("align-keys", 1)) {
      Future<?> loaded =
          secondHalf.submit(
              () -> {
                second.load(halves.get(1), executors, allocator);
                return null;
              });
      first.load(halves.get(0), executors, allocator);
      failure = await(loaded);
    }
    if (failure instanceof RowError) {
      throw ((RowError) failure).shifted(first.n);
    }
    if (failure instanceof RuntimeException) {
      throw (RuntimeException) failure;
    }
    if (failure instanceof Error) {
      throw (Error) failure;
    }
    if (failure != null) {
      throw new IllegalStateException(failure);
    }
    return build(List.of(first, second), by.length == 0);
  }

  /**
   * Waits for the second half (running it here if no thread has started it and this is a pool
   * thread); returns its failure, or null. An interrupt is kept and waited through.
   */
  private static Throwable await(Future<?> loaded) {
    boolean interrupted = false;
    try {
      while (true) {
        try {
          loaded.get();
          return null;
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException e) {
          return e.getCause();
        }
      }
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** The scan as one part, or as the splits of two halves of its files (by row count). */
  private static List<List<Scan>> halves(Scan keys) {
    if (!keys.splittable()) {
      return List.of(List.of(keys));
    }
    List<Split> splits = keys.plan();
    if (splits.size() < 2) {
      return List.of(List.of(keys));
    }
    long total = 0;
    for (Split sp : splits) {
      total += sp.rowCount();
    }
    List<Scan> a = new java.util.ArrayList<>();
    List<Scan> b = new java.util.ArrayList<>();
    long seen = 0;
    for (Split sp : splits) {
      (a.isEmpty() || seen + sp.rowCount() / 2 <= total / 2 ? a : b).add(keys.split(sp));
      seen += sp.rowCount();
    }
    return b.isEmpty() ? List.of(a) : List.of(a, b);
  }

  /** The keys of some splits of a right input, in scan order, with their own dictionary. */
  private static final class Part {
    final KeyColumn time;
    final KeyColumn[] by;
    final GroupDictionary dictionary;
    final GroupReader reader;
    int[] groupOf = new int[1024];
    long[] t = new long[1024];
    long[] ids = new long[1024];
    int n;

    /** The value of each group of this part's dictionary, by id; null when not kept. */
    final List<Object> values;

    /** Counts the rows read, or null. */
    private final ProgressTracker progress;

    Part(KeyColumn time, KeyColumn[] by, boolean keepValues, ProgressTracker progress) {
      this.progress = progress;
      this.time = time;
      this.by = by;
      this.values = keepValues ? new java.util.ArrayList<>() : null;
      this.dictionary = new GroupDictionary(GroupReader.usesLongKeys(by));
      this.reader = new GroupReader(by, dictionary);
    }

    void load(List<Scan> scans, SharedExecutors executors, BufferAllocator allocator) {
      FieldVector[] byVectors = new FieldVector[by.length];
      for (Scan scan : scans) {
        // Decoding runs a batch ahead on the I/O pool, overlapping the work below.
        try (Prefetcher r =
            new Prefetcher("align-keys", executors, scan::toArrowReader, allocator)) {
          VectorSchemaRoot batch;
          while ((batch = r.next()) != null) {
            try (VectorSchemaRoot owned = batch) {
              append(owned, byVectors);
              if (progress != null) {
                progress.add(owned.getRowCount(), 0, 0);
              }
            }
          }
        }
      }
    }

    private void append(VectorSchemaRoot batch, FieldVector[] byVectors) {
      int rows = batch.getRowCount();
      if (n + rows > t.length) {
        int cap = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(n + (long) rows, t.length * 2L));
        if (by.length > 0) {
          groupOf = Arrays.copyOf(groupOf, cap);
        }
        t = Arrays.copyOf(t, cap);
        ids = Arrays.copyOf(ids, cap);
      }
      FieldVector tv = batch.getVector(time.name);
      BigIntVector rid = (BigIntVector) batch.getVector(Schema.ROW_ID);
      for (int c = 0; c < by.length; c++) {
        byVectors[c] = batch.getVector(by[c].name);
      }
      boolean checkNulls = tv.getNullCount() > 0;
      for (FieldVector v : byVectors) {
        checkNulls |= v.getNullCount() > 0;
      }
      boolean plainTime = !checkNulls && time.factor == 1 && tv instanceof BigIntVector;
      if (plainTime && (by.length == 0 || plainLongKey(by[0], byVectors[0], by.length))) {
        // The common case of BIGINT times and at most one BIGINT group key: straight from the
        // Arrow buffers.
        org.apache.arrow.memory.ArrowBuf tb = tv.getDataBuffer();
        org.apache.arrow.memory.ArrowBuf ib = rid.getDataBuffer();
        for (int i = 0; i < rows; i++) {
          t[n + i] = tb.getLong(8L * i);
          ids[n + i] = ib.getLong(8L * i);
        }
        if (by.length > 0) {
          org.apache.arrow.memory.ArrowBuf gb = byVectors[0].getDataBuffer();
          for (int i = 0; i < rows; i++) {
            long key = gb.getLong(8L * i);
            int g = dictionary.add(key);
            groupOf[n + i] = g;
            if (values != null && g == values.size()) {
              values.add(key);
            }
          }
        }
        n += rows;
        return;
      }
      for (int i = 0; i < rows; i++, n++) {
        long row = n;
        long id = rid.get(i);
        if (checkNulls) {
          time.checkNotNull(tv, i, row, id);
          for (int c = 0; c < by.length; c++) {
            by[c].checkNotNull(byVectors[c], i, row, id);
          }
        }
        t[n] = time.readLong(tv, i, row);
        ids[n] = id;
        if (by.length > 0) {
          int g = reader.group(byVectors, i, row, true);
          groupOf[n] = g;
          if (values != null && g == values.size()) {
            values.add(ArrowValues.get(by[0].name, by[0].type, byVectors[0], i));
          }
        }
      }
    }
  }

  private static boolean plainLongKey(KeyColumn c, FieldVector v, int count) {
    return count == 1 && c.kind == KeyKind.INTEGER && c.factor == 1 && v instanceof BigIntVector;
  }

  /**
   * Merges the parts' dictionaries into the first, then groups the rows of all parts, in part order
   * (a stable counting sort), and sorts each group by time (a stable merge sort).
   */
  private static RightIndex build(List<Part> parts, boolean ungrouped) {
    GroupDictionary dictionary = parts.get(0).dictionary;
    int[][] remap = new int[parts.size()][];
    for (int p = 1; p < parts.size(); p++) {
      remap[p] = dictionary.addAll(parts.get(p).dictionary);
    }
    int groupCount = ungrouped ? 1 : dictionary.size();
    Object[] values = null;
    if (parts.get(0).values != null) {
      values = parts.get(0).values.toArray(new Object[dictionary.size()]);
      for (int p = 1; p < parts.size(); p++) {
        List<Object> own = parts.get(p).values;
        for (int g = 0; g < own.size(); g++) {
          if (values[remap[p][g]] == null) {
            values[remap[p][g]] = own.get(g);
          }
        }
      }
    }
    long total = 0;
    for (Part part : parts) {
      total += part.n;
    }
    if (total > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(
          "a right input of " + total + " rows is more than one alignment step can index");
    }
    int n = (int) total;
    int[] starts = new int[groupCount + 1];
    if (groupCount == 0) {
      return new RightIndex(dictionary, starts, new long[0], new long[0], values);
    }
    long[] times;
    long[] rowIds;
    if (groupCount == 1 && parts.size() == 1) {
      Part only = parts.get(0);
      starts[1] = n;
      times = only.t.length == n ? only.t : Arrays.copyOf(only.t, n);
      rowIds = only.ids.length == n ? only.ids : Arrays.copyOf(only.ids, n);
    } else {
      for (int p = 0; p < parts.size(); p++) {
        Part part = parts.get(p);
        for (int i = 0; i < part.n; i++) {
          starts[group(part, remap[p], i, ungrouped) + 1]++;
        }
      }
      for (int g = 0; g < groupCount; g++) {
        starts[g + 1] += starts[g];
      }
      int[] next = Arrays.copyOf(starts, groupCount);
      times = new long[n];
      rowIds = new long[n];
      for (int p = 0; p < parts.size(); p++) {
        Part part = parts.get(p);
        for (int i = 0; i < part.n; i++) {
          int at = next[group(part, remap[p], i, ungrouped)]++;
          times[at] = part.t[i];
          rowIds[at] = part.ids[i];
        }
        // the part's arrays are garbage from here on
        part.t = null;
        part.ids = null;
        part.groupOf = null;
      }
    }
    return sortGroups(dictionary, starts, times, rowIds, values);
  }

  private static int group(Part part, int[] remap, int i, boolean ungrouped) {
    if (ungrouped) {
      return 0;
    }
    int g = part.groupOf[i];
    return remap == null ? g : remap[g];
  }

  /** Sorts each group's range by time, stably (skipped for ranges already in order). */
  private static RightIndex sortGroups(
      GroupDictionary dictionary, int[] starts, long[] times, long[] rowIds, Object[] values) {
    int groupCount = starts.length - 1;
    long[] scratchT = null;
    long[] scratchI = null;
    for (int g = 0; g < groupCount; g++) {
      int from = starts[g];
      int to = starts[g + 1];
      if (isSorted(times, from, to)) {
        continue;
      }
      if (scratchT == null || scratchT.length < to - from) {
        scratchT = new long[to - from];
        scratchI = new long[to - from];
      }
      mergeSort(times, rowIds, from, to, scratchT, scratchI);
    }
    return new RightIndex(dictionary, starts, times, rowIds, values);
  }

  private static boolean isSorted(long[] a, int from, int to) {
    for (int i = from + 1; i < to; i++) {
      if (a[i - 1] > a[i]) {
        return false;
      }
    }
    return true;
  }

  /** A stable sort of {@code t[from..to)} carrying {@code ids} along. */
  static void mergeSort(long[] t, long[] ids, int from, int to, long[] st, long[] si) {
    int n = to - from;
    if (n < 32) {
      for (int i = from + 1; i < to; i++) {
        long kt = t[i];
        long ki = ids[i];
        int j = i - 1;
        while (j >= from && t[j] > kt) {
          t[j + 1] = t[j];
          ids[j + 1] = ids[j];
          j--;
        }
        t[j + 1] = kt;
        ids[j + 1] = ki;
      }
      return;
    }
    int mid = (from + to) >>> 1;
    mergeSort(t, ids, from, mid, st, si);
    mergeSort(t, ids, mid, to, st, si);
    if (t[mid - 1] <= t[mid]) {
      return;
    }
    int left = mid - from;
    System.arraycopy(t, from, st, 0, left);
    System.arraycopy(ids, from, si, 0, left);
    int i = 0;
    int j = mid;
    int k = from;
    while (i < left && j < to) {
      if (t[j] < st[i]) {
        t[k] = t[j];
        ids[k++] = ids[j++];
      } else {
        t[k] = st[i];
        ids[k++] = si[i++];
      }
    }
    while (i < left) {
      t[k] = st[i];
      ids[k++] = si[i++];
    }
  }

  /**
   * {@link #lowerBound} or {@link #upperBound} ({@code strict}) searched from a hint: when the
   * position lies at or after {@code hint} (as when a group's left times increase, the usual case)
   * it is found by galloping forward from there, in O(log distance); otherwise by binary search.
   */
  int boundFrom(int hint, int from, int to, long key, boolean strict) {
    if (hint <= from || hint > to || !before(times[hint - 1], key, strict)) {
      return strict ? upperBound(from, to, key) : lowerBound(from, to, key);
    }
    // times[hint - 1] is before the key: gallop to bracket the answer in (lo, hi]
    int lo = hint - 1;
    int step = 1;
    int hi = hint;
    while (hi < to && before(times[hi], key, strict)) {
      lo = hi;
      step <<= 1;
      hi = (int) Math.min(to, (long) hi + step);
    }
    return strict ? upperBound(lo + 1, hi, key) : lowerBound(lo + 1, hi, key);
  }

  private static boolean before(long time, long key, boolean strict) {
    return strict ? time <= key : time < key;
  }

  /** The first position in {@code [from, to)} whose time is {@code >= key}, else {@code to}. */
  int lowerBound(int from, int to, long key) {
    int lo = from;
    int hi = to;
    while (lo < hi) {
      int m = (lo + hi) >>> 1;
      if (times[m] < key) {
        lo = m + 1;
      } else {
        hi = m;
      }
    }
    return lo;
  }

  /** The first position in {@code [from, to)} whose time is {@code > key}, else {@code to}. */
  int upperBound(int from, int to, long key) {
    int lo = from;
    int hi = to;
    while (lo < hi) {
      int m = (lo + hi) >>> 1;
      if (times[m] <= key) {
        lo = m + 1;
      } else {
        hi = m;
      }
    }
    return lo;
  }
}
