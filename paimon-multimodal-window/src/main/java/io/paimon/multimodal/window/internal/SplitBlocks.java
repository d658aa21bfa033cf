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
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * The batches of a worker's splits, in a fixed order: up to {@code interleave} splits are open at
 * once and give one batch each in turn (round-robin); a split that ends is replaced, in its turn,
 * by the next one. With {@code prefetch = n > 0}, the first {@code n} splits in that order (the
 * open ones first, then the next) are read ahead on the connection's I/O pool, two batches each;
 * the order does not depend on it. Each batch's buffers are moved into a root the caller owns and
 * closes. One consumer thread; {@link #close()} frees what was read ahead and closes the readers.
 */
final class SplitBlocks implements AutoCloseable {

  /** One split's batches, read in the consumer's thread or ahead. */
  private interface Source extends AutoCloseable {
    /** The next non-empty batch (the caller's), or null at the end. */
    VectorSchemaRoot next();

    @Override
    void close();
  }

  private final List<Supplier<ArrowReader>> splits;
  private final int interleave;
  private final int prefetch;
  private final SharedExecutors executors;
  private final BufferAllocator allocator;
  private final String name;
  private final List<Integer> open = new ArrayList<>();
  private final Map<Integer, Source> sources = new java.util.HashMap<>();
  private int nextSplit;
  private int turn;

  /**
   * The batches of {@code scan}'s {@code splits} (each read as {@code scan.split(split)}), or of
   * the whole scan when {@code splits} is null.
   */
  static SplitBlocks of(
      Scan scan,
      List<Split> splits,
      int interleave,
      int prefetch,
      SharedExecutors executors,
      BufferAllocator allocator,
      String name) {
    List<Supplier<ArrowReader>> readers = new ArrayList<>();
    if (splits == null) {
      readers.add(scan::toArrowReader);
    } else {
      for (Split s : splits) {
        readers.add(() -> scan.split(s).toArrowReader());
      }
    }
    return new SplitBlocks(readers, interleave, prefetch, executors, allocator, name);
  }

  private SplitBlocks(
      List<Supplier<ArrowReader>> splits,
      int interleave,
      int prefetch,
      SharedExecutors executors,
      BufferAllocator allocator,
      String name) {
    this.splits = splits;
    this.interleave = interleave;
    this.prefetch = prefetch;
    this.executors = executors;
    this.allocator = allocator;
    this.name = name;
  }

  /** The next batch (the caller closes it), or null when every split has been read. */
  VectorSchemaRoot next() {
    while (true) {
      while (open.size() < interleave && nextSplit < splits.size()) {
        open.add(nextSplit++);
      }
      if (open.isEmpty()) {
        return null;
      }
      if (turn >= open.size()) {
        turn = 0;
      }
      readAhead();
      int split = open.get(turn);
      VectorSchemaRoot batch = source(split).next();
      if (batch != null) {
        turn++;
        return batch;
      }
      sources.remove(split).close();
      if (nextSplit < splits.size()) {
        // The next split takes the ended one's turn.
        open.set(turn, nextSplit++);
      } else {
        open.remove(turn);
      }
    }
  }

  /** Starts the reads ahead of the first {@code prefetch} splits in reading order. */
  private void readAhead() {
    int started = 0;
    for (int k = 0; k < open.size() && started < prefetch; k++, started++) {
      int split = open.get((turn + k) % open.size());
      if (!sources.containsKey(split)) {
        sources.put(split, ahead(split));
      }
    }
    for (int s = nextSplit; s < splits.size() && started < prefetch; s++, started++) {
      if (!sources.containsKey(s)) {
        sources.put(s, ahead(s));
      }
    }
  }

  private Source source(int split) {
    return sources.computeIfAbsent(split, this::inline);
  }

  private Source ahead(int split) {
    Prefetcher p =
        new Prefetcher(name + " split " + split, executors, splits.get(split), allocator);
    return new Source() {
      @Override
      public VectorSchemaRoot next() {
        return p.next();
      }

      @Override
      public void close() {
        p.close();
      }
    };
  }

  private Source inline(int split) {
    ArrowReader reader = splits.get(split).get();
    return new Source() {
      @Override
      public VectorSchemaRoot next() {
        try {
          while (reader.loadNextBatch()) {
            VectorSchemaRoot batch = reader.getVectorSchemaRoot();
            int n = batch.getRowCount();
            if (n == 0) {
              continue;
            }
            // The buffers move to a root of the caller's; the reader allocates anew.
            VectorSchemaRoot owned = VectorSchemaRoot.create(batch.getSchema(), allocator);
            for (int j = 0; j < batch.getFieldVectors().size(); j++) {
              batch.getVector(j).makeTransferPair(owned.getVector(j)).transfer();
            }
            owned.setRowCount(n);
            return owned;
          }
          return null;
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }

      @Override
      public void close() {
        try {
          reader.close();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    };
  }

  @Override
  public void close() {
    RuntimeException failure = null;
    Map<Source, Boolean> closed = new IdentityHashMap<>();
    for (Source s : sources.values()) {
      if (closed.put(s, true) == null) {
        try {
          s.close();
        } catch (RuntimeException e) {
          if (failure == null) {
            failure = e;
          } else {
            failure.addSuppressed(e);
          }
        }
      }
    }
    sources.clear();
    open.clear();
    nextSplit = splits.size();
    if (failure != null) {
      throw failure;
    }
  }
}
