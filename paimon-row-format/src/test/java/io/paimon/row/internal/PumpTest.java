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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Pump}: steps run one at a time and in order on any executor, a consumer runs a step no
 * thread has started, and {@link Pump#stop()} waits for a running step and lets none start after.
 */
@Timeout(120) // a pump that cannot progress hangs its consumer: fail instead
class PumpTest {

  /** Items 0, 1, 2, ... produced while there is room; room is handed back by the consumer. */
  private static final class Producer implements Pump.Step {
    final int total;
    final Semaphore room;
    final ConcurrentLinkedQueue<Integer> out = new ConcurrentLinkedQueue<>();
    final AtomicInteger running = new AtomicInteger();
    final AtomicInteger maxRunning = new AtomicInteger();
    int next;

    Producer(int total, int room) {
      this.total = total;
      this.room = new Semaphore(room);
    }

    @Override
    public boolean run() {
      maxRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
      try {
        if (next >= total || !room.tryAcquire()) {
          return false;
        }
        out.add(next++);
        return next < total;
      } finally {
        running.decrementAndGet();
      }
    }
  }

  /** Consumes every item as a reader does: signal after freeing room, help before waiting. */
  private static List<Integer> consume(Producer p, Pump pump) {
    List<Integer> got = new ArrayList<>();
    while (got.size() < p.total) {
      Integer item = p.out.poll();
      if (item == null) {
        pump.signal();
        if (!pump.helpOnce()) {
          Thread.onSpinWait();
        }
        continue;
      }
      got.add(item);
      p.room.release();
      pump.signal();
    }
    return got;
  }

  private static List<Integer> upTo(int n) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(i);
    }
    return out;
  }

  @Test
  void stepsRunOneAtATimeInOrderOnExecutorsOfEverySizeAndLoad() throws Exception {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    for (int round = 0; round < 300; round++) {
      int threads = 1 + random.nextInt(3);
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      CountDownLatch release = new CountDownLatch(1);
      try {
        // Sometimes every thread of the pool is busy for the whole read.
        if (random.nextBoolean()) {
          for (int t = 0; t < threads; t++) {
            pool.execute(
                () -> {
                  try {
                    release.await();
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                });
          }
        }
        Producer p = new Producer(2_000 + random.nextInt(2_000), 1 + random.nextInt(5));
        Pump pump = new Pump("test", pool, p);
        pump.signal();
        assertThat(consume(p, pump)).as("seed %d round %d", seed, round).isEqualTo(upTo(p.total));
        assertThat(p.maxRunning.get()).as("seed %d: one step at a time", seed).isEqualTo(1);
        pump.stop();
      } finally {
        release.countDown();
        pool.shutdown();
        assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
      }
    }
  }

  @Test
  void aConsumerRunsAQueuedStepThatNoThreadStarted() {
    List<Runnable> queued = new ArrayList<>();
    Producer p = new Producer(3, 3);
    Pump pump = new Pump("parked", queued::add, p);
    pump.signal();
    pump.signal();
    assertThat(queued).as("one task in the executor at a time").hasSize(1);
    assertThat(queued.get(0)).hasToString("parked");
    assertThat(pump.helpOnce()).isTrue();
    assertThat(p.out).containsExactly(0);
    assertThat(queued).as("the task still queued takes the rest").hasSize(1);
    queued.get(0).run();
    assertThat(p.out).containsExactly(0, 1, 2);
    assertThat(pump.helpOnce()).as("nothing queued").isFalse();
  }

  @Test
  void stopWaitsForTheRunningStepAndNoStepStartsAfterIt() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      CountDownLatch inStep = new CountDownLatch(1);
      CountDownLatch finish = new CountDownLatch(1);
      AtomicInteger steps = new AtomicInteger();
      AtomicBoolean stepDone = new AtomicBoolean();
      Pump pump =
          new Pump(
              "blocking",
              pool,
              () -> {
                if (steps.incrementAndGet() == 1) {
                  inStep.countDown();
                  try {
                    finish.await();
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                  stepDone.set(true);
                }
                return true;
              });
      pump.signal();
      assertThat(inStep.await(5, TimeUnit.SECONDS)).isTrue();
      Thread stopper = new Thread(pump::stop);
      stopper.start();
      stopper.join(100);
      assertThat(stopper.isAlive()).as("stop waits for the step").isTrue();
      finish.countDown();
      stopper.join(5_000);
      assertThat(stopper.isAlive()).isFalse();
      assertThat(stepDone.get()).isTrue();
      pump.signal();
      assertThat(pump.helpOnce()).isFalse();
      Thread.sleep(50);
      assertThat(steps.get()).as("no step after stop").isEqualTo(1);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aStepThatThrowsLeavesThePumpUsableAndStoppable() {
    List<Runnable> queued = new ArrayList<>();
    AtomicInteger steps = new AtomicInteger();
    Pump pump =
        new Pump(
            "throwing",
            queued::add,
            () -> {
              if (steps.incrementAndGet() == 1) {
                throw new IllegalStateException("broken step");
              }
              return false;
            });
    pump.signal();
    assertThatThrownBy(pump::helpOnce).hasMessage("broken step");
    pump.signal();
    assertThat(pump.helpOnce()).as("the pump is idle again, not stuck running").isTrue();
    assertThat(steps.get()).isEqualTo(2);
    pump.stop();
    pump.signal();
    assertThat(pump.helpOnce()).as("stopped").isFalse();
  }
}
