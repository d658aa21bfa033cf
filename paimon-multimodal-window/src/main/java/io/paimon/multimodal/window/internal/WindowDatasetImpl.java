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

import io.paimon.multimodal.SharedExecutors;
import io.paimon.multimodal.window.AlignmentException;
import io.paimon.multimodal.window.Boundary;
import io.paimon.multimodal.window.ContiguousWindowDataset;
import io.paimon.multimodal.window.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@link ContiguousWindowDataset} over a {@link FrameIndex}: anchors are scheduled per group at
 * positions {@code 0, stride, 2 * stride, ...}, kept or dropped by the boundary rule once, and kept
 * as one {@code int} per sample (the anchor's position; its group is found by binary search); a
 * sample's rows are fetched by row ID when it is requested. Immutable; thread-safe.
 */
public final class WindowDatasetImpl implements ContiguousWindowDataset {

  private final WindowSettings settings;
  private final FrameIndex index;
  private final RowFetcher fetcher;
  private final int[] anchors;
  private final SharedExecutors executors;

  /** Where the fetched rows hold the group key, the order key and each column, by column order. */
  private final int groupSlot;

  private final int orderSlot;
  private final int[] columnSlots;

  /** The smallest and largest offset over the columns the boundary rule looks at. */
  private final int minOffset;

  private final int maxOffset;

  /**
   * Schedules the anchors; {@code executors} are the pools of the connection the dataset reads,
   * where its loaders run.
   *
   * @throws AlignmentException under {@link Boundary#ERROR} if a scheduled anchor's window is
   *     incomplete, naming the group (by its first row ID), the anchor and the offsets
   */
  public WindowDatasetImpl(
      WindowSettings settings,
      FrameIndex index,
      RowFetcher fetcher,
      String input,
      SharedExecutors executors) {
    this.settings = settings;
    this.executors = executors;
    this.index = index;
    this.fetcher = fetcher;
    this.groupSlot = fetcher.slot(settings.groupKey());
    this.orderSlot = fetcher.slot(settings.orderKey());
    this.columnSlots = settings.columns().stream().mapToInt(fetcher::slot).toArray();
    int min = 0;
    int max = 0;
    List<String> bounded = settings.singleMask() ? settings.maskColumns() : settings.columns();
    for (String c : bounded) {
      for (int o : settings.offsets().get(c)) {
        min = Math.min(min, o);
        max = Math.max(max, o);
      }
    }
    this.minOffset = min;
    this.maxOffset = max;
    int[] kept = new int[index.rowCount()];
    int n = 0;
    for (int g = 0; g < index.groupCount(); g++) {
      int from = index.start(g);
      int to = index.start(g + 1);
      for (int p = from; p < to; p += settings.stride()) {
        boolean complete = (long) p + min >= from && (long) p + max < to;
        if (!complete && settings.boundary() == Boundary.ERROR) {
          throw new AlignmentException(
              input
                  + ": the window of frame "
                  + (p - from)
                  + " of the group starting at _ROW_ID "
                  + index.rowId(from)
                  + " ("
                  + (to - from)
                  + " frames) needs offsets "
                  + min
                  + " to "
                  + max
                  + ", which reach past the group; boundary ERROR rejects incomplete windows");
        }
        if (complete || settings.boundary() == Boundary.PAD) {
          kept[n++] = p;
        }
      }
    }
    this.anchors = Arrays.copyOf(kept, n);
  }

  /** The pools of the connection the dataset reads. */
  public SharedExecutors executors() {
    return executors;
  }

  @Override
  public int size() {
    return anchors.length;
  }

  @Override
  public long snapshotId() {
    return fetcher.snapshotId();
  }

  @Override
  public Map<String, Object> get(int index) {
    return getItems(index).get(0);
  }

  @Override
  public List<Map<String, Object>> getItems(List<Integer> indices) {
    int[] a = new int[indices.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = indices.get(i);
    }
    return getItems(a);
  }

  @Override
  public List<Map<String, Object>> getItems(int... indices) {
    int[] samples = new int[indices.length];
    for (int i = 0; i < indices.length; i++) {
      int k = indices[i];
      if (k < -anchors.length || k >= anchors.length) {
        throw new IndexOutOfBoundsException(
            "sample " + k + " is outside a dataset of " + anchors.length + " samples");
      }
      samples[i] = k < 0 ? k + anchors.length : k;
    }
    // Every row any requested window touches (the anchor's among them: offsets span 0), read in
    // one fetch so that reads coalesce.
    long span = (long) maxOffset - minOffset + 1;
    if (span * samples.length > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(
          samples.length + " samples of windows spanning " + span + " frames are too many at once");
    }
    long[] ids = new long[(int) (span * samples.length)];
    int n = 0;
    for (int s : samples) {
      int g = index.groupOf(anchors[s]);
      int from = index.start(g);
      int to = index.start(g + 1);
      int lo = (int) Math.max(from, (long) anchors[s] + minOffset);
      int hi = (int) Math.min(to - 1L, (long) anchors[s] + maxOffset);
      for (int p = lo; p <= hi; p++) {
        ids[n++] = index.rowId(p);
      }
    }
    ids = distinctSorted(ids, n);
    RowFetcher.Rows rows = fetcher.fetch(ids);
    List<Map<String, Object>> out = new ArrayList<>(samples.length);
    for (int s : samples) {
      out.add(sample(s, rows));
    }
    return out;
  }

  private static long[] distinctSorted(long[] ids, int n) {
    Arrays.sort(ids, 0, n);
    int m = 0;
    for (int i = 0; i < n; i++) {
      if (m == 0 || ids[i] != ids[m - 1]) {
        ids[m++] = ids[i];
      }
    }
    return Arrays.copyOf(ids, m);
  }

  private Map<String, Object> sample(int s, RowFetcher.Rows rows) {
    int anchor = anchors[s];
    int g = index.groupOf(anchor);
    int from = index.start(g);
    int to = index.start(g + 1);
    long anchorId = index.rowId(anchor);
    Map<String, Object> sample = new LinkedHashMap<>();
    sample.put(settings.groupKey(), rows.value(groupSlot, anchorId));
    sample.put(settings.orderKey(), rows.value(orderSlot, anchorId));
    boolean[] singleMask = null;
    List<String> columns = settings.columns();
    for (int c = 0; c < columns.size(); c++) {
      String column = columns.get(c);
      int[] offsets = settings.offsets().get(column);
      boolean padded = settings.padValues().containsKey(column);
      Object padValue = settings.padValues().get(column);
      List<Object> window = new ArrayList<>(offsets.length);
      boolean[] mask = new boolean[offsets.length];
      for (int i = 0; i < offsets.length; i++) {
        long q = (long) anchor + offsets[i];
        mask[i] = q < from || q >= to;
        if (mask[i] && padded) {
          window.add(padValue);
        } else {
          int p = (int) Math.max(from, Math.min(to - 1L, q));
          window.add(rows.value(columnSlots[c], index.rowId(p)));
        }
      }
      Function<? super List<Object>, ?> transform = settings.transforms().get(column);
      sample.put(column, transform == null ? window : transform.apply(window));
      if (!settings.singleMask()) {
        sample.put(column + "_is_pad", Tensor.of(mask, mask.length));
      } else if (singleMask == null && settings.maskColumns().contains(column)) {
        singleMask = mask;
      }
    }
    if (settings.singleMask()) {
      boolean[] mask = singleMask != null ? singleMask : new boolean[0];
      sample.put("is_pad", Tensor.of(mask, mask.length));
    }
    return settings.adapter() == null ? sample : settings.adapter().apply(sample);
  }

  @Override
  public void close() {
    fetcher.close();
  }
}
