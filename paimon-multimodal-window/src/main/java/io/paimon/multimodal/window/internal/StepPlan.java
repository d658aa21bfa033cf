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
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.arrow.TableArrow;
import io.paimon.multimodal.window.Aggregation;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.DataTypes;
import io.paimon.types.VectorType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One alignment step checked against the schemas: its key columns on both sides and how they are
 * compared, its tolerance and window reaches in key units, the right columns it fetches, and its
 * output columns. Immutable.
 */
final class StepPlan {

  /** One output column of a step. */
  record Output(
      String name, DataType type, Field field, int source, Aggregation op, int vectorLength) {}

  final StepSpec spec;
  final int number;
  final Scan right;
  final long rightSnapshot;
  final Table rightTable;
  final Schema rightSchema;
  final KeyColumn leftTime;
  final KeyColumn[] leftBy;
  final KeyColumn rightTime;
  final KeyColumn[] rightBy;

  /** Whether a tolerance is set. */
  final boolean hasTolerance;

  /** The inclusive tolerance in key units, unsigned. */
  final long tolerance;

  /**
   * The window's inclusive reaches back and forward in key units (unsigned), or null where an
   * excluded endpoint at a zero reach leaves no distance (the bound is then {@code t + 1} or {@code
   * t - 1}).
   */
  final Long preceding;

  final Long following;
  final List<String> fetch;
  final List<Output> outputs;

  StepPlan(
      int number,
      StepSpec spec,
      Scan right,
      Schema leftSchema,
      String leftLabel,
      Set<String> namesSoFar) {
    this.number = number;
    this.spec = spec;
    this.right = right.pinned();
    this.rightSnapshot = this.right.resolvedSnapshotId();
    this.rightTable = AlignmentPlan.tableOf(right);
    this.rightSchema = this.right.schema();
    String method = spec.kind().method();
    String rightLabel =
        "right input of step " + number + " (" + method + ", table '" + rightTable.name() + "')";
    String rightOn = spec.rightOn() != null ? spec.rightOn() : spec.on();
    DataType lt = columnType(leftSchema, spec.on(), leftLabel, "on");
    DataType rt = columnType(rightSchema, rightOn, rightLabel, "rightOn");
    KeyKind lk = KeyKind.of(lt);
    KeyKind rk = KeyKind.of(rt);
    if (lk != KeyKind.INTEGER && (lk == null || !lk.isTimestamp())) {
      throw new SchemaException(
          method
              + ": time key '"
              + spec.on()
              + "' of the "
              + leftLabel
              + " is "
              + lt
              + "; it must be TINYINT, SMALLINT, INT, BIGINT, TIMESTAMP or TIMESTAMP_LTZ");
    }
    if (lk != rk) {
      throw new SchemaException(
          method
              + ": time keys do not match: '"
              + spec.on()
              + "' of the "
              + leftLabel
              + " is "
              + lt
              + " but '"
              + rightOn
              + "' of the "
              + rightLabel
              + " is "
              + rt);
    }
    int digits = Math.max(KeyKind.unitDigits(lt), KeyKind.unitDigits(rt));
    this.leftTime = new KeyColumn(leftLabel, spec.on(), lt, scale(lt, digits));
    this.rightTime = new KeyColumn(rightLabel, rightOn, rt, scale(rt, digits));
    List<String> by = spec.by() == null ? List.of() : spec.by();
    this.leftBy = new KeyColumn[by.size()];
    this.rightBy = new KeyColumn[by.size()];
    for (int i = 0; i < by.size(); i++) {
      String b = by.get(i);
      DataType l = columnType(leftSchema, b, leftLabel, "by");
      DataType r = columnType(rightSchema, b, rightLabel, "by");
      KeyKind kl = KeyKind.of(l);
      KeyKind kr = KeyKind.of(r);
      if (kl == null || kl != kr) {
        throw new SchemaException(
            method
                + ": by column '"
                + b
                + "' is "
                + l
                + " in the "
                + leftLabel
                + " and "
                + r
                + " in the "
                + rightLabel
                + (kl == null ? "; by columns must be comparable scalars" : "; types must match"));
      }
      int d = Math.max(KeyKind.unitDigits(l), KeyKind.unitDigits(r));
      leftBy[i] = new KeyColumn(leftLabel, b, l, scale(l, d));
      rightBy[i] = new KeyColumn(rightLabel, b, r, scale(r, d));
    }
    boolean timestamps = lk.isTimestamp();
    checkSpanKind(method, "tolerance", spec.tolerance(), timestamps);
    checkSpanKind(method, "preceding", spec.preceding(), timestamps);
    checkSpanKind(method, "following", spec.following(), timestamps);
    this.hasTolerance = spec.tolerance() != null;
    this.tolerance = hasTolerance ? Units.floor(spec.tolerance(), digits) : 0;
    if (spec.kind() == StepSpec.Kind.WINDOW) {
      if (spec.preceding() == null) {
        throw new IllegalArgumentException(
            "joinWindow: preceding is required (" + (timestamps ? "a Duration" : "a long") + ")");
      }
      Span follow = spec.following() != null ? spec.following() : Span.ofUnits("following", 0);
      this.preceding =
          Units.inclusiveReach(spec.preceding(), digits, spec.closed().lowerIncluded());
      this.following = Units.inclusiveReach(follow, digits, spec.closed().upperIncluded());
    } else {
      this.preceding = 0L;
      this.following = 0L;
    }
    List<String> rightColumns = new ArrayList<>();
    for (Field f : this.right.arrowSchema().getFields()) {
      rightColumns.add(f.getName());
    }
    List<String> fetched = new ArrayList<>();
    List<Output> outs = new ArrayList<>();
    Set<String> names = new LinkedHashSet<>(namesSoFar);
    if (spec.kind() == StepSpec.Kind.WINDOW) {
      if (spec.aggregations().isEmpty()) {
        throw new IllegalArgumentException("joinWindow needs at least one aggregate(...)");
      }
      for (StepSpec.AggregateSpec a : spec.aggregations()) {
        if (!rightColumns.contains(a.source())) {
          throw new SchemaException(
              "joinWindow: aggregate source '"
                  + a.source()
                  + "' is not a column of the "
                  + rightLabel
                  + "; its columns are "
                  + rightColumns);
        }
        DataType st = rightType(a.source());
        if (a.op().numeric() && !isNumericScalar(st)) {
          throw new SchemaException(
              "joinWindow: "
                  + a.op()
                  + " needs an integer or floating-point column, but '"
                  + a.source()
                  + "' is "
                  + st);
        }
        if (!fetched.contains(a.source())) {
          fetched.add(a.source());
        }
        DataType out =
            a.op() == Aggregation.COUNT
                ? DataTypes.BIGINT().notNull()
                : a.op() == Aggregation.MEAN ? DataTypes.DOUBLE() : st.copy(true);
        String name = outputName(a.output(), names, method);
        outs.add(output(name, out, fetched.indexOf(a.source()), a.op(), 0));
      }
    } else {
      for (String c : rightColumns) {
        if (by.contains(c) || (c.equals(rightOn) && rightOn.equals(spec.on()))) {
          continue;
        }
        DataType st = rightType(c);
        DataType out = st.copy(true);
        int length = 0;
        if (spec.kind() == StepSpec.Kind.INTERPOLATE) {
          if (isNumericScalar(st)) {
            out = DataTypes.DOUBLE();
          } else if (st.root() == DataTypeRoot.VECTOR
              && isNumericScalar(((VectorType) st).elementType())) {
            length = ((VectorType) st).length();
            out = DataTypes.VECTOR(DataTypes.DOUBLE().notNull(), length);
          } else {
            throw new SchemaException(
                "interpolate: column '"
                    + c
                    + "' of the "
                    + rightLabel
                    + " is "
                    + st
                    + "; only integer or floating-point scalars and VECTORs of them can be"
                    + " interpolated (select the columns to interpolate)");
          }
        }
        fetched.add(c);
        outs.add(output(outputName(c, names, method), out, fetched.size() - 1, null, length));
      }
    }
    this.fetch = List.copyOf(fetched);
    this.outputs = List.copyOf(outs);
  }

