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
package io.paimon.multimodal.internal.meta;

import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A connection-wide cache of parsed metadata files, bounded by the size of the files it holds.
 *
 * <p>Only files that never change once written are cached: manifests and manifest lists have random
 * unique names and are never rewritten, so an entry can never be stale. Snapshot, tag and hint
 * files are not cached: they can be replaced or recreated under the same name. Without a cache
 * every scan, {@code takeRowIds} call and commit re-reads and re-parses every manifest of its
 * snapshot; with it, repeated reads of a table (a window dataset fetching rows batch by batch, an
 * alignment pulling matched payloads) plan from memory.
 *
 * <p>An entry weighs the byte length of its file, a fair proxy for the parsed objects. Eviction is
 * least recently used. Thread-safe: lookups and inserts take a short lock; loading happens outside
 * it, so two threads missing on the same file may both parse it (the later insert wins).
 */
public final class MetadataCache {

  /** The connection option bounding the cache; {@code 0} disables it. */
  public static final String MAX_SIZE_OPTION = "file-format.metadata-cache.max-size";

  /** The default bound: a few thousand manifests of a large table. */
  public static final long DEFAULT_MAX_BYTES = 64L << 20;

  /** A cache that holds nothing. */
  public static final MetadataCache DISABLED = new MetadataCache(0);

  /** Loads a file's parsed form and reports the file's size in bytes. */
  @FunctionalInterface
  public interface Loader<T> {
    Loaded<T> load() throws IOException;
  }

  /** A parsed file and the byte length it was parsed from. */
  public record Loaded<T>(T value, long bytes) {}

  private record Entry(Object variant, Object value, long bytes) {}

  private final long maxBytes;
  private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>(64, 0.75f, true);
  private long usedBytes;
  private long hits;
  private long misses;

  /** A cache holding at most {@code maxBytes} of files; 0 holds nothing. */
  public MetadataCache(long maxBytes) {
    if (maxBytes < 0) {
      throw new IllegalArgumentException("cache size must not be negative: " + maxBytes);
    }
    this.maxBytes = maxBytes;
  }

  /**
   * The cached value of {@code path} parsed for {@code variant} (e.g. the row type a manifest's
   * statistics were decoded with), loading and caching it on a miss. A cached value parsed for a
   * different variant counts as a miss and is replaced.
   */
  @SuppressWarnings("unchecked")
  public <T> T get(String path, Object variant, Loader<T> loader) throws IOException {
    if (maxBytes == 0) {
      return loader.load().value();
    }
    synchronized (this) {
      Entry e = entries.get(path);
      if (e != null && e.variant().equals(variant)) {
        hits++;
        return (T) e.value();
      }
      misses++;
    }
    Loaded<T> loaded = loader.load();
    if (loaded.bytes() <= maxBytes) {
      synchronized (this) {
        Entry old = entries.put(path, new Entry(variant, loaded.value(), loaded.bytes()));
        if (old != null) {
          usedBytes -= old.bytes();
        }
        usedBytes += loaded.bytes();
        evict();
      }
    }
    return loaded.value();
  }

  private void evict() {
    Iterator<Map.Entry<String, Entry>> it = entries.entrySet().iterator();
    while (usedBytes > maxBytes && it.hasNext()) {
      usedBytes -= it.next().getValue().bytes();
      it.remove();
    }
  }

  /** Lookups answered from memory so far. */
  public synchronized long hits() {
    return hits;
  }

  /** Lookups that had to read the file so far. */
  public synchronized long misses() {
    return misses;
  }

  /** The summed size of the files held now. */
  public synchronized long usedBytes() {
    return usedBytes;
  }

  /** The bound given at construction. */
  public long maxBytes() {
    return maxBytes;
  }
}
