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

import java.util.List;
import java.util.Objects;

/**
 * A Paimon data type: a {@link DataTypeRoot}, its parameters and whether it admits null.
 *
 * <p>Types are immutable values: {@link #notNull()} and {@link #nullable()} return copies, {@link
 * #equals} compares kind, parameters and nullability, and {@link #toString()} prints Paimon's SQL
 * syntax, which {@link DataTypes#parse(String)} reads back. Instances are thread-safe.
 */
public abstract class DataType {

  private final boolean nullable;
  private final DataTypeRoot root;

  DataType(boolean nullable, DataTypeRoot root) {
    this.nullable = nullable;
    this.root = Objects.requireNonNull(root, "root");
  }

  /** The kind of this type. */
  public final DataTypeRoot root() {
    return root;
  }

  /** Whether a value of this type may be null. */
  public final boolean isNullable() {
    return nullable;
  }

  /** A copy of this type with the given nullability. */
  public abstract DataType copy(boolean nullable);

  /** A copy of this type that does not admit null. */
  public final DataType notNull() {
    return copy(false);
  }

  /** A copy of this type that admits null. */
  public final DataType nullable() {
    return copy(true);
  }

  /** The directly nested types (element, key and value, or field types); empty for atomic types. */
  public List<DataType> children() {
    return List.of();
  }

  /** Whether this type has the root {@code root} or nests, at any depth, a type that has it. */
  public final boolean contains(DataTypeRoot root) {
    if (root() == root) {
      return true;
    }
    for (DataType child : children()) {
      if (child.contains(root)) {
        return true;
      }
    }
    return false;
  }

  /** The SQL text of this type without the nullability suffix. */
  abstract String sqlWithoutNullability();

  /** This type in Paimon's SQL syntax, e.g. {@code ARRAY<STRING> NOT NULL}. */
  public final String asSqlString() {
    String sql = sqlWithoutNullability();
    return nullable ? sql : sql + " NOT NULL";
  }

  @Override
  public final String toString() {
    return asSqlString();
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    DataType that = (DataType) o;
    return nullable == that.nullable && root == that.root;
  }

  @Override
  public int hashCode() {
    return Objects.hash(nullable, root);
  }
}
