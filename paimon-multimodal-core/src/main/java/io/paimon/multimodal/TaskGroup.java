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
package io.paimon.multimodal;

import java.util.concurrent.Callable;
import java.util.concurrent.Future;

/**
 * The tasks of one read on one of a connection's pools ({@link SharedExecutors#newIoGroup}, {@link
 * SharedExecutors#newDecodeGroup}): they start in the order they were submitted, at most {@link
 * #maxConcurrent()} of them run at once (on the pool, or in a thread that waits for them, below),
 * and {@link #close()} cancels the ones not started. With a limit of 1 the tasks run one after
 * another, in order, as on a single thread of their own.
 *
 * <p><b>Waiting without deadlock.</b> The pools are bounded, so a task that waits for other tasks
 * (a loader's batch reading BLOBs, a scan waiting for its decoding) could hold the last thread the
 * awaited tasks need. Therefore a thread of the connection's pools that waits for a task of a group
 * runs the group's oldest task that no thread has started itself, whenever the group is under its
 * limit ("caller runs if unclaimed"): {@link Future#get()} on this group's futures does so, and a
 * consumer that waits for results some other way (a queue) calls {@link #helpOne()} before each
 * wait. A thread outside the pools just waits, since it holds no pool thread; so do all threads
 * once the pools are shut down, except that they then run the tasks themselves. Every wait thus
 * either runs work or waits for a task that runs on some thread, and reads finish even with one I/O
 * and one decode thread. One rule remains: a task must not wait for a later task of its own group
 * (with a limit of k, k such tasks would wait for each other).
 *
 * <p>A task's exception reaches whoever calls {@link Future#get()} as the cause of an {@link
 * java.util.concurrent.ExecutionException}. Thread-safe; the caller closes the group.
 */
public interface TaskGroup extends AutoCloseable {

  /**
   * Schedules {@code task}; it runs when the tasks submitted before it have started and fewer than
   * {@link #maxConcurrent()} run.
   *
   * @throws java.util.concurrent.RejectedExecutionException if the group is closed
   */
  <T> Future<T> submit(Callable<T> task);

  /**
   * Called by a thread about to wait for this group's tasks: if it is a thread of the connection's
   * pools (or the pools are shut down), the group's oldest task that no thread has started is under
   * the limit, runs it in the calling thread and returns true; otherwise returns false and the
   * caller may wait, as the tasks it waits for run elsewhere.
   */
  boolean helpOne();

  /** The most tasks of this group running at once. */
  int maxConcurrent();

  /**
   * Cancels the tasks not started (their futures throw {@link
   * java.util.concurrent.CancellationException}), interrupts the running ones and waits until they
   * have ended; no task of the group starts afterwards. Idempotent. If the calling thread is
   * interrupted meanwhile, it still waits and keeps its interrupt status. A running task that
   * ignores interrupts delays the return.
   */
  @Override
  void close();
}
