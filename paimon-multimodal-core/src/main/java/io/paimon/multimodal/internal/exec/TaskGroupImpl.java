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

import io.paimon.multimodal.TaskGroup;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The {@link TaskGroup} of one read on a pool. Tasks wait in a FIFO of their own; the pool is given
 * at most one task per free place under the limit (an "entry", which takes the group's oldest
 * pending task when a thread runs it, and hands the pool another entry when it is done if tasks are
 * left), so a group never floods the pool's queue and tasks of several reads interleave. A thread
 * that helps ({@link #helpOne()}, or {@link Future#get()} on a pool thread) takes the oldest
 * pending task the same way, counted against the same limit; an entry that then finds nothing
 * pending returns at once.
 *
 * <p>Why no deadlock: a waiting pool thread runs pending work itself whenever the group is under
 * its limit, and at the limit the running tasks are each running on some thread, so each wait ends
 * once the tasks it waits for end (by induction over the nesting of reads, as long as no task waits
 * for a later task of its own group). If the pool rejects an entry (its connection was closed), the
 * group is orphaned and every waiting thread, inside the pools or not, runs the pending tasks
 * itself.
 *
 * <p>All state is guarded by this object's monitor, which waiters wait on: every task's end, every
 * freed place and the close notify it. Thread-safe.
 */
public final class TaskGroupImpl implements TaskGroup {

  /** How long a waiter sleeps at most before looking again (a safety net; changes notify). */
  private static final long RECHECK_MILLIS = 100;

  private final String name;
  private final Executor pool;
  private final int limit;
  private final ArrayDeque<Task<?>> pending = new ArrayDeque<>();
  private final List<Task<?>> running = new ArrayList<>();

  /** Entries handed to the pool that have not started yet. */
  private int entries;

  private boolean closed;

  /** The pool rejected an entry: waiting threads run the pending tasks. */
  private boolean orphaned;

  private final Runnable entry =
      new Runnable() {
        @Override
        public void run() {
          runEntry();
        }

        @Override
        public String toString() {
          return name;
        }
      };

  /**
   * A group named {@code name} on {@code pool}, at most {@code limit} tasks at once.
   *
   * @throws IllegalArgumentException if {@code limit < 1}
   */
  public TaskGroupImpl(String name, Executor pool, int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException(
          "maxConcurrent must be at least 1, is " + limit + " (group " + name + ")");
    }
    this.name = java.util.Objects.requireNonNull(name, "name");
    this.pool = java.util.Objects.requireNonNull(pool, "pool");
    this.limit = limit;
  }

  @Override
  public <T> Future<T> submit(Callable<T> task) {
    java.util.Objects.requireNonNull(task, "task");
    Task<T> t = new Task<>(task);
    synchronized (this) {
      if (closed) {
        throw new RejectedExecutionException("task group " + name + " is closed");
      }
      pending.add(t);
      if (!wantsEntry()) {
        return t;
      }
      entries++;
    }
    execute();
    return t;
  }

  @Override
  public int maxConcurrent() {
    return limit;
  }

  /** Whether another entry should be handed to the pool (call with the monitor held). */
  private boolean wantsEntry() {
    return !orphaned && !closed && entries < pending.size() && running.size() + entries < limit;
  }

  private void execute() {
    try {
      pool.execute(entry);
    } catch (RejectedExecutionException e) {
      synchronized (this) {
        entries--;
        orphaned = true;
        notifyAll();
      }
    }
  }

  private void runEntry() {
    Task<?> t;
    synchronized (this) {
      entries--;
      t = claim();
      if (t == null) {
        return;
      }
    }
    runClaimed(t);
  }

  /** The oldest pending task, now running in the calling thread; null if none may start. */
  private Task<?> claim() {
    if (closed || pending.isEmpty() || running.size() >= limit) {
      return null;
    }
    Task<?> t = pending.poll();
    t.runner = Thread.currentThread();
    t.state = Task.RUNNING;
    running.add(t);
    return t;
  }

  private void runClaimed(Task<?> t) {
    boolean more;
    try {
      t.run();
    } finally {
      synchronized (this) {
        running.remove(t);
        more = wantsEntry();
        if (more) {
          entries++;
        }
        notifyAll();
      }
    }
    if (more) {
      execute();
    }
  }

  /** Whether the calling thread may run pending tasks while it waits (monitor held). */
  private boolean mayHelp() {
    return orphaned || PoolThread.current();
  }

  @Override
  public boolean helpOne() {
    Task<?> t;
    synchronized (this) {
      if (!mayHelp() || (t = claim()) == null) {
        return false;
      }
    }
    runClaimed(t);
    return true;
  }

  @Override
  public void close() {
    List<Task<?>> cancelled;
    boolean interrupted = false;
    synchronized (this) {
      closed = true;
      cancelled = new ArrayList<>(pending);
      pending.clear();
      for (Task<?> t : cancelled) {
        t.state = Task.CANCELLED;
      }
      Thread me = Thread.currentThread();
      for (Task<?> t : running) {
        if (t.runner != null && t.runner != me && !t.interruptSent) {
          t.interruptSent = true;
          t.runner.interrupt();
        }
      }
      notifyAll();
      while (runningElsewhere(me)) {
        try {
          wait();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private boolean runningElsewhere(Thread me) {
    for (Task<?> t : running) {
      if (t.runner != me) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "TaskGroup{" + name + ", maxConcurrent=" + limit + "}";
  }

  /** A task of this group and its outcome; its state is guarded by the group's monitor. */
  private final class Task<T> implements Future<T> {
    static final int PENDING = 0;
    static final int RUNNING = 1;
    static final int DONE = 2;
    static final int CANCELLED = 3;

    private final Callable<T> callable;
    int state = PENDING;
    Thread runner;
    boolean interruptSent;
    private T result;
    private Throwable failure;

    Task(Callable<T> callable) {
      this.callable = callable;
    }

    /** Runs the task in the thread that claimed it. */
    void run() {
      T r = null;
      Throwable f = null;
      try {
        r = callable.call();
      } catch (Throwable e) {
        f = e;
      }
      boolean clearInterrupt;
      synchronized (TaskGroupImpl.this) {
        if (state == RUNNING) {
          result = r;
          failure = f;
          state = DONE;
        }
        runner = null;
        clearInterrupt = interruptSent;
      }
      if (clearInterrupt) {
        // The interrupt was meant for this task only, not for what the thread does next.
        Thread.interrupted();
      }
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
      synchronized (TaskGroupImpl.this) {
        if (state == PENDING) {
          pending.remove(this);
          state = CANCELLED;
          TaskGroupImpl.this.notifyAll();
          return true;
        }
        if (state != RUNNING) {
          return false;
        }
        state = CANCELLED;
        if (mayInterruptIfRunning && runner != null && !interruptSent) {
          interruptSent = true;
          runner.interrupt();
        }
        TaskGroupImpl.this.notifyAll();
        return true;
      }
    }

    @Override
    public boolean isCancelled() {
      synchronized (TaskGroupImpl.this) {
        return state == CANCELLED;
      }
    }

    @Override
    public boolean isDone() {
      synchronized (TaskGroupImpl.this) {
        return state == DONE || state == CANCELLED;
      }
    }

    @Override
    public T get() throws InterruptedException, ExecutionException {
      try {
        return await(Long.MAX_VALUE);
      } catch (TimeoutException e) {
        throw new IllegalStateException("unreachable: an untimed wait timed out", e);
      }
    }

    @Override
    public T get(long timeout, TimeUnit unit)
        throws InterruptedException, ExecutionException, TimeoutException {
      return await(unit.toNanos(timeout));
    }

    private T await(long nanos) throws InterruptedException, ExecutionException, TimeoutException {
      long deadline = nanos == Long.MAX_VALUE ? Long.MAX_VALUE : System.nanoTime() + nanos;
      while (true) {
        Task<?> help = null;
        synchronized (TaskGroupImpl.this) {
          if (state == DONE) {
            if (failure != null) {
              throw new ExecutionException(failure);
            }
            return result;
          }
          if (state == CANCELLED) {
            throw new CancellationException("task of group " + name + " was cancelled");
          }
          if (mayHelp()) {
            help = claim();
          }
          if (help == null) {
            long left =
                deadline == Long.MAX_VALUE
                    ? TimeUnit.MILLISECONDS.toNanos(RECHECK_MILLIS)
                    : deadline - System.nanoTime();
            if (left <= 0) {
              throw new TimeoutException("task of group " + name + " did not finish in time");
            }
            long millis =
                Math.max(1, Math.min(RECHECK_MILLIS, TimeUnit.NANOSECONDS.toMillis(left)));
            TaskGroupImpl.this.wait(millis);
          }
        }
        if (help != null) {
          runClaimed(help);
        }
      }
    }
  }
}
