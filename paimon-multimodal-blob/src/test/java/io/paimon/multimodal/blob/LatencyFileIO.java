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
package io.paimon.multimodal.blob;

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.ForwardingFileIO;
import io.paimon.multimodal.fs.ForwardingInputFile;
import io.paimon.multimodal.fs.InputFile;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * A {@link FileIO} wrapper for tests (of the storage a suite runs on): each ranged read ({@link
 * InputFile#readFully}) first sleeps for a per-request latency (fixed or random), then reads
 * through; it counts requests and bytes, the reads running at once, and logs each request. Only
 * ranged reads on files whose path ends in {@code .blob} (or every file, if configured) are delayed
 * and counted, so that a table's metadata reads do not blur the figures; so are the reads of a
 * {@code .blob} file's row index (its end), which a scan makes to find the payloads' ranges before
 * any payload is fetched: reads at or past the index, and reads that end at the end of the file.
 * Thread-safe.
 */
final class LatencyFileIO extends ForwardingFileIO {

  /** One ranged read. */
  record Request(String path, long offset, int length) {}

  private final LongSupplier latencyMicros;
  private final boolean blobFilesOnly;
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong bytes = new AtomicLong();
  private final AtomicInteger running = new AtomicInteger();
  private final AtomicInteger maxRunning = new AtomicInteger();
  private final List<Request> log = new ArrayList<>();
  private final java.util.concurrent.ConcurrentHashMap<String, Long> payloadEnds =
      new java.util.concurrent.ConcurrentHashMap<>();
  private volatile RequestListener listener = r -> {};
  private volatile boolean scatteredReads = true;

  /** A read action that may fail. */
  private interface IoAction {
    void run() throws IOException, InterruptedException;
  }

  /** Called at the start of each counted request, in the fetching thread. */
  interface RequestListener {
    void onRequest(Request r);
  }

  LatencyFileIO(FileIO delegate, LongSupplier latencyMicros, boolean blobFilesOnly) {
    super(delegate);
    this.latencyMicros = latencyMicros;
    this.blobFilesOnly = blobFilesOnly;
  }

  /** No latency, counting only. */
  static LatencyFileIO counting(FileIO delegate) {
    return new LatencyFileIO(delegate, () -> 0, true);
  }

  /** A fixed latency per request. */
  static LatencyFileIO fixed(FileIO delegate, long micros) {
    return new LatencyFileIO(delegate, () -> micros, true);
  }

  /** A latency drawn uniformly from [0, maxMicros) per request, from a seeded generator. */
  static LatencyFileIO random(FileIO delegate, long seed, long maxMicros) {
    Random random = new Random(seed);
    return new LatencyFileIO(
        delegate,
        () -> {
          synchronized (random) {
            return (long) (random.nextDouble() * maxMicros);
          }
        },
        true);
  }

  void listener(RequestListener l) {
    this.listener = l;
  }

  /**
   * Whether {@link InputFile#readScattered} is passed to the wrapped storage's file (on the local
   * file system, pieces read straight into their arrays) or served by the interface's default (one
   * read, then copies); both count as one request.
   */
  LatencyFileIO scatteredReads(boolean direct) {
    this.scatteredReads = direct;
    return this;
  }

  long requests() {
    return requests.get();
  }

  long bytes() {
    return bytes.get();
  }

  int maxRunning() {
    return maxRunning.get();
  }

  int running() {
    return running.get();
  }

  synchronized List<Request> log() {
    return List.copyOf(log);
  }

  synchronized void reset() {
    requests.set(0);
    bytes.set(0);
    maxRunning.set(0);
    log.clear();
  }

  /** Where a {@code .blob} file's entries end and its index begins (from its 5-byte footer). */
  private long payloadEnd(String path, InputFile in) throws IOException {
    Long end = payloadEnds.get(path);
    if (end == null) {
      long length = in.length();
      if (length < 5) {
        return 0;
      }
      byte[] footer = new byte[4];
      in.readFully(length - 5, footer, 0, 4);
      int indexLength =
          (footer[0] & 0xFF)
              | (footer[1] & 0xFF) << 8
              | (footer[2] & 0xFF) << 16
              | (footer[3] & 0xFF) << 24;
      end = Math.max(0, length - 5 - Math.max(0, indexLength));
      payloadEnds.put(path, end);
    }
    return end;
  }

  private boolean counted(String path) {
    return !blobFilesOnly || path.endsWith(".blob");
  }

  @Override
  public InputFile newInputFile(String path) throws IOException {
    InputFile in = delegate.newInputFile(path);
    if (!counted(path)) {
      return in;
    }
    return new ForwardingInputFile(in) {
      @Override
      public void readFully(long position, byte[] buf, int off, int len) throws IOException {
        if (blobFilesOnly && (position >= payloadEnd(path, in) || position + len == in.length())) {
          in.readFully(position, buf, off, len);
          return;
        }
        request(position, len, () -> in.readFully(position, buf, off, len));
      }

      @Override
      public void readScattered(long position, byte[][] buffers, int[] offsets, int[] lengths)
          throws IOException {
        int total = (int) InputFile.checkPieces(buffers, offsets, lengths);
        if (!scatteredReads) {
          // The interface's default: one readFully of the whole range, then copies.
          InputFile.readScatteredByCopy(this, position, buffers, offsets, lengths);
          return;
        }
        request(position, total, () -> in.readScattered(position, buffers, offsets, lengths));
      }

      private void request(long position, int len, IoAction read) throws IOException {
        Request r = new Request(path, position, len);
        synchronized (LatencyFileIO.this) {
          log.add(r);
        }
        requests.incrementAndGet();
        bytes.addAndGet(len);
        listener.onRequest(r);
        int now = running.incrementAndGet();
        maxRunning.accumulateAndGet(now, Math::max);
        try {
          long micros = latencyMicros.getAsLong();
          if (micros > 0) {
            Thread.sleep(micros / 1000, (int) (micros % 1000) * 1000);
          }
          read.run();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("interrupted while waiting for " + path);
        } finally {
          running.decrementAndGet();
        }
      }
    };
  }
}
