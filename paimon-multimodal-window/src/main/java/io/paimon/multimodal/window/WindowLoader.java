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

import io.paimon.multimodal.SharedExecutors;
import io.paimon.multimodal.TaskGroup;
import io.paimon.multimodal.window.internal.WindowDatasetImpl;
import io.paimon.row.CloseableIterator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Function;

/**
 * Batches, shuffles and prefetches the samples of a {@link ContiguousWindowDataset} on the
 * connection's I/O pool, {@code workers} batches at once, as a PyTorch {@code DataLoader} does with
 * worker processes.
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
 * <p>Threads: the batches are tasks on the I/O pool of the connection the dataset reads ({@link
 * io.paimon.multimodal.SharedExecutors}); {@code workers} is how many of an epoch's batches are
 * computed at once, not a number of threads of the loader's own, and no thread is started per
 * epoch. A batch's reads inside such a task (row fetches, their decoding, BLOB payloads) run on the
 * same pools and cannot deadlock them however small they are: a task waiting for work no thread has
 * started does it itself. A dataset not built by {@link ContiguousWindows} names the pools with
 * {@link Builder#executors}.
 *
 * <p>The loader is immutable and thread-safe; several epochs may be iterated at once, each by its
 * own {@link Batches}, which cancels its batches when closed.
 */
public final class WindowLoader {

  private final Builder options;
  private final SharedExecutors executors;
  private final int size;

  private WindowLoader(Builder options, SharedExecutors executors) {
    this.options = options;
    this.executors = executors;
    this.size = options.sampler == null ? options.dataset.size() : sampler().length();
  }

