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

import io.paimon.row.Row;
import io.paimon.types.DataField;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** A table schema with a column of every type a table stores, and random rows for it. */
final class AllTypes {

  private AllTypes() {}

  static final Schema SCHEMA =
      Schema.builder()
          .column("id", DataTypes.BIGINT().notNull())
          .column("b", DataTypes.BOOLEAN())
          .column("i8", DataTypes.TINYINT())
          .column("i16", DataTypes.SMALLINT())
          .column("i32", DataTypes.INT())
          .column("f32", DataTypes.FLOAT())
          .column("f64", DataTypes.DOUBLE())
          .column("dec", DataTypes.DECIMAL(10, 2))
          .column("wide", DataTypes.DECIMAL(38, 10))
          .column("s", DataTypes.STRING())
          .column("bin", DataTypes.BYTES())
          .column("d", DataTypes.DATE())
          .column("t", DataTypes.TIME(3))
          .column("ts3", DataTypes.TIMESTAMP(3))
          .column("ts6", DataTypes.TIMESTAMP(6))
          .column("ts9", DataTypes.TIMESTAMP(9))
          .column("ltz", DataTypes.TIMESTAMP_LTZ(6))
          .column("arr", DataTypes.parse("ARRAY<INT>"))
          .column("m", DataTypes.parse("MAP<STRING, INT>"))
          .column("r", DataTypes.parse("ROW<x INT, y STRING>"))
          .column("vec", DataTypes.parse("VECTOR<FLOAT, 3>"))
          .column("blob", DataTypes.BLOB())
          .column("blobs", DataTypes.parse("ARRAY<BLOB>"))
          .column("blob_map", DataTypes.parse("MAP<STRING, BLOB>"))
          .build();

  private static final String[] WORDS = {
    "", "a", "lake", "x'y", "\u00e9t\u00e9", "\u6f22\u5b57", "tab\there", "\ud83d\ude00 emoji"
  };

  private static final float[] SPECIAL_FLOATS = {
    Float.NaN, Float.POSITIVE_INFINITY, -0.0f, Float.MIN_VALUE, Float.MAX_VALUE
  };

  /** {@code n} random rows with ids {@code firstId...}; about one cell in six is null. */
  static List<Map<String, Object>> rows(Random rnd, long firstId, int n) {
    List<Map<String, Object>> rows = new ArrayList<>(n);
    RowType type = SCHEMA.rowType();
    for (int i = 0; i < n; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", firstId + i);
      for (DataField f : type.fields().subList(1, type.fieldCount())) {
        row.put(f.name(), rnd.nextInt(6) == 0 ? null : value(rnd, f.name()));
      }
      rows.add(row);
    }
    return rows;
  }

  static Object value(Random rnd, String column) {
    switch (column) {
      case "b":
        return rnd.nextBoolean();
      case "i8":
        return (byte) rnd.nextInt();
      case "i16":
        return (short) rnd.nextInt();
      case "i32":
        return rnd.nextInt(10) == 0 ? Integer.MIN_VALUE : rnd.nextInt();
      case "f32":
        return rnd.nextInt(8) == 0
            ? SPECIAL_FLOATS[rnd.nextInt(SPECIAL_FLOATS.length)]
            : rnd.nextFloat() * 2000 - 1000;
      case "f64":
        return rnd.nextInt(8) == 0 ? -0.0 : rnd.nextGaussian() * 1e9;
      case "dec":
        return new BigDecimal(BigInteger.valueOf(rnd.nextLong() % 10_000_000_000L), 2);
      case "wide":
        {
          BigInteger unscaled = new BigInteger(126, rnd).mod(BigInteger.TEN.pow(38));
          return new BigDecimal(rnd.nextBoolean() ? unscaled : unscaled.negate(), 10);
        }
      case "s":
        return WORDS[rnd.nextInt(WORDS.length)] + rnd.nextInt(100);
      case "bin":
        return bytes(rnd, rnd.nextInt(20));
      case "d":
        return LocalDate.ofEpochDay(rnd.nextInt(200_000) - 100_000);
      case "t":
        return LocalTime.ofNanoOfDay(rnd.nextInt(86_400_000) * 1_000_000L);
      case "ts3":
        return timestamp(rnd, 1_000_000);
      case "ts6":
        return timestamp(rnd, 1_000);
      case "ts9":
        return timestamp(rnd, 1);
      case "ltz":
        return timestamp(rnd, 1_000).toInstant(ZoneOffset.UTC);
      case "arr":
        {
          List<Integer> out = new ArrayList<>();
          for (int k = rnd.nextInt(4); k > 0; k--) {
            out.add(rnd.nextInt(5) == 0 ? null : rnd.nextInt(1000));
          }
          return out;
        }
      case "m":
        {
          Map<String, Integer> out = new LinkedHashMap<>();
          for (int k = rnd.nextInt(4); k > 0; k--) {
            out.put("k" + rnd.nextInt(100), rnd.nextInt(5) == 0 ? null : rnd.nextInt());
          }
          return out;
        }
      case "r":
        return Row.of(
            rnd.nextInt(4) == 0 ? null : rnd.nextInt(),
            rnd.nextInt(4) == 0 ? null : WORDS[rnd.nextInt(WORDS.length)]);
      case "vec":
        return new float[] {rnd.nextFloat(), -rnd.nextFloat(), rnd.nextInt(10)};
      case "blob":
        return bytes(rnd, rnd.nextInt(10) == 0 ? 0 : rnd.nextInt(3000));
      case "blobs":
        {
          List<byte[]> out = new ArrayList<>();
          for (int k = rnd.nextInt(4); k > 0; k--) {
            out.add(rnd.nextInt(4) == 0 ? null : bytes(rnd, rnd.nextInt(200)));
          }
          return out;
        }
      case "blob_map":
        {
          Map<String, byte[]> out = new LinkedHashMap<>();
          for (int k = rnd.nextInt(4); k > 0; k--) {
            byte[] payload = rnd.nextInt(4) == 0 ? null : bytes(rnd, rnd.nextInt(99));
            out.put("p" + rnd.nextInt(100), payload);
          }
          return out;
        }
      default:
        throw new IllegalArgumentException(column);
    }
  }

  static byte[] bytes(Random rnd, int n) {
    byte[] b = new byte[n];
    rnd.nextBytes(b);
    return b;
  }

  /** A timestamp within about 120 years of the epoch whose nanos are a multiple of {@code unit}. */
  private static LocalDateTime timestamp(Random rnd, int unit) {
    long seconds = (long) (rnd.nextDouble() * 7_600_000_000L) - 3_800_000_000L;
    int nanos = rnd.nextInt(1_000_000_000 / unit) * unit;
    return LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC);
  }
}
