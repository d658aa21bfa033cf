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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.TaskGroup;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link TaskGroupImpl} on a connection's pools: the limit, the start order, help by waiting pool
 * threads (nested waits finish on one-thread pools), no help by other threads, failures, close and
 * a shut-down pool.
 */
@Timeout(120) // a wait that cannot progress hangs: fail instead
class TaskGroupTest {

  private ConnectionExecutors executors;

  @BeforeEach
  void open() {
    executors = new ConnectionExecutors(1, 1);
  }

  @AfterEach
  void close() {
    assertThat(executors.close(Duration.ofSeconds(10))).isTrue();
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  @Test
  void atMostTheLimitRunAtOnceInSubmissionOrder() throws Exception {
    ConnectionExecutors wide = new ConnectionExecutors(8, 2);
    try (TaskGroup group = wide.newIoGroup("limited", 3)) {
      AtomicInteger active = new AtomicInteger();
      AtomicInteger most = new AtomicInteger();
      List<Integer> started = Collections.synchronizedList(new ArrayList<>());
      List<Future<Integer>> futures = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        int n = i;
        futures.add(
            group.submit(
                () -> {
                  started.add(n);
                  most.accumulateAndGet(active.incrementAndGet(), Math::max);
                  sleep(2);
                  active.decrementAndGet();
                  return n * n;
                }));
      }
      for (int i = 0; i < 40; i++) {
        assertThat(futures.get(i).get(10, TimeUnit.SECONDS)).isEqualTo(i * i);
      }
      assertThat(most.get()).isEqualTo(3);
      // Tasks start in order; three run at once, so neighbours may swap their first lines.
      for (int i = 0; i < 40; i++) {
        assertThat(started.indexOf(i)).isBetween(i - 2, i + 2);
      }
    } finally {
      assertThat(wide.close(Duration.ofSeconds(10))).isTrue();
    }
  }

