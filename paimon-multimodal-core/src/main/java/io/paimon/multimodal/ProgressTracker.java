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

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts a long operation's progress and reports it to a {@link ProgressListener}: at most every
 * {@link #INTERVAL} while it runs, and once at {@link #finish()}, which also writes the operation's
 * one log line (INFO if it ran {@link #LOG_THRESHOLD} or longer, DEBUG otherwise, on logger {@code
 * io.paimon.multimodal.Progress}). For the operations of this library and of modules built on it.
 *
 * <p>Thread-safe: {@link #add} may be called from many threads at once; a report is made by
 * whichever thread's {@code add} finds the interval passed and gets the report lock, never two at a
 * time, and an {@code add} that finds the lock taken just counts. Counting costs three atomic adds.
 */
public final class ProgressTracker {

  /** The least time between two reports of a running operation. */
  public static final Duration INTERVAL = Duration.ofMillis(200);

  /** How long an operation must run for its closing log line to be INFO rather than DEBUG. */
  public static final Duration LOG_THRESHOLD = Duration.ofSeconds(2);

  private static final Logger LOG = LoggerFactory.getLogger(Progress.class);

  private final String operation;
  private final String unit;
  private final long total;
  private final ProgressListener listener;
  private final long startNanos = System.nanoTime();
  private final AtomicLong count = new AtomicLong();
  private final AtomicLong bytes = new AtomicLong();
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong nextReportNanos;
  private final ReentrantLock reporting = new ReentrantLock();
  private final AtomicBoolean finished = new AtomicBoolean();

  private ProgressTracker(String operation, String unit, long total, ProgressListener listener) {
    this.operation = Objects.requireNonNull(operation, "operation");
    this.unit = Objects.requireNonNull(unit, "unit");
    this.total = total;
    this.listener = Objects.requireNonNull(listener, "listener");
    this.nextReportNanos = new AtomicLong(startNanos + INTERVAL.toNanos());
  }

  /**
   * Starts tracking an operation.
   *
   * @param total the units it will do, or -1 if unknown
   */
  public static ProgressTracker start(
      String operation, String unit, long total, ProgressListener listener) {
    return new ProgressTracker(operation, unit, total, listener);
  }

  /** Counts work done, and reports if the interval since the last report has passed. */
  public void add(long units, long byteCount, long requestCount) {
    if (units != 0) {
      count.addAndGet(units);
    }
    if (byteCount != 0) {
      bytes.addAndGet(byteCount);
    }
    if (requestCount != 0) {
      requests.addAndGet(requestCount);
    }
    long now = System.nanoTime();
    long next = nextReportNanos.get();
    if (now - next >= 0
        && !finished.get()
        && nextReportNanos.compareAndSet(next, now + INTERVAL.toNanos())
        && reporting.tryLock()) {
      try {
        if (!finished.get()) {
          report(false);
        }
      } finally {
        reporting.unlock();
      }
    }
  }

  /** The progress so far. */
  public Progress progress() {
    return snapshot(finished.get());
  }

  /**
   * Ends the operation: the listener's last report and the operation's log line. Later calls do
   * nothing, so a {@code finally} may call it after a success already did.
   */
  public Progress finish() {
    if (!finished.compareAndSet(false, true)) {
      return snapshot(true);
    }
    reporting.lock();
    try {
      Progress last = report(true);
      if (last.elapsed().compareTo(LOG_THRESHOLD) >= 0) {
        LOG.info("{}", last);
      } else {
        LOG.debug("{}", last);
      }
      return last;
    } finally {
      reporting.unlock();
    }
  }

  private Progress report(boolean last) {
    Progress p = snapshot(last);
    try {
      listener.onProgress(p);
    } catch (RuntimeException e) {
      LOG.warn("progress listener of {} failed; the operation goes on", operation, e);
    }
    return p;
  }

  private Progress snapshot(boolean last) {
    return new Progress(
        operation,
        unit,
        count.get(),
        total,
        bytes.get(),
        requests.get(),
        Duration.ofNanos(System.nanoTime() - startNanos),
        last);
  }
}
