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

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.PredicateException;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.fs.FileIO;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import java.util.stream.LongStream;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.DataTypeRoot;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Row-group pruning of parquet files Paimon 1.4.2 wrote, by the statistics in their footers: a
 * filtered scan returns exactly the rows a brute-force filter of every row keeps, for random
 * predicates over every scalar type (a bound converted wrongly would drop matching rows), and on
 * clustered data it reads a fraction of the bytes an unpruned read of the same column does. A take
 * of a few rows of a big row group reads only the pages holding them (Paimon writes offset
 * indexes).
 */
class CrossParquetPruningTest {

  private static final int SEEDS = 8;

  private static final List<DataTypeRoot> SCALARS =
      List.of(
          DataTypeRoot.BOOLEAN,
          DataTypeRoot.TINYINT,
          DataTypeRoot.SMALLINT,
          DataTypeRoot.INTEGER,
          DataTypeRoot.BIGINT,
          DataTypeRoot.FLOAT,
          DataTypeRoot.DOUBLE,
          DataTypeRoot.DECIMAL,
          DataTypeRoot.DECIMAL,
          DataTypeRoot.CHAR,
          DataTypeRoot.VARCHAR,
          DataTypeRoot.VARBINARY,
          DataTypeRoot.DATE,
          DataTypeRoot.TIME_WITHOUT_TIME_ZONE,
          DataTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE,
          DataTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE,
          DataTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE);

  private static final String[] OPS = {"=", "<", "<=", ">", ">=", "<>"};

  @TempDir static Path warehouse;

  private static final FileIO IO = FileIO.local();

  private static PaimonCatalogs paimon;
  private static Connection ours;

  @BeforeAll
  static void open() throws Exception {
    paimon = PaimonCatalogs.open(warehouse);
    ours = Multimodal.builder().warehouse(paimon.warehouse()).fileIO(IO).connect();
  }

  @AfterAll
  static void close() throws Exception {
    ours.close();
    paimon.close();
  }

  static LongStream seeds() {
    return LongStream.range(0, Long.getLong("oracle.seeds", SEEDS));
  }

  @Test
  void clusteredColumnsPruneRowGroupsAndReadFewerBytes() throws Exception {
    String name = "pruned_sorted";
    RowType schema =
        RowType.of(
            new DataType[] {
              DataTypes.BIGINT(),
              DataTypes.STRING(),
              DataTypes.DECIMAL(10, 2),
              DataTypes.DECIMAL(24, 4),
              DataTypes.DATE(),
              DataTypes.TIMESTAMP(6),
              DataTypes.DOUBLE()
            },
            new String[] {"id", "s", "dec", "wide", "day", "ts", "d"});
    paimon.createTable(name, schema, List.of(), smallRowGroups(2048));
    SplittableRandom r = new SplittableRandom(11);
    List<Map<String, Object>> rows = new ArrayList<>();
    LocalDateTime start = LocalDateTime.of(2026, 1, 1, 0, 0);
    for (long i = 0; i < 6000; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", i);
      row.put("s", i % 97 == 0 ? null : String.format("k%06d", i));
      row.put("dec", BigDecimal.valueOf(i * 3, 2));
      row.put("wide", BigDecimal.valueOf(i * 1_000_003L - 3_000_000_000L, 4));
      row.put("day", LocalDate.of(2000, 1, 1).plusDays(i / 7));
      row.put("ts", start.plusSeconds(i * 61).plusNanos(r.nextInt(1000) * 1000L));
      row.put("d", r.nextInt(9) == 0 ? null : r.nextDouble());
      rows.add(row);
    }
    paimon.write(name, rows);
    Table table = ours.getTable(name);
    List<Map<String, Object>> all = CrossChecks.ourRows(table.scan(), IO);
    assertThat(all).hasSize(6000);
    record Case(
        String where, Object[] params, String column, Predicate<Map<String, Object>> keep) {}
    List<Case> cases =
        List.of(
            new Case(
                "id BETWEEN 1000 AND 1200",
                new Object[0],
                "id",
                m -> (Long) m.get("id") >= 1000 && (Long) m.get("id") <= 1200),
            new Case(
                "s >= ?",
                new Object[] {"k005900"},
                "s",
                m -> m.get("s") != null && ((String) m.get("s")).compareTo("k005900") >= 0),
            new Case(
                "dec < ?",
                new Object[] {new BigDecimal("9.99")},
                "dec",
                m -> ((BigDecimal) m.get("dec")).compareTo(new BigDecimal("9.99")) < 0),
            new Case(
                "wide > ?",
                new Object[] {new BigDecimal("270000.5")},
                "wide",
                m -> ((BigDecimal) m.get("wide")).compareTo(new BigDecimal("270000.5")) > 0),
            new Case(
                "day = ?",
                new Object[] {LocalDate.of(2000, 3, 1)},
                "day",
                m -> m.get("day").equals(LocalDate.of(2000, 3, 1))),
            new Case(
                "ts < ?",
                new Object[] {start.plusHours(3)},
                "ts",
                m -> ((LocalDateTime) m.get("ts")).isBefore(start.plusHours(3))));
    for (Case c : cases) {
      List<Long> expected = ids(all.stream().filter(c.keep()).toList());
      assertThat(expected).as(c.where()).isNotEmpty().hasSizeLessThan(500);
      List<Long> got = ids(CrossChecks.ourRows(table.scan().where(c.where(), c.params()), IO));
      assertThat(got).as(c.where()).isEqualTo(expected);
      long pruned = bytesRead(table.scan().where(c.where(), c.params()).select(c.column()));
      long whole = bytesRead(table.scan().select(c.column()));
      assertThat(pruned)
          .as("%s: bytes read with pruning, of %d for the whole column", c.where(), whole)
          .isPositive()
          .isLessThan(whole / 4);
      System.out.printf(
          "pruning %s: %d of %d bytes of column %s read%n", c.where(), pruned, whole, c.column());
    }
  }

