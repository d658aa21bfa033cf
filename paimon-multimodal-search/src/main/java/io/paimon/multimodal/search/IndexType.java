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
package io.paimon.multimodal.search;

/** The kinds of search index a column can have. */
public enum IndexType {
  /**
   * Approximate nearest neighbours over a {@code VECTOR<FLOAT, n>} or {@code ARRAY<FLOAT>} column
   * (Lucene's HNSW graphs); options {@code distance.metric} ({@code inner_product} by default,
   * {@code l2}, {@code cosine}), {@code m} (16) and {@code ef-construction} (100).
   */
  VECTOR("multimodal-vector-hnsw"),
  /**
   * BM25 full-text search over a string column (Lucene's inverted index); option {@code analyzer}
   * ({@code standard} by default, {@code whitespace}, {@code keyword}, {@code ngram} with {@code
   * ngram.min} 2 and {@code ngram.max} 3).
   */
  FULL_TEXT("multimodal-fulltext-bm25");

  private final String identifier;

  IndexType(String identifier) {
    this.identifier = identifier;
  }

  /** The index type identifier stored in the table's index manifest. */
  public String identifier() {
    return identifier;
  }

  /** The type whose {@link #identifier()} this is, or null if none is. */
  public static IndexType ofIdentifier(String identifier) {
    for (IndexType t : values()) {
      if (t.identifier.equals(identifier)) {
        return t;
      }
    }
    return null;
  }
}
