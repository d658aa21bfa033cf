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

import static io.paimon.multimodal.TestTables.referencedFiles;
import static io.paimon.multimodal.TestTables.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.ForwardingFileIO;
import io.paimon.types.DataTypes;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Updates, updates by row ID, deletes and merges whose k-th file write fails (for every k until the
 * change gets through): each failure leaves the table as it was and only orphans that
 * removeOrphanFiles deletes; the retry succeeds. And changes racing each other lose nothing.
 */
class ChangeCrashTest {

  @TempDir Path dir;

  /** A storage whose k-th write (stream, create or overwrite) fails; thread-safe. */
  static final class CountdownFileIO extends ForwardingFileIO {
    private final AtomicInteger writes = new AtomicInteger();
    private volatile int failAt = -1;
    private volatile boolean atClose;

    CountdownFileIO() {
      super(FileIO.local());
    }

    /** Fails the k-th write from now (1-based), at its start or, for a stream, at its close. */
    void arm(int k, boolean atClose) {
      this.atClose = atClose;
      writes.set(0);
      failAt = k;
    }

    void disarm() {
      failAt = -1;
    }

    private boolean hit() {
      return failAt > 0 && writes.incrementAndGet() == failAt;
    }

    @Override
    public OutputStream newOutputStream(String path) throws IOException {
      if (!hit()) {
        return delegate.newOutputStream(path);
      }
      if (!atClose) {
        throw new IOException("injected failure opening " + path);
      }
      // Half the file gets written, then the close fails (a connection lost mid-upload).
      return new FilterOutputStream(delegate.newOutputStream(path)) {
        @Override
        public void close() throws IOException {
          super.close();
          throw new IOException("injected failure closing " + path);
        }
      };
    }

    @Override
    public boolean createIfAbsent(String path, byte[] content) throws IOException {
      if (hit()) {
        throw new IOException("injected failure creating " + path);
      }
      return delegate.createIfAbsent(path, content);
    }

    @Override
    public void overwrite(String path, byte[] content) throws IOException {
      if (hit()) {
        throw new IOException("injected failure overwriting " + path);
      }
      delegate.overwrite(path, content);
    }
  }

  @ParameterizedTest(name = "fail at close {0}")
  @ValueSource(booleans = {false, true})
  void changesThatFailMidwayLeaveTheTableAsItWas(boolean atClose) {
    CountdownFileIO io = new CountdownFileIO();
    try (Connection conn = Multimodal.builder().warehouse(dir.toString()).fileIO(io).connect()) {
      Table t =
          conn.createTable(
              "t",
              TestTables.idName("deletion-vectors.enabled", "true", "target-file-size", "4 kb"),
              false);
      t.add(rows(0, 60));
      t.add(rows(60, 60));
      Map<Long, Long> rowIds = new HashMap<>();
      for (Map<String, Object> row : t.scan().select("id", "_ROW_ID").toList()) {
        rowIds.put((Long) row.get("id"), (Long) row.get("_ROW_ID"));
      }
      long rowId30 = rowIds.get(30L);
      long rowId70 = rowIds.get(70L);

      TreeMap<Long, String> model = byId(t);
      run(
          t,
          io,
          atClose,
          "update",
          () -> t.update("id < 20 OR id = 100", Map.of("name", "u")),
          m -> {
            for (long id = 0; id < 20; id++) {
              m.put(id, "u");
            }
            m.put(100L, "u");
          },
          model);
      run(
          t,
          io,
          atClose,
          "updateByRowId",
          () -> t.updateByRowId(Map.of(rowId30, Map.of("name", "r"), rowId70, Map.of("name", "s"))),
          m -> {
            m.put(30L, "r");
            m.put(70L, "s");
          },
          model);
      run(
          t,
          io,
          atClose,
          "delete",
          () -> t.delete("id BETWEEN 40 AND 44 OR id = 110"),
          m -> {
            m.keySet().removeIf(id -> (id >= 40 && id <= 44) || id == 110);
          },
          model);
      run(
          t,
          io,
          atClose,
          "merge",
          () ->
              t.merge(
                      List.of(
                          Map.of("id", 5L, "name", "m"),
                          Map.of("id", 1000L, "name", "new"),
                          Map.of("id", 111L, "name", "gone")),
                      "id")
                  .whenMatchedDelete((s, target) -> "gone".equals(s.get("name")))
                  .whenMatchedUpdate()
                  .whenNotMatchedInsert()
                  .commit(),
          m -> {
            m.put(5L, "m");
            m.put(1000L, "new");
            m.remove(111L);
          },
          model);
      // Every surviving row kept its row ID through the failures and retries.
      for (Map<String, Object> row : t.scan().select("id", "_ROW_ID").toList()) {
        Long had = rowIds.get((Long) row.get("id"));
        if (had != null) {
          assertThat(row.get("_ROW_ID")).as("row ID of id %s", row.get("id")).isEqualTo(had);
        }
      }
    }
  }

