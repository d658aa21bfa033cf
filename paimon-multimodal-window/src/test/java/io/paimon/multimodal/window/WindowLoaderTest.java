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
package io.paimon.multimodal.window;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WindowLoaderTest {

  /** The connection whose pools the loaders of these datasets (not built from a table) run on. */
  private static Connection conn;

  @BeforeAll
  static void connect(@TempDir Path dir) {
    conn = Multimodal.connect(dir.toString());
  }

  @AfterAll
  static void disconnect() {
    conn.close();
  }

  /** A loader builder over {@code dataset} on the test connection's pools. */
  private static WindowLoader.Builder builder(ContiguousWindowDataset dataset) {
    return WindowLoader.builder(dataset).executors(conn.executors());
  }

  /** What the threads computing batches are named: the connection's I/O pool. */
  private static final String POOL_THREAD = "paimon-io-\\d+-\\d+";

  /**
   * Sample {@code i} is {@code {"i": i, "x": [i, -i]}}. Each {@code getItems} call is recorded,
   * runs {@link #hook} first and may sleep a few milliseconds, a function of its indices.
   */
  static final class FakeDataset implements ContiguousWindowDataset {
    final int size;
    final int maxSleepMillis;
    final AtomicInteger started = new AtomicInteger();
    final AtomicInteger active = new AtomicInteger();
    final AtomicInteger maxActive = new AtomicInteger();
    final List<int[]> calls = Collections.synchronizedList(new ArrayList<>());
    final List<String> threads = Collections.synchronizedList(new ArrayList<>());
    volatile Consumer<int[]> hook = indices -> {};

    FakeDataset(int size, int maxSleepMillis) {
      this.size = size;
      this.maxSleepMillis = maxSleepMillis;
    }

    @Override
    public int size() {
      return size;
    }

    @Override
    public Map<String, Object> get(int index) {
      int i = index < 0 ? index + size : index;
      if (i < 0 || i >= size) {
        throw new IndexOutOfBoundsException("index " + index + " of " + size);
      }
      Map<String, Object> sample = new LinkedHashMap<>();
      sample.put("i", i);
      sample.put("x", Tensor.of(new float[] {i, -i}, 2));
      return sample;
    }

    @Override
    public List<Map<String, Object>> getItems(int... indices) {
      started.incrementAndGet();
      maxActive.accumulateAndGet(active.incrementAndGet(), Math::max);
      try {
        calls.add(indices.clone());
        threads.add(
            Thread.currentThread().getName()
                + (Thread.currentThread().isDaemon() ? "" : " (not a daemon)"));
        hook.accept(indices);
        if (maxSleepMillis > 0) {
          sleep(Math.floorMod(Arrays.hashCode(indices), maxSleepMillis + 1));
        }
        List<Map<String, Object>> samples = new ArrayList<>();
        for (int i : indices) {
          samples.add(get(i));
        }
        return samples;
      } finally {
        active.decrementAndGet();
      }
    }

    @Override
    public List<Map<String, Object>> getItems(List<Integer> indices) {
      return getItems(indices.stream().mapToInt(Integer::intValue).toArray());
    }

    @Override
    public long snapshotId() {
      return 1;
    }

    @Override
    public void close() {}
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  private static List<Map<String, Object>> all(WindowLoader loader, long epoch) {
    List<Map<String, Object>> batches = new ArrayList<>();
    try (WindowLoader.Batches b = loader.epoch(epoch)) {
      while (b.hasNext()) {
        batches.add(b.next());
      }
    }
    return batches;
  }

  @SuppressWarnings("unchecked")
  private static List<Integer> ids(Map<String, Object> batch) {
    return (List<Integer>) batch.get("i");
  }

  private static List<Integer> order(List<Map<String, Object>> batches) {
    List<Integer> order = new ArrayList<>();
    batches.forEach(b -> order.addAll(ids(b)));
    return order;
  }

  /**
   * The threads computing a loader's batch right now (batches run on the shared I/O pool, so a
   * worker shows as a thread whose stack is inside a batch's computation).
   */
  private static List<String> liveLoaderThreads() {
    List<String> names = new ArrayList<>();
    for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
      if (e.getKey().isAlive() && computingABatch(e.getValue())) {
        names.add(e.getKey().getName());
      }
    }
    return names;
  }

  private static boolean computingABatch(StackTraceElement[] stack) {
    for (StackTraceElement frame : stack) {
      if (frame.getClassName().equals(WindowLoader.Batches.class.getName())
          && frame.getMethodName().equals("compute")) {
        return true;
      }
    }
    return false;
  }

  /** {@link #liveLoaderThreads()} once {@code n} batches are being computed (or after 5 s). */
  private static List<String> awaitLoaderThreads(int n) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    List<String> live = liveLoaderThreads();
    while (live.size() < n && System.nanoTime() < deadline) {
      Thread.onSpinWait();
      live = liveLoaderThreads();
    }
    return live;
  }

  @AfterEach
  void noThreadOutlivesATest() {
    assertThat(liveLoaderThreads()).isEmpty();
  }

  @Test
  void batchesFollowTheIndexOrderWithoutShuffle() {
    FakeDataset dataset = new FakeDataset(10, 3);
    WindowLoader loader = builder(dataset).batchSize(3).workers(3).build();
    assertThat(loader.batchCount()).isEqualTo(4);
    List<Map<String, Object>> batches = all(loader, 0);
    assertThat(batches).hasSize(4);
    assertThat(ids(batches.get(0))).containsExactly(0, 1, 2);
    assertThat(ids(batches.get(1))).containsExactly(3, 4, 5);
    assertThat(ids(batches.get(2))).containsExactly(6, 7, 8);
    // A batch size that does not divide the size leaves a short last batch.
    assertThat(ids(batches.get(3))).containsExactly(9);
    assertThat(batches.get(1).get("x"))
        .isEqualTo(Tensor.of(new float[] {3, -3, 4, -4, 5, -5}, 3, 2));
    assertThat(batches.get(3).get("x")).isEqualTo(Tensor.of(new float[] {9, -9}, 1, 2));
    assertThat(batches.get(0).keySet()).containsExactly("i", "x");
    // One getItems call per batch, so the dataset coalesces the batch's reads.
    assertThat(dataset.calls).hasSize(4);
    assertThat(dataset.calls)
        .anySatisfy(c -> assertThat(c).containsExactly(3, 4, 5))
        .anySatisfy(c -> assertThat(c).containsExactly(9));
    assertThat(dataset.maxActive.get()).isLessThanOrEqualTo(3);
    assertThat(dataset.threads).allMatch(n -> n.matches(POOL_THREAD));
  }

  @Test
  void shardedLoadersSplitEachEpochAsADistributedSampler() {
    for (boolean dropUneven : new boolean[] {false, true}) {
      FakeDataset dataset = new FakeDataset(11, 0);
      List<Integer> union = new ArrayList<>();
      int length = -1;
      for (int rank = 0; rank < 3; rank++) {
        WindowLoader loader =
            builder(dataset).batchSize(2).shuffle().seed(9).shard(rank, 3, dropUneven).build();
        List<Integer> mine = order(all(loader, 4));
        int[] expected = DistributedSampler.of(11).shard(rank, 3).shuffle(9).indices(4);
        if (dropUneven) {
          expected = DistributedSampler.of(11).shard(rank, 3).shuffle(9).dropLast().indices(4);
        }
        assertThat(mine).containsExactly(Arrays.stream(expected).boxed().toArray(Integer[]::new));
        assertThat(loader.batchCount()).isEqualTo((mine.size() + 1) / 2);
        if (length >= 0) {
          assertThat(mine).hasSize(length);
        }
        length = mine.size();
        union.addAll(mine);
      }
      assertThat(length).isEqualTo(dropUneven ? 3 : 4);
      // One rank of one: the unsharded loader's order.
      assertThat(order(all(builder(dataset).shuffle().seed(9).shard(0, 1).build(), 4)))
          .isEqualTo(order(all(builder(dataset).shuffle().seed(9).build(), 4)));
      assertThat(new java.util.HashSet<>(union)).hasSize(dropUneven ? 9 : 11);
    }
  }

  @Test
  void dropLastDropsOnlyAShortFinalBatch() {
    FakeDataset dataset = new FakeDataset(10, 0);
    WindowLoader loader = builder(dataset).batchSize(3).dropLast().build();
    assertThat(loader.batchCount()).isEqualTo(3);
    assertThat(order(all(loader, 0))).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8);
    WindowLoader even = builder(new FakeDataset(9, 0)).batchSize(3).dropLast().build();
    assertThat(even.batchCount()).isEqualTo(3);
    WindowLoader none = builder(new FakeDataset(5, 0)).batchSize(8).dropLast().build();
    assertThat(none.batchCount()).isZero();
    try (WindowLoader.Batches b = none.epoch(0)) {
      assertThat(b.hasNext()).isFalse();
      assertThatThrownBy(b::next)
          .isInstanceOf(NoSuchElementException.class)
          .hasMessageContaining("no more batches");
    }
    WindowLoader one = builder(new FakeDataset(5, 0)).batchSize(8).build();
    assertThat(one.batchCount()).isEqualTo(1);
    assertThat(order(all(one, 0))).containsExactly(0, 1, 2, 3, 4);
    assertThat(all(builder(new FakeDataset(0, 0)).build(), 0)).isEmpty();
  }

  @Test
  void shuffleIsAPermutationDeterminedBySeedAndEpoch() {
    FakeDataset dataset = new FakeDataset(100, 2);
    WindowLoader.Builder builder = builder(dataset).batchSize(7).shuffle().seed(42);
    List<Integer> epoch0 = order(all(builder.workers(4).build(), 0));
    List<Integer> sorted = new ArrayList<>(epoch0);
    Collections.sort(sorted);
    List<Integer> identity = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      identity.add(i);
    }
    assertThat(sorted).as("every index exactly once").isEqualTo(identity);
    assertThat(epoch0).isNotEqualTo(identity);
    // The order does not depend on the workers' timing or number.
    assertThat(order(all(builder.workers(1).build(), 0))).isEqualTo(epoch0);
    assertThat(order(all(builder.workers(3).prefetchBatches(1).build(), 0))).isEqualTo(epoch0);
    List<Integer> epoch1 = order(all(builder.build(), 1));
    assertThat(epoch1).isNotEqualTo(epoch0);
    assertThat(new ArrayList<>(epoch1)).containsExactlyInAnyOrderElementsOf(identity);
    assertThat(order(all(builder.seed(43).build(), 0))).isNotEqualTo(epoch0);
    // dropLast drops the short tail of the permutation.
    List<Integer> dropped = order(all(builder.dropLast().build(), 0));
    assertThat(dropped).isEqualTo(epoch0.subList(0, 98));
  }

  @Test
  void severalEpochsIterateAtOnce() {
    WindowLoader loader = builder(new FakeDataset(30, 1)).batchSize(4).shuffle().workers(2).build();
    List<Integer> alone0 = order(all(loader, 0));
    List<Integer> alone1 = order(all(loader, 1));
    List<Integer> together0 = new ArrayList<>();
    List<Integer> together1 = new ArrayList<>();
    try (WindowLoader.Batches a = loader.epoch(0);
        WindowLoader.Batches b = loader.epoch(1)) {
      while (a.hasNext() || b.hasNext()) {
        if (a.hasNext()) {
          together0.addAll(ids(a.next()));
        }
        if (b.hasNext()) {
          together1.addAll(ids(b.next()));
        }
      }
    }
    assertThat(together0).isEqualTo(alone0);
    assertThat(together1).isEqualTo(alone1);
  }

  @Test
  void workersRunInParallelAsDaemons() {
    FakeDataset dataset = new FakeDataset(12, 0);
    CountDownLatch allIn = new CountDownLatch(3);
    AtomicInteger met = new AtomicInteger();
    dataset.hook =
        indices -> {
          allIn.countDown();
          try {
            if (allIn.await(5, TimeUnit.SECONDS)) {
              met.incrementAndGet();
            }
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        };
    all(builder(dataset).batchSize(2).workers(3).build(), 0);
    assertThat(met.get()).as("calls that met two others").isEqualTo(6);
    assertThat(dataset.maxActive.get()).isEqualTo(3);
    assertThat(dataset.threads).allMatch(n -> n.matches(POOL_THREAD));
  }

  @Test
  void noMoreThanWorkersTimesPrefetchBatchesBegunAheadOfTheConsumer() throws Exception {
    int workers = 2;
    int prefetch = 3;
    FakeDataset dataset = new FakeDataset(40, 0);
    AtomicInteger requested = new AtomicInteger();
    AtomicInteger maxAhead = new AtomicInteger();
    dataset.hook =
        indices -> maxAhead.accumulateAndGet(dataset.started.get() - requested.get(), Math::max);
    WindowLoader loader = builder(dataset).workers(workers).prefetchBatches(prefetch).build();
    try (WindowLoader.Batches batches = loader.epoch(0)) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (dataset.started.get() < workers * prefetch && System.nanoTime() < deadline) {
        Thread.sleep(1);
      }
      Thread.sleep(50);
      assertThat(dataset.started.get()).as("begun before any next()").isEqualTo(workers * prefetch);
      List<Integer> seen = new ArrayList<>();
      while (batches.hasNext()) {
        requested.incrementAndGet();
        seen.addAll(ids(batches.next()));
        if (seen.size() % 7 == 0) {
          Thread.sleep(5);
        }
      }
      assertThat(seen).hasSize(40);
    }
    assertThat(maxAhead.get()).isEqualTo(workers * prefetch);
  }

  @Test
  void aFailureSurfacesAtItsBatchAfterTheEarlierOnes() {
    FakeDataset dataset = new FakeDataset(40, 2);
    IllegalStateException boom = new IllegalStateException("boom at 13");
    dataset.hook =
        indices -> {
          if (Arrays.stream(indices).anyMatch(i -> i == 13)) {
            throw boom;
          }
        };
    WindowLoader loader = builder(dataset).batchSize(4).workers(4).build();
    try (WindowLoader.Batches batches = loader.epoch(0)) {
      for (int k = 0; k < 3; k++) {
        assertThat(ids(batches.next())).first().isEqualTo(4 * k);
      }
      assertThatThrownBy(batches::next).isSameAs(boom);
      assertThat(batches.hasNext()).isFalse();
      assertThatThrownBy(batches::next).isInstanceOf(NoSuchElementException.class);
      assertThat(liveLoaderThreads()).as("stopped by the failure").isEmpty();
    }
  }

  @Test
  void checkedExceptionsAreWrappedAndErrorsRethrown() {
    FakeDataset dataset = new FakeDataset(4, 0);
    WindowLoader.Builder builder = builder(dataset).workers(2);
    IOException io = new IOException("disk");
    try (WindowLoader.Batches b = builder.collate(samples -> sneakyThrow(io)).build().epoch(0)) {
      assertThatThrownBy(b::next)
          .isInstanceOf(UncheckedIOException.class)
          .hasMessageContaining("batch 0 failed")
          .hasCause(io);
    }
    Exception checked = new Exception("checked");
    try (WindowLoader.Batches b =
        builder.collate(samples -> sneakyThrow(checked)).build().epoch(0)) {
      assertThatThrownBy(b::next)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("batch 0 failed")
          .hasCause(checked);
    }
    StackOverflowError error = new StackOverflowError("deep");
    try (WindowLoader.Batches b = builder.collate(samples -> sneakyThrow(error)).build().epoch(0)) {
      assertThatThrownBy(b::next).isSameAs(error);
    }
  }

  @SuppressWarnings("unchecked")
  private static <E extends Throwable> Map<String, Object> sneakyThrow(Throwable e) throws E {
    throw (E) e;
  }

  @Test
  void closeMidEpochStopsEveryWorkerPromptly() {
    FakeDataset dataset = new FakeDataset(1000, 0);
    // Reads after the first two batches block until interrupted.
    dataset.hook =
        indices -> {
          if (indices[0] >= 10) {
            sleep(TimeUnit.MINUTES.toMillis(1));
          }
        };
    WindowLoader.Batches batches = builder(dataset).batchSize(5).workers(4).build().epoch(0);
    assertThat(ids(batches.next())).first().isEqualTo(0);
    assertThat(awaitLoaderThreads(4)).hasSize(4);
    long start = System.nanoTime();
    batches.close();
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(5000);
    assertThat(liveLoaderThreads()).isEmpty();
    batches.close();
    assertThat(batches.hasNext()).isFalse();
    assertThatThrownBy(batches::next).isInstanceOf(NoSuchElementException.class);
  }

  @Test
  void closeFromAnotherThreadWakesAWaitingConsumer() throws Exception {
    FakeDataset dataset = new FakeDataset(10, 0);
    CountDownLatch reading = new CountDownLatch(1);
    dataset.hook =
        indices -> {
          reading.countDown();
          sleep(TimeUnit.MINUTES.toMillis(1));
        };
    WindowLoader.Batches batches = builder(dataset).workers(1).build().epoch(0);
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread consumer =
        new Thread(
            () -> {
              try {
                batches.next();
              } catch (Throwable e) {
                thrown.set(e);
              }
            });
    consumer.start();
    assertThat(reading.await(5, TimeUnit.SECONDS)).isTrue();
    Thread.sleep(20);
    batches.close();
    consumer.join(5000);
    assertThat(consumer.isAlive()).isFalse();
    assertThat(thrown.get())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed while waiting for batch 0");
  }

  @Test
  void anInterruptedConsumerFinishesTheEpochAndKeepsItsInterrupt() {
    FakeDataset dataset = new FakeDataset(10, 0);
    dataset.hook = indices -> sleep(TimeUnit.MINUTES.toMillis(1));
    try (WindowLoader.Batches batches = builder(dataset).workers(2).build().epoch(0)) {
      Thread.currentThread().interrupt();
      assertThatThrownBy(batches::next)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("interrupted while waiting for batch 0");
      assertThat(Thread.interrupted()).as("interrupt status kept").isTrue();
      assertThat(batches.hasNext()).isFalse();
      assertThat(liveLoaderThreads()).isEmpty();
    }
  }

  @Test
  void exhaustingTheEpochStopsTheWorkers() {
    WindowLoader loader = builder(new FakeDataset(9, 1)).batchSize(2).build();
    WindowLoader.Batches batches = loader.epoch(3);
    int n = 0;
    while (batches.hasNext()) {
      batches.next();
      n++;
    }
    assertThat(n).isEqualTo(5);
    assertThat(liveLoaderThreads()).isEmpty();
  }

  @Test
  void customCollateReceivesTheSamplesInOrder() {
    WindowLoader loader =
        builder(new FakeDataset(5, 0))
            .batchSize(2)
            .collate(samples -> Map.of("n", samples.size(), "first", samples.get(0).get("i")))
            .build();
    List<Map<String, Object>> batches = all(loader, 0);
    assertThat(batches).extracting(b -> b.get("first")).containsExactly(0, 2, 4);
    assertThat(batches).extracting(b -> b.get("n")).containsExactly(2, 2, 1);
  }

  @Test
  void builderIsImmutableAndChecksArguments() {
    FakeDataset dataset = new FakeDataset(10, 0);
    WindowLoader.Builder base = builder(dataset);
    WindowLoader.Builder five = base.batchSize(5);
    base.dropLast();
    assertThat(base.build().batchCount()).isEqualTo(10);
    assertThat(five.build().batchCount()).isEqualTo(2);
    assertThatThrownBy(() -> base.batchSize(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("batchSize must be at least 1, is 0");
    assertThatThrownBy(() -> base.workers(-2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("workers must be at least 1, is -2");
    assertThatThrownBy(() -> base.prefetchBatches(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("prefetchBatches must be at least 1, is 0");
    assertThatThrownBy(() -> base.collate(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("collate");
    assertThatThrownBy(() -> WindowLoader.builder(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("dataset");
    assertThatThrownBy(() -> base.executors(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("executors");
    // A dataset that did not come from a table does not know the pools its batches run on.
    assertThatThrownBy(() -> WindowLoader.builder(dataset).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("was not built by ContiguousWindows")
        .hasMessageContaining("executors(table.executors())");
  }

  @Test
  void defaultCollateStacksTensorsAndListsTheRest() {
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("z", Tensor.of(new long[] {1, 2}, 2));
    a.put("name", "a");
    a.put("mixed", Tensor.of(new long[] {1}, 1));
    a.put("maybe", null);
    Map<String, Object> b = new HashMap<>();
    b.put("name", null);
    b.put("maybe", 3);
    b.put("mixed", 4);
    b.put("z", Tensor.of(new long[] {3, 4}, 2));
    Map<String, Object> batch = WindowLoader.defaultCollate(List.of(a, b));
    assertThat(batch.keySet()).containsExactly("z", "name", "mixed", "maybe");
    assertThat(batch.get("z")).isEqualTo(Tensor.of(new long[] {1, 2, 3, 4}, 2, 2));
    assertThat(list(batch, "name")).containsExactly("a", null);
    assertThat(list(batch, "mixed")).containsExactly(a.get("mixed"), 4);
    assertThat(list(batch, "maybe")).containsExactly(null, 3);
    assertThatThrownBy(() -> batch.put("y", 1)).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> ((List<?>) batch.get("name")).clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @SuppressWarnings("unchecked")
  private static List<Object> list(Map<String, Object> batch, String key) {
    return (List<Object>) batch.get(key);
  }

  @Test
  void defaultCollateRejectsKeyMismatchesAndUnstackableTensors() {
    Map<String, Object> a = Map.of("i", 1, "x", 2);
    assertThatThrownBy(() -> WindowLoader.defaultCollate(List.of(a, a, Map.of("i", 1))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("sample 2 has no key 'x'");
    assertThatThrownBy(
            () -> WindowLoader.defaultCollate(List.of(a, Map.of("i", 1, "x", 2, "extra", 3))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("sample 1 has key 'extra'");
    assertThatThrownBy(
            () ->
                WindowLoader.defaultCollate(
                    List.of(
                        Map.of("x", Tensor.of(new float[2], 2)),
                        Map.of("x", Tensor.of(new float[3], 3)))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("key 'x'")
        .hasMessageContaining("tensor 1 is FLOAT32 [3]");
    assertThatThrownBy(() -> WindowLoader.defaultCollate(List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("empty");
  }
}