  /** The rank's sampler over the dataset, with the loader's shuffle. */
  private DistributedSampler sampler() {
    DistributedSampler s =
        DistributedSampler.of(options.dataset.size())
            .shard(options.sampler.rank(), options.sampler.worldSize());
    if (options.sampler.dropsLast()) {
      s = s.dropLast();
    }
    return options.shuffle ? s.shuffle(options.seed) : s;
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
        WindowLoader::defaultCollate,
        null,
        null);
  }

  /** The number of batches in each epoch. */
  public int batchCount() {
    int full = size / options.batchSize;
    return options.dropLast || size % options.batchSize == 0 ? full : full + 1;
  }

  /**
   * Starts computing the batches of epoch {@code epoch} on the I/O pool; the caller must exhaust or
   * {@link Batches#close() close} the result.
   */
  public Batches epoch(long epoch) {
    int[] order = null;
    if (options.sampler != null) {
      order = sampler().indices(epoch);
    } else if (options.shuffle) {
      order = DistributedSampler.order(size, true, options.seed, epoch);
    }
    return new Batches(options, executors, order, size, batchCount());
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
    private final SharedExecutors executors;

    /** The rank's share ({@link #shard}), sized for a dataset of one sample; null for all. */
    private final DistributedSampler sampler;

    private Builder(
        ContiguousWindowDataset dataset,
        int batchSize,
        boolean shuffle,
        long seed,
        boolean dropLast,
        int workers,
        int prefetchBatches,
        Function<List<Map<String, Object>>, Map<String, Object>> collate,
        SharedExecutors executors,
        DistributedSampler sampler) {
      this.dataset = dataset;
      this.batchSize = batchSize;
      this.shuffle = shuffle;
      this.seed = seed;
      this.dropLast = dropLast;
      this.workers = workers;
      this.prefetchBatches = prefetchBatches;
      this.collate = collate;
      this.executors = executors;
      this.sampler = sampler;
    }

    /**
     * Samples per batch (default 1).
     *
     * @throws IllegalArgumentException if {@code batchSize <= 0}
     */
    public Builder batchSize(int batchSize) {
      checkPositive("batchSize", batchSize);
      return new Builder(
          dataset,
          batchSize,
          shuffle,
          seed,
          dropLast,
          workers,
          prefetchBatches,
          collate,
          executors,
          sampler);
    }

    /** Visits the samples of each epoch in a permutation determined by the seed and the epoch. */
    public Builder shuffle() {
      return new Builder(
          dataset,
          batchSize,
          true,
          seed,
          dropLast,
          workers,
          prefetchBatches,
          collate,
          executors,
          sampler);
    }

    /** The shuffle seed (default 0); without {@link #shuffle()} it has no effect. */
    public Builder seed(long seed) {
      return new Builder(
          dataset,
          batchSize,
          shuffle,
          seed,
          dropLast,
          workers,
          prefetchBatches,
          collate,
          executors,
          sampler);
    }

    /**
     * This rank's share of every epoch, as PyTorch's {@code DistributedSampler} gives it: the
     * epoch's order (shuffled identically on every rank), padded by repeating it from its start to
     * a multiple of {@code worldSize}, and rank {@code r} takes positions {@code r, r + worldSize,
     * ...}; every rank has the same number of samples and batches. See {@link DistributedSampler}.
     *
     * @throws IllegalArgumentException unless {@code 0 <= rank < worldSize}
     */
    public Builder shard(int rank, int worldSize) {
      return shard(rank, worldSize, false);
    }

    /**
     * As {@link #shard(int, int)}; with {@code dropUneven} the tail that does not divide evenly
     * among the ranks is dropped instead of padded ({@code DistributedSampler(drop_last=True)}).
     */
    public Builder shard(int rank, int worldSize, boolean dropUneven) {
      DistributedSampler share = DistributedSampler.of(1).shard(rank, worldSize);
      DistributedSampler sampler = dropUneven ? share.dropLast() : share;
      return new Builder(
          dataset,
          batchSize,
          shuffle,
          seed,
          dropLast,
          workers,
          prefetchBatches,
          collate,
          executors,
          sampler);
    }

    /** Drops the last batch of an epoch if it is shorter than the batch size. */
    public Builder dropLast() {
      return new Builder(
          dataset,
          batchSize,
          shuffle,
          seed,
          true,
          workers,
          prefetchBatches,
          collate,
          executors,
          sampler);
    }

    /**
     * How many batches of an epoch are computed at once (default {@code min(4,
     * availableProcessors)}), as tasks on the connection's I/O pool: a limit, not threads of the
     * loader's own; the pool's size bounds it too.
     *
     * @throws IllegalArgumentException if {@code workers < 1}
     */
    public Builder workers(int workers) {
      checkPositive("workers", workers);
      return new Builder(
          dataset,
          batchSize,
          shuffle,
          seed,
          dropLast,
          workers,
          prefetchBatches,
          collate,
          executors,
          sampler);
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
          dataset,
          batchSize,
          shuffle,
          seed,
          dropLast,
          workers,
          prefetchBatches,
          collate,
          executors,
          sampler);
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
          dataset,
          batchSize,
          shuffle,
          seed,
          dropLast,
          workers,
          prefetchBatches,
          collate,
          executors,
          sampler);
    }

    /**
     * The pools the batches run on (default: those of the connection the dataset reads, for a
     * dataset {@link ContiguousWindows} built); needed for a dataset of another kind, for example
     * {@code table.executors()} of the table it reads.
     *
     * @throws NullPointerException if {@code executors} is null
     */
    public Builder executors(SharedExecutors executors) {
      Objects.requireNonNull(executors, "executors");
      return new Builder(
          dataset,
          batchSize,
          shuffle,
          seed,
          dropLast,
          workers,
          prefetchBatches,
          collate,
          executors,
          sampler);
    }

    /**
     * A loader with these options; it reads the dataset's size once, now.
     *
     * @throws IllegalStateException if no {@link #executors} were given for a dataset that {@link
     *     ContiguousWindows} did not build
     */
    public WindowLoader build() {
      SharedExecutors pools = executors;
      if (pools == null && dataset instanceof WindowDatasetImpl) {
        pools = ((WindowDatasetImpl) dataset).executors();
      }
      if (pools == null) {
        throw new IllegalStateException(
            "the dataset "
                + dataset.getClass().getName()
                + " was not built by ContiguousWindows: name the pools its batches run on with"
                + " WindowLoader.Builder.executors(table.executors())");
      }
      return new WindowLoader(this, pools);
    }

    private static void checkPositive(String name, int value) {
      if (value < 1) {
        throw new IllegalArgumentException(name + " must be at least 1, is " + value);
      }
    }
  }

  /**
   * The batches of one epoch, in batch order, computed ahead as tasks on the I/O pool, at most
   * {@code workers} at once: at most {@code workers * prefetchBatches} batches are begun before the
   * consumer takes them.
   *
   * <p>If building batch {@code k} fails (in the dataset or the collate function), the {@link
   * #next()} that would have returned batch {@code k} throws: a {@link RuntimeException} or {@link
   * Error} as it was thrown, an {@link IOException} wrapped in an {@link UncheckedIOException}, any
   * other checked exception in an {@link IllegalStateException}; after that the iterator is
   * finished and its batches cancelled.
   *
   * <p>One consumer thread calls {@link #hasNext()} and {@link #next()}. {@link #close()} may come
   * from any thread: it cancels the batches not begun, interrupts the ones being computed, waits
   * until they have ended, and is idempotent; a {@code next()} waiting at that moment throws {@link
   * IllegalStateException}. Returning the last batch closes it too. No batch is computed after
   * {@code close()} returns, though a dataset read that ignores interrupts delays it.
   */
  public static final class Batches implements CloseableIterator<Map<String, Object>> {

    private final ContiguousWindowDataset dataset;
    private final Function<List<Map<String, Object>>, Map<String, Object>> collate;
    private final int batchSize;
    private final int[] order;
    private final int size;
    private final int batchCount;
    private final int ahead;
    private final TaskGroup tasks;

    /** The batches begun and not yet delivered, in batch order. */
    private final ConcurrentLinkedQueue<Future<Map<String, Object>>> begun =
        new ConcurrentLinkedQueue<>();

    private volatile boolean closed;
    private int submitted;
    private int delivered;
    private boolean failed;

    private Batches(
        Builder options, SharedExecutors executors, int[] order, int size, int batchCount) {
      this.dataset = options.dataset;
      this.collate = options.collate;
      this.batchSize = options.batchSize;
      this.order = order;
      this.size = size;
      this.batchCount = batchCount;
      this.ahead = options.workers * options.prefetchBatches;
      this.tasks = executors.newIoGroup("paimon-window-loader", options.workers);
      beginAhead();
    }

    /** Begins batches until {@code ahead} are begun and not delivered. */
    private void beginAhead() {
      while (!closed && submitted < batchCount && submitted - delivered < ahead) {
        int k = submitted;
        try {
          begun.add(tasks.submit(() -> compute(k)));
        } catch (RejectedExecutionException e) {
          return; // closed from another thread meanwhile
        }
        submitted++;
      }
    }

    /** Batch {@code k}: its samples, read with one call so their reads coalesce, collated. */
    private Map<String, Object> compute(int k) {
      return collate.apply(dataset.getItems(indices(k)));
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
      Future<Map<String, Object>> result = begun.peek();
      Map<String, Object> batch;
      try {
        if (closed || result == null) {
          throw new CancellationException();
        }
        batch = result.get();
      } catch (CancellationException e) {
        throw closedWhileWaiting(k, e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        failed = true;
        close();
        throw new IllegalStateException("interrupted while waiting for batch " + k, e);
      } catch (ExecutionException e) {
        if (closed) {
          // The close interrupted the batch: report the close, not what the interrupt caused.
          throw closedWhileWaiting(k, e);
        }
        failed = true;
        close();
        throw rethrow(e.getCause(), k);
      }
      begun.poll();
      delivered++;
      beginAhead();
      if (delivered == batchCount) {
        close();
      }
      return batch;
    }

    private static IllegalStateException closedWhileWaiting(int k, Exception e) {
      return new IllegalStateException("batches closed while waiting for batch " + k, e);
    }

    /**
     * Cancels the batches not begun, interrupts those being computed and waits for them to end;
     * batches not taken are dropped. Idempotent. If the calling thread is interrupted meanwhile, it
     * still waits and keeps its interrupt status.
     */
    @Override
    public void close() {
      closed = true;
      // Cancelled first, so a waiting consumer sees the close, not the failure the interrupt
      // causes in a read, even if the read ignores the interrupt.
      for (Future<Map<String, Object>> f : begun) {
        f.cancel(true);
      }
      tasks.close();
      begun.clear();
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
