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

import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.TransferPair;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Arrow readers decode each batch into the buffers of an earlier one, unzeroed, and grow them
 * in the middle of a batch when its values do not fit. Batches here swing between tiny and huge
 * values (long strings, arrays of thousands of elements, nulls in runs) so that every batch lands
 * in buffers sized for a different one, and every value must still match the generic reader, with
 * the caller keeping the buffers or moving them out of the root, on every reader path.
 */
class ArrowBufferReuseTest {

  private static final RowType TYPE =
      (RowType)
          DataTypes.parse(
              "ROW<id BIGINT, i INT, s SMALLINT, t TINYINT, d DOUBLE, name STRING, bin BYTES,"
                  + " longs ARRAY<BIGINT>, strs ARRAY<STRING>, nested ARRAY<ARRAY<INT>>,"
                  + " dec DECIMAL(12, 2)>");

  private BufferAllocator allocator;

  @BeforeEach
  void createAllocator() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void closeAllocator() {
    allocator.close();
  }

  /** Row {@code i}: its sizes follow phases of 50 rows, from empty and null to very large. */
  private static Row row(SplittableRandom r, int i) {
    int phase = (i / 50) % 4;
    boolean nulls = phase == 1 || r.nextInt(10) == 0;
    int longLength = phase == 3 ? 2_000 + r.nextInt(10_000) : r.nextInt(8);
    int elements = phase == 2 ? 200 + r.nextInt(1_000) : r.nextInt(3);
    List<Long> longs = new ArrayList<>();
    List<String> strs = new ArrayList<>();
    List<List<Integer>> nested = new ArrayList<>();
    for (int k = 0; k < elements; k++) {
      longs.add(nulls && k % 7 == 3 ? null : r.nextLong());
      strs.add(nulls && k % 5 == 1 ? null : "e" + "x".repeat(r.nextInt(phase == 2 ? 40 : 4)));
      nested.add(k % 11 == 0 ? null : List.of(k, -k));
    }
    byte[] bin = new byte[longLength];
    r.nextBytes(bin);
    return Row.of(
        (long) i,
        nulls ? null : r.nextInt(),
        nulls ? null : (short) r.nextInt(),
        nulls ? null : (byte) r.nextInt(),
        nulls ? null : r.nextDouble(),
        nulls && r.nextBoolean() ? null : "n".repeat(longLength),
        nulls && r.nextBoolean() ? null : bin,
        nulls && r.nextInt(3) == 0 ? null : longs,
        strs,
        nested,
        nulls ? null : BigDecimal.valueOf(r.nextInt(1_000_000), 2));
  }

  private static byte[] file(int rows) throws IOException {
    SplittableRandom r = new SplittableRandom(17);
    List<Row> list = new ArrayList<>();
    for (int i = 0; i < rows; i++) {
      list.add(row(r, i));
    }
    return RowFiles.write(TYPE, list, RowFileOptions.defaults().blockSize(8 << 10));
  }

  private static List<Row> generic(byte[] file) throws IOException {
    List<Row> rows = new ArrayList<>();
    try (RowFileReader reader =
            RowFile.open(new CountingInput("g.row", file), TYPE, RowFileOptions.defaults());
        CloseableIterator<Row> it = reader.iterator()) {
      while (it.hasNext()) {
        rows.add((Row) ArrowValues.atArrowUnit(TYPE, it.next()));
      }
    }
    return rows;
  }

  @Test
  void batchesOfSwingingSizesMatchTheGenericReaderOnEveryPath() throws IOException {
    byte[] file = file(400);
    List<Row> expected = generic(file);
    RowFileOptions[] paths = {
      RowFileOptions.defaults().executor(TestExecutor.SHARED).decodeThreads(1),
      RowFileOptions.defaults().executor(TestExecutor.SHARED).decodeThreads(1).readAheadBlocks(0),
      RowFileOptions.defaults().executor(TestExecutor.SHARED).decodeThreads(2),
      RowFileOptions.defaults().executor(TestExecutor.SHARED).decodeThreads(3)
    };
    for (RowFileOptions options : paths) {
      for (int batchSize : new int[] {1, 37, 256}) {
        for (boolean moveOut : new boolean[] {false, true}) {
          String ctx =
              options.decodeThreads()
                  + " threads, read-ahead "
                  + options.readAheadBlocks()
                  + ", batch "
                  + batchSize
                  + (moveOut ? ", buffers moved out" : ", buffers kept");
          assertThat(scan(file, options, batchSize, moveOut, expected, ctx))
              .as(ctx)
              .isEqualTo(expected.size());
        }
      }
    }
  }

  /** Scans the file and checks every row against {@code expected}; returns the rows seen. */
  private int scan(
      byte[] file,
      RowFileOptions options,
      int batchSize,
      boolean moveOut,
      List<Row> expected,
      String ctx)
      throws IOException {
    int k = 0;
    try (RowFileReader reader = RowFile.open(new CountingInput("r.row", file), TYPE, options);
        RowArrowReader arrow = reader.arrowReader(allocator, batchSize)) {
      VectorSchemaRoot root = arrow.getVectorSchemaRoot();
      int batch = 0;
      while (arrow.loadNextBatch()) {
        int rows = root.getRowCount();
        if (moveOut) {
          List<FieldVector> moved = new ArrayList<>();
          for (FieldVector v : root.getFieldVectors()) {
            TransferPair pair = v.getTransferPair(allocator);
            pair.transfer();
            moved.add((FieldVector) pair.getTo());
          }
          try (VectorSchemaRoot taken = new VectorSchemaRoot(moved)) {
            taken.setRowCount(rows);
            k = check(taken, rows, k, expected, ctx + ", batch " + batch);
          }
        } else {
          k = check(root, rows, k, expected, ctx + ", batch " + batch);
        }
        batch++;
      }
    }
    return k;
  }

  private static int check(VectorSchemaRoot root, int rows, int k, List<Row> expected, String ctx) {
    for (FieldVector v : root.getFieldVectors()) {
      assertThat(v.getValueCount()).as(ctx + ", " + v.getName() + " value count").isEqualTo(rows);
    }
    for (int i = 0; i < rows; i++, k++) {
      RoundTripPropertyTest.assertExact(
          TYPE,
          ArrowReaderTest.arrowRow(TYPE, root, i),
          expected.get(k),
          ctx + ", row " + i + " (file row " + k + ")");
    }
    return k;
  }
}
