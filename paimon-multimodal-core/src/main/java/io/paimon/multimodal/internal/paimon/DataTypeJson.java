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

import static io.paimon.multimodal.internal.paimon.PaimonJson.at;
import static io.paimon.multimodal.internal.paimon.PaimonJson.error;
import static io.paimon.multimodal.internal.paimon.PaimonJson.kind;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paimon.types.ArrayType;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.DataTypes;
import io.paimon.types.MapType;
import io.paimon.types.MultisetType;
import io.paimon.types.RowType;
import io.paimon.types.VectorType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Data types and fields in the JSON of Paimon's schema files (§3 of the table spec).
 *
 * <p>Atomic types are their SQL strings, nullability included ({@code "BIGINT NOT NULL"}); our
 * {@link DataType#asSqlString()} prints every atomic type exactly as Paimon 1.4.2 does, so it is
 * used as is. ARRAY, MULTISET, MAP, ROW and VECTOR are objects whose {@code type} is the kind plus
 * {@code " NOT NULL"} when not nullable. Stateless and thread-safe.
 */
final class DataTypeJson {

  private DataTypeJson() {}

  /** A field object: {@code id}, {@code name}, {@code type}, then {@code description} if any. */
  static void writeField(JsonGenerator g, DataField field) throws IOException {
    g.writeStartObject();
    g.writeNumberField("id", field.id());
    g.writeStringField("name", field.name());
    g.writeFieldName("type");
    writeType(g, field.type());
    if (field.description() != null) {
      g.writeStringField("description", field.description());
    }
    g.writeEndObject();
  }

  static void writeType(JsonGenerator g, DataType type) throws IOException {
    switch (type.root()) {
      case ARRAY:
        startComposite(g, "ARRAY", type);
        g.writeFieldName("element");
        writeType(g, ((ArrayType) type).elementType());
        g.writeEndObject();
        break;
      case MULTISET:
        startComposite(g, "MULTISET", type);
        g.writeFieldName("element");
        writeType(g, ((MultisetType) type).elementType());
        g.writeEndObject();
        break;
      case MAP:
        startComposite(g, "MAP", type);
        g.writeFieldName("key");
        writeType(g, ((MapType) type).keyType());
        g.writeFieldName("value");
        writeType(g, ((MapType) type).valueType());
        g.writeEndObject();
        break;
      case ROW:
        startComposite(g, "ROW", type);
        g.writeArrayFieldStart("fields");
        for (DataField f : ((RowType) type).fields()) {
          writeField(g, f);
        }
        g.writeEndArray();
        g.writeEndObject();
        break;
      case VECTOR:
        startComposite(g, "VECTOR", type);
        g.writeFieldName("element");
        writeType(g, ((VectorType) type).elementType());
        g.writeNumberField("length", ((VectorType) type).length());
        g.writeEndObject();
        break;
      default:
        g.writeString(type.asSqlString());
    }
  }

  private static void startComposite(JsonGenerator g, String kind, DataType type)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("type", type.isNullable() ? kind : kind + " NOT NULL");
  }

  /**
   * Reads a field object. {@code parentName} is the qualified name of the field whose ROW holds
   * this one, or empty at top level; messages name fields by their qualified name ({@code r.a}).
   */
  static DataField readField(JsonNode node, String file, String where, String parentName)
      throws PaimonFormatException {
    ObjectNode obj = PaimonJson.object(node, file, where);
    String name = PaimonJson.requiredString(obj, "name", file, where);
    if (name.isEmpty()) {
      throw error(file, at(where, "name"), "field name must not be empty");
    }
    String qualified = parentName.isEmpty() ? name : parentName + "." + name;
    // From here on the qualified name locates the field better than its array index.
    String here = "field '" + qualified + "'";
    int id = PaimonJson.requiredInt(obj, "id", file, here);
    DataType type =
        readType(PaimonJson.required(obj, "type", file, here), file, at(here, "type"), qualified);
    String description = PaimonJson.optionalString(obj, "description", file, here);
    if (PaimonJson.member(obj, "defaultValue") != null) {
      // Paimon fills nulls of such a column with the default when reading; our DataField cannot
      // carry it, so reading on would return different rows than Paimon does.
      throw error(file, at(here, "defaultValue"), "column default values are not supported");
    }
    return new DataField(id, name, type, description);
  }

  /** Reads a type: an SQL string for atomic types and VECTOR, an object for composite types. */
  static DataType readType(JsonNode node, String file, String where, String fieldName)
      throws PaimonFormatException {
    if (node.isTextual()) {
      return parseSql(node.textValue(), file, where);
    }
    if (!node.isObject()) {
      throw error(file, where, "expected a type string or object, found " + kind(node));
    }
    ObjectNode obj = (ObjectNode) node;
    String typeString = PaimonJson.requiredString(obj, "type", file, where);
    String kind = typeString.strip();
    // Paimon Java writes exactly "ARRAY" or "ARRAY NOT NULL"; pypaimon writes "MAP<K, V>" and
    // "MULTISET<T> NOT NULL", so nullability is read from the end of the string, not from
    // whether "NOT NULL" occurs anywhere (which a NOT NULL map key would fake).
    boolean nullable = !kind.endsWith("NOT NULL");
    String elementAt = at(where, "element");
    if (kind.startsWith("ARRAY")) {
      DataType element =
          readType(PaimonJson.required(obj, "element", file, where), file, elementAt, fieldName);
      return new ArrayType(nullable, element);
    }
    if (kind.startsWith("MULTISET")) {
      DataType element =
          readType(PaimonJson.required(obj, "element", file, where), file, elementAt, fieldName);
      return new MultisetType(nullable, element);
    }
    if (kind.startsWith("MAP")) {
      DataType key =
          readType(PaimonJson.required(obj, "key", file, where), file, at(where, "key"), fieldName);
      DataType value =
          readType(
              PaimonJson.required(obj, "value", file, where), file, at(where, "value"), fieldName);
      // pypaimon's MAP type string never says NOT NULL; its "nullable" member does.
      JsonNode explicit = PaimonJson.member(obj, "nullable");
      if (explicit != null && explicit.isBoolean()) {
        nullable = explicit.booleanValue();
      }
      return new MapType(nullable, key, value);
    }
    if (kind.startsWith("VECTOR")) {
      // pypaimon's extra "nullable" member is ignored, as Paimon Java does; its type string
      // already carries NOT NULL.
      DataType element =
          readType(PaimonJson.required(obj, "element", file, where), file, elementAt, fieldName);
      int length = PaimonJson.requiredInt(obj, "length", file, where);
      try {
        return new VectorType(nullable, element, length);
      } catch (IllegalArgumentException e) {
        throw error(file, where, "invalid VECTOR: " + e.getMessage());
      }
    }
    if (kind.startsWith("ROW")) {
      ArrayNode fieldNodes = PaimonJson.requiredArray(obj, "fields", file, where);
      List<DataField> fields = new ArrayList<>(fieldNodes.size());
      for (int i = 0; i < fieldNodes.size(); i++) {
        fields.add(readField(fieldNodes.get(i), file, at(where, "fields[" + i + "]"), fieldName));
      }
      try {
        return new RowType(nullable, fields);
      } catch (IllegalArgumentException e) {
        throw error(file, where, "invalid ROW: " + e.getMessage());
      }
    }
    // pypaimon reads an object holding an atomic type string; so do we.
    return parseSql(typeString, file, at(where, "type"));
  }

  /**
   * Parses an SQL type string. Like Paimon's parser it admits atomic types and VECTOR only: the
   * other composite types must be objects, which is also where nested ROW fields get their ids. No
   * atomic type or VECTOR has more than one '&lt;' or '(', so strings with more are refused before
   * parsing, which also keeps a hostile {@code ARRAY<ARRAY<...>>} or {@code ROW(a ROW(...} from
   * recursing the parser off the stack.
   */
  private static DataType parseSql(String sql, String file, String where)
      throws PaimonFormatException {
    if (sql.indexOf('<') != sql.lastIndexOf('<') || sql.indexOf('(') != sql.lastIndexOf('(')) {
      throw error(file, where, "composite type \"" + clip(sql) + "\" must be a JSON object");
    }
    DataType type;
    try {
      type = DataTypes.parse(sql);
    } catch (IllegalArgumentException e) {
      throw error(file, where, "invalid type: " + clip(e.getMessage()));
    }
    DataTypeRoot root = type.root();
    if (root == DataTypeRoot.ARRAY
        || root == DataTypeRoot.MULTISET
        || root == DataTypeRoot.MAP
        || root == DataTypeRoot.ROW) {
      throw error(file, where, "composite type \"" + clip(sql) + "\" must be a JSON object");
    }
    return type;
  }

  private static String clip(String s) {
    return s.length() <= 200 ? s : s.substring(0, 200) + "...";
  }
}
