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

/**
 * How {@code interpolate} computes each selected right column at each left time: an exact time
 * match uses the last right row at that time; otherwise the value is interpolated linearly between
 * the backward and forward neighbours of the same {@code by} group, and is null when either is
 * missing (never extrapolated) or, with a tolerance, when either lies farther than it. Immutable
 * and thread-safe: every method returns a new spec.
 *
 * <pre>{@code
 * Interpolation.on("event_time").by("episode_id").tolerance(Duration.ofMillis(50))
 * Interpolation.spec().tolerance(Duration.ofMillis(50))   // in a chain
 * }</pre>
 */
public final class Interpolation {

  private final KeyOptions keys;

  private Interpolation(KeyOptions keys) {
    this.keys = keys;
  }

  /** A spec interpolating at this time column. */
  public static Interpolation on(String column) {
    return new Interpolation(KeyOptions.of(column));
  }

  /** A spec for a chained step: {@code on} and {@code by} are inherited from the first step. */
  public static Interpolation spec() {
    return new Interpolation(KeyOptions.inherited());
  }

  /** The right table's time column, when it is named differently from {@code on}. */
  public Interpolation rightOn(String column) {
    return new Interpolation(keys.withRightOn(column));
  }

  /** The group keys, present on both sides; none means one group. */
  public Interpolation by(String... columns) {
    return new Interpolation(keys.withBy(columns));
  }

  /** The suffix for right columns whose names exist on the left (default {@code _right}). */
  public Interpolation suffix(String suffix) {
    return new Interpolation(keys.withSuffix(suffix));
  }

  /**
   * The inclusive tolerance both neighbours must lie within, for timestamp keys.
   *
   * @throws IllegalArgumentException if negative
   */
  public Interpolation tolerance(Duration tolerance) {
    return new Interpolation(keys.withTolerance(Span.ofDuration("tolerance", tolerance)));
  }

  /**
   * The inclusive tolerance in key units, for integer keys.
   *
   * @throws IllegalArgumentException if negative
   */
  public Interpolation tolerance(long tolerance) {
    return new Interpolation(keys.withTolerance(Span.ofUnits("tolerance", tolerance)));
  }

  StepSpec toStep() {
    return new StepSpec(
        StepSpec.Kind.INTERPOLATE,
        keys.on(),
        keys.rightOn(),
        keys.by(),
        keys.suffix(),
        keys.tolerance(),
        Direction.NEAREST,
        true,
        null,
        null,
        Closed.BOTH,
        List.of());
  }

  @Override
  public String toString() {
    return "Interpolation{" + keys.describe() + "}";
  }
}
