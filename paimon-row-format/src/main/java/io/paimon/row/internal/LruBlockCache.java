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
package io.paimon.row.internal;

import io.paimon.row.BlockCache;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@link BlockCache}: a map in access order under one lock, each entry an immutable copy of a
 * decoded block's bytes and row offsets. A hit hands the entry's arrays to the reader without a
 * copy ({@link DecodedBlock#share}); nobody writes them, so eviction needs no reference counting:
 * an evicted entry lives on until its last reader moves to another block.
 */
public final class LruBlockCache implements BlockCache {

  /** Bytes counted per entry beyond its arrays: key, entry and map node. */
  private static final int ENTRY_OVERHEAD = 128;

  private record Key(String file, long length, int block) {}

  /** An immutable copy of a decoded block. */
  private record Entry(
      byte[] data, int[] offsets, int rowCount, long firstRow, long fileOffset, long bytes) {}

  private final long capacity;
  private final LinkedHashMap<Key, Entry> entries = new LinkedHashMap<>(64, 0.75f, true);
  private long used;
  private long hits;
  private long misses;

  /**
   * An empty cache of at most {@code capacity} bytes.
   *
   * @throws IllegalArgumentException if not positive
   */
  public LruBlockCache(long capacity) {
    if (capacity <= 0) {
      throw new IllegalArgumentException("block cache capacity must be positive, got " + capacity);
    }
    this.capacity = capacity;
  }

  /** Points {@code out} at block {@code block} of the file and returns true, if it is held. */
  boolean load(RowFileMeta meta, int block, DecodedBlock out) {
    Entry e;
    synchronized (this) {
      e = entries.get(new Key(meta.name, meta.fileSize, block));
      if (e == null) {
        misses++;
        return false;
      }
      hits++;
    }
    out.share(e.data, e.offsets);
    out.size = e.data.length;
    out.rowCount = e.rowCount;
    out.firstRow = e.firstRow;
    out.fileOffset = e.fileOffset;
    out.index = block;
    return true;
  }

  /** Whether the block is held, without counting a lookup or changing its recency. */
  synchronized boolean contains(RowFileMeta meta, int block) {
    return entries.containsKey(new Key(meta.name, meta.fileSize, block));
  }

  /** Keeps a copy of a freshly decoded block. */
  void store(RowFileMeta meta, DecodedBlock block) {
    long bytes = block.size + 4L * (block.rowCount + 1) + ENTRY_OVERHEAD;
    if (bytes > capacity) {
      return;
    }
    byte[] data = java.util.Arrays.copyOf(block.data, block.size);
    int[] offsets = java.util.Arrays.copyOf(block.offsets, block.rowCount + 1);
    Entry entry = new Entry(data, offsets, block.rowCount, block.firstRow, block.fileOffset, bytes);
    synchronized (this) {
      Entry old = entries.put(new Key(meta.name, meta.fileSize, block.index), entry);
      used += bytes - (old == null ? 0 : old.bytes);
      Iterator<Map.Entry<Key, Entry>> it = entries.entrySet().iterator();
      while (used > capacity && it.hasNext()) {
        used -= it.next().getValue().bytes;
        it.remove();
      }
    }
  }

  @Override
  public long capacity() {
    return capacity;
  }

  @Override
  public synchronized long usedBytes() {
    return used;
  }

  @Override
  public synchronized long hits() {
    return hits;
  }

  @Override
  public synchronized long misses() {
    return misses;
  }

  @Override
  public synchronized String toString() {
    return "BlockCache{capacity="
        + capacity
        + ", used="
        + used
        + ", blocks="
        + entries.size()
        + ", hits="
        + hits
        + ", misses="
        + misses
        + "}";
  }
}
