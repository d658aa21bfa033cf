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
package io.paimon.multimodal.internal.scan;

import io.paimon.multimodal.internal.TableState;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The data files one read has opened, kept open for its later requests: a {@code .row} file's
 * footer and block index are read and validated once, and every request reads through views ({@link
 * RowFileReader#project}, {@link RowFileReader#select}) of the one reader. A take owns one for its
 * whole read; a {@link RowIdFetcher} owns one for all its fetches.
 *
 * <p>Bounded by count: at most {@code maxOpen} files stay open once released, the least recently
 * used closed first. A file still in use when it is evicted is closed when its last user releases
 * it, so at most {@code maxOpen} plus the number of files in use at that moment are open. Only
 * {@code .row} data files are cached; {@code .blob} files are opened per request as before (their
 * row index is cached by the connection).
 *
 * <p>Thread-safe: several threads may open and release files at once. Closing it closes every file
 * not in use at once and every other file when it is released; {@link #open} then fails.
 */
final class OpenFiles implements AutoCloseable {

  /** Files a take keeps open: one pass visits its files in row-ID order, each once. */
  static final int TAKE_MAX_OPEN = 64;

  /** Files a long-lived {@link RowIdFetcher} keeps open between fetches. */
  static final int FETCHER_MAX_OPEN = 256;

  private final TableState table;
  private final RowFileOptions options;
  private final int maxOpen;

  /** Released and in-use files, least recently used first. */
  private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);

  private boolean closed;
  private long opens;

  /** An open file and how many requests use it now. */
  private static final class Entry {
    final RowFileReader reader;
    int users;
    boolean evicted;

    Entry(RowFileReader reader) {
      this.reader = reader;
    }
  }

  /** One request's use of an open file; close it to release the file (not to close it). */
  final class Lease implements AutoCloseable {
    private final String path;
    private final Entry entry;
    private boolean released;

    private Lease(String path, Entry entry) {
      this.path = path;
      this.entry = entry;
    }

    /** The file's reader; take views of it, do not close it. */
    RowFileReader reader() {
      return entry.reader;
    }

    @Override
    public void close() throws IOException {
      if (!released) {
        released = true;
        release(path, entry);
      }
    }
  }

  /**
   * @param options how files are opened (their block cache and read-ahead)
   * @param maxOpen how many released files stay open at most (positive)
   */
  OpenFiles(TableState table, RowFileOptions options, int maxOpen) {
    if (maxOpen <= 0) {
      throw new IllegalArgumentException("maxOpen must be positive, got " + maxOpen);
    }
    this.table = table;
    this.options = options;
    this.maxOpen = maxOpen;
  }

  /**
   * The open reader of {@code file}, opening it if it is not open, as a lease the caller closes.
   *
   * @throws IOException if the file cannot be opened, or holds another number of rows than its
   *     manifest entry says (row IDs are positions: such a file would misnumber rows)
   * @throws IllegalStateException if this cache is closed
   */
  Lease open(PlannedFile file) throws IOException {
    String path = file.path();
    synchronized (this) {
      checkOpen();
      Entry e = entries.get(path);
      if (e != null) {
        e.users++;
        return new Lease(path, e);
      }
    }
    // Opened outside the lock (it reads the footer and index), so other files stay available.
    RowFileReader opened = file.open(table.io(), options);
    long expected = file.meta().rowCount();
    if (opened.rowCount() != expected) {
      long actual = opened.rowCount();
      opened.close();
      throw new IOException(
          path + " holds " + actual + " rows, its manifest entry says " + expected);
    }
    RowFileReader extra = null;
    Lease lease;
    synchronized (this) {
      if (closed) {
        extra = opened;
        lease = null;
      } else {
        Entry e = entries.get(path);
        if (e != null) {
          extra = opened; // another thread opened it meanwhile
        } else {
          e = new Entry(opened);
          entries.put(path, e);
          opens++;
        }
        e.users++;
        lease = new Lease(path, e);
      }
    }
    if (extra != null) {
      extra.close();
    }
    if (lease == null) {
      throw closedException();
    }
    evict();
    return lease;
  }

  /** How many times a file was opened (not found open), for tests. */
  synchronized long opens() {
    return opens;
  }

  /** The files open now, in use or not. */
  synchronized int openCount() {
    return entries.size();
  }

  private void release(String path, Entry e) throws IOException {
    boolean close;
    synchronized (this) {
      e.users--;
      close = e.users == 0 && (e.evicted || closed);
      if (close && entries.get(path) == e) {
        entries.remove(path);
      }
    }
    if (close) {
      e.reader.close();
    } else {
      evict();
    }
  }

  /** Closes the least recently used released files past the bound. */
  private void evict() throws IOException {
    IOException failure = null;
    while (true) {
      Entry victim = null;
      synchronized (this) {
        if (entries.size() <= maxOpen) {
          break;
        }
        Iterator<Map.Entry<String, Entry>> it = entries.entrySet().iterator();
        Entry eldest = it.next().getValue();
        it.remove();
        if (eldest.users == 0) {
          victim = eldest;
        } else {
          eldest.evicted = true; // closed by its last user
        }
      }
      if (victim != null) {
        try {
          victim.reader.close();
        } catch (IOException e) {
          failure = failure == null ? e : failure;
        }
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  /**
   * Fails if this cache is closed.
   *
   * @throws IllegalStateException if it is
   */
  synchronized void checkOpen() {
    if (closed) {
      throw closedException();
    }
  }

  private IllegalStateException closedException() {
    return new IllegalStateException(
        "the open data files of a read of table '" + table.name() + "' were closed");
  }

  @Override
  public void close() throws IOException {
    IOException failure = null;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    while (true) {
      Entry idle = null;
      synchronized (this) {
        Iterator<Entry> it = entries.values().iterator();
        while (it.hasNext()) {
          Entry e = it.next();
          if (e.users == 0) {
            it.remove();
            idle = e;
            break;
          }
        }
      }
      if (idle == null) {
        break;
      }
      try {
        idle.reader.close();
      } catch (IOException e) {
        failure = failure == null ? e : failure;
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
