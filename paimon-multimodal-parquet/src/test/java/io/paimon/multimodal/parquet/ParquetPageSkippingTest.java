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
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import io.paimon.row.SeekableInput;
import io.paimon.types.DataField;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
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
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roaringbitmap.RoaringBitmap;

/**
 * Page skipping: in a file with offset indexes (parquet-java writes them by default), a selection
 * of few rows of a big row group reads only the pages holding them, and returns the same rows and
 * values as a read of the whole file, for random selections of every density.
 */
class ParquetPageSkippingTest {

  private static final int ROWS = 40_000;

  @TempDir static Path dir;

  private static byte[] data;
  private static final RowType TYPE =
      new RowType(
          List.of(
              new DataField(1, "id", DataTypes.BIGINT()),
              new DataField(2, "s", DataTypes.STRING()),
              new DataField(3, "d", DataTypes.DOUBLE())));
  private static List<Row> all;

  @BeforeAll
  static void write() throws Exception {
    MessageType schema =
        new MessageType(
            "paimon",
            Types.optional(PrimitiveTypeName.INT64).id(1).named("id"),
            Types.optional(PrimitiveTypeName.BINARY)
                .as(LogicalTypeAnnotation.stringType())
                .id(2)
                .named("s"),
            Types.optional(PrimitiveTypeName.DOUBLE).id(3).named("d"));
    Path file = dir.resolve("pages.parquet");
    SplittableRandom r = new SplittableRandom(5);
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> w =
        ExampleParquetWriter.builder(new LocalOutputFile(file))
            .withConf(new PlainParquetConfiguration())
            .withType(schema)
            .withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
            .withRowGroupSize(64L * 1024 * 1024)
            .withPageRowCountLimit(500)
            .withDictionaryEncoding("s", r.nextBoolean())
            .build()) {
      for (int i = 0; i < ROWS; i++) {
        Group g = groups.newGroup();
        if (i % 13 != 0) {
          g.append("id", (long) i);
        }
        if (i % 7 != 0) {
          g.append("s", Binary.fromString("v" + r.nextInt(100_000)));
        }
        g.append("d", r.nextDouble());
        w.write(g);
      }
    }
    data = Files.readAllBytes(file);
    try (RowFileReader reader = open();
        CloseableIterator<Row> it = reader.iterator()) {
      all = new ArrayList<>();
      it.forEachRemaining(all::add);
    }
    assertThat(all).hasSize(ROWS);
  }

  private static RowFileReader open() throws Exception {
    return new ParquetFormat()
        .open(ParquetStatisticsTest.input(data, "pages.parquet"), TYPE, RowFileOptions.defaults());
  }

  /**
   * The offset indexes a take consults are thrift, parsed a few bytes at a time: the stream buffers
   * small reads, so that each index region costs one request (on S3, one GET), not one per field.
   */
  @Test
  void aTakeMakesFewReadsOfTheFile() throws Exception {
    java.util.concurrent.atomic.AtomicInteger reads =
        new java.util.concurrent.atomic.AtomicInteger();
    SeekableInput counted =
        new SeekableInput() {
          private final SeekableInput in = ParquetStatisticsTest.input(data, "pages.parquet");

          @Override
          public String name() {
            return in.name();
          }

          @Override
          public long length() throws java.io.IOException {
            return in.length();
          }

          @Override
          public void readFully(long position, byte[] buf, int off, int len)
              throws java.io.IOException {
            reads.incrementAndGet();
            in.readFully(position, buf, off, len);
          }

          @Override
          public void close() {}
        };
    try (RowFileReader reader =
        new ParquetFormat().open(counted, TYPE, RowFileOptions.defaults())) {
      int opened = reads.get();
      List<Row> got = new ArrayList<>();
      read(reader, RoaringBitmap.bitmapOf(3, 17_000, 39_999), got);
      assertThat(got).containsExactly(all.get(3), all.get(17_000), all.get(39_999));
      int take = reads.get() - opened;
      System.out.printf("page skipping: a take of 3 rows made %d reads%n", take);
      // The footer again (a reader per Arrow reader), the three columns' offset indexes, and a
      // few pages per column.
      assertThat(take).isLessThan(16);
    }
  }

  @Test
  void aTakeOfFewRowsReadsOnlyTheirPages() throws Exception {
    try (RowFileReader reader = open()) {
      assertThat(reader.layout().rowStarts()).as("one row group").hasSize(1);
      long whole = read(reader, null, new ArrayList<>());
      RoaringBitmap take = RoaringBitmap.bitmapOf(3, 17_000, 17_001, 39_999);
      List<Row> got = new ArrayList<>();
      long few = read(reader, take, got);
      assertThat(got)
          .containsExactly(all.get(3), all.get(17_000), all.get(17_001), all.get(39_999));
      System.out.printf("page skipping: a take of 4 rows read %d of %d bytes%n", few, whole);
      assertThat(few).isPositive().isLessThan(whole / 10);
      // One row by number reads its pages only too (the same selection path).
      assertThat(reader.read(25_123)).isEqualTo(all.get(25_123));
    }
  }

  @Test
  void randomSelectionsReadTheSameRowsAsAWholeRead() throws Exception {
    SplittableRandom r = new SplittableRandom(99);
    try (RowFileReader reader = open()) {
      for (int k = 0; k < 40; k++) {
        RoaringBitmap rows = new RoaringBitmap();
        double density = Math.pow(10, -r.nextInt(5)) * (0.2 + 0.8 * r.nextDouble());
        int runs = 1 + r.nextInt(20);
        for (int i = 0; i < ROWS; i++) {
          if (r.nextDouble() < density) {
            int len = r.nextInt(runs);
            rows.add((long) i, Math.min(ROWS, (long) i + 1 + len));
          }
        }
        List<Row> expected = new ArrayList<>();
        rows.forEach((int i) -> expected.add(all.get(i)));
        List<Row> got = new ArrayList<>();
        RowFileReader view = k % 2 == 0 ? reader : reader.project(2, 0);
        read(view, rows, got);
        if (k % 2 == 1) {
          List<Row> projected = new ArrayList<>();
          for (Row e : expected) {
            projected.add(Row.of(e.get(2), e.get(0)));
          }
          assertThat(got)
              .as("selection %d of %d rows, projected", k, rows.getCardinality())
              .isEqualTo(projected);
        } else {
          assertThat(got)
              .as("selection %d of %d rows", k, rows.getCardinality())
              .isEqualTo(expected);
        }
        List<Row> iterated = new ArrayList<>();
        try (RowFileReader selected = reader.select(rows);
            CloseableIterator<Row> it = selected.iterator()) {
          it.forEachRemaining(iterated::add);
        }
        assertThat(iterated).as("selection %d by iterator", k).isEqualTo(expected);
      }
    }
  }

  /** Reads the rows of a selection (all when null) through Arrow; returns the bytes read. */
  private static long read(RowFileReader reader, RoaringBitmap rows, List<Row> out)
      throws Exception {
    try (RootAllocator allocator = new RootAllocator();
        RowFileReader view = rows == null ? reader.project(0, 1, 2) : reader.select(rows);
        RowArrowReader arrow = view.arrowReader(allocator, 333)) {
      while (arrow.loadNextBatch()) {
        VectorSchemaRoot root = arrow.getVectorSchemaRoot();
        for (int i = 0; i < root.getRowCount(); i++) {
          Object[] values = new Object[root.getFieldVectors().size()];
          for (int c = 0; c < values.length; c++) {
            Object v = root.getVector(c).getObject(i);
            values[c] = v instanceof org.apache.arrow.vector.util.Text t ? t.toString() : v;
          }
          out.add(Row.wrap(values));
        }
      }
      return arrow.bytesRead();
    }
  }
}
