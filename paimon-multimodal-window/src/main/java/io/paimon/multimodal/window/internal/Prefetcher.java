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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Reads the batches of an {@link ArrowReader} one or two ahead in a thread of its own, so that
 * decoding overlaps the work done on the batches: each batch's buffers are moved (not copied) into
 * a root the consumer owns and closes, and handed over through a bounded queue ({@value #AHEAD}
 * batches), so memory is bounded by the batch size. A failure of the reader is rethrown by {@link
 * #next()}. {@link #close()} stops the thread, frees the batches not taken and closes the reader.
 * One consumer thread; not otherwise thread-safe.
 */
final class Prefetcher implements AutoCloseable {

  private static final int AHEAD = 2;

  /** The end of the stream, or a failure: a root with no vectors. */
  private static final VectorSchemaRoot END = new VectorSchemaRoot(java.util.List.of());

  private final BlockingQueue<VectorSchemaRoot> queue = new ArrayBlockingQueue<>(AHEAD);
  private final Thread thread;
  private volatile boolean stopped;
  private volatile Throwable failure;
  private boolean ended;

  /** Starts reading; {@code open} creates the reader in the thread. */
  Prefetcher(String name, Supplier<ArrowReader> open, BufferAllocator allocator) {
    this.thread =
        new Thread(
            () -> {
              try (ArrowReader reader = open.get()) {
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
                  if (!offer(copy)) {
                    copy.close();
                    return;
                  }
                }
              } catch (Throwable e) {
                failure = e;
              } finally {
                offer(END);
              }
            },
            name);
    thread.setDaemon(true);
    thread.start();
  }

  private boolean offer(VectorSchemaRoot root) {
    try {
      while (!stopped) {
        if (queue.offer(root, 50, TimeUnit.MILLISECONDS)) {
          return true;
        }
      }
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** The next batch (the caller closes it), or null at the end. */
  VectorSchemaRoot next() {
    if (ended) {
      return null;
    }
    VectorSchemaRoot root;
    try {
      root = queue.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for a batch", e);
    }
    if (root == END) {
      ended = true;
      Throwable e = failure;
      if (e instanceof RuntimeException) {
        throw (RuntimeException) e;
      }
      if (e instanceof Error) {
        throw (Error) e;
      }
      if (e instanceof IOException) {
        throw new UncheckedIOException((IOException) e);
      }
      if (e != null) {
        throw new IllegalStateException(e);
      }
      return null;
    }
    return root;
  }

  @Override
  public void close() {
    stopped = true;
    boolean interrupted = false;
    while (thread.isAlive()) {
      drain();
      try {
        thread.join(10);
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    drain();
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private void drain() {
    VectorSchemaRoot r;
    while ((r = queue.poll()) != null) {
      if (r != END) {
        r.close();
      }
    }
  }
}
