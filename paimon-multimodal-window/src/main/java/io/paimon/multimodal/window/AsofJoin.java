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

import io.paimon.multimodal.window.internal.Span;
import io.paimon.multimodal.window.internal.StepSpec;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How an as-of join matches each left row with at most one right row of the same {@code by} group:
 * the time keys ({@code on}, {@code rightOn}), the group keys ({@code by}), the {@link Direction}
 * (default {@link Direction#BACKWARD}), an inclusive tolerance (default unbounded; 0 permits only
 * exact matches), whether right rows at exactly the left time may match (default true), and the
 * suffix for right column names that collide (default {@code _right}). Immutable and thread-safe:
 * every method returns a new spec.
 *
 * <pre>{@code
 * AsofJoin.on("event_time").by("episode_id").direction(Direction.NEAREST)
 *     .tolerance(Duration.ofMillis(20))
 * AsofJoin.spec().direction(Direction.BACKWARD)   // in a chain: on and by inherited
 * }</pre>
 */
public final class AsofJoin {

  private final KeyOptions keys;
  private final Direction direction;
  private final boolean allowExactMatches;

  private AsofJoin(KeyOptions keys, Direction direction, boolean allowExactMatches) {
    this.keys = keys;
    this.direction = direction;
    this.allowExactMatches = allowExactMatches;
  }

  /** A spec joining on this time column (left and right, unless {@link #rightOn} is set). */
  public static AsofJoin on(String column) {
    return new AsofJoin(KeyOptions.of(column), Direction.BACKWARD, true);
  }

  /** A spec for a chained step: {@code on} and {@code by} are inherited from the first step. */
  public static AsofJoin spec() {
    return new AsofJoin(KeyOptions.inherited(), Direction.BACKWARD, true);
  }

  /** The right table's time column, when it is named differently from {@code on}. */
  public AsofJoin rightOn(String column) {
    return new AsofJoin(keys.withRightOn(column), direction, allowExactMatches);
  }

  /** The group keys, present on both sides; none means one group. */
  public AsofJoin by(String... columns) {
    return new AsofJoin(keys.withBy(columns), direction, allowExactMatches);
  }

  /** The suffix for right columns whose names exist on the left (default {@code _right}). */
  public AsofJoin suffix(String suffix) {
    return new AsofJoin(keys.withSuffix(suffix), direction, allowExactMatches);
  }

  /**
   * The inclusive tolerance for timestamp keys.
   *
   * @throws IllegalArgumentException if negative
   */
  public AsofJoin tolerance(Duration tolerance) {
    return new AsofJoin(
        keys.withTolerance(Span.ofDuration("tolerance", tolerance)), direction, allowExactMatches);
  }

  /**
   * The inclusive tolerance in key units, for integer keys.
   *
   * @throws IllegalArgumentException if negative
   */
  public AsofJoin tolerance(long tolerance) {
    return new AsofJoin(
        keys.withTolerance(Span.ofUnits("tolerance", tolerance)), direction, allowExactMatches);
  }

  /** The direction (default {@link Direction#BACKWARD}). */
  public AsofJoin direction(Direction direction) {
    return new AsofJoin(keys, Objects.requireNonNull(direction, "direction"), allowExactMatches);
  }

  /**
   * Whether right rows with the same time as the left row may match (default true). With false,
   * backward matches strictly earlier times, forward strictly later ones, and nearest the closest
   * other time.
   */
  public AsofJoin allowExactMatches(boolean allow) {
    return new AsofJoin(keys, direction, allow);
  }

  StepSpec toStep() {
    return new StepSpec(
        StepSpec.Kind.ASOF,
        keys.on(),
        keys.rightOn(),
        keys.by(),
        keys.suffix(),
        keys.tolerance(),
        direction,
        allowExactMatches,
        null,
        null,
        Closed.BOTH,
        List.of());
  }

  @Override
  public String toString() {
    return "AsofJoin{"
        + keys.describe()
        + ", direction="
        + direction
        + ", allowExactMatches="
        + allowExactMatches
        + "}";
  }
}
