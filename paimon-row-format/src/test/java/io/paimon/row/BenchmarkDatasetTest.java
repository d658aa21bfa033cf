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

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchmarkDatasetTest {

  @Test
  void rowZeroIsTheOneTheSpecQuotes() {
    Row row = new BenchmarkDataset().next();

    assertThat(row.size()).isEqualTo(6);
    assertThat(row.get(0)).isEqualTo(0L);
    assertThat(BenchmarkDataset.epochMillis((LocalDateTime) row.get(1)))
        .isEqualTo(1_700_000_000_031L);
    assertThat(row.get(2)).isEqualTo("jsbtmpqel");
    assertThat(row.get(3)).isEqualTo(492.98918579469245);
    assertThat(row.get(4)).isEqualTo(List.of("gbknm", "cjczubq"));
    byte[] payload = (byte[]) row.get(5);
    assertThat(payload).hasSize(64);
    for (int k = 16; k < 64; k++) {
      assertThat(payload[k]).as("payload[%d]", k).isEqualTo((byte) k);
    }
  }

  @Test
  void generatesTheSameRowsEveryTimeWithIdsInOrder() {
    Row[] first = BenchmarkDataset.generate(1000);
    Row[] second = BenchmarkDataset.generate(1000);

    assertThat(second).isEqualTo(first);
    for (int i = 0; i < first.length; i++) {
      assertThat(first[i].get(0)).isEqualTo((long) i);
      long millis = BenchmarkDataset.epochMillis((LocalDateTime) first[i].get(1));
      assertThat(millis - 1_700_000_000_000L - 1000L * i)
          .as("row %d ts offset", i)
          .isBetween(0L, 999L);
      byte[] payload = (byte[]) first[i].get(5);
      assertThat(payload[63]).as("row %d payload[63]", i).isEqualTo((byte) (i + 63));
    }
    // Not constant: the generator really advances between rows.
    assertThat(Arrays.stream(first).map(r -> r.get(2)).distinct().count()).isGreaterThan(990);
  }

  @Test
  void fullDatasetGivesTheSpecsBlockCountAndUncompressedBytes(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("bench.row");

    long size =
        BenchmarkDataset.writeFile(file, BenchmarkDataset.DEFAULT_ROWS, RowFileOptions.defaults());

    try (RowFileReader reader = RowFile.open(file, BenchmarkDataset.TYPE)) {
      RowFileLayout layout = reader.layout();
      assertThat(layout.fileSize()).isEqualTo(size);
      assertThat(layout.totalRowCount()).isEqualTo(1_000_000L);
      assertThat(layout.blockCount()).isEqualTo(1_868);
      assertThat(Arrays.stream(layout.uncompressedSizes()).asLongStream().sum())
          .isEqualTo(122_487_149L);
      assertThat(reader.read(999_999)).isEqualTo(lastRowOfTheDataset());
    }
  }

  private static Row lastRowOfTheDataset() {
    BenchmarkDataset data = new BenchmarkDataset();
    Row row = null;
    for (int i = 0; i < BenchmarkDataset.DEFAULT_ROWS; i++) {
      row = data.next();
    }
    return row;
  }
}
