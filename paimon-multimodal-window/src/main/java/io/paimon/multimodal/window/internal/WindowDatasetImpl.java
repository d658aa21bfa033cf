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
import io.paimon.multimodal.window.DType;
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
 * sample's rows are fetched by row ID when it is requested ({@link RowFetcher}), and assembled from
 * the fetched values: a fixed-width column whose transform is {@link
 * io.paimon.multimodal.window.WindowTransforms#toTensor} goes from its primitive values straight
 * into the tensor, without a Java object per value. Immutable; thread-safe.
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

  /** The transform of each column, by column order; null for none. */
  private final List<Function<? super List<Object>, ?>> transforms = new ArrayList<>();

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
    for (String c : settings.columns()) {
      transforms.add(settings.transforms().get(c));
    }
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

  /**
   * Whether the decoded values of every frame are kept once read ({@link RowFetcher}), rather than
   * read for each request; for tests and diagnostics.
   */
  public boolean keepsFrames() {
    return fetcher.keepsFrames();
  }

  @Override
  public Map<String, Object> anchorKeys(long sample) {
    if (sample < -anchors.length || sample >= anchors.length) {
      throw new IndexOutOfBoundsException(
          "sample " + sample + " is outside a dataset of " + anchors.length + " samples");
    }
    int anchor = anchors[(int) (sample < 0 ? sample + anchors.length : sample)];
    int g = index.groupOf(anchor);
    Map<String, Object> keys = new LinkedHashMap<>(4);
    keys.put(settings.groupKey(), index.groupValue(g));
    keys.put(settings.orderKey(), index.orderValue(g, anchor));
    return java.util.Collections.unmodifiableMap(keys);
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
    // Every frame any requested window touches (the anchor's among them: offsets span 0), as one
    // range per sample, read in one fetch so that reads coalesce.
    long span = (long) maxOffset - minOffset + 1;
    if (span * samples.length > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(
          samples.length + " samples of windows spanning " + span + " frames are too many at once");
    }
    int[] groups = new int[samples.length];
    int[] lo = new int[samples.length];
    int[] hi = new int[samples.length];
    for (int i = 0; i < samples.length; i++) {
      int anchor = anchors[samples[i]];
      int g = index.groupOf(anchor);
      int from = index.start(g);
      int to = index.start(g + 1);
      groups[i] = g;
      lo[i] = (int) Math.max(from, (long) anchor + minOffset);
      hi[i] = (int) Math.min(to - 1L, (long) anchor + maxOffset);
    }
    RowFetcher.Rows rows = fetcher.fetch(lo, hi, samples.length);
    List<Map<String, Object>> out = new ArrayList<>(samples.length);
    for (int i = 0; i < samples.length; i++) {
      out.add(sample(samples[i], groups[i], rows.base(lo[i]), rows));
    }
    return out;
  }

  /**
   * Sample {@code s} of group {@code g}, whose frame at position {@code p} is in slot {@code base +
   * p} of the fetched rows.
   */
  private Map<String, Object> sample(int s, int g, int base, RowFetcher.Rows rows) {
    int anchor = anchors[s];
    int from = index.start(g);
    int to = index.start(g + 1);
    Map<String, Object> sample = new LinkedHashMap<>();
    sample.put(settings.groupKey(), rows.column(groupSlot).value(base + anchor));
    sample.put(settings.orderKey(), rows.column(orderSlot).value(base + anchor));
    boolean[] singleMask = null;
    List<String> columns = settings.columns();
    for (int c = 0; c < columns.size(); c++) {
      String column = columns.get(c);
      int[] offsets = settings.offsets().get(column);
      boolean padded = settings.padValues().containsKey(column);
      Object padValue = settings.padValues().get(column);
      ColumnValues values = rows.column(columnSlots[c]);
      // The slot of each entry, or -1 for the padding value.
      int[] at = new int[offsets.length];
      boolean[] mask = new boolean[offsets.length];
      for (int i = 0; i < offsets.length; i++) {
        long q = (long) anchor + offsets[i];
        mask[i] = q < from || q >= to;
        at[i] = mask[i] && padded ? -1 : base + (int) Math.max(from, Math.min(to - 1L, q));
      }
      Function<? super List<Object>, ?> transform = transforms.get(c);
      Object value = null;
      if (settings.bare(column) && transform == null) {
        // A legacy anchor column: the cell at the anchor (offset 0, never padded).
        sample.put(column, values.value(at[0]));
        continue;
      }
      if (transform instanceof TensorStack) {
        value = tensor(values, at, padValue, ((TensorStack) transform).dtype());
      }
      if (value == null) {
        List<Object> window = new ArrayList<>(offsets.length);
        for (int slot : at) {
          window.add(slot < 0 ? padValue : values.value(slot));
        }
        value = transform == null ? window : transform.apply(window);
      }
      sample.put(column, value);
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

  /**
   * The tensor {@link TensorStack#apply} would make of the window at these slots (-1: the padding
   * value), built from the fixed-width column's primitive values without boxing them; null when the
   * column is not fixed-width or the window holds a null or a padding value other than a number or
   * boolean, which {@link TensorStack#apply} then handles (and rejects as it does).
   */
  private static Tensor tensor(ColumnValues values, int[] at, Object padValue, DType dtype) {
    if (values.kind == ColumnValues.Kind.OBJECT) {
      return null;
    }
    for (int slot : at) {
      if (slot < 0
          ? values.vector || !(padValue instanceof Number || padValue instanceof Boolean)
          : values.isNull(slot)) {
        return null;
      }
    }
    long count = (long) at.length * values.width;
    if (count > Integer.MAX_VALUE) {
      return null;
    }
    ElementSink sink = new ElementSink(dtype, (int) count);
    for (int slot : at) {
      if (slot >= 0) {
        values.write(slot, sink);
      } else if (padValue instanceof Boolean) {
        sink.putBoolean((Boolean) padValue);
      } else {
        sink.putNumber((Number) padValue);
      }
    }
    return values.vector ? sink.toTensor(at.length, values.width) : sink.toTensor(at.length);
  }

  @Override
  public void close() {
    fetcher.close();
  }
}
