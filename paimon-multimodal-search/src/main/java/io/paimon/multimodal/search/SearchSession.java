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

/**
 * Searches of one table that share open index files: each index file is opened once (its Lucene
 * segment and row IDs read through the table's {@code FileIO}) and kept, up to {@code maxOpenFiles}
 * of them, least recently used first out. Index files never change once written, so a kept file is
 * never stale; searches of new snapshots open the new files they need. For many queries (a service,
 * a benchmark, a re-ranking job) this saves opening the files for each.
 *
 * <pre>{@code
 * try (SearchSession session = SearchSession.open(table)) {
 *   for (float[] q : queries) {
 *     session.search().vector(q).limit(10).toList();
 *   }
 * }
 * }</pre>
 *
 * <p>Thread-safe: searches may run from several threads at once. Closing it closes the files once
 * the searches using them end.
 */
public interface SearchSession extends AutoCloseable {

  /** A session keeping up to 64 index files open. */
  static SearchSession open(Table table) {
    return open(table, 64);
  }

  /**
   * A session keeping up to {@code maxOpenFiles} index files open.
   *
   * @throws IllegalArgumentException if not positive
   */
  static SearchSession open(Table table, int maxOpenFiles) {
    return SearchImpl.session(table, maxOpenFiles);
  }

  /** A new search of the table through this session's open files. */
  Search search();

  @Override
  void close();
}
