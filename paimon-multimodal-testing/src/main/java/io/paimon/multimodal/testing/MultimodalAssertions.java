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
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Entry points of the AssertJ assertions for Arrow batches, tables and rows. Import them statically
 * next to AssertJ's {@code Assertions.assertThat}:
 *
 * <pre>{@code
 * import static io.paimon.multimodal.testing.MultimodalAssertions.assertThat;
 * import static io.paimon.multimodal.testing.MultimodalAssertions.assertThatRows;
 *
 * assertThat(table).hasRowCount(3).rowsMatch("category = ?", 2, "lake");
 * try (VectorSchemaRoot batch = table.scan().toArrow()) {
 *   assertThat(batch).hasRowCount(3).column("id").containsExactly(1L, 2L, 3L);
 * }
 * assertThatRows(table.scan().toList()).containsRows(List.of(Map.of("id", 2L)));
 * }</pre>
 *
 * <p>Cells compare by value: numbers of any integer type by value, arrays and lists element by
 * element ({@code float[]} against an Arrow list of floats), bytes by content, and BLOB descriptors
 * by the bytes they point at once {@code blobsFrom(table)} says where to read them. Failure
 * messages name the row and the column.
 */
public final class MultimodalAssertions {

  private MultimodalAssertions() {}

  /** Assertions on an Arrow batch (read, not closed). */
  public static VectorSchemaRootAssert assertThat(VectorSchemaRoot batch) {
    return new VectorSchemaRootAssert(batch);
  }

  /** Assertions on a table at its latest snapshot. */
  public static TableAssert assertThat(Table table) {
    return new TableAssert(table);
  }

  /** Assertions on rows by column name, as {@link io.paimon.multimodal.Scan#toList()} gives. */
  public static RowsAssert assertThatRows(List<Map<String, Object>> rows) {
    return RowsAssert.of(rows);
  }

  /**
   * Assertions on the rows of an Arrow stream: reads the stream's remaining batches (the reader is
   * not closed; the test closes it). Holds every row in memory: for small results.
   *
   * @throws UncheckedIOException if the stream fails
   */
  public static RowsAssert assertThatRows(ArrowReader reader) {
    List<Map<String, Object>> rows = new ArrayList<>();
    List<String> columns;
    try {
      VectorSchemaRoot root = reader.getVectorSchemaRoot();
      columns = root.getSchema().getFields().stream().map(Field::getName).toList();
      while (reader.loadNextBatch()) {
        rows.addAll(Cells.rows(root));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the Arrow stream", e);
    }
    return new RowsAssert(rows, columns);
  }
}
