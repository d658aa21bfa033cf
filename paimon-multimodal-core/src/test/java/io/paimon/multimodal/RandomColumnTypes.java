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
package io.paimon.multimodal;

import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random column types of every kind a table holds but BLOB: the scalars at random precisions,
 * VECTOR, VARIANT and ARRAY, MAP, MULTISET and ROW nested to a depth; a third NOT NULL.
 */
public final class RandomColumnTypes {

  private RandomColumnTypes() {}

  public static DataType type(SplittableRandom r, int depth) {
    DataType t = depth > 0 && r.nextInt(4) == 0 ? nested(r, depth - 1) : leaf(r, r.nextInt(21));
    return r.nextInt(3) == 0 ? t.notNull() : t;
  }

  /** A map key or multiset element: a type whose Java values compare by value. */
  private static DataType keyType(SplittableRandom r) {
    int[] kinds = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 16, 17, 18};
    DataType t = leaf(r, kinds[r.nextInt(kinds.length)]);
    return r.nextInt(3) == 0 ? t.notNull() : t;
  }

  private static DataType nested(SplittableRandom r, int depth) {
    switch (r.nextInt(4)) {
      case 0:
        return DataTypes.ARRAY(type(r, depth));
      case 1:
        return DataTypes.MAP(keyType(r), type(r, depth));
      case 2:
        return DataTypes.MULTISET(keyType(r));
      default:
        {
          int n = 1 + r.nextInt(3);
          List<DataField> fields = new ArrayList<>(n);
          for (int i = 0; i < n; i++) {
            fields.add(DataTypes.FIELD("f" + i, type(r, depth)));
          }
          return DataTypes.ROW(fields);
        }
    }
  }

  private static DataType leaf(SplittableRandom r, int kind) {
    switch (kind) {
      case 0:
        return DataTypes.BOOLEAN();
      case 1:
        return DataTypes.TINYINT();
      case 2:
        return DataTypes.SMALLINT();
      case 3:
        return DataTypes.INT();
      case 4:
        return DataTypes.BIGINT();
      case 5:
        return DataTypes.FLOAT();
      case 6:
        return DataTypes.DOUBLE();
      case 7:
        {
          int p = 1 + r.nextInt(18);
          return DataTypes.DECIMAL(p, r.nextInt(p + 1));
        }
      case 8:
        {
          int p = 19 + r.nextInt(20);
          return DataTypes.DECIMAL(p, r.nextInt(p + 1));
        }
      case 9:
        return DataTypes.CHAR(1 + r.nextInt(10));
      case 10:
        return DataTypes.VARCHAR(1 + r.nextInt(40));
      case 11:
        return DataTypes.STRING();
      case 12:
        return DataTypes.BINARY(1 + r.nextInt(16));
      case 13:
        return DataTypes.VARBINARY(1 + r.nextInt(40));
      case 14:
        return DataTypes.BYTES();
      case 15:
        return DataTypes.DATE();
      case 16:
        return DataTypes.TIME(r.nextInt(10));
      case 17:
        return DataTypes.TIMESTAMP(r.nextInt(10));
      case 18:
        return DataTypes.TIMESTAMP_LTZ(r.nextInt(10));
      case 19:
        return DataTypes.VARIANT();
      default:
        return DataTypes.VECTOR(leaf(r, r.nextInt(7)), 1 + r.nextInt(6));
    }
  }
}
