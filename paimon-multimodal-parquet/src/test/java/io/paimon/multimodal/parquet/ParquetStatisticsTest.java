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
package io.paimon.multimodal.parquet;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.row.CloseableIterator;
import io.paimon.row.Row;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.row.RowGroupStatistics;
import io.paimon.row.SeekableInput;
import io.paimon.types.DataField;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The parquet reader's row-group statistics against brute force: every type the reader reads is
 * written by parquet-java in many row groups (nulls, NaN, strings truncated in the footer, INT96,
 * unsigned ints), read back, and each group's null count must equal the rows' and each bound must
 * hold for every value read (and equal the exact min/max where the footer has it exactly), while
 * the types whose footer order differs from the predicates' order have no bounds.
 */
class ParquetStatisticsTest {

  private static final int ROWS = 3000;

  @TempDir Path dir;

  /**
   * name, parquet column, Paimon type, whether bounds are expected exact ("x"), valid ("v") or
   * absent ("-").
   */
  private record Col(String name, Type parquet, DataType type, String expect) {}

  private static List<Col> columns() {
    return List.of(
        col("b", Types.optional(PrimitiveTypeName.BOOLEAN), DataTypes.BOOLEAN(), "x"),
        col(
            "i8",
            Types.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(8, true)),
            DataTypes.TINYINT(),
            "x"),
        col(
            "i16",
            Types.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(16, true)),
            DataTypes.SMALLINT(),
            "x"),
        col("i32", Types.optional(PrimitiveTypeName.INT32), DataTypes.INT(), "x"),
        col("i64", Types.optional(PrimitiveTypeName.INT64), DataTypes.BIGINT(), "x"),
        col("f", Types.optional(PrimitiveTypeName.FLOAT), DataTypes.FLOAT(), "nan"),
        col("d", Types.optional(PrimitiveTypeName.DOUBLE), DataTypes.DOUBLE(), "nan"),
        col(
            "dec9",
            Types.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.decimalType(2, 9)),
            DataTypes.DECIMAL(9, 2),
            "x"),
        col(
            "dec18",
            Types.optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.decimalType(4, 18)),
            DataTypes.DECIMAL(18, 4),
            "x"),
        col(
            "dec30",
            Types.optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY)
                .length(13)
                .as(LogicalTypeAnnotation.decimalType(5, 30)),
            DataTypes.DECIMAL(30, 5),
            "x"),
        col(
            "s",
            Types.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()),
            DataTypes.STRING(),
            "v"),
        col("bin", Types.optional(PrimitiveTypeName.BINARY), DataTypes.BYTES(), "-"),
        col(
            "date",
            Types.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.dateType()),
            DataTypes.DATE(),
            "x"),
        col(
            "time",
            Types.optional(PrimitiveTypeName.INT32)
                .as(LogicalTypeAnnotation.timeType(false, LogicalTypeAnnotation.TimeUnit.MILLIS)),
            DataTypes.TIME(),
            "x"),
        col(
            "ts3",
            Types.optional(PrimitiveTypeName.INT64)
                .as(
                    LogicalTypeAnnotation.timestampType(
                        false, LogicalTypeAnnotation.TimeUnit.MILLIS)),
            DataTypes.TIMESTAMP(3),
            "x"),
        col(
            "ts6",
            Types.optional(PrimitiveTypeName.INT64)
                .as(
                    LogicalTypeAnnotation.timestampType(
                        false, LogicalTypeAnnotation.TimeUnit.MICROS)),
            DataTypes.TIMESTAMP(6),
            "x"),
        col(
            "ltzn",
            Types.optional(PrimitiveTypeName.INT64)
                .as(
                    LogicalTypeAnnotation.timestampType(
                        true, LogicalTypeAnnotation.TimeUnit.NANOS)),
            DataTypes.TIMESTAMP_LTZ(6),
            "x"),
        col("ts96", Types.optional(PrimitiveTypeName.INT96), DataTypes.TIMESTAMP(9), "-"),
        col(
            "u32",
            Types.optional(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.intType(32, false)),
            DataTypes.INT(),
            "-"));
  }

  private static Col col(String name, Types.PrimitiveBuilder<?> b, DataType type, String expect) {
    return new Col(name, (Type) b.named(name), type, expect);
  }

  @Test
  void boundsHoldForEveryValueAndNullCountsAreExact() throws Exception {
    List<Col> cols = columns();
    List<Type> fields = new ArrayList<>();
    List<DataField> paimon = new ArrayList<>();
    for (int i = 0; i < cols.size(); i++) {
      fields.add(cols.get(i).parquet().withId(i + 1));
      paimon.add(new DataField(i + 1, cols.get(i).name(), cols.get(i).type()));
    }
    // A column the file lacks reads as nulls: all null in every group.
    paimon.add(new DataField(99, "missing", DataTypes.INT()));
    MessageType schema = new MessageType("paimon", fields);
    Path file = dir.resolve("all-types.parquet");
    SplittableRandom r = new SplittableRandom(42);
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> w =
        ExampleParquetWriter.builder(new LocalOutputFile(file))
            .withConf(new PlainParquetConfiguration())
            .withType(schema)
            .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
            .withRowGroupSize(16 * 1024L)
            .withPageSize(1024)
            .withStatisticsTruncateLength(6)
            .build()) {
      for (int row = 0; row < ROWS; row++) {
        Group g = groups.newGroup();
        // Groups of rows that only nulls fill, and groups with NaN, every few hundred rows.
        boolean nullStretch = (row / 250) % 5 == 3;
        boolean nanStretch = (row / 400) % 3 == 1;
        for (int c = 0; c < cols.size(); c++) {
          if (nullStretch || r.nextInt(6) == 0) {
            continue;
          }
          append(g, cols.get(c).name(), r, nanStretch);
        }
        w.write(g);
      }
    }
    RowType fileType = new RowType(paimon);
    byte[] data = Files.readAllBytes(file);
    try (RowFileReader reader =
        new ParquetFormat()
            .open(input(data, file.toString()), fileType, RowFileOptions.defaults())) {
      List<RowGroupStatistics> stats = reader.rowGroupStatistics();
      assertThat(stats.size()).as("row groups").isGreaterThan(4);
      List<Row> rows = new ArrayList<>();
      try (CloseableIterator<Row> it = reader.iterator()) {
        it.forEachRemaining(rows::add);
      }
      int knownMax = 0;
      long next = 0;
      for (RowGroupStatistics g : stats) {
        assertThat(g.startRow()).isEqualTo(next);
        next += g.rowCount();
        assertThat(g.columnCount()).isEqualTo(fileType.fieldCount());
        for (int c = 0; c < fileType.fieldCount(); c++) {
          String what = "group from row " + g.startRow() + ", column " + fileType.fields().get(c);
          List<Object> values = new ArrayList<>();
          long nulls = 0;
          for (long i = g.startRow(); i < g.startRow() + g.rowCount(); i++) {
            Object v = rows.get((int) i).get(c);
            if (v == null) {
              nulls++;
            } else {
              values.add(v);
            }
          }
          assertThat(g.nullCount(c)).as(what + ": null count").isEqualTo(nulls);
          String expect = c < cols.size() ? cols.get(c).expect() : "-";
          Object min = g.min(c);
          Object max = g.max(c);
          if (expect.equals("-") || values.isEmpty()) {
            assertThat(min).as(what + ": min").isNull();
            assertThat(max).as(what + ": max").isNull();
            continue;
          }
          Object lo = values.stream().reduce((a, b) -> compare(a, b) <= 0 ? a : b).orElseThrow();
          Object hi = values.stream().reduce((a, b) -> compare(a, b) >= 0 ? a : b).orElseThrow();
          boolean hasNan =
              values.stream().anyMatch(v -> v instanceof Number n && Double.isNaN(n.doubleValue()));
          assertThat(min).as(what + ": min").isNotNull();
          assertThat(min.getClass()).as(what).isEqualTo(lo.getClass());
          assertThat(compare(min, lo))
              .as(what + ": min " + min + " vs " + lo)
              .isLessThanOrEqualTo(0);
          if (expect.equals("x") || expect.equals("nan")) {
            assertThat(compare(min, lo)).as(what + ": min " + min + " is " + lo).isZero();
          }
          if (expect.equals("nan") && hasNan) {
            assertThat(max).as(what + ": max with a NaN").isNull();
            continue;
          }
          if (max == null) {
            // FLOAT/DOUBLE without a NaN count in the footer: unknown is allowed.
            assertThat(expect).as(what + ": max").isEqualTo("nan");
            continue;
          }
          knownMax++;
          assertThat(compare(max, hi))
              .as(what + ": max " + max + " vs " + hi)
              .isGreaterThanOrEqualTo(0);
          if (expect.equals("x")) {
            assertThat(compare(max, hi)).as(what + ": max " + max + " is " + hi).isZero();
          }
        }
      }
      assertThat(next).isEqualTo(ROWS);
      assertThat(knownMax).isGreaterThan(stats.size() * 10);
    }
  }

  @Test
  void goldenParquetFilesHaveBoundsThatHold() throws Exception {
    RowType docs =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT().copy(false)),
                new DataField(1, "content", DataTypes.STRING()),
                new DataField(3, "category", DataTypes.STRING())));
    RowType events =
        new RowType(
            List.of(
                new DataField(0, "id", DataTypes.BIGINT()),
                new DataField(1, "v", DataTypes.STRING()),
                new DataField(2, "category", DataTypes.STRING())));
    int checked = 0;
    try (Stream<Path> files = Files.walk(ParquetFuzzTest.shared())) {
      for (Path f : (Iterable<Path>) files::iterator) {
        if (!f.toString().endsWith(".parquet")) {
          continue;
        }
        RowType type = f.toString().contains("events") ? events : docs;
        byte[] data = Files.readAllBytes(f);
        try (RowFileReader reader =
            new ParquetFormat().open(input(data, f.toString()), type, RowFileOptions.defaults())) {
          List<Row> rows = new ArrayList<>();
          try (CloseableIterator<Row> it = reader.iterator()) {
            it.forEachRemaining(rows::add);
          }
          for (RowGroupStatistics g : reader.rowGroupStatistics()) {
            for (int c = 0; c < type.fieldCount(); c++) {
              long nulls = 0;
              for (long i = g.startRow(); i < g.startRow() + g.rowCount(); i++) {
                Object v = rows.get((int) i).get(c);
                if (v == null) {
                  nulls++;
                  continue;
                }
                if (g.min(c) != null) {
                  assertThat(compare(g.min(c), v)).as(f + " min").isLessThanOrEqualTo(0);
                }
                if (g.max(c) != null) {
                  assertThat(compare(g.max(c), v)).as(f + " max").isGreaterThanOrEqualTo(0);
                }
              }
              if (g.nullCount(c) >= 0) {
                assertThat(g.nullCount(c)).as(f + " nulls").isEqualTo(nulls);
              }
              if (nulls < g.rowCount() && type.typeAt(c).root().isInteger()) {
                assertThat(g.min(c)).as(f + " has id bounds").isNotNull();
                checked++;
              }
            }
          }
        }
      }
    }
    assertThat(checked).isPositive();
  }

  private static void append(Group g, String name, SplittableRandom r, boolean nan) {
    switch (name) {
      case "b" -> g.append(name, r.nextBoolean());
      case "i8" -> g.append(name, r.nextInt(-128, 128));
      case "i16" -> g.append(name, r.nextInt(-32768, 32768));
      case "i32" -> g.append(name, r.nextInt());
      case "i64", "u32" -> {
        if (name.equals("u32")) {
          g.append(name, r.nextInt());
        } else {
          g.append(name, r.nextLong());
        }
      }
      case "f" -> g.append(name, nan && r.nextInt(20) == 0 ? Float.NaN : (float) r.nextGaussian());
      case "d" -> g.append(name, nan && r.nextInt(20) == 0 ? Double.NaN : r.nextGaussian() * 1e6);
      case "dec9" -> g.append(name, r.nextInt(-999_999_999, 1_000_000_000));
      case "dec18" ->
          g.append(name, r.nextLong(-999_999_999_999_999_999L, 999_999_999_999_999_999L));
      case "dec30" -> {
        BigInteger v = new BigInteger(96, new java.util.Random(r.nextLong()));
        if (r.nextBoolean()) {
          v = v.negate();
        }
        g.append(name, Binary.fromConstantByteArray(fixed(v, 13)));
      }
      case "s" -> g.append(name, randomString(r));
      case "bin" -> {
        byte[] b = new byte[r.nextInt(10)];
        for (int i = 0; i < b.length; i++) {
          b[i] = (byte) r.nextInt();
        }
        g.append(name, Binary.fromConstantByteArray(b));
      }
      case "date" -> g.append(name, r.nextInt(-40_000, 40_000));
      case "time" -> g.append(name, r.nextInt(86_400_000));
      case "ts3" -> g.append(name, r.nextLong(-4_000_000_000_000L, 4_000_000_000_000L));
      case "ts6", "ltzn" -> {
        long micros = r.nextLong(-4_000_000_000_000_000L, 4_000_000_000_000_000L);
        g.append(name, name.equals("ts6") ? micros : micros / 1000 * 1000 + r.nextInt(1000) - 500);
      }
      case "ts96" -> {
        ByteBuffer b = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(r.nextLong(86_400_000_000_000L));
        b.putInt(2_440_588 + r.nextInt(-20_000, 20_000));
        g.append(name, Binary.fromConstantByteArray(b.array()));
      }
      default -> throw new AssertionError(name);
    }
  }

  private static byte[] fixed(BigInteger v, int length) {
    byte[] b = v.toByteArray();
    byte[] out = new byte[length];
    byte pad = (byte) (v.signum() < 0 ? -1 : 0);
    java.util.Arrays.fill(out, pad);
    System.arraycopy(b, 0, out, length - b.length, b.length);
    return out;
  }

  private static final String[] PIECES = {"a", "z", "é", "中", "😀", "A", "~", "\u0000", "ÿ"};

  private static String randomString(SplittableRandom r) {
    StringBuilder b = new StringBuilder();
    int n = r.nextInt(20);
    for (int i = 0; i < n; i++) {
      b.append(PIECES[r.nextInt(PIECES.length)]);
    }
    return b.toString();
  }

  /** The predicates' order on the value model: NaN greatest, strings by code point. */
  static int compare(Object a, Object b) {
    if (a instanceof Float || a instanceof Double) {
      double x = ((Number) a).doubleValue();
      double y = ((Number) b).doubleValue();
      return x == y ? 0 : Double.compare(x, y);
    }
    if (a instanceof Number) {
      return new BigDecimal(a.toString()).compareTo(new BigDecimal(b.toString()));
    }
    if (a instanceof String s) {
      return compareCodePoints(s, (String) b);
    }
    if (a instanceof Boolean x) {
      return x.compareTo((Boolean) b);
    }
    if (a instanceof LocalDate x) {
      return x.compareTo((LocalDate) b);
    }
    if (a instanceof LocalTime x) {
      return x.compareTo((LocalTime) b);
    }
    if (a instanceof LocalDateTime x) {
      return x.compareTo((LocalDateTime) b);
    }
    if (a instanceof Instant x) {
      return x.compareTo((Instant) b);
    }
    throw new AssertionError("no order for " + a.getClass());
  }

  private static int compareCodePoints(String a, String b) {
    byte[] x = a.getBytes(StandardCharsets.UTF_8);
    byte[] y = b.getBytes(StandardCharsets.UTF_8);
    return java.util.Arrays.compareUnsigned(x, y);
  }

  static SeekableInput input(byte[] data, String name) {
    return ParquetFuzzTest.input(data, name);
  }
}