  @Test
  void aTakeReadsOnlyThePagesOfItsRows() throws Exception {
    String name = "paged_take";
    RowType schema =
        RowType.of(
            new DataType[] {DataTypes.BIGINT(), DataTypes.STRING(), DataTypes.DOUBLE()},
            new String[] {"id", "s", "d"});
    Map<String, String> options = new LinkedHashMap<>();
    options.put("file.format", "parquet");
    options.put("parquet.page.size", "1024");
    paimon.createTable(name, schema, List.of(), options);
    SplittableRandom r = new SplittableRandom(3);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (long i = 0; i < 20_000; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", i);
      row.put("s", r.nextInt(11) == 0 ? null : "value-" + r.nextInt(1_000_000));
      row.put("d", r.nextDouble());
      rows.add(row);
    }
    paimon.write(name, rows);
    Table table = ours.getTable(name);
    List<Map<String, Object>> theirs = paimon.readWithRowId(name);
    List<Long> ids = List.of(5L, 9_000L, 9_001L, 19_999L);
    List<Map<String, Object>> expected = new ArrayList<>();
    for (Map<String, Object> row : theirs) {
      if (ids.contains((Long) row.get(PaimonCatalogs.ROW_ID))) {
        expected.add(row);
      }
    }
    CrossChecks.assertSameRows(
        "paged take", expected, CrossChecks.ourRows(table.takeRowIds(ids), IO));
    long taken = bytesRead(table.takeRowIds(ids));
    long whole = bytesRead(table.scan());
    System.out.printf(
        "page skipping: a take of %d rows read %d of %d bytes%n", ids.size(), taken, whole);
    assertThat(taken).isPositive().isLessThan(whole / 5);
  }

