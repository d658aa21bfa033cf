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
package io.paimon.types;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Generates random types from a seed: every atomic type with random parameters, nested ARRAY, MAP,
 * MULTISET, ROW and VECTOR, random nullability at every level, and field names and comments that
 * need quoting (spaces, back quotes, keywords, non-ASCII, commas and angle brackets).
 */
final class RandomTypes {

  private static final String[] NAMES = {
    "a",
    "b",
    "id",
    "my field",
    "a`b",
    "`",
    "INT",
    "not",
    "NULL",
    "COMMENT",
    "ünï",
    "日本",
    "x1",
    "_c",
    "with,comma",
    "angle<>",
    " lead",
    "trail ",
    "it's"
  };

  private static final String[] COMMENTS = {"plain", "it's", "''", "with, comma", "<a>", ""};

  private final Random random;

  RandomTypes(long seed) {
    this.random = new Random(seed);
  }

  /** A random type nested at most {@code depth} levels. */
  DataType type(int depth) {
    DataType type = depth <= 0 || random.nextInt(3) == 0 ? atomic() : nested(depth - 1);
    return random.nextInt(4) == 0 ? type.notNull() : type;
  }

  private DataType atomic() {
    switch (random.nextInt(20)) {
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
          int precision = 1 + random.nextInt(38);
          return DataTypes.DECIMAL(precision, random.nextInt(precision + 1));
        }
      case 8:
        return DataTypes.CHAR(length());
      case 9:
        return DataTypes.VARCHAR(length());
      case 10:
        return DataTypes.BINARY(length());
      case 11:
        return DataTypes.VARBINARY(length());
      case 12:
        return DataTypes.DATE();
      case 13:
        return DataTypes.TIME(random.nextInt(10));
      case 14:
        return DataTypes.TIMESTAMP(random.nextInt(10));
      case 15:
        return DataTypes.TIMESTAMP_LTZ(random.nextInt(10));
      case 16:
        return DataTypes.VARIANT();
      case 17:
        return DataTypes.BLOB();
      case 18:
        return DataTypes.STRING();
      default:
        return DataTypes.BYTES();
    }
  }

  /** Small, large and maximal lengths. */
  private int length() {
    switch (random.nextInt(4)) {
      case 0:
        return 1;
      case 1:
        return 1 + random.nextInt(300);
      case 2:
        return 1 + random.nextInt(Integer.MAX_VALUE);
      default:
        return Integer.MAX_VALUE;
    }
  }

  private DataType nested(int depth) {
    switch (random.nextInt(5)) {
      case 0:
        return DataTypes.ARRAY(type(depth));
      case 1:
        return DataTypes.MAP(type(depth), type(depth));
      case 2:
        return DataTypes.MULTISET(type(depth));
      case 3:
        {
          DataType[] elements = {
            DataTypes.BOOLEAN(),
            DataTypes.TINYINT(),
            DataTypes.SMALLINT(),
            DataTypes.INT(),
            DataTypes.BIGINT(),
            DataTypes.FLOAT(),
            DataTypes.DOUBLE()
          };
          DataType element = elements[random.nextInt(elements.length)];
          return DataTypes.VECTOR(
              random.nextBoolean() ? element : element.notNull(), 1 + random.nextInt(2048));
        }
      default:
        {
          Set<String> names = new LinkedHashSet<>();
          int count = 1 + random.nextInt(4);
          while (names.size() < count) {
            names.add(NAMES[random.nextInt(NAMES.length)]);
          }
          List<DataField> fields = new ArrayList<>();
          for (String name : names) {
            String comment =
                random.nextInt(4) == 0 ? COMMENTS[random.nextInt(COMMENTS.length)] : null;
            fields.add(new DataField(fields.size(), name, type(depth), comment));
          }
          return DataTypes.ROW(fields);
        }
    }
  }
}