  private DataType rightType(String column) {
    if (Schema.ROW_ID.equals(column)) {
      return DataTypes.BIGINT().notNull();
    }
    return rightSchema.columnType(column);
  }

  private String outputName(String name, Set<String> names, String method) {
    String result = name;
    if (names.contains(result)) {
      result = name + spec.suffix();
      if (names.contains(result)) {
        throw new SchemaException(
            method
                + ": right column '"
                + name
                + "' collides with an existing column, and so does '"
                + result
                + "' after the suffix '"
                + spec.suffix()
                + "'; existing columns are "
                + names);
      }
    }
    names.add(result);
    return result;
  }

  private static Output output(String name, DataType type, int source, Aggregation op, int len) {
    return new Output(name, type, TableArrow.field(name, type), source, op, len);
  }

  static boolean isNumericScalar(DataType t) {
    return t.root().isInteger() || t.root().isFloatingPoint();
  }

  private static long scale(DataType type, int digits) {
    int own = KeyKind.unitDigits(type);
    long f = 1;
    for (int d = own; d < digits; d++) {
      f *= 10;
    }
    return f;
  }

  private static void checkSpanKind(String method, String what, Span span, boolean timestamps) {
    if (span == null) {
      return;
    }
    if (timestamps && !span.isDuration()) {
      throw new IllegalArgumentException(
          method
              + ": "
              + what
              + " for TIMESTAMP keys must be a Duration, got the number "
              + span.units());
    }
    if (!timestamps && span.isDuration()) {
      throw new IllegalArgumentException(
          method
              + ": "
              + what
              + " for integer keys must be a long in key units, got the Duration "
              + span.duration());
    }
  }

  static DataType columnType(Schema schema, String column, String label, String what) {
    int i = schema.rowType().fieldIndex(column);
    if (i < 0) {
      throw new SchemaException(
          what
              + " column '"
              + column
              + "' is not a column of the "
              + label
              + "; columns are "
              + schema.columnNames());
    }
    return schema.rowType().typeAt(i);
  }
}
