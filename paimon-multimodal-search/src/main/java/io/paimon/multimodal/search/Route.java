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

import java.util.Objects;

/**
 * One route of a {@link Search#hybrid hybrid search}: a vector or text query on a column, with a
 * weight in the fusion ({@code 1} by default) and the number of candidates it contributes (the
 * search's limit by default). Immutable and thread-safe.
 */
public final class Route {

  private final String column;
  private final float[] vector;
  private final String text;
  private final double weight;
  private final int limit;

  private Route(String column, float[] vector, String text, double weight, int limit) {
    this.column = column;
    this.vector = vector;
    this.text = text;
    this.weight = weight;
    this.limit = limit;
  }

  /** A nearest-neighbour route on a vector column. */
  public static Route vector(String column, float[] query) {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(query, "query");
    return new Route(column, query.clone(), null, 1, 0);
  }

  /** A BM25 route on a text column. */
  public static Route text(String column, String query) {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(query, "query");
    return new Route(column, null, query, 1, 0);
  }

  /**
   * This route with another weight in the fusion.
   *
   * @throws SearchException if the weight is not a positive finite number
   */
  public Route weight(double weight) {
    if (!(weight > 0) || Double.isInfinite(weight)) {
      throw new SearchException(
          "route on '" + column + "': weight " + weight + " is not a positive finite number");
    }
    return new Route(column, vector, text, weight, limit);
  }

  /**
   * This route contributing its top {@code n} candidates to the fusion.
   *
   * @throws SearchException if {@code n} is not positive
   */
  public Route limit(int n) {
    if (n <= 0) {
      throw new SearchException("route on '" + column + "': limit " + n + " is not positive");
    }
    return new Route(column, vector, text, weight, n);
  }

  /** The column searched. */
  public String column() {
    return column;
  }

  /** The query vector (a copy), or null for a text route. */
  public float[] vectorQuery() {
    return vector == null ? null : vector.clone();
  }

  /** The query text, or null for a vector route. */
  public String textQuery() {
    return text;
  }

  /** The index type the route needs. */
  public IndexType type() {
    return vector != null ? IndexType.VECTOR : IndexType.FULL_TEXT;
  }

  /** The route's weight in the fusion. */
  public double weight() {
    return weight;
  }

  /** The candidates the route contributes, or 0 for the search's limit. */
  public int limit() {
    return limit;
  }

  @Override
  public String toString() {
    return (vector != null ? "vector(" : "text(")
        + column
        + (text != null ? ", '" + text + "'" : ", " + vector.length + " dims")
        + ", weight "
        + weight
        + (limit > 0 ? ", limit " + limit : "")
        + ")";
  }
}
