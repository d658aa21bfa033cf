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
package io.paimon.multimodal.internal;

import io.paimon.types.ArrayType;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.DataTypes;
import io.paimon.types.MapType;
import io.paimon.types.RowType;
import java.util.ArrayList;
import java.util.List;

/**
 * How table types are stored in {@code .row} data files: a BLOB cell is stored as its serialized
 * {@link io.paimon.multimodal.BlobDescriptor} (BYTES), wherever it appears (scalar, ARRAY element,
 * MAP value); every other type is stored as itself.
 */
public final class StorageTypes {

  private StorageTypes() {}

  /** Whether a type is or contains BLOB. */
  public static boolean containsBlob(DataType type) {
    return type.contains(DataTypeRoot.BLOB);
  }

  /** The data-file type of a table row type. */
  public static RowType toFileType(RowType table) {
    List<DataField> fields = new ArrayList<>(table.fieldCount());
    for (DataField f : table.fields()) {
      fields.add(f.withType(toFileType(f.type())));
    }
    return new RowType(table.isNullable(), fields);
  }

  /** The data-file type of a column type. */
  public static DataType toFileType(DataType type) {
    switch (type.root()) {
      case BLOB:
        return DataTypes.BYTES().copy(type.isNullable());
      case ARRAY:
        return new ArrayType(type.isNullable(), toFileType(((ArrayType) type).elementType()));
      case MAP:
        {
          MapType m = (MapType) type;
          return new MapType(type.isNullable(), m.keyType(), toFileType(m.valueType()));
        }
      case ROW:
        return toFileType((RowType) type).copy(type.isNullable());
      default:
        return type;
    }
  }
}
