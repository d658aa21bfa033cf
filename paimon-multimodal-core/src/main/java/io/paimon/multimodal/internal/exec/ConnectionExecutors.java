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

import io.paimon.multimodal.SharedExecutors;
import io.paimon.multimodal.TaskGroup;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link SharedExecutors} a connection owns: an I/O pool and a decode pool ({@link
 * SharedPool}), stopped by {@link #close}. Thread-safe.
 *
 * <p>Defaults: {@link #defaultIoThreads()} is {@code max(64, 4 x processors)}. I/O threads mostly
 * wait (on storage round trips, or for the tasks they wait for), so the pool's size is the most
 * requests in flight at once, not a CPU budget: object stores want 32 concurrent ranged reads by
 * their read hints and scattered BLOB reads 64 or more ({@code docs/blob-reads.md}), and a waiting
 * thread costs only its stack; threads start only when work is waiting. {@link
 * #defaultDecodeThreads()} is the number of processors: decoding is CPU-bound, and more threads
 * than cores only take turns.
 */
public final class ConnectionExecutors implements SharedExecutors {

  private static final Logger LOG = LoggerFactory.getLogger(ConnectionExecutors.class);

  /** The connection option setting the I/O pool's size. */
  public static final String IO_THREADS = "io-threads";

  /** The connection option setting the decode pool's size. */
  public static final String DECODE_THREADS = "decode-threads";

  /** How long {@link #close} waits for running tasks before it interrupts them. */
  public static final Duration CLOSE_WAIT = Duration.ofSeconds(10);

  private static final AtomicInteger CONNECTIONS = new AtomicInteger();

  private final String id;
  private final int ioThreads;
  private final int decodeThreads;
  private final SharedPool io;
  private final SharedPool decode;
  private final Executor ioView;
  private final Executor decodeView;

  /**
   * Pools of the given sizes.
   *
   * @throws IllegalArgumentException if a size is not positive
   */
  public ConnectionExecutors(int ioThreads, int decodeThreads) {
    checkPositive(IO_THREADS, ioThreads);
    checkPositive(DECODE_THREADS, decodeThreads);
    this.id = Integer.toString(CONNECTIONS.incrementAndGet());
    this.ioThreads = ioThreads;
    this.decodeThreads = decodeThreads;
    this.io = new SharedPool("paimon-io-" + id + "-", ioThreads);
    this.decode = new SharedPool("paimon-decode-" + id + "-", decodeThreads);
    this.ioView = view(io);
    this.decodeView = view(decode);
  }

  /**
   * Pools sized by the options {@value #IO_THREADS} and {@value #DECODE_THREADS}, or the defaults.
   *
   * @throws IllegalArgumentException naming the option if a value is not a positive integer
   */
  public static ConnectionExecutors of(Map<String, String> options) {
    return new ConnectionExecutors(
        threads(options, IO_THREADS, defaultIoThreads()),
        threads(options, DECODE_THREADS, defaultDecodeThreads()));
  }

  /** {@code max(64, 4 x availableProcessors)}. */
  public static int defaultIoThreads() {
    return Math.max(64, 4 * Runtime.getRuntime().availableProcessors());
  }

  /** {@code availableProcessors}. */
  public static int defaultDecodeThreads() {
    return Runtime.getRuntime().availableProcessors();
  }

  private static int threads(Map<String, String> options, String key, int fallback) {
    String v = options.get(key);
    if (v == null) {
      return fallback;
    }
    int n;
    try {
      n = Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "connection option " + key + " = '" + v + "' is not a number of threads", e);
    }
    if (n < 1) {
      throw new IllegalArgumentException(
          "connection option " + key + " = '" + v + "' must be at least 1");
    }
    return n;
  }

  private static void checkPositive(String what, int n) {
    if (n < 1) {
      throw new IllegalArgumentException(what + " must be at least 1, is " + n);
    }
  }

  /** An {@link Executor} that cannot be cast back to the pool and shut down. */
  private static Executor view(SharedPool pool) {
    return new Executor() {
      @Override
      public void execute(Runnable task) {
        pool.execute(task);
      }

      @Override
      public String toString() {
        return pool.toString();
      }
    };
  }

  @Override
  public Executor io() {
    return ioView;
  }

  @Override
  public Executor decode() {
    return decodeView;
  }

  @Override
  public int ioThreads() {
    return ioThreads;
  }

  @Override
  public int decodeThreads() {
    return decodeThreads;
  }

  @Override
  public TaskGroup newIoGroup(String name, int maxConcurrent) {
    return new TaskGroupImpl(name, ioView, maxConcurrent);
  }

  @Override
  public TaskGroup newDecodeGroup(String name, int maxConcurrent) {
    return new TaskGroupImpl(name, decodeView, maxConcurrent);
  }

  /** Tasks accepted by either pool and not finished, for tests and close. */
  public int unfinishedTasks() {
    return io.unfinished() + decode.unfinished();
  }

  /**
   * Stops both pools: no task is accepted after this; tasks already queued still run (readers
   * waiting for them run them anyway). Waits up to {@code wait} for all to finish; if some have
   * not, logs a warning naming how many, interrupts them and returns false.
   */
  public boolean close(Duration wait) {
    io.shutdown();
    decode.shutdown();
    long deadline = System.nanoTime() + wait.toNanos();
    boolean interrupted = false;
    boolean done = false;
    while (true) {
      try {
        long left = deadline - System.nanoTime();
        done =
            io.awaitTermination(Math.max(0, left), TimeUnit.NANOSECONDS)
                && decode.awaitTermination(
                    Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (!done) {
      LOG.warn(
          "{}: {} task(s) still running {} s after the connection was closed (a reader not closed"
              + " first?); interrupting them",
          this,
          unfinishedTasks(),
          wait.toSeconds());
      io.shutdownNow();
      decode.shutdownNow();
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    return done;
  }

  @Override
  public String toString() {
    return "executors of connection "
        + id
        + " (io "
        + ioThreads
        + ", decode "
        + decodeThreads
        + ")";
  }
}
