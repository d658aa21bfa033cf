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
package io.paimon.multimodal.internal.paimon;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.types.DataType;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Property: for random schemas of 0 to 70 supported fields (so the header grows to 16 bytes) and
 * random values, {@code deserialize(serialize(v)) == v} and serializing the decoded values again
 * gives the same bytes. A failure names the seed; rerun one with {@code -Dbinrow.seed=<seed>}.
 */
class BinaryRowsRoundTripTest {

  private static final int CASES = Integer.getInteger("binrow.cases", 3000);
  private static final Long FIXED_SEED = Long.getLong("binrow.seed");

  @Test
  void everySupportedTypeSurvivesARoundTrip() throws PaimonFormatException {
    long first = FIXED_SEED != null ? FIXED_SEED : System.nanoTime();
    int cases = FIXED_SEED != null ? 1 : CASES;
    for (int c = 0; c < cases; c++) {
      long seed = first + c;
      RandomRows random = new RandomRows(seed);
      List<DataType> types = random.types(random.nextInt(71));
      Object[] values = random.values(types);
      byte[] bytes = BinaryRows.serialize(types, values);
      // Built only when an assertion fails: describing every case would dominate the run time.
      Supplier<String> context =
          () -> "seed " + seed + " (-Dbinrow.seed=" + seed + "), types " + types;

      assertThat(bytes.length % 8).as(context).isEqualTo(4);
      assertThat(BinaryRows.arity(bytes)).as(context).isEqualTo(types.size());
      Object[] decoded = BinaryRows.deserialize(bytes, types, "round trip");
      assertThat(Arrays.deepEquals(decoded, values))
          .as(
              () ->
                  context.get()
                      + ": decoded "
                      + Arrays.deepToString(decoded)
                      + ", expected "
                      + Arrays.deepToString(values))
          .isTrue();
      assertThat(BinaryRows.serialize(types, decoded)).as(context).isEqualTo(bytes);
    }
  }
}
