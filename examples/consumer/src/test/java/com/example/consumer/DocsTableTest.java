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
package com.example.consumer;

import static io.paimon.multimodal.testing.MultimodalAssertions.assertThat;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TempWarehouse;
import io.paimon.types.DataTypes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a user's first test looks like: a temporary warehouse, a table, rows, a scan. */
class DocsTableTest {

  @TempWarehouse Connection conn;

  @Test
  void writesAndScansATable() {
    Table docs =
        conn.createTable(
            "docs",
            Schema.builder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("category", DataTypes.STRING())
                .build(),
            false);
    docs.add(
        List.of(
            Map.of("id", 1L, "category", "lake"),
            Map.of("id", 2L, "category", "forest"),
            Map.of("id", 3L, "category", "lake")));
    assertThat(docs).hasRowCount(3).rowsMatch("category = ?", 2, "lake");
  }
}
