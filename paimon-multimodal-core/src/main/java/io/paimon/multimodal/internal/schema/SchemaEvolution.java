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
package io.paimon.multimodal.internal.schema;

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SchemaChange;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.internal.Names;
import io.paimon.multimodal.internal.StorageTypes;
import io.paimon.multimodal.internal.TableOptions;
import io.paimon.multimodal.internal.paimon.SchemaJson;
import io.paimon.multimodal.internal.paimon.TableSchema;
import io.paimon.multimodal.internal.write.TableWriter;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.RowType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Applies {@link SchemaChange}s to a schema version, giving the next version, as Paimon's schema
 * manager does: changes apply in order, each to the result of the ones before; existing columns
 * keep their field ids (a rename keeps the id), an added column takes {@code highestFieldId + 1},
 * and {@code highestFieldId} never decreases. Every rule this library holds a schema to (what
 * {@code createTable} checks) is checked on the result. Stateless.
 */
public final class SchemaEvolution {

  /** Names Paimon reserves for its system columns (besides {@code _ROW_ID} and {@code _KEY_*}). */
  private static final Set<String> SYSTEM_NAMES =
      Set.of("_SEQUENCE_NUMBER", "_VALUE_KIND", "_LEVEL");

  private SchemaEvolution() {}

  /**
   * The schema after {@code changes}, with id {@code base.id() + 1}.
   *
   * @throws SchemaException naming the column or option and why, if a change does not apply
   */
  public static TableSchema apply(TableSchema base, List<SchemaChange> changes) {
    List<DataField> fields = new ArrayList<>(base.fields());
    Map<String, String> options = new LinkedHashMap<>(base.options());
    int[] highest = {base.highestFieldId()};
    List<String> partitionKeys = base.partitionKeys();
    for (SchemaChange change : changes) {
      if (change == null) {
        throw new IllegalArgumentException("a schema change is null");
      }
      if (change instanceof SchemaChange.AddColumn add) {
        addColumn(fields, add, highest);
      } else if (change instanceof SchemaChange.RenameColumn rename) {
        int i = indexOf(fields, rename.name(), "rename");
        DataField f = fields.get(i);
        notPartition(partitionKeys, f.name(), "renamed");
        if (StorageTypes.containsBlob(f.type())) {
          throw new SchemaException(
              "column '"
                  + f.name()
                  + "' of type "
                  + f.type()
                  + " cannot be renamed: Paimon does not rename BLOB columns");
        }
        checkNewName(fields, rename.newName());
        fields.set(i, new DataField(f.id(), rename.newName(), f.type(), f.description()));
      } else if (change instanceof SchemaChange.DropColumn drop) {
        int i = indexOf(fields, drop.name(), "drop");
        notPartition(partitionKeys, drop.name(), "dropped");
        if (fields.size() == 1) {
          throw new SchemaException(
              "column '" + drop.name() + "' cannot be dropped: it is the table's only column");
        }
        fields.remove(i);
        dropDescriptorField(options, drop.name());
      } else if (change instanceof SchemaChange.UpdateColumnType update) {
        int i = indexOf(fields, update.name(), "change the type of");
        DataField f = fields.get(i);
        notPartition(partitionKeys, f.name(), "retyped");
        DataType target = update.type().copy(f.type().isNullable());
        if (StorageTypes.containsBlob(f.type()) || StorageTypes.containsBlob(target)) {
          throw new SchemaException(
              "column '"
                  + f.name()
                  + "': a type change involving BLOB is not supported ("
                  + f.type()
                  + " -> "
                  + update.type()
                  + ")");
        }
        if (!TypeWidening.canWiden(f.type(), target)) {
          throw new SchemaException(
              "column '"
                  + f.name()
                  + "' cannot change from "
                  + f.type()
                  + " to "
                  + update.type()
                  + ": only widening numeric types is supported (TINYINT -> SMALLINT -> INT ->"
                  + " BIGINT, an integer type or FLOAT to FLOAT or DOUBLE)");
        }
        fields.set(i, f.withType(target));
      } else if (change instanceof SchemaChange.UpdateColumnComment comment) {
        int i = indexOf(fields, comment.name(), "comment");
        DataField f = fields.get(i);
        fields.set(i, new DataField(f.id(), f.name(), f.type(), comment.comment()));
      } else if (change instanceof SchemaChange.SetOption set) {
        OptionRules.checkSet(options, set.key(), set.value());
        options.put(set.key(), set.value());
      } else if (change instanceof SchemaChange.RemoveOption remove) {
        OptionRules.checkRemove(options, remove.key());
        options.remove(remove.key());
      }
    }
    TableSchema next =
        new TableSchema(
            base.id() + 1,
            fields,
            highest[0],
            partitionKeys,
            base.primaryKeys(),
            options,
            base.comment(),
            System.currentTimeMillis());
    checkValid(next);
    return next;
  }

