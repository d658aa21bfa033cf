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
package io.paimon.multimodal.blob.internal;

import io.paimon.multimodal.ProgressTracker;
import io.paimon.multimodal.SharedExecutors;
import io.paimon.multimodal.TaskGroup;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.InputFile;
import io.paimon.multimodal.fs.ReadHints;
import java.io.IOException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Runs ranged reads as a {@link TaskGroup} on the connection's I/O pool, at most {@code
 * parallelism} at once: each {@link Chunk} is read with one request straight into the arrays of the
 * units it holds ({@link InputFile#readScattered}; one {@link InputFile#readFully} and a copy where
 * plain ranges overlap), the units whose last part it held are verified and sliced in the same task
 * ({@link Unit#complete}), and the chunk is handed to the consumer through {@link #take}. On a
 * local disk the consumer may read a chunk itself ({@link #runHere}) rather than hand it over; a
 * consumer that is itself a task of the pools (a BLOB read inside a loader's batch) reads chunks no
 * thread has started while it waits, so the read finishes however few I/O threads there are. Open
 * files are shared by all reads of one file (positional reads are thread-safe) and closed with the
 * fetcher. The consumer keeps at most {@link #maxInFlight()} chunks submitted and not yet taken.
 * {@link #close()} cancels what has not started, interrupts what runs and waits for it to end.
 * Thread-safe.
 */
final class Fetcher implements AutoCloseable {

  /** The prefix of the names of fetch task groups (what thread dumps show them as). */
  static final String GROUP_PREFIX = "paimon-blob-fetch ";

  private final FileIO io;
  private final boolean local;
  private final int parallelism;
  private final TaskGroup pool;
  private final BlockingQueue<Chunk> done = new LinkedBlockingQueue<>();
  private final ConcurrentHashMap<String, InputFile> open = new ConcurrentHashMap<>();
  private volatile boolean closed;
  private final int maxScratch;
  private final ProgressTracker progress;

  /** Reusable read buffers, one per thread reading at a time; dropped with the fetcher. */
  private final ConcurrentLinkedQueue<byte[]> scratch = new ConcurrentLinkedQueue<>();

  /** The consumer thread while it reads a chunk itself, for {@link #close} to interrupt. */
  private Thread reader;

  private final Object readerLock = new Object();

  /**
   * Creates a fetcher reading on {@code executors}' I/O pool, at most {@code parallelism} chunks at
   * once; it closes its task group.
   *
   * @param name names the read's tasks
   * @param prefetchBudget the read's prefetch budget: all threads reading (the workers and the
   *     consumer) together keep at most half of it as reusable read buffers
   */
  Fetcher(
      FileIO io,
      SharedExecutors executors,
      String name,
      int parallelism,
      long prefetchBudget,
      ProgressTracker progress) {
    this.io = io;
    this.progress = progress;
    this.local = isLocal(io.readHints());
    this.parallelism = parallelism;
    this.maxScratch =
        (int) Math.min(Integer.MAX_VALUE - 64, prefetchBudget / 2 / (parallelism + 1));
    this.pool = executors.newIoGroup(GROUP_PREFIX + name, parallelism);
  }

  /**
   * Whether hints are those of a local file system. Compared by field, not with the record's {@code
   * equals}, whose first call bootstraps {@code ObjectMethods} (tens of generated classes on the
   * first read of a process).
   */
  private static boolean isLocal(ReadHints h) {
    ReadHints local = ReadHints.LOCAL;
    return h == local
        || (h.parallelism() == local.parallelism()
            && h.holeLimit() == local.holeLimit()
            && h.rangeLimit() == local.rangeLimit());
  }

  /** The most chunks the consumer keeps submitted and not yet taken. */
  int maxInFlight() {
    return 2 * parallelism;
  }

  /**
   * Starts reading {@code chunk}; it comes back through {@link #take} with the units whose last
   * part it held complete, or with an error.
   */
  void submit(Chunk chunk) {
    try {
      pool.submit(new Read(chunk));
    } catch (RejectedExecutionException e) {
      if (!closed) {
        throw e;
      }
      // Closed from another thread meanwhile: the consumer's take() reports the close.
    }
  }

  /** A worker's task (a class, not a lambda: no call site to link on a process's first read). */
  private final class Read implements Callable<Void> {
    private final Chunk chunk;

    Read(Chunk chunk) {
      this.chunk = chunk;
    }

    @Override
    public Void call() {
      read(chunk);
      return null;
    }
  }

  /**
   * Reads {@code chunk} in the calling (consumer) thread instead of handing it to a worker; it
   * comes back through {@link #take} as any other. {@link #close} from another thread interrupts
   * it.
   *
   * @throws InterruptedException if the fetcher was closed meanwhile, or the thread interrupted
   *     while it read
   */
  void runHere(Chunk chunk) throws InterruptedException {
    synchronized (readerLock) {
      reader = Thread.currentThread();
    }
    try {
      if (!closed) {
        read(chunk);
      }
    } finally {
      synchronized (readerLock) {
        reader = null;
      }
    }
    if (closed) {
      // close() may have interrupted this thread's read; the consumer learns of the close here.
      Thread.interrupted();
      throw new InterruptedException("the BLOB read was closed");
    }
    if (chunk.error != null && Thread.currentThread().isInterrupted()) {
      // The caller's thread was interrupted while it read: a cancellation, as while waiting.
      throw new InterruptedException("interrupted while reading " + chunk);
    }
  }

  /** Reads {@code chunk} into its units and completes those whose last part it held. */
  private void read(Chunk chunk) {
    byte[] buf = null;
    try {
      for (Unit u : chunk.units) {
        u.ensureArrays();
      }
      InputFile file = file(chunk.uri);
      buf = readScattered(chunk, file);
      if (buf == null) {
        buf = readAndCopy(chunk, file);
      }
      for (Unit u : chunk.units) {
        if (u.partRead()) {
          u.complete();
        }
      }
      progress.add(0, chunk.length, 1);
    } catch (IOException | RuntimeException e) {
      chunk.error = e;
    } finally {
      if (buf != null && buf.length > 0 && buf.length <= maxScratch) {
        scratch.add(buf);
      }
    }
    done.add(chunk);
  }

  /**
   * Reads a chunk whose units do not overlap with one request straight into the units' arrays, the
   * gaps between them into a scratch buffer: no second pass over the bytes. Returns the scratch
   * buffer used (or an empty array), or null, having read nothing, if units overlap or a gap does
   * not fit a scratch buffer.
   */
  private byte[] readScattered(Chunk chunk, InputFile file) throws IOException {
    long at = chunk.offset;
    long maxGap = 0;
    for (Unit u : chunk.units) {
      long from = Math.max(u.offset, chunk.offset);
      if (from < at) {
        return null;
      }
      maxGap = Math.max(maxGap, from - at);
      at = Math.min(u.end(), chunk.end());
    }
    maxGap = Math.max(maxGap, chunk.end() - at);
    if (maxGap > maxScratch) {
      return null;
    }
    byte[] gap = maxGap == 0 ? EMPTY : scratch((int) maxGap);
    Pieces pieces = new Pieces(3 * chunk.units.size() + 2);
    at = chunk.offset;
    for (Unit u : chunk.units) {
      long from = Math.max(u.offset, chunk.offset);
      long to = Math.min(u.end(), chunk.end());
      pieces.skip(gap, from - at);
      u.addPieces(from - u.offset, to - u.offset, pieces);
      at = to;
    }
    pieces.skip(gap, chunk.end() - at);
    if (pieces.count == 1) {
      file.readFully(chunk.offset, pieces.buffers[0], pieces.offsets[0], pieces.lengths[0]);
    } else {
      file.readScattered(chunk.offset, pieces.buffers(), pieces.offsets(), pieces.lengths());
    }
    return gap;
  }

  /**
   * Reads a chunk whose units overlap (plain ranges may) into one buffer and copies each unit's
   * part out of it; returns the buffer.
   */
  private byte[] readAndCopy(Chunk chunk, InputFile file) throws IOException {
    byte[] buf = chunk.length <= maxScratch ? scratch(chunk.length) : new byte[chunk.length];
    file.readFully(chunk.offset, buf, 0, chunk.length);
    Pieces pieces = new Pieces(3);
    for (Unit u : chunk.units) {
      long from = Math.max(u.offset, chunk.offset);
      long to = Math.min(u.end(), chunk.end());
      pieces.count = 0;
      u.addPieces(from - u.offset, to - u.offset, pieces);
      int pos = (int) (from - chunk.offset);
      for (int i = 0; i < pieces.count; i++) {
        System.arraycopy(buf, pos, pieces.buffers[i], pieces.offsets[i], pieces.lengths[i]);
        pos += pieces.lengths[i];
      }
    }
    return buf;
  }

  private static final byte[] EMPTY = new byte[0];

  /**
   * A reusable buffer of at least {@code length} bytes (at most {@link #maxScratch}), for the
   * calling thread until it gives it back: no allocation, zeroing and collection of the bytes read
   * and dropped. At most one per thread reading at a time, so all of them together hold at most
   * half the prefetch budget.
   */
  private byte[] scratch(int length) {
    byte[] buf = scratch.poll();
    if (buf == null || buf.length < length) {
      int grown = buf == null ? length : (int) Math.min(maxScratch, 2L * buf.length);
      buf = new byte[Math.max(length, grown)];
    }
    return buf;
  }

  /**
   * Whether the storage is a local disk, where the consumer reads chunks itself rather than wait.
   */
  boolean readsOnCaller() {
    return local;
  }

  /**
   * Runs a task in the read's group (for reading file indexes concurrently); waiting for the future
   * on a pool thread runs it there if no thread has started it.
   */
  <T> Future<T> call(Callable<T> task) {
    return pool.submit(task);
  }

  /** The next finished chunk, or null if none has finished. */
  Chunk poll() {
    return done.poll();
  }

  /**
   * The next finished chunk, waiting for it.
   *
   * @throws InterruptedException if the thread is interrupted or the fetcher closed while waiting
   */
  Chunk take() throws InterruptedException {
    while (true) {
      Chunk c = done.poll();
      // A consumer that is a thread of the pools reads chunks no thread has started meanwhile,
      // so the read finishes however few I/O threads there are.
      if (c == null && !pool.helpOne()) {
        c = done.poll(100, TimeUnit.MILLISECONDS);
      }
      if (c != null) {
        return c;
      }
      if (closed) {
        throw new InterruptedException("the BLOB read was closed");
      }
      if (Thread.interrupted()) {
        throw new InterruptedException("interrupted while waiting for a BLOB range");
      }
    }
  }

  /** The shared open handle of a file, opened on first use. */
  InputFile file(String uri) throws IOException {
    InputFile f = open.get(uri);
    if (f != null) {
      return f;
    }
    InputFile opened = io.newInputFile(uri);
    InputFile raced = open.putIfAbsent(uri, opened);
    if (raced != null) {
      opened.close();
      return raced;
    }
    if (closed) {
      // close() may have swept the map before this file was added.
      opened.close();
      throw new IOException("the BLOB read was closed");
    }
    return opened;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    synchronized (readerLock) {
      if (reader != null) {
        reader.interrupt();
      }
    }
    // Waits for running reads; a FileIO that ignores interrupts finishes its current request.
    pool.close();
    for (InputFile f : open.values()) {
      try {
        f.close();
      } catch (IOException e) {
        // nothing more was going to be read from it
      }
    }
    open.clear();
    done.clear();
    // Drop the buffers, which an iterator kept after close would otherwise hold (a loop rather
    // than clear(), which links a lambda on the first read of a process).
    while (scratch.poll() != null) {
      continue;
    }
  }
}
