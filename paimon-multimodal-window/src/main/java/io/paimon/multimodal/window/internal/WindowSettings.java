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

import io.paimon.multimodal.window.Boundary;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What {@code ContiguousWindows.Builder} resolved: every output column with its frame offsets,
 * padding value and transform; how anchors are scheduled and kept; and the masks to emit.
 *
 * @param columns the windowed columns, in output order
 * @param offsets each column's frame offsets, in order, duplicates kept
 * @param padValues the constant padding of a column (a raw cell value, possibly null), for the
 *     columns that have one; others repeat the nearest frame of the group
 * @param transforms the transform of a column's window, for the columns that have one
 * @param adapter applied last to each sample, or null
 * @param singleMask the legacy window-size mode: one {@code is_pad} mask for the columns in {@code
 *     maskColumns} instead of one per column
 * @param maskColumns the columns whose positions the single mask describes (legacy mode); the other
 *     columns are then the anchor columns, whose sample value is the bare cell at the anchor
 */
public record WindowSettings(
    List<String> columns,
    String groupKey,
    String orderKey,
    Map<String, int[]> offsets,
    int stride,
    Boundary boundary,
    Map<String, Object> padValues,
    Map<String, Function<? super List<Object>, ?>> transforms,
    Function<Map<String, Object>, Map<String, Object>> adapter,
    boolean singleMask,
    List<String> maskColumns) {

  /**
   * Whether {@code column} is a legacy anchor column: its sample value is the anchor's cell itself,
   * without a time dimension, as the legacy window-size form had it.
   */
  public boolean bare(String column) {
    return singleMask && !maskColumns.contains(column);
  }
}
