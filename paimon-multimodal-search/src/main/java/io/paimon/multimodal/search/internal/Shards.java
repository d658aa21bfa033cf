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
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Table;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.lucene.analysis.Analyzer;

/**
 * Where a search gets its open index files and the session's other caches: a least-recently-used
 * cache of shards held in memory, up to {@code capacity} of them and {@code maxBytes} in all (index
 * files never change once written, so a cached shard is never stale), the plans of the last few
 * snapshots and the readers of their rows; or, with capacity 0, shards read with ranged reads for
 * one search and closed after it, and nothing kept. Thread-safe.
 */
final class Shards implements AutoCloseable {

  private final Table table;
  private final int capacity;
  private final long maxBytes;
  private final LinkedHashMap<String, OpenShard> open = new LinkedHashMap<>(16, 0.75f, true);
  private final LinkedHashMap<Snapshot, SnapshotView> views = new LinkedHashMap<>(4, 0.75f, true);
  private final RowReaders rowReaders;
  private final ResidentColumns residentColumns;
  private final ConcurrentHashMap<String, Analyzer> analyzers = new ConcurrentHashMap<>();
  private long bytes;
  private boolean closed;

  /**
   * A session's cache of at most {@code capacity} files and {@code maxBytes} bytes, keeping the
   * {@code residentColumns} of the snapshots it searches (none if empty).
   */
  Shards(Table table, int capacity, long maxBytes, List<String> residentColumns) {
    this.table = table;
    this.capacity = capacity;
    this.maxBytes = maxBytes;
    this.rowReaders = capacity == 0 ? null : new RowReaders();
    this.residentColumns =
        capacity == 0 || residentColumns.isEmpty()
            ? null
            : new ResidentColumns(table, residentColumns);
  }

  /** Nothing kept: what a search outside a session uses. */
  static Shards oneShot(Table table) {
    return new Shards(table, 0, 0, List.of());
  }

  /**
   * An open shard of {@code file}, retained for the caller, who must {@link OpenShard#release()}.
   */
  OpenShard acquire(IndexFile file, IndexSpec spec) {
    if (capacity == 0) {
      return OpenShard.open(table, file, spec, false);
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
    OpenShard shard = OpenShard.open(table, file, spec, true);
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
      bytes += shard.residentBytes();
      // least recently used first; the shard just opened goes too if it alone exceeds the budget,
      // and is closed when the caller releases it
      Iterator<Map.Entry<String, OpenShard>> it = open.entrySet().iterator();
      while ((open.size() > capacity || bytes > maxBytes) && it.hasNext()) {
        OpenShard evicted = it.next().getValue();
        it.remove();
        bytes -= evicted.residentBytes();
        evicted.release();
      }
      return shard;
    }
  }

  /**
   * {@code fn} applied to an analyzer of {@code spec}: the session's (one per analyzer setting,
   * made once: a new analyzer builds its tokenizers again for every query), or one made for this
   * call outside a session. The session's analyzers are not closed with it: closing one under a
   * search still tokenizing would fail that search, and all they hold is their reusable per-thread
   * token streams, freed with the session.
   */
  <T> T withAnalyzer(IndexSpec spec, Function<Analyzer, T> fn) {
    if (capacity == 0) {
      try (Analyzer once = Analyzers.of(spec)) {
        return fn.apply(once);
      }
    }
    String key =
        spec.analyzer().equals("ngram")
            ? "ngram/" + spec.ngramMin() + "/" + spec.ngramMax()
            : spec.analyzer();
    return fn.apply(analyzers.computeIfAbsent(key, k -> Analyzers.of(spec)));
  }

  /** The session's resident columns, or null outside a session or without any. */
  ResidentColumns residentColumns() {
    return residentColumns;
  }

  /** The session's row readers, or null outside a session. */
  RowReaders rowReaders() {
    return rowReaders;
  }

  /**
   * The view of {@code snapshot} without a pre-filter: planned once per session and snapshot (keyed
   * by the whole snapshot, not its id, which a commit after a rollback reuses), the last few kept;
   * planned anew each time without a cache.
   */
  SnapshotView view(Snapshot snapshot) {
    if (capacity == 0) {
      return SnapshotView.of(table, snapshot);
    }
    synchronized (this) {
      SnapshotView cached = views.get(snapshot);
      if (cached != null) {
        return cached;
      }
    }
    SnapshotView view = SnapshotView.of(table, snapshot);
    synchronized (this) {
      views.put(snapshot, view);
      Iterator<Map.Entry<Snapshot, SnapshotView>> it = views.entrySet().iterator();
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

  /** The heap bytes the cached shards hold. */
  synchronized long bytes() {
    return bytes;
  }

  @Override
  public synchronized void close() {
    closed = true;
    for (OpenShard s : open.values()) {
      s.release();
    }
    open.clear();
    bytes = 0;
    views.clear();
    if (rowReaders != null) {
      rowReaders.close();
    }
    if (residentColumns != null) {
      residentColumns.close();
    }
  }
}
