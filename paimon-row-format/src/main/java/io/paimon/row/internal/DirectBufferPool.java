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

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A process-wide pool of direct buffers for positional reads into heap arrays.
 *
 * <p>Why: {@code FileChannel.read} into a heap buffer copies through a temporary direct buffer that
 * the JDK caches per thread and sizes to the largest read. A thread that lives for one read (as
 * read-ahead and BLOB fetch threads once did) allocates and zeroes a fresh direct buffer as large
 * as its reads, every time: measured at about half the cost of reading from the page cache; a
 * long-lived pool thread instead keeps one as large as the largest read it ever made, for each of
 * up to 64 I/O threads. Reading through pooled buffers of {@link #BUFFER_SIZE} bytes costs the same
 * copy with neither the allocation nor the per-thread memory. At most {@link #MAX_POOLED} buffers
 * are kept (8 MiB of direct memory); a caller finding the pool empty allocates one, and it is kept
 * only if the pool has room. Thread-safe.
 */
final class DirectBufferPool {

  /** The size of each pooled buffer; a longer read loops over it. */
  static final int BUFFER_SIZE = 256 << 10;

  /** Buffers kept for reuse at most. */
  static final int MAX_POOLED = 32;

  private static final ConcurrentLinkedQueue<ByteBuffer> FREE = new ConcurrentLinkedQueue<>();
  private static final AtomicInteger POOLED = new AtomicInteger();

  private DirectBufferPool() {}

  /** A cleared buffer of {@link #BUFFER_SIZE} bytes; give it back with {@link #release}. */
  static ByteBuffer acquire() {
    ByteBuffer b = FREE.poll();
    if (b == null) {
      return ByteBuffer.allocateDirect(BUFFER_SIZE);
    }
    POOLED.decrementAndGet();
    b.clear();
    return b;
  }

  /** Returns a buffer from {@link #acquire}; the caller must not use it afterwards. */
  static void release(ByteBuffer b) {
    if (POOLED.incrementAndGet() <= MAX_POOLED) {
      FREE.offer(b);
    } else {
      POOLED.decrementAndGet();
    }
  }
}