  private static void addColumn(List<DataField> fields, SchemaChange.AddColumn add, int[] highest) {
    checkNewName(fields, add.name());
    if (!add.type().isNullable()) {
      throw new SchemaException(
          "column '"
              + add.name()
              + "' cannot be added as "
              + add.type()
              + ": rows written before it have no value, so an added column must be nullable");
    }
    int at = fields.size();
    if (add.atStart()) {
      at = 0;
    } else if (add.after() != null) {
      at = indexOf(fields, add.after(), "add column '" + add.name() + "' after") + 1;
    }
    fields.add(at, SchemaJson.newColumn(add.name(), add.type(), add.comment(), highest));
  }

  /** Checks a name a column is added or renamed to. */
  private static void checkNewName(List<DataField> fields, String name) {
    Names.checkColumnName(name);
    if (SYSTEM_NAMES.contains(name) || name.startsWith("_KEY_")) {
      throw new SchemaException(
          "column name '" + name + "' is reserved for a Paimon system column");
    }
    for (DataField f : fields) {
      if (f.name().equals(name)) {
        throw new SchemaException("column '" + name + "' already exists");
      }
    }
  }

  private static int indexOf(List<DataField> fields, String name, String action) {
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).name().equals(name)) {
        return i;
      }
    }
    List<String> names = new ArrayList<>();
    for (DataField f : fields) {
      names.add(f.name());
    }
    throw new SchemaException(
        "cannot "
            + action
            + " column '"
            + name
            + "': there is no such column; columns are "
            + names);
  }

  private static void notPartition(List<String> partitionKeys, String name, String what) {
    if (partitionKeys.contains(name)) {
      throw new SchemaException(
          "column '"
              + name
              + "' is a partition key and cannot be "
              + what
              + " (partition keys are fixed when the table is created)");
    }
  }

  /** A dropped BLOB column leaves {@code blob-descriptor-field}, which names only columns. */
  private static void dropDescriptorField(Map<String, String> options, String column) {
    String value = options.get(TableOptions.BLOB_DESCRIPTOR_FIELD);
    if (value == null) {
      return;
    }
    List<String> kept = new ArrayList<>();
    boolean named = false;
    for (String f : value.split(",")) {
      if (f.trim().equals(column)) {
        named = true;
      } else if (!f.isBlank()) {
        kept.add(f.trim());
      }
    }
    if (!named) {
      return;
    }
    if (kept.isEmpty()) {
      options.remove(TableOptions.BLOB_DESCRIPTOR_FIELD);
    } else {
      options.put(TableOptions.BLOB_DESCRIPTOR_FIELD, String.join(",", kept));
    }
  }

  /** What {@code createTable} holds a schema to: the options parse, the columns can be written. */
  private static void checkValid(TableSchema next) {
    TableOptions.of(next.options());
    Schema schema;
    try {
      schema = Schema.of(new RowType(next.fields()), next.partitionKeys(), next.options());
    } catch (IllegalArgumentException e) {
      throw new SchemaException(e.getMessage(), e);
    }
    TableWriter.checkWritable(schema);
  }
}
