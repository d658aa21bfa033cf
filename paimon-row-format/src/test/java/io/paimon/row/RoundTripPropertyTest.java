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

import com.github.luben.zstd.Zstd;
import io.paimon.types.DataField;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.roaringbitmap.RoaringBitmap;

/**
 * Random schemas and rows written and read back in every way a reader offers (iterator, read(i) in
 * random order, projection, selection, both; with and without read-ahead), which must all return
 * exactly the rows written (floats and doubles by their raw bits), and the written layout must
 * follow Paimon's flush rule. The seed is in every assertion's description.
 */
class RoundTripPropertyTest {

  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final int[] BLOCK_SIZES = {200, 300, 512, 1000, 4096, 65536};
  private static final double[] NULL_RATES = {0.0, 0.1, 0.3, 0.9};
  private static final int SEEDS = 40;

  static LongStream seeds() {
    return LongStream.range(0, SEEDS);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void randomRowsReadBackExactlyInEveryWay(long seed) throws IOException {
    SplittableRandom r = new SplittableRandom(seed);
    RowType type = RandomTypes.rowType(r, 8, 3);
    int rowCount = r.nextInt(5) == 0 ? r.nextInt(5) : r.nextInt(2001);
    int blockSize = BLOCK_SIZES[r.nextInt(BLOCK_SIZES.length)];
    RandomValues values =
        new RandomValues(r, NULL_RATES[r.nextInt(NULL_RATES.length)], r.nextInt(4) == 0, false);
    List<Row> writes = new ArrayList<>(rowCount);
    List<Row> expected = new ArrayList<>(rowCount);
    for (int i = 0; i < rowCount; i++) {
      RandomValues.Value row = values.row(type);
      writes.add((Row) row.write());
      expected.add((Row) row.expected());
    }
    checkRoundTrip(type, writes, expected, blockSize, r, "seed " + seed);
  }

  @Test
  void everyTypeAtEveryPrecisionRoundTrips() throws IOException {
    RowType type = RandomTypes.everyType();
    SplittableRandom r = new SplittableRandom(7);
    RandomValues values = new RandomValues(r, 0.2, false, false);
    List<Row> writes = new ArrayList<>();
    List<Row> expected = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      RandomValues.Value row = values.row(type);
      writes.add((Row) row.write());
      expected.add((Row) row.expected());
    }
    checkRoundTrip(type, writes, expected, 4096, r, "every type, seed 7");
  }

  @Test
  void emptyFileIs35BytesAndReadsBackEmpty() throws IOException {
    RowType type = RandomTypes.everyType();
    byte[] file = RowFiles.write(type, List.of(), RowFileOptions.defaults());
    assertThat(file).hasSize(35);
    checkRoundTrip(type, List.of(), List.of(), 65536, new SplittableRandom(1), "empty file");
    try (RowFileReader reader =
        RowFile.open(new CountingInput("empty.row", file), type, RowFileOptions.defaults())) {
      assertThat(reader.layout().blockCount()).isZero();
      assertThatThrownBy(() -> reader.read(0))
          .isInstanceOf(IndexOutOfBoundsException.class)
          .hasMessage("empty.row: row 0 is outside [0, 0)");
    }
  }

  @Test
  void oneMebibyteRowInBlocksOf200Bytes() throws IOException {
    RowType type = (RowType) DataTypes.parse("ROW<id INT NOT NULL, payload BYTES, s STRING>");
    SplittableRandom r = new SplittableRandom(11);
    byte[] big = new byte[1 << 20];
    for (int i = 0; i < big.length; i++) {
      big[i] = (byte) r.nextInt();
    }
    Row bigRow = Row.of(0, big, "x".repeat(1 << 20));
    checkRoundTrip(type, List.of(bigRow), List.of(bigRow), 200, r, "one 1 MiB row");

    // Small rows stay under the threshold; each big row closes the block it lands in.
    List<Row> rows = new ArrayList<>();
    rows.add(bigRow);
    for (int i = 1; i <= 3; i++) {
      rows.add(Row.of(i, new byte[] {(byte) i}, "s" + i));
    }
    rows.add(Row.of(4, big, null));
    rows.add(Row.of(5, null, "€😀"));
    byte[] file = checkRoundTrip(type, rows, rows, 200, r, "big and small rows");
    try (RowFileReader reader =
        RowFile.open(new CountingInput("big.row", file), type, RowFileOptions.defaults())) {
      assertThat(reader.layout().rowStarts()).containsExactly(0, 1, 5);
    }
  }

