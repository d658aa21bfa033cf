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
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** The key options every spec has: on, rightOn, by, suffix, tolerance. Immutable. */
record KeyOptions(String on, String rightOn, List<String> by, String suffix, Span tolerance) {

  static final String DEFAULT_SUFFIX = "_right";

  static KeyOptions of(String on) {
    return new KeyOptions(checkName("on", on), null, null, DEFAULT_SUFFIX, null);
  }

  static KeyOptions inherited() {
    return new KeyOptions(null, null, null, DEFAULT_SUFFIX, null);
  }

  KeyOptions withRightOn(String column) {
    return new KeyOptions(on, checkName("rightOn", column), by, suffix, tolerance);
  }

  KeyOptions withBy(String... columns) {
    Objects.requireNonNull(columns, "by");
    Set<String> seen = new HashSet<>();
    for (String c : columns) {
      checkName("by", c);
      if (!seen.add(c)) {
        throw new IllegalArgumentException("by names column '" + c + "' twice");
      }
    }
    return new KeyOptions(on, rightOn, List.copyOf(Arrays.asList(columns)), suffix, tolerance);
  }

  KeyOptions withSuffix(String s) {
    Objects.requireNonNull(s, "suffix");
    if (s.isEmpty()) {
      throw new IllegalArgumentException("suffix must not be empty");
    }
    return new KeyOptions(on, rightOn, by, s, tolerance);
  }

  KeyOptions withTolerance(Span t) {
    return new KeyOptions(on, rightOn, by, suffix, t);
  }

  static String checkName(String what, String column) {
    Objects.requireNonNull(column, what);
    if (column.isEmpty()) {
      throw new IllegalArgumentException(what + " column name must not be empty");
    }
    return column;
  }

  String describe() {
    return "on="
        + on
        + (rightOn != null ? ", rightOn=" + rightOn : "")
        + (by != null ? ", by=" + by : "")
        + ", suffix="
        + suffix
        + (tolerance != null ? ", tolerance=" + tolerance : "");
  }
}
