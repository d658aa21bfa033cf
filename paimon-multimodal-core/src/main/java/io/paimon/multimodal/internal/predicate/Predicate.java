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

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * A parsed, type-checked {@code where(...)} predicate, bound to the columns of one table. Create
 * one with {@link Predicates#parse}; it is immutable and thread-safe.
 *
 * <p>Semantics (SQL three-valued logic): a comparison with a null value is UNKNOWN, AND/OR/NOT
 * follow Kleene's rules, and a row is selected only when the whole predicate is TRUE. Numbers
 * compare by value across types ({@code id = 1.5} is FALSE for every BIGINT, {@code id < 1.5} TRUE
 * for {@code id <= 1}); if a FLOAT or DOUBLE is involved both sides compare as doubles, where NaN
 * equals NaN and is greater than every other value (including infinity) and -0.0 equals 0.0.
 * Strings compare by code point (the unsigned order of their UTF-8 bytes), booleans FALSE before
 * TRUE, dates and timestamps on one time line (a date at midnight, TIMESTAMP literals and TIMESTAMP
 * columns read as UTC against TIMESTAMP_LTZ), times by time of day. LIKE matches {@code %} to any
 * sequence and {@code _} to one character, case-sensitively, with no escape character unless {@code
 * ESCAPE 'c'} names one.
 */
public final class Predicate {

  private static final Predicate ALWAYS_TRUE = new Predicate("TRUE", new Node.Constant(Truth.TRUE));

  private final String text;
  private final Node root;
  private final Set<String> referencedColumns;

  Predicate(String text, Node root) {
    this.text = text;
    this.root = root;
    Set<String> columns = new LinkedHashSet<>();
    root.accept(new ColumnCollector(columns));
    this.referencedColumns = Collections.unmodifiableSet(columns);
  }

  static Predicate alwaysTrue() {
    return ALWAYS_TRUE;
  }

  /** The predicate text, as given (or the combination of texts for {@link #and}). */
  public String text() {
    return text;
  }

  /**
   * The names of the columns the predicate reads, in order of first appearance; a batch given to
   * {@link #evaluate} must hold at least these. Unmodifiable.
   */
  public Set<String> referencedColumns() {
    return referencedColumns;
  }

  /**
   * Whether the predicate is TRUE for every row (such as the result of {@link
   * Predicates#alwaysTrue}).
   */
  public boolean isAlwaysTrue() {
    return root instanceof Node.Constant c && c.value() == Truth.TRUE;
  }

  /**
   * The conjunction of this predicate and another bound to the same table (what repeated {@code
   * where} calls do).
   */
  public Predicate and(Predicate other) {
    Objects.requireNonNull(other, "other");
    if (isAlwaysTrue()) {
      return other;
    }
    if (other.isAlwaysTrue()) {
      return this;
    }
    List<Node> terms = new ArrayList<>();
    addConjuncts(root, terms);
    addConjuncts(other.root, terms);
    return new Predicate(
        "(" + text + ") AND (" + other.text + ")", new Node.And(List.copyOf(terms)));
  }

  /**
   * Evaluates the predicate on every row of an Arrow batch, column at a time.
   *
   * <p>Columns are found by name; {@code _ROW_ID} is a BigInt column named {@code _ROW_ID}. The
   * batch is only read, never closed or modified.
   *
   * @return the rows for which the predicate is TRUE
   * @throws IllegalArgumentException if a referenced column is missing or its vector does not hold
   *     the column's type
   */
  public Selection evaluate(VectorSchemaRoot batch) {
    Objects.requireNonNull(batch, "batch");
    return Selection.ofMask(BatchEvaluator.evaluate(root, batch));
  }

  /**
   * Evaluates the predicate on one row given as Java values (the table's value model: Long for
   * BIGINT, String for STRING, LocalDate for DATE...; null for null).
   *
   * @param valueByColumn the value of a column by name; called only for referenced columns
   * @throws IllegalArgumentException if a value is not of its column type's Java class
   */
  public Truth test(Function<String, Object> valueByColumn) {
    Objects.requireNonNull(valueByColumn, "valueByColumn");
    return RowEvaluator.test(root, valueByColumn);
  }

  /**
   * Whether some row described by the statistics might make the predicate TRUE. Returns false only
   * when no such row can exist (a data file that can be skipped); missing statistics never cause
   * false.
   */
  public boolean mightMatch(StatsView stats) {
    Objects.requireNonNull(stats, "stats");
    return StatsPruner.mightMatch(root, stats);
  }

  /** The bound tree in canonical form, fully parenthesised. */
  String explain() {
    return NodePrinter.print(root);
  }

  Node root() {
    return root;
  }

  @Override
  public String toString() {
    return text;
  }

  private static void addConjuncts(Node node, List<Node> terms) {
    if (node instanceof Node.And and) {
      terms.addAll(and.terms());
    } else {
      terms.add(node);
    }
  }

  /** Adds the names of the columns a node reads to a set, in order of first appearance. */
  private static final class ColumnCollector implements NodeVisitor<Void> {
    private final Set<String> out;

    ColumnCollector(Set<String> out) {
      this.out = out;
    }

    @Override
    public Void constant(Node.Constant node) {
      return null;
    }

    @Override
    public Void and(Node.And node) {
      node.terms().forEach(t -> t.accept(this));
      return null;
    }

    @Override
    public Void or(Node.Or node) {
      node.terms().forEach(t -> t.accept(this));
      return null;
    }

    @Override
    public Void not(Node.Not node) {
      return node.operand().accept(this);
    }

    @Override
    public Void isNull(Node.IsNull node) {
      out.add(node.column().name());
      return null;
    }

    @Override
    public Void compareLiteral(Node.CompareLiteral node) {
      out.add(node.column().name());
      return null;
    }

    @Override
    public Void compareColumns(Node.CompareColumns node) {
      out.add(node.left().name());
      out.add(node.right().name());
      return null;
    }

    @Override
    public Void in(Node.In node) {
      out.add(node.column().name());
      return null;
    }

    @Override
    public Void like(Node.Like node) {
      out.add(node.column().name());
      return null;
    }
  }
}
