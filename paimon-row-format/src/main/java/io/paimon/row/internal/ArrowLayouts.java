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
package io.paimon.row.internal;

import io.paimon.row.ArrowSchemas;
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
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/** The Arrow layouts {@link ArrowEncoder} encodes each type from; see {@link #matches}. */
public final class ArrowLayouts {

  private ArrowLayouts() {}

  /**
   * Whether {@code vector} holds values of {@code type} in the layout this class encodes: the
   * vector class {@link ArrowSchemas#toArrowField} maps the type to, a DECIMAL of the type's scale
   * (any precision: values are checked against the type's), a timestamp of the precision's unit
   * (any time zone: the values are epoch-based either way), ROW children found by name, MAP entries
   * as a struct whose first two children are the key and the value. Names of lists' and maps'
   * children, nullability flags and metadata are not looked at: they do not change the values.
   */
  public static boolean matches(DataType type, ValueVector vector) {
    if (vector == null) {
      return false;
    }
    switch (type.root()) {
      case BOOLEAN:
        return vector instanceof BitVector;
      case TINYINT:
        return vector instanceof TinyIntVector;
      case SMALLINT:
        return vector instanceof SmallIntVector;
      case INTEGER:
        return vector instanceof IntVector;
      case BIGINT:
        return vector instanceof BigIntVector;
      case FLOAT:
        return vector instanceof Float4Vector;
      case DOUBLE:
        return vector instanceof Float8Vector;
      case DECIMAL:
        return vector instanceof DecimalVector
            && ((DecimalVector) vector).getScale() == ((DecimalType) type).scale();
      case CHAR:
      case VARCHAR:
        return vector instanceof VarCharVector;
      case BINARY:
      case VARBINARY:
      case BLOB:
        return vector instanceof VarBinaryVector;
      case DATE:
        return vector instanceof DateDayVector;
      case TIME_WITHOUT_TIME_ZONE:
        return vector instanceof TimeMilliVector;
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return timestamp(vector, ((TimestampType) type).precision());
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return timestamp(vector, ((LocalZonedTimestampType) type).precision());
      case VARIANT:
        {
          if (!(vector instanceof StructVector)) {
            return false;
          }
          StructVector s = (StructVector) vector;
          return s.getChild("value") instanceof VarBinaryVector
              && s.getChild("metadata") instanceof VarBinaryVector;
        }
      case ARRAY:
        return vector.getClass() == ListVector.class
            && matches(((ArrayType) type).elementType(), ((ListVector) vector).getDataVector());
      case MAP:
        return entries(vector, ((MapType) type).keyType(), ((MapType) type).valueType());
      case MULTISET:
        return entries(vector, ((MultisetType) type).elementType(), null);
      case ROW:
        {
          if (!(vector instanceof StructVector)) {
            return false;
          }
          StructVector s = (StructVector) vector;
          for (DataField f : ((RowType) type).fields()) {
            if (!matches(f.type(), s.getChild(f.name()))) {
              return false;
            }
          }
          return true;
        }
      case VECTOR:
        {
          VectorType v = (VectorType) type;
          return vector instanceof FixedSizeListVector
              && ((FixedSizeListVector) vector).getListSize() == v.length()
              && matches(v.elementType(), ((FixedSizeListVector) vector).getDataVector());
        }
      default:
        return false;
    }
  }

  private static boolean timestamp(ValueVector vector, int precision) {
    return vector instanceof TimeStampVector
        && ((ArrowType.Timestamp) vector.getField().getType()).getUnit()
            == ArrowSchemas.timeUnit(precision);
  }

  /** A MAP or MULTISET: a list of entry structs; a null value type stands for INT (the count). */
  private static boolean entries(ValueVector vector, DataType key, DataType value) {
    if (!(vector instanceof ListVector)
        || !(((ListVector) vector).getDataVector() instanceof StructVector)) {
      return false;
    }
    List<FieldVector> kv =
        ((StructVector) ((ListVector) vector).getDataVector()).getChildrenFromFields();
    return kv.size() >= 2
        && matches(key, kv.get(0))
        && (value == null ? kv.get(1) instanceof IntVector : matches(value, kv.get(1)));
  }
}
