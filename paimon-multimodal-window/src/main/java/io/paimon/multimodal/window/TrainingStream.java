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

import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Split;
import io.paimon.multimodal.window.internal.ArrowTensors;
import io.paimon.multimodal.window.internal.StreamBatches;
import io.paimon.multimodal.window.internal.StreamShards;
import io.paimon.multimodal.window.internal.VideoFrameColumns;
import io.paimon.row.CloseableIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A streaming training read of a scan, shared by ranks and loader workers (the role of pypaimon's
 * {@code to_torch(splits, streaming=True)}): each (rank, worker) reads its share of the scan's
 * splits once per epoch and hands out batches, optionally shuffled, in memory bounded by the buffer
 * and batch sizes, never by the table.
 *
 * <pre>{@code
 * TrainingStream stream = TrainingStream.builder(frames.scan().select("state", "action"))
 *     .shardFromEnvironment()                 // RANK / WORLD_SIZE as torchrun sets them
 *     .worker(workerId, numWorkers)
 *     .batchSize(256).format(BatchFormat.TENSOR)
 *     .shuffle(42).bufferSize(4096).maxBufferInputSplits(4)
 *     .build();
 * for (long epoch = 0; epoch < epochs; epoch++) {
 *   try (CloseableIterator<Map<String, Tensor>> batches = stream.tensors(epoch)) {
 *     while (batches.hasNext()) { train(batches.next()); }
 *   }
 * }
 * }</pre>
 *
 * <p><b>Sharing.</b> The scan is pinned and planned once, by {@link Builder#build()}. Its splits,
 * in plan order, are cut into {@code worldSize} contiguous slices balanced by live row count, one
 * per rank, and each rank's slice into {@code workers} slices, one per worker; so over all ranks
 * and workers every row of the scan is read exactly once per epoch (a part gets no split when there
 * are fewer splits than parts; plan more, smaller splits with {@link Scan#withChunkShuffle}). A
 * scan that cannot be split ({@link Scan#splittable()}: a limit, which could truncate the input,
 * taken row IDs, a split, a tag) is read whole, and only by a stream of one rank and one worker.
 *
 * <p><b>Batches.</b> Without shuffle and without {@link Builder#batchSize}, the scan's own batches
 * pass through (their size is the scan's {@link Scan#batchSize(int)}, shorter where a file ends).
 * Else rows are combined or sliced into batches of exactly {@code batchSize} rows ({@value
 * #DEFAULT_SHUFFLE_BATCH} with shuffle and no batch size), the last of the epoch possibly shorter;
 * a batch is completed early rather than let a string, binary or list column pass 2^31 - 1 bytes or
 * elements (Arrow's 32-bit offsets).
 *
 * <p><b>Shuffle.</b> With {@link Builder#shuffle(long)}, up to {@code maxBufferInputSplits} splits
 * are read at once, one batch from each in turn (1: in order), into a rolling buffer of {@code
 * bufferSize} rows: once it is full, each new row takes a random slot and the row there is emitted;
 * at the end the rest is emitted in a random order. The random generator's seed is derived from
 * (seed, epoch, rank, worker), so the same configuration (and split layout) gives the same order,
 * whatever {@code prefetch} is, and another epoch another order. Chunk shuffle ({@link
 * Scan#withChunkShuffle}) is the planning layer before these two.
 *
 * <p><b>Memory.</b> Rows held: with shuffle at most {@code 2 * (bufferSize + batchSize)} plus one
 * input batch (a few referenced rows keeping many input batches alive are compacted into one),
 * without it {@code batchSize} plus two input batches (an input batch is freed once its last row is
 * copied); plus, per split read ahead ({@code prefetch}), up to two input batches.
 *
 * <p><b>Ownership and threads.</b> Every {@code VectorSchemaRoot} from {@link #arrow(long)} belongs
 * to the caller, who closes it; tensors share nothing with later batches. Reads ahead run on the
 * connection's I/O pool ({@link io.paimon.multimodal.SharedExecutors}); the stream owns no thread.
 * The stream is immutable and thread-safe; each iterator it returns has one consumer thread, holds
 * files and Arrow memory until exhausted or closed, and may be closed early.
 */
public final class TrainingStream {

  /** The batch size with shuffle when none is given. */
  public static final int DEFAULT_SHUFFLE_BATCH = 4096;

  private final Options options;
  private final Scan scan;
  private final List<Split> splits;

  private TrainingStream(Options options, Scan scan, List<Split> splits) {
    this.options = options;
    this.scan = scan;
    this.splits = splits;
  }

  /**
   * A builder with the defaults: rank 0 of 1, worker 0 of 1, the scan's batches, {@link
   * BatchFormat#ARROW}, no shuffle, buffer 1000 rows, 10 splits interleaved, 1 split read ahead,
   * epoch 0.
   *
   * @throws NullPointerException if {@code scan} is null
   */
  public static Builder builder(Scan scan) {
    Options o = new Options();
    o.scan = Objects.requireNonNull(scan, "scan");
    return new Builder(o);
  }

  /**
   * The splits this rank and worker read each epoch, in order; null when the scan cannot be split
   * and is read whole.
   */
  public List<Split> splits() {
    return splits;
  }

  /** The snapshot every epoch reads. */
  public long snapshotId() {
    return scan.resolvedSnapshotId();
  }

  /** As {@link #arrow(long)} for the builder's {@link Builder#epoch epoch}. */
  public CloseableIterator<VectorSchemaRoot> arrow() {
    return arrow(options.epoch);
  }

  /**
   * The Arrow batches of one epoch of this rank and worker. Each batch belongs to the caller, who
   * closes it; close the iterator to end the epoch early.
   *
   * @throws IllegalStateException if the stream was built with {@link BatchFormat#TENSOR}
   */
  public CloseableIterator<VectorSchemaRoot> arrow(long epoch) {
    requireFormat(BatchFormat.ARROW, "arrow");
    return open(epoch);
  }

  /** As {@link #tensors(long)} for the builder's {@link Builder#epoch epoch}. */
  public CloseableIterator<Map<String, Tensor>> tensors() {
    return tensors(options.epoch);
  }

  /**
   * The batches of one epoch as tensors, by column: the {@link Builder#tensorConverter
   * converter}'s, or by default a numeric or BOOLEAN column as a tensor of shape {@code [rows]} and
   * a numeric VECTOR column as {@code [rows, length]}, values copied. The default conversion fails
   * with a {@link io.paimon.multimodal.SchemaException} naming a column that holds a null.
   *
   * @throws IllegalStateException if the stream was built with {@link BatchFormat#ARROW}
   */
  public CloseableIterator<Map<String, Tensor>> tensors(long epoch) {
    requireFormat(BatchFormat.TENSOR, "tensors");
    Function<VectorSchemaRoot, Map<String, Tensor>> convert =
        options.converter != null ? options.converter : ArrowTensors::convert;
    StreamBatches batches = open(epoch);
    return new CloseableIterator<>() {
      @Override
      public boolean hasNext() {
        return batches.hasNext();
      }

      @Override
      public Map<String, Tensor> next() {
        if (!hasNext()) {
          throw new NoSuchElementException("the epoch has no more batches");
        }
        VectorSchemaRoot batch = batches.next();
        Map<String, Tensor> tensors;
        try {
          tensors = convert.apply(batch);
        } catch (RuntimeException | Error e) {
          batch.close();
          batches.close();
          throw e;
        }
        // The tensors hold copies: the batch's buffers serve the next batch.
        batches.recycle(batch);
        return tensors;
      }

      @Override
      public void close() {
        batches.close();
      }
    };
  }

  private void requireFormat(BatchFormat wanted, String method) {
    if (options.format != wanted) {
      throw new IllegalStateException(
          "the stream was built with format("
              + options.format
              + "); "
              + method
              + "() needs format("
              + wanted
              + ")");
    }
  }

  private StreamBatches open(long epoch) {
    int batchSize =
        options.batchSize > 0 ? options.batchSize : options.shuffle ? DEFAULT_SHUFFLE_BATCH : 0;
    StreamBatches.Settings s =
        new StreamBatches.Settings(
            scan,
            splits,
            batchSize,
            options.shuffle,
            options.seed,
            options.bufferSize,
            options.interleave,
            options.prefetch,
            epoch,
            options.rank,
            options.worker);
    return new StreamBatches(s, scan.arrowSchema(), scan.table().executors(), scan.allocator());
  }

  /** The builder's settings: a mutable copy per change. */
  private static final class Options implements Cloneable {
    Scan scan;
    int rank;
    int worldSize = 1;
    int worker;
    int workers = 1;
    int batchSize;
    BatchFormat format = BatchFormat.ARROW;
    boolean shuffle;
    long seed;
    int bufferSize = 1000;
    int interleave = 10;
    int prefetch = 1;
    Function<VectorSchemaRoot, Map<String, Tensor>> converter;
    long epoch;

    @Override
    protected Options clone() {
      try {
        return (Options) super.clone();
      } catch (CloneNotSupportedException e) {
        throw new AssertionError(e);
      }
    }
  }

  /**
   * Options of a {@link TrainingStream}. Immutable: every setter returns a new builder.
   * Thread-safe.
   */
  public static final class Builder {

    private final Options options;

    private Builder(Options options) {
      this.options = options;
    }

    private Builder with(Consumer<Options> change) {
      Options o = options.clone();
      change.accept(o);
      return new Builder(o);
    }

    /**
     * This process's rank among {@code worldSize} (a GPU of a data-parallel job).
     *
     * @throws IllegalArgumentException unless {@code 0 <= rank < worldSize}
     */
    public Builder shard(int rank, int worldSize) {
      StreamShards.check(rank, worldSize, "rank", "worldSize");
      return with(
          o -> {
            o.rank = rank;
            o.worldSize = worldSize;
          });
    }

    /**
     * The rank and world size from the environment variables {@code RANK} and {@code WORLD_SIZE},
     * as {@code torchrun} sets them; (0, 1) when neither is set.
     *
     * @throws IllegalArgumentException naming the variable if only one is set or a value is not a
     *     valid rank or size
     */
    public Builder shardFromEnvironment() {
      int[] shard = StreamShards.fromEnvironment(System.getenv());
      return shard(shard[0], shard[1]);
    }

    /**
     * This loader worker's share of the rank's splits ({@code torch.utils.data.get_worker_info()}'s
     * {@code id} and {@code num_workers}).
     *
     * @throws IllegalArgumentException unless {@code 0 <= id < count}
     */
    public Builder worker(int id, int count) {
      StreamShards.check(id, count, "worker", "workers");
      return with(
          o -> {
            o.worker = id;
            o.workers = count;
          });
    }

    /**
     * Rows per batch, exactly (the last of an epoch may be shorter).
     *
     * @throws IllegalArgumentException if not positive
     */
    public Builder batchSize(int rows) {
      positive("batchSize", rows);
      return with(o -> o.batchSize = rows);
    }

    /** {@link BatchFormat#ARROW} (default) for {@link #arrow}, TENSOR for {@link #tensors}. */
    public Builder format(BatchFormat format) {
      Objects.requireNonNull(format, "format");
      return with(o -> o.format = format);
    }

    /** Shuffles rows with a rolling buffer and interleaved split readers, from {@code seed}. */
    public Builder shuffle(long seed) {
      return with(
          o -> {
            o.shuffle = true;
            o.seed = seed;
          });
    }

    /**
     * Rows of the shuffle buffer (default 1000): larger is closer to a global shuffle and holds
     * more memory.
     *
     * @throws IllegalArgumentException if not positive
     */
    public Builder bufferSize(int rows) {
      positive("bufferSize", rows);
      return with(o -> o.bufferSize = rows);
    }

    /**
     * How many splits a shuffled epoch reads at once, a batch of each in turn (default 10; 1 reads
     * them in order). No effect without shuffle.
     *
     * @throws IllegalArgumentException if not positive
     */
    public Builder maxBufferInputSplits(int splits) {
      positive("maxBufferInputSplits", splits);
      return with(o -> o.interleave = splits);
    }

    /**
     * How many splits are read ahead on the connection's I/O pool (default 1; 0 reads in the
     * consumer's thread). The order of rows does not depend on it.
     *
     * @throws IllegalArgumentException if negative
     */
    public Builder prefetch(int splits) {
      if (splits < 0) {
        throw new IllegalArgumentException("prefetch must not be negative, is " + splits);
      }
      return with(o -> o.prefetch = splits);
    }

    /**
     * Replaces the default tensor conversion of {@link TrainingStream#tensors}; it is given each
     * Arrow batch (closed after it returns, so copy what you keep) and may accept any column.
     */
    public Builder tensorConverter(Function<VectorSchemaRoot, Map<String, Tensor>> converter) {
      Objects.requireNonNull(converter, "converter");
      return with(o -> o.converter = converter);
    }

    /** The epoch {@link TrainingStream#arrow()} and {@link TrainingStream#tensors()} read. */
    public Builder epoch(long epoch) {
      return with(o -> o.epoch = epoch);
    }

    /**
     * Pins the scan (to the snapshot latest now, unless it is pinned), plans it and takes this
     * rank's and worker's share of its splits.
     *
     * @throws IllegalArgumentException if the scan cannot be split ({@link Scan#splittable()}) and
     *     more than one rank or worker would read it, saying why
     * @throws io.paimon.multimodal.SchemaException with {@link BatchFormat#TENSOR} and the default
     *     conversion, naming a column that cannot become a tensor (a string, a BLOB, a column of
     *     video frame descriptors, ...)
     */
    public TrainingStream build() {
      Options o = options.clone();
      Scan pinned = o.scan.pinned();
      if (o.format == BatchFormat.TENSOR && o.converter == null) {
        List<String> names = new ArrayList<>();
        for (Field f : pinned.arrowSchema().getFields()) {
          names.add(f.getName());
        }
        VideoFrameColumns.reject(pinned.schema(), names, "tensor conversions");
        ArrowTensors.checkConvertible(pinned.arrowSchema().getFields());
      }
      int parts = o.worldSize * o.workers;
      List<Split> mine = null;
      if (pinned.splittable()) {
        List<Split> rankShare = StreamShards.slice(pinned.plan(), o.rank, o.worldSize);
        mine = List.copyOf(StreamShards.slice(rankShare, o.worker, o.workers));
      } else if (parts > 1) {
        throw new IllegalArgumentException(
            "the scan cannot be shared by "
                + o.worldSize
                + " rank(s) x "
                + o.workers
                + " worker(s): it has a limit (which could truncate the input), reads taken row"
                + " IDs, is one split, or is pinned to a tag; pin a snapshot instead"
                + " (scan.snapshot(id)), filter with where(...), or read it with one rank and"
                + " one worker");
      }
      return new TrainingStream(o, pinned, mine);
    }

    private static void positive(String name, int value) {
      if (value < 1) {
        throw new IllegalArgumentException(name + " must be at least 1, is " + value);
      }
    }
  }
}
