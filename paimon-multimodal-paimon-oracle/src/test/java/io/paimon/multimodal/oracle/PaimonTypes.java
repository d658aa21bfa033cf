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
package io.paimon.multimodal.oracle;

import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.util.ArrayList;
import java.util.List;
import org.apache.paimon.types.ArrayType;
import org.apache.paimon.types.BinaryType;
import org.apache.paimon.types.CharType;
import org.apache.paimon.types.DecimalType;
import org.apache.paimon.types.LocalZonedTimestampType;
import org.apache.paimon.types.MapType;
import org.apache.paimon.types.MultisetType;
import org.apache.paimon.types.TimeType;
import org.apache.paimon.types.TimestampType;
import org.apache.paimon.types.VarBinaryType;
import org.apache.paimon.types.VarCharType;
import org.apache.paimon.types.VectorType;

/**
 * Converts types between Apache Paimon 1.4.2 ({@code org.apache.paimon.types}) and our codec's
 * ({@code io.paimon.types}): every kind, its parameters, nullability, and field ids, names and
 * descriptions of rows at every level. Stateless and thread-safe.
 */
final class PaimonTypes {

  private PaimonTypes() {}

  /** Our row type for a Paimon row type, field ids kept. */
  static RowType toOurs(org.apache.paimon.types.RowType paimon) {
    return (RowType) toOurs((org.apache.paimon.types.DataType) paimon);
  }

  /**
   * Our type for a Paimon type.
   *
   * @throws UnsupportedOperationException for a kind our codec does not know
   */
  static DataType toOurs(org.apache.paimon.types.DataType t) {
    DataType ours;
    switch (t.getTypeRoot()) {
      case BOOLEAN:
        ours = DataTypes.BOOLEAN();
        break;
      case TINYINT:
        ours = DataTypes.TINYINT();
        break;
      case SMALLINT:
        ours = DataTypes.SMALLINT();
        break;
      case INTEGER:
        ours = DataTypes.INT();
        break;
      case BIGINT:
        ours = DataTypes.BIGINT();
        break;
      case FLOAT:
        ours = DataTypes.FLOAT();
        break;
      case DOUBLE:
        ours = DataTypes.DOUBLE();
        break;
      case DECIMAL:
        ours = DataTypes.DECIMAL(((DecimalType) t).getPrecision(), ((DecimalType) t).getScale());
        break;
      case CHAR:
        ours = DataTypes.CHAR(((CharType) t).getLength());
        break;
      case VARCHAR:
        ours = DataTypes.VARCHAR(((VarCharType) t).getLength());
        break;
      case BINARY:
        ours = DataTypes.BINARY(((BinaryType) t).getLength());
        break;
      case VARBINARY:
        ours = DataTypes.VARBINARY(((VarBinaryType) t).getLength());
        break;
      case DATE:
        ours = DataTypes.DATE();
        break;
      case TIME_WITHOUT_TIME_ZONE:
        ours = DataTypes.TIME(((TimeType) t).getPrecision());
        break;
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        ours = DataTypes.TIMESTAMP(((TimestampType) t).getPrecision());
        break;
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        ours = DataTypes.TIMESTAMP_LTZ(((LocalZonedTimestampType) t).getPrecision());
        break;
      case ARRAY:
        ours = DataTypes.ARRAY(toOurs(((ArrayType) t).getElementType()));
        break;
      case MAP:
        ours =
            DataTypes.MAP(toOurs(((MapType) t).getKeyType()), toOurs(((MapType) t).getValueType()));
        break;
      case MULTISET:
        ours = DataTypes.MULTISET(toOurs(((MultisetType) t).getElementType()));
        break;
      case ROW:
        {
          List<DataField> fields = new ArrayList<>();
          for (org.apache.paimon.types.DataField f :
              ((org.apache.paimon.types.RowType) t).getFields()) {
            fields.add(new DataField(f.id(), f.name(), toOurs(f.type()), f.description()));
          }
          ours = new RowType(fields);
          break;
        }
      case VECTOR:
        ours =
            DataTypes.VECTOR(
                toOurs(((VectorType) t).getElementType()), ((VectorType) t).getLength());
        break;
      case VARIANT:
        ours = DataTypes.VARIANT();
        break;
      case BLOB:
        ours = DataTypes.BLOB();
        break;
      default:
        throw new UnsupportedOperationException("no codec type for Paimon type " + t);
    }
    return ours.copy(t.isNullable());
  }