  @Test
  void renamedWidenedAndAddedColumnsPruneByFieldId() throws Exception {
    String name = "pruned_evolved";
    RowType schema =
        RowType.of(
            new DataType[] {DataTypes.BIGINT(), DataTypes.INT(), DataTypes.STRING()},
            new String[] {"id", "v", "s"});
    paimon.createTable(name, schema, List.of(), smallRowGroups(2048));
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < 4000; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", (long) i);
      row.put("v", i * 3);
      row.put("s", "s" + i);
      rows.add(row);
    }
    paimon.write(name, rows);
    // Paimon renames v and widens it, and adds a column the first file does not hold.
    paimon.alter(
        name,
        org.apache.paimon.schema.SchemaChange.renameColumn("v", "w"),
        org.apache.paimon.schema.SchemaChange.updateColumnType("w", DataTypes.BIGINT()),
        org.apache.paimon.schema.SchemaChange.addColumn("z", DataTypes.INT()));
    List<Map<String, Object>> more = new ArrayList<>();
    for (int i = 4000; i < 6000; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", (long) i);
      row.put("w", i * 3L + 10_000_000_000L);
      row.put("s", "s" + i);
      row.put("z", i);
      more.add(row);
    }
    paimon.write(name, more);
    Table table = ours.getTable(name);
    List<Map<String, Object>> all = CrossChecks.ourRows(table.scan(), IO);
    assertThat(all).hasSize(6000);
    List<Object[]> cases =
        List.of(
            new Object[] {
              "w BETWEEN 300 AND 600",
              "w",
              (Predicate<Map<String, Object>>)
                  m -> (Long) m.get("w") >= 300 && (Long) m.get("w") <= 600
            },
            new Object[] {
              "w > 10000017500",
              "w",
              (Predicate<Map<String, Object>>) m -> (Long) m.get("w") > 10_000_017_500L
            },
            new Object[] {
              "z < 4100",
              "z",
              (Predicate<Map<String, Object>>)
                  m -> m.get("z") != null && (Integer) m.get("z") < 4100
            },
            new Object[] {
              "w < 600 AND s IS NOT NULL",
              "s",
              (Predicate<Map<String, Object>>) m -> m.get("s") != null && (Long) m.get("w") < 600
            });
    for (Object[] c : cases) {
      String where = (String) c[0];
      @SuppressWarnings("unchecked")
      Predicate<Map<String, Object>> keep = (Predicate<Map<String, Object>>) c[2];
      List<Long> expected = ids(all.stream().filter(keep).toList());
      assertThat(expected).as(where).isNotEmpty().hasSizeLessThan(300);
      assertThat(ids(CrossChecks.ourRows(table.scan().where(where), IO)))
          .as(where)
          .isEqualTo(expected);
      long pruned = bytesRead(table.scan().where(where).select((String) c[1]));
      long whole = bytesRead(table.scan().select((String) c[1]));
      assertThat(pruned).as("%s: bytes of %d", where, whole).isLessThan(whole / 3);
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void randomPredicatesKeepWhatBruteForceKeeps(long seed) throws Exception {
    SplittableRandom r = new SplittableRandom(seed * 7919 + 3);
    List<DataField> fields = new ArrayList<>();
    fields.add(new DataField(0, RandomTables.ID, DataTypes.BIGINT().copy(false)));
    for (DataTypeRoot root : SCALARS) {
      fields.add(new DataField(fields.size(), "c" + fields.size(), RandomTables.atomic(r, root)));
    }
    RowType schema = new RowType(fields);
    String name = "pruned_random" + seed;
    paimon.createTable(name, schema, List.of(), smallRowGroups(1024 + r.nextInt(3072)));
    for (int commit = 0; commit < 2; commit++) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (int i = 0; i < 1500; i++) {
        rows.add(RandomTables.row(r, schema, commit * 1500L + i));
      }
      paimon.write(name, rows);
    }
    Table table = ours.getTable(name);
    List<Map<String, Object>> all = CrossChecks.ourRows(table.scan(), IO);
    String context = "seed " + seed + ", " + schema;
    assertFooterBoundsAreExact(context, table);
    int checked = 0;
    for (int k = 0; k < 100; k++) {
      DataField f = fields.get(1 + r.nextInt(fields.size() - 1));
      String column = f.name();
      List<Object> values = new ArrayList<>();
      for (Map<String, Object> m : all) {
        Object v = m.get(column);
        if (v != null && orderable(v)) {
          values.add(v);
        }
      }
      if (values.isEmpty()) {
        continue;
      }
      values.sort(CrossParquetPruningTest::compare);
      int n = values.size();
      int[] at = {0, 1, n / 20, n / 2, r.nextInt(n), n - 2, n - 1};
      Object v = values.get(Math.max(0, Math.min(n - 1, at[r.nextInt(at.length)])));
      String where;
      Predicate<Object> keep;
      if (r.nextInt(8) == 0) {
        boolean isNull = r.nextBoolean();
        where = "\"" + column + "\" IS " + (isNull ? "" : "NOT ") + "NULL";
        keep = x -> (x == null) == isNull;
      } else {
        String op = OPS[r.nextInt(OPS.length)];
        where = "\"" + column + "\" " + op + " ?";
        Object literal = literal(v);
        keep = x -> x != null && holds(op, compare(x, literal));
      }
      List<Long> expected = new ArrayList<>();
      for (Map<String, Object> m : all) {
        if (keep.test(m.get(column))) {
          expected.add((Long) m.get(PaimonCatalogs.ROW_ID));
        }
      }
      Scan scan;
      try {
        scan =
            where.endsWith("?") ? table.scan().where(where, param(v)) : table.scan().where(where);
      } catch (PredicateException e) {
        continue;
      }
      List<Long> got = ids(CrossChecks.ourRows(scan, IO));
      assertThat(got).as("%s: where %s with %s", context, where, v).isEqualTo(expected);
      checked++;
    }
    assertThat(checked).as(context).isGreaterThan(50);
  }

