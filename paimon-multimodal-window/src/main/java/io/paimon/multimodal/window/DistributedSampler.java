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

import io.paimon.multimodal.window.internal.StreamShards;
import java.util.SplittableRandom;

/**
 * Which samples of a map-style dataset one rank visits in an epoch, with the contract of PyTorch's
 * {@code DistributedSampler}: the indices {@code 0 .. size - 1}, shuffled (with {@link
 * #shuffle(long)}) by a permutation of the seed and the epoch alone, so every rank computes the
 * same one; then padded by repeating the list from its start up to a multiple of {@code worldSize}
 * (or, with {@link #dropLast()}, cut down to one); then rank {@code r} takes positions {@code r, r
 * + worldSize, r + 2 * worldSize, ...}. Every rank gets {@link #length()} indices; over all ranks
 * each index appears once, except the padding, which repeats a few. Immutable and thread-safe.
 *
 * <pre>{@code
 * DistributedSampler sampler = dataset.shard(rank, worldSize).shuffle(42);
 * for (long epoch = 0; epoch < epochs; epoch++) {
 *   int[] mine = sampler.indices(epoch);      // the same length on every rank
 *   ...
 * }
 * }</pre>
 */
public final class DistributedSampler {

  private final int size;
  private final int rank;
  private final int worldSize;
  private final boolean shuffle;
  private final long seed;
  private final boolean dropLast;

  private DistributedSampler(
      int size, int rank, int worldSize, boolean shuffle, long seed, boolean dropLast) {
    this.size = size;
    this.rank = rank;
    this.worldSize = worldSize;
    this.shuffle = shuffle;
    this.seed = seed;
    this.dropLast = dropLast;
  }

  /**
   * A sampler of {@code size} samples for rank 0 of 1, in order, padding.
   *
   * @throws IllegalArgumentException if {@code size} is negative
   */
  public static DistributedSampler of(int size) {
    if (size < 0) {
      throw new IllegalArgumentException("size must not be negative, is " + size);
    }
    return new DistributedSampler(size, 0, 1, false, 0, false);
  }

  /**
   * This rank's share among {@code worldSize}.
   *
   * @throws IllegalArgumentException unless {@code 0 <= rank < worldSize}
   */
  public DistributedSampler shard(int rank, int worldSize) {
    StreamShards.check(rank, worldSize, "rank", "worldSize");
    return new DistributedSampler(size, rank, worldSize, shuffle, seed, dropLast);
  }

  /** Shuffles each epoch by a permutation of ({@code seed}, epoch), the same on every rank. */
  public DistributedSampler shuffle(long seed) {
    return new DistributedSampler(size, rank, worldSize, true, seed, dropLast);
  }

  /** Drops the tail that does not divide evenly among the ranks, instead of padding. */
  public DistributedSampler dropLast() {
    return new DistributedSampler(size, rank, worldSize, shuffle, seed, true);
  }

  /** The rank this sampler serves. */
  public int rank() {
    return rank;
  }

  /** The number of ranks. */
  public int worldSize() {
    return worldSize;
  }

  /** Whether the uneven tail is dropped rather than padded. */
  public boolean dropsLast() {
    return dropLast;
  }

  /** The number of indices each rank visits per epoch. */
  public int length() {
    if (dropLast) {
      return size / worldSize;
    }
    return (int) ((size + (long) worldSize - 1) / worldSize);
  }

  /** This rank's indices for {@code epoch}, in visiting order. */
  public int[] indices(long epoch) {
    int[] order = order(size, shuffle, seed, epoch);
    int n = length();
    int[] mine = new int[n];
    for (int k = 0; k < n; k++) {
      long position = rank + (long) k * worldSize;
      // Positions past the end are the padding: the list again from its start.
      mine[k] = order[(int) (position % size)];
    }
    return mine;
  }

  /**
   * The epoch's order of {@code 0 .. size - 1}: itself, or with {@code shuffle} a Fisher-Yates
   * permutation from a generator seeded by {@code seed} and {@code epoch} (what {@link
   * WindowLoader} has always used).
   */
  static int[] order(int size, boolean shuffle, long seed, long epoch) {
    int[] order = new int[size];
    for (int i = 0; i < size; i++) {
      order[i] = i;
    }
    if (shuffle) {
      SplittableRandom random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + epoch);
      for (int i = size - 1; i > 0; i--) {
        int j = random.nextInt(i + 1);
        int swap = order[i];
        order[i] = order[j];
        order[j] = swap;
      }
    }
    return order;
  }
}
