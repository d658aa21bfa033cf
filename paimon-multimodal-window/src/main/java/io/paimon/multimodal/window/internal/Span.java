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

import java.time.Duration;
import java.util.Objects;

/**
 * A non-negative length of time as given by the user: a {@link Duration} (for timestamp keys) or a
 * count of key units (for integer keys). Immutable.
 *
 * @param duration the duration, or null for a count of key units
 * @param units the count of key units when {@code duration} is null
 */
public record Span(Duration duration, long units) {

  /** A span of key units. @throws IllegalArgumentException naming {@code what} if negative */
  public static Span ofUnits(String what, long units) {
    if (units < 0) {
      throw new IllegalArgumentException(what + " must not be negative, got " + units);
    }
    return new Span(null, units);
  }

  /** A span of time. @throws IllegalArgumentException naming {@code what} if negative */
  public static Span ofDuration(String what, Duration duration) {
    Objects.requireNonNull(duration, what);
    if (duration.isNegative()) {
      throw new IllegalArgumentException(what + " must not be negative, got " + duration);
    }
    return new Span(duration, 0);
  }

  /** Whether the span is a {@link Duration}. */
  public boolean isDuration() {
    return duration != null;
  }

  @Override
  public String toString() {
    return duration != null ? duration.toString() : Long.toString(units);
  }
}
