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
package io.paimon.multimodal.arrow;

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.internal.StorageTypes;
import io.paimon.row.ArrowSchemas;
import io.paimon.types.ArrayType;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.MapType;
import io.paimon.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * The Arrow form of table columns: {@link ArrowSchemas}' mapping, except that BLOB is its
 * descriptor {@code Struct<uri Utf8, offset Int64, length Int64>} (field metadata {@code
 * paimon.type=BLOB}), also inside ARRAY, MAP values and ROW; and {@code _ROW_ID} is a non-null
 * Int64.
 */
public final class TableArrow {

  private TableArrow() {}

  /** The Arrow field of a table column. */
  public static Field field(String name, DataType type) {
    if (!StorageTypes.containsBlob(type)) {
      return ArrowSchemas.toArrowField(name, type);
    }
    boolean nullable = type.isNullable();
    switch (type.root()) {
      case BLOB:
        return blobField(name, nullable);
      case ARRAY:
        return new Field(
            name,
            new FieldType(nullable, ArrowType.List.INSTANCE, null),
            List.of(field("element", ((ArrayType) type).elementType())));
      case MAP:
        {
          MapType m = (MapType) type;
          Field entries =
              new Field(
                  "entries",
                  new FieldType(false, ArrowType.Struct.INSTANCE, null),
                  List.of(field("key", m.keyType().notNull()), field("value", m.valueType())));
          return new Field(
              name, new FieldType(nullable, new ArrowType.Map(false), null), List.of(entries));
        }
      case ROW:
        {
          List<Field> children = new ArrayList<>();
          for (DataField f : ((RowType) type).fields()) {
            children.add(field(f.name(), f.type()));
          }
          return new Field(
              name, new FieldType(nullable, ArrowType.Struct.INSTANCE, null), children);
        }
      default:
        throw new IllegalArgumentException("BLOB cannot be nested in " + type);
    }
  }

  /** The descriptor struct of a BLOB cell. */
  public static Field blobField(String name, boolean nullable) {
    return new Field(
        name,
        new FieldType(
            nullable,
            ArrowType.Struct.INSTANCE,
            null,
            Map.of(ArrowSchemas.PAIMON_TYPE_KEY, DataTypeRoot.BLOB.name())),
        List.of(
            new Field("uri", new FieldType(false, ArrowType.Utf8.INSTANCE, null), null),
            new Field("offset", new FieldType(false, new ArrowType.Int(64, true), null), null),
            new Field("length", new FieldType(false, new ArrowType.Int(64, true), null), null)));
  }

  /** The {@code _ROW_ID} field. */
  public static Field rowIdField() {
    return new Field(Schema.ROW_ID, new FieldType(false, new ArrowType.Int(64, true), null), null);
  }
}
