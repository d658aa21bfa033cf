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

import io.paimon.multimodal.Table;
import io.paimon.multimodal.fs.FileIO;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.assertj.core.api.AbstractAssert;

/**
 * What the assertions on rows share, whatever holds the rows (a list, an Arrow batch, a stream):
 * row counts, row contents and single columns. Cells are compared as {@link Cells} normalizes them,
 * so a {@code float[]} equals an Arrow list of the same floats and expected bytes equal a BLOB
 * descriptor's payload once {@link #blobsFrom} names where to read it.
 *
 * @param <SELF> the assertion's own type
 * @param <ACTUAL> what it asserts on
 */
abstract class AbstractRowsAssert<SELF extends AbstractRowsAssert<SELF, ACTUAL>, ACTUAL>
    extends AbstractAssert<SELF, ACTUAL> {

  private static final int MAX_ROWS_SHOWN = 5;

  private FileIO blobs;

  AbstractRowsAssert(ACTUAL actual, Class<?> selfType) {
    super(actual, selfType);
  }

  /** The rows, by column name. */
  abstract List<Map<String, Object>> rows();

  /** The column names, in order. */
  abstract List<String> columnNames();

  /**
   * Resolves BLOB descriptors through the table's storage before comparing, so expected BLOB cells
   * can be given as bytes.
   */
  public SELF blobsFrom(Table table) {
    return blobsFrom(Objects.requireNonNull(table, "table").io());
  }

  /** Resolves BLOB descriptors through this storage before comparing. */
  public SELF blobsFrom(FileIO io) {
    this.blobs = Objects.requireNonNull(io, "io");
    return myself;
  }

  /** Verifies the number of rows. */
  public SELF hasRowCount(long expected) {
    isNotNull();
    int n = rows().size();
    if (n != expected) {
      failWithMessage("Expected %d rows but there are %d", expected, n);
    }
    return myself;
  }

  /** Verifies the column names, in order. */
  public SELF hasColumns(String... expected) {
    isNotNull();
    if (!columnNames().equals(List.of(expected))) {
      failWithMessage("Expected columns %s but they are %s", List.of(expected), columnNames());
    }
    return myself;
  }

  /**
   * Verifies the rows, in order: as many as expected, each matching the expected row in the columns
   * that row names (a column left out of an expected row is not compared; one it names but the
   * actual row lacks fails).
   */
  public SELF containsExactlyRows(List<Map<String, Object>> expected) {
    isNotNull();
    List<Map<String, Object>> rows = rows();
    for (int i = 0; i < Math.min(rows.size(), expected.size()); i++) {
      String mismatch = mismatch(expected.get(i), rows.get(i));
      if (mismatch != null) {
        failWithMessage("Row %d: %s%nactual row: %s", i, mismatch, describe(rows.get(i)));
      }
    }
    if (rows.size() != expected.size()) {
      failWithMessage(
          "Expected %d rows but there are %d%s",
          expected.size(),
          rows.size(),
          rows.size() > expected.size()
              ? "; the first extra row: " + describe(rows.get(expected.size()))
              : "; the first missing row: " + describe(expected.get(rows.size())));
    }
    return myself;
  }

  /**
   * Verifies that each expected row is among the rows, in any order (each actual row used once),
   * compared in the columns the expected row names.
   */
  public SELF containsRows(List<Map<String, Object>> expected) {
    isNotNull();
    List<Map<String, Object>> unused = new ArrayList<>(rows());
    for (int i = 0; i < expected.size(); i++) {
      Map<String, Object> want = expected.get(i);
      boolean found = false;
      for (int j = 0; j < unused.size(); j++) {
        if (mismatch(want, unused.get(j)) == null) {
          unused.remove(j);
          found = true;
          break;
        }
      }
      if (!found) {
        failWithMessage(
            "Expected row %d %s among the %d rows, but none matches (each row matches once); the"
                + " first rows: %s",
            i, describe(want), rows().size(), describeRows(rows()));
      }
    }
    return myself;
  }

  /** Verifies that no row matches {@code row} in the columns it names. */
  public SELF doesNotContainRow(Map<String, Object> row) {
    isNotNull();
    List<Map<String, Object>> rows = rows();
    for (int i = 0; i < rows.size(); i++) {
      if (mismatch(row, rows.get(i)) == null) {
        failWithMessage("Expected no row %s but row %d is one", describe(row), i);
      }
    }
    return myself;
  }

  /**
   * Assertions on one column's values, in row order.
   *
   * @throws AssertionError at once if there is no such column
   */
  public ColumnAssert column(String name) {
    isNotNull();
    if (!columnNames().contains(name)) {
      failWithMessage("Expected a column '%s' but the columns are %s", name, columnNames());
    }
    List<Object> values = new ArrayList<>();
    for (Map<String, Object> row : rows()) {
      values.add(row.get(name));
    }
    return new ColumnAssert(name, values, blobs);
  }

  /** Null if the row matches in the expected columns, else what differs. */
  private String mismatch(Map<String, Object> expected, Map<String, Object> row) {
    for (Map.Entry<String, Object> e : expected.entrySet()) {
      if (!row.containsKey(e.getKey())) {
        return "no column '" + e.getKey() + "'; the columns are " + row.keySet();
      }
      Object actual = row.get(e.getKey());
      if (!Cells.equal(e.getValue(), actual, blobs)) {
        return "column '"
            + e.getKey()
            + "' expected "
            + Cells.describe(Cells.normalize(e.getValue(), blobs))
            + " but was "
            + Cells.describe(Cells.normalize(actual, blobs));
      }
    }
    return null;
  }

  private static String describe(Map<String, Object> row) {
    StringBuilder b = new StringBuilder("{");
    row.forEach(
        (k, v) ->
            b.append(b.length() > 1 ? ", " : "").append(k).append('=').append(Cells.describe(v)));
    return b.append('}').toString();
  }

  private static String describeRows(List<Map<String, Object>> rows) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < Math.min(rows.size(), MAX_ROWS_SHOWN); i++) {
      b.append(System.lineSeparator())
          .append("  ")
          .append(i)
          .append(": ")
          .append(describe(rows.get(i)));
    }
    return rows.size() > MAX_ROWS_SHOWN ? b + System.lineSeparator() + "  ..." : b.toString();
  }
}
