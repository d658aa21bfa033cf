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

import java.util.List;
import java.util.Map;

/**
 * Map-style training samples cut from one frame table, built by {@link ContiguousWindows}. Sample
 * {@code i} belongs to the {@code i}-th kept anchor (groups in ascending key order, anchors in
 * ascending order within a group). It maps the group key and the order key to the anchor's values;
 * each selected column to its window, a list in offset order (or what the column's transform made
 * of that list); and {@code <column>_is_pad} to a {@link DType#BOOL} {@link Tensor} of the window's
 * length, true where the position lies outside the group and was padded. The adapter, if any, has
 * the last word on the map.
 *
 * <p>Besides the index (group and order values and row IDs, as primitive arrays) only the cache of
 * {@link ContiguousWindows.Builder#blockCacheSize} is held in memory; values, including BLOB
 * payloads, are read on request from the snapshot the dataset is pinned to. Thread-safe: {@link
 * #get} and {@link #getItems} may run on several threads at once, as {@link WindowLoader}'s workers
 * do. Close it when done: it keeps the files its reads opened.
 */
public interface ContiguousWindowDataset extends AutoCloseable {

  /** The number of samples. */
  int size();

  /**
   * Sample {@code index}; a negative index counts from the end, as in a Python sequence.
   *
   * @throws IndexOutOfBoundsException if {@code index} is not in {@code [-size(), size())}
   */
  Map<String, Object> get(int index);

  /**
   * These samples in the requested order, duplicates kept. The rows of all of them are read
   * together, so their reads coalesce.
   *
   * @throws IndexOutOfBoundsException naming the first index out of range
   */
  List<Map<String, Object>> getItems(int... indices);

  /** As {@link #getItems(int...)}. */
  List<Map<String, Object>> getItems(List<Integer> indices);

  /**
   * The anchor of sample {@code index} without reading it: a map, in this order, from the group
   * key's name to the anchor's group value and from the order key's name to its order value, as
   * {@link #get} holds them before the adapter runs (cells of the keys' types: {@code Integer},
   * {@code String}, {@code Long}, ...). A negative index counts from the end. Nothing is read from
   * the table: a dataset built by {@link ContiguousWindows} keeps each group's key and first order
   * value in its index (order values step by one within a group), so this is cheap enough to plan
   * with, e.g. to pick samples by episode or to log what a batch holds. The map is unmodifiable.
   *
   * <p>The default implementation, for datasets not built by {@link ContiguousWindows}, throws
   * {@link UnsupportedOperationException}.
   *
   * @throws IndexOutOfBoundsException if {@code index} is not in {@code [-size(), size())}
   */
  default Map<String, Object> anchorKeys(long index) {
    throw new UnsupportedOperationException(
        getClass().getName() + " does not implement anchorKeys");
  }

  /** The snapshot every sample is read from. */
  long snapshotId();

  /** Closes the files the dataset's reads keep open; no sample can be read after. */
  @Override
  void close();
}
