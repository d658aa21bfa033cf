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

import io.paimon.multimodal.search.IndexType;
import io.paimon.multimodal.search.SearchException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What an index file was built with: its type and options (defaults filled in), the vector
 * dimension, and the snapshot whose rows it holds. Stored in the index manifest entry's meta bytes
 * as UTF-8 {@code key=value} lines, so that a search knows how to query a file without opening it.
 * Immutable.
 */
public final class IndexSpec {

  static final String METRIC = "distance.metric";
  static final String M = "m";
  static final String EF_CONSTRUCTION = "ef-construction";
  static final String ANALYZER = "analyzer";
  static final String NGRAM_MIN = "ngram.min";
  static final String NGRAM_MAX = "ngram.max";
  static final String ROWS_PER_SHARD = "global-index.row-count-per-shard";

  /** Keys of the file's meta that are not options. */
  private static final String COLUMN = "column";

  private static final String DIMENSION = "dimension";
  private static final String BUILT_AT = "built-at-snapshot";
  private static final String VERSION = "version";

  private static final Set<String> VECTOR_KEYS = Set.of(METRIC, M, EF_CONSTRUCTION, ROWS_PER_SHARD);
  private static final Set<String> TEXT_KEYS =
      Set.of(ANALYZER, NGRAM_MIN, NGRAM_MAX, ROWS_PER_SHARD);
  private static final Set<String> ANALYZERS = Set.of("standard", "whitespace", "keyword", "ngram");

  private final IndexType type;
  private final Map<String, String> options;
  private final String column;
  private final int dimension;
  private final long builtAt;

  private IndexSpec(
      IndexType type, Map<String, String> options, String column, int dimension, long builtAt) {
    this.type = type;
    this.options = options;
    this.column = column;
    this.dimension = dimension;
    this.builtAt = builtAt;
  }

  /**
   * The spec of user options, checked and completed with the defaults.
   *
   * @throws SearchException naming an unknown key or a bad value
   */
  static IndexSpec of(IndexType type, Map<String, String> given, String column, int dimension) {
    Set<String> keys = type == IndexType.VECTOR ? VECTOR_KEYS : TEXT_KEYS;
    Map<String, String> options = new TreeMap<>();
    for (Map.Entry<String, String> e : given.entrySet()) {
      if (!keys.contains(e.getKey())) {
        throw new SearchException(
            "index option '"
                + e.getKey()
                + "' is not one of "
                + new java.util.TreeSet<>(keys)
                + " for a "
                + type
                + " index on '"
                + column
                + "'");
      }
      options.put(e.getKey(), e.getValue().trim());
    }
    options.putIfAbsent(ROWS_PER_SHARD, "100000");
    positive(options, ROWS_PER_SHARD, column);
    if (type == IndexType.VECTOR) {
      options.put(METRIC, Metric.of(options.getOrDefault(METRIC, "inner_product")).key());
      options.putIfAbsent(M, "16");
      options.putIfAbsent(EF_CONSTRUCTION, "100");
      if (positive(options, M, column) > 512) {
        throw new SearchException("index option m = " + options.get(M) + " is above 512");
      }
      if (positive(options, EF_CONSTRUCTION, column) > 3200) {
        throw new SearchException(
            "index option ef-construction = " + options.get(EF_CONSTRUCTION) + " is above 3200");
      }
    } else {
      String analyzer =
          options.getOrDefault(ANALYZER, "standard").toLowerCase(java.util.Locale.ROOT);
      if (!ANALYZERS.contains(analyzer)) {
        throw new SearchException(
            "analyzer '" + analyzer + "' is not one of " + new java.util.TreeSet<>(ANALYZERS));
      }
      options.put(ANALYZER, analyzer);
      if (analyzer.equals("ngram")) {
        options.putIfAbsent(NGRAM_MIN, "2");
        options.putIfAbsent(NGRAM_MAX, "3");
        if (positive(options, NGRAM_MIN, column) > positive(options, NGRAM_MAX, column)) {
          throw new SearchException(
              "ngram.min "
                  + options.get(NGRAM_MIN)
                  + " is above ngram.max "
                  + options.get(NGRAM_MAX));
        }
      } else if (options.containsKey(NGRAM_MIN) || options.containsKey(NGRAM_MAX)) {
        throw new SearchException("ngram.min and ngram.max need analyzer = ngram");
      }
    }
    return new IndexSpec(type, Map.copyOf(options), column, dimension, -1);
  }

