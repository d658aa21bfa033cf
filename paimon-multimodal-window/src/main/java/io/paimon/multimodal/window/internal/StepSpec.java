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

import io.paimon.multimodal.window.Aggregation;
import io.paimon.multimodal.window.Closed;
import io.paimon.multimodal.window.Direction;
import java.util.List;

/**
 * One alignment step as the user specified it (before inheritance from the first step). Immutable.
 *
 * @param kind the operation
 * @param on the left time key, or null to inherit
 * @param rightOn the right time key, or null for {@code on}
 * @param by the group keys, or null to inherit (empty: no grouping)
 * @param suffix appended to right column names that collide
 * @param tolerance the tolerance, or null for unbounded
 * @param direction as-of direction
 * @param allowExactMatches whether right rows at the left time may match (as-of)
 * @param preceding the window's reach back (window joins), or null
 * @param following the window's reach forward (window joins); zero by default
 * @param closed which window endpoints are included
 * @param aggregations the window aggregations, in order
 */
public record StepSpec(
    Kind kind,
    String on,
    String rightOn,
    List<String> by,
    String suffix,
    Span tolerance,
    Direction direction,
    boolean allowExactMatches,
    Span preceding,
    Span following,
    Closed closed,
    List<AggregateSpec> aggregations) {

  /** The operations. */
  public enum Kind {
    ASOF("joinAsof"),
    INTERPOLATE("interpolate"),
    WINDOW("joinWindow");

    private final String method;

    Kind(String method) {
      this.method = method;
    }

    /** The API method name, for messages. */
    public String method() {
      return method;
    }
  }

  /**
   * One aggregation of a window join.
   *
   * @param output the output column name (before the suffix rule)
   * @param source the right column aggregated
   * @param op the operation
   */
  public record AggregateSpec(String output, String source, Aggregation op) {}
}
