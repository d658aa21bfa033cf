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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.complex.impl.UnionMapWriter;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Rows appended straight from Arrow vectors ({@link RowFileWriter#write(VectorSchemaRoot)}, {@link
 * RowArrowAppender}) must give the very bytes {@link RowFileWriter#write(Row)} gives for the rows
 * the codec's Arrow reader decodes from those vectors. Random schemas of every type are written as
 * rows, read back into Arrow batches, and written again from the batches; the seed is in every
 * assertion's description.
 */
class RowArrowAppenderTest {

  private static final int[] BATCH_SIZES = {1, 7, 100, 4096};
  private static final int[] BLOCK_SIZES = {200, 300, 512, 1000, 4096, 65536};
  private static final double[] NULL_RATES = {0.0, 0.1, 0.3, 0.9};

  private BufferAllocator allocator;

  @BeforeEach
  void createAllocator() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void closeAllocator() {
    allocator.close();
  }

  static LongStream seeds() {
    return LongStream.range(2000, 2040);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void batchesOfRandomRowsWriteTheBytesOfTheRows(long seed) throws IOException {
    SplittableRandom r = new SplittableRandom(seed);
    RowType type = RandomTypes.rowType(r, 8, 3);
    int rowCount = r.nextInt(5) == 0 ? r.nextInt(5) : r.nextInt(1001);
    RandomValues values =
        new RandomValues(r, NULL_RATES[r.nextInt(NULL_RATES.length)], r.nextInt(8) == 0, true);
    List<Row> rows = new ArrayList<>(rowCount);
    for (int i = 0; i < rowCount; i++) {
      rows.add((Row) values.row(type).write());
    }
    RowFileOptions options =
        RowFileOptions.defaults().blockSize(BLOCK_SIZES[r.nextInt(BLOCK_SIZES.length)]);
    int batchSize = BATCH_SIZES[r.nextInt(BATCH_SIZES.length)];
    checkSameBytes(type, rows, options, batchSize, r.nextBoolean(), "seed " + seed + ", " + type);
  }

  @Test
  void everyTypeAtEveryPrecisionWritesTheBytesOfTheRows() throws IOException {
    RowType type = RandomTypes.everyType();
    SplittableRandom r = new SplittableRandom(3);
    RandomValues values = new RandomValues(r, 0.2, false, true);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 700; i++) {
      rows.add((Row) values.row(type).write());
    }
    checkSameBytes(type, rows, RowFileOptions.defaults().blockSize(4096), 100, false, "every type");
    checkSameBytes(type, rows, RowFileOptions.defaults(), 4096, true, "every type, one appender");
  }

  /**
   * Writes {@code rows}, reads the file back in Arrow batches of {@code batchSize}, and writes the
   * batches to a second file (one appender reused across the reader's batches, or {@code
   * write(VectorSchemaRoot)} per batch), which must be the file {@code write(Row)} writes for the
   * Java values of the batches' cells (the rows themselves, less what Arrow cannot hold: the
   * nanoseconds of a TIMESTAMP(4..6)).
   */
  private void checkSameBytes(
      RowType type,
      List<Row> rows,
      RowFileOptions options,
      int batchSize,
      boolean oneAppender,
      String what)
      throws IOException {
    byte[] file = RowFiles.write(type, rows, options);
    List<Row> cells = new ArrayList<>();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RowFileReader reader = RowFile.open(new CountingInput("rows.row", file), type, options);
        RowArrowReader batches = reader.arrowReader(allocator, batchSize);
        RowFileWriter writer = RowFile.newWriter(out, "arrow.row", type, options)) {
      VectorSchemaRoot root = batches.getVectorSchemaRoot();
      RowArrowAppender appender = oneAppender ? writer.arrowAppender(root.getFieldVectors()) : null;
      while (batches.loadNextBatch()) {
        if (appender != null) {
          appender.appendRange(0, root.getRowCount());
        } else {
          writer.write(root);
        }
        for (int i = 0; i < root.getRowCount(); i++) {
          Object[] values = new Object[type.fieldCount()];
          for (int f = 0; f < values.length; f++) {
            values[f] = ArrowValues.valueAt(type.typeAt(f), root.getVector(f), i);
          }
          cells.add(Row.wrap(values));
        }
      }
      writer.close();
      assertThat(writer.rowCount()).as(what).isEqualTo(rows.size());
      assertThat(writer.bytesWritten()).as(what).isEqualTo(out.size());
    }
    assertThat(cells).as(what).hasSize(rows.size());
    if (!java.util.Arrays.equals(out.toByteArray(), RowFiles.write(type, cells, options))) {
      throw new AssertionError(what + ": the files differ; " + firstDifference(type, cells));
    }
  }

  /** The first row and field whose bytes differ when written alone both ways, for messages. */
  private String firstDifference(RowType type, List<Row> rows) throws IOException {
    for (int i = 0; i < rows.size(); i++) {
      for (int f = 0; f < type.fieldCount(); f++) {
        RowType one = type.project(new int[] {f});
        List<Row> row = List.of(Row.of(rows.get(i).get(f)));
        byte[] expected = RowFiles.write(one, row, RowFileOptions.defaults());
        try (RowFileReader reader =
                RowFile.open(
                    new CountingInput("one.row", expected), one, RowFileOptions.defaults());
            RowArrowReader batches = reader.arrowReader(allocator, 1)) {
          batches.loadNextBatch();
          byte[] actual = write(one, batches.getVectorSchemaRoot());
          if (!java.util.Arrays.equals(actual, expected)) {
            return "row " + i + " field " + type.fields().get(f) + " value " + rows.get(i).get(f);
          }
        }
      }
    }
    return "no single value differs";
  }

  @Test
  void malformedUtf8IsStoredAsTheStringItDecodesTo() throws IOException {
    RowType type = (RowType) DataTypes.parse("ROW<s STRING>");
    byte[][] inputs = {
      {'a', (byte) 0xC3}, // truncated 2-byte sequence
      {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // a surrogate
      {(byte) 0xC0, (byte) 0xAF}, // overlong '/'
      {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // above U+10FFFF
      {(byte) 0xE2, (byte) 0x82, (byte) 0xAC, 'x'}, // well-formed euro sign
      {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80} // well-formed U+1F600
    };
    List<Row> rows = new ArrayList<>();
    for (byte[] b : inputs) {
      rows.add(Row.of(new String(b, StandardCharsets.UTF_8)));
    }
    try (VectorSchemaRoot root =
        VectorSchemaRoot.create(ArrowSchemas.toArrowSchema(type), allocator)) {
      VarCharVector s = (VarCharVector) root.getVector(0);
      for (int i = 0; i < inputs.length; i++) {
        s.setSafe(i, inputs[i]);
      }
      root.setRowCount(inputs.length);
      assertThat(write(type, root))
          .isEqualTo(RowFiles.write(type, rows, RowFileOptions.defaults()));
    }
  }

  @Test
  void aRepeatedMapKeyIsKeptOnceWithItsLastValue() throws IOException {
    RowType type = (RowType) DataTypes.parse("ROW<m MAP<STRING, INT>, d MAP<DOUBLE, INT>>");
    Map<Object, Object> strings = new LinkedHashMap<>();
    strings.put("a", 3);
    strings.put("b", 2);
    Map<Object, Object> doubles = new LinkedHashMap<>();
    doubles.put(Double.NaN, 4);
    doubles.put(-0.0, 5);
    doubles.put(0.0, 6);
    Row expected = Row.of(strings, doubles);
    try (VectorSchemaRoot root =
        VectorSchemaRoot.create(ArrowSchemas.toArrowSchema(type), allocator)) {
      root.allocateNew();
      UnionMapWriter m = ((MapVector) root.getVector(0)).getWriter();
      m.setPosition(0);
      m.startMap();
      entry(m, "a", 1);
      entry(m, "b", 2);
      entry(m, "a", 3);
      m.endMap();
      UnionMapWriter d = ((MapVector) root.getVector(1)).getWriter();
      d.setPosition(0);
      d.startMap();
      double[] keys = {Double.NaN, -0.0, Double.longBitsToDouble(0x7ff8000000000123L), 0.0};
      int[] counts = {1, 5, 4, 6};
      for (int k = 0; k < keys.length; k++) {
        d.startEntry();
        d.key().float8().writeFloat8(keys[k]);
        d.value().integer().writeInt(counts[k]);
        d.endEntry();
      }
      d.endMap();
      root.setRowCount(1);
      assertThat(write(type, root))
          .isEqualTo(RowFiles.write(type, List.of(expected), RowFileOptions.defaults()));
    }
  }

  private void entry(UnionMapWriter m, String key, int value) {
    m.startEntry();
    byte[] k = key.getBytes(StandardCharsets.UTF_8);
    try (org.apache.arrow.memory.ArrowBuf buf = allocator.buffer(k.length)) {
      buf.setBytes(0, k);
      m.key().varChar().writeVarChar(0, k.length, buf);
    }
    m.value().integer().writeInt(value);
    m.endEntry();
  }

  @Test
  void aNullInANotNullFieldNamesTheFieldAndTheBatchRowAndWritesNothingOfThatRow()
      throws IOException {
    RowType type = (RowType) DataTypes.parse("ROW<id BIGINT NOT NULL, x DOUBLE>");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (VectorSchemaRoot root =
            VectorSchemaRoot.create(ArrowSchemas.toArrowSchema(type), allocator);
        RowFileWriter writer =
            RowFile.newWriter(out, "arrow.row", type, RowFileOptions.defaults())) {
      BigIntVector id = (BigIntVector) root.getVector(0);
      Float8Vector x = (Float8Vector) root.getVector(1);
      root.allocateNew();
      for (int i = 0; i < 5; i++) {
        if (i != 3) {
          id.set(i, i);
        }
        x.set(i, i / 2.0);
      }
      root.setRowCount(5);
      assertThatThrownBy(() -> writer.write(root))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("batch row 3: field 'id' is NOT NULL but null");
      assertThat(writer.rowCount()).isEqualTo(3);
      RowArrowAppender appender = writer.arrowAppender(root.getFieldVectors());
      assertThatThrownBy(() -> appender.append(3))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("field 'id' is NOT NULL but null");
      appender.append(4);
      assertThatThrownBy(() -> appender.appendRange(4, 6))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("rows 4 to 6 are not rows of the vectors, which hold 5 rows");
      writer.close();
      assertThat(writer.rowCount()).isEqualTo(4);
    }
    List<Row> expected =
        List.of(Row.of(0L, 0.0), Row.of(1L, 0.5), Row.of(2L, 1.0), Row.of(4L, 2.0));
    assertThat(out.toByteArray())
        .isEqualTo(RowFiles.write(type, expected, RowFileOptions.defaults()));
  }

  @Test
  void aVectorOfAnotherLayoutIsRefusedNamingTheField() throws IOException {
    RowType type = (RowType) DataTypes.parse("ROW<id BIGINT, t TIME>");
    try (IntVector id = new IntVector("id", allocator);
        TimeMilliVector t = new TimeMilliVector("t", allocator);
        RowFileWriter writer =
            RowFile.newWriter(
                new ByteArrayOutputStream(), "arrow.row", type, RowFileOptions.defaults())) {
      assertThat(ArrowSchemas.matches(id, DataTypes.BIGINT())).isFalse();
      assertThat(ArrowSchemas.matches(id, DataTypes.INT())).isTrue();
      assertThatThrownBy(() -> writer.arrowAppender(List.of(id, t)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "field 'id' of type BIGINT cannot be encoded from an Arrow Int(32, true) vector"
                  + " (IntVector); expected the layout of Int(64, true)");
      assertThatThrownBy(() -> writer.arrowAppender(List.of(t)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("1 vectors given for the 2 fields of the file");
    }
  }

  @Test
  void fieldsWithoutAVectorTakeTheirValuesFromTheRowGiven() throws IOException {
    RowType type = (RowType) DataTypes.parse("ROW<id BIGINT, d DECIMAL(5, 2), s STRING NOT NULL>");
    List<Row> expected = List.of(Row.of(7L, new BigDecimal("1.25"), "x"), Row.of(null, null, "yz"));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (BigIntVector id = new BigIntVector("id", allocator);
        RowFileWriter writer =
            RowFile.newWriter(out, "arrow.row", type, RowFileOptions.defaults())) {
      id.allocateNew(2);
      id.set(0, 7);
      id.setNull(1);
      id.setValueCount(2);
      List<FieldVector> vectors = new ArrayList<>();
      vectors.add(id);
      vectors.add(null);
      vectors.add(null);
      RowArrowAppender appender = writer.arrowAppender(vectors);
      assertThatThrownBy(() -> appender.append(0))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("field 's' is NOT NULL but null");
      appender.append(0, Row.of(-1L, new BigDecimal("1.25"), "x"));
      appender.append(1, Row.of(null, null, "yz"));
    }
    assertThat(out.toByteArray())
        .isEqualTo(RowFiles.write(type, expected, RowFileOptions.defaults()));
  }

  @Test
  void aDecimalWithMoreDigitsThanItsPrecisionIsARowFormatException() throws IOException {
    RowType type = (RowType) DataTypes.parse("ROW<d DECIMAL(4, 2), w DECIMAL(20, 2)>");
    // Vectors of a wider precision than the columns': the values are checked against the type's.
    try (DecimalVector d = new DecimalVector("d", allocator, 38, 2);
        DecimalVector w = new DecimalVector("w", allocator, 38, 2);
        RowFileWriter writer =
            RowFile.newWriter(
                new ByteArrayOutputStream(), "arrow.row", type, RowFileOptions.defaults())) {
      d.setSafe(0, new BigDecimal("12.34"));
      w.setSafe(0, new BigDecimal("-999999999999999999.99"));
      d.setSafe(1, new BigDecimal("0.01"));
      w.setSafe(1, new BigDecimal("-1000000000000000000.00"));
      d.setSafe(2, new BigDecimal("100.00"));
      w.setSafe(2, new BigDecimal("1.00"));
      d.setValueCount(3);
      w.setValueCount(3);
      RowArrowAppender appender = writer.arrowAppender(List.of(d, w));
      assertThatThrownBy(() -> appender.appendRange(0, 3))
          .isInstanceOf(RowFormatException.class)
          .hasMessage(
              "arrow.row: batch row 1: w: value -1000000000000000000.00 does not fit"
                  + " DECIMAL(20, 2) (more than 20 digits)");
      assertThat(writer.rowCount()).isEqualTo(1);
      assertThatThrownBy(() -> appender.append(2))
          .isInstanceOf(RowFormatException.class)
          .hasMessage(
              "arrow.row: row 1: d: value 100.00 does not fit DECIMAL(4, 2) (more than 4 digits)");
    }
  }

  @Test
  void aTimestampVectorWithAnyTimeZoneAndUnnamedChildrenIsAccepted() throws IOException {
    RowType type = (RowType) DataTypes.parse("ROW<t TIMESTAMP_LTZ(6), r ROW<a INT>>");
    Field t =
        new Field(
            "whatever",
            FieldType.notNullable(
                new ArrowType.Timestamp(
                    org.apache.arrow.vector.types.TimeUnit.MICROSECOND, "Asia/Tokyo")),
            null);
    try (TimeStampMicroTZVector ts = (TimeStampMicroTZVector) t.createVector(allocator);
        StructVector r = StructVector.empty("r", allocator)) {
      IntVector a =
          r.addOrGet("a", FieldType.nullable(new ArrowType.Int(32, true)), IntVector.class);
      ts.allocateNew(1);
      ts.set(0, -1_500_001L);
      ts.setValueCount(1);
      r.allocateNew();
      r.setIndexDefined(0);
      a.setSafe(0, 9);
      r.setValueCount(1);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (RowFileWriter writer =
          RowFile.newWriter(out, "arrow.row", type, RowFileOptions.defaults())) {
        assertThat(ArrowSchemas.matches(ts, type.typeAt(0))).isTrue();
        writer.arrowAppender(List.of(ts, r)).append(0);
      }
      Row expected = Row.of(java.time.Instant.ofEpochSecond(-2, 499_999_000), Row.of(9));
      assertThat(out.toByteArray())
          .isEqualTo(RowFiles.write(type, List.of(expected), RowFileOptions.defaults()));
    }
  }

  private byte[] write(RowType type, VectorSchemaRoot root) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RowFileWriter writer =
        RowFile.newWriter(out, "arrow.row", type, RowFileOptions.defaults())) {
      writer.write(root);
    }
    return out.toByteArray();
  }
}
