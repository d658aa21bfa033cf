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
package io.paimon.multimodal.internal.exec;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One of a connection's pools: at most {@code threads} daemon {@link PoolThread}s named {@code
 * <prefix><n>}, started only when a task arrives and no thread is idle (a plain {@link
 * ThreadPoolExecutor} with a core size starts a new thread for every task until the core is full,
 * which would start 64 I/O threads for a read with 4 requests in flight), ended after {@value
 * #KEEP_ALIVE_SECONDS} s idle. Tasks beyond the threads wait in an unbounded queue: the number of
 * queued tasks is bounded by the readers' own limits ({@code TaskGroup}s, read-ahead), not here. A
 * task's uncaught exception is logged and the thread replaced. Thread-safe.
 */
final class SharedPool extends ThreadPoolExecutor {

  private static final Logger LOG = LoggerFactory.getLogger(SharedPool.class);

  static final long KEEP_ALIVE_SECONDS = 30;

  /** Tasks accepted and not yet finished (queued or running). */
  private final AtomicInteger unfinished = new AtomicInteger();

  private final String prefix;

  SharedPool(String prefix, int threads) {
    super(
        0,
        threads,
        KEEP_ALIVE_SECONDS,
        TimeUnit.SECONDS,
        new HandOffQueue(),
        threadFactory(prefix),
        (task, pool) -> ((SharedPool) pool).queueAnyway(task));
    this.prefix = prefix;
    ((HandOffQueue) getQueue()).pool = this;
  }

  private static java.util.concurrent.ThreadFactory threadFactory(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return task -> {
      Thread t = new PoolThread(task, prefix + n.incrementAndGet());
      t.setDaemon(true);
      t.setUncaughtExceptionHandler(
          (thread, e) -> LOG.warn("task on {} failed and was not handled", thread.getName(), e));
      return t;
    };
  }

  @Override
  public void execute(Runnable task) {
    unfinished.incrementAndGet();
    try {
      super.execute(task);
    } catch (RuntimeException | Error e) {
      unfinished.decrementAndGet();
      throw e;
    }
  }

  @Override
  protected void afterExecute(Runnable task, Throwable failure) {
    unfinished.decrementAndGet();
  }

  /** Tasks accepted and not yet finished. */
  int unfinished() {
    return unfinished.get();
  }

  /** Called when every thread is busy and no thread may be added: the task waits in the queue. */
  private void queueAnyway(Runnable task) {
    if (isShutdown()) {
      throw new RejectedExecutionException(prefix + "* is shut down: its connection was closed");
    }
    ((HandOffQueue) getQueue()).enqueue(task);
  }

  @Override
  public String toString() {
    return prefix + "*";
  }

  /**
   * Declines a task (so the pool starts a thread) while there are fewer threads than unfinished
   * tasks and room for another thread; otherwise queues it for an idle or the next free thread.
   */
  private static final class HandOffQueue extends LinkedBlockingQueue<Runnable> {
    private static final long serialVersionUID = 1L;

    transient SharedPool pool;

    @Override
    public boolean offer(Runnable task) {
      int threads = pool.getPoolSize();
      if (threads < pool.getMaximumPoolSize() && pool.unfinished() > threads) {
        return false;
      }
      return super.offer(task);
    }

    void enqueue(Runnable task) {
      super.offer(task);
    }
  }
}
