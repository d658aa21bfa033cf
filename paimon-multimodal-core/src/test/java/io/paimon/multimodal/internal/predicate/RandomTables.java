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
package io.paimon.multimodal.internal.predicate;

import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import io.paimon.types.DecimalType;
import io.paimon.types.LocalZonedTimestampType;
import io.paimon.types.RowType;
import io.paimon.types.TimestampType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;

/** Random tables (schemas with every comparable type, nullable) and their rows and statistics. */
final class RandomTables {

  static final String[] STRINGS = {
    "", "a", "ab", "abc", "b", "B", "é", "日本", "😀", "ｚ", "a%b", "a_b", "x'y", "a\"b", "aé", "ba",
    "a😀", "!", "a!b"
  };

  private static final String[] NAMES = {
    "id", "c", "Price", "my col", "select", "and", "x\"y", "DATE", "_x", "Éa", "not", "v1", "ts",
    "a b"
  };

  private static final double[] DOUBLES = {
    -1.5,
    -0.0,
    0.0,
    0.5,
    1.0,
    0.1,
    2.5,
    Double.NaN,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    3.0,
    1e300
  };

  private static final float[] FLOATS = {
    -1.5f,
    -0.0f,
    0.0f,
    0.5f,
    1.0f,
    0.1f,
    2.5f,
    Float.NaN,
    Float.POSITIVE_INFINITY,
    Float.NEGATIVE_INFINITY,
    3.0f
  };

  private static final LocalTime[] TIMES = {
    LocalTime.MIDNIGHT,
    LocalTime.NOON,
    LocalTime.parse("12:00:00.5"),
    LocalTime.parse("23:59:59.999"),
    LocalTime.parse("00:00:00.001")
  };

  private RandomTables() {}