  /** Paimon's type for one of ours, field ids kept. */
  static org.apache.paimon.types.DataType toPaimon(DataType t) {
    org.apache.paimon.types.DataType p;
    switch (t.root()) {
      case BOOLEAN:
        p = org.apache.paimon.types.DataTypes.BOOLEAN();
        break;
      case TINYINT:
        p = org.apache.paimon.types.DataTypes.TINYINT();
        break;
      case SMALLINT:
        p = org.apache.paimon.types.DataTypes.SMALLINT();
        break;
      case INTEGER:
        p = org.apache.paimon.types.DataTypes.INT();
        break;
      case BIGINT:
        p = org.apache.paimon.types.DataTypes.BIGINT();
        break;
      case FLOAT:
        p = org.apache.paimon.types.DataTypes.FLOAT();
        break;
      case DOUBLE:
        p = org.apache.paimon.types.DataTypes.DOUBLE();
        break;
      case DECIMAL:
        {
          io.paimon.types.DecimalType d = (io.paimon.types.DecimalType) t;
          p = org.apache.paimon.types.DataTypes.DECIMAL(d.precision(), d.scale());
          break;
        }
      case CHAR:
        p = new CharType(((io.paimon.types.CharType) t).length());
        break;
      case VARCHAR:
        p = new VarCharType(((io.paimon.types.VarCharType) t).length());
        break;
      case BINARY:
        p = new BinaryType(((io.paimon.types.BinaryType) t).length());
        break;
      case VARBINARY:
        p = new VarBinaryType(((io.paimon.types.VarBinaryType) t).length());
        break;
      case DATE:
        p = org.apache.paimon.types.DataTypes.DATE();
        break;
      case TIME_WITHOUT_TIME_ZONE:
        p = new TimeType(((io.paimon.types.TimeType) t).precision());
        break;
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        p = new TimestampType(((io.paimon.types.TimestampType) t).precision());
        break;
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        p = new LocalZonedTimestampType(((io.paimon.types.LocalZonedTimestampType) t).precision());
        break;
      case ARRAY:
        p = new ArrayType(toPaimon(((io.paimon.types.ArrayType) t).elementType()));
        break;
      case MAP:
        {
          io.paimon.types.MapType m = (io.paimon.types.MapType) t;
          p = new MapType(toPaimon(m.keyType()), toPaimon(m.valueType()));
          break;
        }
      case MULTISET:
        p = new MultisetType(toPaimon(((io.paimon.types.MultisetType) t).elementType()));
        break;
      case ROW:
        {
          List<org.apache.paimon.types.DataField> fields = new ArrayList<>();
          for (DataField f : ((RowType) t).fields()) {
            fields.add(
                new org.apache.paimon.types.DataField(
                    f.id(), f.name(), toPaimon(f.type()), f.description()));
          }
          p = new org.apache.paimon.types.RowType(fields);
          break;
        }
      case VECTOR:
        {
          io.paimon.types.VectorType v = (io.paimon.types.VectorType) t;
          p = new VectorType(v.length(), toPaimon(v.elementType()));
          break;
        }
      case VARIANT:
        p = org.apache.paimon.types.DataTypes.VARIANT();
        break;
      case BLOB:
        p = org.apache.paimon.types.DataTypes.BLOB();
        break;
      default:
        throw new UnsupportedOperationException("no Paimon type for " + t);
    }
    return p.copy(t.isNullable());
  }
}
