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
package io.paimon.multimodal;

import io.paimon.multimodal.internal.Names;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.RowType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The schema of a table: its columns (a {@link RowType} over {@link io.paimon.types}, BLOB,
 * ARRAY&lt;BLOB&gt;, MAP&lt;K, BLOB&gt; and VECTOR included), partition keys and table options.
 * Immutable and thread-safe; build one with {@link #builder()}.
 *
 * <pre>{@code
 * Schema schema = Schema.builder()
 *     .column("id", DataTypes.BIGINT().notNull())
 *     .column("image", DataTypes.BLOB())
 *     .option("target-file-size", "256 mb")
 *     .build();
 * }</pre>
 */
public final class Schema {

  /** The name of the row-ID system column. */
  public static final String ROW_ID = "_ROW_ID";

  private final RowType rowType;
  private final List<String> partitionKeys;
  private final Map<String, String> options;

  private Schema(RowType rowType, List<String> partitionKeys, Map<String, String> options) {
    this.rowType = rowType;
    this.partitionKeys = List.copyOf(partitionKeys);
    this.options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
  }

  /**
   * A schema whose columns keep the field ids {@code rowType} carries (a table's schema as read:
   * ids of dropped columns are never reused, so they need not be 0, 1, ...).
   *
   * @throws SchemaException if a partition key is not a column
   */
  public static Schema of(
      RowType rowType, List<String> partitionKeys, Map<String, String> options) {
    for (String key : partitionKeys) {
      if (rowType.fieldIndex(key) < 0) {
        throw new SchemaException(
            "partition key '" + key + "' is not a column; columns are " + rowType.fieldNames());
      }
    }
    return new Schema(rowType, partitionKeys, options);
  }

  /** A new builder. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * The columns with their field ids: 0, 1, ... in order for a schema built here; a table's schema
   * keeps the ids Paimon assigned (stable across renames, never reused after a drop).
   */
  public RowType rowType() {
    return rowType;
  }

  /** The column names in order. */
  public List<String> columnNames() {
    return rowType.fieldNames();
  }

  /** The partition keys (a subset of the columns). */
  public List<String> partitionKeys() {
    return partitionKeys;
  }

  /** The table options. */
  public Map<String, String> options() {
    return options;
  }

  /** The type of a column. @throws SchemaException if there is no such column */
  public DataType columnType(String name) {
    int i = rowType.fieldIndex(name);
    if (i < 0) {
      throw new SchemaException("unknown column '" + name + "'; columns are " + columnNames());
    }
    return rowType.typeAt(i);
  }

  /**
   * The field id of a column: stable across renames, so indexes and other files that name a column
   * by id survive a rename. @throws SchemaException if there is no such column
   */
  public int fieldId(String name) {
    int i = rowType.fieldIndex(name);
    if (i < 0) {
      throw new SchemaException("unknown column '" + name + "'; columns are " + columnNames());
    }
    return rowType.fields().get(i).id();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Schema
        && rowType.equals(((Schema) o).rowType)
        && partitionKeys.equals(((Schema) o).partitionKeys)
        && options.equals(((Schema) o).options);
  }

  @Override
  public int hashCode() {
    return Objects.hash(rowType, partitionKeys, options);
  }

  @Override
  public String toString() {
    return "Schema{" + rowType + ", partitionKeys=" + partitionKeys + ", options=" + options + "}";
  }

  /** Collects columns, partition keys and options; not thread-safe. */
  public static final class Builder {
    private final List<DataField> fields = new ArrayList<>();
    private final List<String> partitionKeys = new ArrayList<>();
    private final Map<String, String> options = new LinkedHashMap<>();

    private Builder() {}

    /** Appends a column. */
    public Builder column(String name, DataType type) {
      Objects.requireNonNull(type, "type");
      fields.add(new DataField(fields.size(), Names.checkColumnName(name), type));
      return this;
    }

    /** Sets the partition keys, which must be columns. */
    public Builder partitionKeys(String... keys) {
      partitionKeys.clear();
      partitionKeys.addAll(List.of(keys));
      return this;
    }

    /** Sets a table option. */
    public Builder option(String key, String value) {
      options.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
      return this;
    }

    /**
     * Builds the schema.
     *
     * @throws SchemaException if there is no column, two columns share a name, or a partition key
     *     is not a column
     */
    public Schema build() {
      if (fields.isEmpty()) {
        throw new SchemaException("a schema needs at least one column");
      }
      RowType rowType;
      try {
        rowType = new RowType(fields);
      } catch (IllegalArgumentException e) {
        throw new SchemaException(e.getMessage(), e);
      }
      for (String key : partitionKeys) {
        if (rowType.fieldIndex(key) < 0) {
          throw new SchemaException(
              "partition key '" + key + "' is not a column; columns are " + rowType.fieldNames());
        }
      }
      return new Schema(rowType, partitionKeys, options);
    }
  }
}
