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

/**
 * Searches of one table that share what they read: each index file is copied into heap memory once,
 * with large sequential reads through the table's {@code FileIO}, and kept (least recently used
 * first out, up to {@code maxOpenFiles} files and {@code maxResidentBytes} bytes), so that a graph
 * search reads memory, not storage; the plans of the last few snapshots searched and readers of
 * their rows by row ID are kept too. Index files never change once written, so a kept file is never
 * stale; searches of new snapshots open the new files they need. For many queries (a service, a
 * benchmark, a re-ranking job) this is the way to search: a {@link Search#of(Table) one-shot
 * search} reads only the parts of the files it needs, with a ranged read per Lucene buffer.
 *
 * <p>A query whose files do not fit in the budget together still runs: the files over the budget
 * are read for it and dropped after it, so such queries pay the copy each time. Size the budget to
 * the column's index files ({@link Table#indexFiles(long)} gives their sizes).
 *
 * <pre>{@code
 * try (SearchSession session = SearchSession.open(table)) {
 *   for (float[] q : queries) {
 *     session.search().vector(q).limit(10).toList();
 *   }
 * }
 * }</pre>
 *
 * <p>Thread-safe: searches may run from several threads at once. Closing it drops the files and
 * readers once the searches using them end.
 */
public interface SearchSession extends AutoCloseable {

  /**
   * A session keeping up to 64 index files, and at most a quarter of the maximum heap, in memory.
   */
  static SearchSession open(Table table) {
    return open(table, 64);
  }

  /**
   * A session keeping up to {@code maxOpenFiles} index files, and at most a quarter of the maximum
   * heap, in memory.
   *
   * @throws IllegalArgumentException if not positive
   */
  static SearchSession open(Table table, int maxOpenFiles) {
    return open(table, maxOpenFiles, Runtime.getRuntime().maxMemory() / 4);
  }

  /**
   * A session keeping up to {@code maxOpenFiles} index files of at most {@code maxResidentBytes}
   * bytes in all in memory.
   *
   * @throws IllegalArgumentException if either is not positive
   */
  static SearchSession open(Table table, int maxOpenFiles, long maxResidentBytes) {
    return SearchImpl.session(table, maxOpenFiles, maxResidentBytes, List.of());
  }

  /**
   * A builder of a session of {@code table}, for the budget and for {@link
   * SearchSessionBuilder#residentColumns resident columns}.
   */
  static SearchSessionBuilder builder(Table table) {
    return new SearchSessionBuilder(table);
  }

  /** A new search of the table through this session's open files. */
  Search search();

  @Override
  void close();
}
