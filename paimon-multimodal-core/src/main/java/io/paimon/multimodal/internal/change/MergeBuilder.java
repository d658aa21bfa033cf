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
package io.paimon.multimodal.internal.change;

import io.paimon.multimodal.Merge;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.UnsupportedTableException;
import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.multimodal.internal.TableOptions;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiPredicate;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/** {@link Merge}: the clauses, checked and committed as one {@link MergeChange}. Immutable. */
public final class MergeBuilder implements Merge {

  /** One clause: what it does and when. */
  record Clause(
      Kind kind,
      BiPredicate<Map<String, Object>, Map<String, Object>> matched,
      Predicate<Map<String, Object>> notMatched) {}

  enum Kind {
    UPDATE,
    DELETE,
    INSERT
  }

  private final Table owner;
  private final Supplier<ChangeContext> context;
  private final Supplier<List<Map<String, Object>>> source;
  private final List<String> on;
  private final List<Clause> clauses;

  private MergeBuilder(
      Table owner,
      Supplier<ChangeContext> context,
      Supplier<List<Map<String, Object>>> source,
      List<String> on,
      List<Clause> clauses) {
    this.owner = owner;
    this.context = context;
    this.source = source;
    this.on = on;
    this.clauses = clauses;
  }

  /** A merge of maps into {@code owner}. */
  public static Merge of(
      Table owner, Supplier<ChangeContext> context, List<Map<String, Object>> rows, String... on) {
    Objects.requireNonNull(rows, "source");
    return new MergeBuilder(owner, context, () -> rows, keys(context.get().state(), on), List.of());
  }

  /** A merge of an Arrow batch's rows into {@code owner}, read when committing. */
  public static Merge of(
      Table owner, Supplier<ChangeContext> context, VectorSchemaRoot batch, String... on) {
    Objects.requireNonNull(batch, "source");
    return new MergeBuilder(
        owner, context, () -> rows(owner, batch), keys(context.get().state(), on), List.of());
  }

  private static List<String> keys(TableState table, String... on) {
    Objects.requireNonNull(on, "on");
    if (on.length == 0) {
      throw new SchemaException("merge into table '" + table.name() + "' needs key columns");
    }
    RowType type = table.schema().rowType();
    for (String key : on) {
      if (key == null || type.fieldIndex(key) < 0) {
        throw new SchemaException(
            "merge into table '"
                + table.name()
                + "': no key column '"
                + key
                + "'; columns are "
                + type.fieldNames());
      }
    }
    return List.of(on);
  }

  private static List<Map<String, Object>> rows(Table owner, VectorSchemaRoot batch) {
    RowType type = owner.schema().rowType();
    List<Map<String, Object>> out = new ArrayList<>(batch.getRowCount());
    for (int i = 0; i < batch.getRowCount(); i++) {
      Map<String, Object> row = new HashMap<>();
      for (FieldVector v : batch.getFieldVectors()) {
        int c = type.fieldIndex(v.getName());
        if (c < 0) {
          throw new SchemaException(
              "merge into table '"
                  + owner.name()
                  + "': the source has column '"
                  + v.getName()
                  + "', which the table lacks; columns are "
                  + type.fieldNames());
        }
        row.put(v.getName(), ArrowValues.get(v.getName(), type.typeAt(c), v, i));
      }
      out.add(row);
    }
    return out;
  }

  private Merge with(Clause clause) {
    List<Clause> next = new ArrayList<>(clauses);
    next.add(clause);
    return new MergeBuilder(owner, context, source, on, List.copyOf(next));
  }

  @Override
  public Merge whenMatchedUpdate() {
    return whenMatchedUpdate((s, t) -> true);
  }

  @Override
  public Merge whenMatchedUpdate(BiPredicate<Map<String, Object>, Map<String, Object>> condition) {
    return with(new Clause(Kind.UPDATE, Objects.requireNonNull(condition, "condition"), null));
  }

  @Override
  public Merge whenMatchedDelete() {
    return whenMatchedDelete((s, t) -> true);
  }

  @Override
  public Merge whenMatchedDelete(BiPredicate<Map<String, Object>, Map<String, Object>> condition) {
    return with(new Clause(Kind.DELETE, Objects.requireNonNull(condition, "condition"), null));
  }

  @Override
  public Merge whenNotMatchedInsert() {
    return whenNotMatchedInsert(s -> true);
  }

  @Override
  public Merge whenNotMatchedInsert(Predicate<Map<String, Object>> condition) {
    return with(new Clause(Kind.INSERT, null, Objects.requireNonNull(condition, "condition")));
  }

  @Override
  public Snapshot commit() {
    if (clauses.isEmpty()) {
      throw new IllegalArgumentException("merge needs at least one when... clause");
    }
    ChangeContext at = context.get();
    TableState table = at.state();
    boolean deletes = clauses.stream().anyMatch(c -> c.kind() == Kind.DELETE);
    if (deletes && !table.options().isTrue(TableOptions.DELETION_VECTORS)) {
      throw new UnsupportedTableException(
          "merge into table '"
              + table.name()
              + "' has a delete clause, which needs table option "
              + TableOptions.DELETION_VECTORS
              + "=true");
    }
    List<Map<String, Object>> rows = source.get();
    MergeChange change = new MergeChange(owner, table, at.writeOptions(), rows, on, clauses);
    try {
      SnapshotFile committed = at.committer().commit(change);
      if (committed != null) {
        return committed.snapshot();
      }
      return owner
          .latestSnapshot()
          .orElseThrow(
              () ->
                  new IllegalArgumentException(
                      "merge into table '"
                          + table.name()
                          + "' changed nothing and it has no"
                          + " snapshot"));
    } catch (IOException e) {
      throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
    }
  }
}