  /**
   * Every row group's statistics, as our parquet reader converts them, against the rows it reads
   * back: null counts equal, bounds equal to the group's min and max, for every type whose footer
   * order is the predicates' order (INT96 timestamps of precision 7 to 9, BYTES, and maxima of
   * FLOAT/DOUBLE without a NaN count may be unknown).
   */
  private static void assertFooterBoundsAreExact(String context, Table table) throws Exception {
    io.paimon.types.RowType type = table.schema().rowType();
    int[] known = new int[type.fieldCount()];
    for (io.paimon.multimodal.SplitFile file :
        table.scan().plan().stream().flatMap(s -> s.files().stream()).toList()) {
      try (io.paimon.row.RowFileReader reader =
          new io.paimon.multimodal.parquet.ParquetFormat()
              .open(IO.newInputFile(file.path()), type, io.paimon.row.RowFileOptions.defaults())) {
        List<io.paimon.row.Row> rows = new ArrayList<>();
        try (io.paimon.row.CloseableIterator<io.paimon.row.Row> it = reader.iterator()) {
          it.forEachRemaining(rows::add);
        }
        for (io.paimon.row.RowGroupStatistics g : reader.rowGroupStatistics()) {
          for (int c = 0; c < type.fieldCount(); c++) {
            String what =
                context
                    + ", "
                    + file.path()
                    + ", rows from "
                    + g.startRow()
                    + ", "
                    + type.fields().get(c);
            List<Object> values = new ArrayList<>();
            long nulls = 0;
            for (long i = g.startRow(); i < g.startRow() + g.rowCount(); i++) {
              Object v = rows.get((int) i).get(c);
              if (v == null) {
                nulls++;
              } else {
                values.add(v);
              }
            }
            assertThat(g.nullCount(c)).as(what + ": nulls").isEqualTo(nulls);
            if (values.isEmpty() || !hasOrder(values.get(0))) {
              assertThat(g.min(c)).as(what).isNull();
              continue;
            }
            values.sort(CrossParquetPruningTest::compare);
            Object lo = values.get(0);
            Object hi = values.get(values.size() - 1);
            if (g.min(c) != null) {
              known[c]++;
              assertThat(compare(g.min(c), lo))
                  .as(what + ": min " + g.min(c) + " is " + lo)
                  .isZero();
            }
            if (g.max(c) != null) {
              assertThat(compare(g.max(c), hi))
                  .as(what + ": max " + g.max(c) + " is " + hi)
                  .isZero();
            } else {
              assertThat(type.typeAt(c).root().toString())
                  .as(what + ": max")
                  .matches(
                      "FLOAT|DOUBLE|TIMESTAMP_WITHOUT_TIME_ZONE|TIMESTAMP_WITH_LOCAL_TIME_ZONE");
            }
          }
        }
      }
    }
    for (int c = 0; c < type.fieldCount(); c++) {
      io.paimon.types.DataType t = type.typeAt(c);
      boolean int96 =
          (t instanceof io.paimon.types.TimestampType ts && ts.precision() > 6)
              || (t instanceof io.paimon.types.LocalZonedTimestampType lts && lts.precision() > 6);
      // Paimon's parquet writer puts NaN in FLOAT/DOUBLE bounds, which are then unknown (every
      // group of random floats holds a NaN); ParquetStatisticsTest covers their bounds.
      boolean unordered =
          t.root() == io.paimon.types.DataTypeRoot.VARBINARY
              || t.root() == io.paimon.types.DataTypeRoot.FLOAT
              || t.root() == io.paimon.types.DataTypeRoot.DOUBLE;
      if (!int96 && !unordered) {
        assertThat(known[c])
            .as(context + ": groups with a known min of " + type.fields().get(c))
            .isPositive();
      }
    }
  }

