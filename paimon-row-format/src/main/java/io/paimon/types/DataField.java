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

import java.util.Objects;

/**
 * A named field of a {@link RowType}: an id (stable across schema changes), a name, a type and an
 * optional description. Immutable and thread-safe.
 */
public final class DataField {

  private final int id;
  private final String name;
  private final DataType type;
  private final String description;

  /** Creates a field without description. */
  public DataField(int id, String name, DataType type) {
    this(id, name, type, null);
  }

  /**
   * Creates a field.
   *
   * @param description a comment, or null for none
   * @throws IllegalArgumentException if the name is empty
   */
  public DataField(int id, String name, DataType type, String description) {
    this.id = id;
    this.name = Objects.requireNonNull(name, "name");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("field name must not be empty");
    }
    this.type = Objects.requireNonNull(type, "type");
    this.description = description;
  }

  /** The field id. */
  public int id() {
    return id;
  }

  /** The field name. */
  public String name() {
    return name;
  }

  /** The field type. */
  public DataType type() {
    return type;
  }

  /** The description, or null when there is none. */
  public String description() {
    return description;
  }

  /** A copy of this field with another id. */
  public DataField withId(int newId) {
    return new DataField(newId, name, type, description);
  }

  /** A copy of this field with another type. */
  public DataField withType(DataType newType) {
    return new DataField(id, name, newType, description);
  }

  /** This field in Paimon's SQL syntax: back-quoted name, type and optional COMMENT. */
  public String asSqlString() {
    String sql = quoteIdentifier(name) + " " + type.asSqlString();
    return description == null ? sql : sql + " COMMENT '" + description.replace("'", "''") + "'";
  }

  static String quoteIdentifier(String name) {
    return "`" + name.replace("`", "``") + "`";
  }

  @Override
  public String toString() {
    return asSqlString();
  }

  /** Fields are equal when name, type and description are; the id is not compared. */
  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof DataField)) {
      return false;
    }
    DataField that = (DataField) o;
    return name.equals(that.name)
        && type.equals(that.type)
        && Objects.equals(description, that.description);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, type, description);
  }
}
