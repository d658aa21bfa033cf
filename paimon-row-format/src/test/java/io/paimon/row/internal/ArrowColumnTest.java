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
package io.paimon.row.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.row.ArrowSchemas;
import io.paimon.row.Row;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.row.RowFileWriter;
import io.paimon.row.RowFormatException;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import io.paimon.types.Variant;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compare.VectorEqualsVisitor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The batched Arrow decode ({@link ArrowColumn}, used by the Arrow reader) gives the same vectors
 * as decoding value by value ({@link RowCodec#readArrow}), for staged and per-value types, nulls,
 * nested arrays, projections, and batches that reuse their vectors and cross block boundaries.
 */
class ArrowColumnTest {

  private static final RowType TYPE =
      (RowType)
          DataTypes.parse(
              "ROW<id BIGINT NOT NULL, i INT, s SMALLINT, t TINYINT, f FLOAT, d DOUBLE, day DATE,"
                  + " ts TIMESTAMP(3), ltz TIMESTAMP_LTZ(3), ts6 TIMESTAMP(6), name STRING,"
                  + " bin BYTES, tags ARRAY<STRING>, longs ARRAY<BIGINT>,"
                  + " nested ARRAY<ARRAY<INT>>, decs ARRAY<DECIMAL(10, 2)>, flag BOOLEAN,"
                  + " m MAP<STRING, INT>, r ROW<a INT, b STRING>, big DECIMAL(38, 4),"
                  + " v VARIANT, vec VECTOR<FLOAT, 3>>");

  @TempDir Path dir;
  private BufferAllocator allocator;

  @BeforeEach
  void openAllocator() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void closeAllocator() {
    allocator.close();
  }

  @Test
  void batchedDecodeGivesTheVectorsOfPerValueDecode() throws Exception {
    for (long seed : new long[] {1, 2, 3}) {
      Path file = writeRandomFile(seed, 700);
      for (int batchSize : new int[] {1, 7, 256, 5000}) {
        assertSameVectors(file, null, batchSize, "seed " + seed + ", batch " + batchSize);
      }
    }
  }

  @Test
  void batchedDecodeOfAProjectionGivesTheVectorsOfPerValueDecode() throws Exception {
    Path file = writeRandomFile(4, 500);
    assertSameVectors(file, new int[] {12, 0, 10}, 64, "projection 12, 0, 10");
    assertSameVectors(file, new int[] {21, 14, 7, 11}, 33, "projection 21, 14, 7, 11");
  }

  @Test
  void arrowReaderReturnsTheRowsOfTheIterator() throws Exception {
    Path file = writeRandomFile(5, 300);
    try (RowFileReader reader = RowFile.open(file, TYPE).project(0, 10, 12, 13);
        RowArrowReader arrow = reader.arrowReader(allocator, 50)) {
      List<Row> rows = new ArrayList<>();
      try (var it = reader.iterator()) {
        it.forEachRemaining(rows::add);
      }
      VectorSchemaRoot root = arrow.getVectorSchemaRoot();
      int seen = 0;
      while (arrow.loadNextBatch()) {
        for (int i = 0; i < root.getRowCount(); i++) {
          Row expected = rows.get(seen++);
          assertThat(root.getVector(0).getObject(i)).isEqualTo(expected.get(0));
          Object name = root.getVector(1).getObject(i);
          assertThat(name == null ? null : name.toString()).isEqualTo(expected.get(1));
          List<?> tags = (List<?>) root.getVector(2).getObject(i);
          List<String> tagStrings = null;
          if (tags != null) {
            tagStrings = new ArrayList<>();
            for (Object tag : tags) {
              tagStrings.add(tag == null ? null : tag.toString());
            }
          }
          assertThat(tagStrings).as("row %d tags", seen - 1).isEqualTo(expected.get(2));
          assertThat(root.getVector(3).getObject(i)).isEqualTo(expected.get(3));
        }
      }
      assertThat(seen).isEqualTo(300);
    }
  }

  @Test
  void truncatedFixedWidthValueIsReportedAsByTheValueDecoder() throws Exception {
    RowType type = (RowType) DataTypes.parse("ROW<a STRING, b BIGINT>");
    RowType wrong = (RowType) DataTypes.parse("ROW<a STRING, b BIGINT, c BIGINT>");
    Path file = dir.resolve("short.row");
    try (RowFileWriter w = RowFile.newWriter(file, type, RowFileOptions.defaults())) {
      w.write(Row.of("x", 1L));
    }
    try (RowFileReader reader = RowFile.open(file, wrong);
        RowArrowReader arrow = reader.arrowReader(allocator, 10)) {
      assertThatThrownBy(arrow::loadNextBatch)
          .isInstanceOf(RowFormatException.class)
          .hasMessageEndingWith(
              "block 0, row 0, uncompressed byte 11: an 8-byte value needs 8 bytes but only 0"
                  + " remain in the row");
    }
  }

  /** Decodes every block both ways, in batches that span blocks, and compares the vectors. */
  private void assertSameVectors(Path file, int[] projection, int batchSize, String what)
      throws IOException {
    RowCodec codec = new RowCodec(TYPE, projection);
    RowType outType = projection == null ? TYPE : TYPE.project(projection);
    try (LocalSeekableInput input = LocalSeekableInput.open(file);
        VectorSchemaRoot batched =
            VectorSchemaRoot.create(ArrowSchemas.toArrowSchema(outType), allocator);
        VectorSchemaRoot perValue =
            VectorSchemaRoot.create(ArrowSchemas.toArrowSchema(outType), allocator)) {
      RowFileMeta meta = RowFileMeta.read(input);
      FieldVector[] a = batched.getFieldVectors().toArray(new FieldVector[0]);
      FieldVector[] b = perValue.getFieldVectors().toArray(new FieldVector[0]);
      // The batched vectors start without buffers and are never reset: each batch must overwrite
      // everything the previous one left behind.
      for (FieldVector v : b) {
        v.allocateNew();
      }
      ArrowColumn[] columns = codec.arrowColumns(a);
      BlockInput in = new BlockInput(meta.name);
      int batches = 0;
      try (BlockProducer blocks =
          new BlockProducer(meta, input, RowCursor.blocksToRead(meta, null), 1 << 20, null)) {
        DecodedBlock block = new DecodedBlock();
        boolean more = blocks.produce(block);
        int row = 0;
        while (more) {
          for (ArrowColumn c : columns) {
            c.reset(batchSize);
          }
          int count = 0;
          while (count < batchSize && more) {
            if (row == block.rowCount) {
              more = blocks.produce(block);
              row = 0;
              continue;
            }
            in.reset(block.data, block.index, block.fileOffset);
            in.row(block.offsets[row], block.offsets[row + 1], block.firstRow + row);
            codec.readColumns(in, columns);
            in.row(block.offsets[row], block.offsets[row + 1], block.firstRow + row);
            codec.readArrow(in, b, count);
            row++;
            count++;
          }
          for (ArrowColumn c : columns) {
            c.finish();
          }
          batched.setRowCount(count);
          perValue.setRowCount(count);
          for (int k = 0; k < a.length; k++) {
            assertThat(VectorEqualsVisitor.vectorEquals(a[k], b[k]))
                .as("%s, batch %d, column %s", what, batches, a[k].getName())
                .isTrue();
          }
          batches++;
          for (FieldVector v : b) {
            v.reset();
          }
        }
      }
      assertThat(batches).as(what).isGreaterThan(0);
    }
  }

  private Path writeRandomFile(long seed, int rows) throws IOException {
    Path file = dir.resolve("random-" + seed + "-" + rows + ".row");
    SplittableRandom r = new SplittableRandom(seed);
    try (RowFileWriter w =
        RowFile.newWriter(file, TYPE, RowFileOptions.defaults().blockSize(2048))) {
      for (int i = 0; i < rows; i++) {
        w.write(randomRow(r, i));
      }
    }
    return file;
  }

  private static Row randomRow(SplittableRandom r, long id) {
    return Row.of(
        id,
        orNull(r, r.nextInt()),
        orNull(r, (short) r.nextInt()),
        orNull(r, (byte) r.nextInt()),
        orNull(r, (float) r.nextDouble()),
        orNull(r, r.nextDouble() * 1e6),
        orNull(r, LocalDate.ofEpochDay(r.nextInt(40_000))),
        orNull(
            r,
            LocalDateTime.ofEpochSecond(
                r.nextInt(1 << 30), r.nextInt(1000) * 1_000_000, ZoneOffset.UTC)),
        orNull(r, Instant.ofEpochMilli(r.nextLong(1L << 40))),
        orNull(
            r,
            LocalDateTime.ofEpochSecond(
                r.nextInt(1 << 30), r.nextInt(1_000_000) * 1000, ZoneOffset.UTC)),
        orNull(r, text(r, r.nextInt(30))),
        orNull(r, bytes(r, r.nextInt(100))),
        orNull(r, list(r, () -> orNull(r, text(r, r.nextInt(10))))),
        orNull(r, list(r, () -> orNull(r, r.nextLong()))),
        orNull(r, list(r, () -> orNull(r, list(r, () -> orNull(r, r.nextInt()))))),
        orNull(r, list(r, () -> orNull(r, BigDecimal.valueOf(r.nextInt(1_000_000), 2)))),
        orNull(r, r.nextBoolean()),
        orNull(r, map(r)),
        orNull(r, Row.of(orNull(r, r.nextInt()), orNull(r, text(r, 5)))),
        orNull(r, new BigDecimal(r.nextLong() + "12345.6789")),
        orNull(r, Variant.of(bytes(r, 4), bytes(r, 2))),
        orNull(r, new float[] {r.nextInt(), r.nextInt(), r.nextInt()}));
  }

  private static <T> T orNull(SplittableRandom r, T value) {
    return r.nextInt(5) == 0 ? null : value;
  }

  private static String text(SplittableRandom r, int length) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < length; i++) {
      sb.append(r.nextInt(10) == 0 ? 'é' : (char) ('a' + r.nextInt(26)));
    }
    return sb.toString();
  }

  private static byte[] bytes(SplittableRandom r, int length) {
    byte[] b = new byte[length];
    for (int i = 0; i < length; i++) {
      b[i] = (byte) r.nextInt();
    }
    return b;
  }

  private static <T> List<T> list(SplittableRandom r, java.util.function.Supplier<T> element) {
    int n = r.nextInt(5);
    List<T> list = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      list.add(element.get());
    }
    return list;
  }

  private static Map<String, Integer> map(SplittableRandom r) {
    Map<String, Integer> m = new LinkedHashMap<>();
    for (String k : Arrays.asList("a", "b", "c").subList(0, r.nextInt(4))) {
      m.put(k, r.nextInt(3) == 0 ? null : r.nextInt());
    }
    return m;
  }
}
