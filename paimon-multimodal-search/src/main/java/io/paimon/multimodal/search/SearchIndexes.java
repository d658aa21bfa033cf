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
import io.paimon.multimodal.search.internal.SearchIndexesImpl;
import java.util.List;
import java.util.Map;

/**
 * Creates, drops and lists the search indexes of a table. An index is a set of Lucene segments, one
 * per shard of row IDs ({@code global-index.row-count-per-shard} rows, 100,000 by default), each
 * packed into one index file written through the table's {@code FileIO} (so it works on any
 * storage) and committed atomically as an index file of a new snapshot. Only rows that no index
 * file of the column covers yet are indexed, so {@link #create} after an append builds files for
 * the new rows only. Rows updated after a file was built are not served from it: searches score
 * them exactly until the index is dropped and created again.
 *
 * <pre>{@code
 * SearchIndexes indexes = SearchIndexes.of(table);
 * indexes.create("embedding", IndexType.VECTOR, Map.of("distance.metric", "cosine"));
 * indexes.create("content", IndexType.FULL_TEXT);
 * }</pre>
 *
 * <p>Thread-safe: each call works on the latest snapshot and commits optimistically; two concurrent
 * creates of one column may both index the same new rows (the search serves each row from one file,
 * so results stay right, at the cost of the extra file).
 */
public interface SearchIndexes {

  /** The indexes of {@code table}. */
  static SearchIndexes of(Table table) {
    return new SearchIndexesImpl(table);
  }

  /**
   * Indexes the rows of the latest snapshot that no index file of {@code column} covers yet, in one
   * commit.
   *
   * @param options vector: {@code distance.metric}, {@code m}, {@code ef-construction}; full text:
   *     {@code analyzer}, {@code ngram.min}, {@code ngram.max}; both: {@code
   *     global-index.row-count-per-shard}. Later creates on the same column must not contradict the
   *     options of its existing files.
   * @return how many index files it committed (0 when every row was already indexed: no commit)
   * @throws io.paimon.multimodal.SchemaException if there is no such column
   * @throws SearchException if the column's type does not fit the index type, an option is unknown
   *     or bad, or the column has an index of the other type or other options
   */
  int create(String column, IndexType type, Map<String, String> options);

  /** As {@link #create(String, IndexType, Map)} with the default options. */
  default int create(String column, IndexType type) {
    return create(column, type, Map.of());
  }

  /**
   * Removes every index file of {@code column} from the table in one commit (the files stay for
   * older snapshots until they expire).
   *
   * @return how many files it removed (0: no commit)
   */
  int drop(String column);

  /** The indexes of the latest snapshot, one per indexed column. */
  List<SearchIndex> list();
}
