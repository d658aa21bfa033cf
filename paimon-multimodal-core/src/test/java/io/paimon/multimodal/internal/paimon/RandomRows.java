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
package io.paimon.multimodal.internal.paimon;

import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import io.paimon.types.DecimalType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random BinaryRow schemas and values from a seed: every supported type with random parameters
 * (DECIMAL precision 1 to 38, TIMESTAMP precision 0 to 9), values at the precision the row keeps
 * (so they survive a round trip unchanged), about one null in six, strings of 0 to 40 UTF-8 bytes
 * with 1- to 4-byte characters, and edge values (NaN, -0.0, MIN/MAX, U+10FFFF).
 */
final class RandomRows {

  private static final int[] CODE_POINTS = {
    'a', 'Z', '0', ' ', 'é', 'ß', '日', '€', 0x1F600, 0x10FFFF
  };

  private final SplittableRandom random;

  RandomRows(long seed) {
    this.random = new SplittableRandom(seed);
  }

  /** A random list of {@code arity} supported types. */
  List<DataType> types(int arity) {
    List<DataType> types = new ArrayList<>(arity);
    for (int i = 0; i < arity; i++) {
      types.add(type());
    }
    return types;
  }

  DataType type() {
    return switch (random.nextInt(17)) {
      case 0 -> DataTypes.BOOLEAN();
      case 1 -> DataTypes.TINYINT();
      case 2 -> DataTypes.SMALLINT();
      case 3 -> DataTypes.INT();
      case 4 -> DataTypes.BIGINT();
      case 5 -> DataTypes.FLOAT();
      case 6 -> DataTypes.DOUBLE();
      case 7 -> decimal();
      case 8 -> DataTypes.CHAR(1 + random.nextInt(40));
      case 9 -> DataTypes.STRING();
      case 10 -> DataTypes.BINARY(1 + random.nextInt(40));
      case 11 -> DataTypes.BYTES();
      case 12 -> DataTypes.DATE();
      case 13 -> DataTypes.TIME(random.nextInt(10));
      case 14 -> DataTypes.TIMESTAMP(random.nextInt(10));
      case 15 -> DataTypes.TIMESTAMP_LTZ(random.nextInt(10));
      default -> random.nextBoolean() ? DataTypes.VARCHAR(1 + random.nextInt(40)) : decimal();
    };
  }

  private DecimalType decimal() {
    int precision = 1 + random.nextInt(38);
    return DataTypes.DECIMAL(precision, random.nextInt(precision + 1));
  }

  /** One row of values for {@code types}. */
  Object[] values(List<DataType> types) {
    Object[] values = new Object[types.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = random.nextInt(6) == 0 ? null : value(types.get(i));
    }
    return values;
  }

  Object value(DataType type) {
    return switch (type.root()) {
      case BOOLEAN -> random.nextBoolean();
      case TINYINT -> (byte) random.nextInt();
      case SMALLINT -> (short) random.nextInt();
      case INTEGER -> pick(random.nextInt(), Integer.MIN_VALUE, Integer.MAX_VALUE, 0);
      case BIGINT -> pick(random.nextLong(), Long.MIN_VALUE, Long.MAX_VALUE, 0L);
      case FLOAT ->
          pick(Float.intBitsToFloat(random.nextInt()), Float.NaN, -0.0f, Float.NEGATIVE_INFINITY);
      case DOUBLE -> pick(random.nextDouble() * 1e300, Double.NaN, -0.0, Double.MIN_VALUE);
      case DECIMAL -> decimalValue((DecimalType) type);
      case CHAR, VARCHAR -> string(random.nextInt(41));
      case BINARY, VARBINARY -> bytes(random.nextInt(41));
      case DATE -> LocalDate.ofEpochDay(random.nextInt());
      case TIME_WITHOUT_TIME_ZONE ->
          LocalTime.ofNanoOfDay(
              random.nextLong(PaimonValues.MILLIS_PER_DAY) * PaimonValues.NANOS_PER_MILLI);
      case TIMESTAMP_WITHOUT_TIME_ZONE ->
          LocalDateTime.ofEpochSecond(
              epochSecond(), nanos(PaimonValues.timestampPrecision(type)), ZoneOffset.UTC);
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
          Instant.ofEpochSecond(epochSecond(), nanos(PaimonValues.timestampPrecision(type)));
      default -> throw new IllegalArgumentException(type.toString());
    };
  }

  @SafeVarargs
  private <T> T pick(T usual, T... edges) {
    return random.nextInt(8) == 0 ? edges[random.nextInt(edges.length)] : usual;
  }

  private BigDecimal decimalValue(DecimalType type) {
    // Up to the precision's digits, sometimes exactly the largest unscaled value.
    BigInteger bound = BigInteger.TEN.pow(type.precision());
    BigInteger unscaled =
        random.nextInt(8) == 0
            ? bound.subtract(BigInteger.ONE)
            : new BigInteger(bound.bitLength() + 8, new java.util.Random(random.nextLong()))
                .mod(bound);
    return new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), type.scale());
  }

  private long epochSecond() {
    // Years about -5000 to 9000, inside the epoch-millisecond range.
    return random.nextLong(-220_000_000_000L, 220_000_000_000L);
  }

  private int nanos(int precision) {
    int step = 1;
    for (int i = precision; i < 9; i++) {
      step *= 10;
    }
    return random.nextInt(1_000_000_000 / step) * step;
  }

  /** A string of at most {@code maxBytes} UTF-8 bytes. */
  String string(int maxBytes) {
    StringBuilder s = new StringBuilder();
    int bytes = 0;
    while (true) {
      int cp = CODE_POINTS[random.nextInt(CODE_POINTS.length)];
      int width = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      if (bytes + width > maxBytes) {
        return s.toString();
      }
      s.appendCodePoint(cp);
      bytes += width;
    }
  }

  byte[] bytes(int length) {
    byte[] b = new byte[length];
    for (int i = 0; i < length; i++) {
      b[i] = (byte) random.nextInt();
    }
    return b;
  }

  int nextInt(int bound) {
    return random.nextInt(bound);
  }

  long nextLong() {
    return random.nextLong();
  }
}
