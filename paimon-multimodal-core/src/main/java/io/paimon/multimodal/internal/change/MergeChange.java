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

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.commit.Committer;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.scan.ScanImpl;
import io.paimon.multimodal.internal.write.DataWriter;
import io.paimon.multimodal.internal.write.PartitionedWriter;
import io.paimon.multimodal.internal.write.WriteOptions;
import io.paimon.types.DataType;
import io.paimon.types.RowType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * One attempt of a merge against a parent snapshot: a streaming scan of the parent's key columns
 * (memory bounded by the source, not the table) finds the matched target rows, the clauses decide
 * each pair and each unmatched source row, and the result is committed as one snapshot of update
 * files ({@link UpdateColumns}), deletion vectors ({@link DeleteByVectors}) and appended files.
 * Prepared anew on each attempt, so it always merges into the snapshot it commits on. Thread-safe
 * (stateless between attempts).
 */
final class MergeChange implements Committer.Change {

  private final Table owner;
  private final TableState table;
  private final WriteOptions options;
  private final List<Map<String, Object>> source;
  private final List<String> on;
  private final List<MergeBuilder.Clause> clauses;

  /** Source rows by their (normalized) keys. */
  private final Map<List<Object>, Integer> sourceByKey = new HashMap<>();

  MergeChange(
      Table owner,
      TableState table,
      WriteOptions options,
      List<Map<String, Object>> source,
      List<String> on,
      List<MergeBuilder.Clause> clauses) {
    this.owner = owner;
    this.table = table;
    this.options = options;
    this.source = source;
    this.on = on;
    this.clauses = clauses;
    RowType type = table.schema().rowType();
    for (int i = 0; i < source.size(); i++) {
      Map<String, Object> row = source.get(i);
      if (row == null) {
        throw new SchemaException("merge source row " + i + " is null");
      }
      for (String column : row.keySet()) {
        if (column == null || type.fieldIndex(column) < 0) {
          throw new SchemaException(
              "merge source row "
                  + i
                  + ": table '"
                  + table.name()
                  + "' has no column '"
                  + column
                  + "'; columns are "
                  + type.fieldNames());
        }
      }
      List<Object> key = new ArrayList<>(on.size());
      for (String k : on) {
        if (!row.containsKey(k) || row.get(k) == null) {
          throw new SchemaException("merge source row " + i + " has no value for key '" + k + "'");
        }
        key.add(normalize(type.typeAt(type.fieldIndex(k)), row.get(k)));
      }
      Integer before = sourceByKey.put(key, i);
      if (before != null) {
        throw new IllegalArgumentException(
            "merge source rows " + before + " and " + i + " have the same keys " + key);
      }
    }
  }

