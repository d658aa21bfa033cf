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
import io.paimon.types.Variant;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.roaringbitmap.RoaringBitmap;

/**
 * The Arrow fast path against the generic reader: random schemas and rows (without null map keys
 * and with nanosecond timestamps inside Arrow's range), random batch sizes, projections and
 * selections must give the same values, row numbers and the documented Arrow schema. Every
 * allocation comes from a root allocator closed after each test, so a leaked buffer fails it.
 */
class ArrowReaderTest {

  private static final int[] BATCH_SIZES = {1, 7, 100, 4096};
  private static final int[] BLOCK_SIZES = {200, 300, 512, 1000, 4096, 65536};
  private static final int SEEDS = 30;

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
    return LongStream.range(1000, 1000 + SEEDS);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void randomBatchesMatchTheGenericReader(long seed) throws IOException {
    SplittableRandom r = new SplittableRandom(seed);
    RowType type = RandomTypes.rowType(r, 8, 3);
    int rowCount = r.nextInt(5) == 0 ? r.nextInt(5) : r.nextInt(1001);
    int blockSize = BLOCK_SIZES[r.nextInt(BLOCK_SIZES.length)];
    RandomValues values =
        new RandomValues(r, new double[] {0, 0.1, 0.5}[r.nextInt(3)], false, true);
    List<Row> writes = new ArrayList<>();
    List<Row> expected = new ArrayList<>();
    for (int i = 0; i < rowCount; i++) {
      RandomValues.Value row = values.row(type);
      writes.add((Row) row.write());
      expected.add((Row) row.expected());
    }
    byte[] file = RowFiles.write(type, writes, RowFileOptions.defaults().blockSize(blockSize));
    RowFileOptions options =
        RowFileOptions.defaults()
            .executor(TestExecutor.SHARED)
            .readAheadBlocks(r.nextBoolean() ? 0 : 4);
    String context = "seed " + seed + ", " + rowCount + " rows, block size " + blockSize;
    try (RowFileReader reader = RowFile.open(new CountingInput("arrow.row", file), type, options)) {
      for (int round = 0; round < 2; round++) {
        int batchSize = BATCH_SIZES[r.nextInt(BATCH_SIZES.length)];
        int[] projection =
            r.nextBoolean() ? RoundTripPropertyTest.randomProjection(r, type.fieldCount()) : null;
        RoaringBitmap selection =
            r.nextBoolean() ? RoundTripPropertyTest.randomSelection(r, rowCount) : null;
        String ctx =
            context
                + ", batch size "
                + batchSize
                + ", projection "
                + Arrays.toString(projection)
                + ", selection "
                + selection;
        try (RowFileReader projected = projection == null ? null : reader.project(projection);
            RowFileReader view =
                selection == null
                    ? null
                    : (projected == null ? reader : projected).select(selection)) {
          RowFileReader narrowed = view != null ? view : projected != null ? projected : reader;
          List<Row> expectedRows =
              projection == null ? expected : RoundTripPropertyTest.project(expected, projection);
          assertArrowMatchesGeneric(narrowed, expectedRows, selection, batchSize, ctx);
        }
      }
    }
  }

