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
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Reads and decompresses blocks on a shared executor while the caller decodes, at most {@code
 * readAhead} blocks ahead. Blocks are recycled through a fixed pool, so memory is bounded by {@code
 * readAhead + 1} blocks plus one coalesced read. No thread is owned: the producer is a {@link Pump}
 * that works while it has a free block and is submitted again when the caller has freed about half
 * of them, so a steady read costs one task hand-off per few blocks. A caller that finds no block
 * ready while the producer has not started runs the producer's next step itself, so the read
 * progresses whatever the executor's size or load. {@link #close()} stops the producer and waits
 * for a step in progress, without interrupting it (an interrupt would close a shared file channel).
 * The caller's side is not thread-safe.
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

  private final BlockProducer producer;
  private final BlockingQueue<DecodedBlock> free = new LinkedBlockingQueue<>();
  private final BlockingQueue<Item> ready = new LinkedBlockingQueue<>();
  private final Pump pump;

  /** Free blocks at which the caller wakes an idle producer. */
  private final int refill;

  private volatile boolean closed;
  private volatile long bytesRead;

  /** Whether the producer has published the end or a failure (touched by its steps only). */
  private boolean produced;

  private boolean producerClosed;
  private DecodedBlock current;
  private boolean finished;

  PrefetchingBlockStream(BlockProducer producer, int readAhead, Executor executor, String name) {
    this.producer = producer;
    for (int i = 0; i < readAhead + 1; i++) {
      free.add(new DecodedBlock());
    }
    this.refill = Math.max(1, (readAhead + 1) / 2);
    this.pump = new Pump("paimon-row-readahead " + name, executor, this::produceOne);
    pump.signal();
  }

  /** The producer's step: one block into a free buffer, or the end, or the failure. */
  private boolean produceOne() {
    if (closed || produced) {
      return false;
    }
    DecodedBlock block = free.poll();
    if (block == null) {
      return false;
    }
    try {
      if (!producer.produce(block)) {
        produced = true;
        closeProducer();
        ready.add(END);
        return false;
      }
      bytesRead = producer.bytesRead();
      ready.add(new Item(block, null));
      return true;
    } catch (Throwable t) {
      produced = true;
      closeProducer();
      ready.add(new Item(null, t));
      return false;
    }
  }

  private synchronized void closeProducer() {
    if (!producerClosed) {
      producerClosed = true;
      producer.close();
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
      if (free.size() >= refill) {
        pump.signal();
      }
    }
    Item item;
    try {
      while ((item = ready.poll()) == null) {
        pump.signal();
        if (!pump.helpOnce()) {
          item = ready.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
          if (item != null) {
            break;
          }
        }
      }
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
    pump.stop();
    closeProducer();
    ready.clear();
    free.clear();
  }
}
