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
package io.paimon.multimodal.search.internal;

import io.paimon.multimodal.IndexFile;
import io.paimon.multimodal.Table;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a search gets its open index files: a least-recently-used cache of up to {@code capacity}
 * shards (index files never change once written, so a cached shard is never stale), or, with
 * capacity 0, shards opened for one search and closed after it. Thread-safe.
 */
final class Shards implements AutoCloseable {

  private final Table table;
  private final int capacity;
  private final LinkedHashMap<String, OpenShard> open = new LinkedHashMap<>(16, 0.75f, true);
  private final LinkedHashMap<Long, SnapshotView> views = new LinkedHashMap<>(4, 0.75f, true);
  private boolean closed;

  Shards(Table table, int capacity) {
    this.table = table;
    this.capacity = capacity;
  }

  /**
   * An open shard of {@code file}, retained for the caller, who must {@link OpenShard#release()}.
   */
  OpenShard acquire(IndexFile file, IndexSpec spec) {
    if (capacity == 0) {
      return OpenShard.open(table, file, spec);
    }
    synchronized (this) {
      if (closed) {
        throw new IllegalStateException("the search session is closed");
      }
      OpenShard cached = open.get(file.fileName());
      if (cached != null && cached.retain()) {
        return cached;
      }
    }
    OpenShard shard = OpenShard.open(table, file, spec);
    synchronized (this) {
      if (closed) {
        return shard;
      }
      OpenShard raced = open.get(file.fileName());
      if (raced != null && raced.retain()) {
        shard.release();
        return raced;
      }
      shard.retain();
      open.put(file.fileName(), shard);
      Iterator<Map.Entry<String, OpenShard>> it = open.entrySet().iterator();
      while (open.size() > capacity && it.hasNext()) {
        OpenShard evicted = it.next().getValue();
        it.remove();
        evicted.release();
      }
      return shard;
    }
  }

  /**
   * The view of snapshot {@code snapshotId} without a pre-filter: planned once per session and
   * snapshot (a snapshot never changes), the last few kept; planned anew each time without a cache.
   */
  SnapshotView view(long snapshotId) {
    if (capacity == 0) {
      return SnapshotView.of(table, table.scan().snapshot(snapshotId));
    }
    synchronized (this) {
      SnapshotView cached = views.get(snapshotId);
      if (cached != null) {
        return cached;
      }
    }
    SnapshotView view = SnapshotView.of(table, table.scan().snapshot(snapshotId));
    synchronized (this) {
      views.put(snapshotId, view);
      Iterator<Map.Entry<Long, SnapshotView>> it = views.entrySet().iterator();
      while (views.size() > 4 && it.hasNext()) {
        it.next();
        it.remove();
      }
    }
    return view;
  }

  /** How many shards are cached. */
  synchronized int size() {
    return open.size();
  }

  @Override
  public synchronized void close() {
    closed = true;
    for (OpenShard s : open.values()) {
      s.release();
    }
    open.clear();
  }
}
