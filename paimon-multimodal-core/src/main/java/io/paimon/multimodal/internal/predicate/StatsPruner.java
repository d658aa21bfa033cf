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

import java.util.OptionalLong;
import java.util.function.IntPredicate;

/**
 * Decides from min/max/null-count statistics whether a predicate can be TRUE for some row. It
 * pushes NOT down to the leaves (De Morgan and operator complements hold in three-valued logic, and
 * {@code NOT (x < c)} is {@code x >= c} under the total order of {@link ValueOrder}), then checks
 * each leaf against the bounds. A leaf that involves a column whose values are all null is never
 * TRUE. Missing or incomparable statistics count as "might match".
 */
final class StatsPruner {

  private StatsPruner() {}

  /** False only if no row described by the statistics can make the predicate TRUE. */
  static boolean mightMatch(Node node, StatsView stats) {
    if (stats.rowCount() <= 0) {
      return false;
    }
    return node.accept(new MightBeTrue(stats, false));
  }

  /**
   * Whether a node might be TRUE for some row, or with {@code negated} whether its negation might:
   * NOT is pushed down by visiting the operand with the visitor of the opposite polarity.
   */
  private static final class MightBeTrue implements NodeVisitor<Boolean> {
    private final StatsView stats;
    private final boolean negated;
    private final MightBeTrue opposite;

    MightBeTrue(StatsView stats, boolean negated) {
      this.stats = stats;
      this.negated = negated;
      this.opposite = new MightBeTrue(stats, !negated, this);
    }

    private MightBeTrue(StatsView stats, boolean negated, MightBeTrue opposite) {
      this.stats = stats;
      this.negated = negated;
      this.opposite = opposite;
    }

    @Override
    public Boolean constant(Node.Constant node) {
      Truth value = node.value();
      return (negated ? value.not() : value) == Truth.TRUE;
    }

    @Override
    public Boolean not(Node.Not node) {
      return node.operand().accept(opposite);
    }

    @Override
    public Boolean and(Node.And node) {
      return terms(node.terms(), !negated);
    }

    @Override
    public Boolean or(Node.Or node) {
      return terms(node.terms(), negated);
    }

    /** The terms of an AND ({@code conjunction}) or an OR, after NOT was pushed into them. */
    private boolean terms(Iterable<Node> terms, boolean conjunction) {
      for (Node term : terms) {
        boolean might = term.accept(this);
        if (conjunction && !might) {
          return false;
        }
        if (!conjunction && might) {
          return true;
        }
      }
      return conjunction;
    }

    @Override
    public Boolean isNull(Node.IsNull node) {
      OptionalLong nulls = stats.nullCount(node.column().name());
      if (nulls.isEmpty()) {
        return true;
      }
      return negated ? nulls.getAsLong() < stats.rowCount() : nulls.getAsLong() > 0;
    }

    @Override
    public Boolean compareLiteral(Node.CompareLiteral c) {
      String name = c.column().name();
      if (allNull(name, stats)) {
        return false;
      }
      CmpOp op = negated ? c.op().negate() : c.op();
      return rangeAllows(stats.min(name), stats.max(name), op, c.literal());
    }

    @Override
    public Boolean compareColumns(Node.CompareColumns c) {
      String a = c.left().name();
      String b = c.right().name();
      if (allNull(a, stats) || allNull(b, stats)) {
        return false;
      }
      return rangesAllow(
          stats.min(a),
          stats.max(a),
          negated ? c.op().negate() : c.op(),
          stats.min(b),
          stats.max(b));
    }

    @Override
    public Boolean in(Node.In in) {
      return inMightBeTrue(in, negated, stats);
    }

    @Override
    public Boolean like(Node.Like like) {
      String name = like.column().name();
      if (allNull(name, stats)) {
        return false;
      }
      if (negated || like.pattern().prefix().isEmpty()) {
        return true;
      }
      String prefix = like.pattern().prefix();
      Object min = stats.min(name);
      Object max = stats.max(name);
      if (max instanceof String && ValueOrder.compareStrings((String) max, prefix) < 0) {
        return false;
      }
      return !(min instanceof String
          && !((String) min).startsWith(prefix)
          && ValueOrder.compareStrings((String) min, prefix) > 0);
    }
  }

  private static boolean inMightBeTrue(Node.In in, boolean negated, StatsView stats) {
    String name = in.column().name();
    if (allNull(name, stats)) {
      return false;
    }
    Object min = stats.min(name);
    Object max = stats.max(name);
    if (!negated) {
      for (Object value : in.values()) {
        if (rangeAllows(min, max, CmpOp.EQ, value)) {
          return true;
        }
      }
      return false;
    }
    if (in.hasNull()) {
      // x NOT IN (..., NULL) is FALSE or UNKNOWN, never TRUE.
      return false;
    }
    for (Object value : in.values()) {
      if (!rangeAllows(min, max, CmpOp.NE, value)) {
        return false;
      }
    }
    return true;
  }

  private static boolean allNull(String column, StatsView stats) {
    OptionalLong nulls = stats.nullCount(column);
    return nulls.isPresent() && nulls.getAsLong() >= stats.rowCount();
  }

  /** Whether some value v with {@code min <= v <= max} can satisfy {@code v op literal}. */
  private static boolean rangeAllows(Object min, Object max, CmpOp op, Object literal) {
    Integer minCmp = tryCompare(min, literal);
    Integer maxCmp = tryCompare(max, literal);
    switch (op) {
      case EQ:
        return (minCmp == null || minCmp <= 0) && (maxCmp == null || maxCmp >= 0);
      case NE:
        return minCmp == null || maxCmp == null || minCmp != 0 || maxCmp != 0;
      case LT:
        return minCmp == null || minCmp < 0;
      case LE:
        return minCmp == null || minCmp <= 0;
      case GT:
        return maxCmp == null || maxCmp > 0;
      default:
        return maxCmp == null || maxCmp >= 0;
    }
  }

  /** Whether some a in [minA, maxA] and b in [minB, maxB] can satisfy {@code a op b}. */
  private static boolean rangesAllow(Object minA, Object maxA, CmpOp op, Object minB, Object maxB) {
    switch (op) {
      case EQ:
        return !isTrue(tryCompare(minA, maxB), c -> c > 0)
            && !isTrue(tryCompare(minB, maxA), c -> c > 0);
      case NE:
        return !(isTrue(tryCompare(minA, maxA), c -> c == 0)
            && isTrue(tryCompare(minB, maxB), c -> c == 0)
            && isTrue(tryCompare(minA, minB), c -> c == 0));
      case LT:
        return !isTrue(tryCompare(minA, maxB), c -> c >= 0);
      case LE:
        return !isTrue(tryCompare(minA, maxB), c -> c > 0);
      case GT:
        return !isTrue(tryCompare(maxA, minB), c -> c <= 0);
      default:
        return !isTrue(tryCompare(maxA, minB), c -> c < 0);
    }
  }

  private static boolean isTrue(Integer comparison, IntPredicate test) {
    return comparison != null && test.test(comparison);
  }

  /**
   * The comparison of a statistic with a value, or null if the statistic is missing or unusable.
   */
  private static Integer tryCompare(Object stat, Object value) {
    if (stat == null || value == null || !ValueOrder.comparable(stat, value)) {
      return null;
    }
    return ValueOrder.compare(stat, value);
  }
}
