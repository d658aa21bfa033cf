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

import io.paimon.multimodal.ProgressListener;
import io.paimon.multimodal.ProgressTracker;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.window.Boundary;
import io.paimon.multimodal.window.ContiguousWindowDataset;
import io.paimon.types.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Everything a {@code ContiguousWindows.Builder} was told, as given (immutable), and how it becomes
 * a dataset: {@link #build()} checks that the options combine, resolves them against the pinned
 * scan into {@link WindowSettings} and loads the frame index. The builder is a thin layer that
 * validates each argument and records it with {@link #with}.
 */
public final class WindowRequest {

  /** The options being changed: a mutable copy that {@link #with} turns back into a request. */
  public static final class Draft {
    public List<String> columns;
    public String groupKey;
    public String orderKey;
    public Map<String, int[]> frameOffsets;
    public Map<String, double[]> deltaTimestamps;
    public double fps;
    public double toleranceS;
    public int windowSize;
    public List<String> anchorColumns;
    public Boundary tail;
    public int stride;
    public Boundary boundary;
    public Map<String, Object> padValues;
    public Map<String, Function<? super List<Object>, ?>> transforms;
    public Function<Map<String, Object>, Map<String, Object>> adapter;
    public long blockCacheBytes;
    public ProgressListener progress;

    private Draft(WindowRequest r) {
      columns = r.columns;
      groupKey = r.groupKey;
      orderKey = r.orderKey;
      frameOffsets = new LinkedHashMap<>(r.frameOffsets);
      deltaTimestamps = new LinkedHashMap<>(r.deltaTimestamps);
      fps = r.fps;
      toleranceS = r.toleranceS;
      windowSize = r.windowSize;
      anchorColumns = r.anchorColumns;
      tail = r.tail;
      stride = r.stride;
      boundary = r.boundary;
      padValues = new HashMap<>(r.padValues);
      transforms = new HashMap<>(r.transforms);
      adapter = r.adapter;
      blockCacheBytes = r.blockCacheBytes;
      progress = r.progress;
    }
  }

  private final Scan scan;
  private final List<String> columns;
  private final String groupKey;
  private final String orderKey;
  private final Map<String, int[]> frameOffsets;
  private final Map<String, double[]> deltaTimestamps;
  private final double fps;
  private final double toleranceS;
  private final int windowSize;
  private final List<String> anchorColumns;
  private final Boundary tail;
  private final int stride;
  private final Boundary boundary;
  private final Map<String, Object> padValues;
  private final Map<String, Function<? super List<Object>, ?>> transforms;
  private final Function<Map<String, Object>, Map<String, Object>> adapter;
  private final long blockCacheBytes;
  private final ProgressListener progress;

  /** A request over {@code scan} with every option at its default. */
  public WindowRequest(Scan scan, long defaultBlockCacheBytes) {
    this.scan = scan;
    this.columns = null;
    this.groupKey = null;
    this.orderKey = null;
    this.frameOffsets = Map.of();
    this.deltaTimestamps = Map.of();
    this.fps = Double.NaN;
    this.toleranceS = Double.NaN;
    this.windowSize = 0;
    this.anchorColumns = null;
    this.tail = null;
    this.stride = 1;
    this.boundary = null;
    this.padValues = Map.of();
    this.transforms = Map.of();
    this.adapter = null;
    this.blockCacheBytes = defaultBlockCacheBytes;
    this.progress = ProgressListener.NONE;
  }

  private WindowRequest(Scan scan, Draft d) {
    this.scan = scan;
    this.columns = d.columns;
    this.groupKey = d.groupKey;
    this.orderKey = d.orderKey;
    this.frameOffsets = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(d.frameOffsets));
    this.deltaTimestamps =
        java.util.Collections.unmodifiableMap(new LinkedHashMap<>(d.deltaTimestamps));
    this.fps = d.fps;
    this.toleranceS = d.toleranceS;
    this.windowSize = d.windowSize;
    this.anchorColumns = d.anchorColumns;
    this.tail = d.tail;
    this.stride = d.stride;
    this.boundary = d.boundary;
    this.padValues = new HashMap<>(d.padValues);
    this.transforms = new HashMap<>(d.transforms);
    this.adapter = d.adapter;
    this.blockCacheBytes = d.blockCacheBytes;
    this.progress = java.util.Objects.requireNonNull(d.progress, "progress");
  }

  /** A copy with {@code change} applied; this request is unchanged. */
  public WindowRequest with(Consumer<Draft> change) {
    Draft d = new Draft(this);
    change.accept(d);
    return new WindowRequest(scan, d);
  }

  /** As {@code ContiguousWindows.Builder.build()} documents. */
  public ContiguousWindowDataset build() {
    Scan pinned = scan.pinned();
    Table table = pinned.table();
    Schema schema = pinned.schema();
    if (groupKey == null || orderKey == null) {
      throw new IllegalArgumentException("groupKey and orderKey are required");
    }
    DataType groupType = columnType(schema, groupKey, "group key");
    DataType orderType = columnType(schema, orderKey, "order key");
    if (!orderType.root().isInteger()) {
      throw new SchemaException(
          "order key '" + orderKey + "' is " + orderType + "; it must be an integer column");
    }
    List<String> cols = columns != null ? columns : defaultColumns(pinned);
    Set<String> seen = new LinkedHashSet<>();
    for (String c : cols) {
      columnType(schema, c, "column");
      if (!seen.add(c)) {
        throw new IllegalArgumentException("column '" + c + "' is listed twice");
      }
      if (c.equals(groupKey) || c.equals(orderKey)) {
        throw new IllegalArgumentException(
            "column '" + c + "' is the group or order key; samples hold the anchor's key values");
      }
    }
    VideoFrameColumns.reject(schema, cols, "windows");
    WindowSettings settings = settings(schema, cols);
    ProgressTracker keys =
        ProgressTracker.start("window keys of " + table.name(), "rows", -1, progress);
    FrameIndex index;
    try {
      index =
          FrameIndex.load(
              pinned,
              table.name(),
              groupKey,
              groupType,
              orderKey,
              orderType,
              table.allocator(),
              keys);
    } finally {
      keys.finish();
    }
    List<String> fetched = new ArrayList<>(List.of(groupKey, orderKey));
    fetched.addAll(cols);
    return new WindowDatasetImpl(
        settings,
        index,
        new RowFetcher(pinned, index, fetched, blockCacheBytes),
        table.name(),
        table.executors());
  }

  private static DataType columnType(Schema schema, String column, String what) {
    if (Schema.ROW_ID.equals(column) || !schema.columnNames().contains(column)) {
      throw new SchemaException(
          what
              + " '"
              + column
              + "' is not a column of the table; columns: "
              + schema.columnNames());
    }
    return schema.columnType(column);
  }

  private List<String> defaultColumns(Scan pinned) {
    List<String> out = new ArrayList<>();
    for (Field f : pinned.arrowSchema().getFields()) {
      String name = f.getName();
      if (!name.equals(Schema.ROW_ID) && !name.equals(groupKey) && !name.equals(orderKey)) {
        out.add(name);
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException(
          "the scan selects no column besides the keys; name the windowed columns");
    }
    return out;
  }

  private WindowSettings settings(Schema schema, List<String> cols) {
    boolean byOffsets = !frameOffsets.isEmpty();
    boolean bySeconds = !deltaTimestamps.isEmpty();
    boolean legacy = windowSize > 0;
    if ((byOffsets ? 1 : 0) + (bySeconds ? 1 : 0) + (legacy ? 1 : 0) > 1) {
      throw new IllegalArgumentException(
          "frameOffsets, deltaTimestamps and windowSize are alternatives; use one");
    }
    if (!bySeconds && (!Double.isNaN(fps) || !Double.isNaN(toleranceS))) {
      throw new IllegalArgumentException(
          "fps and toleranceS are only accepted with deltaTimestamps");
    }
    if (bySeconds && Double.isNaN(fps)) {
      throw new IllegalArgumentException("deltaTimestamps needs an explicit fps");
    }
    if (!legacy && (anchorColumns != null || tail != null)) {
      throw new IllegalArgumentException("anchorColumns and tail require windowSize");
    }
    if (tail != null && boundary != null) {
      throw new IllegalArgumentException("tail and boundary are alternatives; use one");
    }
    // Legacy windows take their rule from tail, or else from boundary: only both are refused.
    Boundary rule = legacy && tail != null ? tail : boundary;
    if (rule == null) {
      rule = Boundary.DROP;
    }
    Map<String, int[]> offsets = new LinkedHashMap<>();
    List<String> maskColumns = new ArrayList<>();
    List<String> anchors = anchorColumns == null ? List.of() : anchorColumns;
    requireListed(schema, cols, anchors, "anchorColumns");
    requireListed(schema, cols, frameOffsets.keySet(), "frameOffsets");
    requireListed(schema, cols, deltaTimestamps.keySet(), "deltaTimestamps");
    requireListed(schema, cols, padValues.keySet(), "padValue");
    requireListed(schema, cols, transforms.keySet(), "transform");
    Map<String, Object> pads = new HashMap<>();
    for (Map.Entry<String, Object> e : padValues.entrySet()) {
      String c = e.getKey();
      pads.put(c, PadValues.check(c, schema.columnType(c), e.getValue()));
    }
    double tolerance = Double.isNaN(toleranceS) ? 1e-4 : toleranceS;
    for (String c : cols) {
      int[] o;
      if (legacy && !anchors.contains(c)) {
        o = new int[windowSize];
        Arrays.setAll(o, i -> i);
        maskColumns.add(c);
      } else if (frameOffsets.containsKey(c)) {
        o = frameOffsets.get(c);
      } else if (deltaTimestamps.containsKey(c)) {
        o = toOffsets(c, deltaTimestamps.get(c), fps, tolerance);
      } else {
        o = new int[] {0};
      }
      offsets.put(c, o);
    }
    if (!padValues.isEmpty() && rule != Boundary.PAD) {
      throw new IllegalArgumentException(
          "padValue needs boundary PAD (or tail PAD), got " + rule + " for " + padValues.keySet());
    }
    Set<String> names = new LinkedHashSet<>(cols);
    names.add(groupKey);
    names.add(orderKey);
    List<String> masks =
        legacy ? List.of("is_pad") : cols.stream().map(c -> c + "_is_pad").toList();
    for (String m : masks) {
      if (names.contains(m)) {
        throw new IllegalArgumentException(
            "the mask '" + m + "' would collide with the output column of the same name");
      }
    }
    return new WindowSettings(
        cols,
        groupKey,
        orderKey,
        offsets,
        stride,
        rule,
        pads,
        new HashMap<>(transforms),
        adapter,
        legacy,
        maskColumns);
  }

  /**
   * Fails for a name that is not a column of the table ({@link SchemaException}, listing the
   * table's columns) or not one of the windowed columns ({@link IllegalArgumentException}).
   */
  private static void requireListed(
      Schema schema, List<String> cols, Iterable<String> names, String option) {
    for (String n : names) {
      requireListed(schema, cols, n, option);
    }
  }

  private static void requireListed(Schema schema, List<String> cols, String name, String option) {
    if (Schema.ROW_ID.equals(name) || !schema.columnNames().contains(name)) {
      throw new SchemaException(
          option
              + " names '"
              + name
              + "', which is not a column of the table; columns: "
              + schema.columnNames());
    }
    if (!cols.contains(name)) {
      throw new IllegalArgumentException(
          option + " names '" + name + "', which is not one of the windowed columns " + cols);
    }
  }

  private static int[] toOffsets(String column, double[] seconds, double fps, double tolerance) {
    int[] out = new int[seconds.length];
    for (int i = 0; i < seconds.length; i++) {
      double frames = seconds[i] * fps;
      double nearest = Math.rint(frames);
      if (Math.abs(frames - nearest) / fps > tolerance
          || Math.abs(nearest) > Integer.MAX_VALUE / 2.0) {
        throw new IllegalArgumentException(
            "deltaTimestamps of '"
                + column
                + "': "
                + seconds[i]
                + " s is not on the grid of "
                + fps
                + " frames per second (within "
                + tolerance
                + " s)");
      }
      out[i] = (int) nearest;
    }
    return out;
  }
}
