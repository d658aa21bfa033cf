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

import io.paimon.types.DataType;
import java.util.Objects;

/**
 * One change to a table's schema, applied with {@link Table#alter(SchemaChange...)}: columns added,
 * renamed, dropped, widened or commented, and table options set or removed. Columns keep their
 * Paimon field ids across changes, so data files written before a change are read through the new
 * schema without being rewritten: a renamed column keeps its values, a dropped one disappears, an
 * added one reads as null in older rows, a widened one is cast on read.
 *
 * <pre>{@code
 * table.alter(
 *     SchemaChange.addColumn("depth", DataTypes.BYTES(), "depth map").after("image"),
 *     SchemaChange.renameColumn("label", "caption"),
 *     SchemaChange.updateColumnType("frame", DataTypes.BIGINT()),
 *     SchemaChange.setOption("target-file-size", "256 mb"));
 * }</pre>
 *
 * <p>Every change is an immutable value (a record), safe to share between threads. The factories
 * check only that their arguments are present; whether a change applies to a table is checked by
 * {@code alter}, against the table's latest schema.
 */
public sealed interface SchemaChange {

  /**
   * Adds a nullable column at the end (see {@link AddColumn#first()} and {@link AddColumn#after}).
   */
  static AddColumn addColumn(String name, DataType type) {
    return new AddColumn(name, type, null, null, false);
  }

  /** Adds a nullable column with a comment at the end. */
  static AddColumn addColumn(String name, DataType type, String comment) {
    return new AddColumn(name, type, comment, null, false);
  }

  /** Renames a column; its values (and field id) stay. */
  static RenameColumn renameColumn(String name, String newName) {
    return new RenameColumn(name, newName);
  }

  /** Drops a column; its values disappear from every snapshot read through the new schema. */
  static DropColumn dropColumn(String name) {
    return new DropColumn(name);
  }

  /**
   * Widens a numeric column's type: TINYINT to SMALLINT, INT or BIGINT, SMALLINT to INT or BIGINT,
   * INT to BIGINT, any of those to FLOAT or DOUBLE, and FLOAT to DOUBLE (Paimon's implicit casts
   * between these types). The column keeps its nullability whatever {@code type} says. Values in
   * older files are converted on read as Java widens them (an integer above 2^24 read as FLOAT, or
   * above 2^53 as DOUBLE, is rounded).
   */
  static UpdateColumnType updateColumnType(String name, DataType type) {
    return new UpdateColumnType(name, type);
  }

  /** Sets a column's comment; {@code null} removes it. */
  static UpdateColumnComment updateColumnComment(String name, String comment) {
    return new UpdateColumnComment(name, comment);
  }

  /**
   * Sets a table option (Paimon's keys; see {@code docs/tables.md} for those the library acts on).
   */
  static SetOption setOption(String key, String value) {
    return new SetOption(key, value);
  }

  /** Removes a table option; removing one that is not set changes nothing. */
  static RemoveOption removeOption(String key) {
    return new RemoveOption(key);
  }

  /**
   * Adds a column, last unless positioned with {@link #first()} or {@link #after(String)}.
   *
   * @param name the new column's name
   * @param type its type, which must be nullable (older rows have no value)
   * @param comment its comment, or null
   * @param after the column it goes right after, or null (last, or first when {@code atStart})
   * @param atStart whether it goes first
   */
  record AddColumn(String name, DataType type, String comment, String after, boolean atStart)
      implements SchemaChange {

    public AddColumn {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
      if (atStart && after != null) {
        throw new IllegalArgumentException(
            "column '" + name + "' cannot go both first and after '" + after + "'");
      }
    }

    /** The same column, added as the first column. */
    public AddColumn first() {
      return new AddColumn(name, type, comment, null, true);
    }

    /** The same column, added right after {@code column}. */
    public AddColumn after(String column) {
      return new AddColumn(name, type, comment, Objects.requireNonNull(column, "column"), false);
    }
  }

  /**
   * Renames a column.
   *
   * @param name the column's current name
   * @param newName its new name
   */
  record RenameColumn(String name, String newName) implements SchemaChange {
    public RenameColumn {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(newName, "newName");
    }
  }

  /**
   * Drops a column.
   *
   * @param name the column's name
   */
  record DropColumn(String name) implements SchemaChange {
    public DropColumn {
      Objects.requireNonNull(name, "name");
    }
  }

  /**
   * Widens a column's type (see {@link SchemaChange#updateColumnType}).
   *
   * @param name the column's name
   * @param type the wider type; its nullability is ignored
   */
  record UpdateColumnType(String name, DataType type) implements SchemaChange {
    public UpdateColumnType {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(type, "type");
    }
  }

  /**
   * Sets or removes a column's comment.
   *
   * @param name the column's name
   * @param comment the new comment, or null to remove it
   */
  record UpdateColumnComment(String name, String comment) implements SchemaChange {
    public UpdateColumnComment {
      Objects.requireNonNull(name, "name");
    }
  }

  /**
   * Sets a table option.
   *
   * @param key the option's key
   * @param value its value
   */
  record SetOption(String key, String value) implements SchemaChange {
    public SetOption {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(value, "value");
    }
  }

  /**
   * Removes a table option.
   *
   * @param key the option's key
   */
  record RemoveOption(String key) implements SchemaChange {
    public RemoveOption {
      Objects.requireNonNull(key, "key");
    }
  }
}
