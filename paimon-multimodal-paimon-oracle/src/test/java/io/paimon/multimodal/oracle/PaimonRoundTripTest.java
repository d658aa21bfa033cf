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
package io.paimon.multimodal.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.apache.paimon.types.DataTypeRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Apache Paimon 1.4.2 alone, with our codec as its {@code row} format: over seeded random schemas
 * covering every Paimon type (nested ones, VECTOR and BLOB included), random rows with nulls, 1 to
 * 3 commits, with and without a partition key, Paimon writes through {@link RowFormatFactory} and
 * reads back exactly the rows written, with the {@code _ROW_ID}s row tracking must assign, also
 * when it reads only some row ranges (a selection of file positions); and every {@code .row} file
 * it wrote reads back with our own {@code RowFile} reader to the same rows. A failure names its
 * seed; rerun one with {@code -Dtest=PaimonRoundTripTest -Doracle.seed=<seed>}, or try more with
 * {@code -Doracle.seeds=<count>}.
 */
class PaimonRoundTripTest {

  private static final int SEEDS = 128;
  private static final double BLOB_CHANCE = 0.4;

  @TempDir static Path warehouse;

  private static PaimonCatalogs paimon;

  @BeforeAll
  static void openCatalog() throws Exception {
    paimon = PaimonCatalogs.open(warehouse);
  }

  @AfterAll
  static void closeCatalog() throws Exception {
    paimon.close();
  }

  /** Seeds 0 to 127, or {@code -Doracle.seed=<seed>}, or {@code -Doracle.seeds=<count>}. */
  static LongStream seeds() {
    String one = System.getProperty("oracle.seed");
    if (one != null) {
      return LongStream.of(Long.parseLong(one));
    }
    return LongStream.range(0, Long.getLong("oracle.seeds", SEEDS));
  }

  @Test
  void randomSchemasCoverEveryPaimonTypeWithAndWithoutPartitions() {
    Set<DataTypeRoot> seen = EnumSet.noneOf(DataTypeRoot.class);
    int partitioned = 0;
    int multiCommit = 0;
    for (long seed = 0; seed < SEEDS; seed++) {
      RandomCase c = RandomCase.of(seed, BLOB_CHANCE);
      seen.addAll(RandomTables.roots(c.schema()));
      partitioned += c.partitionKeys().isEmpty() ? 0 : 1;
      multiCommit += c.commits().size() > 1 ? 1 : 0;
    }
    assertThat(seen).containsExactlyInAnyOrder(DataTypeRoot.values());
    assertThat(partitioned).isBetween(1, SEEDS - 1);
    assertThat(multiCommit).isBetween(1, SEEDS - 1);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void paimonReadsBackWhatItWroteThroughOurCodec(long seed) throws Exception {
    RandomCase c = RandomCase.of(seed, BLOB_CHANCE);
    String context =
        "seed "
            + seed
            + " "
            + c.schema()
            + " partitioned by "
            + c.partitionKeys()
            + " "
            + c.options();
    try {
      String name = "t" + seed;
      paimon.createTable(name, c.schema(), c.partitionKeys(), c.options());
      for (List<Map<String, Object>> commit : c.commits()) {
        paimon.write(name, commit);
      }
      List<Map<String, Object>> read = paimon.readWithRowId(name);
      Map<Long, Long> rowIds = PaimonChecks.assertRowsAsWritten(context, c.rowsById(), read);
      c.assertRowIds(context, rowIds);
      PaimonChecks.assertRowFilesReadBackWithOurCodec(context, paimon, name, read);
      PaimonChecks.assertRowRangesReadTheSameRows(
          context, paimon, name, new SplittableRandom(seed ^ 0x5EED), read);
    } catch (AssertionError | Exception e) {
      throw new AssertionError(context + ": " + e.getMessage(), e);
    }
  }
}
