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
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Reads and writes finish whatever the executor: one whose only thread is busy for the whole read,
 * one that runs every task in the submitting thread, one that was shut down and rejects tasks, and
 * a one-thread executor whose only thread is itself the reader (a read inside a task of the pool it
 * reads with), and they give the same rows as without an executor.
 */
@Timeout(120) // a read that cannot progress hangs: fail instead
class ExecutorProgressTest {

  private static final RowType TYPE =
      (RowType) DataTypes.parse("ROW<id BIGINT NOT NULL, name STRING, v DOUBLE>");

  private BufferAllocator allocator;

  @BeforeEach
  void createAllocator() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void closeAllocator() {
    allocator.close();
  }

  private static byte[] file(RowFileOptions options) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RowFileWriter w =
        RowFile.newWriter(out, "x.row", TYPE, options.blockSize(400).zstdLevel(3))) {
      for (long i = 0; i < 3_000; i++) {
        w.write(Row.of(i, i % 7 == 0 ? null : "name-" + i, i * 0.5));
      }
    }
    return out.toByteArray();
  }

  /** The rows of a full scan into Arrow, of the iterator, and of a selection, as text. */
  private List<String> readAll(byte[] file, RowFileOptions options) throws IOException {
    List<String> out = new ArrayList<>();
    try (RowFileReader reader =
        RowFile.open(new CountingSeekableInput("x.row", file), TYPE, options)) {
      try (RowArrowReader arrow = reader.arrowReader(allocator, 128)) {
        while (arrow.loadNextBatch()) {
          out.add(arrow.getVectorSchemaRoot().contentToTSVString());
        }
      }
      try (CloseableIterator<Row> it = reader.iterator()) {
        while (it.hasNext()) {
          out.add(it.next().toString());
        }
      }
      org.roaringbitmap.RoaringBitmap some = new org.roaringbitmap.RoaringBitmap();
      some.add(0L, 3_000L);
      some.remove(500L, 2_000L);
      try (RowFileReader selected = reader.select(some);
          RowArrowReader arrow = selected.arrowReader(allocator, 100)) {
        while (arrow.loadNextBatch()) {
          out.add(arrow.getVectorSchemaRoot().contentToTSVString());
        }
      }
    }
    return out;
  }

  private static RowFileOptions on(Executor executor) {
    return RowFileOptions.defaults().executor(executor).decodeThreads(3).readAheadBlocks(4);
  }

  @Test
  void aOneThreadExecutorBusyForTheWholeReadStillReadsEverything() throws Exception {
    byte[] plain = file(RowFileOptions.defaults());
    List<String> expected = readAll(plain, RowFileOptions.defaults());
    try (TestExecutor one = new TestExecutor(1)) {
      CountDownLatch release = new CountDownLatch(1);
      one.execute(
          () -> {
            try {
              release.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
      byte[] written = file(on(one));
      assertThat(written).as("blocks compressed by the writer itself").isEqualTo(plain);
      assertThat(readAll(plain, on(one))).isEqualTo(expected);
      assertThat(one.taskNames("paimon-row-"))
          .as("tasks were offered to the executor")
          .isNotEmpty();
      release.countDown();
      assertThat(one.awaitIdle()).isTrue();
    }
  }

  @Test
  void anExecutorRunningTasksInTheSubmittingThreadReadsEverything() throws IOException {
    byte[] plain = file(RowFileOptions.defaults());
    Executor direct = Runnable::run;
    assertThat(file(on(direct))).isEqualTo(plain);
    assertThat(readAll(plain, on(direct))).isEqualTo(readAll(plain, RowFileOptions.defaults()));
  }

  @Test
  void aShutDownExecutorRejectingEveryTaskReadsEverything() throws IOException {
    byte[] plain = file(RowFileOptions.defaults());
    try (TestExecutor closed = new TestExecutor(2)) {
      closed.shutdown();
      assertThat(file(on(closed))).isEqualTo(plain);
      assertThat(readAll(plain, on(closed))).isEqualTo(readAll(plain, RowFileOptions.defaults()));
    }
  }

  @Test
  void aReadInsideTheOnlyThreadOfItsOwnExecutorFinishes() throws Exception {
    byte[] plain = file(RowFileOptions.defaults());
    List<String> expected = readAll(plain, RowFileOptions.defaults());
    try (TestExecutor one = new TestExecutor(1)) {
      FutureTask<List<String>> read = new FutureTask<>(() -> readAll(plain, on(one)));
      FutureTask<byte[]> write = new FutureTask<>(() -> file(on(one)));
      one.execute(read);
      one.execute(write);
      assertThat(get(read)).isEqualTo(expected);
      assertThat(get(write)).isEqualTo(plain);
    }
  }

  private static <T> T get(Future<T> f) throws Exception {
    return f.get(60, TimeUnit.SECONDS);
  }
}
