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
package io.paimon.multimodal.window;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.types.DataType;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Real tables in a fresh warehouse of the storage a suite runs on, for alignment tests. */
final class AlignmentFixture implements AutoCloseable {

  final Connection conn;
  private int tables;

  /** Connects to a fresh warehouse of {@code storage}; {@code dir} is the test's own directory. */
  AlignmentFixture(TestStorage storage, Path dir) {
    this.conn = storage.connect(dir);
  }

  /** A table with columns given as name, type, name, type, ... */
  Table table(Object... columns) {
    Schema.Builder b = Schema.builder();
    for (int i = 0; i < columns.length; i += 2) {
      b.column((String) columns[i], (DataType) columns[i + 1]);
    }
    return conn.createTable("t" + (tables++), b.build(), false);
  }

  /** A row from name, value, name, value, ... */
  static Map<String, Object> row(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  /** Rows of (name0, name1, ...) from value tuples. */
  static List<Map<String, Object>> rows(String[] names, Object[]... values) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Object[] v : values) {
      Map<String, Object> m = new LinkedHashMap<>();
      for (int i = 0; i < names.length; i++) {
        m.put(names[i], v[i]);
      }
      out.add(m);
    }
    return out;
  }

  /** One column of a result. */
  static List<Object> column(List<Map<String, Object>> rows, String name) {
    return rows.stream().map(r -> r.get(name)).collect(Collectors.toList());
  }

  @Override
  public void close() {
    conn.close();
  }
}
