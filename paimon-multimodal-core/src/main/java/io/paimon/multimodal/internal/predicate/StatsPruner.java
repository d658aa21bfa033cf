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
    return mightBeTrue(node, false, stats);
  }

  private static boolean mightBeTrue(Node node, boolean negated, StatsView stats) {
    if (node instanceof Node.Constant) {
      Truth value = ((Node.Constant) node).value();
      return (negated ? value.not() : value) == Truth.TRUE;
    }
    if (node instanceof Node.Not) {
      return mightBeTrue(((Node.Not) node).operand(), !negated, stats);
    }
    if (node instanceof Node.And || node instanceof Node.Or) {
      boolean conjunction = (node instanceof Node.And) != negated;
      Iterable<Node> terms =
          node instanceof Node.And ? ((Node.And) node).terms() : ((Node.Or) node).terms();
      for (Node term : terms) {
        boolean might = mightBeTrue(term, negated, stats);
        if (conjunction && !might) {
          return false;
        }
        if (!conjunction && might) {
          return true;
        }
      }
      return conjunction;
    }
    if (node instanceof Node.IsNull) {
      OptionalLong nulls = stats.nullCount(((Node.IsNull) node).column().name());
      if (nulls.isEmpty()) {
        return true;
      }
      return negated ? nulls.getAsLong() < stats.rowCount() : nulls.getAsLong() > 0;
    }
    if (node instanceof Node.CompareLiteral) {
      Node.CompareLiteral c = (Node.CompareLiteral) node;
      String name = c.column().name();
      if (allNull(name, stats)) {
        return false;
      }
      CmpOp op = negated ? c.op().negate() : c.op();
      return rangeAllows(stats.min(name), stats.max(name), op, c.literal());
    }
    if (node instanceof Node.CompareColumns) {
      Node.CompareColumns c = (Node.CompareColumns) node;
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
    if (node instanceof Node.In) {
      return inMightBeTrue((Node.In) node, negated, stats);
    }
    Node.Like like = (Node.Like) node;
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
