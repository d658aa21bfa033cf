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
package io.paimon.multimodal.search.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The resident columns' row-ID sort against {@link Arrays#sort(long[])}. */
class ResidentColumnsSortTest {

  @Test
  void sortsIdsAndCarriesEachOnesFormerIndex() {
    SplittableRandom random = new SplittableRandom(17);
    for (int round = 0; round < 300; round++) {
      int n = random.nextInt(0, 200);
      long[] ids = new long[n];
      for (int i = 0; i < n; i++) {
        // distinct ids, from a wide range (row IDs need not be dense) or a shuffled run
        ids[i] = round % 2 == 0 ? random.nextLong() : i * 3L;
      }
      if (round % 2 == 1) {
        for (int i = n - 1; i > 0; i--) {
          int j = random.nextInt(i + 1);
          long t = ids[i];
          ids[i] = ids[j];
          ids[j] = t;
        }
      }
      long[] before = ids.clone();
      long[] expected = ids.clone();
      Arrays.sort(expected);
      int[] rows = ResidentColumns.Loaded.sortCarryingRows(ids);
      assertThat(ids).isEqualTo(expected);
      for (int i = 0; i < n; i++) {
        assertThat(before[rows[i]]).isEqualTo(ids[i]);
      }
    }
  }
}
