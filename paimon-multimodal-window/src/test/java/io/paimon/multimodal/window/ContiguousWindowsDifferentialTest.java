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
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Contiguous windows against a brute-force reference written here: random frame tables (groups of
 * random lengths and first frames, rows written out of order over several commits, whole groups
 * filtered away) and random options (per-column offsets with duplicates, delta timestamps, the
 * legacy window size, strides, every boundary, padding values). Every sample must equal the
 * reference's, and so must random {@code getItems} requests with negative and repeated indices. Run
 * more cases with {@code -Dwindows.cases=N -Dwindows.seed=S}.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class ContiguousWindowsDifferentialTest {

  private static final List<String> COLUMNS = List.of("v", "s", "vec");

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

  /** One random case's options, applied to a builder and to the reference alike. */
  private static final class Options {
    Map<String, int[]> offsets = new LinkedHashMap<>();
    double[] deltas;
    String deltaColumn;
    double fps;
    int windowSize;
    List<String> anchorColumns = List.of();
    int stride = 1;
    Boundary boundary = Boundary.DROP;
    String padColumn;
    Object padValue;

    ContiguousWindows.Builder apply(ContiguousWindows.Builder b) {
      for (Map.Entry<String, int[]> e : offsets.entrySet()) {
        b = b.frameOffsets(e.getKey(), e.getValue());
      }
      if (deltas != null) {
        b = b.deltaTimestamps(deltaColumn, deltas).fps(fps);
      }
      if (windowSize > 0) {
        b = b.windowSize(windowSize).tail(boundary);
        if (!anchorColumns.isEmpty()) {
          b = b.anchorColumns(anchorColumns.toArray(new String[0]));
        }
      } else {
        b = b.boundary(boundary);
      }
      if (padColumn != null) {
        b = b.padValue(padColumn, padValue);
      }
      return b.stride(stride);
    }

    int[] offsetsOf(String column) {
      if (windowSize > 0) {
        return anchorColumns.contains(column)
            ? new int[] {0}
            : java.util.stream.IntStream.range(0, windowSize).toArray();
      }
      if (deltas != null && column.equals(deltaColumn)) {
        int[] o = new int[deltas.length];
        for (int i = 0; i < o.length; i++) {
          o[i] = (int) Math.rint(deltas[i] * fps);
        }
        return o;
      }
      return offsets.getOrDefault(column, new int[] {0});
    }

    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder("{");
      offsets.forEach((k, v) -> sb.append(k).append(java.util.Arrays.toString(v)).append(' '));
      if (deltas != null) {
        sb.append(deltaColumn).append(" seconds ").append(java.util.Arrays.toString(deltas));
        sb.append(" fps ").append(fps).append(' ');
      }
      if (windowSize > 0) {
        sb.append("windowSize ").append(windowSize).append(" anchors ").append(anchorColumns);
      }
      return sb.append(" stride ")
          .append(stride)
          .append(' ')
          .append(boundary)
          .append(" pad ")
          .append(padColumn)
          .append('=')
          .append(padValue)
          .append('}')
          .toString();
    }
  }

  private static Options randomOptions(SplittableRandom r) {
    Options o = new Options();
    switch (r.nextInt(4)) {
      case 0:
        for (String c : COLUMNS) {
          if (r.nextBoolean()) {
            int[] offsets = new int[1 + r.nextInt(4)];
            for (int i = 0; i < offsets.length; i++) {
              offsets[i] = r.nextInt(9) - 4;
            }
            o.offsets.put(c, offsets);
          }
        }
        break;
      case 1:
        o.deltaColumn = COLUMNS.get(r.nextInt(COLUMNS.size()));
        o.fps = new double[] {10, 30, 4}[r.nextInt(3)];
        o.deltas = new double[1 + r.nextInt(3)];
        for (int i = 0; i < o.deltas.length; i++) {
          o.deltas[i] = (r.nextInt(7) - 3) / o.fps;
        }
        break;
      case 2:
        o.windowSize = 1 + r.nextInt(4);
        if (r.nextBoolean()) {
          o.anchorColumns = List.of(COLUMNS.get(r.nextInt(COLUMNS.size())));
        }
        break;
      default:
        break;
    }
    o.stride = 1 + r.nextInt(3);
    o.boundary = Boundary.values()[r.nextInt(3)];
    if (o.boundary == Boundary.PAD && r.nextInt(3) == 0) {
      o.padColumn = "v";
      o.padValue = r.nextBoolean() ? null : -1.5;
    }
    return o;
  }

  @Test
  void randomTablesAndOptionsMatchTheBruteForceReference() {
    long seed = Long.getLong("windows.seed", 20261130L);
    int cases = Integer.getInteger("windows.cases", 60);
    SplittableRandom master = new SplittableRandom(seed);
    for (int c = 0; c < cases; c++) {
      long caseSeed = master.nextLong();
      runCase(caseSeed, "seed " + seed + ", case " + c + " (case seed " + caseSeed + ")");
    }
  }

  private void runCase(long seed, String ctx) {
    SplittableRandom r = new SplittableRandom(seed);
    boolean stringGroups = r.nextBoolean();
    Table t =
        f.table(
            "ep",
            stringGroups ? DataTypes.STRING() : DataTypes.INT(),
            "frame",
            DataTypes.BIGINT(),
            "v",
            DataTypes.DOUBLE(),
            "s",
            DataTypes.STRING(),
            "vec",
            DataTypes.VECTOR(DataTypes.FLOAT(), 2));
    List<Map<String, Object>> rows = new ArrayList<>();
    int groups = 1 + r.nextInt(5);
    for (int g = 0; g < groups; g++) {
      // Distinct keys in an order unrelated to the group's position in the table.
      int spread = (groups - 1 - g) * 41 + r.nextInt(40) - 100;
      Object key = stringGroups ? "ep" + (char) ('a' + r.nextInt(26)) + g : spread;
      long first = r.nextInt(50) - 10;
      int length = 1 + r.nextInt(9);
      for (int i = 0; i < length; i++) {
        rows.add(
            row(
                "ep",
                key,
                "frame",
                first + i,
                "v",
                r.nextInt(5) == 0 ? null : (double) r.nextInt(1000),
                "s",
                "s" + g + "_" + i,
                "vec",
                new float[] {g, i}));
      }
    }
    Collections.shuffle(rows, new java.util.Random(seed));
    int commits = 1 + r.nextInt(3);
    for (int k = 0; k < commits; k++) {
      List<Map<String, Object>> part =
          rows.subList(k * rows.size() / commits, (k + 1) * rows.size() / commits);
      if (!part.isEmpty()) {
        t.add(new ArrayList<>(part));
      }
    }
    Object dropped = r.nextInt(3) == 0 ? rows.get(0).get("ep") : null;
    var scan =
        dropped == null
            ? t.scan()
            : t.scan().where("ep <> " + (stringGroups ? "'" + dropped + "'" : dropped));
    Options options = randomOptions(r);
    String context = ctx + ", " + options;
    List<Map<String, Object>> expected;
    try {
      expected = reference(scan.toList(), options);
    } catch (IllegalStateException incomplete) {
      assertThatThrownBy(
              () ->
                  options
                      .apply(ContiguousWindows.builder(scan).groupKey("ep").orderKey("frame"))
                      .build())
          .as(context)
          .isInstanceOf(AlignmentException.class)
          .hasMessageContaining("boundary ERROR");
      return;
    }
    ContiguousWindowDataset ds =
        options.apply(ContiguousWindows.builder(scan).groupKey("ep").orderKey("frame")).build();
    assertThat(ds.size()).as(context).isEqualTo(expected.size());
    List<Map<String, Object>> all =
        ds.getItems(java.util.stream.IntStream.range(0, ds.size()).toArray());
    for (int i = 0; i < expected.size(); i++) {
      assertThat(normalize(all.get(i))).as(context + ", sample " + i).isEqualTo(expected.get(i));
    }
    if (ds.size() > 0) {
      int[] request = new int[1 + r.nextInt(6)];
      for (int i = 0; i < request.length; i++) {
        request[i] = r.nextInt(2 * ds.size()) - ds.size();
      }
      List<Map<String, Object>> got = ds.getItems(request);
      for (int i = 0; i < request.length; i++) {
        int k = request[i] < 0 ? request[i] + ds.size() : request[i];
        assertThat(normalize(got.get(i)))
            .as(context + ", getItems " + java.util.Arrays.toString(request) + " at " + i)
            .isEqualTo(expected.get(k));
      }
    }
  }

  /** The samples by brute force; throws IllegalStateException where ERROR must reject. */
  private static List<Map<String, Object>> reference(
      List<Map<String, Object>> rows, Options options) {
    Map<Object, List<Map<String, Object>>> groups =
        new TreeMap<>(
            (a, b) ->
                a instanceof String
                    ? ((String) a).compareTo((String) b)
                    : Integer.compare((Integer) a, (Integer) b));
    for (Map<String, Object> row : rows) {
      groups.computeIfAbsent(row.get("ep"), k -> new ArrayList<>()).add(row);
    }
    List<String> bounded =
        options.windowSize > 0
            ? COLUMNS.stream()
                .filter(c -> !options.anchorColumns.contains(c))
                .collect(Collectors.toList())
            : COLUMNS;
    int min = 0;
    int max = 0;
    for (String c : bounded) {
      for (int o : options.offsetsOf(c)) {
        min = Math.min(min, o);
        max = Math.max(max, o);
      }
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (List<Map<String, Object>> frames : groups.values()) {
      frames.sort(Comparator.comparingLong(m -> (Long) m.get("frame")));
      int n = frames.size();
      for (int p = 0; p < n; p += options.stride) {
        boolean complete = p + min >= 0 && p + max < n;
        if (!complete && options.boundary == Boundary.ERROR) {
          throw new IllegalStateException("incomplete");
        }
        if (!complete && options.boundary == Boundary.DROP) {
          continue;
        }
        Map<String, Object> sample = new LinkedHashMap<>();
        sample.put("ep", frames.get(p).get("ep"));
        sample.put("frame", frames.get(p).get("frame"));
        List<Boolean> single = null;
        for (String c : COLUMNS) {
          List<Object> window = new ArrayList<>();
          List<Boolean> mask = new ArrayList<>();
          for (int o : options.offsetsOf(c)) {
            int q = p + o;
            boolean pad = q < 0 || q >= n;
            mask.add(pad);
            if (pad && c.equals(options.padColumn)) {
              window.add(options.padValue);
            } else {
              window.add(normalizeValue(frames.get(Math.max(0, Math.min(n - 1, q))).get(c)));
            }
          }
          sample.put(c, window);
          if (options.windowSize == 0) {
            sample.put(c + "_is_pad", mask);
          } else if (single == null && bounded.contains(c)) {
            single = mask;
          }
        }
        if (options.windowSize > 0) {
          sample.put("is_pad", single == null ? List.of() : single);
        }
        out.add(sample);
      }
    }
    return out;
  }

  private static Map<String, Object> normalize(Map<String, Object> sample) {
    Map<String, Object> out = new LinkedHashMap<>();
    sample.forEach((k, v) -> out.put(k, normalizeValue(v)));
    return out;
  }

  /** Tensors and primitive arrays as lists, so that samples compare by value. */
  private static Object normalizeValue(Object v) {
    if (v instanceof Tensor) {
      List<Boolean> l = new ArrayList<>();
      for (boolean b : ((Tensor) v).booleans()) {
        l.add(b);
      }
      return l;
    }
    if (v instanceof float[]) {
      List<Float> l = new ArrayList<>();
      for (float x : (float[]) v) {
        l.add(x);
      }
      return l;
    }
    if (v instanceof List) {
      return ((List<?>) v).stream().map(x -> normalizeValue(x)).collect(Collectors.toList());
    }
    return v;
  }
}
