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
package io.paimon.types;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The ROW&lt;name T, ...&gt; type: an ordered list of uniquely named {@link DataField}s. It is the
 * schema of a {@code .row} file and of a table, and the type of nested rows (Java value {@link
 * io.paimon.row.Row}). Immutable and thread-safe.
 */
public final class RowType extends DataType {

  private final List<DataField> fields;
  private final Map<String, Integer> indexByName;

  /** Creates a nullable row type of the given fields. */
  public RowType(List<DataField> fields) {
    this(true, fields);
  }

  /**
   * Creates a row type of the given fields and nullability.
   *
   * @throws IllegalArgumentException if two fields share a name
   */
  public RowType(boolean nullable, List<DataField> fields) {
    super(nullable, DataTypeRoot.ROW);
    this.fields = List.copyOf(Objects.requireNonNull(fields, "fields"));
    Map<String, Integer> byName = new HashMap<>();
    for (int i = 0; i < this.fields.size(); i++) {
      String name = this.fields.get(i).name();
      if (byName.putIfAbsent(name, i) != null) {
        throw new IllegalArgumentException("duplicate field name '" + name + "' in ROW type");
      }
    }
    this.indexByName = byName;
  }

  /** A nullable row type whose fields are named {@code f0, f1, ...} with ids 0, 1, .... */
  public static RowType of(DataType... types) {
    List<DataField> fields = new ArrayList<>(types.length);
    for (int i = 0; i < types.length; i++) {
      fields.add(new DataField(i, "f" + i, types[i]));
    }
    return new RowType(fields);
  }

  /** The fields, in order. */
  public List<DataField> fields() {
    return fields;
  }

  /** The number of fields. */
  public int fieldCount() {
    return fields.size();
  }

  /** The field names, in order. */
  public List<String> fieldNames() {
    List<String> names = new ArrayList<>(fields.size());
    for (DataField f : fields) {
      names.add(f.name());
    }
    return names;
  }

  /** The field types, in order. */
  public List<DataType> fieldTypes() {
    List<DataType> types = new ArrayList<>(fields.size());
    for (DataField f : fields) {
      types.add(f.type());
    }
    return types;
  }

  /** The type of field {@code i}. */
  public DataType typeAt(int i) {
    return fields.get(i).type();
  }

  /** The position of the field with the given name, or -1 if there is none. */
  public int fieldIndex(String name) {
    Integer i = indexByName.get(name);
    return i == null ? -1 : i;
  }

  /**
   * The row type of the given fields, in the given order.
   *
   * @throws IllegalArgumentException if an index is out of range or repeated
   */
  public RowType project(int[] indexes) {
    List<DataField> projected = new ArrayList<>(indexes.length);
    for (int index : indexes) {
      if (index < 0 || index >= fields.size()) {
        throw new IllegalArgumentException(
            "projected field index " + index + " is outside [0, " + fields.size() + ")");
      }
      projected.add(fields.get(index));
    }
    return new RowType(isNullable(), projected);
  }

  @Override
  public RowType copy(boolean nullable) {
    return new RowType(nullable, fields);
  }

  @Override
  public List<DataType> children() {
    return fieldTypes();
  }

  @Override
  String sqlWithoutNullability() {
    StringBuilder sb = new StringBuilder("ROW<");
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append(fields.get(i).asSqlString());
    }
    return sb.append('>').toString();
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o) && fields.equals(((RowType) o).fields);
  }

  @Override
  public int hashCode() {
    return 31 * super.hashCode() + fields.hashCode();
  }
}
