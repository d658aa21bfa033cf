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
package io.paimon.multimodal.window;

import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.window.internal.FrameIndex;
import io.paimon.multimodal.window.internal.RowFetcher;
import io.paimon.multimodal.window.internal.WindowDatasetImpl;
import io.paimon.multimodal.window.internal.WindowSettings;
import io.paimon.types.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Training windows cut from one frame table, for robot-learning models: each row is one time step
 * of a group (an episode), and each sample holds, around an anchor row, the frames each column asks
 * for. For example, the last three states and the next sixteen actions:
 *
 * <pre>{@code
 * ContiguousWindowDataset ds = ContiguousWindows.builder(frames.scan().tag("train-v1"))
 *     .columns("state", "image", "action").groupKey("episode_index").orderKey("frame_index")
 *     .frameOffsets("state", -2, -1, 0).frameOffsets("action", IntStream.range(0, 16).toArray())
 *     .boundary(Boundary.PAD)
 *     .transform("state", WindowTransforms.toTensor(DType.FLOAT32))
 *     .transform("image", WindowTransforms.imagesToTensor())
 *     .build();
 * }</pre>
 *
 * <p>Rules, as in pypaimon's {@code to_contiguous_window_dataset}:
 *
 * <ul>
 *   <li>Rows are grouped by the group key and ordered by the order key, which must be an integer
 *       column whose non-null values increase by exactly one within a group; a repeated or skipped
 *       value (including one a filter of the scan removed) fails the build. Windows never cross
 *       groups. Groups come in ascending key order.
 *   <li>Anchors start at each group's first row and advance by {@link Builder#stride} (default 1).
 *   <li>Each column reads the frames at its offsets from the anchor, in the given order with
 *       duplicates kept; a column without offsets reads {@code [0]}. Offsets can instead be given
 *       in seconds ({@link Builder#deltaTimestamps} with {@link Builder#fps}), or, in the legacy
 *       form, as a forward window ({@link Builder#windowSize}).
 *   <li>{@link Boundary} decides what happens to an anchor whose window reaches past its group.
 *       Padding repeats the nearest frame of the group, or uses the column's {@link
 *       Builder#padValue}; it happens before the column's transform. Each column gets a boolean
 *       {@code <column>_is_pad} mask (the legacy form keeps its single {@code is_pad}).
 *   <li>The scan is pinned when the dataset is built ({@link ContiguousWindowDataset#snapshotId}).
 *       A dataset pinned through a tag fails its reads, with {@link
 *       io.paimon.multimodal.SnapshotNotFoundException}, once the tag is moved.
 * </ul>
 *
 * <p>Only the index (one row ID per frame, one int per sample) and a bounded cache ({@link
 * Builder#blockCacheSize}) stay in memory; samples, and their BLOB payloads, are read from the
 * table when requested.
 */
public final class ContiguousWindows {

  /** The default capacity of a dataset's block cache: 64 MiB. */
  public static final long DEFAULT_BLOCK_CACHE_BYTES = 64L << 20;

  private ContiguousWindows() {}

  /** A builder over the frames {@code scan} selects (its filter and snapshot or tag apply). */
  public static Builder builder(Scan scan) {
    return new Builder(Objects.requireNonNull(scan, "scan"));
  }

  /**
   * The options of a contiguous-window dataset. Immutable: every method returns a new builder.
   * Arguments are checked when given; how they combine, and whether the columns exist, when {@link
   * #build()} runs.
   */
  public static final class Builder {
    private final Scan scan;
    private List<String> columns;
    private String groupKey;
    private String orderKey;
    private Map<String, int[]> frameOffsets = new LinkedHashMap<>();
    private Map<String, double[]> deltaTimestamps = new LinkedHashMap<>();
    private double fps = Double.NaN;
    private double toleranceS = Double.NaN;
    private int windowSize;
    private List<String> anchorColumns;
    private Boundary tail;
    private int stride = 1;
    private Boundary boundary;
    private Map<String, Object> padValues = new HashMap<>();
    private Map<String, Function<? super List<Object>, ?>> transforms = new HashMap<>();
    private Function<Map<String, Object>, Map<String, Object>> adapter;
    private long blockCacheBytes = DEFAULT_BLOCK_CACHE_BYTES;

    private Builder(Scan scan) {
      this.scan = scan;
    }

    /** A copy to change one option in: a builder is never changed once returned. */
    private Builder copy() {
      Builder b = new Builder(scan);
      b.columns = columns;
      b.groupKey = groupKey;
      b.orderKey = orderKey;
      b.frameOffsets = new LinkedHashMap<>(frameOffsets);
      b.deltaTimestamps = new LinkedHashMap<>(deltaTimestamps);
      b.fps = fps;
      b.toleranceS = toleranceS;
      b.windowSize = windowSize;
      b.anchorColumns = anchorColumns;
      b.tail = tail;
      b.stride = stride;
      b.boundary = boundary;
      b.padValues = new HashMap<>(padValues);
      b.transforms = new HashMap<>(transforms);
      b.adapter = adapter;
      b.blockCacheBytes = blockCacheBytes;
      return b;
    }

    /**
     * The columns each sample holds a window of, in this order (default: the scan's selected
     * columns other than {@code _ROW_ID} and the two keys).
     */
    public Builder columns(String... names) {
      if (names.length == 0) {
        throw new IllegalArgumentException("columns needs at least one column");
      }
      Builder b = copy();
      b.columns = List.of(names);
      return b;
    }

    /** The column whose value identifies a sequence (an episode); required. */
    public Builder groupKey(String column) {
      Builder b = copy();
      b.groupKey = requireName(column, "groupKey");
      return b;
    }

    /** The integer column ordering the frames of a group, stepping by one; required. */
    public Builder orderKey(String column) {
      Builder b = copy();
      b.orderKey = requireName(column, "orderKey");
      return b;
    }

    /**
     * The frames {@code column} reads, relative to the anchor (negative: history), in this order,
     * duplicates kept.
     */
    public Builder frameOffsets(String column, int... offsets) {
      if (offsets.length == 0) {
        throw new IllegalArgumentException("frameOffsets of '" + column + "' is empty");
      }
      Builder b = copy();
      b.frameOffsets.put(requireName(column, "frameOffsets"), offsets.clone());
      return b;
    }

    /**
     * The frames {@code column} reads as seconds relative to the anchor; needs {@link #fps}, and
     * each value times fps must be within {@link #toleranceS} seconds of a whole frame.
     */
    public Builder deltaTimestamps(String column, double... seconds) {
      if (seconds.length == 0) {
        throw new IllegalArgumentException("deltaTimestamps of '" + column + "' is empty");
      }
      for (double s : seconds) {
        if (!Double.isFinite(s)) {
          throw new IllegalArgumentException(
              "deltaTimestamps of '" + column + "' holds " + s + "; seconds must be finite");
        }
      }
      Builder b = copy();
      b.deltaTimestamps.put(requireName(column, "deltaTimestamps"), seconds.clone());
      return b;
    }

    /** The frame rate that converts {@link #deltaTimestamps} to offsets; positive. */
    public Builder fps(double framesPerSecond) {
      if (!(framesPerSecond > 0) || Double.isInfinite(framesPerSecond)) {
        throw new IllegalArgumentException(
            "fps must be positive and finite, got " + framesPerSecond);
      }
      Builder b = copy();
      b.fps = framesPerSecond;
      return b;
    }

    /** How far, in seconds, a delta timestamp may lie from the frame grid (default 1e-4). */
    public Builder toleranceS(double seconds) {
      if (!(seconds >= 0) || Double.isInfinite(seconds)) {
        throw new IllegalArgumentException(
            "toleranceS must be non-negative and finite, got " + seconds);
      }
      Builder b = copy();
      b.toleranceS = seconds;
      return b;
    }

    /**
     * The legacy forward window: every column except the {@link #anchorColumns} reads frames {@code
     * 0 .. size - 1}, with one {@code is_pad} mask for them; {@link #tail} replaces {@link
     * #boundary}.
     */
    public Builder windowSize(int size) {
      if (size < 1) {
        throw new IllegalArgumentException("windowSize must be positive, got " + size);
      }
      Builder b = copy();
      b.windowSize = size;
      return b;
    }

    /** Legacy: the columns read only at the anchor in a {@link #windowSize} window. */
    public Builder anchorColumns(String... names) {
      Builder b = copy();
      b.anchorColumns = List.of(names);
      return b;
    }

    /** Legacy: what a {@link #windowSize} window reaching past its group's end does. */
    public Builder tail(Boundary rule) {
      Builder b = copy();
      b.tail = java.util.Objects.requireNonNull(rule, "tail");
      return b;
    }

    /** The distance between consecutive anchors of a group (default 1). */
    public Builder stride(int frames) {
      if (frames < 1) {
        throw new IllegalArgumentException("stride must be positive, got " + frames);
      }
      Builder b = copy();
      b.stride = frames;
      return b;
    }

    /** What an anchor whose window reaches past its group does (default {@link Boundary#DROP}). */
    public Builder boundary(Boundary rule) {
      Builder b = copy();
      b.boundary = java.util.Objects.requireNonNull(rule, "boundary");
      return b;
    }

    /**
     * The value padded positions of {@code column} take instead of the nearest frame's, in the form
     * of a cell of the column (possibly null); needs {@link Boundary#PAD}.
     */
    public Builder padValue(String column, Object value) {
      Builder b = copy();
      b.padValues.put(requireName(column, "padValue"), value);
      return b;
    }

    /**
     * Turns {@code column}'s window (a list of cell values in offset order, padding included) into
     * what the sample holds, e.g. {@link WindowTransforms#toTensor}. Called on the thread that
     * requests the sample; it must be thread-safe if samples are requested concurrently.
     */
    public Builder transform(String column, Function<? super List<Object>, ?> transform) {
      Builder b = copy();
      b.transforms.put(
          requireName(column, "transform"), java.util.Objects.requireNonNull(transform));
      return b;
    }

    /** Applied last to every sample (after the transforms); may return another map. */
    public Builder adapter(Function<Map<String, Object>, Map<String, Object>> function) {
      Builder b = copy();
      b.adapter = java.util.Objects.requireNonNull(function, "adapter");
      return b;
    }

    /**
     * The capacity of the cache the dataset's reads share (default {@value
     * ContiguousWindows#DEFAULT_BLOCK_CACHE_BYTES} bytes); 0 turns it off. Random requests, as a
     * shuffling loader makes, touch many blocks for few rows each: with the table's blocks cached,
     * each is decompressed once instead of once per request. When every column read (the windowed
     * columns and the two keys) is a number, a boolean or a VECTOR of them and their values of all
     * frames take at most half the capacity, the dataset keeps those values, decoded, once a
     * request has read them, and later requests for the same frames read nothing; the other half
     * caches decompressed blocks.
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder blockCacheSize(long bytes) {
      if (bytes < 0) {
        throw new IllegalArgumentException("blockCacheSize must not be negative, got " + bytes);
      }
      Builder b = copy();
      b.blockCacheBytes = bytes;
      return b;
    }

    private static String requireName(String column, String option) {
      if (column == null || column.isEmpty()) {
        throw new IllegalArgumentException(option + " needs a column name");
      }
      return column;
    }

    /**
     * Pins the scan, reads its group and order keys and schedules the anchors.
     *
     * @throws IllegalArgumentException if the options do not combine (both frame offsets and delta
     *     timestamps, fps without delta timestamps, a padding value without padding, a mask name
     *     that collides with a column, ...), naming the options
     * @throws SchemaException if a column is unknown or the order key is not an integer column
     * @throws AlignmentException if a key is null, a group's order values repeat or skip a step, or
     *     (with {@link Boundary#ERROR}) a window is incomplete
     */
    public ContiguousWindowDataset build() {
      Scan pinned = scan.pinned();
      Table table = pinned.table();
      Schema schema = table.schema();
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
      WindowSettings settings = settings(cols);
      FrameIndex index =
          FrameIndex.load(
              pinned, table.name(), groupKey, groupType, orderKey, orderType, table.allocator());
      List<String> fetched = new ArrayList<>(List.of(groupKey, orderKey));
      fetched.addAll(cols);
      return new WindowDatasetImpl(
          settings, index, new RowFetcher(pinned, index, fetched, blockCacheBytes), table.name());
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

    private WindowSettings settings(List<String> cols) {
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
      Boundary rule = legacy ? (tail != null ? tail : Boundary.DROP) : boundary;
      if (rule == null) {
        rule = Boundary.DROP;
      }
      Map<String, int[]> offsets = new LinkedHashMap<>();
      List<String> maskColumns = new ArrayList<>();
      List<String> anchors = anchorColumns == null ? List.of() : anchorColumns;
      for (String a : anchors) {
        requireListed(cols, a, "anchorColumns");
      }
      requireListed(cols, frameOffsets.keySet(), "frameOffsets");
      requireListed(cols, deltaTimestamps.keySet(), "deltaTimestamps");
      requireListed(cols, padValues.keySet(), "padValue");
      requireListed(cols, transforms.keySet(), "transform");
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
            "padValue needs boundary PAD (or tail PAD), got "
                + rule
                + " for "
                + padValues.keySet());
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
          new HashMap<>(padValues),
          new HashMap<>(transforms),
          adapter,
          legacy,
          maskColumns);
    }

    private static void requireListed(List<String> cols, Iterable<String> names, String option) {
      for (String n : names) {
        requireListed(cols, n, option);
      }
    }

    private static void requireListed(List<String> cols, String name, String option) {
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
}
