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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connection's pools: sized by the builder or options, named daemon threads, not shut down
 * through the API, stopped by close; and every kind of read finishes with one I/O and one decode
 * thread, also run from inside tasks of those pools and several at once.
 */
@Timeout(300) // a read that cannot progress hangs: fail instead
class SharedExecutorsTest {

  @TempDir Path dir;

  private static final int COMMITS = 4;
  private static final int ROWS = 6_000;

  /** A table of several data files in small blocks, so scans decode in parallel. */
  private static Table fill(Connection conn) {
    Table t =
        conn.createTable(
            "t", TestTables.idName("file.block-size", "2 kb"), /* ignoreIfExists */ false);
    for (int c = 0; c < COMMITS; c++) {
      t.add(TestTables.rows((long) c * ROWS, ROWS));
    }
    return t;
  }

  /** What every kind of read returns, as text: the same whatever the pools. */
  private static List<String> everyRead(Table t, long seed) throws Exception {
    List<String> out = new ArrayList<>();
    out.add(String.valueOf(t.scan().count()));
    out.add(t.scan().batchSize(1000).toList().toString());
    out.add(t.scan().where("id >= 2500 AND id < 17500").select("name", "id").toList().toString());
    Random random = new Random(seed);
    long[] ids = new long[300];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = random.nextInt(COMMITS * ROWS);
    }
    out.add(t.takeRowIds(ids).toList().toString());
    for (Split s : t.scan().plan()) {
      out.add(t.scan().split(s).toList().toString());
    }
    try (RowIdReader r = t.scan().rowIdReader();
        BufferAllocator allocator = new RootAllocator();
        ArrowReader a = r.read(ids, 64, allocator)) {
      while (a.loadNextBatch()) {
        out.add(a.getVectorSchemaRoot().contentToTSVString());
      }
    }
    return out;
  }

  @Test
  void everyReadFinishesWithOneIoAndOneDecodeThreadAlsoInsideThePools() throws Exception {
    List<String> expected;
    try (Connection wide = Multimodal.connect(dir.resolve("wide").toString())) {
      expected = everyRead(fill(wide), 1);
    }
    try (Connection narrow =
        Multimodal.builder()
            .warehouse(dir.resolve("narrow").toString())
            .ioThreads(1)
            .decodeThreads(1)
            .connect()) {
      Table t = fill(narrow);
      assertThat(everyRead(t, 1)).isEqualTo(expected);
      // Reads inside tasks of the same pools, several at once: the one I/O thread runs a read
      // whose decoding needs the one decode thread, which runs a read of its own.
      try (TaskGroup io = narrow.executors().newIoGroup("reads", 3);
          TaskGroup decode = narrow.executors().newDecodeGroup("reads", 2)) {
        Callable<List<String>> read = () -> everyRead(t, 1);
        List<Future<List<String>>> reads = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
          reads.add(io.submit(read));
          reads.add(decode.submit(read));
        }
        for (Future<List<String>> f : reads) {
          assertThat(f.get(120, TimeUnit.SECONDS)).isEqualTo(expected);
        }
      }
    }
  }

  @Test
  void thePoolsAreSizedByTheBuilderOrTheOptionsAndRejectBadSizes() {
    try (Connection conn =
        Multimodal.connect(
            Map.of(
                "warehouse",
                dir.resolve("a").toString(),
                "io-threads",
                "3",
                "decode-threads",
                "2"))) {
      assertThat(conn.executors().ioThreads()).isEqualTo(3);
      assertThat(conn.executors().decodeThreads()).isEqualTo(2);
      Table t = conn.createTable("t", TestTables.idName(), false);
      assertThat(t.executors()).isSameAs(conn.executors());
    }
    try (Connection conn = Multimodal.connect(dir.resolve("b").toString())) {
      int cores = Runtime.getRuntime().availableProcessors();
      assertThat(conn.executors().ioThreads()).isEqualTo(Math.max(64, 4 * cores));
      assertThat(conn.executors().decodeThreads()).isEqualTo(cores);
    }
    assertThatThrownBy(() -> Multimodal.builder().ioThreads(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ioThreads must be at least 1, is 0");
    assertThatThrownBy(() -> Multimodal.builder().decodeThreads(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("decodeThreads must be at least 1, is -1");
    assertThatThrownBy(
            () ->
                Multimodal.builder()
                    .warehouse(dir.resolve("c").toString())
                    .option("io-threads", "many")
                    .connect())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("connection option io-threads = 'many' is not a number of threads");
    assertThatThrownBy(
            () ->
                Multimodal.builder()
                    .warehouse(dir.resolve("d").toString())
                    .option("decode-thread", "2")
                    .connect())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("did you mean 'decode-threads'?");
  }

  @Test
  void poolThreadsAreNamedDaemonsTheApiCannotShutDownAndCloseStopsThem() throws Exception {
    AtomicReference<Thread> ioThread = new AtomicReference<>();
    AtomicReference<Thread> decodeThread = new AtomicReference<>();
    AtomicBoolean slowTaskFinished = new AtomicBoolean();
    Connection conn = Multimodal.connect(dir.resolve("wh").toString());
    SharedExecutors pools = conn.executors();
    assertThat(pools.io()).isNotInstanceOf(ExecutorService.class);
    assertThat(pools.decode()).isNotInstanceOf(ExecutorService.class);
    try (TaskGroup g = pools.newIoGroup("probe", 1);
        TaskGroup d = pools.newDecodeGroup("probe", 1)) {
      g.submit(() -> ioThread.getAndSet(Thread.currentThread())).get(10, TimeUnit.SECONDS);
      d.submit(() -> decodeThread.getAndSet(Thread.currentThread())).get(10, TimeUnit.SECONDS);
    }
    assertThat(ioThread.get().getName()).matches("paimon-io-\\d+-1");
    assertThat(decodeThread.get().getName()).matches("paimon-decode-\\d+-1");
    assertThat(ioThread.get().isDaemon()).isTrue();
    assertThat(decodeThread.get().isDaemon()).isTrue();
    pools
        .io()
        .execute(
            () -> {
              try {
                Thread.sleep(300);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
              }
              slowTaskFinished.set(true);
            });
    conn.close();
    assertThat(slowTaskFinished.get()).as("close waits for a running task").isTrue();
    ioThread.get().join(5_000);
    decodeThread.get().join(5_000);
    assertThat(ioThread.get().isAlive()).isFalse();
    assertThat(decodeThread.get().isAlive()).isFalse();
    assertThatThrownBy(() -> pools.io().execute(() -> {}))
        .isInstanceOf(java.util.concurrent.RejectedExecutionException.class)
        .hasMessageContaining("connection was closed");
  }
}