  /**
   * Fails the change's k-th write for k = 1, 2, ... until it gets through: after each failure the
   * rows and the latest snapshot are as before, and removeOrphanFiles brings the files back to what
   * they were; the first attempt that writes fewer than k files commits, with the model's result.
   */
  private static void run(
      Table t,
      CountdownFileIO io,
      boolean atClose,
      String what,
      Runnable change,
      Consumer<TreeMap<Long, String>> apply,
      TreeMap<Long, String> model) {
    assertThat(t.removeOrphanFiles(Duration.ZERO)).as(what).isEmpty();
    Set<String> files = tableFiles(t);
    long latest = t.latestSnapshot().orElseThrow().id();
    for (int k = 1; ; k++) {
      assertThat(k).as("%s: writes before succeeding", what).isLessThan(200);
      io.arm(k, atClose);
      try {
        change.run();
      } catch (RuntimeException e) {
        io.disarm();
        assertThat(causes(e))
            .as("%s failing write %s: %s", what, k, e)
            .contains("injected failure");
        assertThat(t.latestSnapshot().orElseThrow().id()).as("%s, k %s", what, k).isEqualTo(latest);
        assertThat(byId(t)).as("%s, k %s", what, k).isEqualTo(model);
        t.removeOrphanFiles(Duration.ZERO);
        assertThat(tableFiles(t)).as("%s, k %s", what, k).isEqualTo(files);
        continue;
      }
      io.disarm();
      assertThat(k).as("%s succeeded at once: no write failed", what).isGreaterThan(1);
      apply.accept(model);
      assertThat(byId(t)).as(what).isEqualTo(model);
      assertThat(t.latestSnapshot().orElseThrow().id()).as(what).isEqualTo(latest + 1);
      assertThat(t.removeOrphanFiles(Duration.ZERO)).as(what).isEmpty();
      assertThat(TestTables.dataAndManifestFiles(t)).as(what).containsAll(referencedFiles(t));
      return;
    }
  }

  /** A partition drop whose k-th write fails, on a partitioned table, as the changes above. */
  @Test
  void aPartitionDropThatFailsMidwayLeavesTheTableAsItWas() {
    CountdownFileIO io = new CountdownFileIO();
    try (Connection conn = Multimodal.builder().warehouse(dir.toString()).fileIO(io).connect()) {
      Table t =
          conn.createTable(
              "p",
              Schema.builder()
                  .column("id", DataTypes.BIGINT().notNull())
                  .column("name", DataTypes.STRING())
                  .column("part", DataTypes.STRING())
                  .partitionKeys("part")
                  .option("deletion-vectors.enabled", "true")
                  .build(),
              false);
      List<Map<String, Object>> rows = rows(0, 90);
      for (Map<String, Object> row : rows) {
        row.put("part", "p" + ((Long) row.get("id") % 3));
      }
      t.add(rows);
      TreeMap<Long, String> model = byId(t);
      run(
          t,
          io,
          false,
          "partition drop",
          () -> t.delete("part IN ('p0', 'p2')"),
          m -> m.keySet().removeIf(id -> id % 3 != 1),
          model);
      run(
          t,
          io,
          true,
          "delete in a partition",
          () -> t.delete("part = 'p1' AND id < 40"),
          m -> m.keySet().removeIf(id -> id < 40),
          model);
    }
  }

