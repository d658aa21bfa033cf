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

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Assertions on rows as maps by column name, as {@link io.paimon.multimodal.Scan#toList()} returns
 * them or an Arrow stream holds them. The column names are those of the first row (or of the
 * stream's schema).
 *
 * <pre>{@code
 * assertThatRows(table.scan().where("label = 'cat'").toList()).blobsFrom(table)
 *     .hasRowCount(2).containsRows(List.of(Map.of("id", 3L, "payload", bytes3)));
 * }</pre>
 */
public final class RowsAssert extends AbstractRowsAssert<RowsAssert, List<Map<String, Object>>> {

  private final List<String> columns;

  RowsAssert(List<Map<String, Object>> rows, List<String> columns) {
    super(rows, RowsAssert.class);
    this.columns = columns;
  }

  static RowsAssert of(List<Map<String, Object>> rows) {
    LinkedHashSet<String> names = new LinkedHashSet<>();
    if (rows != null && !rows.isEmpty()) {
      names.addAll(rows.get(0).keySet());
    }
    return new RowsAssert(rows, new ArrayList<>(names));
  }

  @Override
  List<Map<String, Object>> rows() {
    return actual;
  }

  @Override
  List<String> columnNames() {
    return columns;
  }
}