  private static int positive(Map<String, String> options, String key, String column) {
    String value = options.get(key);
    try {
      int n = Integer.parseInt(value);
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new SearchException(
        "index option " + key + " = '" + value + "' on '" + column + "' is not a positive integer");
  }

  /** The same spec, for a file built from snapshot {@code snapshotId}. */
  IndexSpec builtAt(long snapshotId) {
    return new IndexSpec(type, options, column, dimension, snapshotId);
  }

  /** The spec stored in an index file's meta bytes. */
  static IndexSpec parse(IndexType type, byte[] meta, String fileName) {
    Map<String, String> all = new LinkedHashMap<>();
    for (String line : new String(meta, StandardCharsets.UTF_8).split("\n")) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        all.put(line.substring(0, eq), line.substring(eq + 1));
      }
    }
    try {
      if (!"1".equals(all.remove(VERSION))) {
        throw new SearchException("index file " + fileName + ": unknown meta version");
      }
      String column = all.remove(COLUMN);
      int dimension = Integer.parseInt(all.remove(DIMENSION));
      long builtAt = Long.parseLong(all.remove(BUILT_AT));
      IndexSpec spec = of(type, all, column, dimension);
      return new IndexSpec(type, spec.options, column, dimension, builtAt);
    } catch (RuntimeException e) {
      if (e instanceof SearchException && e.getMessage().startsWith("index file")) {
        throw e;
      }
      throw new SearchException(
          "index file " + fileName + ": its manifest meta is not a " + type + " index spec", e);
    }
  }

  /** The meta bytes of a file of this spec. */
  byte[] toMeta() {
    StringBuilder out = new StringBuilder();
    out.append(VERSION).append("=1\n");
    out.append(COLUMN).append('=').append(column).append('\n');
    out.append(DIMENSION).append('=').append(dimension).append('\n');
    out.append(BUILT_AT).append('=').append(builtAt).append('\n');
    for (Map.Entry<String, String> e : new TreeMap<>(options).entrySet()) {
      out.append(e.getKey()).append('=').append(e.getValue()).append('\n');
    }
    return out.toString().getBytes(StandardCharsets.UTF_8);
  }

  IndexType type() {
    return type;
  }

  /** The options, defaults filled in. */
  Map<String, String> options() {
    return options;
  }

  /**
   * The options that decide what a query means (not how big shards are): must agree across files.
   */
  Map<String, String> queryOptions() {
    Map<String, String> out = new TreeMap<>(options);
    out.remove(ROWS_PER_SHARD);
    out.remove(M);
    out.remove(EF_CONSTRUCTION);
    return out;
  }

  String column() {
    return column;
  }

  int dimension() {
    return dimension;
  }

  long builtAtSnapshot() {
    return builtAt;
  }

  int rowsPerShard() {
    return Integer.parseInt(options.get(ROWS_PER_SHARD));
  }

  Metric metric() {
    return Metric.of(options.get(METRIC));
  }

  int m() {
    return Integer.parseInt(options.get(M));
  }

  int efConstruction() {
    return Integer.parseInt(options.get(EF_CONSTRUCTION));
  }

  String analyzer() {
    return options.get(ANALYZER);
  }

  int ngramMin() {
    return Integer.parseInt(options.get(NGRAM_MIN));
  }

  int ngramMax() {
    return Integer.parseInt(options.get(NGRAM_MAX));
  }
}
