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
package io.paimon.multimodal.testing;

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.types.DataType;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on a table at its latest snapshot: rows, snapshots, columns, partitioning and
 * predicates. Each assertion scans or reads the table's metadata anew.
 *
 * <pre>{@code
 * assertThat(table).hasRowCount(150).hasSnapshots(1).hasColumn("state")
 *     .rowsMatch("episode_id = 2", 50);
 * }</pre>
 */
public final class TableAssert extends AbstractAssert<TableAssert, Table> {

  TableAssert(Table actual) {
    super(actual, TableAssert.class);
  }

  /** Verifies the number of rows of the latest snapshot. */
  public TableAssert hasRowCount(long expected) {
    isNotNull();
    long n = actual.scan().count();
    if (n != expected) {
      failWithMessage(
          "Expected table '%s' to have %d rows but it has %d", actual.name(), expected, n);
    }
    return this;
  }

  /** Verifies the number of snapshots the table keeps. */
  public TableAssert hasSnapshots(int expected) {
    isNotNull();
    int n = actual.snapshots().size();
    if (n != expected) {
      failWithMessage(
          "Expected table '%s' to have %d snapshots but it has %d", actual.name(), expected, n);
    }
    return this;
  }

  /** Verifies that the table has a column. */
  public TableAssert hasColumn(String name) {
    isNotNull();
    if (!actual.schema().columnNames().contains(name)) {
      failWithMessage(
          "Expected table '%s' to have a column '%s' but its columns are %s",
          actual.name(), name, actual.schema().columnNames());
    }
    return this;
  }

  /** Verifies a column's type, nullability included ({@code DataTypes.BIGINT().notNull()}). */
  public TableAssert hasColumn(String name, DataType type) {
    hasColumn(name);
    DataType t = actual.schema().columnType(name);
    if (!t.equals(type)) {
      failWithMessage(
          "Expected column '%s' of table '%s' to be %s but it is %s", name, actual.name(), type, t);
    }
    return this;
  }

  /** Verifies the partition keys, in order. */
  public TableAssert isPartitionedBy(String... keys) {
    isNotNull();
    Schema schema = actual.schema();
    if (!schema.partitionKeys().equals(List.of(keys))) {
      failWithMessage(
          "Expected table '%s' to be partitioned by %s but its partition keys are %s",
          actual.name(), List.of(keys), schema.partitionKeys());
    }
    return this;
  }

  /**
   * Verifies how many rows a predicate matches, with bound parameters as in {@link
   * io.paimon.multimodal.Scan#where(String, Object...)}.
   */
  public TableAssert rowsMatch(String where, long expected, Object... parameters) {
    isNotNull();
    long n = actual.scan().where(where, parameters).count();
    if (n != expected) {
      failWithMessage(
          "Expected %d rows of table '%s' to match %s but %d do",
          expected, actual.name(), where, n);
    }
    return this;
  }

  /**
   * Assertions on the table's rows in scan order; BLOB cells are read through the table's storage,
   * so expected payloads are given as bytes.
   */
  public RowsAssert rows() {
    isNotNull();
    List<Map<String, Object>> rows = actual.scan().toList();
    return new RowsAssert(rows, actual.schema().columnNames()).blobsFrom(actual);
  }
}
