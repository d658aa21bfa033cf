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

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/** The best {@code k} hits offered, in {@link Hit#ORDER}; memory bounded by {@code k}. */
final class TopHits {

  private final int k;
  private final PriorityQueue<Hit> worstFirst;

  TopHits(int k) {
    this.k = k;
    this.worstFirst = new PriorityQueue<>(Math.min(k, 1 << 16) + 1, Hit.ORDER.reversed());
  }

  /** Offers a hit; a score that is not a number is never kept. */
  void offer(long rowId, double score) {
    if (Double.isNaN(score)) {
      return;
    }
    if (worstFirst.size() < k) {
      worstFirst.add(new Hit(rowId, score));
      return;
    }
    Hit worst = worstFirst.peek();
    if (score > worst.score() || (score == worst.score() && rowId < worst.rowId())) {
      worstFirst.poll();
      worstFirst.add(new Hit(rowId, score));
    }
  }

  /** The kept hits, best first. */
  List<Hit> sorted() {
    List<Hit> out = new ArrayList<>(worstFirst);
    out.sort(Hit.ORDER);
    return out;
  }
}
