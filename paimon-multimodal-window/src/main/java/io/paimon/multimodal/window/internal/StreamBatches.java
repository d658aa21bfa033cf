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
package io.paimon.multimodal.window.internal;

import io.paimon.multimodal.Scan;
import io.paimon.multimodal.SharedExecutors;
import io.paimon.multimodal.Split;
import io.paimon.row.CloseableIterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One epoch of one (rank, worker) of a training stream, as Arrow batches: the worker's splits read
 * in their interleaved order ({@link SplitBlocks}), then, as configured, passed through as read,
 * rebatched to an exact size, or shuffled through a {@link ShuffleBuffer}. Every batch belongs to
 * the caller. One consumer thread; {@link #close()} may end the epoch early and is idempotent.
 */
public final class StreamBatches implements CloseableIterator<VectorSchemaRoot> {

  /** What one epoch of one worker reads and how. */
  public record Settings(
      Scan scan,
      List<Split> splits,
      int batchSize,
      boolean shuffle,
      long seed,
      int bufferSize,
      int interleave,
      int prefetch,
      long epoch,
      int rank,
      int worker) {}

  private final SplitBlocks input;
  private final BatchAssembler assembler;
  private final ShuffleBuffer buffer;
  private VectorSchemaRoot next;
  private boolean inputDone;
  private boolean closed;

  /**
   * Opens the epoch: {@code s.splits()} null reads the scan whole (a scan that cannot be split);
   * {@code s.batchSize()} 0 passes the reader's batches through (without shuffle).
   */
  public StreamBatches(
      Settings s, Schema schema, SharedExecutors executors, BufferAllocator allocator) {
    boolean passThrough = !s.shuffle() && s.batchSize() == 0;
    this.input =
        SplitBlocks.of(
            s.scan(),
            s.splits(),
            s.shuffle() ? s.interleave() : 1,
            s.prefetch(),
            executors,
            allocator,
            "training stream rank " + s.rank() + " worker " + s.worker());
    int size = s.batchSize() > 0 ? s.batchSize() : s.bufferSize();
    this.assembler = passThrough ? null : new BatchAssembler(schema, allocator, size);
    this.buffer =
        s.shuffle()
            ? new ShuffleBuffer(
                assembler,
                s.bufferSize(),
                size,
                new SplittableRandom(seedOf(s.seed(), s.epoch(), s.rank(), s.worker())))
            : null;
  }

  /**
   * The generator seed of one (seed, epoch, rank, worker): SplitMix64's finalizer over each part in
   * turn, so that neighbouring configurations give unrelated orders.
   */
  public static long seedOf(long seed, long epoch, int rank, int worker) {
    long h = mix(seed);
    h = mix(h ^ epoch);
    h = mix(h ^ rank);
    return mix(h ^ worker);
  }

  private static long mix(long z) {
    z += 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  @Override
  public boolean hasNext() {
    if (closed) {
      return false;
    }
    try {
      while (next == null) {
        if (assembler == null) {
          next = input.next();
          if (next == null) {
            close();
            return false;
          }
          break;
        }
        next = assembler.poll();
        if (next != null) {
          break;
        }
        if (inputDone) {
          close();
          return false;
        }
        VectorSchemaRoot block = input.next();
        if (block == null) {
          inputDone = true;
          if (buffer != null) {
            buffer.drain();
          }
          assembler.flush();
          continue;
        }
        int rows = block.getRowCount();
        int id = assembler.addBlock(block);
        if (buffer != null) {
          buffer.add(id, rows);
        } else {
          assembler.addRun(id, 0, rows);
        }
      }
      return true;
    } catch (RuntimeException | Error e) {
      close();
      throw e;
    }
  }

  @Override
  public VectorSchemaRoot next() {
    if (!hasNext()) {
      throw new NoSuchElementException("the epoch has no more batches");
    }
    VectorSchemaRoot out = next;
    next = null;
    return out;
  }

  /**
   * Takes back a batch {@link #next()} gave whose values the caller has copied out (and which it no
   * longer touches), so that a later batch reuses its buffers; without batching it is closed.
   */
  public void recycle(VectorSchemaRoot batch) {
    if (assembler == null || closed) {
      batch.close();
    } else {
      assembler.recycle(batch);
    }
  }

  /** The most rows of input the shuffle or the batching held at once (0 when passing through). */
  public long peakRetainedRows() {
    return assembler == null ? 0 : assembler.peakRetainedRows();
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      if (next != null) {
        next.close();
        next = null;
      }
      if (assembler != null) {
        assembler.close();
      }
    } finally {
      input.close();
    }
  }
}
