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
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

/**
 * The block cache: readers sharing it decompress a block once, return exactly what readers without
 * it return, stay within its capacity, and leave it alone on full scans.
 */
class BlockCacheTest {

  private static final RowType TYPE =
      (RowType) DataTypes.parse("ROW<id BIGINT, name STRING, tags ARRAY<STRING>>");

  /** 3,000 rows in blocks of about 1 KiB: many blocks. */
  private static byte[] file() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RowFileWriter w =
        RowFile.newWriter(out, "c.row", TYPE, RowFileOptions.defaults().blockSize(1024))) {
      for (long i = 0; i < 3000; i++) {
        w.write(Row.of(i, "name-" + i, i % 3 == 0 ? null : List.of("t" + i, "u")));
      }
    }
    return out.toByteArray();
  }

  private static List<Row> readSelected(
      byte[] file, RowFileOptions options, RoaringBitmap rows, CountingSeekableInput[] input)
      throws IOException {
    input[0] = new CountingSeekableInput("c.row", file);
    List<Row> out = new ArrayList<>();
    try (RowFileReader reader = RowFile.open(input[0], TYPE, options);
        RowFileReader selected = reader.select(rows);
        CloseableIterator<Row> it = selected.iterator()) {
      while (it.hasNext()) {
        out.add(it.next());
      }
    }
    return out;
  }

  @Test
  void aSecondSelectiveReadTakesEveryBlockFromTheCache() throws IOException {
    byte[] file = file();
    RoaringBitmap rows = RoaringBitmap.bitmapOf(5, 700, 701, 1500, 2999);
    CountingSeekableInput[] input = new CountingSeekableInput[1];
    List<Row> expected = readSelected(file, RowFileOptions.defaults(), rows, input);
    BlockCache cache = BlockCache.withCapacity(1 << 20);
    RowFileOptions cached = RowFileOptions.defaults().blockCache(cache);
    assertThat(readSelected(file, cached, rows, input)).isEqualTo(expected);
    long firstReads = input[0].bytesRead();
    assertThat(firstReads).isPositive();
    assertThat(cache.misses()).isEqualTo(4);
    assertThat(readSelected(file, cached, rows, input)).isEqualTo(expected);
    CountingSeekableInput metaOnly = new CountingSeekableInput("c.row", file);
    RowFile.open(metaOnly, TYPE, cached).close();
    assertThat(input[0].bytesRead())
        .as("only the footer and index were read; every block came from the cache")
        .isEqualTo(metaOnly.bytesRead());
    assertThat(cache.hits()).isEqualTo(4);
  }

  @Test
  void pointLookupsShareTheCacheAcrossReaders() throws IOException {
    byte[] file = file();
    BlockCache cache = BlockCache.withCapacity(1 << 20);
    RowFileOptions cached = RowFileOptions.defaults().blockCache(cache);
    List<Row> first = new ArrayList<>();
    try (RowFileReader r = RowFile.open(new CountingSeekableInput("c.row", file), TYPE, cached)) {
      for (long i = 0; i < 3000; i += 97) {
        first.add(r.read(i));
      }
    }
    CountingSeekableInput again = new CountingSeekableInput("c.row", file);
    try (RowFileReader r = RowFile.open(again, TYPE, cached)) {
      int k = 0;
      for (long i = 0; i < 3000; i += 97) {
        assertThat(r.read(i)).isEqualTo(first.get(k++));
      }
    }
    assertThat(again.reads()).as("only the footer and index were read").isLessThanOrEqualTo(2);
  }

  @Test
  void theCacheStaysWithinItsCapacityAndStillGivesTheSameRows() throws IOException {
    byte[] file = file();
    SplittableRandom r = new SplittableRandom(3);
    for (long capacity : new long[] {100, 3000, 20_000}) {
      BlockCache cache = BlockCache.withCapacity(capacity);
      RowFileOptions cached = RowFileOptions.defaults().blockCache(cache);
      CountingSeekableInput[] input = new CountingSeekableInput[1];
      for (int round = 0; round < 20; round++) {
        RoaringBitmap rows = new RoaringBitmap();
        for (int i = 0; i < 30; i++) {
          rows.add(r.nextInt(3000));
        }
        assertThat(readSelected(file, cached, rows, input))
            .as("capacity %d, round %d", capacity, round)
            .isEqualTo(readSelected(file, RowFileOptions.defaults(), rows, input));
        assertThat(cache.usedBytes()).isLessThanOrEqualTo(capacity);
      }
      if (capacity == 100) {
        assertThat(cache.usedBytes()).as("no block fits").isZero();
      }
    }
  }

  @Test
  void fullScansNeitherReadNorFillTheCache() throws IOException {
    byte[] file = file();
    BlockCache cache = BlockCache.withCapacity(1 << 20);
    RowFileOptions cached =
        RowFileOptions.defaults().executor(TestExecutor.SHARED).blockCache(cache).decodeThreads(1);
    try (RowFileReader reader =
            RowFile.open(new CountingSeekableInput("c.row", file), TYPE, cached);
        CloseableIterator<Row> it = reader.iterator()) {
      while (it.hasNext()) {
        it.next();
      }
    }
    assertThat(cache.usedBytes()).isZero();
    assertThat(cache.hits() + cache.misses()).isZero();
  }

  @Test
  void readersOnSeveralThreadsShareOneCache() throws Exception {
    byte[] file = file();
    BlockCache cache = BlockCache.withCapacity(64 << 10);
    RowFileOptions cached = RowFileOptions.defaults().blockCache(cache);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        long seed = t;
        futures.add(
            pool.submit(
                () -> {
                  SplittableRandom r = new SplittableRandom(seed);
                  CountingSeekableInput[] input = new CountingSeekableInput[1];
                  for (int round = 0; round < 10; round++) {
                    RoaringBitmap rows = new RoaringBitmap();
                    for (int i = 0; i < 50; i++) {
                      rows.add(r.nextInt(3000));
                    }
                    List<Row> got = readSelected(file, cached, rows, input);
                    int k = 0;
                    for (int row : rows) {
                      assertThat(got.get(k++).get(0)).isEqualTo((long) row);
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(cache.hits()).isPositive();
    assertThat(cache.usedBytes()).isLessThanOrEqualTo(64 << 10);
  }

  @Test
  void aCapacityMustBePositive() {
    assertThatThrownBy(() -> BlockCache.withCapacity(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("block cache capacity must be positive, got 0");
    assertThatThrownBy(() -> RowFileOptions.defaults().blockCache(null))
        .isInstanceOf(NullPointerException.class);
  }
}
