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
package io.paimon.multimodal.parquet.internal;

import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BINARY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.BOOLEAN;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.DOUBLE;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.FLOAT;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT32;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT64;
import static org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName.INT96;

import io.paimon.types.ArrayType;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DecimalType;
import io.paimon.types.LocalZonedTimestampType;
import io.paimon.types.MapType;
import io.paimon.types.MultisetType;
import io.paimon.types.RowType;
import io.paimon.types.TimestampType;
import io.paimon.types.VectorType;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.ConversionPatterns;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * The parquet schema Paimon writes for a row type, so that Paimon's own reader (which matches
 * columns by field id) reads our files: TINYINT and SMALLINT as annotated INT32, DECIMAL as INT32,
 * INT64 or a fixed-length binary by precision, TIME as INT32 millis, TIMESTAMP as INT64 millis (up
 * to precision 3), INT64 micros (up to 6) or INT96, ARRAY as a three-level list (VECTOR too, its
 * elements required, as later Paimon versions write it), MAP and MULTISET as {@code key_value} maps
 * (keys required), VARIANT as a group of {@code value} and {@code metadata} binaries, BLOB
 * descriptors as binaries. Nested list elements and map keys and values get Paimon's derived field
 * ids. Stateless.
 */
final class ParquetSchemas {

  /** The message name Paimon gives its parquet schemas. */
  static final String MESSAGE_NAME = "paimon_schema";

  static final String LIST_ELEMENT = "element";
  static final String MAP_REPEATED = "key_value";
  static final String MAP_KEY = "key";
  static final String MAP_VALUE = "value";

  private static final int NESTED_ID_BASE = Integer.MAX_VALUE / 4;
  private static final int NESTED_DEPTH_LIMIT = 1 << 10;

  private ParquetSchemas() {}

  static MessageType toMessageType(RowType rowType) {
    return new MessageType(MESSAGE_NAME, toTypes(rowType));
  }

  private static List<Type> toTypes(RowType rowType) {
    List<Type> out = new ArrayList<>(rowType.fieldCount());
    for (DataField f : rowType.fields()) {
      out.add(toType(f.name(), f.type(), f.id(), 0));
    }
    return out;
  }

  /** The bytes of a fixed-length DECIMAL of this precision (Paimon's rule). */
  static int decimalBytes(int precision) {
    int n = 1;
    while (Math.pow(2.0, 8 * n - 1) < Math.pow(10.0, precision)) {
      n++;
    }
    return n;
  }

  // Paimon's derived ids wrap around in int arithmetic for large field ids; so do these.
  static int elementId(int fieldId, int depth) {
    return NESTED_ID_BASE + fieldId * NESTED_DEPTH_LIMIT + depth;
  }

  static int mapKeyId(int fieldId, int depth) {
    return NESTED_ID_BASE - fieldId * NESTED_DEPTH_LIMIT - depth;
  }

  static int mapValueId(int fieldId, int depth) {
    return NESTED_ID_BASE + fieldId * NESTED_DEPTH_LIMIT + depth;
  }

