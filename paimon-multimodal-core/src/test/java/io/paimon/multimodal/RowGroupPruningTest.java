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
package io.paimon.multimodal;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Row-group statistics let a filtered scan read only the blocks of a data file that can match,
 * where the file's own min/max can only keep or skip the whole file.
 */
class RowGroupPruningTest {

  private static final int ROWS = 40_000;

  @TempDir Path dir;
  private final RootAllocator allocator = new RootAllocator();
  private CountingFileIO io;
  private Connection conn;
  private Table table;

  @BeforeEach
  void writeOneLargeFile() {
    io = new CountingFileIO();
    conn = Multimodal.builder().warehouse(dir.toString()).fileIO(io).connect();
    table =
        conn.createTable(
            "t",
            Schema.builder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("name", DataTypes.STRING())
                .column("score", DataTypes.DOUBLE())
                .option("file.block-size", "4 kb")
                .option("stats.row-group-size", "1000")
                .build(),
            false);
    SplittableRandom random = new SplittableRandom(7);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (long i = 0; i < ROWS; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", i);
      row.put("name", "name-" + i + "-" + random.nextInt(1000));
      row.put("score", random.nextDouble());
      rows.add(row);
    }
    table.add(rows);
  }

  @AfterEach
  void close() {
    conn.close();
    allocator.close();
  }

  private Path dataFile() throws Exception {
    try (Stream<Path> files = Files.list(dir.resolve("default.db/t/bucket-0"))) {
      return files.filter(p -> p.toString().endsWith(".row")).findFirst().orElseThrow();
    }
  }

  @Test
  void aNarrowRangeReadsOnlyTheBlocksOfItsRowGroups() throws Exception {
    Path file = dataFile();
    long fileSize = Files.size(file);
    assertThat(table.scan().plan()).hasSize(1);
    // The row-group statistics live beside their data file, named in its _EXTRA_FILES.
    assertThat(TestTables.bucketFiles(table)).filteredOn(f -> f.endsWith(".stats")).hasSize(1);

    io.reset();
    List<Map<String, Object>> rows =
        table.scan().where("id >= 20100 AND id < 20300").allocator(allocator).toList();
    assertThat(rows).hasSize(200);
    assertThat(rows.get(0).get("id")).isEqualTo(20100L);
    assertThat(rows.get(199).get("id")).isEqualTo(20299L);
    long read = io.bytesRead(file.toString());
    // One row group of 1,000 rows out of 40: a few blocks, far less than the file.
    assertThat(read).as("bytes read of a %d-byte file", fileSize).isLessThan(fileSize / 10);

    io.reset();
    assertThat(table.scan().where("score < 0.5").allocator(allocator).count())
        .isBetween(ROWS / 2L - 1000, ROWS / 2L + 1000);
    assertThat(io.bytesRead(file.toString()))
        .as("a filter no group rules out reads the whole file")
        .isGreaterThan(fileSize / 2);
  }

  @Test
  void groupPruningKeepsResultsExactAndWorksWithTakeRowIdsAndRowIdFilters() {
    assertThat(table.scan().where("id < 5 OR id >= 39995").allocator(allocator).count())
        .isEqualTo(10);
    assertThat(table.scan().where("_ROW_ID BETWEEN 1000 AND 1999").allocator(allocator).count())
        .isEqualTo(1000);
    List<Map<String, Object>> taken =
        table.takeRowIds(39_999, 5, 20_000, 5).where("id >= 10").allocator(allocator).toList();
    assertThat(taken).extracting(r -> r.get("id")).containsExactly(39_999L, 20_000L);
    assertThat(table.scan().where("id = 40000").allocator(allocator).toList()).isEmpty();
  }

  @Test
  void removeOrphanFilesKeepsTheStatisticsOfLiveFiles() throws Exception {
    assertThat(table.removeOrphanFiles(java.time.Duration.ZERO)).isEmpty();
    // The row-group statistics live beside their data file, named in its _EXTRA_FILES.
    assertThat(TestTables.bucketFiles(table)).filteredOn(f -> f.endsWith(".stats")).hasSize(1);
    assertThat(table.scan().where("id = 123").allocator(allocator).count()).isEqualTo(1);
  }
}
