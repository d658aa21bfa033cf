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
final class RowEvaluator {

  private RowEvaluator() {}

  /**
   * The truth of the predicate for the row.
   *
   * @throws IllegalArgumentException if a column's value is not of its type's Java class
   */
  static Truth test(Node node, Function<String, Object> row) {
    if (node instanceof Node.Constant) {
      return ((Node.Constant) node).value();
    }
    if (node instanceof Node.And) {
      Truth result = Truth.TRUE;
      for (Node term : ((Node.And) node).terms()) {
        result = result.and(test(term, row));
        if (result == Truth.FALSE) {
          return result;
        }
      }
      return result;
    }
    if (node instanceof Node.Or) {
      Truth result = Truth.FALSE;
      for (Node term : ((Node.Or) node).terms()) {
        result = result.or(test(term, row));
        if (result == Truth.TRUE) {
          return result;
        }
      }
      return result;
    }
    if (node instanceof Node.Not) {
      return test(((Node.Not) node).operand(), row).not();
    }
    if (node instanceof Node.IsNull) {
      return Truth.of(row.apply(((Node.IsNull) node).column().name()) == null);
    }
    if (node instanceof Node.CompareLiteral) {
      Node.CompareLiteral c = (Node.CompareLiteral) node;
      Object value = row.apply(c.column().name());
      return value == null
          ? Truth.UNKNOWN
          : Truth.of(c.op().test(compare(c.column(), value, c.literal())));
    }
    if (node instanceof Node.CompareColumns) {
      Node.CompareColumns c = (Node.CompareColumns) node;
      Object left = row.apply(c.left().name());
      Object right = row.apply(c.right().name());
      if (left == null || right == null) {
        return Truth.UNKNOWN;
      }
      checkComparable(c.right(), right, left);
      return Truth.of(c.op().test(compare(c.left(), left, right)));
    }
    if (node instanceof Node.In) {
      Node.In in = (Node.In) node;
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
    Node.Like like = (Node.Like) node;
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
