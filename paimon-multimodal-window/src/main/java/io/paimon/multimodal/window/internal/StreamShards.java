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

import io.paimon.multimodal.Split;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How a training stream's splits are shared: cut into contiguous slices balanced by live row count,
 * first one per rank, then each rank's slice one per loader worker, so that every split is read by
 * exactly one (rank, worker). Stateless.
 */
public final class StreamShards {

  private StreamShards() {}

  /**
   * The share of part {@code index} of {@code count} of {@code splits}: the splits whose row-count
   * midpoints fall in the part's equal share of the total, so that consecutive parts take
   * consecutive splits and every split goes to exactly one part (a part gets none when there are
   * fewer splits than parts).
   */
  public static List<Split> slice(List<Split> splits, int index, int count) {
    check(index, count, "part", "parts");
    long total = 0;
    for (Split s : splits) {
      total += s.liveRowCount();
    }
    List<Split> out = new ArrayList<>();
    long before = 0;
    for (int i = 0; i < splits.size(); i++) {
      long rows = splits.get(i).liveRowCount();
      int part;
      if (total == 0) {
        // No live rows: spread the (empty) splits by position.
        part = (int) ((long) i * count / splits.size());
      } else {
        // The part whose share [k * total / count, (k + 1) * total / count) holds the midpoint.
        long twiceMid = 2 * before + rows;
        part = (int) Math.min(count - 1, twiceMid * count / (2 * total));
      }
      if (part == index) {
        out.add(splits.get(i));
      }
      before += rows;
    }
    return out;
  }

  /**
   * The (rank, world size) that {@code torchrun} sets in {@code RANK} and {@code WORLD_SIZE}, or
   * (0, 1) when neither is set.
   *
   * @throws IllegalArgumentException naming the variable if only one is set or a value is invalid
   */
  public static int[] fromEnvironment(Map<String, String> env) {
    String rank = env.get("RANK");
    String world = env.get("WORLD_SIZE");
    if (rank == null && world == null) {
      return new int[] {0, 1};
    }
    if (rank == null || world == null) {
      throw new IllegalArgumentException(
          (rank == null ? "RANK" : "WORLD_SIZE")
              + " is not set but "
              + (rank == null ? "WORLD_SIZE" : "RANK")
              + " is; set both (as torchrun does) or neither");
    }
    int r = parse("RANK", rank);
    int w = parse("WORLD_SIZE", world);
    check(r, w, "RANK", "WORLD_SIZE");
    return new int[] {r, w};
  }

  /**
   * Checks that {@code 0 <= index < count}, naming both settings.
   *
   * @throws IllegalArgumentException if not
   */
  public static void check(int index, int count, String indexName, String countName) {
    if (count < 1) {
      throw new IllegalArgumentException(countName + " must be at least 1, is " + count);
    }
    if (index < 0 || index >= count) {
      throw new IllegalArgumentException(
          indexName
              + " must be in [0, "
              + count
              + "), is "
              + index
              + " ("
              + countName
              + " "
              + count
              + ")");
    }
  }

  private static int parse(String name, String value) {
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "environment variable " + name + " is not an integer: '" + value + "'", e);
    }
  }
}
