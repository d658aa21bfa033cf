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
package io.paimon.multimodal.parquet.internal;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs the columns of one batch run in up to {@code threads} tasks: all but the first on the
 * executor, the first in the calling thread, which then runs itself every task no thread has
 * started yet and waits only for those already running. So tasks never wait for one another, and
 * any executor works, however busy, even one shut down (the contract of {@code
 * RowFileOptions#executor}). A column's failure is thrown in the calling thread. Thread-safe; one
 * run at a time per caller.
 */
final class ColumnTasks {

  /** Runs shorter than this decode in the calling thread: a task costs more than it saves. */
  static final int MIN_ROWS = 1024;

  /** Decodes one column. */
  interface Column {
    void read(int column) throws IOException;
  }

  private final Executor executor;
  private final int threads;

  ColumnTasks(Executor executor, int threads) {
    this.executor = executor;
    this.threads = Math.max(1, threads);
  }

  /** Reads columns {@code 0..columns-1}, spread round-robin over the tasks. */
  void run(int columns, Column column) throws IOException {
    int n = Math.min(threads, columns);
    if (n < 2) {
      for (int c = 0; c < columns; c++) {
        column.read(c);
      }
      return;
    }
    Task[] tasks = new Task[n];
    for (int t = 0; t < n; t++) {
      tasks[t] = new Task(t, n, columns, column);
    }
    for (int t = 1; t < n; t++) {
      try {
        executor.execute(tasks[t]);
      } catch (RejectedExecutionException e) {
        // Run here below.
      }
    }
    for (Task t : tasks) {
      if (t.claim()) {
        t.runColumns();
      } else {
        t.await();
      }
    }
    for (Task t : tasks) {
      t.rethrow();
    }
  }

  private static final class Task implements Runnable {
    private final int first;
    private final int step;
    private final int columns;
    private final Column column;
    private final AtomicBoolean claimed = new AtomicBoolean();
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile Throwable failure;

    Task(int first, int step, int columns, Column column) {
      this.first = first;
      this.step = step;
      this.columns = columns;
      this.column = column;
    }

    boolean claim() {
      return claimed.compareAndSet(false, true);
    }

    @Override
    public void run() {
      if (claim()) {
        runColumns();
      }
    }

    void runColumns() {
      try {
        for (int c = first; c < columns; c += step) {
          column.read(c);
        }
      } catch (Throwable t) {
        failure = t;
      } finally {
        done.countDown();
      }
    }

    void await() throws IOException {
      try {
        done.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while columns were decoded");
      }
    }

    void rethrow() throws IOException {
      Throwable t = failure;
      if (t == null) {
        return;
      }
      if (t instanceof IOException io) {
        throw io;
      }
      if (t instanceof UncheckedIOException u) {
        throw u.getCause();
      }
      if (t instanceof RuntimeException r) {
        throw r;
      }
      if (t instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(t);
    }
  }
}
