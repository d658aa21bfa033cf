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

import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.multimodal.window.BruteForceAlignment.R;
import io.paimon.types.DataType;
import io.paimon.types.DataTypes;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Randomized differential test of joinAsof, interpolate, joinWindow and chains of them against
 * {@link BruteForceAlignment}. Each run writes a left and a right table (the right in several
 * commits, sometimes filtered) with random key types (BIGINT, INT widened to BIGINT, TIMESTAMP(3)
 * against TIMESTAMP(6), TIMESTAMP(9), TIMESTAMP_LTZ(3)), random group keys (none, one BIGINT, a
 * STRING and an INT), random times (dense with many duplicates, extreme int64 values, wide), null
 * payloads, groups present on one side only, and random specs. A case is one left group of one run:
 * every left row of it is checked.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class AlignmentDifferentialTest {

  private static final long SEED = Long.getLong("alignment.seed", 20261130L);
  private static final int RUNS = Integer.getInteger("alignment.runs", 70);

  @Parameter TestStorage storage;

  @TempDir Path dir;

  private int asofMatches;
  private int windowRows;

  private enum KeyMode {
    BIGINT,
    INT_BIGINT,
    TS3_TS6,
    TS9,
    LTZ3
  }

  private enum ByMode {
    NONE,
    LONG,
    STRING_INT
  }

  private static final class Run {
    KeyMode keys;
    ByMode by;
    Table left;
    Table right;
    String rightOn;
    boolean filtered;
    List<Map<String, Object>> leftRows = new ArrayList<>();
    List<BigInteger> leftTimes = new ArrayList<>();
    List<List<Object>> leftGroups = new ArrayList<>();
    List<R> rights = new ArrayList<>();
    int cases;

    boolean timestamps() {
      return keys != KeyMode.BIGINT && keys != KeyMode.INT_BIGINT;
    }

    String[] byNames() {
      return by == ByMode.NONE
          ? new String[0]
          : by == ByMode.LONG ? new String[] {"g"} : new String[] {"gs", "gi"};
    }
  }

  @Test
  void matchesBruteForce() {
    Random seeds = new Random(SEED);
    int[] cases = new int[4];
    try (AlignmentFixture f = new AlignmentFixture(storage, dir)) {
      for (int run = 0; run < RUNS; run++) {
        long seed = seeds.nextLong();
        Random rnd = new Random(seed);
        Run r = generate(f, rnd);
        String context = "seed " + seed + " (run " + run + ", " + r.keys + ", by " + r.by + ")";
        try {
          checkAsof(r, rnd);
          checkInterpolate(r, rnd);
          checkWindow(r, rnd);
          checkChain(r, rnd);
        } catch (AssertionError | RuntimeException e) {
          throw new AssertionError("failed for " + context + ": " + e.getMessage(), e);
        }
        for (int k = 0; k < cases.length; k++) {
          cases[k] += r.cases;
        }
      }
    }
    System.out.println(
        "alignment differential: "
            + cases[0]
            + " cases per operation, "
            + asofMatches
            + " as-of matches, "
            + windowRows
            + " non-empty windows");
    assertThat(cases[0]).isGreaterThanOrEqualTo(1000);
    assertThat(asofMatches).isGreaterThan(1000);
    assertThat(windowRows).isGreaterThan(1000);
  }

  // ---------------------------------------------------------------- generation

  private Run generate(AlignmentFixture f, Random rnd) {
    Run r = new Run();
    r.keys = KeyMode.values()[rnd.nextInt(KeyMode.values().length)];
    r.by = ByMode.values()[rnd.nextInt(ByMode.values().length)];
    r.rightOn = rnd.nextBoolean() ? "t" : "rt";
    r.filtered = rnd.nextInt(10) < 3;
    DataType lt;
    DataType rt;
    switch (r.keys) {
      case BIGINT:
        lt = DataTypes.BIGINT();
        rt = DataTypes.BIGINT();
        break;
      case INT_BIGINT:
        lt = DataTypes.INT();
        rt = DataTypes.BIGINT();
        break;
      case TS3_TS6:
        lt = DataTypes.TIMESTAMP(3);
        rt = DataTypes.TIMESTAMP(6);
        break;
      case TS9:
        lt = DataTypes.TIMESTAMP(9);
        rt = DataTypes.TIMESTAMP(9);
        break;
      default:
        lt = DataTypes.TIMESTAMP_LTZ(3);
        rt = DataTypes.TIMESTAMP_LTZ(3);
    }
    List<Object> leftCols = new ArrayList<>(List.of("id", DataTypes.BIGINT(), "t", lt));
    List<Object> rightCols = new ArrayList<>(List.of(r.rightOn, rt));
    if (r.by == ByMode.LONG) {
      leftCols.addAll(List.of("g", DataTypes.BIGINT()));
      rightCols.addAll(List.of("g", DataTypes.BIGINT()));
    } else if (r.by == ByMode.STRING_INT) {
      leftCols.addAll(List.of("gs", DataTypes.STRING(), "gi", DataTypes.INT()));
      rightCols.addAll(List.of("gs", DataTypes.STRING(), "gi", DataTypes.INT()));
    }
    rightCols.addAll(
        List.of(
            "v",
            DataTypes.DOUBLE(),
            "n",
            DataTypes.BIGINT(),
            "s",
            DataTypes.STRING(),
            "vec",
            DataTypes.VECTOR(DataTypes.FLOAT(), 2),
            "keep",
            DataTypes.BOOLEAN().notNull()));
    r.left = f.table(leftCols.toArray());
    r.right = f.table(rightCols.toArray());
    int groups = r.by == ByMode.NONE ? 1 : 1 + rnd.nextInt(60);
    int timeMode = rnd.nextInt(3);
    long base = rnd.nextLong() / 4;
    int leftCount = rnd.nextInt(10) == 0 ? 0 : 1 + rnd.nextInt(400);
    int rightCount = rnd.nextInt(10) == 0 ? 0 : 1 + rnd.nextInt(400);
    Set<List<Object>> leftGroupSet = new HashSet<>();
    for (int i = 0; i < leftCount; i++) {
      List<Object> g = group(r, rnd.nextInt(groups + 2));
      BigInteger t = time(r, rnd, timeMode, base, true);
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", (long) i);
      row.put("t", AlignmentValues.javaTime(lt, t));
      putGroup(r, row, g);
      r.leftRows.add(row);
      r.leftTimes.add(t);
      r.leftGroups.add(g);
      leftGroupSet.add(g);
    }
    r.cases = leftGroupSet.size();
    if (!r.leftRows.isEmpty()) {
      r.left.add(r.leftRows);
    }
    List<Map<String, Object>> batch = new ArrayList<>();
    for (int i = 0; i < rightCount; i++) {
      // groups 0..groups-1 plus one the left never has; groups+1 stays empty on the right
      int gi = rnd.nextInt(groups + 1);
      List<Object> g = group(r, gi == groups ? groups + 5 : gi);
      BigInteger t = time(r, rnd, timeMode, base, false);
      Map<String, Object> row = new LinkedHashMap<>();
      row.put(r.rightOn, AlignmentValues.javaTime(rt, t));
      putGroup(r, row, g);
      row.put("v", rnd.nextInt(7) == 0 ? null : AlignmentValues.doubleValue(rnd));
      row.put("n", rnd.nextInt(7) == 0 ? null : AlignmentValues.longValue(rnd));
      row.put("s", rnd.nextInt(7) == 0 ? null : "s" + rnd.nextInt(1000));
      row.put(
          "vec",
          rnd.nextInt(7) == 0
              ? null
              : new float[] {rnd.nextInt(100) - 50, (float) rnd.nextGaussian()});
      boolean keep = !r.filtered || rnd.nextInt(4) != 0;
      row.put("keep", keep);
      batch.add(row);
      if (keep) {
        r.rights.add(new R(t, g, row));
      }
      if (rnd.nextInt(80) == 0) {
        r.right.add(batch);
        batch = new ArrayList<>();
      }
    }
    if (!batch.isEmpty()) {
      r.right.add(batch);
    }
    return r;
  }

  private static List<Object> group(Run r, int g) {
    switch (r.by) {
      case NONE:
        return List.of();
      case LONG:
        return List.of((long) g * 1_000_000_007L - 3);
      default:
        return List.of("g" + (g % 3), g / 3);
    }
  }

  private static void putGroup(Run r, Map<String, Object> row, List<Object> g) {
    if (r.by == ByMode.LONG) {
      row.put("g", g.get(0));
    } else if (r.by == ByMode.STRING_INT) {
      row.put("gs", g.get(0));
      row.put("gi", g.get(1));
    }
  }

  /** A time in reference units: key units for integers, nanoseconds for timestamps. */
  private static BigInteger time(Run r, Random rnd, int mode, long base, boolean left) {
    switch (r.keys) {
      case BIGINT:
      case INT_BIGINT:
        {
          boolean narrow = left && r.keys == KeyMode.INT_BIGINT;
          long v;
          if (mode == 0) {
            v = (narrow ? 0 : base) + rnd.nextInt(30);
          } else if (mode == 1) {
            v =
                narrow
                    ? new long[] {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE}[rnd.nextInt(5)]
                    : AlignmentValues.EXTREMES[rnd.nextInt(AlignmentValues.EXTREMES.length)];
          } else {
            v = narrow ? rnd.nextInt() : rnd.nextLong();
          }
          return BigInteger.valueOf(v);
        }
      default:
        {
          // keep nanosecond values inside the int64 range of Arrow nanosecond timestamps
          long unitNanos =
              r.keys == KeyMode.TS9 ? 1 : r.keys == KeyMode.TS3_TS6 && !left ? 1000 : 1_000_000;
          long ns;
          if (mode == 0) {
            ns = (base / 1_000_000_000L) * 1_000_000_000L + rnd.nextInt(30) * 500_000L;
          } else if (mode == 1) {
            ns =
                rnd.nextBoolean()
                    ? Long.MAX_VALUE - rnd.nextInt(5)
                    : Long.MIN_VALUE + 1_000_000_000L + rnd.nextInt(5);
          } else {
            ns = rnd.nextLong() / 2;
          }
          return BigInteger.valueOf(Math.floorDiv(ns, unitNanos) * unitNanos);
        }
    }
  }

  // ---------------------------------------------------------------- specs

  private Scan rightScan(Run r, String... columns) {
    Scan s = r.right.scan();
    if (r.filtered) {
      s = s.where("keep = true");
    }
    return s.select(columns);
  }

  // ---------------------------------------------------------------- checks

  private void checkAsof(Run r, Random rnd) {
    Direction d = Direction.values()[rnd.nextInt(3)];
    boolean exact = rnd.nextInt(10) < 7;
    AlignmentValues.RandomSpan tol =
        rnd.nextInt(3) == 0 ? null : AlignmentValues.span(r.timestamps(), rnd);
    AsofJoin spec = AsofJoin.on("t").by(r.byNames()).direction(d).allowExactMatches(exact);
    if (!r.rightOn.equals("t")) {
      spec = spec.rightOn(r.rightOn);
    }
    if (tol != null) {
      spec =
          tol.duration() != null ? spec.tolerance(tol.duration()) : spec.tolerance(tol.integer());
    }
    // the by columns and a same-named time key are selected but must not be carried
    String[] select = AlignmentValues.concat(r.byNames(), r.rightOn, "v", "n", "s", "vec");
    List<Map<String, Object>> out =
        Alignment.joinAsof(r.left.scan(), rightScan(r, select), spec).toList();
    List<String> carried = new ArrayList<>();
    if (!r.rightOn.equals("t")) {
      carried.add(r.rightOn);
    }
    carried.addAll(List.of("v", "n", "s", "vec"));
    assertThat(out).hasSize(r.leftRows.size());
    for (int i = 0; i < out.size(); i++) {
      Map<String, Object> row = out.get(i);
      assertLeft(r, row, i);
      List<String> expectedNames = new ArrayList<>(r.leftRows.get(i).keySet());
      expectedNames.addAll(carried);
      assertThat(new ArrayList<>(row.keySet())).isEqualTo(expectedNames);
      R m =
          BruteForceAlignment.asof(
              BruteForceAlignment.inGroup(r.rights, r.leftGroups.get(i)),
              r.leftTimes.get(i),
              d,
              exact,
              tol == null ? null : tol.units());
      if (m != null) {
        asofMatches++;
      }
      for (String c : carried) {
        AlignmentValues.assertValue(
            row.get(c),
            m == null ? null : m.values().get(c),
            "asof " + spec + " row " + i + " column " + c);
      }
    }
  }

  private void checkInterpolate(Run r, Random rnd) {
    AlignmentValues.RandomSpan tol =
        rnd.nextInt(3) == 0 ? null : AlignmentValues.span(r.timestamps(), rnd);
    Interpolation spec = Interpolation.on("t").by(r.byNames());
    if (!r.rightOn.equals("t")) {
      spec = spec.rightOn(r.rightOn);
    }
    if (tol != null) {
      spec =
          tol.duration() != null ? spec.tolerance(tol.duration()) : spec.tolerance(tol.integer());
    }
    String[] select = AlignmentValues.concat(r.byNames(), "v", "n", "vec");
    if (r.rightOn.equals("t")) {
      select = AlignmentValues.concat(select, "t");
    }
    List<Map<String, Object>> out =
        Alignment.interpolate(r.left.scan(), rightScan(r, select), spec).toList();
    assertThat(out).hasSize(r.leftRows.size());
    for (int i = 0; i < out.size(); i++) {
      Map<String, Object> row = out.get(i);
      assertLeft(r, row, i);
      List<R> rows = BruteForceAlignment.inGroup(r.rights, r.leftGroups.get(i));
      for (String c : List.of("v", "n", "vec")) {
        Object expected =
            BruteForceAlignment.interpolate(
                rows, r.leftTimes.get(i), tol == null ? null : tol.units(), c);
        AlignmentValues.assertValue(
            row.get(c),
            expected,
            "interpolate " + spec + " row " + i + " column " + c,
            BruteForceAlignment.scale(rows, r.leftTimes.get(i), c));
      }
    }
  }

  private static final Object[][] AGGREGATIONS = {
    {"v", Aggregation.MEAN}, {"n", Aggregation.MEAN}, {"v", Aggregation.MIN},
    {"n", Aggregation.MIN}, {"v", Aggregation.MAX}, {"n", Aggregation.MAX},
    {"s", Aggregation.COUNT}, {"v", Aggregation.COUNT}, {"s", Aggregation.FIRST},
    {"s", Aggregation.LAST}, {"vec", Aggregation.FIRST}, {"n", Aggregation.LAST}
  };

  private void checkWindow(Run r, Random rnd) {
    AlignmentValues.RandomSpan preceding = AlignmentValues.span(r.timestamps(), rnd);
    AlignmentValues.RandomSpan following =
        rnd.nextInt(4) == 0 ? null : AlignmentValues.span(r.timestamps(), rnd);
    Closed closed = Closed.values()[rnd.nextInt(4)];
    WindowJoin spec = WindowJoin.on("t").by(r.byNames()).closed(closed);
    if (!r.rightOn.equals("t")) {
      spec = spec.rightOn(r.rightOn);
    }
    spec =
        preceding.duration() != null
            ? spec.preceding(preceding.duration())
            : spec.preceding(preceding.integer());
    if (following != null) {
      spec =
          following.duration() != null
              ? spec.following(following.duration())
              : spec.following(following.integer());
    }
    List<Object[]> aggs = new ArrayList<>();
    for (Object[] a : AGGREGATIONS) {
      if (rnd.nextInt(3) == 0 || aggs.isEmpty() && a == AGGREGATIONS[AGGREGATIONS.length - 1]) {
        aggs.add(a);
        spec = spec.aggregate(a[0] + "_" + a[1], (String) a[0], (Aggregation) a[1]);
      }
    }
    List<Map<String, Object>> out =
        Alignment.joinWindow(r.left.scan(), rightScan(r, "v", "n", "s", "vec"), spec).toList();
    assertThat(out).hasSize(r.leftRows.size());
    for (int i = 0; i < out.size(); i++) {
      Map<String, Object> row = out.get(i);
      assertLeft(r, row, i);
      List<R> window =
          BruteForceAlignment.window(
              BruteForceAlignment.inGroup(r.rights, r.leftGroups.get(i)),
              r.leftTimes.get(i),
              preceding.units(),
              following == null ? BigInteger.ZERO : following.units(),
              closed.lowerIncluded(),
              closed.upperIncluded());
      if (!window.isEmpty()) {
        windowRows++;
      }
      for (Object[] a : aggs) {
        String name = a[0] + "_" + a[1];
        Object expected = BruteForceAlignment.aggregate(window, (String) a[0], (Aggregation) a[1]);
        AlignmentValues.assertValue(
            row.get(name), expected, "window " + spec + " row " + i + " column " + name);
      }
    }
  }

  private void checkChain(Run r, Random rnd) {
    AlignmentValues.RandomSpan tol =
        rnd.nextBoolean() ? null : AlignmentValues.span(r.timestamps(), rnd);
    AsofJoin first = AsofJoin.on("t").by(r.byNames()).direction(Direction.NEAREST);
    Interpolation second = Interpolation.spec().suffix("_interp");
    WindowJoin third = WindowJoin.spec().aggregate("n_count", "n", Aggregation.COUNT);
    AsofJoin fourth = AsofJoin.spec().direction(Direction.FORWARD).suffix("_fwd");
    if (!r.rightOn.equals("t")) {
      first = first.rightOn(r.rightOn);
      second = second.rightOn(r.rightOn);
      third = third.rightOn(r.rightOn);
      fourth = fourth.rightOn(r.rightOn);
    }
    if (tol != null) {
      third =
          tol.duration() != null ? third.preceding(tol.duration()) : third.preceding(tol.integer());
    } else {
      third = r.timestamps() ? third.preceding(Duration.ZERO) : third.preceding(0);
    }
    Aligned aligned =
        Alignment.joinAsof(r.left.scan(), rightScan(r, "v"), first)
            .interpolate(rightScan(r, "v"), second)
            .joinWindow(rightScan(r, "n"), third)
            .joinAsof(rightScan(r, "v"), fourth);
    assertThat(aligned.resolvedSnapshots()).hasSize(5);
    List<Map<String, Object>> out = aligned.toList();
    assertThat(out).hasSize(r.leftRows.size());
    for (int i = 0; i < out.size(); i++) {
      Map<String, Object> row = out.get(i);
      assertLeft(r, row, i);
      List<R> rows = BruteForceAlignment.inGroup(r.rights, r.leftGroups.get(i));
      BigInteger t = r.leftTimes.get(i);
      R near = BruteForceAlignment.asof(rows, t, Direction.NEAREST, true, null);
      R fwd = BruteForceAlignment.asof(rows, t, Direction.FORWARD, true, null);
      List<R> window =
          BruteForceAlignment.window(
              rows, t, tol == null ? BigInteger.ZERO : tol.units(), BigInteger.ZERO, true, true);
      String at = "chain row " + i;
      AlignmentValues.assertValue(
          row.get("v"), near == null ? null : near.values().get("v"), at + " v");
      AlignmentValues.assertValue(
          row.get("v_interp"),
          BruteForceAlignment.interpolate(rows, t, null, "v"),
          at + " v_interp",
          BruteForceAlignment.scale(rows, t, "v"));
      AlignmentValues.assertValue(
          row.get("n_count"),
          BruteForceAlignment.aggregate(window, "n", Aggregation.COUNT),
          at + " n_count");
      AlignmentValues.assertValue(
          row.get("v_fwd"), fwd == null ? null : fwd.values().get("v"), at + " v_fwd");
    }
  }

  private static void assertLeft(Run r, Map<String, Object> row, int i) {
    assertThat(row.get("id")).as("left order").isEqualTo(r.leftRows.get(i).get("id"));
  }
}
