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
package io.paimon.multimodal.search.internal;

import io.paimon.multimodal.search.Ranker;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Fuses the ranked hit lists of a hybrid search's routes ({@link Ranker}). */
final class Fusion {

  private Fusion() {}

  /** The fused top {@code k}, best first; each hit's score is its fused score. */
  static List<Hit> fuse(Ranker ranker, List<List<Hit>> routes, double[] weights, int k) {
    Map<Long, double[]> scores = new HashMap<>();
    for (int r = 0; r < routes.size(); r++) {
      List<Hit> hits = routes.get(r);
      double min = Double.POSITIVE_INFINITY;
      double max = Double.NEGATIVE_INFINITY;
      for (Hit h : hits) {
        min = Math.min(min, h.score());
        max = Math.max(max, h.score());
      }
      for (int rank = 0; rank < hits.size(); rank++) {
        Hit h = hits.get(rank);
        double w = weights[r];
        double add;
        switch (ranker) {
          case RRF:
            add = w / (60.0 + rank + 1);
            break;
          case MRR:
            add = w / (rank + 1.0);
            break;
          default:
            add = w * (max > min ? (h.score() - min) / (max - min) : 1.0);
        }
        scores.computeIfAbsent(h.rowId(), id -> new double[1])[0] += add;
      }
    }
    TopHits top = new TopHits(k);
    for (Map.Entry<Long, double[]> e : scores.entrySet()) {
      top.offer(e.getKey(), e.getValue()[0]);
    }
    return new ArrayList<>(top.sorted());
  }
}
