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

/**
 * Entry points of time alignment: as-of joins, interpolation and window joins of a left input (a
 * {@link Scan} or an earlier {@link Aligned}) with a right {@link Scan}. Each input scan is pinned
 * to its snapshot when the {@link Aligned} is created; the right scan's {@code select(...)} names
 * the payload columns to carry, while its key columns are read whether selected or not. Stateless.
 *
 * <pre>{@code
 * Aligned aligned = Alignment.joinAsof(
 *         actions.scan().select("episode_id", "event_time", "action"),
 *         images.scan().where("camera = 'left'").select("image"),
 *         AsofJoin.on("event_time").by("episode_id").direction(Direction.NEAREST)
 *             .tolerance(Duration.ofMillis(20)))
 *     .interpolate(states.scan().select("joint_position"), Interpolation.spec());
 * try (ArrowReader r = aligned.toArrowReader(128)) {
 *   while (r.loadNextBatch()) { train(r.getVectorSchemaRoot()); }
 * }
 * }</pre>
 *
 * <p>Every method checks the specs against the schemas at once and throws before reading any row:
 * {@link io.paimon.multimodal.SchemaException} for an unknown column, key types that differ, a
 * non-numeric column where a number is needed, or an output name that still collides after the
 * suffix; {@link IllegalArgumentException} for a missing {@code on}, a tolerance or window of the
 * wrong kind for the key (a {@code Duration} for timestamps, a {@code long} for integers), or a
 * window join without aggregations.
 */
public final class Alignment {

  private Alignment() {}

  /** An as-of join of {@code left} with {@code right}. */
  public static Aligned joinAsof(Scan left, Scan right, AsofJoin spec) {
    return AlignedImpl.start(left).joinAsof(right, spec);
  }

  /** {@code left.joinAsof(right, spec)}. */
  public static Aligned joinAsof(Aligned left, Scan right, AsofJoin spec) {
    return left.joinAsof(right, spec);
  }

  /** {@code right}'s selected columns interpolated at {@code left}'s times. */
  public static Aligned interpolate(Scan left, Scan right, Interpolation spec) {
    return AlignedImpl.start(left).interpolate(right, spec);
  }

  /** {@code left.interpolate(right, spec)}. */
  public static Aligned interpolate(Aligned left, Scan right, Interpolation spec) {
    return left.interpolate(right, spec);
  }

  /** Aggregates of {@code right} over a time window around each of {@code left}'s rows. */
  public static Aligned joinWindow(Scan left, Scan right, WindowJoin spec) {
    return AlignedImpl.start(left).joinWindow(right, spec);
  }

  /** {@code left.joinWindow(right, spec)}. */
  public static Aligned joinWindow(Aligned left, Scan right, WindowJoin spec) {
    return left.joinWindow(right, spec);
  }
}