  @Test
  void aLimitOfOneRunsTasksOneAfterAnotherInOrder() throws Exception {
    ConnectionExecutors wide = new ConnectionExecutors(4, 2);
    try (TaskGroup serial = wide.newIoGroup("serial", 1)) {
      List<Integer> order = Collections.synchronizedList(new ArrayList<>());
      List<Future<?>> futures = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        int n = i;
        futures.add(serial.submit(() -> order.add(n)));
      }
      for (Future<?> f : futures) {
        f.get(10, TimeUnit.SECONDS);
      }
      List<Integer> expected = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        expected.add(i);
      }
      assertThat(order).isEqualTo(expected);
    } finally {
      assertThat(wide.close(Duration.ofSeconds(10))).isTrue();
    }
  }

  @Test
  void nestedWaitsFinishOnOneThreadPools() throws Exception {
    // Each level is a task on the one I/O thread that waits for tasks of the next level, which
    // need that same thread: only a waiter running them itself gets anywhere.
    try (TaskGroup outer = executors.newIoGroup("outer", 3);
        TaskGroup inner = executors.newIoGroup("inner", 2);
        TaskGroup decode = executors.newDecodeGroup("leaf", 1)) {
      List<Future<Long>> outers = new ArrayList<>();
      for (int o = 0; o < 3; o++) {
        int base = o * 100;
        outers.add(
            outer.submit(
                () -> {
                  List<Future<Long>> mids = new ArrayList<>();
                  for (int m = 0; m < 4; m++) {
                    int at = base + m;
                    mids.add(
                        inner.submit(
                            () -> {
                              Future<Long> leaf = decode.submit(() -> (long) at * 2);
                              return leaf.get() + 1;
                            }));
                  }
                  long sum = 0;
                  for (Future<Long> f : mids) {
                    sum += f.get();
                  }
                  return sum;
                }));
      }
      long total = 0;
      for (Future<Long> f : outers) {
        total += f.get(30, TimeUnit.SECONDS);
      }
      // sum over o in 0..2, m in 0..3 of 2 * (100 o + m) + 1
      assertThat(total).isEqualTo(2 * (4 * 300 + 3 * 6) + 12);
    }
  }

  @Test
  void aConsumerOnAPoolThreadHelpsThroughHelpOne() throws Exception {
    try (TaskGroup reads = executors.newIoGroup("reads", 4);
        TaskGroup consumer = executors.newIoGroup("consumer", 1)) {
      java.util.concurrent.LinkedBlockingQueue<Integer> done =
          new java.util.concurrent.LinkedBlockingQueue<>();
      Future<Integer> sum =
          consumer.submit(
              () -> {
                for (int i = 0; i < 10; i++) {
                  int n = i;
                  reads.submit(() -> done.add(n));
                }
                int s = 0;
                for (int got = 0; got < 10; got++) {
                  Integer n;
                  while ((n = done.poll()) == null) {
                    if (!reads.helpOne()) {
                      n = done.poll(50, TimeUnit.MILLISECONDS);
                      if (n != null) {
                        break;
                      }
                    }
                  }
                  s += n;
                }
                return s;
              });
      assertThat(sum.get(30, TimeUnit.SECONDS)).isEqualTo(45);
    }
  }

  @Test
  void aThreadOutsideThePoolsWaitsAndDoesNotRunTasks() throws Exception {
    try (TaskGroup group = executors.newIoGroup("outside", 2)) {
      Future<String> f = group.submit(() -> Thread.currentThread().getName());
      assertThat(group.helpOne()).isFalse();
      assertThat(f.get(10, TimeUnit.SECONDS)).matches("paimon-io-\\d+-\\d+");
    }
  }

  @Test
  void aTaskFailureReachesTheCallerAsTheCause() throws Exception {
    try (TaskGroup group = executors.newDecodeGroup("failing", 2)) {
      IllegalStateException boom = new IllegalStateException("boom");
      Future<Object> f =
          group.submit(
              () -> {
                throw boom;
              });
      assertThatThrownBy(() -> f.get(10, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .hasCause(boom);
      assertThat(group.submit(() -> 7).get(10, TimeUnit.SECONDS)).isEqualTo(7);
    }
  }

  @Test
  void closeCancelsPendingTasksInterruptsRunningOnesAndWaits() throws Exception {
    TaskGroup group = executors.newIoGroup("closing", 1);
    CountDownLatch started = new CountDownLatch(1);
    AtomicInteger interrupted = new AtomicInteger();
    Future<?> running =
        group.submit(
            () -> {
              started.countDown();
              try {
                Thread.sleep(TimeUnit.MINUTES.toMillis(1));
              } catch (InterruptedException e) {
                interrupted.incrementAndGet();
              }
              return null;
            });
    AtomicInteger ran = new AtomicInteger();
    Future<?> pending = group.submit(ran::incrementAndGet);
    assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
    long start = System.nanoTime();
    group.close();
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(5_000);
    assertThat(interrupted.get()).isEqualTo(1);
    assertThatThrownBy(pending::get).isInstanceOf(CancellationException.class);
    assertThat(running.isDone()).isTrue();
    assertThat(ran.get()).isZero();
    assertThatThrownBy(() -> group.submit(() -> 1))
        .isInstanceOf(RejectedExecutionException.class)
        .hasMessageContaining("closing");
    // The pool thread is not left interrupted: the next task sleeps undisturbed.
    try (TaskGroup next = executors.newIoGroup("next", 1)) {
      assertThat(
              next.submit(
                      () -> {
                        Thread.sleep(5);
                        return Thread.currentThread().isInterrupted();
                      })
                  .get(10, TimeUnit.SECONDS))
          .isFalse();
    }
    group.close();
  }

  @Test
  void getWithATimeoutTimesOutAndCancelStopsAPendingTask() throws Exception {
    try (TaskGroup group = executors.newIoGroup("slow", 1)) {
      CountDownLatch release = new CountDownLatch(1);
      Future<?> blocker = group.submit(() -> release.await(10, TimeUnit.SECONDS));
      Future<Integer> queued = group.submit(() -> 1);
      assertThatThrownBy(() -> queued.get(20, TimeUnit.MILLISECONDS))
          .isInstanceOf(TimeoutException.class);
      assertThat(queued.cancel(false)).isTrue();
      assertThat(queued.isCancelled()).isTrue();
      release.countDown();
      blocker.get(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void afterThePoolsAreShutDownWaitersRunTheTasksThemselves() throws Exception {
    ConnectionExecutors closed = new ConnectionExecutors(2, 2);
    assertThat(closed.close(Duration.ofSeconds(5))).isTrue();
    try (TaskGroup group = closed.newIoGroup("orphan", 2)) {
      Future<String> f = group.submit(() -> Thread.currentThread().getName());
      assertThat(f.get(10, TimeUnit.SECONDS)).isEqualTo(Thread.currentThread().getName());
    }
  }

  @Test
  void rejectsALimitBelowOne() {
    assertThatThrownBy(() -> executors.newIoGroup("none", 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxConcurrent must be at least 1, is 0");
  }
}
