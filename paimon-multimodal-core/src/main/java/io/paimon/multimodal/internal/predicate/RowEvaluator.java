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

import java.util.function.Function;

/**
 * Evaluates a bound predicate on one row given as Java values (the table's value model), with the
 * same semantics as the Arrow evaluator.
 */
final class RowEvaluator implements NodeVisitor<Truth> {

  private final Function<String, Object> row;

  private RowEvaluator(Function<String, Object> row) {
    this.row = row;
  }

  /**
   * The truth of the predicate for the row.
   *
   * @throws IllegalArgumentException if a column's value is not of its type's Java class
   */
  static Truth test(Node node, Function<String, Object> row) {
    return node.accept(new RowEvaluator(row));
  }

  @Override
  public Truth constant(Node.Constant node) {
    return node.value();
  }

  @Override
  public Truth and(Node.And node) {
    Truth result = Truth.TRUE;
    for (Node term : node.terms()) {
      result = result.and(term.accept(this));
      if (result == Truth.FALSE) {
        return result;
      }
    }
    return result;
  }

  @Override
  public Truth or(Node.Or node) {
    Truth result = Truth.FALSE;
    for (Node term : node.terms()) {
      result = result.or(term.accept(this));
      if (result == Truth.TRUE) {
        return result;
      }
    }
    return result;
  }

  @Override
  public Truth not(Node.Not node) {
    return node.operand().accept(this).not();
  }

  @Override
  public Truth isNull(Node.IsNull node) {
    return Truth.of(row.apply(node.column().name()) == null);
  }

  @Override
  public Truth compareLiteral(Node.CompareLiteral c) {
    Object value = row.apply(c.column().name());
    return value == null
        ? Truth.UNKNOWN
        : Truth.of(c.op().test(compare(c.column(), value, c.literal())));
  }

  @Override
  public Truth compareColumns(Node.CompareColumns c) {
    Object left = row.apply(c.left().name());
    Object right = row.apply(c.right().name());
    if (left == null || right == null) {
      return Truth.UNKNOWN;
    }
    checkComparable(c.right(), right, left);
    return Truth.of(c.op().test(compare(c.left(), left, right)));
  }

  @Override
  public Truth in(Node.In in) {
    Object value = row.apply(in.column().name());
    if (value == null) {
      return Truth.UNKNOWN;
    }
    for (Object candidate : in.values()) {
      if (compare(in.column(), value, candidate) == 0) {
        return Truth.TRUE;
      }
    }
    return in.hasNull() ? Truth.UNKNOWN : Truth.FALSE;
  }

  @Override
  public Truth like(Node.Like like) {
    Object value = row.apply(like.column().name());
    if (value == null) {
      return Truth.UNKNOWN;
    }
    if (!(value instanceof String)) {
      throw wrongValue(like.column(), value);
    }
    return Truth.of(like.pattern().matches((String) value));
  }

  private static int compare(Node.Column column, Object value, Object other) {
    checkComparable(column, value, other);
    return ValueOrder.compare(value, other);
  }

  private static void checkComparable(Node.Column column, Object value, Object other) {
    if (!ValueOrder.comparable(value, other)) {
      throw wrongValue(column, value);
    }
  }

  private static IllegalArgumentException wrongValue(Node.Column column, Object value) {
    return new IllegalArgumentException(
        "column '"
            + column.name()
            + "' of type "
            + column.type()
            + " holds a value of class "
            + value.getClass().getName()
            + ": "
            + value);
  }
}
