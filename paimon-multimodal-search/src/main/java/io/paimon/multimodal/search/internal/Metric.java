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

import io.paimon.multimodal.search.SearchException;
import org.apache.lucene.index.VectorSimilarityFunction;

/**
 * A vector index's distance metric and the score it gives, higher is better: the dot product for
 * inner product, {@code 1 - d} with {@code d} the cosine distance, {@code 1 / (1 + d)} with {@code
 * d} the Euclidean distance. Scores are computed in double precision over float inputs, by the
 * index and brute-force paths alike, so that one row always gets one score. A score that is not a
 * number (a zero vector under cosine, a vector holding NaN) means the row is never returned.
 */
public enum Metric {
  INNER_PRODUCT("inner_product", VectorSimilarityFunction.MAXIMUM_INNER_PRODUCT),
  L2("l2", VectorSimilarityFunction.EUCLIDEAN),
  COSINE("cosine", VectorSimilarityFunction.COSINE);

  private final String key;
  private final VectorSimilarityFunction lucene;

  Metric(String key, VectorSimilarityFunction lucene) {
    this.key = key;
    this.lucene = lucene;
  }

  /** The option value naming this metric. */
  public String key() {
    return key;
  }

  /**
   * Lucene's similarity of the same order (Lucene scales scores differently; the order is ours).
   */
  VectorSimilarityFunction lucene() {
    return lucene;
  }

  /** The metric an option value names. */
  static Metric of(String value) {
    for (Metric m : values()) {
      if (m.key.equalsIgnoreCase(value)) {
        return m;
      }
    }
    throw new SearchException(
        "distance.metric '" + value + "' is not one of inner_product, l2, cosine");
  }

  /** The score of {@code v} for the query {@code q} (same length). */
  public double score(float[] q, float[] v) {
    switch (this) {
      case INNER_PRODUCT:
        {
          double dot = 0;
          for (int i = 0; i < q.length; i++) {
            dot += (double) q[i] * v[i];
          }
          return dot;
        }
      case L2:
        {
          double sum = 0;
          for (int i = 0; i < q.length; i++) {
            double d = (double) q[i] - v[i];
            sum += d * d;
          }
          return 1 / (1 + Math.sqrt(sum));
        }
      default:
        {
          double dot = 0;
          double nq = 0;
          double nv = 0;
          for (int i = 0; i < q.length; i++) {
            dot += (double) q[i] * v[i];
            nq += (double) q[i] * q[i];
            nv += (double) v[i] * v[i];
          }
          return nq == 0 || nv == 0 ? Double.NaN : dot / Math.sqrt(nq * nv);
        }
    }
  }
}
