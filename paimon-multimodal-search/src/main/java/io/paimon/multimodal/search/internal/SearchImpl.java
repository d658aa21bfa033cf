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

import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.search.IndexType;
import io.paimon.multimodal.search.Ranker;
import io.paimon.multimodal.search.Route;
import io.paimon.multimodal.search.Search;
import io.paimon.multimodal.search.SearchException;
import io.paimon.multimodal.search.SearchSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * {@link Search}: an immutable description of the query ({@link Query}) and where its index files
 * come from; each terminal pins the snapshot, runs each route over the column's served index files
 * and unserved rows ({@link VectorRoute}, {@link TextRoute}), fuses hybrid routes ({@link Fusion})
 * and reads the winners with a row-ID take of the same snapshot ({@link Results}).
 */
public final class SearchImpl implements Search {

  private final Table table;
  private final Shards shards;
  private final Query q;

  private SearchImpl(Table table, Shards shards, Query q) {
    this.table = table;
    this.shards = shards;
    this.q = q;
  }

  /** A search that opens its index files per terminal. */
  public static Search oneShot(Table table) {
    Objects.requireNonNull(table, "table");
    return new SearchImpl(table, null, Query.EMPTY);
  }

  /**
   * A session keeping up to {@code maxOpenFiles} index files of {@code maxResidentBytes} in all in
   * memory, and the {@code residentColumns} (checked against the table) of the snapshots it
   * searches.
   */
  public static SearchSession session(
      Table table, int maxOpenFiles, long maxResidentBytes, List<String> residentColumns) {
    Objects.requireNonNull(table, "table");
    if (maxOpenFiles <= 0) {
      throw new IllegalArgumentException("maxOpenFiles " + maxOpenFiles + " is not positive");
    }
    if (maxResidentBytes <= 0) {
      throw new IllegalArgumentException(
          "maxResidentBytes " + maxResidentBytes + " is not positive");
    }
    Shards shards = new Shards(table, maxOpenFiles, maxResidentBytes, residentColumns);
    return new SearchSession() {
      @Override
      public Search search() {
        return new SearchImpl(table, shards, Query.EMPTY);
      }

      @Override
      public void close() {
        shards.close();
      }
    };
  }

  private Search with(Query next) {
    return new SearchImpl(table, shards, next);
  }

  @Override
  public Search vector(float[] query) {
    Objects.requireNonNull(query, "query");
    return with(q.withVectors(List.of(query.clone())));
  }

  @Override
  public Search vectors(List<float[]> queries) {
    Objects.requireNonNull(queries, "queries");
    if (queries.isEmpty()) {
      throw new SearchException("vectors(...) needs at least one query vector");
    }
    List<float[]> copy = new ArrayList<>();
    for (float[] v : queries) {
      copy.add(Objects.requireNonNull(v, "query vector").clone());
    }
    return with(q.withVectors(copy));
  }

  @Override
  public Search text(String query) {
    Objects.requireNonNull(query, "query");
    if (query.isBlank()) {
      throw new SearchException("text query is empty");
    }
    return with(q.withText(query));
  }

  @Override
  public Search hybrid(Route... routes) {
    if (routes.length == 0) {
      throw new SearchException("hybrid(...) needs at least one route");
    }
    for (Route r : routes) {
      Objects.requireNonNull(r, "route");
      checkRoute(r);
    }
    return with(q.withRoutes(List.of(routes)));
  }

  private static void checkRoute(Route r) {
    if (r.type() == IndexType.VECTOR) {
      checkVector(r.vectorQuery(), 0);
    } else if (r.textQuery().isBlank()) {
      throw new SearchException("route on '" + r.column() + "': text query is empty");
    }
  }

  @Override
  public Search ranker(Ranker ranker) {
    return with(q.withRanker(Objects.requireNonNull(ranker, "ranker")));
  }

  @Override
  public Search column(String column) {
    return with(q.withColumn(Objects.requireNonNull(column, "column")));
  }

  @Override
  public Search limit(int k) {
    if (k <= 0) {
      throw new SearchException("limit " + k + " is not positive");
    }
    return with(q.withLimit(k));
  }

  @Override
  public Search preFilter(String predicate, Object... parameters) {
    Objects.requireNonNull(predicate, "predicate");
    return with(q.withPreFilter(predicate, List.of(parameters.clone())));
  }

  @Override
  public Search where(String predicate, Object... parameters) {
    Objects.requireNonNull(predicate, "predicate");
    return with(q.withWhere(predicate, List.of(parameters.clone())));
  }

  @Override
  public Search select(String... columns) {
    if (columns.length == 0) {
      throw new SearchException("select(...) needs at least one column");
    }
    return with(q.withSelect(List.of(columns)));
  }

  @Override
  public Search withRowId() {
    return with(q.withRowId());
  }

  @Override
  public Search withScore() {
    return with(q.withScore());
  }

  @Override
  public Search snapshot(long snapshotId) {
    if (q.tag() != null) {
      throw new SearchException(
          "snapshot(" + snapshotId + ") and tag('" + q.tag() + "') exclude each other");
    }
    return with(q.withSnapshot(snapshotId));
  }

