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

import io.paimon.multimodal.RowIdReader;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Snapshot;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The session's readers of winning rows by row ID: one per snapshot and projection, the last few
 * kept, so that a query's final lookup does not plan the snapshot or open data files again. A
 * reader in use when it is evicted (or the session closes) is closed when its last user is done.
 * Thread-safe.
 */
final class RowReaders implements AutoCloseable {

  /** How many (snapshot, projection) readers a session keeps. */
  private static final int KEPT = 4;

  /**
   * The decompressed blocks each kept reader caches: the winners of similar queries share blocks,
   * and a block read again is not decompressed again.
   */
  private static final long BLOCK_CACHE_BYTES = 8L << 20;

  private final LinkedHashMap<Key, Lease> readers = new LinkedHashMap<>(8, 0.75f, true);
  private boolean closed;

  private record Key(Snapshot snapshot, List<String> columns) {}

  /**
   * A reader of {@code scan} (pinned to {@code snapshot}, with the projection {@code columns}),
   * made from it on first use; the caller closes the lease.
   */
  Lease acquire(Snapshot snapshot, List<String> columns, Scan scan) {
    Key key = new Key(snapshot, columns);
    synchronized (this) {
      if (closed) {
        throw new IllegalStateException("the search session is closed");
      }
      Lease cached = readers.get(key);
      if (cached != null && cached.retain()) {
        return cached;
      }
    }
    Lease made = new Lease(scan.rowIdReader(BLOCK_CACHE_BYTES));
    synchronized (this) {
      Lease raced = closed ? null : readers.get(key);
      if (raced != null && raced.retain()) {
        made.close();
        return raced;
      }
      if (!closed) {
        made.retain();
        readers.put(key, made);
        Iterator<Map.Entry<Key, Lease>> it = readers.entrySet().iterator();
        while (readers.size() > KEPT && it.hasNext()) {
          Lease evicted = it.next().getValue();
          it.remove();
          evicted.close();
        }
      }
      return made;
    }
  }

  @Override
  public synchronized void close() {
    closed = true;
    for (Lease l : readers.values()) {
      l.close();
    }
    readers.clear();
  }

  /** A use of a shared {@link RowIdReader}; closing it ends the use. */
  static final class Lease implements AutoCloseable {

    private final RowIdReader reader;
    private final AtomicInteger users = new AtomicInteger(1);

    private Lease(RowIdReader reader) {
      this.reader = Objects.requireNonNull(reader);
    }

    RowIdReader reader() {
      return reader;
    }

    private boolean retain() {
      for (int n = users.get(); n > 0; n = users.get()) {
        if (users.compareAndSet(n, n + 1)) {
          return true;
        }
      }
      return false;
    }

    @Override
    public void close() {
      if (users.decrementAndGet() == 0) {
        reader.close();
      }
    }
  }
}
