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
import io.paimon.types.DataType;
import io.paimon.types.DecimalType;
import io.paimon.types.MapType;
import io.paimon.types.MultisetType;
import io.paimon.types.RowType;
import io.paimon.types.Variant;
import io.paimon.types.VectorType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;

/**
 * Seeded random rows of any row type in the Java value model, for fuzz seed files. Values stay
 * within what every read path can represent (timestamps within Arrow's nanosecond range, map keys
 * non-null), so an unmutated file reads back through rows and Arrow alike.
 */
final class RandomRows {

  private final SplittableRandom r;

  RandomRows(long seed) {
    this.r = new SplittableRandom(seed);
  }

  Row row(RowType type) {
    Object[] values = new Object[type.fieldCount()];
    for (int i = 0; i < values.length; i++) {
      values[i] = value(type.typeAt(i));
    }
    return Row.wrap(values);
  }

  Object value(DataType type) {
    if (type.isNullable() && r.nextInt(8) == 0) {
      return null;
    }
    switch (type.root()) {
      case BOOLEAN:
        return r.nextBoolean();
      case TINYINT:
        return (byte) r.nextInt();
      case SMALLINT:
        return (short) r.nextInt();
      case INTEGER:
        return r.nextBoolean() ? r.nextInt(1000) : r.nextInt();
      case BIGINT:
        return r.nextBoolean() ? (long) r.nextInt(1000) : r.nextLong();
      case FLOAT:
        return r.nextInt(20) == 0 ? Float.NaN : (float) (r.nextDouble() * 2000 - 1000);
      case DOUBLE:
        return r.nextInt(20) == 0 ? Double.NEGATIVE_INFINITY : r.nextDouble() * 1e6;
      case DECIMAL:
        return decimal((DecimalType) type);
      case CHAR:
      case VARCHAR:
        return string(r.nextInt(12));
      case BINARY:
      case VARBINARY:
      case BLOB:
        return bytes(r.nextInt(20));
      case DATE:
        return LocalDate.ofEpochDay(r.nextInt(-100_000, 100_000));
      case TIME_WITHOUT_TIME_ZONE:
        return LocalTime.ofNanoOfDay(r.nextInt(86_400_000) * 1_000_000L);
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return LocalDateTime.ofEpochSecond(epochSecond(), r.nextInt(1_000_000_000), ZoneOffset.UTC);
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return Instant.ofEpochSecond(epochSecond(), r.nextInt(1_000_000_000));
      case ARRAY:
        {
          DataType element = ((ArrayType) type).elementType();
          int n = r.nextInt(5);
          List<Object> list = new ArrayList<>(n);
          for (int i = 0; i < n; i++) {
            list.add(value(element));
          }
          return list;
        }
      case MAP:
        {
          MapType m = (MapType) type;
          return map(m.keyType(), m.valueType());
        }
      case MULTISET:
        {
          Map<Object, Object> counts = new LinkedHashMap<>();
          DataType element = ((MultisetType) type).elementType().notNull();
          for (int i = r.nextInt(4); i > 0; i--) {
            counts.put(value(element), 1 + r.nextInt(5));
          }
          return counts;
        }
      case ROW:
        return row((RowType) type);
      case VECTOR:
        return vector((VectorType) type);
      case VARIANT:
        return Variant.of(bytes(1 + r.nextInt(10)), bytes(r.nextInt(6)));
      default:
        throw new IllegalArgumentException("no random values for " + type);
    }
  }

  private long epochSecond() {
    // Within Arrow's nanosecond range (years 1677 to 2262).
    return r.nextLong(-9_000_000_000L, 9_000_000_000L);
  }

  private Map<Object, Object> map(DataType keyType, DataType valueType) {
    Map<Object, Object> map = new LinkedHashMap<>();
    for (int i = r.nextInt(4); i > 0; i--) {
      map.put(value(keyType.notNull()), value(valueType));
    }
    return map;
  }

  private BigDecimal decimal(DecimalType type) {
    BigInteger bound = BigInteger.TEN.pow(type.precision());
    BigInteger unscaled = new BigInteger(type.precision() * 4, new Random(r.nextLong())).mod(bound);
    return new BigDecimal(r.nextBoolean() ? unscaled : unscaled.negate(), type.scale());
  }

  private String string(int n) {
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      int kind = r.nextInt(10);
      int codePoint = kind < 7 ? 'a' + r.nextInt(26) : kind < 9 ? 0xE0 + r.nextInt(32) : 0x1F600;
      sb.appendCodePoint(codePoint);
    }
    return sb.toString();
  }

  private byte[] bytes(int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) r.nextInt();
    }
    return b;
  }

  private Object vector(VectorType type) {
    int n = type.length();
    switch (type.elementType().root()) {
      case BOOLEAN:
        {
          boolean[] a = new boolean[n];
          for (int i = 0; i < n; i++) {
            a[i] = r.nextBoolean();
          }
          return a;
        }
      case TINYINT:
        return bytes(n);
      case SMALLINT:
        {
          short[] a = new short[n];
          for (int i = 0; i < n; i++) {
            a[i] = (short) r.nextInt();
          }
          return a;
        }
      case INTEGER:
        return r.ints(n).toArray();
      case BIGINT:
        return r.longs(n).toArray();
      case FLOAT:
        {
          float[] a = new float[n];
          for (int i = 0; i < n; i++) {
            a[i] = (float) r.nextDouble();
          }
          return a;
        }
      default:
        return r.doubles(n).toArray();
    }
  }
}
