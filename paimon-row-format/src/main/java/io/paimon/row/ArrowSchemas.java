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
import java.util.Map;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Arrow form of Paimon types, as used by {@link RowFileReader#arrowReader}.
 *
 * <table>
 *   <caption>Mapping</caption>
 *   <tr><th>Paimon</th><th>Arrow</th></tr>
 *   <tr><td>BOOLEAN</td><td>Bool</td></tr>
 *   <tr><td>TINYINT..BIGINT</td><td>Int(8..64, signed)</td></tr>
 *   <tr><td>FLOAT, DOUBLE</td><td>FloatingPoint(SINGLE, DOUBLE)</td></tr>
 *   <tr><td>DECIMAL(p, s)</td><td>Decimal(p, s, 128)</td></tr>
 *   <tr><td>CHAR, VARCHAR, STRING</td><td>Utf8</td></tr>
 *   <tr><td>BINARY, VARBINARY, BYTES, BLOB</td><td>Binary (BLOB with field metadata
 *       {@code paimon.type=BLOB})</td></tr>
 *   <tr><td>DATE</td><td>Date(DAY)</td></tr>
 *   <tr><td>TIME(p)</td><td>Time(MILLISECOND, 32)</td></tr>
 *   <tr><td>TIMESTAMP(p)</td><td>Timestamp(MILLISECOND if p &lt;= 3, MICROSECOND if p &lt;= 6,
 *       else NANOSECOND), no zone</td></tr>
 *   <tr><td>TIMESTAMP_LTZ(p)</td><td>the same unit with zone "UTC"</td></tr>
 *   <tr><td>ARRAY&lt;T&gt;</td><td>List&lt;element&gt;</td></tr>
 *   <tr><td>MAP&lt;K, V&gt;, MULTISET&lt;T&gt;</td><td>Map&lt;entries: Struct&lt;key, value&gt;&gt;
 *       (MULTISET values are Int(32) counts)</td></tr>
 *   <tr><td>ROW&lt;...&gt;</td><td>Struct</td></tr>
 *   <tr><td>VECTOR&lt;T, n&gt;</td><td>FixedSizeList(n)&lt;element&gt;</td></tr>
 *   <tr><td>VARIANT</td><td>Struct&lt;value Binary, metadata Binary&gt; with field metadata
 *       {@code paimon.type=VARIANT}</td></tr>
 * </table>
 *
 * <p>Arrow map keys are non-nullable, while Paimon allows one null key per map: reading such a map
 * into Arrow throws a {@link RowFormatException} naming the column. Nanosecond timestamps outside
 * the years 1677-2262 cannot be represented and make the Arrow reader throw a {@link
 * RowFormatException} naming the column. A {@code .row} file keeps timestamps with the digits they
 * were written with, even beyond their declared precision; Arrow values are floored to the unit
 * above (a TIMESTAMP(4) written with nanoseconds keeps whole microseconds).
 */
public final class ArrowSchemas {

  /** The field metadata key naming the Paimon type where Arrow alone cannot tell it. */
  public static final String PAIMON_TYPE_KEY = "paimon.type";

  private ArrowSchemas() {}

  /** The Arrow schema of a row type. */
  public static Schema toArrowSchema(RowType rowType) {
    List<Field> fields = new ArrayList<>(rowType.fieldCount());
    for (DataField f : rowType.fields()) {
      fields.add(toArrowField(f.name(), f.type()));
    }
    return new Schema(fields);
  }

  /** The Arrow field for a named Paimon type, children included. */
  public static Field toArrowField(String name, DataType type) {
    boolean nullable = type.isNullable();
    switch (type.root()) {
      case BOOLEAN:
        return leaf(name, nullable, ArrowType.Bool.INSTANCE);
      case TINYINT:
        return leaf(name, nullable, new ArrowType.Int(8, true));
      case SMALLINT:
        return leaf(name, nullable, new ArrowType.Int(16, true));
      case INTEGER:
        return leaf(name, nullable, new ArrowType.Int(32, true));
      case BIGINT:
        return leaf(name, nullable, new ArrowType.Int(64, true));
      case FLOAT:
        return leaf(name, nullable, new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE));
      case DOUBLE:
        return leaf(name, nullable, new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE));
      case DECIMAL:
        {
          DecimalType d = (DecimalType) type;
          return leaf(name, nullable, new ArrowType.Decimal(d.precision(), d.scale(), 128));
        }
      case CHAR:
      case VARCHAR:
        return leaf(name, nullable, ArrowType.Utf8.INSTANCE);
      case BINARY:
      case VARBINARY:
        return leaf(name, nullable, ArrowType.Binary.INSTANCE);
      case BLOB:
        return new Field(
            name,
            new FieldType(
                nullable, ArrowType.Binary.INSTANCE, null, Map.of(PAIMON_TYPE_KEY, "BLOB")),
            null);
      case DATE:
        return leaf(name, nullable, new ArrowType.Date(DateUnit.DAY));
      case TIME_WITHOUT_TIME_ZONE:
        return leaf(name, nullable, new ArrowType.Time(TimeUnit.MILLISECOND, 32));
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return leaf(
            name,
            nullable,
            new ArrowType.Timestamp(timeUnit(((TimestampType) type).precision()), null));
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return leaf(
            name,
            nullable,
            new ArrowType.Timestamp(timeUnit(((LocalZonedTimestampType) type).precision()), "UTC"));
      case ARRAY:
        return new Field(
            name,
            new FieldType(nullable, ArrowType.List.INSTANCE, null),
            List.of(toArrowField("element", ((ArrayType) type).elementType())));
      case MAP:
        {
          MapType m = (MapType) type;
          return mapField(name, nullable, m.keyType(), m.valueType());
        }
      case MULTISET:
        return mapField(
            name,
            nullable,
            ((MultisetType) type).elementType(),
            new io.paimon.types.IntType(false));
      case ROW:
        {
          RowType r = (RowType) type;
          List<Field> children = new ArrayList<>(r.fieldCount());
          for (DataField f : r.fields()) {
            children.add(toArrowField(f.name(), f.type()));
          }
          return new Field(
              name, new FieldType(nullable, ArrowType.Struct.INSTANCE, null), children);
        }
      case VECTOR:
        {
          VectorType v = (VectorType) type;
          return new Field(
              name,
              new FieldType(nullable, new ArrowType.FixedSizeList(v.length()), null),
              List.of(toArrowField("element", v.elementType().notNull())));
        }
      case VARIANT:
        return new Field(
            name,
            new FieldType(
                nullable, ArrowType.Struct.INSTANCE, null, Map.of(PAIMON_TYPE_KEY, "VARIANT")),
            List.of(
                leaf("value", false, ArrowType.Binary.INSTANCE),
                leaf("metadata", false, ArrowType.Binary.INSTANCE)));
      default:
        throw new IllegalArgumentException("no Arrow mapping for " + type);
    }
  }

  /**
   * Whether {@code vector} holds values of {@code type} in a layout that {@link
   * RowFileWriter#arrowAppender} encodes: the vector class {@link #toArrowField} maps the type to
   * (what {@link RowFileReader#arrowReader} fills). A DECIMAL vector needs the type's scale (any
   * precision: values are checked against the type's); a timestamp vector the unit of the type's
   * precision (any time zone: values are epoch-based either way); a ROW struct a child of each
   * field's name; a MAP or MULTISET a list of structs whose first two children are the key and the
   * value. Child names of lists and maps, nullability flags and metadata are not looked at.
   */
  public static boolean matches(ValueVector vector, DataType type) {
    return io.paimon.row.internal.ArrowLayouts.matches(type, vector);
  }

  /** The Arrow time unit of a timestamp precision: ms up to 3, us up to 6, else ns. */
  public static TimeUnit timeUnit(int precision) {
    if (precision <= 3) {
      return TimeUnit.MILLISECOND;
    }
    return precision <= 6 ? TimeUnit.MICROSECOND : TimeUnit.NANOSECOND;
  }

  private static Field mapField(String name, boolean nullable, DataType key, DataType value) {
    Field entries =
        new Field(
            "entries",
            new FieldType(false, ArrowType.Struct.INSTANCE, null),
            List.of(toArrowField("key", key.notNull()), toArrowField("value", value)));
    return new Field(
        name, new FieldType(nullable, new ArrowType.Map(false), null), List.of(entries));
  }

  private static Field leaf(String name, boolean nullable, ArrowType type) {
    return new Field(name, new FieldType(nullable, type, null), null);
  }
}