  @Test
  void twoThousandAllNullRowsRoundTrip() throws IOException {
    List<DataField> fields = new ArrayList<>();
    for (DataField f : RandomTypes.everyType().fields()) {
      fields.add(f.withType(f.type().nullable()));
    }
    RowType type = DataTypes.ROW(fields);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      rows.add(Row.wrap(new Object[type.fieldCount()]));
    }
    byte[] file = checkRoundTrip(type, rows, rows, 512, new SplittableRandom(3), "all-null rows");
    int rowBytes = (type.fieldCount() + 7) / 8;
    try (RowFileReader reader =
        RowFile.open(new CountingInput("nulls.row", file), type, RowFileOptions.defaults())) {
      // Each row is only its null bitmap, plus its 4-byte offset.
      int rowsPerBlock = (512 - 4 + rowBytes + 4 - 1) / (rowBytes + 4);
      assertThat(reader.layout().uncompressedSizes()[0])
          .isEqualTo(rowsPerBlock * (rowBytes + 4) + 4);
      assertThat(reader.layout().blockCount()).isEqualTo((2000 + rowsPerBlock - 1) / rowsPerBlock);
    }
  }

  /** Writes the rows, checks the layout, reads them back every way; returns the file. */
  private static byte[] checkRoundTrip(
      RowType type,
      List<Row> writes,
      List<Row> expected,
      int blockSize,
      SplittableRandom r,
      String seed)
      throws IOException {
    String context = seed + ", " + writes.size() + " rows, block size " + blockSize + ", " + type;
    byte[] file = RowFiles.write(type, writes, RowFileOptions.defaults().blockSize(blockSize));
    assertFlushRule(file, type, blockSize, expected.size(), context);
    int n = expected.size();
    for (int readAhead : new int[] {0, 4}) {
      String ctx = context + ", readAhead " + readAhead;
      RowFileOptions options =
          RowFileOptions.defaults().executor(TestExecutor.SHARED).readAheadBlocks(readAhead);
      try (RowFileReader reader =
          RowFile.open(new CountingInput("file.row", file), type, options)) {
        assertThat(reader.rowCount()).as(ctx).isEqualTo(n);
        assertRows(type, RowFiles.readAll(reader), expected, ctx + ", iterator");
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          order.add(i);
        }
        Collections.shuffle(order, new Random(r.nextLong()));
        for (int i : order) {
          assertExact(type, reader.read(i), expected.get(i), ctx + ", read(" + i + ")");
        }

        int[] projection = randomProjection(r, type.fieldCount());
        RoaringBitmap selection = randomSelection(r, n);
        String pctx = ctx + ", projection " + Arrays.toString(projection);
        String sctx = ctx + ", selection " + selection;
        List<Row> projected = project(expected, projection);
        try (RowFileReader view = reader.project(projection)) {
          assertThat(view.rowType()).as(pctx).isEqualTo(type.project(projection));
          assertRows(view.rowType(), RowFiles.readAll(view), projected, pctx);
          for (int k = 0; k < Math.min(n, 50); k++) {
            int i = r.nextInt(n);
            assertExact(view.rowType(), view.read(i), projected.get(i), pctx + ", read(" + i + ")");
          }
          try (RowFileReader both = view.select(selection)) {
            assertRows(
                both.rowType(),
                RowFiles.readAll(both),
                select(projected, selection),
                pctx + ", " + sctx);
          }
        }
        try (RowFileReader view = reader.select(selection)) {
          assertRows(type, RowFiles.readAll(view), select(expected, selection), sctx);
          try (RowFileReader both = view.project(projection)) {
            assertRows(
                both.rowType(),
                RowFiles.readAll(both),
                select(projected, selection),
                sctx + ", " + pctx);
          }
        }
      }
    }
    return file;
  }

  /** A random non-empty subset of the fields, in random order. */
  static int[] randomProjection(SplittableRandom r, int fieldCount) {
    List<Integer> fields = new ArrayList<>();
    for (int i = 0; i < fieldCount; i++) {
      fields.add(i);
    }
    Collections.shuffle(fields, new Random(r.nextLong()));
    return fields.subList(0, 1 + r.nextInt(fieldCount)).stream()
        .mapToInt(Integer::intValue)
        .toArray();
  }

  /** A random selection of rows in [0, rowCount): empty, all, a range, or random densities. */
  static RoaringBitmap randomSelection(SplittableRandom r, int rowCount) {
    RoaringBitmap bitmap = new RoaringBitmap();
    if (rowCount == 0) {
      return bitmap;
    }
    switch (r.nextInt(6)) {
      case 0:
        return bitmap;
      case 1:
        bitmap.add(0L, rowCount);
        return bitmap;
      case 2:
        {
          int from = r.nextInt(rowCount);
          bitmap.add((long) from, from + 1 + r.nextInt(rowCount - from));
          return bitmap;
        }
      default:
        {
          double density = new double[] {0.005, 0.1, 0.6}[r.nextInt(3)];
          for (int i = 0; i < rowCount; i++) {
            if (r.nextDouble() < density) {
              bitmap.add(i);
            }
          }
          return bitmap;
        }
    }
  }

  static List<Row> project(List<Row> rows, int[] projection) {
    List<Row> out = new ArrayList<>(rows.size());
    for (Row row : rows) {
      Object[] values = new Object[projection.length];
      for (int i = 0; i < projection.length; i++) {
        values[i] = row.get(projection[i]);
      }
      out.add(Row.wrap(values));
    }
    return out;
  }

  static List<Row> select(List<Row> rows, RoaringBitmap selection) {
    List<Row> out = new ArrayList<>();
    selection.forEach((int i) -> out.add(rows.get(i)));
    return out;
  }

  static void assertRows(RowType type, List<Row> actual, List<Row> expected, String context) {
    for (int i = 0; i < Math.min(actual.size(), expected.size()); i++) {
      assertExact(type, actual.get(i), expected.get(i), context + ", row " + i);
    }
    assertThat(actual).as(context + ": number of rows").hasSameSizeAs(expected);
  }

  /**
   * Exact equality ({@link ExactValues}: floats by raw bits, decimals with their scale, map entries
   * in order, the model's Java classes), and {@link Row#equals} agrees.
   */
  static void assertExact(RowType type, Row actual, Row expected, String context) {
    ExactValues.assertSameRow(type, expected, actual, context);
    assertThat(actual).as(context).isEqualTo(expected);
  }

  /**
   * Decompresses every block and checks the layout: offsets and row starts are consistent, every
   * block but the last reaches the block size, a block is closed by the first row that makes it
   * reach the block size (so rows never split, and an oversized row closes its block).
   */
  static void assertFlushRule(
      byte[] file, RowType type, int blockSize, int rowCount, String context) throws IOException {
    RowFileLayout layout;
    try (RowFileReader reader =
        RowFile.open(new CountingInput("layout.row", file), type, RowFileOptions.defaults())) {
      layout = reader.layout();
    }
    int blocks = layout.blockCount();
    long[] offsets = layout.blockOffsets();
    int[] compressed = layout.compressedSizes();
    int[] uncompressed = layout.uncompressedSizes();
    long[] rowStarts = layout.rowStarts();
    assertThat(layout.fileSize()).as(context).isEqualTo(file.length);
    assertThat(layout.totalRowCount()).as(context).isEqualTo(rowCount);
    assertThat(layout.indexOffset() + layout.indexLength() + 32).as(context).isEqualTo(file.length);
    long position = 0;
    long rows = 0;
    for (int b = 0; b < blocks; b++) {
      String ctx = context + ", block " + b + " of " + blocks;
      assertThat(offsets[b]).as(ctx + ": offset").isEqualTo(position);
      assertThat(rowStarts[b]).as(ctx + ": row start").isEqualTo(rows);
      byte[] data = new byte[uncompressed[b]];
      long n =
          Zstd.decompressByteArray(data, 0, data.length, file, (int) offsets[b], compressed[b]);
      assertThat(n).as(ctx + ": decompressed size").isEqualTo(data.length);
      int count = (int) INT.get(data, data.length - 4);
      int rowRegionEnd = data.length - 4 - 4 * count;
      assertThat(count).as(ctx + ": rows").isPositive();
      int[] rowOffsets = new int[count + 1];
      for (int i = 0; i < count; i++) {
        rowOffsets[i] = (int) INT.get(data, rowRegionEnd + 4 * i);
      }
      rowOffsets[count] = rowRegionEnd;
      assertThat(rowOffsets[0]).as(ctx + ": first row offset").isZero();
      assertThat(rowOffsets).as(ctx + ": row offsets").isSorted();
      if (b < blocks - 1) {
        assertThat(uncompressed[b])
            .as(ctx + ": reaches the block size")
            .isGreaterThanOrEqualTo(blockSize);
      }
      long withoutLastRow = rowOffsets[count - 1] + 4L * (count - 1) + 4;
      assertThat(withoutLastRow).as(ctx + ": size before its last row").isLessThan(blockSize);
      for (int i = 0; i < count; i++) {
        int rowSize = rowOffsets[i + 1] - rowOffsets[i];
        if (rowSize + 8 >= blockSize) {
          assertThat(i).as(ctx + ": oversized row " + i + " closes its block").isEqualTo(count - 1);
        }
      }
      position += compressed[b];
      rows += count;
    }
    assertThat(position).as(context + ": index offset").isEqualTo(layout.indexOffset());
    assertThat(rows).as(context + ": rows in blocks").isEqualTo(rowCount);
  }
}
