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

import io.paimon.multimodal.testing.TestStorage;
import io.paimon.types.DataTypes;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A randomized differential test of {@code where}: random predicates over a table written in
 * several commits are run by the scan and by a brute-force three-valued evaluator over the rows the
 * test wrote ({@link PredicateOracle}); plus file pruning by statistics, observed through a
 * counting {@link io.paimon.multimodal.fs.FileIO}.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class PredicateScanTest {

  private static final long SEED = Long.getLong("predicateScanTest.seed", 0xC0FFEEL);
  private static final int COMMITS = 6;
  private static final int ROWS_PER_COMMIT = 150;
  private static final int CASES = 400;

  @Parameter TestStorage storage;

  @TempDir Path dir;

  private CountingFileIO io;
  private Connection conn;
  private RootAllocator allocator;
  private Table table;
  private List<Map<String, Object>> rows;

  @BeforeEach
  void writeSeveralFiles() {
    io = new CountingFileIO(storage.fileIO());
    conn = storage.connect(dir, base -> io);
    allocator = new RootAllocator();
    table =
        conn.createTable(
            "t",
            Schema.builder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("i", DataTypes.INT())
                .column("l", DataTypes.BIGINT())
                .column("d", DataTypes.DOUBLE())
                .column("s", DataTypes.STRING())
                .column("dt", DataTypes.DATE())
                .column("b", DataTypes.BOOLEAN())
                .column("dec", DataTypes.DECIMAL(10, 2))
                .build(),
            false);
    rows = randomRows(new Random(SEED), COMMITS * ROWS_PER_COMMIT);
    for (int c = 0; c < COMMITS; c++) {
      table.add(rows.subList(c * ROWS_PER_COMMIT, (c + 1) * ROWS_PER_COMMIT));
    }
  }

  @AfterEach
  void close() {
    allocator.close();
    conn.close();
  }

  private static List<Map<String, Object>> randomRows(Random rnd, int n) {
    List<Map<String, Object>> out = new ArrayList<>(n);
    for (int k = 0; k < n; k++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", (long) k);
      row.put("i", maybe(rnd, rnd.nextInt(21) - 10));
      long extreme = rnd.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE;
      row.put("l", maybe(rnd, rnd.nextInt(20) == 0 ? extreme : (long) rnd.nextInt(2001) - 1000));
      row.put(
          "d",
          maybe(
              rnd,
              rnd.nextInt(40) == 0
                  ? (rnd.nextBoolean() ? Double.NaN : -0.0)
                  : (rnd.nextInt(41) - 20) / 4.0));
      String[] strings = PredicateOracle.STRINGS;
      row.put("s", maybe(rnd, strings[rnd.nextInt(strings.length)]));
      row.put("dt", maybe(rnd, LocalDate.of(2026, 1, 1).plusDays(rnd.nextInt(31))));
      row.put("b", maybe(rnd, rnd.nextBoolean()));
      row.put("dec", maybe(rnd, BigDecimal.valueOf(rnd.nextInt(2001) - 1000, 2)));
      out.add(row);
    }
    return out;
  }

  private static Object maybe(Random rnd, Object value) {
    return rnd.nextInt(7) == 0 ? null : value;
  }

  @Test
  void randomPredicatesSelectExactlyTheRowsABruteForceEvaluatorSelects() {
    Random rnd = new Random(SEED);
    PredicateOracle oracle = new PredicateOracle(rnd);
    int nonEmpty = 0;
    for (int c = 0; c < CASES; c++) {
      PredicateOracle.Pred p = oracle.predicate(3);
      List<Long> expected = new ArrayList<>();
      for (Map<String, Object> row : rows) {
        Map<String, Object> withId = new HashMap<>(row);
        withId.put("_ROW_ID", row.get("id"));
        if (Boolean.TRUE.equals(p.eval().apply(withId))) {
          expected.add((Long) row.get("id"));
        }
      }
      nonEmpty += expected.isEmpty() || expected.size() == rows.size() ? 0 : 1;
      String why = "seed " + SEED + ", case " + c + ": " + p.text();
      Scan scan = table.scan().allocator(allocator).where(p.text());
      boolean narrow = rnd.nextBoolean();
      List<Map<String, Object>> actual =
          (narrow ? scan.select("id").withRowId() : scan.withRowId()).toList();

      assertThat(actual.stream().map(r -> (Long) r.get("_ROW_ID")).collect(Collectors.toList()))
          .as(why)
          .isEqualTo(expected);
      for (Map<String, Object> r : actual) {
        Map<String, Object> row = new LinkedHashMap<>(r);
        row.remove("_ROW_ID");
        Map<String, Object> written = rows.get(Math.toIntExact((Long) r.get("_ROW_ID")));
        assertThat(row).as(why).isEqualTo(narrow ? Map.of("id", written.get("id")) : written);
      }
      assertThat(scan.count()).as(why).isEqualTo(expected.size());
    }
    // The generator must produce selective predicates, or the test proves little.
    assertThat(nonEmpty).as("seed %d", SEED).isGreaterThan(CASES / 3);
  }

  @Test
  void aRangeOnIdOpensOnlyTheDataFileWhoseStatisticsOverlapIt() {
    Scan scan = table.scan().allocator(allocator).where("id >= 310 AND id < 440");
    List<Split> splits = scan.plan();
    assertThat(splits).hasSize(1);
    assertThat(splits.get(0).firstRowId()).isEqualTo(300);

    io.reset();
    List<Map<String, Object>> out = scan.toList();

    assertThat(out).hasSize(130);
    assertThat(dataFilesOpened()).containsExactly(splits.get(0).fileName());
    assertThat(io.openNow()).isZero();
  }

  @Test
  void predicatesOpenNoDataFileTheStatisticsRuleOut() {
    String[] none = {
      "id > 100000",
      "id < 0",
      "dt > DATE '2027-01-01'",
      "_ROW_ID >= 900",
      "dec > 10.00",
      "id IN (-1, 5000)"
    };
    for (String p : none) {
      io.reset();
      assertThat(table.scan().allocator(allocator).where(p).toList()).as(p).isEmpty();
      assertThat(dataFilesOpened()).as(p).isEmpty();
    }
    io.reset();
    assertThat(table.scan().allocator(allocator).where("id = 5 OR _ROW_ID = 800").count())
        .isEqualTo(2);
    assertThat(dataFilesOpened()).hasSize(2);
    io.reset();
    assertThat(table.scan().allocator(allocator).where("id BETWEEN 160 AND 170").count())
        .isEqualTo(11);
    assertThat(dataFilesOpened()).hasSize(1);
    assertThat(io.openNow()).isZero();
  }

  @Test
  void findsValuesThatWereRoundedToTheColumnPrecisionOnWrite() {
    Table rounded =
        conn.createTable(
            "rounded",
            Schema.builder()
                .column("dec", DataTypes.DECIMAL(10, 2))
                .column("ts3", DataTypes.TIMESTAMP(3))
                .column("ts6", DataTypes.TIMESTAMP(6))
                .column("ltz", DataTypes.TIMESTAMP_LTZ(3))
                .column("t", DataTypes.TIME(3))
                .build(),
            false);
    LocalDateTime ts = LocalDateTime.of(2026, 1, 31, 12, 0, 0, 123_456_789);
    Map<String, Object> row = new HashMap<>();
    row.put("dec", new BigDecimal("1.005"));
    row.put("ts3", ts);
    row.put("ts6", ts);
    row.put("ltz", ts.toInstant(ZoneOffset.UTC));
    row.put("t", ts.toLocalTime());

    rounded.add(List.of(row));

    // What the table holds is the value at the column's precision ...
    Map<String, Object> stored = rounded.scan().allocator(allocator).toList().get(0);
    assertThat(stored)
        .containsEntry("dec", new BigDecimal("1.01"))
        .containsEntry("ts3", ts.withNano(123_000_000))
        .containsEntry("ts6", ts.withNano(123_456_000))
        .containsEntry("ltz", ts.withNano(123_000_000).toInstant(ZoneOffset.UTC))
        .containsEntry("t", ts.toLocalTime().withNano(123_000_000));
    // ... and that is what predicates (and the statistics that prune files) see.
    for (String p :
        List.of(
            "dec = 1.01",
            "ts3 = TIMESTAMP '2026-01-31 12:00:00.123'",
            "ts6 = TIMESTAMP '2026-01-31 12:00:00.123456'",
            "ltz = TIMESTAMP '2026-01-31 12:00:00.123'",
            "t <= TIME '12:00:00.123'",
            "ts3 <= TIMESTAMP '2026-01-31 12:00:00.123'",
            "dec <= 1.01")) {
      assertThat(rounded.scan().allocator(allocator).where(p).count()).as(p).isEqualTo(1);
    }
  }

  /** The names of the data files opened since the last reset. */
  private List<String> dataFilesOpened() {
    return io.openedPaths().keySet().stream()
        .filter(p -> p.endsWith(storage.dataFileExtension()))
        .map(p -> p.substring(p.lastIndexOf('/') + 1))
        .collect(Collectors.toList());
  }
}
