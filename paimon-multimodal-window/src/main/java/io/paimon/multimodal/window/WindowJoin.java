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
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How a window join aggregates, for each left row at time {@code t}, the right rows of the same
 * {@code by} group with times in {@code [t - preceding, t + following]} ({@code following} defaults
 * to 0; {@link #closed} picks the endpoints). Each {@link #aggregate} adds one output column.
 * Immutable and thread-safe: every method returns a new spec.
 *
 * <pre>{@code
 * WindowJoin.on("event_time").by("episode_id")
 *     .preceding(Duration.ofMillis(50)).following(Duration.ofMillis(50))
 *     .aggregate("acceleration_mean", "acceleration", Aggregation.MEAN)
 *     .aggregate("acceleration", Aggregation.MAX)
 * }</pre>
 */
public final class WindowJoin {

  private final KeyOptions keys;
  private final Span preceding;
  private final Span following;
  private final Closed closed;
  private final List<StepSpec.AggregateSpec> aggregations;

  private WindowJoin(
      KeyOptions keys,
      Span preceding,
      Span following,
      Closed closed,
      List<StepSpec.AggregateSpec> aggregations) {
    this.keys = keys;
    this.preceding = preceding;
    this.following = following;
    this.closed = closed;
    this.aggregations = aggregations;
  }

  /** A spec windowing around this time column. */
  public static WindowJoin on(String column) {
    return new WindowJoin(KeyOptions.of(column), null, null, Closed.BOTH, List.of());
  }

  /** A spec for a chained step: {@code on} and {@code by} are inherited from the first step. */
  public static WindowJoin spec() {
    return new WindowJoin(KeyOptions.inherited(), null, null, Closed.BOTH, List.of());
  }

  /** The right table's time column, when it is named differently from {@code on}. */
  public WindowJoin rightOn(String column) {
    return new WindowJoin(keys.withRightOn(column), preceding, following, closed, aggregations);
  }

  /** The group keys, present on both sides; none means one group. */
  public WindowJoin by(String... columns) {
    return new WindowJoin(keys.withBy(columns), preceding, following, closed, aggregations);
  }

  /** The suffix for output names that exist on the left (default {@code _right}). */
  public WindowJoin suffix(String suffix) {
    return new WindowJoin(keys.withSuffix(suffix), preceding, following, closed, aggregations);
  }

  /**
   * How far back the window reaches, for timestamp keys.
   *
   * @throws IllegalArgumentException if negative
   */
  public WindowJoin preceding(Duration preceding) {
    return new WindowJoin(
        keys, Span.ofDuration("preceding", preceding), following, closed, aggregations);
  }

  /**
   * How far back the window reaches, in key units, for integer keys.
   *
   * @throws IllegalArgumentException if negative
   */
  public WindowJoin preceding(long preceding) {
    return new WindowJoin(
        keys, Span.ofUnits("preceding", preceding), following, closed, aggregations);
  }

  /**
   * How far forward the window reaches (default 0), for timestamp keys.
   *
   * @throws IllegalArgumentException if negative
   */
  public WindowJoin following(Duration following) {
    return new WindowJoin(
        keys, preceding, Span.ofDuration("following", following), closed, aggregations);
  }

  /**
   * How far forward the window reaches (default 0), in key units, for integer keys.
   *
   * @throws IllegalArgumentException if negative
   */
  public WindowJoin following(long following) {
    return new WindowJoin(
        keys, preceding, Span.ofUnits("following", following), closed, aggregations);
  }

  /** Which endpoints belong to the window (default {@link Closed#BOTH}). */
  public WindowJoin closed(Closed closed) {
    return new WindowJoin(
        keys, preceding, following, Objects.requireNonNull(closed, "closed"), aggregations);
  }

  /** Adds an output column {@code outputName} = {@code op} over the window's {@code source}. */
  public WindowJoin aggregate(String outputName, String source, Aggregation op) {
    KeyOptions.checkName("aggregate output", outputName);
    KeyOptions.checkName("aggregate source", source);
    Objects.requireNonNull(op, "op");
    List<StepSpec.AggregateSpec> next = new ArrayList<>(aggregations);
    next.add(new StepSpec.AggregateSpec(outputName, source, op));
    return new WindowJoin(keys, preceding, following, closed, List.copyOf(next));
  }

  /** Adds an output column named after {@code column} = {@code op} over the window's column. */
  public WindowJoin aggregate(String column, Aggregation op) {
    return aggregate(column, column, op);
  }

  StepSpec toStep() {
    return new StepSpec(
        StepSpec.Kind.WINDOW,
        keys.on(),
        keys.rightOn(),
        keys.by(),
        keys.suffix(),
        null,
        Direction.BACKWARD,
        true,
        preceding,
        following,
        closed,
        aggregations);
  }

  @Override
  public String toString() {
    return "WindowJoin{"
        + keys.describe()
        + ", preceding="
        + preceding
        + ", following="
        + following
        + ", closed="
        + closed
        + ", aggregations="
        + aggregations
        + "}";
  }
}
