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
package io.paimon.row;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link RowFileOptions#minCompressionSavings}: blocks zstd barely shrinks are stored without
 * entropy coding and read back the same; blocks that compress well are the bytes they always were.
 */
class CompressionSavingsTest {

  private static final RowType TYPE = (RowType) DataTypes.parse("ROW<id BIGINT, score DOUBLE>");
  private static final int ROWS = 20_000;

  @TempDir Path dir;

  private Path write(String name, RowFileOptions options, boolean randomScores) throws IOException {
    Path p = dir.resolve(name);
    Random r = new Random(5);
    try (RowFileWriter w = RowFile.newWriter(p, TYPE, options)) {
      for (long i = 0; i < ROWS; i++) {
        // Random ids and scores: level 1 saves under a tenth, less than the default fifth.
        w.write(
            Row.of(randomScores ? r.nextLong() : i, randomScores ? r.nextDouble() * 1000 : 1.5));
      }
    }
    return p;
  }

  private static void assertSameRows(Path a, Path b) throws IOException {
    try (RowFileReader x = RowFile.open(a, TYPE);
        RowFileReader y = RowFile.open(b, TYPE)) {
      assertThat(x.rowCount()).isEqualTo(ROWS).isEqualTo(y.rowCount());
      for (long i = 0; i < ROWS; i += 97) {
        assertThat(x.read(i)).isEqualTo(y.read(i));
      }
      try (CloseableIterator<Row> xs = x.iterator();
          CloseableIterator<Row> ys = y.iterator()) {
        while (xs.hasNext()) {
          assertThat(xs.next()).isEqualTo(ys.next());
        }
        assertThat(ys.hasNext()).isFalse();
      }
    }
  }

  private static int[][] sizes(Path p) throws IOException {
    try (RowFileReader r = RowFile.open(p, TYPE)) {
      return new int[][] {r.layout().compressedSizes(), r.layout().uncompressedSizes()};
    }
  }

  @Test
  void blocksThatBarelyCompressAreStoredWithoutEntropyCodingAndReadTheSame() throws IOException {
    Path fast = write("fast.row", RowFileOptions.defaults(), true);
    Path paimon = write("paimon.row", RowFileOptions.defaults().minCompressionSavings(0), true);
    assertSameRows(fast, paimon);
    int[][] f = sizes(fast);
    int[][] z = sizes(paimon);
    assertThat(f[0].length).isEqualTo(z[0].length).isGreaterThan(2);
    for (int i = 0; i < f[0].length; i++) {
      // Entropy coding saved a few percent of this block; the fast frame saves (almost) nothing.
      double level1 = (double) z[0][i] / z[1][i];
      assertThat(level1).as("block %d at level 1", i).isBetween(0.7, 0.95);
      assertThat((double) f[0][i] / f[1][i]).as("block %d stored fast", i).isGreaterThan(level1);
    }
  }

  @Test
  void blocksThatCompressWellAreTheBytesTheyWere() throws IOException {
    Path fast = write("fast.row", RowFileOptions.defaults(), false);
    Path paimon = write("paimon.row", RowFileOptions.defaults().minCompressionSavings(0), false);
    assertThat(Files.readAllBytes(fast)).isEqualTo(Files.readAllBytes(paimon));
    assertSameRows(fast, paimon);
  }

  @Test
  void theThresholdIsAFractionBelowOne() {
    assertThat(RowFileOptions.defaults().minCompressionSavings())
        .isEqualTo(RowFileOptions.DEFAULT_MIN_COMPRESSION_SAVINGS);
    for (double bad : new double[] {-0.1, 1.0, Double.NaN}) {
      assertThatThrownBy(() -> RowFileOptions.defaults().minCompressionSavings(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("minCompressionSavings");
    }
  }
}