  private static Type toType(String name, DataType type, int id, int depth) {
    Type.Repetition rep = type.isNullable() ? Type.Repetition.OPTIONAL : Type.Repetition.REQUIRED;
    switch (type.root()) {
      case CHAR:
      case VARCHAR:
        return Types.primitive(BINARY, rep)
            .as(LogicalTypeAnnotation.stringType())
            .named(name)
            .withId(id);
      case BOOLEAN:
        return Types.primitive(BOOLEAN, rep).named(name).withId(id);
      case BINARY:
      case VARBINARY:
      case BLOB:
        return Types.primitive(BINARY, rep).named(name).withId(id);
      case DECIMAL:
        {
          DecimalType d = (DecimalType) type;
          LogicalTypeAnnotation a = LogicalTypeAnnotation.decimalType(d.scale(), d.precision());
          if (d.precision() <= 9) {
            return Types.primitive(INT32, rep).as(a).named(name).withId(id);
          } else if (d.precision() <= 18) {
            return Types.primitive(INT64, rep).as(a).named(name).withId(id);
          }
          return Types.primitive(FIXED_LEN_BYTE_ARRAY, rep)
              .as(a)
              .length(decimalBytes(d.precision()))
              .named(name)
              .withId(id);
        }
      case TINYINT:
        return Types.primitive(INT32, rep)
            .as(LogicalTypeAnnotation.intType(8, true))
            .named(name)
            .withId(id);
      case SMALLINT:
        return Types.primitive(INT32, rep)
            .as(LogicalTypeAnnotation.intType(16, true))
            .named(name)
            .withId(id);
      case INTEGER:
        return Types.primitive(INT32, rep).named(name).withId(id);
      case BIGINT:
        return Types.primitive(INT64, rep).named(name).withId(id);
      case FLOAT:
        return Types.primitive(FLOAT, rep).named(name).withId(id);
      case DOUBLE:
        return Types.primitive(DOUBLE, rep).named(name).withId(id);
      case DATE:
        return Types.primitive(INT32, rep)
            .as(LogicalTypeAnnotation.dateType())
            .named(name)
            .withId(id);
      case TIME_WITHOUT_TIME_ZONE:
        return Types.primitive(INT32, rep)
            .as(LogicalTypeAnnotation.timeType(true, LogicalTypeAnnotation.TimeUnit.MILLIS))
            .named(name)
            .withId(id);
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return timestamp(name, ((TimestampType) type).precision(), rep, false).withId(id);
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return timestamp(name, ((LocalZonedTimestampType) type).precision(), rep, true).withId(id);
      case VECTOR:
        {
          // As later Paimon versions store it: a list of non-null elements. Paimon 1.4.2 does not
          // know VECTOR in parquet and refuses to open a parquet table holding one.
          DataType element = ((VectorType) type).elementType().notNull();
          Type e = toType(LIST_ELEMENT, element, id, depth + 1).withId(elementId(id, depth + 1));
          return ConversionPatterns.listOfElements(rep, name, e).withId(id);
        }
      case ARRAY:
        {
          DataType element = ((ArrayType) type).elementType();
          Type e = toType(LIST_ELEMENT, element, id, depth + 1).withId(elementId(id, depth + 1));
          return ConversionPatterns.listOfElements(rep, name, e).withId(id);
        }
      case MAP:
        {
          MapType m = (MapType) type;
          return map(name, rep, m.keyType(), m.valueType(), id, depth);
        }
      case MULTISET:
        return map(
            name,
            rep,
            ((MultisetType) type).elementType(),
            new io.paimon.types.IntType(false),
            id,
            depth);
      case ROW:
        return Types.buildGroup(rep)
            .addFields(toTypes((RowType) type).toArray(new Type[0]))
            .named(name)
            .withId(id);
      case VARIANT:
        return Types.buildGroup(rep)
            .addField(Types.primitive(BINARY, Type.Repetition.REQUIRED).named("value").withId(0))
            .addField(Types.primitive(BINARY, Type.Repetition.REQUIRED).named("metadata").withId(1))
            .named(name)
            .withId(id);
      default:
        throw new IllegalArgumentException(
            "column '" + name + "' of type " + type + " cannot be stored in parquet");
    }
  }

  private static Type map(
      String name, Type.Repetition rep, DataType key, DataType value, int id, int depth) {
    // Parquet map keys are required; Paimon stores nullable key types as NOT NULL.
    Type k = toType(MAP_KEY, key.notNull(), id, depth + 1).withId(mapKeyId(id, depth + 1));
    Type v = toType(MAP_VALUE, value, id, depth + 1).withId(mapValueId(id, depth + 1));
    return ConversionPatterns.mapType(rep, name, MAP_REPEATED, k, v).withId(id);
  }

  private static Type timestamp(
      String name, int precision, Type.Repetition rep, boolean adjustedToUtc) {
    if (precision <= 3) {
      return Types.primitive(INT64, rep)
          .as(
              LogicalTypeAnnotation.timestampType(
                  adjustedToUtc, LogicalTypeAnnotation.TimeUnit.MILLIS))
          .named(name);
    } else if (precision <= 6) {
      return Types.primitive(INT64, rep)
          .as(
              LogicalTypeAnnotation.timestampType(
                  adjustedToUtc, LogicalTypeAnnotation.TimeUnit.MICROS))
          .named(name);
    }
    return Types.primitive(INT96, rep).named(name);
  }
}
