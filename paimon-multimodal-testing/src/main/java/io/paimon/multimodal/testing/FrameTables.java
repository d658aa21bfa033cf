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
package io.paimon.multimodal.testing;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.types.DataTypes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A robot frame table, the shape of a LeRobot-style dataset: one row per camera frame of an
 * episode, with the robot's state, the commanded action and the camera image. Immutable: each
 * setter returns a new spec; {@link #write} creates the table, and the same spec computes every
 * expected value again ({@link #expectedState}, {@link #expectedRow}, ...) without keeping rows.
 *
 * <pre>{@code
 * FrameTables frames = FrameTables.builder().episodes(3).framesPerEpisode(100).stateDim(7).seed(42);
 * Table t = frames.write(conn, "frames");                 // 300 rows, one commit
 * float[] s = frames.expectedState(2, 17);                // episode 2, frame 17
 * }</pre>
 *
 * <p>Columns, in order:
 *
 * <table>
 *   <caption>The frame table's columns</caption>
 *   <tr><th>column</th><th>type</th><th>value of episode {@code e}, frame {@code f}</th></tr>
 *   <tr><td>{@code episode_id}</td><td>BIGINT NOT NULL</td><td>{@code e}, from 0</td></tr>
 *   <tr><td>{@code frame_index}</td><td>INT NOT NULL</td><td>{@code f}, from 0 in each
 *       episode</td></tr>
 *   <tr><td>{@code timestamp_us}</td><td>BIGINT NOT NULL</td><td>microseconds since the epoch:
 *       {@link #START_MICROS} plus {@code f} frame intervals; each episode starts one second after
 *       the previous one ended</td></tr>
 *   <tr><td>{@code state}</td><td>VECTOR&lt;FLOAT, stateDim&gt; NOT NULL</td><td>a smooth
 *       trajectory: element {@code d} is {@code sin(phase + f * frequency)}, phase and frequency
 *       drawn per episode and element</td></tr>
 *   <tr><td>{@code action}</td><td>VECTOR&lt;FLOAT, actionDim&gt; NOT NULL</td><td>uniform in
 *       {@code [-1, 1)}</td></tr>
 *   <tr><td>{@code image}</td><td>BLOB</td><td>{@code imageBytes} bytes starting with the PNG
 *       signature, then pseudo-random bytes (a stand-in for an encoded image: no decoder accepts
 *       it)</td></tr>
 * </table>
 *
 * <p>The time column is a BIGINT of microseconds, the time type the alignment and window APIs take
 * as an order key. Every value is a function of the seed and the cell's coordinates. Rows are
 * written episode by episode, frame by frame, as one commit (or {@link #commits(int)}) of Arrow
 * batches of {@link #batchRows} rows, so memory stays bounded by a batch whatever the table's size.
 * Thread-safe.
 */
public final class FrameTables {

  /** The episode column. */
  public static final String EPISODE_ID = "episode_id";

  /** The frame column: the frame's index in its episode. */
  public static final String FRAME_INDEX = "frame_index";

  /** The time column, microseconds since the epoch. */
  public static final String TIMESTAMP_US = "timestamp_us";

  /** The state vector column. */
  public static final String STATE = "state";

  /** The action vector column. */
  public static final String ACTION = "action";

  /** The image BLOB column. */
  public static final String IMAGE = "image";

  /** The time of the first frame of episode 0: 2023-11-14T22:13:20Z, in microseconds. */
  public static final long START_MICROS = 1_700_000_000_000_000L;

  private static final long STATE_TAG = 1;
  private static final long ACTION_TAG = 2;
  private static final long IMAGE_TAG = 3;

  private final int episodes;
  private final int framesPerEpisode;
  private final int stateDim;
  private final int actionDim;
  private final int imageBytes;
  private final long seed;
  private final boolean partitionByEpisode;
  private final long frameIntervalMicros;
  private final int batchRows;
  private final int commits;

  private FrameTables(
      int episodes,
      int framesPerEpisode,
      int stateDim,
      int actionDim,
      int imageBytes,
      long seed,
      boolean partitionByEpisode,
      long frameIntervalMicros,
      int batchRows,
      int commits) {
    this.episodes = episodes;
    this.framesPerEpisode = framesPerEpisode;
    this.stateDim = stateDim;
    this.actionDim = actionDim;
    this.imageBytes = imageBytes;
    this.seed = seed;
    this.partitionByEpisode = partitionByEpisode;
    this.frameIntervalMicros = frameIntervalMicros;
    this.batchRows = batchRows;
    this.commits = commits;
  }

  /**
   * The default spec: 4 episodes of 32 frames, state and action of 6 floats, images of 256 bytes,
   * seed 0, frames 33,333 us apart (30 per second), not partitioned, batches of 1024 rows.
   */
  public static FrameTables builder() {
    return new FrameTables(4, 32, 6, 6, 256, 0, false, 33_333, 1024, 1);
  }

  /** The number of episodes (at least 1). */
  public FrameTables episodes(int episodes) {
    Generated.atLeast("episodes", episodes, 1);
    return new FrameTables(
        episodes,
        framesPerEpisode,
        stateDim,
        actionDim,
        imageBytes,
        seed,
        partitionByEpisode,
        frameIntervalMicros,
        batchRows,
        commits);
  }

  /** The number of frames of each episode (at least 1). */
  public FrameTables framesPerEpisode(int frames) {
    Generated.atLeast("framesPerEpisode", frames, 1);
    return new FrameTables(
        episodes,
        frames,
        stateDim,
        actionDim,
        imageBytes,
        seed,
        partitionByEpisode,
        frameIntervalMicros,
        batchRows,
        commits);
  }

  /** The length of the state vector (at least 1). */
  public FrameTables stateDim(int dim) {
    Generated.atLeast("stateDim", dim, 1);
    return new FrameTables(
        episodes,
        framesPerEpisode,
        dim,
        actionDim,
        imageBytes,
        seed,
        partitionByEpisode,
        frameIntervalMicros,
        batchRows,
        commits);
  }

  /** The length of the action vector (at least 1). */
  public FrameTables actionDim(int dim) {
    Generated.atLeast("actionDim", dim, 1);
    return new FrameTables(
        episodes,
        framesPerEpisode,
        stateDim,
        dim,
        imageBytes,
        seed,
        partitionByEpisode,
        frameIntervalMicros,
        batchRows,
        commits);
  }

  /** The size of each image in bytes (at least 0). */
  public FrameTables imageBytes(int bytes) {
    Generated.atLeast("imageBytes", bytes, 0);
    return new FrameTables(
        episodes,
        framesPerEpisode,
        stateDim,
        actionDim,
        bytes,
        seed,
        partitionByEpisode,
        frameIntervalMicros,
        batchRows,
        commits);
  }

  /** The seed every value is derived from. */
  public FrameTables seed(long seed) {
    return new FrameTables(
        episodes,
        framesPerEpisode,
        stateDim,
        actionDim,
        imageBytes,
        seed,
        partitionByEpisode,
        frameIntervalMicros,
        batchRows,
        commits);
  }

  /** Whether the table is partitioned by {@code episode_id} (default not). */
  public FrameTables partitionByEpisode(boolean partition) {
    return new FrameTables(
        episodes,
        framesPerEpisode,
        stateDim,
        actionDim,
        imageBytes,
        seed,
        partition,
        frameIntervalMicros,
        batchRows,
        commits);
  }

  /** The time between two frames of an episode, in microseconds (at least 1; default 33,333). */
  public FrameTables frameIntervalMicros(long micros) {
    if (micros < 1) {
      throw new IllegalArgumentException("frameIntervalMicros must be at least 1, is " + micros);
    }
    return new FrameTables(
        episodes,
        framesPerEpisode,
        stateDim,
        actionDim,
        imageBytes,
        seed,
        partitionByEpisode,
        micros,
        batchRows,
        commits);
  }

  /** The rows of each Arrow batch written (at least 1; default 1024). */
  public FrameTables batchRows(int rows) {
    Generated.atLeast("batchRows", rows, 1);
    return new FrameTables(
        episodes,
        framesPerEpisode,
        stateDim,
        actionDim,
        imageBytes,
        seed,
        partitionByEpisode,
        frameIntervalMicros,
        rows,
        commits);
  }

  /**
   * The number of commits {@link #write} makes (at least 1; default 1): the rows in order, split
   * into that many runs of consecutive rows as even as can be, each run a commit and so at least
   * one data file of its own. Reads of tables of several files take this.
   */
  public FrameTables commits(int commits) {
    Generated.atLeast("commits", commits, 1);
    return new FrameTables(
        episodes,
        framesPerEpisode,
        stateDim,
        actionDim,
        imageBytes,
        seed,
        partitionByEpisode,
        frameIntervalMicros,
        batchRows,
        commits);
  }

  /** The number of episodes. */
  public int episodes() {
    return episodes;
  }

  /** The number of frames of each episode. */
  public int framesPerEpisode() {
    return framesPerEpisode;
  }

  /** {@code episodes * framesPerEpisode}. */
  public long rowCount() {
    return (long) episodes * framesPerEpisode;
  }

  /** The table's schema. */
  public Schema schema() {
    Schema.Builder b =
        Schema.builder()
            .column(EPISODE_ID, DataTypes.BIGINT().notNull())
            .column(FRAME_INDEX, DataTypes.INT().notNull())
            .column(TIMESTAMP_US, DataTypes.BIGINT().notNull())
            .column(STATE, DataTypes.VECTOR(DataTypes.FLOAT(), stateDim).notNull())
            .column(ACTION, DataTypes.VECTOR(DataTypes.FLOAT(), actionDim).notNull())
            .column(IMAGE, DataTypes.BLOB());
    if (partitionByEpisode) {
      b.partitionKeys(EPISODE_ID);
    }
    return b.build();
  }

  /**
   * Creates the table in the connection's database and writes every frame, in one commit unless
   * {@link #commits(int)} says more.
   *
   * @return the table, with one snapshot per commit
   * @throws io.paimon.multimodal.TableExistsException if a table of that name exists
   */
  public Table write(Connection conn, String name) {
    Table table = conn.createTable(name, schema(), false);
    int runs = (int) Math.min(commits, rowCount());
    for (int c = 0; c < runs; c++) {
      try (GeneratedBatches batches =
          new GeneratedBatches(
              table.allocator(),
              schema().rowType(),
              rowCount() * c / runs,
              rowCount() * (c + 1) / runs,
              batchRows,
              i -> expectedRow(i / framesPerEpisode, (int) (i % framesPerEpisode)))) {
        table.add(batches);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException("cannot write the frames of " + name, e);
      }
    }
    return table;
  }

  /** The timestamp of a frame, in microseconds since the epoch. */
  public long expectedTimestamp(long episode, int frame) {
    check(episode, frame);
    long episodeMicros = framesPerEpisode * frameIntervalMicros + 1_000_000L;
    return START_MICROS + episode * episodeMicros + frame * frameIntervalMicros;
  }

  /** The state vector of a frame. */
  public float[] expectedState(long episode, int frame) {
    check(episode, frame);
    float[] state = new float[stateDim];
    for (int d = 0; d < stateDim; d++) {
      double phase = Math.PI * Generated.signedUnit(Generated.hash(seed, STATE_TAG, episode, d));
      double frequency =
          0.02 + 0.08 * Generated.unit(Generated.hash(seed, STATE_TAG, episode, d, 1));
      state[d] = (float) StrictMath.sin(phase + frame * frequency);
    }
    return state;
  }

  /** The action vector of a frame. */
  public float[] expectedAction(long episode, int frame) {
    check(episode, frame);
    float[] action = new float[actionDim];
    for (int d = 0; d < actionDim; d++) {
      action[d] = Generated.signedUnit(Generated.hash(seed, ACTION_TAG, episode, frame, d));
    }
    return action;
  }

  /** The image bytes of a frame. */
  public byte[] expectedImage(long episode, int frame) {
    check(episode, frame);
    return Generated.pngLike(Generated.hash(seed, IMAGE_TAG, episode, frame), imageBytes);
  }

  /** The row of a frame, by column name (vectors as {@code float[]}, the image as bytes). */
  public Map<String, Object> expectedRow(long episode, int frame) {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put(EPISODE_ID, episode);
    row.put(FRAME_INDEX, frame);
    row.put(TIMESTAMP_US, expectedTimestamp(episode, frame));
    row.put(STATE, expectedState(episode, frame));
    row.put(ACTION, expectedAction(episode, frame));
    row.put(IMAGE, expectedImage(episode, frame));
    return row;
  }

  /** The state vectors of an episode's frames, in frame order. */
  public List<float[]> expectedStates(long episode) {
    List<float[]> states = new ArrayList<>(framesPerEpisode);
    for (int f = 0; f < framesPerEpisode; f++) {
      states.add(expectedState(episode, f));
    }
    return states;
  }

  /**
   * Every row in the order written (episode by episode, frame by frame): for small tables, to
   * compare with a scan's {@code toList()}.
   *
   * @throws IllegalStateException if the table has more than 1,000,000 rows
   */
  public List<Map<String, Object>> expectedRows() {
    if (rowCount() > 1_000_000) {
      throw new IllegalStateException(
          rowCount() + " rows are too many to hold; use expectedRow(episode, frame)");
    }
    List<Map<String, Object>> rows = new ArrayList<>((int) rowCount());
    for (int e = 0; e < episodes; e++) {
      for (int f = 0; f < framesPerEpisode; f++) {
        rows.add(expectedRow(e, f));
      }
    }
    return rows;
  }

  private void check(long episode, int frame) {
    if (episode < 0 || episode >= episodes) {
      throw new IndexOutOfBoundsException(
          "episode " + episode + " is not in [0, " + episodes + ")");
    }
    if (frame < 0 || frame >= framesPerEpisode) {
      throw new IndexOutOfBoundsException(
          "frame " + frame + " is not in [0, " + framesPerEpisode + ")");
    }
  }

  @Override
  public String toString() {
    return "FrameTables{episodes="
        + episodes
        + ", framesPerEpisode="
        + framesPerEpisode
        + ", stateDim="
        + stateDim
        + ", actionDim="
        + actionDim
        + ", imageBytes="
        + imageBytes
        + ", seed="
        + seed
        + ", partitionByEpisode="
        + partitionByEpisode
        + ", commits="
        + commits
        + "}";
  }
}
