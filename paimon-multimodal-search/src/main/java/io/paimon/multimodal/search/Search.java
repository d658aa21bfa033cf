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

import io.paimon.multimodal.Table;
import io.paimon.multimodal.search.internal.SearchImpl;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * A vector, full-text or hybrid search over one snapshot of a table, built fluently and run by a
 * terminal ({@link #toList()}, {@link #toArrow()}, {@link #toArrowReader()}, {@link #toLists()}):
 *
 * <pre>{@code
 * List<Map<String, Object>> hits = Search.of(table).vector(query).column("embedding")
 *     .preFilter("category = 'lake'").select("id", "content").limit(100)
 *     .withRowId().withScore().toList();
 * }</pre>
 *
 * <p>Results are the top {@link #limit k} rows by {@code _score} (higher is better; ties by {@code
 * _ROW_ID}): for vectors the dot product ({@code inner_product}), {@code 1 - d} with {@code d} the
 * cosine distance ({@code cosine}), or {@code 1 / (1 + d)} with {@code d} the Euclidean distance
 * ({@code l2}), as the column's index says; for text Lucene's BM25 over the query's terms ORed.
 * Every route, and the final read of the rows, uses one snapshot ({@link #snapshot}, {@link #tag},
 * or the latest when the terminal runs). Rows no index file covers yet (appended since the index
 * was built, or updated since) are scored exactly, so no row is missed; deleted rows never come
 * back.
 *
 * <p>Each instance is immutable; builder methods return a new one. Thread-safe.
 */
public interface Search {

  /**
   * A search of {@code table} that opens the index files it needs for each terminal and closes them
   * after; a {@link SearchSession} keeps them open across searches.
   */
  static Search of(Table table) {
    return SearchImpl.oneShot(table);
  }

  /** A nearest-neighbour search for one query vector. */
  Search vector(float[] query);

  /**
   * A nearest-neighbour search for several query vectors of one dimension: {@link #toLists()}
   * returns one result per query, in order.
   */
  Search vectors(List<float[]> queries);

  /** A BM25 search for the text's terms (ORed). */
  Search text(String query);

  /** A search fusing several routes with the {@link #ranker}. */
  Search hybrid(Route... routes);

  /** How a hybrid search fuses its routes ({@link Ranker#RRF} by default). */
  Search ranker(Ranker ranker);

  /**
   * The column a vector or text query searches; without it, the one column with an index of the
   * query's kind (an error naming the candidates if there are several or none).
   */
  Search column(String column);

  /**
   * The number of rows returned, the top-k (10 by default).
   *
   * @throws SearchException if not positive
   */
  Search limit(int k);

  /**
   * Restricts the search to rows matching the predicate (the scan's predicate language), before
   * ranking: exact, so only matching rows can be returned and the top-k among them is found as well
   * as without a filter (Lucene searches the graph only among matching rows, or scores them all
   * when they are few).
   */
  Search preFilter(String predicate, Object... parameters);

  /**
   * Filters the top-k rows after ranking: fewer than {@code k} rows come back when some of the
   * top-k do not match. Use {@link #preFilter} to get {@code k} matching rows.
   */
  Search where(String predicate, Object... parameters);

  /**
   * The columns returned (all by default), in this order. The winners' columns are read from the
   * snapshot after ranking; {@code select("_ROW_ID")} alone (without {@link #where}) reads no rows
   * at all, the first stage of "find IDs, then fetch the candidates' payloads".
   */
  Search select(String... columns);

  /** Adds {@code _ROW_ID} to each returned row. */
  Search withRowId();

  /** Adds {@code _score} (DOUBLE, higher is better) to each returned row. */
  Search withScore();

  /** Searches this snapshot. @throws SearchException if a tag is set */
  Search snapshot(long snapshotId);

  /** Searches the snapshot this tag names. @throws SearchException if a snapshot is set */
  Search tag(String name);

  /**
   * How many candidates each index file's graph search keeps ({@code max(k, 100)} by default):
   * higher finds the true nearest neighbours more often, at more cost.
   *
   * @throws SearchException if not positive
   */
  Search efSearch(int candidates);

  /**
   * Runs the search.
   *
   * @throws SearchException on a bad query or a column without a fitting index
   */
  List<Map<String, Object>> toList();

  /** Runs a {@link #vectors} search: one result per query, in order. */
  List<List<Map<String, Object>>> toLists();

  /** Runs the search into one Arrow batch (the caller closes it), rows best first. */
  VectorSchemaRoot toArrow();

  /** Runs the search into an Arrow reader of one batch (the caller closes it). */
  ArrowReader toArrowReader();
}