  @Test
  void everyTypeMatchesTheGenericReader() throws IOException {
    RowType type = RandomTypes.everyType();
    RandomValues values = new RandomValues(new SplittableRandom(5), 0.2, false, true);
    List<Row> writes = new ArrayList<>();
    List<Row> expected = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      RandomValues.Value row = values.row(type);
      writes.add((Row) row.write());
      expected.add((Row) row.expected());
    }
    byte[] file = RowFiles.write(type, writes, RowFileOptions.defaults().blockSize(4096));
    try (RowFileReader reader =
        RowFile.open(new CountingInput("every.row", file), type, RowFileOptions.defaults())) {
      assertArrowMatchesGeneric(reader, expected, null, 64, "every type");
    }
  }

  /**
   * Reads {@code reader} with its Arrow reader and checks each batch against the generic reader and
   * {@code expected} (all rows of the file, projected as the reader is).
   */
  private void assertArrowMatchesGeneric(
      RowFileReader reader, List<Row> expected, RoaringBitmap selection, int batchSize, String ctx)
      throws IOException {
    RowType rowType = reader.rowType();
    List<Row> generic = RowFiles.readAll(reader);
    List<Long> rowNumbers = new ArrayList<>();
    if (selection == null) {
      LongStream.range(0, expected.size()).forEach(rowNumbers::add);
    } else {
      selection.forEach((int i) -> rowNumbers.add((long) i));
    }
    assertThat(generic).as(ctx + ": generic rows").hasSameSizeAs(rowNumbers);
    for (int k = 0; k < generic.size(); k++) {
      RoundTripPropertyTest.assertExact(
          rowType,
          generic.get(k),
          expected.get(rowNumbers.get(k).intValue()),
          ctx + ", generic row " + k);
    }
    try (RowArrowReader arrow = reader.arrowReader(allocator, batchSize)) {
      VectorSchemaRoot root = arrow.getVectorSchemaRoot();
      assertThat(root.getSchema()).as(ctx).isEqualTo(ArrowSchemas.toArrowSchema(rowType));
      DocumentedArrowMapping.assertMatches(root.getSchema(), rowType);
      int k = 0;
      int batch = 0;
      while (arrow.loadNextBatch()) {
        String bctx = ctx + ", batch " + batch++;
        assertThat(arrow.getVectorSchemaRoot()).as(bctx + ": the root is reused").isSameAs(root);
        int rows = root.getRowCount();
        assertThat(rows).as(bctx + ": rows").isBetween(1, batchSize);
        assertThat(k + rows == generic.size() || rows == batchSize)
            .as(bctx + ": only the last batch is short")
            .isTrue();
        for (int i = 0; i < rows; i++, k++) {
          assertThat(arrow.rowNumber(i))
              .as(bctx + ", rowNumber(" + i + ")")
              .isEqualTo(rowNumbers.get(k));
          RoundTripPropertyTest.assertExact(
              rowType,
              arrowRow(rowType, root, i),
              (Row) ArrowValues.atArrowUnit(rowType, generic.get(k)),
              bctx + ", row " + i + " (file row " + rowNumbers.get(k) + ")");
        }
        int outside = rows;
        assertThatThrownBy(() -> arrow.rowNumber(outside))
            .isInstanceOf(IndexOutOfBoundsException.class)
            .hasMessage("row " + outside + " is outside the batch of " + rows);
      }
      assertThat(k).as(ctx + ": rows in all batches").isEqualTo(generic.size());
      assertThat(arrow.loadNextBatch()).as(ctx + ": after the end").isFalse();
      assertThat(root.getRowCount()).as(ctx + ": after the end").isZero();
    }
  }

  @Test
  void reusedRootHoldsNoStaleValues() throws IOException {
    RowType type =
        (RowType)
            DataTypes.parse(
                "ROW<i INT, s STRING, d DECIMAL(30, 2), ts TIMESTAMP(6), a ARRAY<INT>,"
                    + " m MAP<STRING NOT NULL, BIGINT>, r ROW<x INT, y STRING>,"
                    + " v VECTOR<FLOAT, 2>, va VARIANT, b BYTES>");
    Map<String, Long> map = new HashMap<>();
    map.put("k", 7L);
    Row full =
        Row.of(
            1,
            "a long string value",
            new BigDecimal("12345678901234567890.12"),
            LocalDateTime.of(2024, 5, 6, 7, 8, 9, 123_456_000),
            List.of(1, 2, 3),
            map,
            Row.of(5, "y"),
            new float[] {1.5f, -2f},
            Variant.of(new byte[] {1}, new byte[] {2}),
            new byte[] {9, 8, 7});
    Row nulls = Row.wrap(new Object[type.fieldCount()]);
    Row emptyAndNested =
        Row.of(
            2,
            "",
            BigDecimal.ZERO.setScale(2),
            LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000),
            List.of(),
            Map.of(),
            Row.of(null, null),
            new float[] {0f, Float.NaN},
            Variant.of(new byte[0], new byte[0]),
            new byte[0]);
    List<Row> rows = List.of(full, nulls, full, emptyAndNested, nulls, nulls, emptyAndNested, full);
    byte[] file = RowFiles.write(type, rows, RowFileOptions.defaults().blockSize(200));
    for (int batchSize : new int[] {1, 2, 3}) {
      try (RowFileReader reader =
              RowFile.open(new CountingInput("stale.row", file), type, RowFileOptions.defaults());
          RowArrowReader arrow = reader.arrowReader(allocator, batchSize)) {
        VectorSchemaRoot root = arrow.getVectorSchemaRoot();
        int k = 0;
        while (arrow.loadNextBatch()) {
          for (int i = 0; i < root.getRowCount(); i++, k++) {
            RoundTripPropertyTest.assertExact(
                type,
                arrowRow(type, root, i),
                rows.get(k),
                "batch size " + batchSize + ", row " + k);
          }
        }
        assertThat(k).isEqualTo(rows.size());
      }
    }
  }

  @Test
  void nullMapKeyFailsNamingTheColumn() throws IOException {
    RowType type =
        (RowType) DataTypes.parse("ROW<id INT, tags MAP<STRING, INT>, r ROW<m MULTISET<STRING>>>");
    Map<String, Integer> nullKey = new HashMap<>();
    nullKey.put(null, 1);
    Map<String, Integer> nullElement = new HashMap<>();
    nullElement.put(null, 2);
    assertArrowFails(
        type,
        Row.of(1, nullKey, null),
        "map 'tags' has a null key, which an Arrow map cannot hold");
    assertArrowFails(
        type,
        Row.of(1, Map.of(), Row.of(nullElement)),
        "map 'r.m' has a null key, which an Arrow map cannot hold");
  }

  @Test
  void nanosecondTimestampOutsideArrowRangeFails() throws IOException {
    RowType type = (RowType) DataTypes.parse("ROW<ts TIMESTAMP(9), ltz ARRAY<TIMESTAMP_LTZ(7)>>");
    LocalDateTime y9999 = LocalDateTime.of(9999, 12, 31, 23, 59, 59, 123_456_789);
    assertArrowFails(
        type,
        Row.of(y9999, null),
        "timestamp 253402300799123 ms of 'ts' cannot be represented in Arrow nanoseconds");
    assertArrowFails(
        type,
        Row.of(null, List.of(LocalDateTime.of(1500, 1, 1, 0, 0).toInstant(ZoneOffset.UTC))),
        "timestamp -14831769600000 ms of 'ltz[]' cannot be represented in Arrow nanoseconds");

    // Microseconds reach year 9999: TIMESTAMP(6) keeps the value, floored to the microsecond.
    RowType micros = (RowType) DataTypes.parse("ROW<ts TIMESTAMP(6)>");
    byte[] file = RowFiles.write(micros, List.of(Row.of(y9999)), RowFileOptions.defaults());
    try (RowFileReader reader =
            RowFile.open(new CountingInput("micros.row", file), micros, RowFileOptions.defaults());
        RowArrowReader arrow = reader.arrowReader(allocator, 10)) {
      assertThat(arrow.loadNextBatch()).isTrue();
      assertThat(arrowRow(micros, arrow.getVectorSchemaRoot(), 0))
          .isEqualTo(Row.of(LocalDateTime.of(9999, 12, 31, 23, 59, 59, 123_456_000)));
    }
  }

  /** Writes a good row and {@code bad}; the Arrow reader must fail on the second row. */
  private void assertArrowFails(RowType type, Row bad, String message) throws IOException {
    Row good = Row.wrap(new Object[type.fieldCount()]);
    byte[] file = RowFiles.write(type, List.of(good, bad), RowFileOptions.defaults());
    try (RowFileReader reader =
        RowFile.open(new CountingInput("bad.row", file), type, RowFileOptions.defaults())) {
      assertThat(RowFiles.readAll(reader))
          .as("the generic reader reads it")
          .containsExactly(good, bad);
      try (RowArrowReader arrow = reader.arrowReader(allocator, 100)) {
        assertThatThrownBy(arrow::loadNextBatch)
            .isInstanceOf(RowFormatException.class)
            .hasMessageStartingWith("bad.row at offset 0: block 0, row 1, uncompressed byte ")
            .hasMessageEndingWith(": " + message);
      }
    }
  }

  @Test
  void emptyFileAndEmptySelectionGiveNoBatch() throws IOException {
    RowType type = (RowType) DataTypes.parse("ROW<id BIGINT, s STRING>");
    byte[] empty = RowFiles.write(type, List.of(), RowFileOptions.defaults());
    byte[] two =
        RowFiles.write(type, List.of(Row.of(1L, "a"), Row.of(2L, "b")), RowFileOptions.defaults());
    try (RowFileReader reader =
            RowFile.open(new CountingInput("empty.row", empty), type, RowFileOptions.defaults());
        RowArrowReader arrow = reader.arrowReader(allocator, 10)) {
      assertThat(arrow.loadNextBatch()).isFalse();
      assertThat(arrow.getVectorSchemaRoot().getRowCount()).isZero();
    }
    try (RowFileReader reader =
            RowFile.open(new CountingInput("two.row", two), type, RowFileOptions.defaults());
        RowFileReader none = reader.select(new RoaringBitmap());
        RowArrowReader arrow = none.arrowReader(allocator, 10)) {
      assertThat(arrow.loadNextBatch()).isFalse();
      assertThatThrownBy(() -> arrow.rowNumber(0))
          .isInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("row 0 is outside the batch of 0");
    }
  }

  @Test
  void batchSizeMustBePositive() throws IOException {
    RowType type = (RowType) DataTypes.parse("ROW<id BIGINT>");
    byte[] file = RowFiles.write(type, List.of(), RowFileOptions.defaults());
    try (RowFileReader reader =
        RowFile.open(new CountingInput("x.row", file), type, RowFileOptions.defaults())) {
      assertThatThrownBy(() -> reader.arrowReader(allocator, 0))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("batchSize must be positive, got 0");
    }
  }

  /** Row {@code i} of a batch whose columns hold {@code type}, in the Java value model. */
  static Row arrowRow(RowType type, VectorSchemaRoot root, int i) {
    Object[] values = new Object[type.fieldCount()];
    for (int f = 0; f < values.length; f++) {
      values[f] = ArrowValues.valueAt(type.typeAt(f), root.getVector(f), i);
    }
    return Row.wrap(values);
  }
}
