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
import static org.assertj.core.api.Assertions.fail;

import io.paimon.types.RowType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Random tables, rows and predicates: the Arrow evaluator and the row evaluator must agree with an
 * independent reference evaluator on every row (TRUE, FALSE and UNKNOWN), the canonical form must
 * parse back to itself, and statistics pruning must never skip a group of rows in which some row
 * matches.
 */
class PredicateDifferentialTest {

  private static final int TABLES = 60;
  private static final int PREDICATES_PER_TABLE = 20;
  private static final int ROWS = 32;

  private final RootAllocator allocator = new RootAllocator();

  @AfterEach
  void closeAllocator() {
    allocator.close();
  }

  @Test
  void arrowRowAndStatisticsEvaluationAgreeWithTheReference() {
    int cases = 0;
    int selective = 0;
    int pruned = 0;
    for (long seed = 1; seed <= TABLES; seed++) {
      Random random = new Random(seed);
      RowType table = RandomTables.schema(random);
      List<Object[]> rows = RandomTables.rows(random, table, ROWS);
      RandomPredicates generator = new RandomPredicates(random, table, rows);
      try (VectorSchemaRoot batch = TestBatches.batch(allocator, table, rows, 0)) {
        for (int p = 0; p < PREDICATES_PER_TABLE; p++) {
          RandomPredicates.Generated generated = generator.next();
          String context =
              "seed " + seed + ", predicate #" + p + ": " + generated.text() + "\ntable " + table;
          int matches = check(table, rows, batch, generated, context);
          cases++;
          selective += matches > 0 && matches < ROWS ? 1 : 0;
          pruned += pruneCount(table, rows, generated, random, context);
        }
      }
    }
    assertThat(cases).isEqualTo(TABLES * PREDICATES_PER_TABLE);
    // The generator must produce predicates that discriminate rows, and pruning must fire.
    assertThat(selective).as("predicates selecting some but not all rows").isGreaterThan(cases / 4);
    assertThat(pruned).as("row groups pruned").isGreaterThan(cases / 4);
  }

  /** Checks one predicate on every row; returns how many rows it selects. */
  private static int check(
      RowType table,
      List<Object[]> rows,
      VectorSchemaRoot batch,
      RandomPredicates.Generated generated,
      String context) {
    Predicate predicate;
    try {
      predicate = Predicates.parse(generated.text(), table);
    } catch (RuntimeException e) {
      throw new AssertionError("valid predicate rejected, " + context, e);
    }
    String canonical = predicate.explain();
    assertThat(Predicates.parse(canonical, table).explain())
        .as("canonical form round trip, %s", context)
        .isEqualTo(canonical);

    List<Integer> expected = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      Map<String, Object> row = TestBatches.rowMap(table, rows.get(i), i);
      Boolean reference = ReferenceEvaluator.eval(generated.expr(), row);
      Truth truth = predicate.test(row::get);
      Truth expectedTruth = reference == null ? Truth.UNKNOWN : Truth.of(reference);
      if (truth != expectedTruth) {
        fail(
            "row %d %s: test() gave %s, reference %s; canonical %s; %s",
            i, Arrays.toString(rows.get(i)), truth, expectedTruth, canonical, context);
      }
      if (expectedTruth == Truth.TRUE) {
        expected.add(i);
      }
    }
    int[] selected = predicate.evaluate(batch).toArray();
    assertThat(selected)
        .as("Arrow selection; canonical %s; %s", canonical, context)
        .containsExactly(expected.stream().mapToInt(Integer::intValue).toArray());
    return expected.size();
  }

  /**
   * Splits the rows into random runs and checks that pruning never skips a run holding a match;
   * returns how many runs were pruned.
   */
  private static int pruneCount(
      RowType table,
      List<Object[]> rows,
      RandomPredicates.Generated generated,
      Random random,
      String context) {
    Predicate predicate = Predicates.parse(generated.text(), table);
    int pruned = 0;
    int from = 0;
    while (from < rows.size()) {
      int to = Math.min(rows.size(), from + 1 + random.nextInt(8));
      boolean anyMatch = false;
      for (int i = from; i < to && !anyMatch; i++) {
        anyMatch =
            Boolean.TRUE.equals(
                ReferenceEvaluator.eval(
                    generated.expr(), TestBatches.rowMap(table, rows.get(i), i)));
      }
      boolean might = predicate.mightMatch(RandomTables.stats(table, rows, from, to));
      if (anyMatch && !might) {
        fail("rows [%d, %d) hold a match but mightMatch is false; %s", from, to, context);
      }
      pruned += might ? 0 : 1;
      from = to;
    }
    assertThat(predicate.mightMatch(RandomTables.stats(table, rows, 0, 0)))
        .as("empty group, %s", context)
        .isFalse();
    return pruned;
  }
}
