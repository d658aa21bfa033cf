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

import io.paimon.types.DataType;
import java.util.List;

/**
 * The bound, typed predicate tree. Literals are non-null Java values whose group matches the
 * column's (BigDecimal for numbers, String, Boolean, LocalDate, LocalDateTime, LocalTime);
 * comparisons with a NULL literal and predicates without columns are folded into {@link Constant}s
 * by the {@link Binder}.
 */
sealed interface Node {

  /** Calls {@code visitor}'s method for this node's kind and returns what it returns. */
  <R> R accept(NodeVisitor<R> visitor);

  /** A predicate with the same value for every row. */
  record Constant(Truth value) implements Node {
    @Override
    public <R> R accept(NodeVisitor<R> visitor) {
      return visitor.constant(this);
    }
  }

  /** Conjunction of two or more terms. */
  record And(List<Node> terms) implements Node {
    @Override
    public <R> R accept(NodeVisitor<R> visitor) {
      return visitor.and(this);
    }
  }

  /** Disjunction of two or more terms. */
  record Or(List<Node> terms) implements Node {
    @Override
    public <R> R accept(NodeVisitor<R> visitor) {
      return visitor.or(this);
    }
  }

  /** Negation. */
  record Not(Node operand) implements Node {
    @Override
    public <R> R accept(NodeVisitor<R> visitor) {
      return visitor.not(this);
    }
  }

  /** {@code column op literal}. */
  record CompareLiteral(Column column, CmpOp op, Object literal) implements Node {
    @Override
    public <R> R accept(NodeVisitor<R> visitor) {
      return visitor.compareLiteral(this);
    }
  }

  /** {@code left op right} between two columns of the same group. */
  record CompareColumns(Column left, CmpOp op, Column right) implements Node {
    @Override
    public <R> R accept(NodeVisitor<R> visitor) {
      return visitor.compareColumns(this);
    }
  }

  /**
   * {@code column IN (values)}: TRUE if the value equals one of {@code values}, otherwise UNKNOWN
   * if the value is null or {@code hasNull}, otherwise FALSE.
   */
  record In(Column column, List<Object> values, boolean hasNull) implements Node {
    @Override
    public <R> R accept(NodeVisitor<R> visitor) {
      return visitor.in(this);
    }
  }

  /** {@code column IS NULL} (never UNKNOWN). */
  record IsNull(Column column) implements Node {
    @Override
    public <R> R accept(NodeVisitor<R> visitor) {
      return visitor.isNull(this);
    }
  }

  /** {@code column LIKE pattern} on a string column. */
  record Like(Column column, LikePattern pattern) implements Node {
    @Override
    public <R> R accept(NodeVisitor<R> visitor) {
      return visitor.like(this);
    }
  }

  /** A bound column: its exact name and table type. */
  record Column(String name, DataType type) {
    Family family() {
      return Family.of(type);
    }
  }
}
