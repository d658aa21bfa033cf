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

import java.util.List;

/**
 * The unbound syntax tree the {@link Parser} produces and the {@link Binder} types. Every node
 * keeps the position of its text so that type errors point at it.
 */
sealed interface Syntax {

  /** Disjunction of two or more terms. */
  record Or(List<Syntax> terms) implements Syntax {}

  /** Conjunction of two or more terms. */
  record And(List<Syntax> terms) implements Syntax {}

  /** Negation. */
  record Not(Syntax operand) implements Syntax {}

  /** {@code left op right}. */
  record Comparison(Operand left, CmpOp op, Operand right) implements Syntax {}

  /** {@code value [NOT] IN (items)}; every item is a literal. */
  record In(Operand value, List<Literal> items, boolean negated) implements Syntax {}

  /** {@code value IS [NOT] NULL}. */
  record IsNull(Operand value, boolean negated) implements Syntax {}

  /** {@code value [NOT] BETWEEN low AND high}. */
  record Between(Operand value, Operand low, Operand high, boolean negated) implements Syntax {}

  /** {@code value [NOT] LIKE pattern [ESCAPE escape]}; {@code escape} may be null. */
  record Like(Operand value, Operand pattern, Literal escape, boolean negated) implements Syntax {}

  /** An operand standing alone as a predicate (a BOOLEAN column or literal). */
  record Bare(Operand value, int end) implements Syntax {}

  /** A column or a literal. */
  sealed interface Operand {
    /** Offset of the operand's first character. */
    int position();
  }

  /** A column reference. */
  record Column(String name, int position) implements Operand {}

  /**
   * A literal.
   *
   * @param kind what it is
   * @param value BigDecimal, String, Boolean, LocalDate, LocalDateTime, LocalTime, or null for NULL
   * @param text the literal as written, for messages
   * @param position offset of its first character
   */
  record Literal(LiteralKind kind, Object value, String text, int position) implements Operand {}

  /** Literal kinds. */
  enum LiteralKind {
    NUMBER("numeric"),
    STRING("string"),
    BOOLEAN("boolean"),
    DATE("DATE"),
    TIMESTAMP("TIMESTAMP"),
    TIME("TIME"),
    NULL("NULL");

    private final String description;

    LiteralKind(String description) {
      this.description = description;
    }

    /** How the kind reads in an error message ("numeric", "DATE"...). */
    String description() {
      return description;
    }
  }
}
