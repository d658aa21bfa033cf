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

import io.paimon.multimodal.ProgressListener;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.window.internal.WindowRequest;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

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
    return new Builder(
        new WindowRequest(Objects.requireNonNull(scan, "scan"), DEFAULT_BLOCK_CACHE_BYTES));
  }

  /**
   * The options of a contiguous-window dataset. Immutable: every method returns a new builder.
   * Arguments are checked when given; how they combine, and whether the columns exist, when {@link
   * #build()} runs.
   */
  public static final class Builder {
    private final WindowRequest request;

    private Builder(WindowRequest request) {
      this.request = request;
    }

    /** A builder with one change: a builder is never changed once returned. */
    private Builder with(java.util.function.Consumer<WindowRequest.Draft> change) {
      return new Builder(request.with(change));
    }

    /**
     * The columns each sample holds a window of, in this order (default: the scan's selected
     * columns other than {@code _ROW_ID} and the two keys).
     */
    public Builder columns(String... names) {
      if (names.length == 0) {
        throw new IllegalArgumentException("columns needs at least one column");
      }
      return with(d -> d.columns = List.of(names));
    }

    /** The column whose value identifies a sequence (an episode); required. */
    public Builder groupKey(String column) {
      return with(d -> d.groupKey = requireName(column, "groupKey"));
    }

    /** The integer column ordering the frames of a group, stepping by one; required. */
    public Builder orderKey(String column) {
      return with(d -> d.orderKey = requireName(column, "orderKey"));
    }

    /**
     * The frames {@code column} reads, relative to the anchor (negative: history), in this order,
     * duplicates kept.
     */
    public Builder frameOffsets(String column, int... offsets) {
      if (offsets.length == 0) {
        throw new IllegalArgumentException("frameOffsets of '" + column + "' is empty");
      }
      return with(d -> d.frameOffsets.put(requireName(column, "frameOffsets"), offsets.clone()));
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
      return with(
          d -> d.deltaTimestamps.put(requireName(column, "deltaTimestamps"), seconds.clone()));
    }

    /** The frame rate that converts {@link #deltaTimestamps} to offsets; positive. */
    public Builder fps(double framesPerSecond) {
      if (!(framesPerSecond > 0) || Double.isInfinite(framesPerSecond)) {
        throw new IllegalArgumentException(
            "fps must be positive and finite, got " + framesPerSecond);
      }
      return with(d -> d.fps = framesPerSecond);
    }

    /** How far, in seconds, a delta timestamp may lie from the frame grid (default 1e-4). */
    public Builder toleranceS(double seconds) {
      if (!(seconds >= 0) || Double.isInfinite(seconds)) {
        throw new IllegalArgumentException(
            "toleranceS must be non-negative and finite, got " + seconds);
      }
      return with(d -> d.toleranceS = seconds);
    }

    /**
     * The legacy forward window: every column except the {@link #anchorColumns} reads frames {@code
     * 0 .. size - 1}, with one {@code is_pad} mask for them; {@link #tail}, or else {@link
     * #boundary}, decides what an incomplete window does (giving both is an error).
     */
    public Builder windowSize(int size) {
      if (size < 1) {
        throw new IllegalArgumentException("windowSize must be positive, got " + size);
      }
      return with(d -> d.windowSize = size);
    }

    /**
     * Legacy: the columns read only at the anchor in a {@link #windowSize} window. Their sample
     * value is the anchor's cell itself, without a time dimension (a transform of such a column
     * receives the one-element window and its result is kept as it returns it).
     */
    public Builder anchorColumns(String... names) {
      return with(d -> d.anchorColumns = List.of(names));
    }

    /** Legacy: what a {@link #windowSize} window reaching past its group's end does. */
    public Builder tail(Boundary rule) {
      return with(d -> d.tail = java.util.Objects.requireNonNull(rule, "tail"));
    }

    /** The distance between consecutive anchors of a group (default 1). */
    public Builder stride(int frames) {
      if (frames < 1) {
        throw new IllegalArgumentException("stride must be positive, got " + frames);
      }
      return with(d -> d.stride = frames);
    }

    /** What an anchor whose window reaches past its group does (default {@link Boundary#DROP}). */
    public Builder boundary(Boundary rule) {
      return with(d -> d.boundary = java.util.Objects.requireNonNull(rule, "boundary"));
    }

    /**
     * The value padded positions of {@code column} take instead of the nearest frame's, in the form
     * of a cell of the column (possibly null); needs {@link Boundary#PAD}. {@link #build()} checks
     * it against the column's type and fails with {@link SchemaException} naming the column, the
     * type and the value if it is not a cell of it (e.g. a {@code String} for a DOUBLE column,
     * three numbers for a {@code VECTOR<DOUBLE, 2>}).
     */
    public Builder padValue(String column, Object value) {
      return with(d -> d.padValues.put(requireName(column, "padValue"), value));
    }

    /**
     * Turns {@code column}'s window (a list of cell values in offset order, padding included) into
     * what the sample holds, e.g. {@link WindowTransforms#toTensor}. Called on the thread that
     * requests the sample; it must be thread-safe if samples are requested concurrently.
     */
    public Builder transform(String column, Function<? super List<Object>, ?> transform) {
      return with(
          d ->
              d.transforms.put(
                  requireName(column, "transform"), java.util.Objects.requireNonNull(transform)));
    }

    /** Applied last to every sample (after the transforms); may return another map. */
    public Builder adapter(Function<Map<String, Object>, Map<String, Object>> function) {
      return with(d -> d.adapter = java.util.Objects.requireNonNull(function, "adapter"));
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
      return with(d -> d.blockCacheBytes = bytes);
    }

    /**
     * Reports {@link #build()}'s progress (the rows whose group and order keys it has read) to
     * {@code listener}.
     */
    public Builder progress(ProgressListener listener) {
      java.util.Objects.requireNonNull(listener, "listener");
      return with(d -> d.progress = listener);
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
     * @throws SchemaException if a column (also one named by frameOffsets, deltaTimestamps,
     *     padValue, anchorColumns or transform) is not a column of the table, the order key is not
     *     an integer column, a padValue is not a cell of its column's type, or a windowed column is
     *     one the table's {@code video-frame-field} option names (decode those with {@code
     *     io.paimon.multimodal.video.VideoFrames})
     * @throws AlignmentException if a key is null, a group's order values repeat or skip a step, or
     *     (with {@link Boundary#ERROR}) a window is incomplete
     */
    public ContiguousWindowDataset build() {
      return request.build();
    }
  }
}
