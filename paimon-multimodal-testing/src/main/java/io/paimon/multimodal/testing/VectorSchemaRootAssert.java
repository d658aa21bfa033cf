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

import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Assertions on an Arrow batch: its row count, its columns and their Arrow types, its rows and
 * single columns. BLOB columns hold descriptors; {@link #blobsFrom} lets expected rows give their
 * payloads as bytes. The batch is read, never closed: the test closes it.
 *
 * <pre>{@code
 * try (VectorSchemaRoot batch = table.scan().select("id", "image").toArrow()) {
 *   assertThat(batch).hasRowCount(2).hasColumns("id", "image").blobsFrom(table)
 *       .containsExactlyRows(List.of(Map.of("id", 1L, "image", png1), Map.of("id", 2L, "image", png2)));
 * }
 * }</pre>
 */
public final class VectorSchemaRootAssert
    extends AbstractRowsAssert<VectorSchemaRootAssert, VectorSchemaRoot> {

  VectorSchemaRootAssert(VectorSchemaRoot actual) {
    super(actual, VectorSchemaRootAssert.class);
  }

  @Override
  List<Map<String, Object>> rows() {
    return Cells.rows(actual);
  }

  @Override
  List<String> columnNames() {
    return actual.getSchema().getFields().stream().map(Field::getName).toList();
  }

  /** Verifies a column's Arrow type, such as {@code new ArrowType.Int(64, true)}. */
  public VectorSchemaRootAssert hasColumnOfType(String name, ArrowType type) {
    isNotNull();
    FieldVector v = actual.getVector(name);
    if (v == null) {
      failWithMessage("Expected a column '%s' but the columns are %s", name, columnNames());
    } else if (!v.getField().getType().equals(type)) {
      failWithMessage(
          "Column '%s': expected Arrow type %s but it is %s", name, type, v.getField().getType());
    }
    return this;
  }
}
