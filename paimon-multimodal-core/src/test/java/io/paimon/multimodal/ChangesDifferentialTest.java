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
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random sequences of adds, updates, updates by row ID, deletes, merges, overwrites and compactions
 * applied to a table and, as SQL, to an in-memory DuckDB table: after every step both hold the same
 * rows, the surviving rows keep their {@code _ROW_ID}s (rows an overwrite writes get new ones, even
 * with an id they replace), and older snapshots still read as DuckDB held them then. The predicates
 * are generated in the SQL subset both grammars share, and the same text runs on both. Odd seeds
 * keep Paimon's default {@code dynamic-partition-overwrite=true} (an overwrite replaces the
 * partitions its rows fall in), even seeds set it false (an overwrite replaces every partition).
 */
class ChangesDifferentialTest {

  private static final int STEPS = 40;
  private static final String[] PARTS = {"a", "b", "c"};
  private static final String[] LABELS = {"apple", "apricot", "banana", "cherry", "a_b", "Apple"};

  @TempDir Path dir;

  private SplittableRandom r;
  private Statement duck;
  private long nextId;
  private boolean dynamicOverwrite;

  /** id -> the _ROW_ID it got when added; a surviving row's must never change. */
  private final Map<Long, Long> rowIds = new HashMap<>();

  /** Above every row ID seen so far: rows added later must get row IDs from here on. */
  private long firstNewRowId;

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4})
  void changesAgreeWithDuckDb(long seed) throws SQLException {
    r = new SplittableRandom(seed);
    dynamicOverwrite = seed % 2 == 1;
    try (io.paimon.multimodal.Connection conn = Multimodal.connect(dir.toString());
        Connection db = DriverManager.getConnection("jdbc:duckdb:");
        Statement st = db.createStatement()) {
      duck = st;
      duck.execute(
          "CREATE TABLE t (part VARCHAR, id BIGINT, label VARCHAR, score DOUBLE, n INTEGER)");
      Table t = conn.createTable("t", schema(dynamicOverwrite), false);
      // snapshot id -> DuckDB's rows after the step that committed it.
      TreeMap<Long, List<String>> history = new TreeMap<>();
      for (int step = 0; step < STEPS; step++) {
        String what = step(t, step == 0 ? 0 : r.nextInt(12));
        String ctx = "seed " + seed + " step " + step + ": " + what;
        List<String> expected = duckRows();
        assertThat(tableRows(t.scan())).as(ctx).isEqualTo(expected);
        checkRowIds(t, ctx);
        history.put(t.latestSnapshot().orElseThrow().id(), expected);
        if (step % 4 == 3) {
          List<Long> ids = new ArrayList<>(history.keySet());
          long old = ids.get(r.nextInt(ids.size()));
          assertThat(tableRows(t.scan().snapshot(old)))
              .as(ctx + ", snapshot " + old)
              .isEqualTo(history.get(old));
        }
      }
    }
  }

  private static Schema schema(boolean dynamicOverwrite) {
    Schema.Builder b =
        Schema.builder()
            .column("part", DataTypes.STRING().notNull())
            .column("id", DataTypes.BIGINT().notNull())
            .column("label", DataTypes.STRING())
            .column("score", DataTypes.DOUBLE())
            .column("n", DataTypes.INT())
            .partitionKeys("part")
            .option("deletion-vectors.enabled", "true")
            // Small files, so that a partition holds several row-ID ranges and changes touch some.
            .option("target-file-size", "1 kb");
    if (!dynamicOverwrite) {
      b.option("dynamic-partition-overwrite", "false");
    }
    return b.build();
  }

  /** Runs one random change on both sides; returns what it was, for failure messages. */
  private String step(Table t, int kind) throws SQLException {
    if (kind <= 1 || count() == 0) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (int i = 1 + r.nextInt(30); i > 0; i--) {
        rows.add(newRow());
      }
      t.add(rows);
      for (Map<String, Object> row : rows) {
        duck.execute("INSERT INTO t VALUES " + tuple(row));
      }
      return "add " + rows.size();
    }
    switch (kind) {
      case 2:
      case 3:
        {
          String where = predicate(2);
          Map<String, Object> values = values();
          t.update(where, values);
          duck.execute("UPDATE t SET " + assignments(values) + " WHERE " + where);
          return "update " + values + " where " + where;
        }
      case 4:
        if (r.nextBoolean()) {
          return updateByRowIdBatch(t);
        }
        {
          Map<Long, Map<String, Object>> byRowId = new HashMap<>();
          StringBuilder sql = new StringBuilder();
          for (Map<String, Object> row : sample(1 + r.nextInt(8))) {
            Map<String, Object> values = values();
            byRowId.put((Long) row.get("_ROW_ID"), values);
            duck.execute("UPDATE t SET " + assignments(values) + " WHERE id = " + row.get("id"));
            sql.append(row.get("id")).append('=').append(values).append(' ');
          }
          t.updateByRowId(byRowId);
          return "updateByRowId " + sql;
        }
      case 5:
      case 6:
        {
          String where =
              r.nextInt(3) == 0
                  ? (r.nextBoolean()
                      ? "part = " + quote(part())
                      : "part IN (" + quote(part()) + ", " + quote(part()) + ")")
                  : predicate(2);
          t.delete(where);
          duck.execute("DELETE FROM t WHERE " + where);
          return "delete where " + where;
        }
      case 7:
      case 8:
      case 9:
        return merge(t, kind == 9);
      case 10:
        return overwrite(t);
      default:
        {
          long before = t.latestSnapshot().orElseThrow().id();
          boolean apply = r.nextInt(3) == 0;
          if (apply) {
            // Rows of ranges with deleted rows move to new row IDs; every other row keeps its own.
            List<Split> deleted =
                t.scan().plan().stream().filter(s -> s.deletedRowCount() > 0).toList();
            rowIds
                .values()
                .removeIf(
                    rowId ->
                        deleted.stream()
                            .anyMatch(
                                s ->
                                    rowId >= s.firstRowId()
                                        && rowId < s.firstRowId() + s.rowCount()));
          }
          long after =
              apply
                  ? t.compact(CompactOptions.builder().applyDeletions(true).build()).id()
                  : t.compact().id();
          return (apply ? "compact applying deletions" : "compact")
              + (after == before ? " (nothing to do)" : " to snapshot " + after);
        }
    }
  }

  /**
   * {@code overwrite(rows)} (the rows' partitions, or every partition when the table's {@code
   * dynamic-partition-overwrite} is false) or {@code overwrite(rows, part = p)} (partition p; rows
   * there may omit part), mirrored as a DELETE of the replaced rows and an INSERT of the new ones.
   * Some new rows take the id of a replaced row: they are new rows all the same, with new row IDs.
   */
  private String overwrite(Table t) throws SQLException {
    List<Map<String, Object>> rows = new ArrayList<>();
    String replaced;
    String what;
    if (r.nextBoolean()) {
      String p = part();
      replaced = "part = " + quote(p);
      List<Long> reusable = ids(replaced);
      for (int i = r.nextInt(8); i > 0; i--) {
        Map<String, Object> row = newRow();
        row.put("part", p);
        reuseId(row, reusable);
        rows.add(row);
      }
      List<Map<String, Object>> given = new ArrayList<>();
      for (Map<String, Object> row : rows) {
        Map<String, Object> copy = new LinkedHashMap<>(row);
        if (r.nextInt(3) == 0) {
          copy.remove("part");
        }
        given.add(copy);
      }
      forgetRowIds(replaced);
      t.overwrite(given, Map.of("part", p));
      what = "overwrite part = " + p + " with " + given;
    } else {
      Set<String> parts = new HashSet<>();
      // Rarely none: a no-op when dynamic, else a truncation.
      for (int i = r.nextInt(8) == 0 ? 0 : 1 + r.nextInt(3); i > 0; i--) {
        parts.add(part());
      }
      StringBuilder in = new StringBuilder();
      for (String p : parts) {
        in.append(in.length() == 0 ? "" : ", ").append(quote(p));
      }
      if (dynamicOverwrite) {
        replaced = parts.isEmpty() ? "false" : "part IN (" + in + ")";
      } else {
        replaced = "true";
      }
      List<Long> reusable = ids(replaced);
      for (String p : parts) {
        for (int i = 1 + r.nextInt(6); i > 0; i--) {
          Map<String, Object> row = newRow();
          row.put("part", p);
          reuseId(row, reusable);
          rows.add(row);
        }
      }
      forgetRowIds(replaced);
      t.overwrite(rows);
      what = "overwrite (" + (dynamicOverwrite ? "dynamic" : "every partition") + ") with " + rows;
    }
    duck.execute("DELETE FROM t WHERE " + replaced);
    for (Map<String, Object> row : rows) {
      duck.execute("INSERT INTO t VALUES " + tuple(row));
    }
    return what;
  }

  /** The ids of DuckDB's rows that a predicate matches, in random order. */
  private List<Long> ids(String where) throws SQLException {
    List<Long> out = new ArrayList<>();
    try (ResultSet rs =
        duck.executeQuery(
            "SELECT id FROM t WHERE " + where + " ORDER BY hash(id + " + r.nextInt(1000) + ")")) {
      while (rs.next()) {
        out.add(rs.getLong(1));
      }
    }
    return out;
  }

  /** Gives a new row, one time in three, the id of a row it replaces (each such id once). */
  private void reuseId(Map<String, Object> row, List<Long> reusable) {
    if (!reusable.isEmpty() && r.nextInt(3) == 0) {
      row.put("id", reusable.remove(reusable.size() - 1));
    }
  }

  /** The replaced rows leave the id -> row ID map: an id written again is a new row. */
  private void forgetRowIds(String replaced) throws SQLException {
    for (long id : ids(replaced)) {
      rowIds.remove(id);
    }
  }

  /**
   * An update by row ID given as an Arrow batch of {@code _ROW_ID}, score and n (nulls set null).
   */
  private String updateByRowIdBatch(Table t) throws SQLException {
    List<Map<String, Object>> rows = sample(1 + r.nextInt(8));
    StringBuilder what = new StringBuilder("updateByRowId batch ");
    try (VectorSchemaRoot batch =
        VectorSchemaRoot.of(
            new BigIntVector("_ROW_ID", t.allocator()),
            new Float8Vector("score", t.allocator()),
            new IntVector("n", t.allocator()))) {
      BigIntVector rowId = (BigIntVector) batch.getVector(0);
      Float8Vector score = (Float8Vector) batch.getVector(1);
      IntVector n = (IntVector) batch.getVector(2);
      batch.allocateNew();
      for (int i = 0; i < rows.size(); i++) {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("score", score());
        values.put("n", n());
        rowId.setSafe(i, (Long) rows.get(i).get("_ROW_ID"));
        if (values.get("score") == null) {
          score.setNull(i);
        } else {
          score.setSafe(i, (Double) values.get("score"));
        }
        if (values.get("n") == null) {
          n.setNull(i);
        } else {
          n.setSafe(i, (Integer) values.get("n"));
        }
        duck.execute(
            "UPDATE t SET " + assignments(values) + " WHERE id = " + rows.get(i).get("id"));
        what.append(rows.get(i).get("id")).append('=').append(values).append(' ');
      }
      batch.setRowCount(rows.size());
      t.updateByRowId(batch);
    }
    return what.toString();
  }

  /**
   * An upsert of some existing rows (keys part and id, so an existing id keeps its partition) and
   * some new ones; with {@code conditionalDelete}, matched rows whose score is below the source's
   * are deleted first, as SQL's {@code WHEN MATCHED AND ... THEN DELETE} before the update.
   */
  private String merge(Table t, boolean conditionalDelete) throws SQLException {
    List<Map<String, Object>> source = new ArrayList<>();
    for (Map<String, Object> existing : sample(1 + r.nextInt(6))) {
      Map<String, Object> row = newRow();
      row.put("part", existing.get("part"));
      row.put("id", existing.get("id"));
      source.add(row);
    }
    for (int i = r.nextInt(4); i > 0; i--) {
      source.add(newRow());
    }
    StringBuilder values = new StringBuilder();
    for (Map<String, Object> row : source) {
      values.append(values.length() == 0 ? "" : ", ").append(tuple(row));
    }
    Merge m = t.merge(source, "part", "id");
    String sql =
        "MERGE INTO t USING (VALUES "
            + values
            + ") AS s(part, id, label, score, n) ON t.part = s.part AND t.id = s.id ";
    if (conditionalDelete) {
      m =
          m.whenMatchedDelete(
              (s, target) ->
                  s.get("score") != null
                      && target.get("score") != null
                      && (Double) target.get("score") < (Double) s.get("score"));
      sql += "WHEN MATCHED AND t.score < s.score THEN DELETE ";
    }
    m.whenMatchedUpdate().whenNotMatchedInsert().commit();
    sql +=
        "WHEN MATCHED THEN UPDATE SET label = s.label, score = s.score, n = s.n "
            + "WHEN NOT MATCHED THEN INSERT VALUES (s.part, s.id, s.label, s.score, s.n)";
    duck.execute(sql);
    return (conditionalDelete ? "merge with delete " : "merge ") + source;
  }

  private Map<String, Object> newRow() {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("part", part());
    row.put("id", nextId++);
    row.putAll(values());
    row.putIfAbsent("label", label());
    row.putIfAbsent("score", score());
    row.putIfAbsent("n", n());
    return row;
  }

  /** New values for one to three of the non-key columns, nulls included. */
  private Map<String, Object> values() {
    Map<String, Object> v = new LinkedHashMap<>();
    do {
      switch (r.nextInt(3)) {
        case 0:
          v.put("label", label());
          break;
        case 1:
          v.put("score", score());
          break;
        default:
          v.put("n", n());
          break;
      }
    } while (r.nextInt(3) == 0);
    return v;
  }

  private String part() {
    return PARTS[r.nextInt(PARTS.length)];
  }

  private String label() {
    return r.nextInt(6) == 0 ? null : LABELS[r.nextInt(LABELS.length)];
  }

  private Double score() {
    return r.nextInt(6) == 0 ? null : (r.nextInt(41) - 20) / 4.0;
  }

  private Integer n() {
    return r.nextInt(6) == 0 ? null : r.nextInt(20) - 5;
  }

  /** A random predicate of the shared subset, nested up to {@code depth} connectives. */
  private String predicate(int depth) {
    if (depth > 0 && r.nextInt(3) > 0) {
      switch (r.nextInt(3)) {
        case 0:
          return "(" + predicate(depth - 1) + " AND " + predicate(depth - 1) + ")";
        case 1:
          return "(" + predicate(depth - 1) + " OR " + predicate(depth - 1) + ")";
        default:
          return "NOT (" + predicate(depth - 1) + ")";
      }
    }
    long id = nextId == 0 ? 0 : r.nextLong(nextId);
    switch (r.nextInt(12)) {
      case 0:
        return "id = " + id;
      case 1:
        return "id < " + id;
      case 2:
        return "id >= " + id;
      case 3:
        return "id BETWEEN " + id + " AND " + (id + r.nextInt(20));
      case 4:
        return "id IN (" + id + ", " + (id + 1) + ", " + (id + 7) + ")";
      case 5:
        return "n " + (r.nextBoolean() ? "IS NULL" : "IS NOT NULL");
      case 6:
        return "n " + (r.nextBoolean() ? "< " : "= ") + (r.nextInt(20) - 5);
      case 7:
        return "score >= " + (r.nextInt(41) - 20) / 4.0;
      case 8:
        return "score BETWEEN " + (r.nextInt(20) - 20) / 2.0 + " AND " + r.nextInt(20) / 2.0;
      case 9:
        return "label LIKE "
            + quote(new String[] {"ap%", "%e", "a_b", "%an%", "_pple"}[r.nextInt(5)]);
      case 10:
        return r.nextBoolean() ? "label IS NULL" : "label = " + quote(LABELS[r.nextInt(3)]);
      default:
        return r.nextBoolean()
            ? "part = " + quote(part())
            : "part IN (" + quote(part()) + ", " + quote(part()) + ")";
    }
  }

  /** Some distinct live rows (with their {@code _ROW_ID}s from DuckDB's ids and the table). */
  private List<Map<String, Object>> sample(int k) throws SQLException {
    List<Map<String, Object>> out = new ArrayList<>();
    try (ResultSet rs =
        duck.executeQuery(
            "SELECT part, id FROM t ORDER BY hash(id + " + r.nextInt(1000) + ") LIMIT " + k)) {
      while (rs.next()) {
        Map<String, Object> row = new HashMap<>();
        row.put("part", rs.getString(1));
        row.put("id", rs.getLong(2));
        out.add(row);
      }
    }
    for (Map<String, Object> row : out) {
      row.put("_ROW_ID", currentRowIds.get((Long) row.get("id")));
    }
    return out;
  }

  /** The row IDs by id of the last check (what updateByRowId addresses). */
  private final Map<Long, Long> currentRowIds = new HashMap<>();

  private void checkRowIds(Table t, String ctx) {
    long firstNew = firstNewRowId;
    Map<Long, Long> now = new HashMap<>();
    Set<Long> seen = new HashSet<>();
    for (Map<String, Object> row : t.scan().select("id", "_ROW_ID").toList()) {
      long id = (Long) row.get("id");
      long rowId = (Long) row.get("_ROW_ID");
      assertThat(seen.add(rowId)).as("%s: row ID %s twice", ctx, rowId).isTrue();
      Long had = rowIds.get(id);
      if (had == null) {
        assertThat(rowId).as("%s: new row %s", ctx, id).isGreaterThanOrEqualTo(firstNew);
      } else {
        assertThat(rowId).as("%s: row ID of id %s", ctx, id).isEqualTo(had);
      }
      now.put(id, rowId);
      firstNewRowId = Math.max(firstNewRowId, rowId + 1);
    }
    rowIds.putAll(now);
    rowIds.keySet().retainAll(now.keySet());
    currentRowIds.clear();
    currentRowIds.putAll(now);
  }

  private long count() throws SQLException {
    try (ResultSet rs = duck.executeQuery("SELECT count(*) FROM t")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private List<String> duckRows() throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = duck.executeQuery("SELECT part, id, label, score, n FROM t")) {
      while (rs.next()) {
        out.add(
            line(
                rs.getString(1),
                rs.getLong(2),
                rs.getString(3),
                (Double) rs.getObject(4),
                (Integer) rs.getObject(5)));
      }
    }
    out.sort(null);
    return out;
  }

  private static List<String> tableRows(Scan scan) {
    List<String> out = new ArrayList<>();
    for (Map<String, Object> row : scan.toList()) {
      out.add(
          line(
              row.get("part"),
              row.get("id"),
              row.get("label"),
              (Double) row.get("score"),
              (Integer) row.get("n")));
    }
    out.sort(null);
    return out;
  }

  private static String line(Object part, Object id, Object label, Double score, Integer n) {
    return part + "|" + id + "|" + label + "|" + score + "|" + n;
  }

  private static String tuple(Map<String, Object> row) {
    return "("
        + literal(row.get("part"))
        + ", "
        + row.get("id")
        + ", "
        + literal(row.get("label"))
        + ", "
        + literal(row.get("score"))
        + ", "
        + literal(row.get("n"))
        + ")";
  }

  private static String assignments(Map<String, Object> values) {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, Object> e : values.entrySet()) {
      out.append(out.length() == 0 ? "" : ", ")
          .append(e.getKey())
          .append(" = ")
          .append(literal(e.getValue()));
    }
    return out.toString();
  }

  private static String literal(Object v) {
    if (v == null) {
      return "NULL";
    }
    return v instanceof String ? quote((String) v) : Objects.toString(v);
  }

  private static String quote(String s) {
    return "'" + s.replace("'", "''") + "'";
  }
}
