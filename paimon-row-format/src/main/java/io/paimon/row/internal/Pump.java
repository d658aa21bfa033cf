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

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs the steps of one producer (read and decompress a block, decode a batch) on a shared {@link
 * Executor}, one step at a time and in order, without a thread of its own. The producer works while
 * it has room (a free buffer or slot) and then ends its task instead of waiting; the consumer
 * {@link #signal}s it when it frees room, and the pump is submitted again.
 *
 * <p><b>Progress with a small or busy executor.</b> A consumer about to wait for the producer calls
 * {@link #helpOnce()} first: if the pump is queued and no thread has started it, the consumer
 * claims it and runs one step itself ("caller runs if unclaimed"). A step never waits for another
 * task, so a pump is always either idle (then a signal queues it), queued (then the consumer runs
 * it), or running on some thread that finishes its step. A read therefore completes even on a
 * one-thread executor whose only thread is busy, or that is itself the consumer, or once the
 * executor has been shut down and rejects tasks.
 *
 * <p>At most one task of a pump is in the executor's queue at a time, and steps on different
 * threads are ordered by this object's monitor, so a step sees everything the previous step wrote.
 * Thread-safe.
 */
final class Pump {

  /** One unit of the producer's work. */
  interface Step {
    /**
     * Does one unit of work; returns false if there is nothing to do now (no room, or finished).
     * Must not throw: a step hands its failure to the consumer as a result.
     */
    boolean run();
  }

  private enum State {
    IDLE,
    QUEUED,
    RUNNING,
    STOPPED
  }

  private final Executor executor;
  private final Step step;

  /** What the pump hands the executor; named after the pump, for thread dumps and tests. */
  private final Runnable task;

  private State state = State.IDLE;

  /** A signal arrived while a step ran: run again even if the step found nothing to do. */
  private boolean again;

  /** Tasks handed to the executor that have not started yet (at most one). */
  private int submitted;

  private boolean stopRequested;
  private Thread runner;

  /**
   * A pump running {@code step}; {@code name} names its tasks ({@code toString()} of what the
   * executor is given), e.g. {@code "paimon-row-readahead f.row"}.
   */
  Pump(String name, Executor executor, Step step) {
    this.executor = executor;
    this.step = step;
    this.task =
        new Runnable() {
          @Override
          public void run() {
            runFromExecutor();
          }

          @Override
          public String toString() {
            return name;
          }
        };
  }

  /** Makes the pump run soon: queues it if idle, or makes a running pump look again. */
  void signal() {
    synchronized (this) {
      if (state == State.RUNNING) {
        again = true;
        return;
      }
      if (state != State.IDLE) {
        return;
      }
      state = State.QUEUED;
      if (submitted > 0) {
        // A task from before is still in the executor's queue: it will find the pump queued.
        return;
      }
      submitted++;
    }
    execute();
  }

  private void execute() {
    try {
      executor.execute(task);
    } catch (RejectedExecutionException e) {
      // The executor was shut down: the pump stays queued, and the consumer's helpOnce runs it.
      synchronized (this) {
        submitted--;
      }
    }
  }

  private void runFromExecutor() {
    synchronized (this) {
      submitted--;
      if (!claim()) {
        return;
      }
    }
    run(Integer.MAX_VALUE);
  }

  /**
   * Runs one step in the calling thread if the pump is queued and no thread has started it; returns
   * whether it did. The consumer calls this before it waits for the producer.
   */
  boolean helpOnce() {
    synchronized (this) {
      if (!claim()) {
        return false;
      }
    }
    run(1);
    return true;
  }

  private boolean claim() {
    if (state != State.QUEUED || stopRequested) {
      return false;
    }
    state = State.RUNNING;
    again = false;
    runner = Thread.currentThread();
    return true;
  }

  private void run(int maxSteps) {
    int steps = 0;
    while (true) {
      boolean more;
      try {
        more = step.run();
      } catch (RuntimeException | Error e) {
        // The step broke its contract: leave the pump usable (or stopped) rather than stuck.
        synchronized (this) {
          release(stopRequested ? State.STOPPED : State.IDLE);
        }
        throw e;
      }
      steps++;
      // Every way out of RUNNING happens in this one critical section, never in a later one: once
      // the lock is released another thread may claim the pump, and a runner that touched the
      // state after that would take the other thread's claim for its own.
      synchronized (this) {
        if (stopRequested) {
          release(State.STOPPED);
          return;
        }
        if (!more && !again) {
          release(State.IDLE);
          return;
        }
        again = false;
        if (steps >= maxSteps) {
          // Back to the executor for the rest; a task still queued from before will take it.
          release(State.QUEUED);
          if (submitted > 0) {
            return;
          }
          submitted++;
          break;
        }
      }
    }
    execute();
  }

  /** Leaves RUNNING; the caller holds the monitor and is the runner. */
  private void release(State next) {
    state = next;
    runner = null;
    if (next == State.STOPPED) {
      notifyAll();
    }
  }

  /**
   * Stops the pump: no step starts after this returns, and a step running on another thread has
   * ended. Does not interrupt it (an interrupt would close a file channel other readers share). If
   * the calling thread is interrupted meanwhile, it still waits and keeps its interrupt status.
   */
  void stop() {
    boolean interrupted = false;
    synchronized (this) {
      stopRequested = true;
      while (state == State.RUNNING && runner != Thread.currentThread()) {
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      state = State.STOPPED;
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