  /**
   * An update and a delete of overlapping rows race (each on its own table object): the result is
   * one of the two serial orders, which differ (the delete matches the updated name), so neither
   * change is lost whichever commits first.
   */
  @Test
  void anUpdateAndADeleteOfTheSameRowsRacingLoseNeither() throws Exception {
    TreeMap<Long, String> start = new TreeMap<>();
    for (Map<String, Object> row : rows(0, 100)) {
      start.put((Long) row.get("id"), (String) row.get("name"));
    }
    Consumer<TreeMap<Long, String>> update = m -> m.replaceAll((id, name) -> id < 50 ? "u" : name);
    Consumer<TreeMap<Long, String>> delete =
        m -> m.entrySet().removeIf(e -> e.getValue().equals("u") || e.getKey() >= 90);
    TreeMap<Long, String> updateFirst = new TreeMap<>(start);
    update.accept(updateFirst);
    delete.accept(updateFirst);
    TreeMap<Long, String> deleteFirst = new TreeMap<>(start);
    delete.accept(deleteFirst);
    update.accept(deleteFirst);
    assertThat(updateFirst).isNotEqualTo(deleteFirst);

    ExecutorService pool = Executors.newFixedThreadPool(2);
    try (Connection conn = Multimodal.connect(dir.toString())) {
      for (int round = 0; round < 4; round++) {
        String name = "race" + round;
        conn.createTable(name, TestTables.idName("deletion-vectors.enabled", "true"), false)
            .add(rows(0, 100));
        Table a = conn.getTable(name);
        Table b = conn.getTable(name);
        CountDownLatch go = new CountDownLatch(1);
        Future<?> u =
            pool.submit(
                () -> {
                  go.await();
                  return a.update("id < 50", Map.of("name", "u"));
                });
        Future<?> d =
            pool.submit(
                () -> {
                  go.await();
                  return b.delete("name = 'u' OR id >= 90");
                });
        go.countDown();
        u.get();
        d.get();
        TreeMap<Long, String> end = byId(conn.getTable(name));
        assertThat(end).as("round %s", round).isIn(updateFirst, deleteFirst);
        assertThat(conn.getTable(name).latestSnapshot().orElseThrow().id()).isEqualTo(3);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** A merge racing an append: both commit, and the merged rows keep their row IDs. */
  @Test
  void aMergeRacingAnAppendLosesNeither() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try (Connection conn = Multimodal.connect(dir.toString())) {
      for (int round = 0; round < 4; round++) {
        String name = "merge" + round;
        conn.createTable(name, TestTables.idName("deletion-vectors.enabled", "true"), false)
            .add(rows(0, 100));
        Table a = conn.getTable(name);
        Table b = conn.getTable(name);
        Map<Long, Long> rowIds = new HashMap<>();
        for (Map<String, Object> row : a.scan().select("id", "_ROW_ID").toList()) {
          rowIds.put((Long) row.get("id"), (Long) row.get("_ROW_ID"));
        }
        CountDownLatch go = new CountDownLatch(1);
        Future<?> m =
            pool.submit(
                () -> {
                  go.await();
                  return a.merge(
                          List.of(
                              Map.of("id", 3L, "name", "m"),
                              Map.of("id", 7L, "name", "gone"),
                              Map.of("id", 500L, "name", "new")),
                          "id")
                      .whenMatchedDelete((s, target) -> "gone".equals(s.get("name")))
                      .whenMatchedUpdate()
                      .whenNotMatchedInsert()
                      .commit();
                });
        Future<?> add =
            pool.submit(
                () -> {
                  go.await();
                  return b.add(rows(200, 50));
                });
        go.countDown();
        m.get();
        add.get();
        TreeMap<Long, String> expected = new TreeMap<>();
        for (Map<String, Object> row : rows(0, 100)) {
          expected.put((Long) row.get("id"), (String) row.get("name"));
        }
        for (Map<String, Object> row : rows(200, 50)) {
          expected.put((Long) row.get("id"), (String) row.get("name"));
        }
        expected.put(3L, "m");
        expected.remove(7L);
        expected.put(500L, "new");
        Table t = conn.getTable(name);
        assertThat(byId(t)).as("round %s", round).isEqualTo(expected);
        Set<Long> seen = new TreeSet<>();
        for (Map<String, Object> row : t.scan().select("id", "_ROW_ID").toList()) {
          Long rowId = (Long) row.get("_ROW_ID");
          assertThat(seen.add(rowId)).as("row ID %s twice", rowId).isTrue();
          Long had = rowIds.get((Long) row.get("id"));
          if (had != null) {
            assertThat(rowId).as("row ID of id %s", row.get("id")).isEqualTo(had);
          }
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static String causes(Throwable e) {
    StringBuilder out = new StringBuilder();
    for (Throwable c = e; c != null; c = c.getCause()) {
      out.append(c.getMessage()).append(" / ");
      for (Throwable s : c.getSuppressed()) {
        out.append(s.getMessage()).append(" / ");
      }
    }
    return out.toString();
  }

  /** The files of the bucket, manifest and index directories. */
  private static Set<String> tableFiles(Table t) {
    Set<String> out = new TreeSet<>(TestTables.dataAndManifestFiles(t));
    out.addAll(TestTables.files(t, "index"));
    return out;
  }

  private static TreeMap<Long, String> byId(Table t) {
    TreeMap<Long, String> out = new TreeMap<>();
    for (Map<String, Object> row : t.scan().toList()) {
      assertThat(out.put((Long) row.get("id"), (String) row.get("name"))).isNull();
    }
    return out;
  }
}