  private static Map<String, String> smallRowGroups(int blockSize) {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("file.format", "parquet");
    options.put("parquet.block.size", String.valueOf(blockSize));
    options.put("parquet.page.size", "512");
    return options;
  }

  private static List<Long> ids(List<Map<String, Object>> rows) {
    return rows.stream().map(m -> (Long) m.get(PaimonCatalogs.ROW_ID)).sorted().toList();
  }

  private static long bytesRead(Scan scan) throws Exception {
    try (ArrowReader reader = scan.toArrowReader()) {
      while (reader.loadNextBatch()) {
        // drain
      }
      return reader.bytesRead();
    }
  }

  private static boolean orderable(Object v) {
    if (v instanceof Float f && f.isNaN() || v instanceof Double d && d.isNaN()) {
      return false;
    }
    if (v instanceof Float f && f.isInfinite() || v instanceof Double d && d.isInfinite()) {
      return false;
    }
    return v instanceof Number
        || v instanceof String
        || v instanceof Boolean
        || v instanceof LocalDate
        || v instanceof LocalDateTime
        || v instanceof Instant
        || v instanceof LocalTime;
  }

  /** Whether the value's type has an order in predicates (NaN included). */
  private static boolean hasOrder(Object v) {
    return v instanceof Float || v instanceof Double || orderable(v);
  }

  /** The parameter for a value: an Instant is bound as its UTC date-time (no Instant literal). */
  private static Object param(Object v) {
    return v instanceof Instant i ? LocalDateTime.ofInstant(i, ZoneOffset.UTC) : v;
  }

  /** The value the bound literal compares as: a FLOAT parameter becomes its shortest decimal. */
  private static Object literal(Object v) {
    if (v instanceof Float f) {
      return Double.parseDouble(Float.toString(f));
    }
    return param(v);
  }

  private static boolean holds(String op, int c) {
    return switch (op) {
      case "=" -> c == 0;
      case "<" -> c < 0;
      case "<=" -> c <= 0;
      case ">" -> c > 0;
      case ">=" -> c >= 0;
      default -> c != 0;
    };
  }

  /** The predicates' order: NaN greatest and -0.0 = 0.0, strings by code point, one time line. */
  static int compare(Object a, Object b) {
    if (a instanceof Float || a instanceof Double || b instanceof Float || b instanceof Double) {
      double x = ((Number) a).doubleValue();
      double y = ((Number) b).doubleValue();
      return x == y ? 0 : Double.compare(x, y);
    }
    if (a instanceof Number) {
      return new BigDecimal(a.toString()).compareTo(new BigDecimal(b.toString()));
    }
    if (a instanceof String s) {
      return Arrays.compareUnsigned(
          s.getBytes(StandardCharsets.UTF_8), ((String) b).getBytes(StandardCharsets.UTF_8));
    }
    if (a instanceof Boolean x) {
      return x.compareTo((Boolean) b);
    }
    if (a instanceof LocalTime x) {
      return x.compareTo((LocalTime) b);
    }
    return instant(a).compareTo(instant(b));
  }

  private static Instant instant(Object v) {
    if (v instanceof LocalDate d) {
      return d.atStartOfDay().toInstant(ZoneOffset.UTC);
    }
    if (v instanceof LocalDateTime t) {
      return t.toInstant(ZoneOffset.UTC);
    }
    return (Instant) v;
  }
}