  @Override
  public Search tag(String name) {
    Objects.requireNonNull(name, "name");
    if (q.snapshot() != null) {
      throw new SearchException(
          "tag('" + name + "') and snapshot(" + q.snapshot() + ") exclude each other");
    }
    return with(q.withTag(name));
  }

  @Override
  public Search efSearch(int candidates) {
    if (candidates <= 0) {
      throw new SearchException("efSearch " + candidates + " is not positive");
    }
    return with(q.withEf(candidates));
  }

  @Override
  public List<Map<String, Object>> toList() {
    Run run = start(false);
    return run == null ? List.of() : Results.toList(run.view(), shards, q, run.hits().get(0));
  }

  @Override
  public List<List<Map<String, Object>>> toLists() {
    Run run = start(true);
    List<List<Map<String, Object>>> out = new ArrayList<>();
    int n = q.vectors() == null ? 1 : q.vectors().size();
    for (int i = 0; i < n; i++) {
      out.add(run == null ? List.of() : Results.toList(run.view(), shards, q, run.hits().get(i)));
    }
    return out;
  }

  @Override
  public VectorSchemaRoot toArrow() {
    Run run = start(false);
    return Results.toArrow(
        table,
        run == null ? null : run.view(),
        shards,
        q,
        run == null ? List.of() : run.hits().get(0));
  }

  @Override
  public ArrowReader toArrowReader() {
    return Results.reader(table.allocator(), toArrow());
  }

  /** A finished ranking: the view it ran on and the hits of each query, best first. */
  private record Run(SnapshotView view, List<List<Hit>> hits) {}

  /** Runs the ranking, or returns null if the table has no snapshot. */
  private Run start(boolean many) {
    int kinds =
        (q.vectors() != null ? 1 : 0) + (q.text() != null ? 1 : 0) + (q.routes() != null ? 1 : 0);
    if (kinds != 1) {
      throw new SearchException(
          kinds == 0
              ? "the search has no query: call vector, vectors, text or hybrid"
              : "the search has more than one query (vector, vectors, text, hybrid): keep one");
    }
    if (!many && q.vectors() != null && q.vectors().size() > 1) {
      throw new SearchException(
          "the search has " + q.vectors().size() + " query vectors: use toLists()");
    }
    Scan base = table.scan();
    if (q.snapshot() != null) {
      base = base.snapshot(q.snapshot());
    } else if (q.tag() != null) {
      base = base.tag(q.tag());
    }
    Optional<Snapshot> snapshot = base.resolvedSnapshot();
    if (snapshot.isEmpty()) {
      return null;
    }
    Shards source = shards != null ? shards : Shards.oneShot(table);
    // a tag is resolved once: every route and the final take read that one snapshot
    SnapshotView view = source.view(snapshot.get());
    if (q.preFilter() != null) {
      view = view.filtered(q.preFilter(), q.preFilterParameters());
    }
    Schema schema = view.scan().schema();
    List<List<Hit>> hits = new ArrayList<>();
    if (q.routes() != null) {
      List<List<Hit>> lists = new ArrayList<>();
      double[] weights = new double[q.routes().size()];
      for (int i = 0; i < q.routes().size(); i++) {
        Route r = q.routes().get(i);
        weights[i] = r.weight();
        int k = r.limit() > 0 ? r.limit() : q.limit();
        ColumnIndex index = index(view, schema, r.column(), r.type());
        try (ServedShards served = ServedShards.open(view, index, source)) {
          lists.add(
              r.type() == IndexType.VECTOR
                  ? VectorRoute.search(
                      view, index, served, checkDimension(index, r.vectorQuery()), k, ef(k))
                  : TextRoute.search(view, index, served, source, r.textQuery(), k));
        }
      }
      hits.add(Fusion.fuse(q.ranker(), lists, weights, q.limit()));
      return new Run(view, hits);
    }
    IndexType type = q.text() != null ? IndexType.FULL_TEXT : IndexType.VECTOR;
    String column = q.column() != null ? q.column() : infer(view, schema, type);
    ColumnIndex index = index(view, schema, column, type);
    try (ServedShards served = ServedShards.open(view, index, source)) {
      if (type == IndexType.FULL_TEXT) {
        hits.add(TextRoute.search(view, index, served, source, q.text(), q.limit()));
      } else {
        for (float[] v : q.vectors()) {
          hits.add(
              VectorRoute.search(
                  view, index, served, checkDimension(index, v), q.limit(), ef(q.limit())));
        }
      }
    }
    return new Run(view, hits);
  }

  private int ef(int k) {
    return q.ef() > 0 ? Math.max(k, q.ef()) : Math.max(k, 100);
  }

  /** The index of {@code column}, which must be of {@code type}. */
  private static ColumnIndex index(
      SnapshotView view, Schema schema, String column, IndexType type) {
    ColumnIndex.checkType(column, schema.columnType(column), type);
    ColumnIndex index = view.columnIndex(column);
    if (index.type() != type) {
      throw new SearchException(
          "column '"
              + column
              + "' has no "
              + type
              + " index in snapshot "
              + view.snapshotId()
              + "; create one with SearchIndexes.of(table).create(\""
              + column
              + "\", IndexType."
              + type
              + ")");
    }
    return index;
  }