  /** The comparison group of a column type, computed independently of the main code. */
  static String group(DataType type) {
    switch (type.root()) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
      case BIGINT:
      case FLOAT:
      case DOUBLE:
      case DECIMAL:
        return "NUMERIC";
      case CHAR:
      case VARCHAR:
        return "STRING";
      case BOOLEAN:
        return "BOOLEAN";
      case DATE:
      case TIMESTAMP_WITHOUT_TIME_ZONE:
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return "TEMPORAL";
      case TIME_WITHOUT_TIME_ZONE:
        return "TIME";
      default:
        return "OTHER";
    }
  }

  static RowType schema(Random random) {
    DataType[] types = {
      DataTypes.TINYINT(),
      DataTypes.SMALLINT(),
      DataTypes.INT(),
      DataTypes.BIGINT(),
      DataTypes.FLOAT(),
      DataTypes.DOUBLE(),
      DataTypes.DECIMAL(5, 2),
      DataTypes.DECIMAL(10, 0),
      DataTypes.DECIMAL(18, 4),
      DataTypes.DECIMAL(38, 10),
      DataTypes.DECIMAL(38, 0),
      DataTypes.STRING(),
      DataTypes.VARCHAR(10),
      DataTypes.BOOLEAN(),
      DataTypes.DATE(),
      DataTypes.TIMESTAMP(0),
      DataTypes.TIMESTAMP(3),
      DataTypes.TIMESTAMP(6),
      DataTypes.TIMESTAMP(9),
      DataTypes.TIMESTAMP_LTZ(3),
      DataTypes.TIMESTAMP_LTZ(6),
      DataTypes.TIME(3),
      DataTypes.BYTES()
    };
    int n = 3 + random.nextInt(6);
    List<DataField> fields = new ArrayList<>();
    Set<String> used = new HashSet<>();
    for (int i = 0; i < n; i++) {
      String name = NAMES[random.nextInt(NAMES.length)];
      while (!used.add(name)) {
        name = name + i;
      }
      DataType type = types[random.nextInt(types.length)];
      // Every table needs a comparable column for the generator.
      if (i == 0 && group(type).equals("OTHER")) {
        type = DataTypes.INT();
      }
      fields.add(new DataField(i, name, type));
    }
    return new RowType(fields);
  }

  static List<Object[]> rows(Random random, RowType table, int count) {
    List<Object[]> rows = new ArrayList<>();
    for (int r = 0; r < count; r++) {
      Object[] row = new Object[table.fieldCount()];
      for (int c = 0; c < row.length; c++) {
        row[c] = random.nextInt(100) < 15 ? null : value(random, table.typeAt(c));
      }
      rows.add(row);
    }
    return rows;
  }

  private static Object value(Random random, DataType type) {
    boolean extreme = random.nextInt(20) == 0;
    int small = random.nextInt(7) - 3;
    switch (type.root()) {
      case TINYINT:
        return extreme ? (byte) (random.nextBoolean() ? 127 : -128) : (byte) small;
      case SMALLINT:
        return extreme ? (short) (random.nextBoolean() ? 32767 : -32768) : (short) small;
      case INTEGER:
        return extreme ? (random.nextBoolean() ? Integer.MAX_VALUE : Integer.MIN_VALUE) : small;
      case BIGINT:
        return extreme ? (random.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE) : (long) small;
      case FLOAT:
        return FLOATS[random.nextInt(FLOATS.length)];
      case DOUBLE:
        return DOUBLES[random.nextInt(DOUBLES.length)];
      case DECIMAL:
        {
          DecimalType d = (DecimalType) type;
          BigInteger unscaled =
              extreme
                  ? BigInteger.TEN.pow(d.precision()).subtract(BigInteger.ONE)
                  : BigInteger.valueOf(random.nextInt(601) - 300);
          if (extreme && random.nextBoolean()) {
            unscaled = unscaled.negate();
          }
          return new BigDecimal(unscaled, d.scale());
        }
      case CHAR:
      case VARCHAR:
        return STRINGS[random.nextInt(STRINGS.length)];
      case BOOLEAN:
        return random.nextBoolean();
      case DATE:
        return LocalDate.parse("2024-01-01").plusDays(random.nextInt(5) - 2);
      case TIMESTAMP_WITHOUT_TIME_ZONE:
        return timestamp(random, ((TimestampType) type).precision());
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
        return timestamp(random, ((LocalZonedTimestampType) type).precision())
            .toInstant(ZoneOffset.UTC);
      case TIME_WITHOUT_TIME_ZONE:
        return TIMES[random.nextInt(TIMES.length)];
      default:
        return new byte[] {(byte) small};
    }
  }

  private static LocalDateTime timestamp(Random random, int precision) {
    long[] offsets = {0, 1, -1, 1_000, 1_000_000, -1_000_000, 1_000_000_000L, 86_400_000_000_000L};
    LocalDateTime t =
        LocalDateTime.parse("2024-01-01T00:00:00")
            .plusNanos(offsets[random.nextInt(offsets.length)])
            .plusDays(random.nextInt(3) - 1);
    long unit = (long) Math.pow(10, 9 - precision);
    return t.withNano((int) (t.getNano() / unit * unit));
  }

  /** Statistics of rows {@code [from, to)} ordered by the reference order; no bounds for BYTES. */
  static StatsView stats(RowType table, List<Object[]> rows, int from, int to) {
    Map<String, Object> min = new HashMap<>();
    Map<String, Object> max = new HashMap<>();
    Map<String, Long> nulls = new HashMap<>();
    for (int c = 0; c < table.fieldCount(); c++) {
      String name = table.fields().get(c).name();
      boolean ordered = !group(table.typeAt(c)).equals("OTHER");
      long nullCount = 0;
      for (int r = from; r < to; r++) {
        Object v = rows.get(r)[c];
        if (v == null) {
          nullCount++;
        } else if (ordered) {
          if (!min.containsKey(name) || ReferenceEvaluator.order(v, min.get(name)) < 0) {
            min.put(name, v);
          }
          if (!max.containsKey(name) || ReferenceEvaluator.order(v, max.get(name)) > 0) {
            max.put(name, v);
          }
        }
      }
      nulls.put(name, nullCount);
    }
    min.put("_ROW_ID", (long) from);
    max.put("_ROW_ID", (long) to - 1);
    nulls.put("_ROW_ID", 0L);
    long rowCount = to - from;
    return new StatsView() {
      @Override
      public long rowCount() {
        return rowCount;
      }

      @Override
      public Object min(String column) {
        return min.get(column);
      }

      @Override
      public Object max(String column) {
        return max.get(column);
      }

      @Override
      public OptionalLong nullCount(String column) {
        Long n = nulls.get(column);
        return n == null ? OptionalLong.empty() : OptionalLong.of(n);
      }
    };
  }
}
