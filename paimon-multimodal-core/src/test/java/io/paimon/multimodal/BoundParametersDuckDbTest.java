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
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bound parameters against DuckDB's prepared statements: random predicates with {@code ?} over a
 * column of every type a parameter binds to, the same text and values given to {@link
 * Scan#where(String, Object...)} and to a DuckDB {@code PreparedStatement} (an {@code IN (?)} with
 * a collection written out as that many {@code ?} for DuckDB), must select the same rows. The
 * string values include quotes, {@code ?}, {@code --}, {@code /*} and LIKE wildcards, so a value
 * read as predicate text anywhere would change the rows. The same predicates drive {@link
 * Table#delete(String, Object...)} and {@link Table#update(String, Map, Object...)} once.
 */
class BoundParametersDuckDbTest {

  private static final int ROWS = 300;
  private static final int PREDICATES = 400;

  /** Column name, DuckDB type, and table type. */
  private static final String[][] COLUMNS = {
    {"i8", "TINYINT"},
    {"i16", "SMALLINT"},
    {"i32", "INTEGER"},
    {"i64", "BIGINT"},
    {"f32", "REAL"},
    {"f64", "DOUBLE"},
    {"dec", "DECIMAL(12, 3)"},
    {"s", "VARCHAR"},
    {"ok", "BOOLEAN"},
    {"day", "DATE"},
    {"tod", "TIME"},
    {"ts", "TIMESTAMP"},
  };

  private static final String[] STRINGS = {
    "",
    "a",
    "lake",
    "it's",
    "''",
    "x' OR '1' = '1",
    "a?b",
    "?",
    "-- comment",
    "x --",
    "/* c */",
    "50%",
    "a_b",
    "\u00e9t\u00e9",
    "\\",
    "; DROP TABLE t; --",
    "\"quoted\""
  };

  private static final String[] LIKE_PATTERNS = {
    "%", "a%", "%'%", "%?%", "%--%", "_", "__%", "%_b", "lake", "%e%", "50%", "%/*%", "\u00e9%"
  };

  private static final String[] COMPARE = {"=", "<>", "!=", "<", "<=", ">", ">="};

  @TempDir Path dir;

  private Random rnd = new Random(20261203);

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {20261203, 7, 99})
  void randomParameterizedPredicatesSelectWhatDuckDbSelects(long seed) throws SQLException {
    rnd = new Random(seed);
    try (Connection conn = Multimodal.connect(dir.toString());
        java.sql.Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
      Table t = create(conn, duck);
      int nonEmpty = 0;
      for (int k = 0; k < PREDICATES; k++) {
        List<Object> params = new ArrayList<>();
        StringBuilder ours = new StringBuilder();
        StringBuilder theirs = new StringBuilder();
        predicate(2, params, ours, theirs);
        Object[] values = params.toArray();
        String ctx = "seed " + seed + ": " + ours + " with " + params;
        TreeSet<Long> expected = duckIds(duck, theirs.toString(), flatten(params));
        TreeSet<Long> actual = ids(t.scan().where(ours.toString(), values));
        TreeSet<Long> onlyDuckDb = new TreeSet<>(expected);
        onlyDuckDb.removeAll(actual);
        TreeSet<Long> onlyOurs = new TreeSet<>(actual);
        onlyOurs.removeAll(expected);
        assertThat(onlyDuckDb).as("%s: rows only DuckDB selects", ctx).isEmpty();
        assertThat(onlyOurs).as("%s: rows only the scan selects", ctx).isEmpty();
        if (!expected.isEmpty() && expected.size() < ROWS) {
          nonEmpty++;
        }
      }
      // The predicates select something and not everything often enough to mean something.
      assertThat(nonEmpty).isGreaterThan(PREDICATES / 4);
    }
  }

  @Test
  void updateAndDeleteBindTheirParametersAsScansDo() throws SQLException {
    try (Connection conn = Multimodal.connect(dir.toString());
        java.sql.Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
      Table t = create(conn, duck);
      String hostile = "x' OR '1' = '1";
      t.update("s = ? OR s = ?", Map.of("i32", -1), hostile, "it's");
      try (PreparedStatement ps =
          duck.prepareStatement("UPDATE t SET i32 = -1 WHERE s = ? OR s = ?")) {
        ps.setObject(1, hostile);
        ps.setObject(2, "it's");
        ps.executeUpdate();
      }
      assertThat(ids(t.scan().where("i32 = ?", -1)))
          .isEqualTo(duckIds(duck, "i32 = ?", List.of(-1)))
          .isNotEmpty();
      List<Long> some = List.of(3L, 5L, 8L, 13L, 21L);
      t.delete("id IN (?) OR s LIKE ?", some, "%--%");
      try (PreparedStatement ps =
          duck.prepareStatement("DELETE FROM t WHERE id IN (?, ?, ?, ?, ?) OR s LIKE ?")) {
        for (int i = 0; i < some.size(); i++) {
          ps.setObject(i + 1, some.get(i));
        }
        ps.setObject(6, "%--%");
        ps.executeUpdate();
      }
      assertThat(ids(t.scan())).isEqualTo(duckIds(duck, "TRUE", List.of())).hasSizeLessThan(ROWS);
    }
  }

  private Table create(Connection conn, java.sql.Connection duck) throws SQLException {
    Schema.Builder schema =
        Schema.builder()
            .column("id", DataTypes.BIGINT().notNull())
            .option("deletion-vectors.enabled", "true");
    StringBuilder ddl = new StringBuilder("CREATE TABLE t (id BIGINT");
    for (String[] c : COLUMNS) {
      schema.column(c[0], tableType(c[0]));
      ddl.append(", ").append(c[0]).append(' ').append(c[1]);
    }
    try (Statement st = duck.createStatement()) {
      st.execute(ddl.append(')').toString());
    }
    Table t = conn.createTable("t", schema.build(), false);
    List<Map<String, Object>> rows = new ArrayList<>();
    StringBuilder insert = new StringBuilder("INSERT INTO t VALUES (?");
    for (int i = 0; i < COLUMNS.length; i++) {
      insert.append(", ?");
    }
    try (PreparedStatement ps = duck.prepareStatement(insert.append(')').toString())) {
      for (long id = 0; id < ROWS; id++) {
        Map<String, Object> row = new HashMap<>();
        row.put("id", id);
        ps.setObject(1, id);
        for (int c = 0; c < COLUMNS.length; c++) {
          Object v = rnd.nextInt(10) == 0 ? null : value(COLUMNS[c][0]);
          row.put(COLUMNS[c][0], v);
          ps.setObject(c + 2, v);
        }
        ps.addBatch();
        rows.add(row);
      }
      ps.executeBatch();
    }
    t.add(rows);
    return t;
  }

  private static io.paimon.types.DataType tableType(String column) {
    switch (column) {
      case "i8":
        return DataTypes.TINYINT();
      case "i16":
        return DataTypes.SMALLINT();
      case "i32":
        return DataTypes.INT();
      case "i64":
        return DataTypes.BIGINT();
      case "f32":
        return DataTypes.FLOAT();
      case "f64":
        return DataTypes.DOUBLE();
      case "dec":
        return DataTypes.DECIMAL(12, 3);
      case "s":
        return DataTypes.STRING();
      case "ok":
        return DataTypes.BOOLEAN();
      case "day":
        return DataTypes.DATE();
      case "tod":
        return DataTypes.TIME(3);
      case "ts":
        return DataTypes.TIMESTAMP(6);
      default:
        throw new IllegalArgumentException(column);
    }
  }

  /**
   * A random value of the column's Java type, from a small domain so that equality matches. Floats
   * are multiples of 1/4, exact in both widths, so that REAL-against-literal comparisons cannot
   * differ by rounding between the two engines.
   */
  private Object value(String column) {
    int k = rnd.nextInt(21) - 10;
    switch (column) {
      case "i8":
        return (byte) k;
      case "i16":
        return (short) (k * 300);
      case "i32":
        return k * 100_000;
      case "i64":
        return k * 10_000_000_000L;
      case "f32":
        return k / 4.0f;
      case "f64":
        return k / 4.0;
      case "dec":
        return BigDecimal.valueOf(k * 1250L, 3);
      case "s":
        return STRINGS[rnd.nextInt(STRINGS.length)];
      case "ok":
        return rnd.nextBoolean();
      case "day":
        return LocalDate.of(2026, 1, 1).plusDays(k);
      case "tod":
        // Paimon stores TIME as milliseconds of the day.
        return LocalTime.of(12, 0).plusSeconds(k * 61L).plusNanos(k * 1_000_000L * (k & 1));
      case "ts":
        return LocalDateTime.of(2026, 12, 3, 10, 0).plusMinutes(k * 7L).plusNanos(k * 1000L);
      default:
        throw new IllegalArgumentException(column);
    }
  }

  /**
   * A parameter for a column: mostly of the column's own Java type, integers also as another
   * integer width, and sometimes null.
   */
  private Object parameter(String column) {
    if (rnd.nextInt(25) == 0) {
      return null;
    }
    Object v = value(column);
    if (v instanceof Number n && !(v instanceof BigDecimal) && rnd.nextInt(3) == 0) {
      switch (column) {
        case "i8":
        case "i16":
        case "i32":
          return n.longValue();
        case "f32":
          return n.doubleValue();
        case "i64":
          return BigDecimal.valueOf(n.longValue());
        default:
          return v;
      }
    }
    return v;
  }

  private void predicate(int depth, List<Object> params, StringBuilder ours, StringBuilder theirs) {
    if (depth == 0 || rnd.nextInt(3) == 0) {
      leaf(params, ours, theirs);
      return;
    }
    int kind = rnd.nextInt(3);
    if (kind == 2) {
      ours.append("NOT (");
      theirs.append("NOT (");
      predicate(depth - 1, params, ours, theirs);
      ours.append(')');
      theirs.append(')');
      return;
    }
    String op = kind == 0 ? " AND " : " OR ";
    ours.append('(');
    theirs.append('(');
    predicate(depth - 1, params, ours, theirs);
    ours.append(')').append(op).append('(');
    theirs.append(')').append(op).append('(');
    predicate(depth - 1, params, ours, theirs);
    ours.append(')');
    theirs.append(')');
  }

  private void leaf(List<Object> params, StringBuilder ours, StringBuilder theirs) {
    String c = COLUMNS[rnd.nextInt(COLUMNS.length)][0];
    int shape = rnd.nextInt(c.equals("s") ? 5 : 4);
    switch (shape) {
      case 0:
        {
          String op = COMPARE[rnd.nextInt(COMPARE.length)];
          boolean flipped = rnd.nextInt(4) == 0;
          String text = flipped ? "? " + op + " " + c : c + " " + op + " ?";
          ours.append(text);
          theirs.append(text);
          params.add(parameter(c));
          break;
        }
      case 1:
        {
          boolean not = rnd.nextInt(4) == 0;
          String in = c + (not ? " NOT IN (" : " IN (");
          ours.append(in);
          theirs.append(in);
          int groups = 1 + rnd.nextInt(2);
          for (int g = 0; g < groups; g++) {
            if (g > 0) {
              ours.append(", ");
              theirs.append(", ");
            }
            if (rnd.nextBoolean()) {
              List<Object> list = new ArrayList<>();
              for (int n = 1 + rnd.nextInt(4); n > 0; n--) {
                list.add(parameter(c));
              }
              params.add(list);
              ours.append('?');
              theirs.append("?, ".repeat(list.size() - 1)).append('?');
            } else {
              params.add(parameter(c));
              ours.append('?');
              theirs.append('?');
            }
          }
          ours.append(')');
          theirs.append(')');
          break;
        }
      case 2:
        {
          String text = c + (rnd.nextInt(4) == 0 ? " NOT" : "") + " BETWEEN ? AND ?";
          ours.append(text);
          theirs.append(text);
          params.add(parameter(c));
          params.add(parameter(c));
          break;
        }
      case 3:
        {
          String text = c + (rnd.nextBoolean() ? " IS NULL" : " IS NOT NULL");
          ours.append(text);
          theirs.append(text);
          break;
        }
      default:
        {
          String text = "s" + (rnd.nextInt(4) == 0 ? " NOT" : "") + " LIKE ?";
          ours.append(text);
          theirs.append(text);
          params.add(
              rnd.nextInt(3) == 0
                  ? STRINGS[rnd.nextInt(STRINGS.length)]
                  : LIKE_PATTERNS[rnd.nextInt(LIKE_PATTERNS.length)]);
          break;
        }
    }
  }

  /** The parameters as DuckDB takes them: a collection's items one by one. */
  private static List<Object> flatten(List<Object> params) {
    List<Object> out = new ArrayList<>();
    for (Object p : params) {
      if (p instanceof Collection<?> items) {
        out.addAll(items);
      } else {
        out.add(p);
      }
    }
    return out;
  }

  private static TreeSet<Long> duckIds(java.sql.Connection duck, String where, List<Object> params)
      throws SQLException {
    TreeSet<Long> out = new TreeSet<>();
    try (PreparedStatement ps = duck.prepareStatement("SELECT id FROM t WHERE " + where)) {
      for (int i = 0; i < params.size(); i++) {
        ps.setObject(i + 1, params.get(i));
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getLong(1));
        }
      }
    }
    return out;
  }

  private static TreeSet<Long> ids(Scan scan) {
    TreeSet<Long> out = new TreeSet<>();
    for (Map<String, Object> row : scan.select("id").toList()) {
      out.add((Long) row.get("id"));
    }
    return out;
  }
}
