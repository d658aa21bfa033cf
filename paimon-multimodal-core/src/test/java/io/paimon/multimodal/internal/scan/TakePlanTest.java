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
package io.paimon.multimodal.internal.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.RowIdNotFoundException;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

/** The sorted plan of a take: passes, ranks, duplicates, and the check of unknown ids. */
class TakePlanTest {

  /** A read unit of rows [first, first + count) with some positions deleted. */
  private static DataGroup group(long first, long count, int... deleted) {
    return new DataGroup(
        new byte[0],
        new Object[0],
        first,
        count,
        List.of(),
        List.of(),
        deleted.length == 0 ? null : RoaringBitmap.bitmapOf(deleted));
  }

  @Test
  void everyPositionFindsItsIdAmongItsPassSortedDistinctIds() {
    SplittableRandom random = new SplittableRandom(3);
    int n = TakePlan.PASS_IDS * 2 + 77;
    long[] ids = new long[n];
    for (int i = 0; i < n; i++) {
      ids[i] = random.nextInt(5) == 0 && i > 0 ? ids[random.nextInt(i)] : random.nextLong(1 << 20);
    }
    TakePlan plan = TakePlan.of(ids, 16, n);
    assertThat(plan.passes()).isEqualTo(3);
    assertThat(plan.passStart(1)).isEqualTo(TakePlan.PASS_IDS);
    assertThat(plan.passStart(3)).isEqualTo(n);
    long[] distinct = plan.distinct();
    for (int p = 0; p < plan.passes(); p++) {
      int from = plan.distinctStart(p);
      int to = plan.distinctStart(p + 1);
      long[] expected =
          Arrays.stream(ids, plan.passStart(p), plan.passStart(p + 1))
              .distinct()
              .sorted()
              .toArray();
      assertThat(Arrays.copyOfRange(distinct, from, to)).isEqualTo(expected);
      for (int i = plan.passStart(p); i < plan.passStart(p + 1); i++) {
        assertThat(plan.rank(i)).isBetween(from, to - 1);
        assertThat(distinct[plan.rank(i)]).isEqualTo(ids[i]);
      }
    }
  }

  @Test
  void aPassAsLargeAsTheBatchAndNoPassStraddlesTheReadEnd() {
    long[] ids = new long[TakePlan.PASS_IDS + 10];
    Arrays.setAll(ids, i -> ids.length - i);
    TakePlan wide = TakePlan.of(ids, ids.length, ids.length);
    assertThat(wide.passes()).isEqualTo(1);

    TakePlan limited = TakePlan.of(ids, 4, 5);
    assertThat(limited.readEnd()).isEqualTo(5);
    assertThat(limited.passStart(1)).isEqualTo(5);
    // The rest is planned (and checked) in passes of their own: [5, 5 + PASS_IDS) and the tail.
    assertThat(limited.passes()).isEqualTo(3);
    assertThat(limited.passStart(2)).isEqualTo(5 + TakePlan.PASS_IDS);
    assertThat(limited.distinctStart(1)).isEqualTo(5);

    TakePlan empty = TakePlan.of(new long[0], 4, 0);
    assertThat(empty.passes()).isZero();
    empty.check("t", List.of(), 0);
  }

  @Test
  void theCheckNamesUnknownAndDeletedIdsOnceAscendingAcrossPasses() {
    List<DataGroup> groups = List.of(group(0, 100, 5), group(100, 50));
    long[] ids = new long[TakePlan.PASS_IDS + 3];
    Arrays.fill(ids, 7);
    ids[0] = 500;
    ids[1] = 5;
    ids[ids.length - 1] = 500; // the same unknown id in the second pass
    ids[ids.length - 2] = -3;
    TakePlan plan = TakePlan.of(ids, 1, ids.length);
    assertThat(plan.passes()).isEqualTo(2);
    assertThatThrownBy(() -> plan.check("t", groups, 4))
        .isInstanceOf(RowIdNotFoundException.class)
        .hasMessage("table 't' has no rows with IDs [-3, 5, 500] in snapshot 4");

    long[] many = new long[14];
    Arrays.setAll(many, i -> 1000 - i);
    assertThatThrownBy(() -> TakePlan.of(many, 4, many.length).check("t", groups, 4))
        .isInstanceOf(RowIdNotFoundException.class)
        .hasMessage(
            "table 't' has no rows with IDs [987, 988, 989, 990, 991, 992, 993, 994, 995, 996]"
                + " and 4 more in snapshot 4");
    TakePlan.of(new long[] {149, 0, 100, 149}, 2, 4).check("t", groups, 4);
  }
}
