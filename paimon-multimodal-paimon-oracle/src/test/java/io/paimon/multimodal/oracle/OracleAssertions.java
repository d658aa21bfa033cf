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
package io.paimon.multimodal.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.row.CloseableIterator;
import io.paimon.row.Row;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileReader;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.RowType;

/** Comparisons of rows in our Java value model, and direct reads of {@code .row} data files. */
final class OracleAssertions {

  private OracleAssertions() {}

  /**
   * Whether two values of the Java value model are equal, arrays by content also inside lists, maps
   * and rows (map keys by their own equals), floats by bits as {@code Float.equals} does.
   */
  static boolean sameValue(Object a, Object b) {
    return Row.of(a).equals(Row.of(b));
  }

  /** A printable form of a value: arrays by content. */
  static String show(Object v) {
    return Arrays.deepToString(new Object[] {v});
  }

  /**
   * Asserts that two rows (column name to value) have the same columns in the same order and equal
   * values, naming the first column that differs.
   */
  static void assertSameRow(
      String context, Map<String, Object> expected, Map<String, Object> actual) {
    assertThat(new ArrayList<>(actual.keySet()))
        .as("%s: columns", context)
        .isEqualTo(new ArrayList<>(expected.keySet()));
    for (Map.Entry<String, Object> e : expected.entrySet()) {
      Object got = actual.get(e.getKey());
      if (!sameValue(e.getValue(), got)) {
        throw new AssertionError(
            context
                + ": column "
                + e.getKey()
                + " expected "
                + show(e.getValue())
                + " but was "
                + show(got)
                + "\n  expected row "
                + show(expected)
                + "\n  actual row   "
                + show(actual));
      }
    }
  }

  /** Rows keyed by the value of column {@code key} (a Long), failing on duplicates. */
  static Map<Long, Map<String, Object>> byKey(
      String context, List<Map<String, Object>> rows, String key) {
    Map<Long, Map<String, Object>> out = new LinkedHashMap<>();
    for (Map<String, Object> row : rows) {
      Long k = (Long) row.get(key);
      assertThat(k).as("%s: %s of %s", context, key, row).isNotNull();
      if (out.put(k, row) != null) {
        throw new AssertionError(context + ": " + key + " " + k + " occurs twice");
      }
    }
    return out;
  }

  /**
   * Reads a {@code .row} data file with our own codec, as the given Paimon columns (the file's
   * write columns, in file order).
   */
  static List<Row> readRowFile(String path, RowType columns) throws Exception {
    List<Row> rows = new ArrayList<>();
    try (RowFileReader reader = RowFile.open(localPath(path), PaimonTypes.toOurs(columns));
        CloseableIterator<Row> it = reader.iterator()) {
      while (it.hasNext()) {
        rows.add(it.next());
      }
    }
    return rows;
  }

  /** The columns of a data file: its write columns if recorded, else every column of its schema. */
  static RowType fileColumns(RowType schema, List<String> writeCols) {
    if (writeCols == null) {
      return schema;
    }
    List<DataField> fields = new ArrayList<>();
    for (String name : writeCols) {
      fields.add(schema.getField(name));
    }
    return new RowType(fields);
  }

  /** A local path for a path or {@code file:} URI as Paimon prints it. */
  static Path localPath(String path) {
    return path.startsWith("file:") ? Path.of(URI.create(path)) : Path.of(path);
  }
}
