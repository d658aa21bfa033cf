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
package io.paimon.multimodal.internal.predicate;

import io.paimon.multimodal.PredicateException;
import io.paimon.types.RowType;
import java.util.List;
import java.util.Objects;

/**
 * Entry points of the {@code where(...)} predicate language: parsing and binding predicates to a
 * table's columns, and the value order that statistics must follow.
 */
public final class Predicates {

  private Predicates() {}

  /**
   * Parses a predicate and binds it to a table's columns plus the system column {@code _ROW_ID
   * BIGINT NOT NULL}.
   *
   * <p>Grammar (keywords case-insensitive, column names exact): comparisons {@code = != <> < <= >
   * >=} between a column and a literal (either side) or two columns; {@code [NOT] IN (literal,
   * ...)}; {@code IS [NOT] NULL}; {@code [NOT] BETWEEN a AND b}; {@code [NOT] LIKE 'pattern'
   * [ESCAPE 'c']}; {@code AND}, {@code OR}, {@code NOT} (NOT binds tighter than AND, AND tighter
   * than OR); parentheses; a BOOLEAN column alone. Literals: integers and decimals ({@code 42},
   * {@code -1.5}, {@code 1e3}), {@code 'strings'} ({@code ''} is a quote), {@code TRUE FALSE NULL},
   * {@code DATE 'yyyy-mm-dd'}, {@code TIMESTAMP 'yyyy-mm-dd hh:mm:ss[.fffffffff]'}, {@code TIME
   * 'hh:mm:ss[.fffffffff]'}. Identifiers are plain ({@code _ROW_ID}, {@code price_2}) or {@code
   * "quoted"} ({@code ""} is a quote); reserved words ({@code AND OR NOT IN IS NULL BETWEEN LIKE
   * ESCAPE TRUE FALSE}) must be quoted to be used as column names. Functions, subqueries, comments
   * and statement separators are rejected.
   *
   * @param text the predicate
   * @param columns the table's row type
   * @return the bound predicate, immutable and thread-safe
   * @throws PredicateException with the position and what was expected on a syntax error, or naming
   *     the column on an unknown column or a type mismatch
   */
  public static Predicate parse(String text, RowType columns) {
    return parse(text, List.of(), columns);
  }

  /**
   * As {@link #parse(String, RowType)}, each {@code ?} of the text standing for the next of {@code
   * parameters}, bound as a literal of its Java type (numbers, strings, booleans, LocalDate,
   * LocalDateTime, LocalTime, null; in an IN list also a collection of them, expanded): values are
   * never parsed as predicate text, so they cannot change its meaning.
   *
   * @throws PredicateException also for a parameter of another type or a count of parameters other
   *     than the count of {@code ?}
   */
  public static Predicate parse(String text, List<?> parameters, RowType columns) {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(parameters, "parameters");
    Objects.requireNonNull(columns, "columns");
    Syntax syntax = Parser.parse(text, parameters);
    return new Predicate(text, Binder.bind(text, columns, syntax));
  }

  /** The predicate that selects every row. */
  public static Predicate alwaysTrue() {
    return Predicate.alwaysTrue();
  }

  /**
   * Compares two non-null values of the table's value model in the order predicates use, which
   * {@link StatsView} bounds must follow: numbers by value (as doubles if either is a Float or
   * Double, with NaN greatest and -0.0 equal to 0.0), strings by code point, FALSE before TRUE,
   * LocalDate/LocalDateTime/Instant on one UTC time line, LocalTime by time of day.
   *
   * @throws IllegalArgumentException if the values are not comparable
   */
  public static int compareValues(Object a, Object b) {
    return ValueOrder.compare(Objects.requireNonNull(a, "a"), Objects.requireNonNull(b, "b"));
  }
}
