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

import static io.paimon.multimodal.TestTables.idName;
import static io.paimon.multimodal.TestTables.longs;
import static io.paimon.multimodal.TestTables.range;
import static io.paimon.multimodal.TestTables.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.testing.TestStorage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Appends racing through one table object and through separate connections (separate committers
 * that only meet in storage), and readers running while they commit.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class ConcurrencyTest {

  private static final int WRITERS = 8;
  private static final int COMMITS_EACH = 8;

  @Parameter TestStorage storage;

  @TempDir Path dir;

  /** All connections go through it, so it sees every lost commit race. */
  private FaultyFileIO io;

  private String warehouse;

  private RootAllocator allocator;
  private Connection conn;
  private ExecutorService pool;

  @BeforeEach
  void open() {
    io = new FaultyFileIO(storage.fileIO());
    warehouse = storage.newWarehouse(dir);
    allocator = new RootAllocator();
    conn = connect();
    pool = Executors.newFixedThreadPool(WRITERS + 2);
  }

  @AfterEach
  void close() throws Exception {
    pool.shutdownNow();
    assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
    conn.close();
    allocator.close();
  }

  private Connection connect() {
    return Multimodal.builder().warehouse(warehouse).fileIO(io).connect();
  }

  /** One add: its first id, its row count and the snapshot it returned. */
  private record Commit(long firstId, int rows, Snapshot snapshot) {}

  /** A writer's ids start at writer * 1_000_000. */
  private Callable<List<Commit>> writer(
      int w, long seed, int commits, Table shared, CountDownLatch start) {
    return () -> {
      Connection own = shared == null ? connect() : null;
      try {
        Table table = shared == null ? own.getTable("t") : shared;
        Random rnd = new Random(seed * 31 + w);
        List<Commit> out = new ArrayList<>();
        long next = w * 1_000_000L;
        start.await();
        for (int c = 0; c < commits; c++) {
          int n = 1 + rnd.nextInt(40);
          out.add(new Commit(next, n, table.add(rows(next, n))));
          next += n;
        }
        return out;
      } finally {
        if (own != null) {
          own.close();
        }
      }
    };
  }

  private List<Commit> runWriters(int writers, int commits, long seed, Table shared)
      throws Exception {
    CountDownLatch start = new CountDownLatch(1);
    List<Future<List<Commit>>> futures = new ArrayList<>();
    for (int w = 0; w < writers; w++) {
      futures.add(pool.submit(writer(w, seed, commits, shared, start)));
    }
    start.countDown();
    List<Commit> all = new ArrayList<>();
    for (Future<List<Commit>> f : futures) {
      all.addAll(f.get(2, TimeUnit.MINUTES));
    }
    return all;
  }

  /** Snapshots 1..n exist and each total is its parent's plus its delta. */
  private static void assertSnapshotChain(Table table, int n) {
    List<Snapshot> snapshots = table.snapshots();
    assertThat(snapshots).extracting(Snapshot::id).isEqualTo(range(n + 1).subList(1, n + 1));
    long total = 0;
    for (Snapshot s : snapshots) {
      assertThat(s.deltaRecordCount()).as("%s", s).isPositive();
      total += s.deltaRecordCount();
      assertThat(s.totalRecordCount()).as("%s", s).isEqualTo(total);
      assertThat(s.nextRowId()).as("%s", s).isEqualTo(total);
    }
  }

  @ParameterizedTest(name = "through {0}")
  @ValueSource(strings = {"one table", "eight connections"})
  void concurrentAppendsLoseNoRowAndGetDenseRowIds(String through) throws Exception {
    long seed = through.length();
    Table table = conn.createTable("t", idName(), false);
    List<Commit> commits =
        runWriters(WRITERS, COMMITS_EACH, seed, through.equals("one table") ? table : null);

    int n = WRITERS * COMMITS_EACH;
    long total = commits.stream().mapToLong(Commit::rows).sum();
    assertSnapshotChain(table, n);
    // Eight writers released at once: commits did race, and the losers retried.
    assertThat(io.lostRaces()).as("lost commit races").isPositive();
    assertThat(table.latestSnapshot().orElseThrow().totalRecordCount()).isEqualTo(total);
    Set<Long> snapshotIds = new HashSet<>();
    for (Commit c : commits) {
      assertThat(snapshotIds.add(c.snapshot().id())).as("%s", c).isTrue();
      assertThat(c.snapshot().deltaRecordCount()).as("%s", c).isEqualTo(c.rows());
      assertThat(table.snapshot(c.snapshot().id())).isEqualTo(c.snapshot());
    }

    List<Map<String, Object>> all =
        table.scan().select("_ROW_ID", "id").allocator(allocator).toList();
    assertThat(all).hasSize((int) total);
    Map<Long, Long> rowIdOf = new HashMap<>();
    for (Map<String, Object> row : all) {
      assertThat(rowIdOf.put((Long) row.get("id"), (Long) row.get("_ROW_ID"))).isNull();
    }
    assertThat(all).extracting(r -> r.get("_ROW_ID")).isEqualTo(new ArrayList<>(range(total)));
    // Each add's rows got the row IDs just below its snapshot's nextRowId, in input order.
    for (Commit c : commits) {
      long firstRowId = c.snapshot().nextRowId() - c.rows();
      for (int i = 0; i < c.rows(); i++) {
        assertThat(rowIdOf.get(c.firstId() + i)).as("%s row %s", c, i).isEqualTo(firstRowId + i);
      }
    }
  }

  @Test
  void readersAlwaysSeeWholeSnapshotsWhileWritersCommit() throws Exception {
    Table table = conn.createTable("t", idName(), false);
    table.add(rows(-100, 100));
    AtomicBoolean done = new AtomicBoolean();
    List<Future<List<Long>>> readers = new ArrayList<>();
    for (int r = 0; r < 2; r++) {
      readers.add(pool.submit(() -> read(table, done)));
    }
    List<Commit> commits;
    try {
      commits = runWriters(4, 10, 7, null);
    } finally {
      done.set(true);
    }
    Set<Long> totals = new HashSet<>();
    for (Snapshot s : table.snapshots()) {
      totals.add(s.totalRecordCount());
    }
    for (Future<List<Long>> reader : readers) {
      // Whatever an unpinned read saw was the whole of some snapshot.
      List<Long> seen = reader.get(2, TimeUnit.MINUTES);
      assertThat(seen).isNotEmpty();
      assertThat(totals).containsAll(seen);
    }
    assertSnapshotChain(table, 41);
    assertThat(TestTables.readCount(table.scan().allocator(allocator)))
        .isEqualTo(100 + commits.stream().mapToLong(Commit::rows).sum());
  }

  /** Reads until the writers are done (and three more times); returns unpinned read counts. */
  private List<Long> read(Table table, AtomicBoolean done) {
    List<Long> unpinnedCounts = new ArrayList<>();
    int after = 0;
    while (after < 3) {
      if (done.get()) {
        after++;
      }
      Scan pinned = table.scan().allocator(allocator).pinned();
      long id = pinned.resolvedSnapshotId();
      long total = table.snapshot(id).totalRecordCount();
      // A pinned read holds exactly its snapshot's rows, with row IDs 0 .. total - 1.
      assertThat(longs(pinned.select("_ROW_ID"), "_ROW_ID"))
          .as("snapshot %s", id)
          .isEqualTo(range(total));
      assertThat(pinned.where("id > -1000").count()).as("snapshot %s", id).isEqualTo(total);
      Scan take = table.takeRowIds(total - 1, 0).snapshot(id).select("_ROW_ID");
      assertThat(longs(take.allocator(allocator), "_ROW_ID")).containsExactly(total - 1, 0L);
      unpinnedCounts.add(TestTables.readCount(table.scan().allocator(allocator)));
    }
    return unpinnedCounts;
  }
}
