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
package io.paimon.row;

import io.paimon.row.internal.LruBlockCache;

/**
 * Decompressed blocks of {@code .row} files kept across readers, so that readers that come back to
 * the same blocks (row-ID fetches, selections, point lookups) decompress each block once. Bounded
 * by bytes, least recently used blocks evicted first. Blocks are keyed by the input's name and
 * length: the cache assumes a file with a given name never changes, as the data files of a table do
 * not. Full scans into Arrow without a selection neither read nor fill it, so one large scan does
 * not flush what random access built up. Thread-safe; share one cache between readers.
 *
 * <pre>{@code
 * BlockCache cache = BlockCache.withCapacity(64L << 20);
 * RowFileOptions options = RowFileOptions.defaults().blockCache(cache);
 * }</pre>
 */
public interface BlockCache {

  /**
   * An empty cache of at most {@code bytes} bytes of blocks.
   *
   * @throws IllegalArgumentException if not positive
   */
  static BlockCache withCapacity(long bytes) {
    return new LruBlockCache(bytes);
  }

  /** The most bytes the cache holds. */
  long capacity();

  /** The bytes of the blocks held now. */
  long usedBytes();

  /** How many lookups found their block. */
  long hits();

  /** How many lookups did not. */
  long misses();
}
