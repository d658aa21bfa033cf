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
package io.paimon.multimodal.window.internal;

import io.paimon.multimodal.SharedExecutors;
import io.paimon.multimodal.TaskGroup;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Reads the batches of an {@link ArrowReader} one or two ahead on the connection's I/O pool, so
 * that decoding overlaps the work done on the batches: each batch's buffers are moved (not copied)
 * into a root the consumer owns and closes. The reads are tasks of a group with a limit of one, so
 * they run one after another in order, {@value #AHEAD} submitted ahead of the consumer, which
 * bounds memory by the batch size; no thread is owned. A consumer that is itself a pool task (the
 * keys of an alignment read inside another read) reads a batch itself if no thread has started it.
 * A failure of the reader is rethrown by {@link #next()}. {@link #close()} cancels the reads not
 * started, waits for the one running (without interrupting it, as a file channel it reads may be
 * shared), frees the batches not taken and closes the reader. One consumer thread; not otherwise
 * thread-safe.
 */
final class Prefetcher implements AutoCloseable {

  private static final int AHEAD = 2;

  /** The end of the stream: a root with no vectors. */
  private static final VectorSchemaRoot END = new VectorSchemaRoot(java.util.List.of());

  private final Supplier<ArrowReader> open;
  private final BufferAllocator allocator;
  private final TaskGroup reads;
  private final ArrayDeque<Future<VectorSchemaRoot>> ahead = new ArrayDeque<>();
  private volatile boolean stopped;

  /** Reads running now; {@link #close()} waits for them rather than interrupt their I/O. */
  private int running;

  /** The batches read and not yet handed to the consumer; {@link #close()} frees them. */
  private final java.util.Set<VectorSchemaRoot> produced =
      java.util.concurrent.ConcurrentHashMap.newKeySet();

  private boolean ended;

  /** The reader, opened by the first read; touched by the group's tasks (one at a time) only. */
  private ArrowReader reader;

  private boolean readerDone;

  /** Starts reading on {@code executors}' I/O pool; {@code open} creates the reader there. */
  Prefetcher(
      String name,
      SharedExecutors executors,
      Supplier<ArrowReader> open,
      BufferAllocator allocator) {
    this.open = open;
    this.allocator = allocator;
    this.reads = executors.newIoGroup(name, 1);
    for (int i = 0; i < AHEAD; i++) {
      ahead.add(reads.submit(this::readOne));
    }
  }

  /** The reader's next non-empty batch, moved into a root of our own; {@link #END} at the end. */
  private VectorSchemaRoot readOne() throws IOException {
    synchronized (this) {
      running++;
    }
    try {
      return read();
    } finally {
      synchronized (this) {
        running--;
        notifyAll();
      }
    }
  }

  private VectorSchemaRoot read() throws IOException {
    if (stopped || readerDone) {
      return END;
    }
    try {
      if (reader == null) {
        reader = open.get();
      }
      while (!stopped && reader.loadNextBatch()) {
        VectorSchemaRoot batch = reader.getVectorSchemaRoot();
        int n = batch.getRowCount();
        if (n == 0) {
          continue;
        }
        // The buffers move to a root of our own; the reader allocates anew.
        VectorSchemaRoot copy = VectorSchemaRoot.create(batch.getSchema(), allocator);
        for (int j = 0; j < batch.getFieldVectors().size(); j++) {
          batch.getVector(j).makeTransferPair(copy.getVector(j)).transfer();
        }
        copy.setRowCount(n);
        // Registered before the future holds it: a close that cancels a finishing read frees it.
        produced.add(copy);
        return copy;
      }
    } catch (IOException | RuntimeException | Error e) {
      closeReader();
      throw e;
    }
    closeReader();
    return END;
  }

  private void closeReader() throws IOException {
    readerDone = true;
    if (reader != null) {
      ArrowReader r = reader;
      reader = null;
      r.close();
    }
  }

  /** The next batch (the caller closes it), or null at the end. */
  VectorSchemaRoot next() {
    if (ended) {
      return null;
    }
    Future<VectorSchemaRoot> f = ahead.poll();
    VectorSchemaRoot root;
    try {
      root = f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for a batch", e);
    } catch (CancellationException e) {
      ended = true;
      throw new IllegalStateException("the read was closed while waiting for a batch", e);
    } catch (ExecutionException e) {
      ended = true;
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      if (cause instanceof IOException) {
        throw new UncheckedIOException((IOException) cause);
      }
      throw new IllegalStateException(cause);
    }
    if (root == END) {
      ended = true;
      return null;
    }
    produced.remove(root);
    if (!stopped) {
      ahead.add(reads.submit(this::readOne));
    }
    return root;
  }

  @Override
  public void close() {
    stopped = true;
    for (Future<VectorSchemaRoot> f : ahead) {
      f.cancel(false);
    }
    boolean interrupted = false;
    // A read that started sees stopped once its batch is done; wait for it rather than let the
    // group's close interrupt it (an interrupt closes a file channel other reads may share).
    synchronized (this) {
      while (running > 0) {
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    }
    ahead.clear();
    // Waits for the read in progress; then every batch read and not taken is freed, including one
    // whose future was cancelled while it finished.
    reads.close();
    for (VectorSchemaRoot r : produced) {
      r.close();
    }
    produced.clear();
    try {
      // The tasks have ended: the reader is ours to close if no task reached its end.
      closeReader();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
