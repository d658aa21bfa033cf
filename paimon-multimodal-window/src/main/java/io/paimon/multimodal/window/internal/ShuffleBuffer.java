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

import java.util.SplittableRandom;

/**
 * The rolling shuffle buffer of a training stream (pypaimon's buffer shuffle): it holds at most
 * {@code capacity} rows; while it is not full each incoming row takes the next slot, after that
 * each incoming row replaces a random slot, whose row is emitted; {@link #drain()} emits the rows
 * left in a random order. Rows are references into the {@link BatchAssembler}'s blocks (no values
 * are copied until a batch is built), compacted into one block when a few referenced rows keep too
 * many blocks alive, so the memory held stays within a few times {@code capacity} rows plus one
 * input block. Reproducible: the order is a function of the random generator's seed and the input.
 * One thread.
 */
final class ShuffleBuffer {

  private final BatchAssembler out;
  private final SplittableRandom random;
  private final long[] slots;
  private final long compactAbove;
  private int filled;

  ShuffleBuffer(BatchAssembler out, int capacity, int batchSize, SplittableRandom random) {
    this.out = out;
    this.random = random;
    this.slots = new long[capacity];
    this.compactAbove = 2L * capacity + 2L * batchSize;
  }

  /** Takes every row of a block that {@link BatchAssembler#addBlock} registered. */
  void add(int block, int rows) {
    for (int r = 0; r < rows; r++) {
      long row = BatchAssembler.pack(block, r);
      if (filled < slots.length) {
        slots[filled++] = row;
      } else {
        int j = random.nextInt(slots.length);
        long evicted = slots[j];
        slots[j] = row;
        out.add(BatchAssembler.blockOf(evicted), BatchAssembler.rowOf(evicted));
      }
    }
    if (out.retainedRows() > compactAbove) {
      out.compact(slots, filled);
    }
  }

  /** Emits the rows left, shuffled; the buffer is empty after. */
  void drain() {
    for (int i = filled - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      long t = slots[i];
      slots[i] = slots[j];
      slots[j] = t;
    }
    for (int i = 0; i < filled; i++) {
      out.add(BatchAssembler.blockOf(slots[i]), BatchAssembler.rowOf(slots[i]));
    }
    filled = 0;
  }
}
