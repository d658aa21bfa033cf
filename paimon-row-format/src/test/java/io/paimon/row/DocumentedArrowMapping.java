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
package io.paimon.row;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.types.ArrayType;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import io.paimon.types.DecimalType;
import io.paimon.types.LocalZonedTimestampType;
import io.paimon.types.MapType;
import io.paimon.types.MultisetType;
import io.paimon.types.RowType;
import io.paimon.types.TimestampType;
import io.paimon.types.VectorType;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Arrow mapping of DESIGN.md ("Arrow mapping") and {@link ArrowSchemas}, written out
 * independently of {@link ArrowSchemas} and checked field by field: names, nullability, Arrow
 * types, children and the {@code paimon.type} metadata of BLOB and VARIANT. (In the codec a BLOB is
 * its inline bytes, so Binary; the Struct form of DESIGN.md belongs to tables.)
 */
final class DocumentedArrowMapping {

  private DocumentedArrowMapping() {}

  /** Asserts that {@code schema} is the documented Arrow form of {@code type}. */
  static void assertMatches(Schema schema, RowType type) {
    assertThat(schema.getFields()).hasSize(type.fieldCount());
    for (int i = 0; i < type.fieldCount(); i++) {
      DataField f = type.fields().get(i);
      assertField(schema.getFields().get(i), f.name(), f.type());
    }
  }

  private static void assertField(Field field, String name, DataType type) {
    String path = name + " " + type;
    assertThat(field.getName()).as(path).isEqualTo(name);
    assertThat(field.isNullable()).as(path + ": nullable").isEqualTo(type.isNullable());
    ArrowType arrow = field.getType();
    List<Field> children = field.getChildren();
    switch (type.root()) {
      case BOOLEAN:
        assertThat(arrow).as(path).isEqualTo(ArrowType.Bool.INSTANCE);
        break;
      case TINYINT:
        assertThat(arrow).as(path).isEqualTo(new ArrowType.Int(8, true));
        break;
      case SMALLINT:
        assertThat(arrow).as(path).isEqualTo(new ArrowType.Int(16, true));
        break;
      case INTEGER:
        assertThat(arrow).as(path).isEqualTo(new ArrowType.Int(32, true));
        break;
      case BIGINT:
        assertThat(arrow).as(path).isEqualTo(new ArrowType.Int(64, true));
        break;
      case FLOAT:
        assertThat(arrow)
            .as(path)
            .isEqualTo(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE));
        break;
      case DOUBLE:
        assertThat(arrow)
            .as(path)
            .isEqualTo(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE));
        break;
      case DECIMAL:
        {
          DecimalType d = (DecimalType) type;
          assertThat(arrow)
              .as(path)
              .isEqualTo(new ArrowType.Decimal(d.precision(), d.scale(), 128));
          break;
        }
      case CHAR:
      case VARCHAR:
        assertThat(arrow).as(path).isEqualTo(ArrowType.Utf8.INSTANCE);
        break;
      case BINARY:
      case VARBINARY:
        assertThat(arrow).as(path).isEqualTo(ArrowType.Binary.INSTANCE);
        break;
      case BLOB:
        assertThat(arrow).as(path).isEqualTo(ArrowType.Binary.INSTANCE);
        assertThat(field.getFieldType().getMetadata())
            .as(path)
            .containsEntry("paimon.type", "BLOB");
        break;
      case DATE:
        assertThat(arrow).as(path).isEqualTo(new ArrowType.Date(DateUnit.DAY));
        break;
      case TIME_WITHOUT_TIME_ZONE:
        assertThat(arrow).as(path).isEqualTo(new ArrowType.Time(TimeUnit.MILLISECOND, 32));
        break;
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        assertThat(arrow)
            .as(path)
            .isEqualTo(new ArrowType.Timestamp(unit(((TimestampType) type).precision()), null));
        break;
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        assertThat(arrow)
            .as(path)
            .isEqualTo(
                new ArrowType.Timestamp(unit(((LocalZonedTimestampType) type).precision()), "UTC"));
        break;
      case ARRAY:
        assertThat(arrow).as(path).isEqualTo(ArrowType.List.INSTANCE);
        assertField(children.get(0), children.get(0).getName(), ((ArrayType) type).elementType());
        break;
      case MAP:
      case MULTISET:
        {
          assertThat(arrow).as(path).isEqualTo(new ArrowType.Map(false));
          Field entries = children.get(0);
          assertThat(entries.getType()).as(path).isEqualTo(ArrowType.Struct.INSTANCE);
          assertThat(entries.isNullable()).as(path + ": entries nullable").isFalse();
          DataType key =
              type instanceof MapType
                  ? ((MapType) type).keyType()
                  : ((MultisetType) type).elementType();
          DataType value =
              type instanceof MapType ? ((MapType) type).valueType() : DataTypes.INT().notNull();
          assertField(entries.getChildren().get(0), "key", key.notNull());
          assertField(entries.getChildren().get(1), "value", value);
          break;
        }
      case ROW:
        {
          assertThat(arrow).as(path).isEqualTo(ArrowType.Struct.INSTANCE);
          RowType row = (RowType) type;
          assertThat(children).as(path).hasSize(row.fieldCount());
          for (int i = 0; i < row.fieldCount(); i++) {
            assertField(children.get(i), row.fields().get(i).name(), row.typeAt(i));
          }
          break;
        }
      case VECTOR:
        {
          VectorType v = (VectorType) type;
          assertThat(arrow).as(path).isEqualTo(new ArrowType.FixedSizeList(v.length()));
          assertField(children.get(0), children.get(0).getName(), v.elementType().notNull());
          break;
        }
      case VARIANT:
        assertThat(arrow).as(path).isEqualTo(ArrowType.Struct.INSTANCE);
        assertThat(field.getFieldType().getMetadata())
            .as(path)
            .containsEntry("paimon.type", "VARIANT");
        assertField(children.get(0), "value", DataTypes.BYTES().notNull());
        assertField(children.get(1), "metadata", DataTypes.BYTES().notNull());
        break;
      default:
        throw new AssertionError("unexpected type " + type);
    }
  }

  private static TimeUnit unit(int precision) {
    return precision <= 3
        ? TimeUnit.MILLISECOND
        : precision <= 6 ? TimeUnit.MICROSECOND : TimeUnit.NANOSECOND;
  }
}
