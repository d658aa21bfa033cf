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

import static io.paimon.multimodal.window.AlignmentFixture.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.multimodal.window.internal.WindowDatasetImpl;
import io.paimon.types.DataTypes;
import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ways a dataset reads its frames give the same samples: keeping the decoded values of every
 * frame (fixed-width columns that fit half the cache), reading each request's rows with a block
 * cache, with none, and with a column that is not fixed-width. Random tables of every fixed-width
 * type (nulls included, rows out of order over several commits) and random offsets, boundaries and
 * padding values; raw windows are checked against a brute-force reference, and {@link
 * WindowTransforms#toTensor} windows, which a dataset builds from primitive values, against the
 * transform applied to the raw window (tensor or exception alike). Requests come shuffled, in
 * chunks of random sizes with repeats, so that kept frames are read over several requests. Run more
 * cases with {@code -Dwindows.cases=N -Dwindows.seed=S}.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class ContiguousWindowsFetchPathsTest {

  private static final List<String> FIXED =
      List.of("d", "fl", "i", "l", "sm", "ti", "b", "vec", "vi");

  @Parameter TestStorage storage;

  @TempDir Path dir;
  private AlignmentFixture f;

  @BeforeEach
  void open() {
    f = new AlignmentFixture(storage, dir);
  }

  @AfterEach
  void close() {
    f.close();
  }

  private Table table() {
    return f.table(
        "ep", DataTypes.INT(),
        "frame", DataTypes.BIGINT(),
        "d", DataTypes.DOUBLE(),
        "fl", DataTypes.FLOAT(),
        "i", DataTypes.INT(),
        "l", DataTypes.BIGINT(),
        "sm", DataTypes.SMALLINT(),
        "ti", DataTypes.TINYINT(),
        "b", DataTypes.BOOLEAN(),
        "vec", DataTypes.VECTOR(DataTypes.FLOAT(), 2),
        "vi", DataTypes.VECTOR(DataTypes.INT(), 3),
        "s", DataTypes.STRING());
  }

  private static List<Map<String, Object>> randomRows(SplittableRandom r) {
    List<Map<String, Object>> rows = new ArrayList<>();
    int groups = 1 + r.nextInt(6);
    for (int g = 0; g < groups; g++) {
      int key = (groups - g) * 37 + r.nextInt(30) - 90;
      long first = r.nextInt(40) - 10;
      // Now and then groups long enough that kept frames are read over many requests.
      int length = 1 + r.nextInt(r.nextInt(5) == 0 ? 150 : 30);
      for (int k = 0; k < length; k++) {
        rows.add(
            row(
                "ep",
                key,
                "frame",
                first + k,
                "d",
                r.nextInt(6) == 0 ? null : (r.nextInt(2001) - 1000) / 4.0,
                "fl",
                (float) (r.nextInt() / 3.0),
                "i",
                r.nextInt(8) == 0 ? null : r.nextInt(),
                "l",
                r.nextLong(),
                "sm",
                (short) r.nextInt(),
                "ti",
                (byte) r.nextInt(),
                "b",
                r.nextBoolean(),
                "vec",
                new float[] {g, k + 0.5f},
                "vi",
                new int[] {r.nextInt(), k, -g},
                "s",
                "s" + g + "_" + k));
      }
    }
    return rows;
  }

  /** One case's options, applied to builders and to the reference alike. */
  private static final class Options {
    final Map<String, int[]> offsets = new LinkedHashMap<>();
    final Map<String, Object> pads = new LinkedHashMap<>();
    Boundary boundary;

    ContiguousWindows.Builder apply(ContiguousWindows.Builder b) {
      for (Map.Entry<String, int[]> e : offsets.entrySet()) {
        b = b.frameOffsets(e.getKey(), e.getValue());
      }
      for (Map.Entry<String, Object> e : pads.entrySet()) {
        b = b.padValue(e.getKey(), e.getValue());
      }
      return b.boundary(boundary);
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder("{");
      offsets.forEach((k, v) -> sb.append(k).append(Arrays.toString(v)).append(' '));
      return sb.append(boundary).append(" pads ").append(pads).append('}').toString();
    }
  }

  private static Options randomOptions(SplittableRandom r) {
    Options o = new Options();
    for (String c : FIXED) {
      int[] offsets = new int[1 + r.nextInt(4)];
      for (int k = 0; k < offsets.length; k++) {
        offsets[k] = r.nextInt(7) - 3;
      }
      o.offsets.put(c, offsets);
    }
    o.boundary = r.nextBoolean() ? Boundary.PAD : Boundary.DROP;
    if (o.boundary == Boundary.PAD) {
      if (r.nextBoolean()) {
        o.pads.put("d", r.nextBoolean() ? null : -1.5);
      }
      if (r.nextBoolean()) {
        o.pads.put("i", 7);
      }
      if (r.nextInt(3) == 0) {
        o.pads.put("b", true);
      }
    }
    return o;
  }

  @Test
  void everyFetchPathGivesTheSamplesOfTheReferenceAndTheTensorsOfTheTransform() {
    long seed = Long.getLong("windows.seed", 20261202L);
    int cases = Integer.getInteger("windows.cases", 16);
    SplittableRandom master = new SplittableRandom(seed);
    for (int c = 0; c < cases; c++) {
      long caseSeed = master.nextLong();
      runCase(caseSeed, "seed " + seed + ", case " + c + " (case seed " + caseSeed + ")");
    }
  }

  private void runCase(long seed, String ctx) {
    SplittableRandom r = new SplittableRandom(seed);
    Table t = table();
    List<Map<String, Object>> rows = randomRows(r);
    Collections.shuffle(rows, new java.util.Random(seed));
    int commits = 1 + r.nextInt(3);
    for (int k = 0; k < commits; k++) {
      List<Map<String, Object>> part =
          rows.subList(k * rows.size() / commits, (k + 1) * rows.size() / commits);
      if (!part.isEmpty()) {
        t.add(new ArrayList<>(part));
      }
    }
    Options options = randomOptions(r);
    String context = ctx + ", " + options;
    List<Map<String, Object>> expected = reference(t.scan().toList(), options);
    Map<String, DType> dtypes = new LinkedHashMap<>();
    for (String c : FIXED) {
      dtypes.put(c, DType.values()[r.nextInt(DType.values().length)]);
    }
    for (String path : List.of("kept", "no cache", "tiny cache", "not fixed-width")) {
      ContiguousWindows.Builder b =
          options.apply(ContiguousWindows.builder(t.scan()).groupKey("ep").orderKey("frame"));
      List<String> columns = new ArrayList<>(FIXED);
      switch (path) {
        case "no cache":
          b = b.blockCacheSize(0);
          break;
        case "tiny cache":
          b = b.blockCacheSize(64);
          break;
        case "not fixed-width":
          columns.add("s");
          b = b.frameOffsets("s", 0);
          break;
        default:
          break;
      }
      b = b.columns(columns.toArray(new String[0]));
      String where = context + ", " + path;
      try (ContiguousWindowDataset raw = b.build()) {
        assertThat(((WindowDatasetImpl) raw).keepsFrames()).as(where).isEqualTo(path == "kept");
        assertThat(raw.size()).as(where).isEqualTo(expected.size());
        List<Map<String, Object>> got = requestShuffled(raw, r);
        for (int k = 0; k < expected.size(); k++) {
          assertThat(normalize(got.get(k), FIXED))
              .as(where + ", sample " + k)
              .isEqualTo(expected.get(k));
        }
        // Again, now that every frame has been read.
        List<Map<String, Object>> again = raw.getItems(IntStream.range(0, raw.size()).toArray());
        for (int k = 0; k < expected.size(); k++) {
          assertThat(normalize(again.get(k), FIXED))
              .as(where + ", sample " + k + " again")
              .isEqualTo(expected.get(k));
        }
      }
      ContiguousWindows.Builder tensors = b;
      for (Map.Entry<String, DType> e : dtypes.entrySet()) {
        tensors = tensors.transform(e.getKey(), WindowTransforms.toTensor(e.getValue()));
      }
      try (ContiguousWindowDataset ds = tensors.build()) {
        // One sample per request, so that each failure is its own; a random subset of them.
        int[] order = shuffled(ds.size(), r);
        for (int k : Arrays.copyOf(order, Math.min(order.length, 120))) {
          checkTensors(ds, k, expected.get(k), dtypes, where + ", tensor sample " + k);
        }
      }
    }
  }

  /** Every sample, requested in a random order in chunks of random sizes with repeats. */
  private static List<Map<String, Object>> requestShuffled(
      ContiguousWindowDataset ds, SplittableRandom r) {
    List<Map<String, Object>> out = new ArrayList<>(Collections.nCopies(ds.size(), null));
    int[] order = shuffled(ds.size(), r);
    int from = 0;
    while (from < order.length) {
      int n = Math.min(order.length - from, 1 + r.nextInt(12));
      int[] request = new int[n + 1];
      for (int k = 0; k < n; k++) {
        // Negative indices count from the end.
        request[k] = r.nextBoolean() ? order[from + k] : order[from + k] - ds.size();
      }
      request[n] = order[from];
      List<Map<String, Object>> got = ds.getItems(request);
      assertThat(normalize(got.get(n), FIXED)).isEqualTo(normalize(got.get(0), FIXED));
      for (int k = 0; k < n; k++) {
        out.set(order[from + k], got.get(k));
      }
      from += n;
    }
    return out;
  }

  private static int[] shuffled(int n, SplittableRandom r) {
    int[] order = IntStream.range(0, n).toArray();
    for (int i = n - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    return order;
  }

  /** Sample {@code k}'s tensors equal the transform applied to its raw windows, or fail alike. */
  private static void checkTensors(
      ContiguousWindowDataset ds,
      int k,
      Map<String, Object> raw,
      Map<String, DType> dtypes,
      String where) {
    Map<String, Object> tensors = new LinkedHashMap<>();
    String failure = null;
    for (String c : FIXED) {
      List<Object> window = new ArrayList<>();
      for (Object v : (List<?>) raw.get(c)) {
        window.add(v instanceof List ? toArray(c, (List<?>) v) : v);
      }
      try {
        tensors.put(c, WindowTransforms.toTensor(dtypes.get(c)).apply(window));
      } catch (IllegalArgumentException e) {
        failure = e.getMessage();
        break;
      }
    }
    if (failure != null) {
      assertThatThrownBy(() -> ds.get(k))
          .as(where)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(failure);
      return;
    }
    Map<String, Object> sample = ds.get(k);
    for (String c : FIXED) {
      assertThat(sample.get(c)).as(where + ", column " + c).isEqualTo(tensors.get(c));
    }
    assertThat(sample.get("ep")).as(where).isEqualTo(raw.get("ep"));
    assertThat(sample.get("frame")).as(where).isEqualTo(raw.get("frame"));
  }

  /** A VECTOR cell back from its normalized list. */
  private static Object toArray(String column, List<?> values) {
    Object a = Array.newInstance(column.equals("vec") ? float.class : int.class, values.size());
    for (int i = 0; i < values.size(); i++) {
      Array.set(a, i, values.get(i));
    }
    return a;
  }

  @Test
  void keptFramesServeSeveralThreadsAtOnceAndAClosedDatasetRefusesReads() throws Exception {
    SplittableRandom r = new SplittableRandom(7);
    Table t = table();
    List<Map<String, Object>> rows = randomRows(r);
    t.add(rows);
    Options options = randomOptions(r);
    List<Map<String, Object>> expected = reference(t.scan().toList(), options);
    ContiguousWindows.Builder b =
        options
            .apply(ContiguousWindows.builder(t.scan()).groupKey("ep").orderKey("frame"))
            .columns(FIXED.toArray(new String[0]));
    for (Function<ContiguousWindows.Builder, ContiguousWindows.Builder> path :
        List.<Function<ContiguousWindows.Builder, ContiguousWindows.Builder>>of(
            x -> x, x -> x.blockCacheSize(0))) {
      ContiguousWindowDataset ds = path.apply(b).build();
      if (ds.size() == 0) {
        ds.close();
        continue;
      }
      ExecutorService pool = Executors.newFixedThreadPool(4);
      try {
        List<Future<List<Map<String, Object>>>> futures = new ArrayList<>();
        List<int[]> requests = new ArrayList<>();
        for (int round = 0; round < 40; round++) {
          int[] request = new int[1 + r.nextInt(8)];
          for (int k = 0; k < request.length; k++) {
            request[k] = r.nextInt(ds.size());
          }
          requests.add(request);
          futures.add(pool.submit(() -> ds.getItems(request)));
        }
        for (int round = 0; round < 40; round++) {
          List<Map<String, Object>> got = futures.get(round).get();
          for (int k = 0; k < got.size(); k++) {
            assertThat(normalize(got.get(k), FIXED))
                .isEqualTo(expected.get(requests.get(round)[k]));
          }
        }
      } finally {
        pool.shutdownNow();
      }
      ds.getItems(IntStream.range(0, ds.size()).toArray());
      ds.close();
      assertThatThrownBy(() -> ds.get(0))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("closed");
    }
  }

  @Test
  void aCloseDuringRequestsWaitsForTheReadsInFlightAndLaterRequestsAreRefused() throws Exception {
    SplittableRandom r = new SplittableRandom(11);
    Table t = table();
    t.add(randomRows(r));
    Options options = randomOptions(r);
    for (int cache : new int[] {0, 64 << 20}) {
      ContiguousWindowDataset ds =
          options
              .apply(ContiguousWindows.builder(t.scan()).groupKey("ep").orderKey("frame"))
              .columns(FIXED.toArray(new String[0]))
              .blockCacheSize(cache)
              .build();
      if (ds.size() == 0) {
        ds.close();
        continue;
      }
      ExecutorService pool = Executors.newFixedThreadPool(4);
      java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(4);
      try {
        List<Future<Integer>> readers = new ArrayList<>();
        for (int w = 0; w < 4; w++) {
          readers.add(
              pool.submit(
                  () -> {
                    started.countDown();
                    int served = 0;
                    while (true) {
                      try {
                        ds.getItems(IntStream.range(0, Math.min(ds.size(), 16)).toArray());
                        served++;
                      } catch (IllegalStateException e) {
                        assertThat(e).hasMessageContaining("closed");
                        return served;
                      }
                    }
                  }));
        }
        started.await();
        ds.close();
        for (Future<Integer> f : readers) {
          // Every request either completed or was refused as closed; nothing else was thrown.
          assertThat(f.get(30, java.util.concurrent.TimeUnit.SECONDS)).isNotNegative();
        }
      } finally {
        pool.shutdownNow();
      }
    }
  }

  /** The samples by brute force, from the table's rows. */
  private static List<Map<String, Object>> reference(
      List<Map<String, Object>> rows, Options options) {
    Map<Integer, List<Map<String, Object>>> groups = new TreeMap<>();
    for (Map<String, Object> row : rows) {
      groups.computeIfAbsent((Integer) row.get("ep"), k -> new ArrayList<>()).add(row);
    }
    int min = 0;
    int max = 0;
    for (int[] offsets : options.offsets.values()) {
      for (int o : offsets) {
        min = Math.min(min, o);
        max = Math.max(max, o);
      }
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (List<Map<String, Object>> frames : groups.values()) {
      frames.sort(Comparator.comparingLong(m -> (Long) m.get("frame")));
      int n = frames.size();
      for (int p = 0; p < n; p++) {
        if (options.boundary == Boundary.DROP && (p + min < 0 || p + max >= n)) {
          continue;
        }
        Map<String, Object> sample = new LinkedHashMap<>();
        sample.put("ep", frames.get(p).get("ep"));
        sample.put("frame", frames.get(p).get("frame"));
        for (String c : FIXED) {
          List<Object> window = new ArrayList<>();
          List<Boolean> mask = new ArrayList<>();
          for (int o : options.offsets.get(c)) {
            int q = p + o;
            boolean pad = q < 0 || q >= n;
            mask.add(pad);
            if (pad && options.pads.containsKey(c)) {
              window.add(options.pads.get(c));
            } else {
              window.add(normalizeValue(frames.get(Math.max(0, Math.min(n - 1, q))).get(c)));
            }
          }
          sample.put(c, window);
          sample.put(c + "_is_pad", mask);
        }
        out.add(sample);
      }
    }
    return out;
  }

  /** The keys and these columns with their masks, arrays and tensors as lists. */
  private static Map<String, Object> normalize(Map<String, Object> sample, List<String> columns) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("ep", sample.get("ep"));
    out.put("frame", sample.get("frame"));
    for (String c : columns) {
      out.put(c, normalizeValue(sample.get(c)));
      out.put(c + "_is_pad", normalizeValue(sample.get(c + "_is_pad")));
    }
    return out;
  }

  private static Object normalizeValue(Object v) {
    if (v instanceof Tensor) {
      List<Boolean> l = new ArrayList<>();
      for (boolean b : ((Tensor) v).booleans()) {
        l.add(b);
      }
      return l;
    }
    if (v != null && v.getClass().isArray()) {
      List<Object> l = new ArrayList<>();
      for (int i = 0; i < Array.getLength(v); i++) {
        l.add(Array.get(v, i));
      }
      return l;
    }
    if (v instanceof List) {
      List<Object> l = new ArrayList<>();
      for (Object x : (List<?>) v) {
        l.add(normalizeValue(x));
      }
      return l;
    }
    return v;
  }
}
