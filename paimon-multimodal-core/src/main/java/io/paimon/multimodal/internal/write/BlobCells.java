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
package io.paimon.multimodal.internal.write;

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.internal.StorageTypes;
import io.paimon.types.ArrayType;
import io.paimon.types.DataType;
import io.paimon.types.DataTypeRoot;
import io.paimon.types.MapType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Checks and converts the input cells of BLOB-bearing columns. Stateless. */
final class BlobCells {

  private BlobCells() {}

  /** Whether a BLOB-bearing type is one the {@code .blob} layout holds. */
  static boolean layoutHolds(DataType type) {
    switch (type.root()) {
      case BLOB:
        return true;
      case ARRAY:
        return ((ArrayType) type).elementType().root() == DataTypeRoot.BLOB;
      case MAP:
        return ((MapType) type).valueType().root() == DataTypeRoot.BLOB
            && !StorageTypes.containsBlob(((MapType) type).keyType());
      default:
        return false;
    }
  }

  /**
   * The data-file form of a {@code blob-descriptor-field} cell: descriptors serialized; the payload
   * itself stays where the descriptor points, so bytes are refused.
   */
  static Object descriptorCell(String column, DataType type, Object value, long position) {
    if (value == null) {
      return null;
    }
    switch (type.root()) {
      case BLOB:
        return descriptor(column, value, position).serialize();
      case ARRAY:
        {
          List<Object> out = new ArrayList<>();
          for (Object cell : list(column, type, value, position)) {
            out.add(cell == null ? null : descriptor(column, cell, position).serialize());
          }
          return out;
        }
      default:
        {
          Map<Object, Object> out = new LinkedHashMap<>();
          for (Map.Entry<?, ?> e : map(column, type, value, position).entrySet()) {
            out.put(
                e.getKey(),
                e.getValue() == null
                    ? null
                    : descriptor(column, e.getValue(), position).serialize());
          }
          return out;
        }
    }
  }

  private static BlobDescriptor descriptor(String column, Object cell, long position) {
    if (cell instanceof BlobDescriptor) {
      return (BlobDescriptor) cell;
    }
    throw new SchemaException(
        "row "
            + position
            + ": column '"
            + column
            + "' is a blob-descriptor-field, whose cells are BlobDescriptors pointing at payloads"
            + " stored elsewhere; got "
            + cell.getClass().getName());
  }

  static List<?> list(String column, DataType type, Object value, long position) {
    if (!(value instanceof List)) {
      throw new SchemaException(
          "row "
              + position
              + ": column '"
              + column
              + "' of type "
              + type
              + " takes a List, got "
              + value.getClass().getName());
    }
    return (List<?>) value;
  }

  static Map<?, ?> map(String column, DataType type, Object value, long position) {
    if (!(value instanceof Map)) {
      throw new SchemaException(
          "row "
              + position
              + ": column '"
              + column
              + "' of type "
              + type
              + " takes a Map, got "
              + value.getClass().getName());
    }
    return (Map<?, ?>) value;
  }
}
