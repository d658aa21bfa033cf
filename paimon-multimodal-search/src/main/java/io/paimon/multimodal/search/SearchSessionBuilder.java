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

import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.search.internal.SearchImpl;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * How a {@link SearchSession} is opened: its index-file budget and the columns it keeps in memory.
 * Immutable: each setter returns a new builder, so one may be shared and specialised.
 *
 * <pre>{@code
 * try (SearchSession session =
 *     SearchSession.builder(table).maxResidentBytes(1L << 30).residentColumns("id").open()) {
 *   session.search().text("robot arm").select("id").toList(); // no data file read
 * }
 * }</pre>
 */
public final class SearchSessionBuilder {

  private final Table table;
  private final int maxOpenFiles;
  private final long maxResidentBytes;
  private final List<String> residentColumns;

  SearchSessionBuilder(Table table) {
    this(
        Objects.requireNonNull(table, "table"),
        64,
        Runtime.getRuntime().maxMemory() / 4,
        List.of());
  }

  private SearchSessionBuilder(
      Table table, int maxOpenFiles, long maxResidentBytes, List<String> residentColumns) {
    this.table = table;
    this.maxOpenFiles = maxOpenFiles;
    this.maxResidentBytes = maxResidentBytes;
    this.residentColumns = residentColumns;
  }

  /**
   * At most {@code n} index files kept in memory (default 64).
   *
   * @throws IllegalArgumentException if not positive
   */
  public SearchSessionBuilder maxOpenFiles(int n) {
    if (n <= 0) {
      throw new IllegalArgumentException("maxOpenFiles " + n + " is not positive");
    }
    return new SearchSessionBuilder(table, n, maxResidentBytes, residentColumns);
  }

  /**
   * At most {@code bytes} of index files kept in memory (default a quarter of the maximum heap).
   * Resident columns are not counted: their size is rows times width, known from the table.
   *
   * @throws IllegalArgumentException if not positive
   */
  public SearchSessionBuilder maxResidentBytes(long bytes) {
    if (bytes <= 0) {
      throw new IllegalArgumentException("maxResidentBytes " + bytes + " is not positive");
    }
    return new SearchSessionBuilder(table, maxOpenFiles, bytes, residentColumns);
  }

  /**
   * Columns whose values the session holds in memory for the snapshots it searches (the latest two
   * searched), so that a search selecting only these columns (and {@code _ROW_ID}, {@code _score})
   * reads no data file for its winners: the role of Lucene's doc values. Meant for narrow columns
   * (ids, titles, categories): the first search of a snapshot reads these columns of the whole
   * snapshot once, in one scan, and the memory is their size in Arrow for every live row. Searches
   * selecting other columns, or with a post-ranking {@code where}, read their rows from the table
   * as without this. Replaces any columns given before; none by default.
   *
   * @throws SchemaException naming a column the table does not have, when the session opens
   */
  public SearchSessionBuilder residentColumns(String... columns) {
    Set<String> distinct = new LinkedHashSet<>();
    for (String c : columns) {
      distinct.add(Objects.requireNonNull(c, "column"));
    }
    return new SearchSessionBuilder(table, maxOpenFiles, maxResidentBytes, List.copyOf(distinct));
  }

  /**
   * Opens the session.
   *
   * @throws SchemaException if a resident column is not a column of the table's current schema
   */
  public SearchSession open() {
    List<String> known = table.schema().columnNames();
    for (String c : residentColumns) {
      if (!known.contains(c)) {
        throw new SchemaException(
            "resident column '" + c + "' is not a column of table " + table.name() + " " + known);
      }
    }
    return SearchImpl.session(table, maxOpenFiles, maxResidentBytes, residentColumns);
  }
}
