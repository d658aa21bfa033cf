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
package io.paimon.multimodal.internal.paimon;

import io.paimon.types.DataField;
import io.paimon.types.RowType;
import java.util.List;
import java.util.Map;

/**
 * One version of a table's schema as Paimon stores it in {@code schema/schema-<id>} (JSON version
 * 3): fields with their ids (nested ROW fields carry ids too), the highest id ever used, partition
 * and primary keys, options. Immutable.
 *
 * @param id the schema id, from 0
 * @param fields the top-level columns with their field ids
 * @param highestFieldId the largest field id at any nesting level, never decreasing
 * @param partitionKeys partition columns, in key order
 * @param primaryKeys primary-key columns; tables we read have none
 * @param options table options as stored, in stored order
 * @param comment nullable
 * @param timeMillis when the schema was written
 */
public record TableSchema(
    long id,
    List<DataField> fields,
    int highestFieldId,
    List<String> partitionKeys,
    List<String> primaryKeys,
    Map<String, String> options,
    String comment,
    long timeMillis) {

  public TableSchema {
    fields = List.copyOf(fields);
    partitionKeys = List.copyOf(partitionKeys);
    primaryKeys = List.copyOf(primaryKeys);
    options = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(options));
  }

  /** The columns as a row type (field ids kept). */
  public RowType rowType() {
    return new RowType(fields);
  }
}
