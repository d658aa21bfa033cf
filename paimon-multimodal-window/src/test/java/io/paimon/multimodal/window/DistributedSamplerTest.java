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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link DistributedSampler} against a brute-force transcription of PyTorch's {@code
 * DistributedSampler.__iter__} (pad by repeating the list, or drop the tail; then {@code
 * indices[rank:total:world]}), over random sizes, world sizes, seeds and epochs.
 */
class DistributedSamplerTest {

  @Test
  void matchesPyTorchsContract() {
    SplittableRandom random = new SplittableRandom(1);
    for (int trial = 0; trial < 500; trial++) {
      int size = random.nextInt(40);
      int world = 1 + random.nextInt(8);
      boolean shuffle = random.nextBoolean();
      boolean dropLast = random.nextBoolean();
      long seed = random.nextLong();
      long epoch = random.nextInt(5);
      if (size == 0 && !dropLast) {
        continue; // PyTorch divides by zero padding an empty list
      }
      int[] order = DistributedSampler.order(size, shuffle, seed, epoch);
      Map<Integer, Integer> seen = new HashMap<>();
      for (int rank = 0; rank < world; rank++) {
        DistributedSampler s = DistributedSampler.of(size).shard(rank, world);
        if (shuffle) {
          s = s.shuffle(seed);
        }
        if (dropLast) {
          s = s.dropLast();
        }
        List<Integer> expected = reference(order, world, rank, dropLast);
        int[] got = s.indices(epoch);
        assertThat(got).as("trial " + trial).containsExactly(toArray(expected));
        assertThat(s.length()).isEqualTo(got.length);
        for (int i : got) {
          seen.merge(i, 1, Integer::sum);
        }
      }
      if (!dropLast) {
        // Every index at least once; the padding repeats fewer than world of them once more.
        assertThat(seen).hasSize(size);
        assertThat(seen.values().stream().mapToInt(Integer::intValue).sum() - size)
            .isLessThan(world);
      }
    }
  }

  @Test
  void theSameSeedAndEpochGiveTheSameOrderOnEveryRank() {
    int[] a = DistributedSampler.order(100, true, 5, 3);
    int[] b = DistributedSampler.order(100, true, 5, 3);
    int[] c = DistributedSampler.order(100, true, 5, 4);
    assertThat(a).isEqualTo(b).isNotEqualTo(c);
    assertThatThrownBy(() -> DistributedSampler.of(10).shard(3, 3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("rank must be in [0, 3)");
    assertThatThrownBy(() -> DistributedSampler.of(-1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /** PyTorch's algorithm, step by step. */
  private static List<Integer> reference(int[] order, int world, int rank, boolean dropLast) {
    List<Integer> indices = new ArrayList<>();
    for (int i : order) {
      indices.add(i);
    }
    int n = indices.size();
    int numSamples =
        dropLast && n % world != 0
            ? (int) Math.ceil((n - world) / (double) world)
            : (int) Math.ceil(n / (double) world);
    if (dropLast && n % world == 0) {
      numSamples = n / world;
    }
    int total = numSamples * world;
    if (!dropLast) {
      int padding = total - n;
      List<Integer> repeated = new ArrayList<>();
      while (repeated.size() < padding) {
        repeated.addAll(indices);
      }
      indices.addAll(repeated.subList(0, padding));
    } else {
      indices = new ArrayList<>(indices.subList(0, total));
    }
    List<Integer> mine = new ArrayList<>();
    for (int i = rank; i < total; i += world) {
      mine.add(indices.get(i));
    }
    return mine;
  }

  private static int[] toArray(List<Integer> list) {
    return list.stream().mapToInt(Integer::intValue).toArray();
  }
}
