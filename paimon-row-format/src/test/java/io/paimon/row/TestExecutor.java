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
package io.paimon.row;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * A fixed pool of daemon threads standing in for an application's shared executor: it records the
 * name of every task it is given (the format names its tasks after the file and the job, as {@code
 * "paimon-row-readahead f.row"}) and counts the tasks not yet finished, so tests can see which
 * readers used it and that nothing of a closed reader still runs. Thread-safe.
 */
final class TestExecutor implements Executor, AutoCloseable {

  /** A pool shared by tests that only need reads to run in the background. */
  static final TestExecutor SHARED = new TestExecutor(3);

  private final ThreadPoolExecutor pool;
  private final Set<String> names = ConcurrentHashMap.newKeySet();
  private final Map<String, AtomicInteger> unfinishedByName = new ConcurrentHashMap<>();
  private final AtomicInteger unfinished = new AtomicInteger();
  private final AtomicInteger tasks = new AtomicInteger();

  TestExecutor(int threads) {
    AtomicInteger n = new AtomicInteger();
    this.pool =
        new ThreadPoolExecutor(
            threads,
            threads,
            0,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            r -> {
              Thread t = new Thread(r, "test-executor-" + n.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
  }

  @Override
  public void execute(Runnable task) {
    String name = task.toString();
    names.add(name);
    AtomicInteger mine = unfinishedByName.computeIfAbsent(name, n -> new AtomicInteger());
    tasks.incrementAndGet();
    unfinished.incrementAndGet();
    mine.incrementAndGet();
    try {
      pool.execute(
          () -> {
            try {
              task.run();
            } finally {
              mine.decrementAndGet();
              unfinished.decrementAndGet();
            }
          });
    } catch (RuntimeException e) {
      mine.decrementAndGet();
      unfinished.decrementAndGet();
      throw e;
    }
  }

  /**
   * The names starting with {@code prefix} of tasks given and not finished, after waiting up to 5 s
   * for them to finish: a closed reader's task still queued finishes at once without doing
   * anything, so what is left is work that did not stop.
   */
  List<String> unfinished(String prefix) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (true) {
      List<String> left = new ArrayList<>();
      unfinishedByName.forEach(
          (name, count) -> {
            if (name.startsWith(prefix) && count.get() > 0) {
              left.add(name);
            }
          });
      if (left.isEmpty() || System.nanoTime() > deadline) {
        return left;
      }
      Thread.yield();
    }
  }

  /** The distinct names of the tasks given so far that start with {@code prefix}. */
  Set<String> taskNames(String prefix) {
    return names.stream()
        .filter(n -> n.startsWith(prefix))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** How many tasks were given so far. */
  int taskCount() {
    return tasks.get();
  }

  /** Waits until every task given so far has finished; false if some still run after 5 s. */
  boolean awaitIdle() {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (unfinished.get() > 0) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      Thread.onSpinWait();
      Thread.yield();
    }
    return true;
  }

  /** Stops accepting tasks (later ones are rejected) without waiting. */
  void shutdown() {
    pool.shutdown();
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
