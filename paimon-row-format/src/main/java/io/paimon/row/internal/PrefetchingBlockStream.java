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

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Reads and decompresses blocks in a background thread while the caller decodes, at most {@code
 * readAhead} blocks ahead. Blocks are recycled through a fixed pool, so memory is bounded by {@code
 * readAhead + 2} blocks plus one coalesced read. The thread is owned by this stream: {@link
 * #close()} stops it and waits for it, without interrupting it (an interrupt would close a shared
 * file channel).
 */
final class PrefetchingBlockStream extends BlockStream {

  private static final long POLL_MILLIS = 20;

  private static final class Item {
    final DecodedBlock block;
    final Throwable error;

    Item(DecodedBlock block, Throwable error) {
      this.block = block;
      this.error = error;
    }
  }

  private static final Item END = new Item(null, null);

  /** Offered to {@link #free} by {@link #close()} to wake a producer waiting for a buffer. */
  private static final DecodedBlock WAKE_UP = new DecodedBlock();

  private final BlockProducer producer;
  private final BlockingQueue<DecodedBlock> free = new LinkedBlockingQueue<>();
  private final BlockingQueue<Item> ready;
  private final Thread thread;
  private volatile boolean closed;
  private volatile long bytesRead;
  private DecodedBlock current;
  private boolean finished;

  PrefetchingBlockStream(BlockProducer producer, int readAhead, String name) {
    this.producer = producer;
    this.ready = new ArrayBlockingQueue<>(readAhead + 1);
    for (int i = 0; i < readAhead + 1; i++) {
      free.add(new DecodedBlock());
    }
    this.thread = new Thread(this::run, "paimon-row-readahead " + name);
    thread.setDaemon(true);
    thread.start();
  }

  private void run() {
    try {
      while (!closed) {
        DecodedBlock block = free.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
        if (block == null || closed) {
          continue;
        }
        if (!producer.produce(block)) {
          publish(END);
          return;
        }
        bytesRead = producer.bytesRead();
        publish(new Item(block, null));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Throwable t) {
      try {
        publish(new Item(null, t));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    } finally {
      producer.close();
    }
  }

  private void publish(Item item) throws InterruptedException {
    while (!closed) {
      if (ready.offer(item, POLL_MILLIS, TimeUnit.MILLISECONDS)) {
        return;
      }
    }
  }

  @Override
  DecodedBlock next() throws IOException {
    if (finished) {
      return null;
    }
    if (current != null) {
      free.add(current);
      current = null;
    }
    Item item;
    try {
      item = ready.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting for the next block");
    }
    if (item == END) {
      finished = true;
      return null;
    }
    if (item.error != null) {
      finished = true;
      if (item.error instanceof IOException) {
        throw (IOException) item.error;
      }
      if (item.error instanceof UncheckedIOException) {
        throw ((UncheckedIOException) item.error).getCause();
      }
      if (item.error instanceof Error) {
        throw (Error) item.error;
      }
      throw new IOException("read-ahead failed: " + item.error, item.error);
    }
    current = item.block;
    return current;
  }

  @Override
  long bytesRead() {
    return bytesRead;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    // Wake the producer at once, whether it waits for a free buffer or for room to publish.
    free.add(WAKE_UP);
    ready.clear();
    boolean interrupted = false;
    while (thread.isAlive()) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    ready.clear();
    free.clear();
  }
}
