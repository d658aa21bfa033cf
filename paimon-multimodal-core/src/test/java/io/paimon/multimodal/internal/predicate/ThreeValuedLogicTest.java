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

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Truth tables of SQL's three-valued logic, checked through both the row evaluator and the Arrow
 * evaluator (a row is selected exactly when the predicate is TRUE).
 */
class ThreeValuedLogicTest {

  private static final RowType TABLE =
      TestBatches.rowType("a", DataTypes.BOOLEAN(), "b", DataTypes.BOOLEAN(), "x", DataTypes.INT());

  /** (a, b) over TRUE, FALSE, NULL: nine rows, x = 1 in each. */
  private static final Boolean[] VALUES = {true, false, null};

  private final RootAllocator allocator = new RootAllocator();

  @AfterEach
  void closeAllocator() {
    allocator.close();
  }

  private static Truth truth(Boolean b) {
    return b == null ? Truth.UNKNOWN : Truth.of(b);
  }

  /** The truth of the predicate for each of the nine (a, b) rows, via both evaluators. */
  private List<Truth> evaluate(String text, Integer x) {
    Predicate p = Predicates.parse(text, TABLE);
    List<Object[]> rows = new ArrayList<>();
    List<Truth> truths = new ArrayList<>();
    for (Boolean a : VALUES) {
      for (Boolean b : VALUES) {
        Object[] row = {a, b, x};
        rows.add(row);
        Map<String, Object> map = TestBatches.rowMap(TABLE, row, 0);
        truths.add(p.test(map::get));
      }
    }
    try (VectorSchemaRoot batch = TestBatches.batch(allocator, TABLE, rows, 0)) {
      int[] expected = new int[9];
      int n = 0;
      for (int i = 0; i < 9; i++) {
        if (truths.get(i) == Truth.TRUE) {
          expected[n++] = i;
        }
      }
      assertThat(p.evaluate(batch).toArray()).as(text).containsExactly(Arrays.copyOf(expected, n));
    }
    return truths;
  }

  private List<Truth> expected(java.util.function.BinaryOperator<Truth> op) {
    List<Truth> out = new ArrayList<>();
    for (Boolean a : VALUES) {
      for (Boolean b : VALUES) {
        out.add(op.apply(truth(a), truth(b)));
      }
    }
    return out;
  }

  @Test
  void andFollowsKleene() {
    List<Truth> t = evaluate("a AND b", 1);
    // rows: (T,T) (T,F) (T,N) (F,T) (F,F) (F,N) (N,T) (N,F) (N,N)
    assertThat(t)
        .containsExactly(
            Truth.TRUE,
            Truth.FALSE,
            Truth.UNKNOWN,
            Truth.FALSE,
            Truth.FALSE,
            Truth.FALSE,
            Truth.UNKNOWN,
            Truth.FALSE,
            Truth.UNKNOWN);
    assertThat(t).isEqualTo(expected(Truth::and));
  }

  @Test
  void orFollowsKleene() {
    List<Truth> t = evaluate("a OR b", 1);
    assertThat(t)
        .containsExactly(
            Truth.TRUE,
            Truth.TRUE,
            Truth.TRUE,
            Truth.TRUE,
            Truth.FALSE,
            Truth.UNKNOWN,
            Truth.TRUE,
            Truth.UNKNOWN,
            Truth.UNKNOWN);
    assertThat(t).isEqualTo(expected(Truth::or));
  }

  @Test
  void notKeepsUnknown() {
    assertThat(evaluate("NOT a", 1))
        .containsExactly(
            Truth.FALSE,
            Truth.FALSE,
            Truth.FALSE,
            Truth.TRUE,
            Truth.TRUE,
            Truth.TRUE,
            Truth.UNKNOWN,
            Truth.UNKNOWN,
            Truth.UNKNOWN);
    assertThat(evaluate("NOT (a AND b)", 1)).isEqualTo(expected((p, q) -> p.and(q).not()));
    assertThat(evaluate("NOT a OR NOT b", 1)).isEqualTo(expected((p, q) -> p.and(q).not()));
  }

