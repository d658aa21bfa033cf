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

import static io.paimon.multimodal.internal.paimon.PaimonJson.error;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paimon.types.ArrayType;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.MapType;
import io.paimon.types.MultisetType;
import io.paimon.types.RowType;
import io.paimon.types.VectorType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Reads and writes Paimon's schema files, {@code schema/schema-<id>} (§3 of the table spec).
 *
 * <p>{@link #write} produces JSON version 3 byte for byte as Paimon Java 1.4.2 does: keys {@code
 * version, id, fields, highestFieldId, partitionKeys, primaryKeys, options, comment, timeMillis}
 * ({@code comment} only when not null), fields as {@code id, name, type, description} ({@code
 * description} only when not null), atomic types as SQL strings with {@code " NOT NULL"}, ARRAY,
 * MULTISET, MAP, ROW and VECTOR as objects, nested ROW fields with their ids, and Jackson's default
 * pretty printer ({@code "key" : value}, two-space indent, {@code \n}). Options are written in the
 * map's iteration order (Paimon itself keeps them in a HashMap).
 *
 * <p>{@link #read} accepts the files of Paimon Java (1.3 to 2.x, and older versions) and pypaimon,
 * and validates them. All methods are static, stateless and thread-safe.
 */
public final class SchemaJson {

  /** The schema JSON version this class writes. */
  static final int CURRENT_VERSION = 3;

  /** Paimon 0.7 and older: files without {@code version}, default {@code bucket} 1. */
  private static final int PAIMON_07_VERSION = 1;

  /** Paimon 0.8: default {@code file.format} orc. */
  private static final int PAIMON_08_VERSION = 2;

  private SchemaJson() {}

  /**
   * The schema file's bytes (UTF-8 JSON, version 3), exactly as Paimon Java 1.4.2 writes the same
   * schema. The schema is written as given, without validation.
   *
   * @throws NullPointerException if {@code schema} is null
   */
  public static byte[] write(TableSchema schema) {
    Objects.requireNonNull(schema, "schema");
    return PaimonJson.write(
        g -> {
          g.writeStartObject();
          g.writeNumberField("version", CURRENT_VERSION);
          g.writeNumberField("id", schema.id());
          g.writeArrayFieldStart("fields");
          for (DataField field : schema.fields()) {
            DataTypeJson.writeField(g, field);
          }
          g.writeEndArray();
          g.writeNumberField("highestFieldId", schema.highestFieldId());
          g.writeArrayFieldStart("partitionKeys");
          for (String key : schema.partitionKeys()) {
            g.writeString(key);
          }
          g.writeEndArray();
          g.writeArrayFieldStart("primaryKeys");
          for (String key : schema.primaryKeys()) {
            g.writeString(key);
          }
          g.writeEndArray();
          g.writeObjectFieldStart("options");
          for (Map.Entry<String, String> e : schema.options().entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
          }
          g.writeEndObject();
          if (schema.comment() != null) {
            g.writeStringField("comment", schema.comment());
          }
          g.writeNumberField("timeMillis", schema.timeMillis());
          g.writeEndObject();
        });
  }

  /**
   * Reads and validates a schema file.
   *
   * <p>Both writers' dialects are accepted: Paimon Java's pretty-printed JSON and pypaimon's
   * ({@code "comment": null} and any other JSON null means absent; unknown members ignored). The
   * nullability of a composite type is the {@code " NOT NULL"} at the end of its {@code type}
   * string; pypaimon's extra {@code nullable} member is ignored, except for MAP, whose pypaimon
   * type string ({@code "MAP<K, V>"}) never carries it. Older versions imply options, which are
   * added to the returned {@link TableSchema#options()} after the stored ones so that callers see
   * the table as Paimon does: a missing {@code version} means 1; version 1 implies {@code bucket=1}
   * and versions 1 and 2 imply {@code file.format=orc}, each unless the file sets it. A missing
   * {@code timeMillis} reads as 0, as in Paimon.
   *
   * <p>Validation: field ids are unique across all nesting levels, {@code highestFieldId} is at
   * least every id, partition and primary keys name distinct top-level columns, types parse, field
   * names are non-empty and unique within their row. Column default values ({@code defaultValue})
   * are refused, since {@link DataField} cannot carry them.
   *
   * @param content the file's bytes
   * @param file the file's name or path, for messages
   * @return the schema; its version is not kept (see {@link #write})
   * @throws PaimonFormatException naming {@code file} and the member or field, for any malformed or
   *     invalid content; no other exception is thrown for any content
   * @throws NullPointerException if {@code content} or {@code file} is null
   */
  public static TableSchema read(byte[] content, String file) throws PaimonFormatException {
    Objects.requireNonNull(content, "content");
    Objects.requireNonNull(file, "file");
    ObjectNode root = PaimonJson.parseObject(content, file, "schema");

    JsonNode versionNode = PaimonJson.member(root, "version");
    int version =
        versionNode == null ? PAIMON_07_VERSION : PaimonJson.intValue(versionNode, file, "version");
    if (version < 1) {
      throw error(file, "version", "schema version must be at least 1, got " + version);
    }
    long id = PaimonJson.requiredLong(root, "id", file, "");
    if (id < 0) {
      throw error(file, "id", "schema id must not be negative, got " + id);
    }

    ArrayNode fieldNodes = PaimonJson.requiredArray(root, "fields", file, "");
    List<DataField> fields = new ArrayList<>(fieldNodes.size());
    for (int i = 0; i < fieldNodes.size(); i++) {
      fields.add(DataTypeJson.readField(fieldNodes.get(i), file, "fields[" + i + "]", ""));
    }
    int highestFieldId = PaimonJson.requiredInt(root, "highestFieldId", file, "");
    List<String> partitionKeys = readKeys(root, "partitionKeys", file);
    List<String> primaryKeys = readKeys(root, "primaryKeys", file);

    Map<String, String> options =
        PaimonJson.stringMap(PaimonJson.required(root, "options", file, ""), file, "options");
    if (version <= PAIMON_07_VERSION) {
      options.putIfAbsent("bucket", "1");
    }
    if (version <= PAIMON_08_VERSION) {
      options.putIfAbsent("file.format", "orc");
    }
    String comment = PaimonJson.optionalString(root, "comment", file, "");
    Long timeMillis = PaimonJson.optionalLong(root, "timeMillis", file, "");

    RowType rowType;
    try {
      rowType = new RowType(fields);
    } catch (IllegalArgumentException e) {
      throw error(file, "fields", e.getMessage());
    }
    validateIds(rowType, highestFieldId, file);
    validateKeys(rowType, partitionKeys, "partitionKeys", file);
    validateKeys(rowType, primaryKeys, "primaryKeys", file);

    return new TableSchema(
        id,
        fields,
        highestFieldId,
        partitionKeys,
        primaryKeys,
        options,
        comment,
        timeMillis == null ? 0 : timeMillis);
  }

  /**
   * The columns of a new table with Paimon's field ids, as Paimon's {@code Schema.Builder} and
   * pypaimon assign them: each top-level column takes the next id, and then the ROW fields nested
   * in its type (inside ARRAY, MULTISET, MAP and VECTOR too) take the following ones, every nested
   * field after its own children. {@code id BIGINT, r ROW<a INT, b ROW<c STRING>>, arr ARRAY<ROW<x
   * INT>>} gives id=0, r=1, a=2, c=3, b=4, arr=5, x=6. Only ROW fields carry ids; array elements
   * and map keys and values do not. The ids the input carries are ignored; names, types,
   * nullability and descriptions are kept.
   *
   * @param columns the table's columns
   * @return a row type of the same nullability with the new ids
   * @throws NullPointerException if {@code columns} is null
   */
  public static RowType assignFieldIds(RowType columns) {
    Objects.requireNonNull(columns, "columns");
    int[] last = {-1};
    List<DataField> fields = new ArrayList<>(columns.fieldCount());
    for (DataField f : columns.fields()) {
      int id = ++last[0];
      fields.add(new DataField(id, f.name(), reassign(f.type(), last), f.description()));
    }
    return new RowType(columns.isNullable(), fields);
  }

  /**
   * A column added to an existing schema: it takes {@code highestFieldId + 1}, and the ROW fields
   * nested in it the ids after that, numbered as {@link #assignFieldIds} numbers them.
   *
   * @param last holds the highest field id so far; updated to the highest id now used
   */
  public static DataField newColumn(String name, DataType type, String description, int[] last) {
    int id = ++last[0];
    return new DataField(id, name, reassign(type, last), description);
  }

  /** Nested ROW fields take ids after their children, as Paimon's ReassignFieldId does. */
  private static DataType reassign(DataType type, int[] last) {
    switch (type.root()) {
      case ROW:
        {
          RowType row = (RowType) type;
          List<DataField> fields = new ArrayList<>(row.fieldCount());
          for (DataField f : row.fields()) {
            DataType child = reassign(f.type(), last);
            fields.add(new DataField(++last[0], f.name(), child, f.description()));
          }
          return new RowType(row.isNullable(), fields);
        }
      case ARRAY:
        return new ArrayType(type.isNullable(), reassign(((ArrayType) type).elementType(), last));
      case MULTISET:
        return new MultisetType(
            type.isNullable(), reassign(((MultisetType) type).elementType(), last));
      case MAP:
        {
          MapType map = (MapType) type;
          DataType key = reassign(map.keyType(), last);
          return new MapType(type.isNullable(), key, reassign(map.valueType(), last));
        }
      case VECTOR:
        {
          VectorType vector = (VectorType) type;
          return new VectorType(
              type.isNullable(), reassign(vector.elementType(), last), vector.length());
        }
      default:
        return type;
    }
  }

  /**
   * The largest field id at any nesting level of {@code columns}, or -1 when it has no fields: the
   * {@code highestFieldId} of a new schema with these columns.
   *
   * @throws NullPointerException if {@code columns} is null
   */
  public static int highestFieldId(RowType columns) {
    Objects.requireNonNull(columns, "columns");
    int max = -1;
    for (Map.Entry<String, DataField> e : allFields(columns)) {
      max = Math.max(max, e.getValue().id());
    }
    return max;
  }

  /** Every ROW field at every level with its qualified name, parents before their children. */
  private static List<Map.Entry<String, DataField>> allFields(RowType columns) {
    List<Map.Entry<String, DataField>> out = new ArrayList<>();
    collectFields(columns, "", out);
    return out;
  }

  private static void collectFields(
      DataType type, String prefix, List<Map.Entry<String, DataField>> out) {
    if (type instanceof RowType) {
      for (DataField f : ((RowType) type).fields()) {
        String name = prefix.isEmpty() ? f.name() : prefix + "." + f.name();
        out.add(Map.entry(name, f));
        collectFields(f.type(), name, out);
      }
    } else {
      for (DataType child : type.children()) {
        collectFields(child, prefix, out);
      }
    }
  }

  private static void validateIds(RowType rowType, int highestFieldId, String file)
      throws PaimonFormatException {
    Map<Integer, String> owners = new HashMap<>();
    for (Map.Entry<String, DataField> e : allFields(rowType)) {
      String name = e.getKey();
      int id = e.getValue().id();
      String previous = owners.putIfAbsent(id, name);
      if (previous != null) {
        throw error(
            file,
            "field '" + name + "'.id",
            "field id " + id + " is also the id of field '" + previous + "'");
      }
      if (id > highestFieldId) {
        throw error(
            file,
            "field '" + name + "'.id",
            "field id " + id + " exceeds highestFieldId " + highestFieldId);
      }
    }
  }

  private static List<String> readKeys(ObjectNode root, String member, String file)
      throws PaimonFormatException {
    ArrayNode nodes = PaimonJson.requiredArray(root, member, file, "");
    List<String> keys = new ArrayList<>(nodes.size());
    for (int i = 0; i < nodes.size(); i++) {
      keys.add(PaimonJson.text(nodes.get(i), file, member + "[" + i + "]"));
    }
    return keys;
  }

  private static void validateKeys(RowType rowType, List<String> keys, String member, String file)
      throws PaimonFormatException {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < keys.size(); i++) {
      String key = keys.get(i);
      String where = member + "[" + i + "]";
      if (rowType.fieldIndex(key) < 0) {
        throw error(file, where, "'" + key + "' is not a column of the schema");
      }
      if (!seen.add(key)) {
        throw error(file, where, "'" + key + "' is listed twice");
      }
    }
  }
}
