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
package io.paimon.multimodal.window.internal;

import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.arrow.ArrowValues;
import io.paimon.multimodal.arrow.VectorCopy;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * An alignment chain checked against the schemas: the pinned left scan, its output columns, and the
 * {@link StepPlan}s. Immutable and thread-safe; {@link #then} returns a new plan.
 */
public final class AlignmentPlan {

  final Scan left;
  final long leftSnapshot;
  final Table leftTable;
  final String leftLabel;
  final List<String> leftNames;
  final List<DataType> leftTypes;
  final List<Field> leftFields;
  final List<StepPlan> steps;

  private AlignmentPlan(
      Scan left,
      long leftSnapshot,
      Table leftTable,
      List<String> leftNames,
      List<DataType> leftTypes,
      List<Field> leftFields,
      List<StepPlan> steps) {
    this.left = left;
    this.leftSnapshot = leftSnapshot;
    this.leftTable = leftTable;
    this.leftLabel = "left input (table '" + leftTable.name() + "')";
    this.leftNames = leftNames;
    this.leftTypes = leftTypes;
    this.leftFields = leftFields;
    this.steps = steps;
  }

  /** A plan without steps over a left scan, pinned to its snapshot now. */
  public static AlignmentPlan start(Scan left) {
    Scan pinned = left.pinned();
    Table table = tableOf(pinned);
    List<String> names = new ArrayList<>();
    List<DataType> types = new ArrayList<>();
    List<Field> fields = new ArrayList<>(pinned.arrowSchema().getFields());
    for (Field f : fields) {
      names.add(f.getName());
      types.add(
          Schema.ROW_ID.equals(f.getName())
              ? DataTypes.BIGINT().notNull()
              : pinned.schema().columnType(f.getName()));
    }
    return new AlignmentPlan(
        pinned,
        pinned.resolvedSnapshotId(),
        table,
        List.copyOf(names),
        List.copyOf(types),
        List.copyOf(fields),
        List.of());
  }

  static Table tableOf(Scan scan) {
    return scan.table();
  }

  /**
   * This plan followed by one more step; {@code on}/{@code by} left unset are inherited from the
   * first step.
   */
  public AlignmentPlan then(Scan right, StepSpec spec) {
    StepSpec resolved = spec;
    if (!steps.isEmpty()) {
      StepSpec first = steps.get(0).spec;
      resolved =
          new StepSpec(
              spec.kind(),
              spec.on() != null ? spec.on() : first.on(),
              spec.rightOn(),
              spec.by() != null ? spec.by() : first.by(),
              spec.suffix(),
              spec.tolerance(),
              spec.direction(),
              spec.allowExactMatches(),
              spec.preceding(),
              spec.following(),
              spec.closed(),
              spec.aggregations());
    } else if (spec.on() == null) {
      throw new IllegalArgumentException(
          spec.kind().method()
              + ": the first step needs a time column; start the spec with on(column) instead of"
              + " spec()");
    }
    List<StepPlan> next = new ArrayList<>(steps);
    next.add(new StepPlan(steps.size() + 1, resolved, right, left.schema(), leftLabel, names()));
    return new AlignmentPlan(
        left, leftSnapshot, leftTable, leftNames, leftTypes, leftFields, List.copyOf(next));
  }

  private Set<String> names() {
    Set<String> names = new LinkedHashSet<>(leftNames);
    for (StepPlan s : steps) {
      for (StepPlan.Output o : s.outputs) {
        names.add(o.name());
      }
    }
    return names;
  }

  /** The snapshot of every input: the left one, then each step's right one. */
  public List<Long> resolvedSnapshots() {
    List<Long> ids = new ArrayList<>();
    ids.add(leftSnapshot);
    for (StepPlan s : steps) {
      ids.add(s.rightSnapshot);
    }
    return List.copyOf(ids);
  }

  /** The output columns. */
  public org.apache.arrow.vector.types.pojo.Schema arrowSchema() {
    List<Field> fields = new ArrayList<>(leftFields);
    for (StepPlan s : steps) {
      for (StepPlan.Output o : s.outputs) {
        fields.add(o.field());
      }
    }
    return new org.apache.arrow.vector.types.pojo.Schema(fields);
  }

  List<DataType> outputTypes() {
    List<DataType> types = new ArrayList<>(leftTypes);
    for (StepPlan s : steps) {
      for (StepPlan.Output o : s.outputs) {
        types.add(o.type());
      }
    }
    return types;
  }

  /** Opens a reader: loads and checks everything, then streams. */
  public ArrowReader open(int batchSize) {
    if (batchSize <= 0) {
      throw new IllegalArgumentException("batchSize must be positive, got " + batchSize);
    }
    return AlignedReader.open(this, batchSize, leftTable.allocator());
  }

  /** The whole result in one root allocated from the left table's allocator. */
  public VectorSchemaRoot toArrow() {
    BufferAllocator allocator = leftTable.allocator();
    try (ArrowReader reader = open(ScanDefaults.BATCH_SIZE)) {
      VectorSchemaRoot result = VectorSchemaRoot.create(arrowSchema(), allocator);
      try {
        int rows = 0;
        while (reader.loadNextBatch()) {
          VectorSchemaRoot batch = reader.getVectorSchemaRoot();
          int n = batch.getRowCount();
          List<FieldVector> vectors = batch.getFieldVectors();
          for (int j = 0; j < vectors.size(); j++) {
            VectorCopy.copyRows(vectors.get(j), null, 0, n, result.getVector(j), rows);
          }
          rows += n;
          result.setRowCount(rows);
        }
        return result;
      } catch (IOException | RuntimeException e) {
        result.close();
        throw e;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The whole result as maps. */
  public List<Map<String, Object>> toList() {
    List<Map<String, Object>> rows = new ArrayList<>();
    List<DataType> types = outputTypes();
    try (ArrowReader reader = open(ScanDefaults.BATCH_SIZE)) {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot batch = reader.getVectorSchemaRoot();
        List<FieldVector> vectors = batch.getFieldVectors();
        for (int i = 0; i < batch.getRowCount(); i++) {
          Map<String, Object> row = new LinkedHashMap<>();
          for (int j = 0; j < vectors.size(); j++) {
            String name = vectors.get(j).getName();
            row.put(name, ArrowValues.get(name, types.get(j), vectors.get(j), i));
          }
          rows.add(row);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  @Override
  public String toString() {
    StringBuilder b = new StringBuilder("Aligned{left=").append(left);
    for (StepPlan s : steps) {
      b.append(", ").append(s.spec.kind().method()).append("(").append(s.right).append(")");
    }
    return b.append("}").toString();
  }

  /** Defaults shared with the core's scans. */
  static final class ScanDefaults {
    static final int BATCH_SIZE = 4096;

    private ScanDefaults() {}
  }
}
