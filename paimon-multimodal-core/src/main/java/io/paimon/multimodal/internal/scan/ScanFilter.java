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
package io.paimon.multimodal.internal.scan;

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.internal.meta.ColumnStats;
import io.paimon.multimodal.internal.predicate.Predicate;
import io.paimon.multimodal.internal.predicate.Predicates;
import io.paimon.multimodal.internal.predicate.Selection;
import io.paimon.multimodal.internal.predicate.StatsView;
import io.paimon.types.RowType;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.IntFunction;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The scan's view of a parsed where() conjunction: which columns it reads, whether a data file may
 * hold a match (by its statistics), and which rows of a batch pass. Immutable.
 */
final class ScanFilter {

  private final Predicate predicate;
  private final RowType tableType;

  private ScanFilter(Predicate predicate, RowType tableType) {
    this.predicate = predicate;
    this.tableType = tableType;
  }

  static ScanFilter parse(String text, RowType tableType) {
    return parse(text, List.of(), tableType);
  }

  /** {@code text} with its {@code ?} bound to {@code parameters}. */
  static ScanFilter parse(String text, List<?> parameters, RowType tableType) {
    return new ScanFilter(Predicates.parse(text, parameters, tableType), tableType);
  }

  ScanFilter and(ScanFilter other) {
    return new ScanFilter(predicate.and(other.predicate), tableType);
  }

  Set<String> referencedColumns() {
    return predicate.referencedColumns();
  }

  boolean referencesRowId() {
    return predicate.referencedColumns().contains(Schema.ROW_ID);
  }

  /**
   * False only if no row of a group of rows can pass: the group starts at row ID {@code
   * firstRowId}, holds {@code rowCount} rows, and {@code stats} gives each column's statistics.
   */
  boolean mightMatch(long firstRowId, long rowCount, IntFunction<ColumnStats> stats) {
    return predicate.mightMatch(
        new StatsView() {
          @Override
          public long rowCount() {
            return rowCount;
          }

          @Override
          public Object min(String column) {
            if (Schema.ROW_ID.equals(column)) {
              return firstRowId;
            }
            int i = tableType.fieldIndex(column);
            return i < 0 ? null : stats.apply(i).min();
          }

          @Override
          public Object max(String column) {
            if (Schema.ROW_ID.equals(column)) {
              return firstRowId + rowCount - 1;
            }
            int i = tableType.fieldIndex(column);
            return i < 0 ? null : stats.apply(i).max();
          }

          @Override
          public OptionalLong nullCount(String column) {
            if (Schema.ROW_ID.equals(column)) {
              return OptionalLong.of(0);
            }
            int i = tableType.fieldIndex(column);
            long nulls = i < 0 ? -1 : stats.apply(i).nullCount();
            return nulls < 0 ? OptionalLong.empty() : OptionalLong.of(nulls);
          }
        });
  }

  /** The indexes of the rows of {@code batch} that pass, ascending; null when all do. */
  int[] select(VectorSchemaRoot batch) {
    Selection selection = predicate.evaluate(batch);
    return selection.isAll() ? null : selection.toArray();
  }
}
