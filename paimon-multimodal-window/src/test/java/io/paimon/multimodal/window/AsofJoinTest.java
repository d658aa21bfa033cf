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

import static io.paimon.multimodal.window.AlignmentFixture.column;
import static io.paimon.multimodal.window.AlignmentFixture.row;
import static io.paimon.multimodal.window.AlignmentFixture.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** The joinAsof rules of the seed's "As-of joins" section and specs/alignment.md, one by one. */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class AsofJoinTest {

  private static final String[] LR = {"id", "t"};
  private static final String[] RR = {"t", "v"};

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

  /** A left table (id, t BIGINT) with times t0, t1, ... */
  private Table left(long... times) {
    Table l = f.table("id", DataTypes.BIGINT(), "t", DataTypes.BIGINT());
    List<Map<String, Object>> rs = new ArrayList<>();
    for (int i = 0; i < times.length; i++) {
      rs.add(row("id", (long) i, "t", times[i]));
    }
    if (!rs.isEmpty()) {
      l.add(rs);
    }
    return l;
  }

  /** A right table (t BIGINT, v STRING) with rows (time, value). */
  private Table right(Object[]... rowsOf) {
    Table r = f.table("t", DataTypes.BIGINT(), "v", DataTypes.STRING());
    if (rowsOf.length > 0) {
      r.add(rows(RR, rowsOf));
    }
    return r;
  }

  private List<Object> values(Table l, Table r, AsofJoin spec) {
    return column(Alignment.joinAsof(l.scan(), r.scan(), spec).toList(), "v");
  }

  @Test
  void preservesEveryLeftRowInLeftOrder() {
    Table l = left(30, 10, 20, 5);
    Table r = right(new Object[] {10L, "a"}, new Object[] {20L, "b"});
    List<Map<String, Object>> out =
        Alignment.joinAsof(l.scan(), r.scan(), AsofJoin.on("t")).toList();
    assertThat(column(out, "id")).containsExactly(0L, 1L, 2L, 3L);
    assertThat(column(out, "v")).containsExactly("b", "a", "b", null);
  }

  @Test
  void backwardUsesTheLastRowAtTheLatestEarlierOrEqualTime() {
    Table l = left(10, 15, 9);
    Table r =
        right(new Object[] {5L, "x"}, new Object[] {10L, "first"}, new Object[] {10L, "last"});
    assertThat(values(l, r, AsofJoin.on("t").direction(Direction.BACKWARD)))
        .containsExactly("last", "last", "x");
  }

  @Test
  void backwardIsTheDefaultDirection() {
    Table l = left(12);
    Table r = right(new Object[] {10L, "before"}, new Object[] {13L, "after"});
    assertThat(values(l, r, AsofJoin.on("t"))).containsExactly("before");
  }

  @Test
  void forwardUsesTheFirstRowAtTheEarliestLaterOrEqualTime() {
    Table l = left(10, 7, 11);
    Table r =
        right(new Object[] {10L, "first"}, new Object[] {10L, "last"}, new Object[] {20L, "y"});
    assertThat(values(l, r, AsofJoin.on("t").direction(Direction.FORWARD)))
        .containsExactly("first", "first", "y");
  }

  @Test
  void nearestUsesTheLastRowOfAnExactMatch() {
    Table l = left(10);
    Table r =
        right(new Object[] {9L, "near"}, new Object[] {10L, "first"}, new Object[] {10L, "last"});
    assertThat(values(l, r, AsofJoin.on("t").direction(Direction.NEAREST))).containsExactly("last");
  }

  @Test
  void nearestTiesGoToTheEarlierTime() {
    Table l = left(10);
    Table r = right(new Object[] {12L, "later"}, new Object[] {8L, "earlier"});
    assertThat(values(l, r, AsofJoin.on("t").direction(Direction.NEAREST)))
        .containsExactly("earlier");
  }

  @Test
  void nearestOtherwiseUsesTheCandidatesRules() {
    Table l = left(10, 20);
    // for 10: backward candidate is the last row at 9; for 20: forward candidate is the first at 21
    Table r =
        right(
            new Object[] {9L, "b1"},
            new Object[] {9L, "b2"},
            new Object[] {21L, "f1"},
            new Object[] {21L, "f2"},
            new Object[] {13L, "far"});
    assertThat(values(l, r, AsofJoin.on("t").direction(Direction.NEAREST)))
        .containsExactly("b2", "f1");
  }

  @Test
  void toleranceIsInclusive() {
    Table l = left(10, 10, 10);
    Table r = right(new Object[] {7L, "x"});
    assertThat(values(l, r, AsofJoin.on("t").tolerance(3))).containsExactly("x", "x", "x");
    assertThat(values(l, r, AsofJoin.on("t").tolerance(2))).containsExactly(null, null, null);
  }

  @Test
  void toleranceAppliesToTheChosenRowInEveryDirection() {
    Table l = left(10);
    Table r = right(new Object[] {4L, "b"}, new Object[] {13L, "f"});
    assertThat(values(l, r, AsofJoin.on("t").direction(Direction.FORWARD).tolerance(3)))
        .containsExactly("f");
    assertThat(values(l, r, AsofJoin.on("t").direction(Direction.BACKWARD).tolerance(5)))
        .containsExactly((Object) null);
    assertThat(values(l, r, AsofJoin.on("t").direction(Direction.NEAREST).tolerance(2)))
        .containsExactly((Object) null);
    assertThat(values(l, r, AsofJoin.on("t").direction(Direction.NEAREST).tolerance(3)))
        .containsExactly("f");
  }

  @Test
  void toleranceZeroPermitsOnlyExactMatches() {
    Table l = left(10, 11);
    Table r = right(new Object[] {10L, "x"});
    for (Direction d : Direction.values()) {
      assertThat(values(l, r, AsofJoin.on("t").direction(d).tolerance(0)))
          .as(d.name())
          .containsExactly("x", null);
    }
  }

  @Test
  void unsetToleranceIsUnbounded() {
    Table l = left(Long.MAX_VALUE);
    Table r = right(new Object[] {Long.MIN_VALUE, "far"});
    assertThat(values(l, r, AsofJoin.on("t"))).containsExactly("far");
    assertThat(values(l, r, AsofJoin.on("t").direction(Direction.NEAREST))).containsExactly("far");
  }

  @Test
  void excludingExactMatchesMakesBackwardStrict() {
    // the seed's example: left 10, right [9, 10], strict backward matches 9
    Table l = left(10);
    Table r = right(new Object[] {9L, "nine"}, new Object[] {10L, "ten"});
    assertThat(values(l, r, AsofJoin.on("t").allowExactMatches(false))).containsExactly("nine");
    assertThat(values(l, r, AsofJoin.on("t").allowExactMatches(true))).containsExactly("ten");
  }

  @Test
  void excludingExactMatchesMakesForwardStrict() {
    Table l = left(10);
    Table r = right(new Object[] {10L, "ten"}, new Object[] {11L, "eleven"});
    assertThat(values(l, r, AsofJoin.on("t").direction(Direction.FORWARD).allowExactMatches(false)))
        .containsExactly("eleven");
  }

  @Test
  void excludingExactMatchesMakesNearestPickTheClosestOtherTimePreferringEarlier() {
    Table l = left(10, 20);
    Table r =
        right(
            new Object[] {8L, "eight"},
            new Object[] {10L, "ten"},
            new Object[] {12L, "twelve"},
            new Object[] {19L, "nineteen"},
            new Object[] {20L, "twenty"},
            new Object[] {22L, "x"});
    assertThat(values(l, r, AsofJoin.on("t").direction(Direction.NEAREST).allowExactMatches(false)))
        .containsExactly("eight", "nineteen");
  }

  @Test
  void excludingExactMatchesWithToleranceZeroMatchesNothing() {
    Table l = left(10, 11);
    Table r = right(new Object[] {10L, "x"}, new Object[] {11L, "y"});
    for (Direction d : Direction.values()) {
      List<Map<String, Object>> out =
          Alignment.joinAsof(
                  l.scan(),
                  r.scan(),
                  AsofJoin.on("t").direction(d).allowExactMatches(false).tolerance(0))
              .toList();
      assertThat(column(out, "id")).containsExactly(0L, 1L);
      assertThat(column(out, "v")).containsExactly(null, null);
    }
  }

  @Test
  void excludingExactMatchesWithDurationZeroMatchesNothingForTimestamps() {
    Table l = f.table("t", DataTypes.TIMESTAMP(3));
    Table r = f.table("t", DataTypes.TIMESTAMP(3), "v", DataTypes.INT());
    LocalDateTime t = LocalDateTime.of(2026, 1, 1, 0, 0);
    l.add(List.of(row("t", t)));
    r.add(List.of(row("t", t, "v", 1)));
    AsofJoin spec = AsofJoin.on("t").allowExactMatches(false).tolerance(Duration.ZERO);
    assertThat(column(Alignment.joinAsof(l.scan(), r.scan(), spec).toList(), "v"))
        .containsExactly((Object) null);
  }

  @Test
  void matchesOnlyRowsOfTheSameGroup() {
    Table l = f.table("g", DataTypes.STRING(), "t", DataTypes.BIGINT());
    Table r = f.table("g", DataTypes.STRING(), "t", DataTypes.BIGINT(), "v", DataTypes.INT());
    l.add(
        rows(
            new String[] {"g", "t"},
            new Object[] {"a", 10L},
            new Object[] {"b", 10L},
            new Object[] {"c", 10L}));
    r.add(
        rows(
            new String[] {"g", "t", "v"},
            new Object[] {"a", 1L, 1},
            new Object[] {"b", 2L, 2},
            new Object[] {"b", 9L, 3},
            new Object[] {"d", 10L, 4}));
    List<Map<String, Object>> out =
        Alignment.joinAsof(l.scan(), r.scan(), AsofJoin.on("t").by("g")).toList();
    assertThat(column(out, "v")).containsExactly(1, 3, null);
  }

  @Test
  void groupsOnSeveralColumnsOfAnyComparableType() {
    Object[] cols = {
      "s",
      DataTypes.STRING(),
      "d",
      DataTypes.DATE(),
      "x",
      DataTypes.DOUBLE(),
      "t",
      DataTypes.BIGINT()
    };
    Table l = f.table(cols);
    Table r =
        f.table(
            "s",
            DataTypes.STRING(),
            "d",
            DataTypes.DATE(),
            "x",
            DataTypes.DOUBLE(),
            "t",
            DataTypes.BIGINT(),
            "v",
            DataTypes.INT());
    LocalDate day = LocalDate.of(2026, 11, 30);
    String[] ln = {"s", "d", "x", "t"};
    l.add(
        rows(
            ln,
            new Object[] {"a", day, 0.0, 5L},
            new Object[] {"a", day, -0.0, 5L},
            new Object[] {"a", day.plusDays(1), 0.0, 5L},
            new Object[] {"b", day, 0.0, 5L}));
    r.add(
        rows(
            new String[] {"s", "d", "x", "t", "v"},
            new Object[] {"a", day, 0.0, 1L, 1},
            new Object[] {"a", day.plusDays(1), 0.0, 1L, 2},
            new Object[] {"b", day, 1.0, 1L, 3}));
    List<Map<String, Object>> out =
        Alignment.joinAsof(l.scan(), r.scan(), AsofJoin.on("t").by("s", "d", "x")).toList();
    // -0.0 and 0.0 are the same group key
    assertThat(column(out, "v")).containsExactly(1, 1, 2, null);
  }

  @Test
  void equalTimesAreOrderedByRightInputOrderAcrossCommits() {
    Table l = left(10);
    Table r = right(new Object[] {10L, "commit1"});
    r.add(rows(RR, new Object[] {10L, "commit2"}));
    assertThat(values(l, r, AsofJoin.on("t"))).containsExactly("commit2");
    assertThat(values(l, r, AsofJoin.on("t").direction(Direction.FORWARD)))
        .containsExactly("commit1");
  }

  @Test
  void nullPayloadsDoNotAffectMatchingAndStayNull() {
    Table l = left(10);
    Table r = right(new Object[] {5L, "older"}, new Object[] {9L, null});
    List<Map<String, Object>> out =
        Alignment.joinAsof(l.scan(), r.scan(), AsofJoin.on("t")).toList();
    assertThat(out.get(0)).containsEntry("v", null).containsKey("v");
  }

  @Test
  void honoursTheRightScansFilter() {
    Table l = left(10);
    Table r = right(new Object[] {8L, "keep"}, new Object[] {9L, "drop"});
    List<Map<String, Object>> out =
        Alignment.joinAsof(l.scan(), r.scan().where("v = 'keep'"), AsofJoin.on("t")).toList();
    assertThat(column(out, "v")).containsExactly("keep");
  }

  @Test
  void timestampKeysUseDurationTolerancesAcrossPrecisions() {
    Table l = f.table("t", DataTypes.TIMESTAMP(3));
    Table r = f.table("t", DataTypes.TIMESTAMP(6), "v", DataTypes.INT());
    LocalDateTime t0 = LocalDateTime.of(2026, 11, 30, 12, 0);
    l.add(List.of(row("t", t0), row("t", t0.plusNanos(5_000_000))));
    r.add(
        List.of(
            row("t", t0.minusNanos(20_000), "v", 1), row("t", t0.plusNanos(4_999_000), "v", 2)));
    Aligned a =
        Alignment.joinAsof(
            l.scan(),
            r.scan(),
            AsofJoin.on("t").direction(Direction.NEAREST).tolerance(Duration.ofNanos(20_000)));
    assertThat(column(a.toList(), "v")).containsExactly(1, 2);
    a =
        Alignment.joinAsof(
            l.scan(),
            r.scan(),
            AsofJoin.on("t").direction(Direction.NEAREST).tolerance(Duration.ofNanos(1_000)));
    assertThat(column(a.toList(), "v")).containsExactly(null, 2);
  }

  @Test
  void integerKeysOfDifferentWidthsAreWidened() {
    Table l = f.table("t", DataTypes.INT());
    Table r = f.table("t", DataTypes.BIGINT(), "v", DataTypes.INT());
    l.add(List.of(row("t", Integer.MAX_VALUE)));
    r.add(List.of(row("t", (long) Integer.MAX_VALUE + 1, "v", 1), row("t", -5L, "v", 2)));
    assertThat(column(Alignment.joinAsof(l.scan(), r.scan(), AsofJoin.on("t")).toList(), "v"))
        .containsExactly(2);
  }

  @Test
  void extremeKeysDoNotOverflow() {
    Table l = left(Long.MIN_VALUE, Long.MAX_VALUE, 0);
    Table r = right(new Object[] {Long.MIN_VALUE, "min"}, new Object[] {Long.MAX_VALUE, "max"});
    // 0 is 2^63 from MIN and 2^63 - 1 from MAX: the nearest is MAX
    assertThat(values(l, r, AsofJoin.on("t").direction(Direction.NEAREST)))
        .containsExactly("min", "max", "max");
    // MAX - MIN = 2^64 - 1 exceeds any long tolerance
    assertThat(
            values(
                left(Long.MAX_VALUE),
                right(new Object[] {Long.MIN_VALUE, "min"}),
                AsofJoin.on("t").tolerance(Long.MAX_VALUE)))
        .containsExactly((Object) null);
  }
}