  /** The one column with an index of {@code type}. */
  private static String infer(SnapshotView view, Schema schema, IndexType type) {
    List<String> candidates = new ArrayList<>();
    List<String> fitting = new ArrayList<>();
    for (String column : schema.columnNames()) {
      if (!ColumnIndex.fits(schema.columnType(column), type)) {
        continue;
      }
      fitting.add(column);
      if (view.columnIndex(column).type() == type) {
        candidates.add(column);
      }
    }
    if (candidates.size() == 1) {
      return candidates.get(0);
    }
    throw new SearchException(
        candidates.isEmpty()
            ? "no column has a "
                + type
                + " index in snapshot "
                + view.snapshotId()
                + " (columns that could: "
                + fitting
                + "); create one, or name the column"
            : "several columns have a "
                + type
                + " index: "
                + candidates
                + "; name one with column(...)");
  }

  private static float[] checkDimension(ColumnIndex index, float[] v) {
    checkVector(v, index.spec().dimension());
    return v;
  }

  private static void checkVector(float[] v, int dimension) {
    if (v.length == 0) {
      throw new SearchException("query vector is empty");
    }
    if (dimension > 0 && v.length != dimension) {
      throw new SearchException(
          "query vector has " + v.length + " dimensions; the index has " + dimension);
    }
    for (int i = 0; i < v.length; i++) {
      if (!Float.isFinite(v[i])) {
        throw new SearchException(
            "query vector element " + i + " is " + v[i] + ", not a finite number");
      }
    }
  }

  @Override
  public String toString() {
    return "Search{" + q + "}";
  }

  /**
   * The query. Never changed once published: each {@code with...} method returns a changed copy, so
   * a {@link Search} can be shared between threads.
   */
  static final class Query implements Cloneable {

    static final Query EMPTY = new Query();

    private List<float[]> vectors;
    private String text;
    private List<Route> routes;
    private Ranker ranker = Ranker.RRF;
    private String column;
    private int limit = 10;
    private String preFilter;
    private List<Object> preFilterParameters = List.of();
    private String where;
    private List<Object> whereParameters = List.of();
    private List<String> select;
    private boolean rowId;
    private boolean score;
    private Long snapshot;
    private String tag;
    private int ef;

    private Query copy(Consumer<Query> change) {
      try {
        Query c = (Query) clone();
        change.accept(c);
        return c;
      } catch (CloneNotSupportedException e) {
        throw new AssertionError(e);
      }
    }

    Query withVectors(List<float[]> v) {
      return copy(c -> c.vectors = v);
    }

    Query withText(String t) {
      return copy(c -> c.text = t);
    }

    Query withRoutes(List<Route> r) {
      return copy(c -> c.routes = r);
    }

    Query withRanker(Ranker r) {
      return copy(c -> c.ranker = r);
    }

    Query withColumn(String name) {
      return copy(c -> c.column = name);
    }

    Query withLimit(int k) {
      return copy(c -> c.limit = k);
    }

    Query withPreFilter(String p, List<Object> params) {
      return copy(
          c -> {
            c.preFilter = p;
            c.preFilterParameters = params;
          });
    }

    Query withWhere(String w, List<Object> params) {
      return copy(
          c -> {
            c.where = w;
            c.whereParameters = params;
          });
    }

    Query withSelect(List<String> columns) {
      return copy(c -> c.select = columns);
    }

    Query withRowId() {
      return copy(c -> c.rowId = true);
    }

    Query withScore() {
      return copy(c -> c.score = true);
    }

    Query withSnapshot(long id) {
      return copy(c -> c.snapshot = id);
    }

    Query withTag(String name) {
      return copy(c -> c.tag = name);
    }

    Query withEf(int n) {
      return copy(c -> c.ef = n);
    }

    List<float[]> vectors() {
      return vectors;
    }

    String text() {
      return text;
    }

    List<Route> routes() {
      return routes;
    }

    Ranker ranker() {
      return ranker;
    }

    String column() {
      return column;
    }

    int limit() {
      return limit;
    }

    String preFilter() {
      return preFilter;
    }

    List<Object> preFilterParameters() {
      return preFilterParameters;
    }

    String where() {
      return where;
    }

    List<Object> whereParameters() {
      return whereParameters;
    }

    List<String> select() {
      return select;
    }

    boolean rowId() {
      return rowId;
    }

    boolean score() {
      return score;
    }

    Long snapshot() {
      return snapshot;
    }

    String tag() {
      return tag;
    }

    int ef() {
      return ef;
    }

    @Override
    public String toString() {
      return (vectors != null
              ? vectors.size() + " vector(s)"
              : text != null ? "text '" + text + "'" : "hybrid " + routes)
          + ", limit "
          + limit
          + (column != null ? ", column " + column : "")
          + (preFilter != null ? ", preFilter " + preFilter : "")
          + (where != null ? ", where " + where : "");
    }
  }
}
