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

import io.paimon.blob.BlobFormat;
import io.paimon.blob.BlobFormatException;
import io.paimon.multimodal.SharedExecutors;
import io.paimon.multimodal.TaskGroup;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.InputFile;
import java.io.IOException;
import java.util.Arrays;
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
 * parallelism} at once: each {@link Chunk} is read with one {@link InputFile#readFully}, its whole
 * units verified and sliced in the same task ({@link PlannedBatch#sliceInFetchThread}), and handed
 * to the consumer through {@link #take}. Open files are shared by all reads of one file (positional
 * reads are thread-safe) and closed with the fetcher. The consumer keeps at most {@link
 * #maxInFlight()} chunks submitted and not yet taken. A consumer that is itself a task of the pools
 * (a BLOB read inside a loader's batch) reads chunks no thread has started while it waits, so the
 * read finishes however few I/O threads there are. {@link #close()} cancels what has not started,
 * interrupts what runs and waits for it to end. Thread-safe.
 */
final class Fetcher implements AutoCloseable {

  /** The prefix of the names of fetch task groups (what thread dumps show them as). */
  static final String GROUP_PREFIX = "paimon-blob-fetch ";

  private final FileIO io;
  private final int parallelism;
  private final TaskGroup pool;
  private final BlockingQueue<Chunk> done = new LinkedBlockingQueue<>();
  private final ConcurrentHashMap<String, InputFile> open = new ConcurrentHashMap<>();
  private volatile boolean closed;
  private final int maxScratch;

  /** Read buffers of finished tasks, for the next ones: at most one per task running at once. */
  private final ConcurrentLinkedQueue<byte[]> spareScratch = new ConcurrentLinkedQueue<>();

  /** The buffer of the task running in this thread (pool threads are shared: set per task). */
  private final ThreadLocal<byte[]> scratch = new ThreadLocal<>();

  /**
   * Creates a fetcher reading on {@code executors}' I/O pool; it closes its task group.
   *
   * @param name names the read's tasks
   * @param prefetchBudget the read's prefetch budget: all tasks together keep at most half of it as
   *     reusable read buffers
   */
  Fetcher(FileIO io, SharedExecutors executors, String name, int parallelism, long prefetchBudget) {
    this.io = io;
    this.parallelism = parallelism;
    this.maxScratch = (int) Math.min(Integer.MAX_VALUE - 64, prefetchBudget / 2 / parallelism);
    this.pool = executors.newIoGroup(GROUP_PREFIX + name, parallelism);
  }

  /** The most chunks the consumer keeps submitted and not yet taken. */
  int maxInFlight() {
    return 2 * parallelism;
  }

  /**
   * Starts reading {@code chunk}; it comes back through {@link #take} with its whole units sliced,
   * with a buffer if units span it and the next chunks, or with an error.
   */
  void submit(Chunk chunk) {
    try {
      pool.submit(
          () -> {
            byte[] outer = scratch.get();
            scratch.set(spareScratch.poll());
            try {
              read(chunk);
            } finally {
              byte[] mine = scratch.get();
              scratch.set(outer);
              if (mine != null && !closed) {
                spareScratch.add(mine);
              }
            }
            done.add(chunk);
            return null;
          });
    } catch (RejectedExecutionException e) {
      if (!closed) {
        throw e;
      }
      // Closed from another thread meanwhile: the consumer's take() reports the close.
    }
  }

  private void read(Chunk chunk) {
    try {
      if (readDirect(chunk)) {
        return;
      }
      boolean reuse = chunk.selfContained() && chunk.length <= maxScratch;
      byte[] buf = reuse ? scratch(chunk.length) : new byte[chunk.length];
      file(chunk.uri).readFully(chunk.offset, buf, 0, chunk.length);
      chunk.buffer = buf;
      PlannedBatch.sliceInFetchThread(chunk);
    } catch (IOException | RuntimeException e) {
      chunk.error = e;
      chunk.buffer = null;
    }
  }

  /**
   * Reads a chunk whose units are all whole scalar entries with one payload each straight into the
   * payloads' own arrays, with one {@link InputFile#readScattered} request (headers, trailers and
   * the gaps between entries go to small or scratch arrays), then verifies each entry: one pass
   * over the bytes fewer than reading the chunk and slicing it. Returns false, having read nothing,
   * for any other chunk.
   */
  private boolean readDirect(Chunk chunk) throws IOException {
    if (!chunk.selfContained()) {
      return false;
    }
    long end = chunk.offset;
    int maxGap = 0;
    for (Unit u : chunk.units) {
      if (u.kind != Unit.Kind.ENTRY || !wholePayload(u) || u.offset < end) {
        return false;
      }
      maxGap = (int) Math.max(maxGap, u.offset - end);
      end = u.end();
    }
    if (end > chunk.end() || chunk.end() - end > maxScratch || maxGap > maxScratch) {
      return false;
    }
    int tail = (int) (chunk.end() - end);
    byte[] gap = scratch(Math.max(1, Math.max(maxGap, tail)));
    int pieces = 3 * chunk.units.size() + chunk.units.size() + 1;
    byte[][] buffers = new byte[pieces][];
    int[] offsets = new int[pieces];
    int[] lengths = new int[pieces];
    byte[][] headers = new byte[chunk.units.size()][];
    byte[][] payloads = new byte[chunk.units.size()][];
    byte[][] trailers = new byte[chunk.units.size()][];
    int n = 0;
    long at = chunk.offset;
    for (int i = 0; i < chunk.units.size(); i++) {
      Unit u = chunk.units.get(i);
      if (u.offset > at) {
        buffers[n] = gap;
        lengths[n++] = (int) (u.offset - at);
      }
      headers[i] = new byte[BlobFormat.ENTRY_HEADER_SIZE];
      payloads[i] = new byte[(int) u.length - BlobFormat.ENTRY_OVERHEAD];
      trailers[i] = new byte[BlobFormat.ENTRY_TRAILER_SIZE];
      buffers[n] = headers[i];
      lengths[n++] = headers[i].length;
      buffers[n] = payloads[i];
      lengths[n++] = payloads[i].length;
      buffers[n] = trailers[i];
      lengths[n++] = trailers[i].length;
      at = u.end();
    }
    if (tail > 0) {
      buffers[n] = gap;
      lengths[n++] = tail;
    }
    file(chunk.uri)
        .readScattered(
            chunk.offset,
            Arrays.copyOf(buffers, n),
            Arrays.copyOf(offsets, n),
            Arrays.copyOf(lengths, n));
    for (int i = 0; i < chunk.units.size(); i++) {
      Unit u = chunk.units.get(i);
      try {
        BlobFormat.verifyEntryParts(headers[i], payloads[i], trailers[i], u.uri, -1, u.offset);
        u.slices = new byte[][] {payloads[i]};
      } catch (BlobFormatException e) {
        u.failure = e;
      }
    }
    return true;
  }

  /** Whether a unit's only target is its entry's whole payload. */
  private static boolean wholePayload(Unit u) {
    if (u.targets.size() != 1 || u.length < BlobFormat.ENTRY_OVERHEAD) {
      return false;
    }
    Target t = u.targets.get(0);
    return t.sliceOffset() == BlobFormat.ENTRY_HEADER_SIZE
        && t.sliceLength() == u.length - BlobFormat.ENTRY_OVERHEAD;
  }

  /**
   * The running task's reusable buffer, grown to {@code length}. A chunk whose units all lie inside
   * it is sliced before the task ends and hands the buffer to the next, so the buffer can be
   * reused: no allocation, zeroing and collection of every fetched byte. At most {@link
   * #maxScratch} bytes per task running at once, so all of them together hold at most half the
   * prefetch budget.
   */
  private byte[] scratch(int length) {
    byte[] buf = scratch.get();
    if (buf == null || buf.length < length) {
      int grown = buf == null ? length : (int) Math.min(maxScratch, 2L * buf.length);
      buf = new byte[Math.max(length, grown)];
      scratch.set(buf);
    }
    return buf;
  }

  /**
   * Runs a task in the read's group (for reading file indexes concurrently); waiting for the future
   * on a pool thread runs it there if no thread has started it.
   */
  <T> Future<T> call(Callable<T> task) {
    return pool.submit(task);
  }

  /**
   * The next finished chunk, waiting for it (and reading chunks no thread has started meanwhile, if
   * the caller is a thread of the pools).
   *
   * @throws InterruptedException if the thread is interrupted or the fetcher closed while waiting
   */
  Chunk take() throws InterruptedException {
    while (true) {
      Chunk c = done.poll();
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
    spareScratch.clear();
  }
}
