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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random sequences of adds, updates, deletes, compactions and schema changes (add, rename, drop,
 * widen, comment, option) on one table, checked after every step against an in-memory model: an
 * ordered list of columns, each with a stable identity, and rows keyed by that identity, so that a
 * rename keeps the data, a drop removes it, an add reads as null in older rows and a widening
 * converts the values. Numbers stay below 2^24 in magnitude (floats are multiples of 1/4), so every
 * widening is exact and the model need not know which file holds which value.
 */
class SchemaEvolutionRandomTest {

  private static final int STEPS = 30;
  private static final int ID_KEY = 0;

  @TempDir Path dir;

  private SplittableRandom r;
  private Model m;
  private int nameCounter;
  private Set<String> usedNames;

  /** Column types the generator uses; widenings follow {@link SchemaChange#updateColumnType}. */
  enum Kind {
    TINYINT,
    SMALLINT,
    INT,
    BIGINT,
    FLOAT,
    DOUBLE,
    STRING;

    DataType type() {
      return switch (this) {
        case TINYINT -> DataTypes.TINYINT();
        case SMALLINT -> DataTypes.SMALLINT();
        case INT -> DataTypes.INT();
        case BIGINT -> DataTypes.BIGINT();
        case FLOAT -> DataTypes.FLOAT();
        case DOUBLE -> DataTypes.DOUBLE();
        case STRING -> DataTypes.STRING();
      };
    }

    List<Kind> widenings() {
      return switch (this) {
        case TINYINT -> List.of(SMALLINT, INT, BIGINT, FLOAT, DOUBLE);
        case SMALLINT -> List.of(INT, BIGINT, FLOAT, DOUBLE);
        case INT -> List.of(BIGINT, FLOAT, DOUBLE);
        case BIGINT -> List.of(FLOAT, DOUBLE);
        case FLOAT -> List.of(DOUBLE);
        case DOUBLE, STRING -> List.of();
      };
    }

    boolean numeric() {
      return this != STRING;
    }

    /** A Java value of this type, as scans return it; exact in every wider type. */
    Object convert(Object v) {
      if (v == null || this == STRING) {
        return v;
      }
      Number n = (Number) v;
      return switch (this) {
        case TINYINT -> n.byteValue();
        case SMALLINT -> n.shortValue();
        case INT -> n.intValue();
        case BIGINT -> n.longValue();
        case FLOAT -> n.floatValue();
        case DOUBLE -> n.doubleValue();
        case STRING -> throw new AssertionError();
      };
    }
  }

  /** A column of the model; {@code key} is its identity, stable across renames and widenings. */
  static final class Col {
    final int key;
    String name;
    Kind kind;
    String comment;
    boolean notNull;
    Integer fieldId; // learned from the table's schema after the column is created
    boolean renamed;
    boolean widened;

    Col(int key, String name, Kind kind, String comment, boolean notNull) {
      this.key = key;
      this.name = name;
      this.kind = kind;
      this.comment = comment;
      this.notNull = notNull;
    }

    Col copy() {
      Col c = new Col(key, name, kind, comment, notNull);
      c.fieldId = fieldId;
      c.renamed = renamed;
      c.widened = widened;
      return c;
    }

    DataType type() {
      return notNull ? kind.type().notNull() : kind.type();
    }

    @Override
    public String toString() {
      return name + "#" + key + ":" + kind;
    }
  }

  /** The expected table: columns in order (the first, the row key, is never dropped) and rows. */
  static final class Model {
    List<Col> cols = new ArrayList<>();
    // id (the key column's value as a long) -> column key -> value in the column's current type
    TreeMap<Long, Map<Integer, Object>> rows = new TreeMap<>();
    Map<String, String> options = new HashMap<>();
    int nextKey;

    Col col(String name) {
      return cols.stream().filter(c -> c.name.equals(name)).findFirst().orElse(null);
    }