  @Test
  void comparisonsWithNullAreUnknown() {
    assertThat(evaluate("a = b", 1))
        .containsExactly(
            Truth.TRUE,
            Truth.FALSE,
            Truth.UNKNOWN,
            Truth.FALSE,
            Truth.TRUE,
            Truth.UNKNOWN,
            Truth.UNKNOWN,
            Truth.UNKNOWN,
            Truth.UNKNOWN);
    assertThat(evaluate("NULL = NULL", 1)).containsOnly(Truth.UNKNOWN);
    assertThat(evaluate("x = NULL", 1)).containsOnly(Truth.UNKNOWN);
    assertThat(evaluate("x <> NULL", 1)).containsOnly(Truth.UNKNOWN);
    assertThat(evaluate("NOT x = NULL", 1)).containsOnly(Truth.UNKNOWN);
    assertThat(evaluate("x = 1", null)).containsOnly(Truth.UNKNOWN);
    assertThat(evaluate("NOT x = 1", null)).containsOnly(Truth.UNKNOWN);
    assertThat(evaluate("x = x", null)).containsOnly(Truth.UNKNOWN);
  }

  @Test
  void isNullIsNeverUnknown() {
    assertThat(evaluate("x IS NULL", null)).containsOnly(Truth.TRUE);
    assertThat(evaluate("x IS NOT NULL", null)).containsOnly(Truth.FALSE);
    assertThat(evaluate("x IS NULL", 1)).containsOnly(Truth.FALSE);
    assertThat(evaluate("a IS NULL", 1))
        .containsExactly(
            Truth.FALSE,
            Truth.FALSE,
            Truth.FALSE,
            Truth.FALSE,
            Truth.FALSE,
            Truth.FALSE,
            Truth.TRUE,
            Truth.TRUE,
            Truth.TRUE);
  }

  @Test
  void inWithNullIsTrueOnAMatchAndOtherwiseUnknown() {
    assertThat(evaluate("x IN (1, NULL)", 1)).containsOnly(Truth.TRUE);
    assertThat(evaluate("x IN (2, NULL)", 1)).containsOnly(Truth.UNKNOWN);
    assertThat(evaluate("x IN (2, 3)", 1)).containsOnly(Truth.FALSE);
    assertThat(evaluate("x IN (1, 2)", null)).containsOnly(Truth.UNKNOWN);
    assertThat(evaluate("x NOT IN (1, NULL)", 1)).containsOnly(Truth.FALSE);
    assertThat(evaluate("x NOT IN (2, NULL)", 1)).containsOnly(Truth.UNKNOWN);
    assertThat(evaluate("x NOT IN (2, 3)", 1)).containsOnly(Truth.TRUE);
    assertThat(evaluate("x NOT IN (2, 3)", null)).containsOnly(Truth.UNKNOWN);
    assertThat(evaluate("x IN (NULL)", 1)).containsOnly(Truth.UNKNOWN);
  }

  @Test
  void betweenIsTwoComparisons() {
    assertThat(evaluate("x BETWEEN NULL AND 5", 1)).containsOnly(Truth.UNKNOWN);
    assertThat(evaluate("x BETWEEN NULL AND 0", 1)).containsOnly(Truth.FALSE);
    assertThat(evaluate("x NOT BETWEEN NULL AND 0", 1)).containsOnly(Truth.TRUE);
    assertThat(evaluate("x BETWEEN 1 AND 1", 1)).containsOnly(Truth.TRUE);
    assertThat(evaluate("x BETWEEN 2 AND 0", 1)).containsOnly(Truth.FALSE);
    assertThat(evaluate("x NOT BETWEEN 0 AND 2", null)).containsOnly(Truth.UNKNOWN);
  }

  @Test
  void unknownOrTrueIsTrueAndUnknownAndFalseIsFalse() {
    assertThat(evaluate("x = NULL OR x = 1", 1)).containsOnly(Truth.TRUE);
    assertThat(evaluate("x = NULL AND x = 2", 1)).containsOnly(Truth.FALSE);
    assertThat(evaluate("x = NULL AND x = 1", 1)).containsOnly(Truth.UNKNOWN);
    assertThat(evaluate("NOT (x = NULL OR x = 2)", 1)).containsOnly(Truth.UNKNOWN);
  }

  @Test
  void truthOperationsFollowKleene() {
    for (Truth p : Truth.values()) {
      assertThat(p.not().not()).isEqualTo(p);
      for (Truth q : Truth.values()) {
        assertThat(p.and(q))
            .isEqualTo(
                p == Truth.FALSE || q == Truth.FALSE
                    ? Truth.FALSE
                    : p == Truth.UNKNOWN || q == Truth.UNKNOWN ? Truth.UNKNOWN : Truth.TRUE);
        assertThat(p.or(q)).isEqualTo(p.not().and(q.not()).not());
      }
    }
  }
}