  /** Integral keys compare as longs whatever boxed type the caller gave. */
  private static Object normalize(DataType type, Object value) {
    switch (type.root()) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
        return value instanceof Number ? (Object) ((Number) value).longValue() : value;
      default:
        return value;
    }
  }

  @Override
  public Committer.Prepared prepare(SnapshotFile parent, List<String> created) throws IOException {
    // Matched pairs: target row ID -> source row.
    TreeMap<Long, Integer> matched = parent == null ? new TreeMap<>() : match(parent);
    boolean[] sourceMatched = new boolean[source.size()];
    matched.values().forEach(i -> sourceMatched[i] = true);
    Map<Long, Map<String, Object>> targets =
        needsTargets() ? targetRows(parent, matched) : Map.of();
    Map<Long, Map<String, Object>> updates = new TreeMap<>();
    TreeSet<String> updated = new TreeSet<>();
    List<Long> deletes = new ArrayList<>();
    for (Map.Entry<Long, Integer> pair : matched.entrySet()) {
      Map<String, Object> s = source.get(pair.getValue());
      Map<String, Object> t = targets.get(pair.getKey());
      for (MergeBuilder.Clause c : clauses) {
        if (c.kind() == MergeBuilder.Kind.INSERT || !c.matched().test(s, t)) {
          continue;
        }
        if (c.kind() == MergeBuilder.Kind.DELETE) {
          deletes.add(pair.getKey());
        } else {
          Map<String, Object> values = new LinkedHashMap<>(s);
          on.forEach(values::remove);
          if (!values.isEmpty()) {
            updates.put(pair.getKey(), values);
            updated.addAll(values.keySet());
          }
        }
        break;
      }
    }
    List<Map<String, Object>> inserts = new ArrayList<>();
    for (int i = 0; i < source.size(); i++) {
      if (sourceMatched[i]) {
        continue;
      }
      for (MergeBuilder.Clause c : clauses) {
        if (c.kind() == MergeBuilder.Kind.INSERT && c.notMatched().test(source.get(i))) {
          inserts.add(source.get(i));
          break;
        }
      }
    }
    List<ManifestEntry> entries = new ArrayList<>();
    if (!updates.isEmpty()) {
      UpdateColumns update = Updates.byRowIdChange(owner, table, options, updates, updated);
      entries.addAll(update.entries(parent, created));
    }
    String indexManifest = null;
    if (!deletes.isEmpty()) {
      long[] ids = deletes.stream().mapToLong(Long::longValue).toArray();
      Arrays.sort(ids);
      indexManifest = DeleteByVectors.writeVectors(table, parent, ids, created);
    }
    if (!inserts.isEmpty()) {
      entries.addAll(insert(inserts, created));
    }
    if (entries.isEmpty() && indexManifest == null) {
      return null;
    }
    return indexManifest == null
        ? Committer.Prepared.keepingIndex(entries, table.schemaId(), Updates.COMMIT_KIND)
        : Committer.Prepared.withIndex(
            entries, table.schemaId(), Deletes.COMMIT_KIND, indexManifest);
  }

  private boolean needsTargets() {
    return clauses.stream().anyMatch(c -> c.kind() != MergeBuilder.Kind.INSERT);
  }

  /** Streams the parent's keys and row IDs; the target rows whose keys a source row has. */
  private TreeMap<Long, Integer> match(SnapshotFile parent) throws IOException {
    TreeMap<Long, Integer> out = new TreeMap<>();
    if (sourceByKey.isEmpty() || !needsTargets()) {
      return out;
    }
    RowType type = table.schema().rowType();
    List<String> names = new ArrayList<>();
    names.add(Schema.ROW_ID);
    names.addAll(on);
    try (ArrowReader reader =
        ScanImpl.atSnapshotInCurrentSchema(owner.scan(), parent.id())
            .select(names)
            .toArrowReader()) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot batch = reader.getVectorSchemaRoot();
        BigIntVector rowIds = (BigIntVector) batch.getVector(0);
        for (int i = 0; i < batch.getRowCount(); i++) {
          List<Object> key = new ArrayList<>(on.size());
          for (int k = 0; k < on.size(); k++) {
            DataType t = type.typeAt(type.fieldIndex(on.get(k)));
            key.add(normalize(t, ArrowValues.get(on.get(k), t, batch.getVector(k + 1), i)));
          }
          Integer s = sourceByKey.get(key);
          if (s != null) {
            out.put(rowIds.get(i), s);
          }
        }
      }
    }
    return out;
  }

  /** The whole target rows of the matched pairs (with {@code _ROW_ID}), for clause conditions. */
  private Map<Long, Map<String, Object>> targetRows(
      SnapshotFile parent, TreeMap<Long, Integer> matched) {
    Map<Long, Map<String, Object>> out = new HashMap<>();
    if (matched.isEmpty()) {
      return out;
    }
    for (Map<String, Object> row :
        ScanImpl.atSnapshotInCurrentSchema(owner.takeRowIds(matched.keySet()), parent.id())
            .withRowId()
            .toList()) {
      out.put((Long) row.get(Schema.ROW_ID), row);
    }
    return out;
  }

  private List<ManifestEntry> insert(List<Map<String, Object>> rows, List<String> created)
      throws IOException {
    RowType type = table.schema().rowType();
    DataWriter writer = PartitionedWriter.of(table, options);
    try {
      for (Map<String, Object> row : rows) {
        Object[] values = new Object[type.fieldCount()];
        for (int c = 0; c < values.length; c++) {
          values[c] = row.get(type.fields().get(c).name());
        }
        writer.write(values);
      }
      List<ManifestEntry> out = writer.finish();
      created.addAll(writer.writtenFiles());
      return out;
    } catch (IOException | RuntimeException e) {
      writer.abort();
      throw e;
    }
  }

  @Override
  public String toString() {
    return "merge of " + source.size() + " rows into " + table.name() + " on " + on;
  }
}