    Col idCol() {
      return cols.stream().filter(c -> c.key == ID_KEY).findFirst().orElseThrow();
    }

    Model copyColumns() {
      Model n = new Model();
      for (Col c : cols) {
        n.cols.add(c.copy());
      }
      n.rows = rows;
      n.options = new HashMap<>(options);
      n.nextKey = nextKey;
      return n;
    }

    List<Map<String, Object>> expected(Predicate<Map<Integer, Object>> filter) {
      return expected(rows.values(), filter);
    }

    /**
     * These rows through the current columns: a column added after a row was written reads null, a
     * dropped one is gone, a widened one converts.
     */
    List<Map<String, Object>> expected(
        Collection<Map<Integer, Object>> rows, Predicate<Map<Integer, Object>> filter) {
      List<Map<String, Object>> out = new ArrayList<>();
      for (Map<Integer, Object> row : rows) {
        if (filter.test(row)) {
          Map<String, Object> named = new LinkedHashMap<>();
          for (Col c : cols) {
            named.put(c.name, c.kind.convert(row.get(c.key)));
          }
          out.add(named);
        }
      }
      return out;
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4})
  void schemaChangesAgreeWithTheModel(long seed) {
    r = new SplittableRandom(seed);
    m = new Model();
    nameCounter = 0;
    usedNames = new HashSet<>();
    m.cols.add(new Col(m.nextKey++, "id", Kind.INT, null, true));
    m.cols.add(new Col(m.nextKey++, "label", Kind.STRING, null, false));
    m.cols.add(new Col(m.nextKey++, "small", Kind.TINYINT, null, false));
    m.cols.add(new Col(m.nextKey++, "score", Kind.FLOAT, null, false));
    m.options.put("deletion-vectors.enabled", "true");
    m.options.put("target-file-size", "1 kb");
    Schema.Builder b = Schema.builder();
    for (Col c : m.cols) {
      b.column(c.name, c.type());
      usedNames.add(c.name);
    }
    m.options.forEach(b::option);
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.createTable("t", b.build(), false);
      Set<Integer> usedFieldIds = new HashSet<>();
      checkSchema(t.schema(), usedFieldIds, "create");
      Map<Long, Long> rowIds = new HashMap<>();
      long nextId = 0;
      List<String> log = new ArrayList<>();
      // snapshot id -> the model after its commit: its columns then and its rows (by column key,
      // in the types of then)
      TreeMap<Long, Model> history = new TreeMap<>();
      for (int step = 0; step < STEPS; step++) {
        int kind = step == 0 || m.rows.isEmpty() ? 0 : r.nextInt(12);
        String what;
        if (kind <= 2) {
          int n = 5 + r.nextInt(30);
          List<Map<String, Object>> rows = new ArrayList<>();
          for (int i = 0; i < n; i++) {
            long id = nextId++;
            Map<Integer, Object> row = new HashMap<>();
            Map<String, Object> named = new HashMap<>();
            for (Col c : m.cols) {
              Object v = c == m.idCol() ? c.kind.convert(id) : value(c.kind);
              row.put(c.key, v);
              if (v != null || r.nextBoolean()) {
                named.put(c.name, v); // a missing column is null too
              }
            }
            m.rows.put(id, row);
            rows.add(named);
          }
          t.add(rows);
          what = "add " + n + " rows";
        } else if (kind <= 4) {
          what = update(t);
        } else if (kind == 5) {
          Filter f = r.nextInt(3) == 0 ? columnFilter() : idRange();
          t.delete(f.sql());
          m.rows.values().removeIf(f.test());
          what = "delete where " + f.sql();
        } else if (kind == 6) {
          t.compact();
          what = "compact";
        } else {
          what = alter(t);
        }
        log.add(what);
        String ctx = "seed " + seed + " step " + step + ": " + what + "\nafter " + log;
        checkSchema(t.schema(), usedFieldIds, ctx);
        checkRows(t, rowIds, ctx);
        if (r.nextBoolean()) {
          checkFilteredScan(t, ctx);
        }
        if (kind <= 6) {
          // A change that matched nothing committed nothing: the snapshot keeps its schema.
          Model then = m.copyColumns();
          then.rows = copy(m.rows);
          history.putIfAbsent(t.latestSnapshot().orElseThrow().id(), then);
        }
        if (step % 3 == 2) {
          // An older snapshot is read through the schema it was committed with (time travel).
          List<Long> ids = new ArrayList<>(history.keySet());
          long old = ids.get(r.nextInt(ids.size()));
          Model then = history.get(old);
          assertThat(sorted(t.scan().snapshot(old).toList(), then))
              .as("%s\nsnapshot %s", ctx, old)
              .isEqualTo(then.expected(row -> true));
          assertThat(t.scan().snapshot(old).schema().columnNames())
              .as("%s\nsnapshot %s", ctx, old)
              .isEqualTo(then.cols.stream().map(c -> c.name).toList());
        }
      }
      // Another Table object reads the schema from the files: the same columns and rows.
      Table reopened = conn.getTable("t");
      checkSchema(reopened.schema(), usedFieldIds, "seed " + seed + " reopened");
      checkRows(reopened, rowIds, "seed " + seed + " reopened");
    }
  }

  /** A dropped column added again under its name is a new column: old rows read null there. */
  @Test
  void aColumnDroppedAndAddedAgainReadsNullForOlderRows() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t =
          conn.createTable(
              "t",
              Schema.builder()
                  .column("id", DataTypes.INT().notNull())
                  .column("v", DataTypes.INT())
                  .option("deletion-vectors.enabled", "true")
                  .build(),
              false);
      t.add(List.of(Map.of("id", 1, "v", 10), Map.of("id", 2, "v", 20)));
      t.update("id = 2", Map.of("v", 21)); // an update file of the old column, too
      int oldFieldId = t.schema().rowType().fields().get(1).id();
      t.alter(SchemaChange.dropColumn("v"));
      assertThat(t.scan().toList()).containsExactly(Map.of("id", 1), Map.of("id", 2));
      t.alter(SchemaChange.addColumn("v", DataTypes.BIGINT()));
      assertThat(t.schema().rowType().fields().get(1).id()).isNotEqualTo(oldFieldId);
      t.add(List.of(Map.of("id", 3, "v", 30L)));
      List<Map<String, Object>> rows = t.scan().toList();
      assertThat(rows).extracting(row -> row.get("v")).containsExactly(null, null, 30L);
      assertThat(t.scan().where("v IS NULL").toList()).hasSize(2);
      assertThat(t.scan().where("v >= 10").toList()).containsExactly(Map.of("id", 3, "v", 30L));
      // Dropped in one alter and added again in the same one: still a new column.
      t.alter(SchemaChange.dropColumn("v"), SchemaChange.addColumn("v", DataTypes.BIGINT()));
      assertThat(t.scan().toList()).extracting(row -> row.get("v")).containsOnlyNulls();
      assertThat(conn.getTable("t").scan().where("v IS NOT NULL").count()).isZero();
    }
  }

  /**
   * Rows appended through a {@code Table} opened before another one altered the schema are written
   * with the old schema, and read through the new one by field id like any older file.
   */
  @Test
  void appendsOfATableOpenedBeforeAnAlterAreReadThroughTheNewSchema() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t =
          conn.createTable(
              "t",
              Schema.builder()
                  .column("id", DataTypes.INT().notNull())
                  .column("name", DataTypes.STRING())
                  .column("score", DataTypes.FLOAT())
                  .option("deletion-vectors.enabled", "true")
                  .build(),
              false);
      Table stale = conn.getTable("t");
      t.add(List.of(Map.of("id", 1, "name", "a", "score", 0.5f)));
      t.alter(
          SchemaChange.renameColumn("name", "label"),
          SchemaChange.dropColumn("score"),
          SchemaChange.addColumn("score", DataTypes.DOUBLE()),
          SchemaChange.updateColumnType("id", DataTypes.BIGINT()));
      assertThat(stale.schema().columnNames()).containsExactly("id", "name", "score");
      stale.add(List.of(Map.of("id", 2, "name", "b", "score", 1.5f)));
      t.add(List.of(Map.of("id", 3L, "label", "c", "score", 2.5)));
      Map<String, Object> one = new LinkedHashMap<>();
      one.put("id", 1L);
      one.put("label", "a");
      one.put("score", null);
      Map<String, Object> two = new LinkedHashMap<>(one);
      two.put("id", 2L);
      two.put("label", "b");
      Map<String, Object> three = Map.of("id", 3L, "label", "c", "score", 2.5);
      for (Table reader : List.of(t, conn.getTable("t"))) {
        assertThat(reader.scan().toList()).containsExactly(one, two, three);
        assertThat(reader.scan().where("label = 'b'").toList()).containsExactly(two);
        assertThat(reader.scan().where("score IS NULL").count()).isEqualTo(2);
        assertThat(reader.scan().where("id >= 2").select("id").toList())
            .containsExactly(Map.of("id", 2L), Map.of("id", 3L));
      }
    }
  }

  // ---------------------------------------------------------------- steps

  private String update(Table t) {
    List<Col> targets = m.cols.stream().filter(c -> c.key != ID_KEY).toList();
    if (targets.isEmpty()) {
      return "update skipped (no column besides the key)";
    }
    Map<String, Object> values = new HashMap<>();
    Map<Integer, Object> byKey = new HashMap<>();
    for (int i = 1 + r.nextInt(2); i > 0; i--) {
      Col c = targets.get(r.nextInt(targets.size()));
      Object v = value(c.kind);
      values.put(c.name, v);
      byKey.put(c.key, v);
    }
    Filter f = r.nextInt(3) == 0 ? columnFilter() : idRange();
    t.update(f.sql(), values);
    for (Map<Integer, Object> row : m.rows.values()) {
      if (f.test().test(row)) {
        row.putAll(byKey);
      }
    }
    return "update " + values + " where " + f.sql();
  }

  /** One to three random legal changes in one alter; sometimes a failing one after them. */
  private String alter(Table t) {
    Model next = m.copyColumns();
    List<SchemaChange> changes = new ArrayList<>();
    String refused = "";
    List<Runnable> dataEffects = new ArrayList<>();
    for (int i = 1 + r.nextInt(3); i > 0; i--) {
      SchemaChange c = randomChange(next, dataEffects);
      if (c != null) {
        changes.add(c);
      }
    }
    if (changes.isEmpty()) {
      changes.add(SchemaChange.setOption("my.option", "v" + r.nextInt(100)));
      next.options.put("my.option", ((SchemaChange.SetOption) changes.get(0)).value());
    }
    if (r.nextInt(8) == 0) {
      List<SchemaChange> bad = new ArrayList<>(changes);
      bad.add(SchemaChange.dropColumn("no_such_column"));
      assertThatThrownBy(() -> t.alter(bad.toArray(SchemaChange[]::new)))
          .as("%s", bad)
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("no_such_column");
      checkSchema(t.schema(), new HashSet<>(), "after the refused alter " + bad);
      refused = " (refused first with a drop of a missing column)";
    }
    Schema result = t.alter(changes.toArray(SchemaChange[]::new));
    assertThat(result).isEqualTo(t.schema());
    m.cols = next.cols;
    m.options = next.options;
    m.nextKey = next.nextKey;
    dataEffects.forEach(Runnable::run);
    return "alter " + changes + refused;
  }

  /** A change legal against {@code next}, applied to it (and its effect on rows queued). */
  private SchemaChange randomChange(Model next, List<Runnable> dataEffects) {
    List<Col> cols = next.cols;
    switch (r.nextInt(6)) {
      case 0:
      case 1:
        {
          // Add: half the time a name that some column had before (dropped or renamed away).
          String name = newName(next);
          Kind kind = Kind.values()[r.nextInt(Kind.values().length)];
          String comment = r.nextBoolean() ? "comment of " + name : null;
          SchemaChange.AddColumn add = SchemaChange.addColumn(name, kind.type(), comment);
          Col col = new Col(next.nextKey++, name, kind, comment, false);
          int at = cols.size();
          int where = r.nextInt(4);
          if (where == 0) {
            Col after = cols.get(r.nextInt(cols.size()));
            add = add.after(after.name);
            at = cols.indexOf(after) + 1;
          } else if (where == 1) {
            add = add.first();
            at = 0;
          }
          cols.add(at, col);
          return add;
        }
      case 2:
        {
          Col c = cols.get(r.nextInt(cols.size()));
          String old = c.name;
          c.name = newName(next);
          c.renamed = true;
          return SchemaChange.renameColumn(old, c.name);
        }
      case 3:
        {
          if (cols.size() <= 1) {
            return null;
          }
          List<Col> droppable = cols.stream().filter(c -> c.key != ID_KEY).toList();
          Col c = droppable.get(r.nextInt(droppable.size()));
          cols.remove(c);
          dataEffects.add(
              () -> {
                for (Map<Integer, Object> row : m.rows.values()) {
                  row.remove(c.key);
                }
              });
          return SchemaChange.dropColumn(c.name);
        }
      case 4:
        {
          List<Col> widenable = cols.stream().filter(c -> !c.kind.widenings().isEmpty()).toList();
          if (widenable.isEmpty()) {
            return null;
          }
          Col c = widenable.get(r.nextInt(widenable.size()));
          List<Kind> to = c.kind.widenings();
          Kind kind = to.get(r.nextInt(to.size()));
          c.kind = kind;
          c.widened = true;
          dataEffects.add(
              () -> {
                for (Map<Integer, Object> row : m.rows.values()) {
                  row.put(c.key, kind.convert(row.get(c.key)));
                }
              });
          // The type's nullability is ignored: the column keeps its own.
          return SchemaChange.updateColumnType(
              c.name, r.nextBoolean() ? kind.type() : kind.type().notNull());
        }
      default:
        {
          if (r.nextBoolean()) {
            Col c = cols.get(r.nextInt(cols.size()));
            c.comment = r.nextInt(3) == 0 ? null : "c" + r.nextInt(1000);
            return SchemaChange.updateColumnComment(c.name, c.comment);
          }
          String size = r.nextBoolean() ? "1 kb" : "2 kb";
          next.options.put("target-file-size", size);
          return SchemaChange.setOption("target-file-size", size);
        }
    }
  }

  private static TreeMap<Long, Map<Integer, Object>> copy(
      TreeMap<Long, Map<Integer, Object>> rows) {
    TreeMap<Long, Map<Integer, Object>> out = new TreeMap<>();
    rows.forEach((id, row) -> out.put(id, new HashMap<>(row)));
    return out;
  }

  /** A name no column of {@code next} has: half the time one that a column had before. */
  private String newName(Model next) {
    List<String> free = new ArrayList<>();
    for (String n : usedNames) {
      if (next.col(n) == null) {
        free.add(n);
      }
    }
    free.sort(null);
    String name =
        !free.isEmpty() && r.nextBoolean() ? free.get(r.nextInt(free.size())) : "c" + nameCounter++;
    usedNames.add(name);
    return name;
  }

  // ---------------------------------------------------------------- values and predicates

  private Object value(Kind kind) {
    if (r.nextInt(5) == 0) {
      return null;
    }
    return switch (kind) {
      case TINYINT -> (byte) r.nextInt(-50, 51);
      case SMALLINT -> (short) r.nextInt(-300, 301);
      case INT -> r.nextInt(-1000, 1001);
      case BIGINT -> (long) r.nextInt(-(1 << 23), 1 << 23);
      case FLOAT -> r.nextInt(-200, 201) / 4f;
      case DOUBLE -> r.nextInt(-400, 401) / 8.0;
      case STRING -> "s" + r.nextInt(8);
    };
  }

  private long randomId() {
    List<Long> ids = new ArrayList<>(m.rows.keySet());
    return ids.isEmpty() ? 0 : ids.get(r.nextInt(ids.size()));
  }

  private static long idOf(Map<Integer, Object> row) {
    return ((Number) row.get(ID_KEY)).longValue();
  }

  /** A predicate as text for {@link Scan#where} and as a test of a model row. */
  record Filter(String sql, Predicate<Map<Integer, Object>> test) {}

  private Filter idRange() {
    String id = m.idCol().name;
    long lo = randomId();
    long hi = lo + r.nextInt(20);
    return switch (r.nextInt(3)) {
      case 0 ->
          new Filter(
              id + " BETWEEN " + lo + " AND " + hi, row -> idOf(row) >= lo && idOf(row) <= hi);
      case 1 ->
          new Filter(
              id + " >= " + lo + " AND " + id + " < " + hi,
              row -> idOf(row) >= lo && idOf(row) < hi);
      default -> {
        long a = randomId();
        long c = randomId();
        yield new Filter(
            id + " IN (" + lo + ", " + a + ", " + c + ")",
            row -> idOf(row) == lo || idOf(row) == a || idOf(row) == c);
      }
    };
  }

  /** A predicate on one column, most often one that was renamed or widened. */
  private Filter columnFilter() {
    List<Col> evolved = m.cols.stream().filter(c -> c.renamed || c.widened).toList();
    List<Col> pool = !evolved.isEmpty() && r.nextInt(3) > 0 ? evolved : m.cols;
    Col c = pool.get(r.nextInt(pool.size()));
    int key = c.key;
    if (c.kind == Kind.STRING) {
      String s = "s" + r.nextInt(8);
      return switch (r.nextInt(3)) {
        case 0 -> new Filter(c.name + " IS NULL", row -> row.get(key) == null);
        case 1 -> new Filter(c.name + " = '" + s + "'", row -> s.equals(row.get(key)));
        default ->
            new Filter(
                c.name + " <> '" + s + "'", row -> row.get(key) != null && !s.equals(row.get(key)));
      };
    }
    if (key == ID_KEY) {
      return idRange();
    }
    // Literals in the range of the values; decimals also on integer columns (numbers compare
    // across types).
    double lit = r.nextBoolean() ? r.nextInt(-50, 51) : r.nextInt(-200, 201) / 4.0;
    String text = lit == Math.rint(lit) ? Long.toString((long) lit) : Double.toString(lit);
    Predicate<Object> nn = Objects::nonNull;
    return switch (r.nextInt(5)) {
      case 0 -> new Filter(c.name + " IS NULL", row -> row.get(key) == null);
      case 1 -> new Filter(c.name + " IS NOT NULL", row -> nn.test(row.get(key)));
      case 2 ->
          new Filter(
              c.name + " > " + text, row -> nn.test(row.get(key)) && num(row.get(key)) > lit);
      case 3 ->
          new Filter(
              c.name + " <= " + text, row -> nn.test(row.get(key)) && num(row.get(key)) <= lit);
      default -> {
        double hi = lit + r.nextInt(1, 40);
        yield new Filter(
            c.name + " BETWEEN " + text + " AND " + (long) hi,
            row ->
                nn.test(row.get(key))
                    && num(row.get(key)) >= lit
                    && num(row.get(key)) <= (long) hi);
      }
    };
  }

  private static double num(Object v) {
    return ((Number) v).doubleValue();
  }

  // ---------------------------------------------------------------- checks

  /** Names, types, comments, options and field ids (stable per column, never reused). */
  private void checkSchema(Schema schema, Set<Integer> usedFieldIds, String ctx) {
    assertThat(schema.columnNames())
        .as(ctx)
        .containsExactlyElementsOf(m.cols.stream().map(c -> c.name).toList());
    List<DataField> fields = schema.rowType().fields();
    for (int i = 0; i < fields.size(); i++) {
      DataField f = fields.get(i);
      Col c = m.cols.get(i);
      assertThat(f.type()).as("%s: type of %s", ctx, c).isEqualTo(c.type());
      assertThat(f.description()).as("%s: comment of %s", ctx, c).isEqualTo(c.comment);
      if (c.fieldId == null) {
        assertThat(usedFieldIds.add(f.id()))
            .as("%s: new field id %s of %s", ctx, f.id(), c)
            .isTrue();
        c.fieldId = f.id();
      } else {
        assertThat(f.id()).as("%s: field id of %s", ctx, c).isEqualTo(c.fieldId);
      }
    }
    assertThat(schema.options()).as(ctx).containsAllEntriesOf(m.options);
  }

  /** The whole table against the model; every row keeps the {@code _ROW_ID} it was added with. */
  private void checkRows(Table t, Map<Long, Long> rowIds, String ctx) {
    List<Map<String, Object>> actual = sorted(t.scan().withRowId().toList());
    for (Map<String, Object> row : actual) {
      long rowId = (Long) row.remove(Schema.ROW_ID);
      long id = ((Number) row.get(m.idCol().name)).longValue();
      assertThat(rowIds.putIfAbsent(id, rowId))
          .as("%s: _ROW_ID of id %s", ctx, id)
          .isIn(null, rowId);
    }
    List<Map<String, Object>> expected = m.expected(row -> true);
    assertThat(actual).as(ctx).isEqualTo(expected);
    List<String> names = m.cols.stream().map(c -> c.name).toList();
    for (Map<String, Object> row : actual) {
      assertThat(row.keySet()).as(ctx).containsExactlyElementsOf(names);
    }
  }

  /** A scan with a predicate and, half the time, a projection in a random order. */
  private void checkFilteredScan(Table t, String ctx) {
    Filter f = r.nextInt(4) == 0 ? idRange() : columnFilter();
    List<Map<String, Object>> expected = m.expected(f.test());
    Scan scan = t.scan().where(f.sql());
    String what = "where " + f.sql();
    if (r.nextBoolean()) {
      List<String> names = new ArrayList<>();
      names.add(m.idCol().name);
      for (Col c : m.cols) {
        if (c.key != ID_KEY && r.nextBoolean()) {
          names.add(r.nextInt(names.size() + 1), c.name);
        }
      }
      scan = scan.select(names);
      what += " select " + names;
      List<Map<String, Object>> projected = new ArrayList<>();
      for (Map<String, Object> row : expected) {
        Map<String, Object> p = new LinkedHashMap<>();
        names.forEach(n -> p.put(n, row.get(n)));
        projected.add(p);
      }
      expected = projected;
      List<Map<String, Object>> actual = sorted(scan.toList());
      for (Map<String, Object> row : actual) {
        assertThat(row.keySet()).as("%s\n%s", ctx, what).containsExactlyElementsOf(names);
      }
    }
    assertThat(sorted(scan.toList())).as("%s\n%s", ctx, what).isEqualTo(expected);
    assertThat(t.scan().where(f.sql()).count())
        .as("%s\ncount where %s", ctx, f.sql())
        .isEqualTo(expected.size());
  }

  private List<Map<String, Object>> sorted(List<Map<String, Object>> rows) {
    return sorted(rows, m);
  }

  /** The rows by id, the key column named as in {@code model}. */
  private static List<Map<String, Object>> sorted(List<Map<String, Object>> rows, Model model) {
    String id = model.idCol().name;
    List<Map<String, Object>> out = new ArrayList<>(rows);
    out.sort(Comparator.comparingLong(row -> ((Number) row.get(id)).longValue()));
    return out;
  }
}
