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

import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random Paimon types for property tests: every type root (all primitives, CHAR/VARCHAR/STRING,
 * BINARY/VARBINARY/BYTES, compact and wide DECIMAL, DATE, TIME(p), TIMESTAMP(p) and
 * TIMESTAMP_LTZ(p) at every precision 0..9, ARRAY, MAP, MULTISET, nested ROW, VECTOR, VARIANT,
 * BLOB), nested up to a given depth, each NOT NULL with probability 1/3.
 *
 * <p>Map keys and multiset elements are drawn from {@link #keyType}: types whose Java values have
 * value-based {@code equals} and {@code hashCode} (no {@code byte[]}-valued types), since the value
 * model holds them in a {@link java.util.Map}.
 */
final class RandomTypes {

  /** How many kinds {@link #leaf} chooses from. */
  private static final int LEAF_KINDS = 22;

  private RandomTypes() {}

  /**
   * A row type of 1 to {@code maxFields} fields named {@code c0, c1, ...}, nested to {@code depth}.
   */
  static RowType rowType(SplittableRandom r, int maxFields, int depth) {
    int n = 1 + r.nextInt(maxFields);
    List<DataField> fields = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      fields.add(DataTypes.FIELD("c" + i, type(r, depth)));
    }
    return DataTypes.ROW(fields);
  }

  /** A random type with up to {@code depth} levels of ARRAY, MAP, MULTISET and ROW. */
  static DataType type(SplittableRandom r, int depth) {
    DataType t = depth > 0 && r.nextInt(4) == 0 ? nested(r, depth - 1) : leaf(r);
    return withRandomNullability(r, t);
  }

  /** A random type usable as a map key or multiset element; see the class comment. */
  static DataType keyType(SplittableRandom r, int depth) {
    DataType t;
    if (depth > 0 && r.nextInt(5) == 0) {
      switch (r.nextInt(3)) {
        case 0:
          t = DataTypes.ARRAY(keyType(r, depth - 1));
          break;
        case 1:
          t = DataTypes.MAP(keyType(r, depth - 1), keyType(r, depth - 1));
          break;
        default:
          t = DataTypes.ROW(DataTypes.FIELD("k", keyType(r, depth - 1)));
      }
    } else {
      do {
        t = leaf(r);
      } while (!hasValueEquality(t));
    }
    return withRandomNullability(r, t);
  }

  private static boolean hasValueEquality(DataType leaf) {
    switch (leaf.root()) {
      case BINARY:
      case VARBINARY:
      case BLOB:
      case VECTOR:
        return false;
      default:
        return true;
    }
  }

  private static DataType withRandomNullability(SplittableRandom r, DataType t) {
    return r.nextInt(3) == 0 ? t.notNull() : t;
  }

  private static DataType nested(SplittableRandom r, int depth) {
    switch (r.nextInt(4)) {
      case 0:
        return DataTypes.ARRAY(type(r, depth));
      case 1:
        return DataTypes.MAP(keyType(r, depth), type(r, depth));
      case 2:
        return DataTypes.MULTISET(keyType(r, depth));
      default:
        {
          int n = 1 + r.nextInt(4);
          List<DataField> fields = new ArrayList<>(n);
          for (int i = 0; i < n; i++) {
            fields.add(DataTypes.FIELD("f" + i, type(r, depth)));
          }
          return DataTypes.ROW(fields);
        }
    }
  }

  /** A random non-nested type (VECTOR, VARIANT and BLOB included). */
  static DataType leaf(SplittableRandom r) {
    return leaf(r, r.nextInt(LEAF_KINDS));
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
      case 20:
        return DataTypes.BLOB();
      default:
        return DataTypes.VECTOR(withRandomNullability(r, leaf(r, r.nextInt(7))), 1 + r.nextInt(8));
    }
  }

  /**
   * One field of every type: each leaf kind, TIME, TIMESTAMP and TIMESTAMP_LTZ at every precision
   * 0..9, a VECTOR of each element type, and the nested types (also NOT NULL).
   */
  static RowType everyType() {
    List<DataType> types = new ArrayList<>();
    SplittableRandom r = new SplittableRandom(0);
    for (int kind = 0; kind < LEAF_KINDS - 1; kind++) {
      types.add(leaf(r, kind));
    }
    for (int p = 0; p <= 9; p++) {
      types.add(DataTypes.TIME(p));
      types.add(DataTypes.TIMESTAMP(p));
      types.add(DataTypes.TIMESTAMP_LTZ(p));
    }
    for (int kind = 0; kind < 7; kind++) {
      types.add(DataTypes.VECTOR(leaf(r, kind), 3));
    }
    types.add(DataTypes.DECIMAL(18, 4));
    types.add(DataTypes.DECIMAL(38, 10));
    types.add(DataTypes.INT().notNull());
    types.add(DataTypes.STRING().notNull());
    types.add(DataTypes.ARRAY(DataTypes.STRING()));
    types.add(DataTypes.ARRAY(DataTypes.INT().notNull()).notNull());
    types.add(DataTypes.MAP(DataTypes.STRING().notNull(), DataTypes.DOUBLE()));
    types.add(DataTypes.MAP(DataTypes.TIMESTAMP(9), DataTypes.ARRAY(DataTypes.BYTES())));
    types.add(DataTypes.MULTISET(DataTypes.INT()));
    types.add(
        DataTypes.ROW(
            DataTypes.FIELD("a", DataTypes.INT()),
            DataTypes.FIELD(
                "b", DataTypes.ARRAY(DataTypes.ROW(DataTypes.FIELD("x", DataTypes.BLOB())))),
            DataTypes.FIELD("v", DataTypes.VARIANT())));
    List<DataField> fields = new ArrayList<>(types.size());
    for (int i = 0; i < types.size(); i++) {
      fields.add(DataTypes.FIELD("c" + i, types.get(i)));
    }
    return DataTypes.ROW(fields);
  }
}
