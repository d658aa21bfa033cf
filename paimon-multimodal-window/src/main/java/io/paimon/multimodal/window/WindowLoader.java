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
package io.paimon.multimodal.window;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Batches, shuffles and prefetches the samples of a {@link ContiguousWindowDataset} on worker
 * threads, as a PyTorch {@code DataLoader} does.
 *
 * <pre>{@code
 * WindowLoader loader = WindowLoader.builder(dataset).batchSize(32).shuffle().seed(42).build();
 * for (long epoch = 0; epoch < 10; epoch++) {
 *   try (WindowLoader.Batches batches = loader.epoch(epoch)) {
 *     while (batches.hasNext()) {
 *       Map<String, Object> batch = batches.next(); // e.g. "action" -> Tensor (32, 16, 7)
 *       train(batch);
 *     }
 *   }
 * }
 * }</pre>
 *
 * <p>Batch {@code k} of an epoch holds the samples at positions {@code [k * batchSize, (k + 1) *
 * batchSize)} of the epoch's order (the last batch may be shorter unless {@link Builder#dropLast()}
 * drops it), read with one {@link ContiguousWindowDataset#getItems(int...)} call so their reads
 * coalesce, and passed through the collate function. The order is {@code 0 .. size - 1}, or with
 * {@link Builder#shuffle()} a permutation determined by the seed and the epoch alone.
 *
 * <p>The loader is immutable and thread-safe; several epochs may be iterated at once, each by its
 * own {@link Batches}, which owns and stops its threads.
 */
public final class WindowLoader {

  private final Builder options;
  private final int size;

  private WindowLoader(Builder options) {
    this.options = options;
    this.size = options.dataset.size();
  }

  /**
   * A builder with the defaults: batch size 1, no shuffle, seed 0, the last short batch kept,
   * {@code min(4, availableProcessors)} workers, 2 batches prefetched per worker, {@link
   * #defaultCollate}.
   *
   * @throws NullPointerException if {@code dataset} is null
   */
  public static Builder builder(ContiguousWindowDataset dataset) {
    return new Builder(
        Objects.requireNonNull(dataset, "dataset"),
        1,
        false,
        0,
        false,
        Math.min(4, Runtime.getRuntime().availableProcessors()),
        2,
        WindowLoader::defaultCollate);
  }

  /** The number of batches in each epoch. */
  public int batchCount() {
    int full = size / options.batchSize;
    return options.dropLast || size % options.batchSize == 0 ? full : full + 1;
  }

  /**
   * Starts computing the batches of epoch {@code epoch} on worker threads of their own; the caller
   * must exhaust or {@link Batches#close() close} the result.
   */
  public Batches epoch(long epoch) {
    int[] order = null;
    if (options.shuffle) {
      order = new int[size];
      for (int i = 0; i < size; i++) {
        order[i] = i;
      }
      SplittableRandom random = new SplittableRandom(options.seed * 0x9E3779B97F4A7C15L + epoch);
      for (int i = size - 1; i > 0; i--) {
        int j = random.nextInt(i + 1);
        int swap = order[i];
        order[i] = order[j];
        order[j] = swap;
      }
    }
    return new Batches(options, order, size, batchCount());
  }

  /**
   * The default collate function, as PyTorch's for a batch of dicts: for each key, in the first
   * sample's order, the values of all samples stacked with {@link Tensor#stack} (batch dimension
   * first) if they are all tensors, otherwise an unmodifiable list of them in sample order (nulls
   * kept). Returns an unmodifiable map; the samples are not modified.
   *
   * @throws IllegalArgumentException if {@code samples} is empty, naming the sample index and the
   *     key if a sample's keys differ from sample 0's, or naming the key if its tensors cannot be
   *     stacked
   */
  public static Map<String, Object> defaultCollate(List<Map<String, Object>> samples) {
    if (samples.isEmpty()) {
      throw new IllegalArgumentException("samples must not be empty");
    }
    Map<String, Object> first = samples.get(0);
    for (int i = 1; i < samples.size(); i++) {
      Map<String, Object> sample = samples.get(i);
      for (String key : first.keySet()) {
        if (!sample.containsKey(key)) {
          throw new IllegalArgumentException("sample " + i + " has no key '" + key + "'");
        }
      }
      if (sample.size() != first.size()) {
        for (String key : sample.keySet()) {
          if (!first.containsKey(key)) {
            throw new IllegalArgumentException(
                "sample " + i + " has key '" + key + "', which sample 0 does not have");
          }
        }
      }
    }
    Map<String, Object> batch = new LinkedHashMap<>();
    for (String key : first.keySet()) {
      List<Object> values = new ArrayList<>(samples.size());
      boolean tensors = true;
      for (Map<String, Object> sample : samples) {
        Object value = sample.get(key);
        tensors &= value instanceof Tensor;
        values.add(value);
      }
      batch.put(key, tensors ? stack(key, values) : Collections.unmodifiableList(values));
    }
    return Collections.unmodifiableMap(batch);
  }

  private static Tensor stack(String key, List<Object> values) {
    List<Tensor> tensors = new ArrayList<>(values.size());
    for (Object value : values) {
      tensors.add((Tensor) value);
    }
    try {
      return Tensor.stack(tensors);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("key '" + key + "': " + e.getMessage(), e);
    }
  }

  /**
   * Options of a {@link WindowLoader}. Immutable: every setter returns a new builder, so a builder
   * may be shared and refined in different ways. Thread-safe.
   */
  public static final class Builder {

    private final ContiguousWindowDataset dataset;
    private final int batchSize;
    private final boolean shuffle;
    private final long seed;
    private final boolean dropLast;
    private final int workers;
    private final int prefetchBatches;
    private final Function<List<Map<String, Object>>, Map<String, Object>> collate;

    private Builder(
        ContiguousWindowDataset dataset,
        int batchSize,
        boolean shuffle,
        long seed,
        boolean dropLast,
        int workers,
        int prefetchBatches,
        Function<List<Map<String, Object>>, Map<String, Object>> collate) {
      this.dataset = dataset;
      this.batchSize = batchSize;
      this.shuffle = shuffle;
      this.seed = seed;
      this.dropLast = dropLast;
      this.workers = workers;
      this.prefetchBatches = prefetchBatches;
      this.collate = collate;
    }

    /**
     * Samples per batch (default 1).
     *
     * @throws IllegalArgumentException if {@code batchSize <= 0}
     */
    public Builder batchSize(int batchSize) {
      checkPositive("batchSize", batchSize);
      return new Builder(
          dataset, batchSize, shuffle, seed, dropLast, workers, prefetchBatches, collate);
    }

    /** Visits the samples of each epoch in a permutation determined by the seed and the epoch. */
    public Builder shuffle() {
      return new Builder(
          dataset, batchSize, true, seed, dropLast, workers, prefetchBatches, collate);
    }

    /** The shuffle seed (default 0); without {@link #shuffle()} it has no effect. */
    public Builder seed(long seed) {
      return new Builder(
          dataset, batchSize, shuffle, seed, dropLast, workers, prefetchBatches, collate);
    }

    /** Drops the last batch of an epoch if it is shorter than the batch size. */
    public Builder dropLast() {
      return new Builder(
          dataset, batchSize, shuffle, seed, true, workers, prefetchBatches, collate);
    }

    /**
     * Worker threads per epoch (default {@code min(4, availableProcessors)}); fewer are started
     * when an epoch has fewer batches.
     *
     * @throws IllegalArgumentException if {@code workers < 1}
     */
    public Builder workers(int workers) {
      checkPositive("workers", workers);
      return new Builder(
          dataset, batchSize, shuffle, seed, dropLast, workers, prefetchBatches, collate);
    }

    /**
     * Batches in flight or ready, per worker (default 2): at most {@code workers * prefetchBatches}
     * batches are begun ahead of the consumer, which bounds memory.
     *
     * @throws IllegalArgumentException if {@code prefetchBatches < 1}
     */
    public Builder prefetchBatches(int prefetchBatches) {
      checkPositive("prefetchBatches", prefetchBatches);
      return new Builder(
          dataset, batchSize, shuffle, seed, dropLast, workers, prefetchBatches, collate);
    }

    /**
     * Turns a batch's samples into the batch (default {@link WindowLoader#defaultCollate}). It runs
     * on worker threads, several at once, so it must be thread-safe.
     *
     * @throws NullPointerException if {@code collate} is null
     */
    public Builder collate(Function<List<Map<String, Object>>, Map<String, Object>> collate) {
      Objects.requireNonNull(collate, "collate");
      return new Builder(
          dataset, batchSize, shuffle, seed, dropLast, workers, prefetchBatches, collate);
    }

    /** A loader with these options; it reads the dataset's size once, now. */
    public WindowLoader build() {
      return new WindowLoader(this);
    }

    private static void checkPositive(String name, int value) {
      if (value < 1) {
        throw new IllegalArgumentException(name + " must be at least 1, is " + value);
      }
    }
  }

  /**
   * The batches of one epoch, in batch order, computed ahead by worker threads named {@code
   * "paimon-window-loader #i"} (daemons) that this object owns: at most {@code workers *
   * prefetchBatches} batches are begun before the consumer takes them.
   *
   * <p>If building batch {@code k} fails (in the dataset or the collate function), the {@link
   * #next()} that would have returned batch {@code k} throws: a {@link RuntimeException} or {@link
   * Error} as it was thrown, an {@link IOException} wrapped in an {@link UncheckedIOException}, any
   * other checked exception in an {@link IllegalStateException}; after that the iterator is
   * finished and its threads stopped.
   *
   * <p>One consumer thread calls {@link #hasNext()} and {@link #next()}. {@link #close()} may come
   * from any thread: it stops the workers (interrupting them), waits until they have ended, and is
   * idempotent; a {@code next()} waiting at that moment throws {@link IllegalStateException}.
   * Returning the last batch closes it too. No worker outlives {@code close()}, though a dataset
   * read that ignores interrupts delays it.
   */
  public static final class Batches implements Iterator<Map<String, Object>>, AutoCloseable {

    private final ContiguousWindowDataset dataset;
    private final Function<List<Map<String, Object>>, Map<String, Object>> collate;
    private final int batchSize;
    private final int[] order;
    private final int size;
    private final int batchCount;
    private final Semaphore ahead;
    private final AtomicInteger claimed = new AtomicInteger();
    private final Map<Integer, CompletableFuture<Map<String, Object>>> results =
        new ConcurrentHashMap<>();
    private final Thread[] threads;
    private volatile boolean closed;
    private int delivered;
    private boolean failed;

    private Batches(Builder options, int[] order, int size, int batchCount) {
      this.dataset = options.dataset;
      this.collate = options.collate;
      this.batchSize = options.batchSize;
      this.order = order;
      this.size = size;
      this.batchCount = batchCount;
      this.ahead = new Semaphore(options.workers * options.prefetchBatches);
      this.threads = new Thread[Math.min(options.workers, batchCount)];
      for (int i = 0; i < threads.length; i++) {
        threads[i] = new Thread(this::work, "paimon-window-loader #" + i);
        threads[i].setDaemon(true);
      }
      for (Thread thread : threads) {
        thread.start();
      }
    }

    /** Whether another batch follows; false once exhausted, failed or closed. */
    @Override
    public boolean hasNext() {
      return !failed && !closed && delivered < batchCount;
    }

    /**
     * The next batch, waiting for it if needed.
     *
     * @throws NoSuchElementException if there is none ({@link #hasNext()} is false)
     * @throws IllegalStateException if interrupted or closed while waiting (the iterator is then
     *     finished), or wrapping a checked exception of the batch's computation
     */
    @Override
    public Map<String, Object> next() {
      if (!hasNext()) {
        throw new NoSuchElementException("no more batches (" + delivered + " delivered)");
      }
      int k = delivered;
      CompletableFuture<Map<String, Object>> result = result(k);
      Map<String, Object> batch;
      try {
        if (closed) {
          throw new CancellationException();
        }
        batch = result.get();
      } catch (CancellationException e) {
        throw new IllegalStateException("batches closed while waiting for batch " + k, e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        failed = true;
        close();
        throw new IllegalStateException("interrupted while waiting for batch " + k, e);
      } catch (ExecutionException e) {
        failed = true;
        close();
        throw rethrow(e.getCause(), k);
      }
      results.remove(k);
      delivered++;
      ahead.release();
      if (delivered == batchCount) {
        close();
      }
      return batch;
    }

    /**
     * Stops the workers and waits for them to end; batches not taken are dropped. Idempotent. If
     * the calling thread is interrupted meanwhile, it still waits and keeps its interrupt status.
     */
    @Override
    public void close() {
      closed = true;
      // Cancelled before the interrupts, so a waiting consumer sees the close, not the failure
      // the interrupt causes in a read.
      for (CompletableFuture<Map<String, Object>> result : results.values()) {
        result.cancel(false);
      }
      for (Thread thread : threads) {
        thread.interrupt();
      }
      boolean interrupted = false;
      for (Thread thread : threads) {
        while (thread != Thread.currentThread()) {
          try {
            thread.join();
            break;
          } catch (InterruptedException e) {
            interrupted = true;
          }
        }
      }
      results.clear();
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }

    private void work() {
      while (!closed) {
        try {
          ahead.acquire();
        } catch (InterruptedException e) {
          return;
        }
        int k = claimed.getAndIncrement();
        if (k >= batchCount) {
          ahead.release();
          return;
        }
        CompletableFuture<Map<String, Object>> result = result(k);
        try {
          result.complete(collate.apply(dataset.getItems(indices(k))));
        } catch (Throwable e) {
          // Handed to the consumer, which rethrows it at batch k.
          result.completeExceptionally(e);
        }
      }
    }

    private CompletableFuture<Map<String, Object>> result(int k) {
      return results.computeIfAbsent(k, key -> new CompletableFuture<>());
    }

    private int[] indices(int k) {
      int from = k * batchSize;
      int to = (int) Math.min((long) from + batchSize, size);
      int[] indices = new int[to - from];
      for (int i = 0; i < indices.length; i++) {
        indices[i] = order == null ? from + i : order[from + i];
      }
      return indices;
    }

    private static RuntimeException rethrow(Throwable cause, int k) {
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      if (cause instanceof IOException) {
        return new UncheckedIOException("batch " + k + " failed", (IOException) cause);
      }
      return new IllegalStateException("batch " + k + " failed", cause);
    }
  }
}
