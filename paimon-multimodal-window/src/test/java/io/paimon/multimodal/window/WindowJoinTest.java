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
import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
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

/** The joinWindow rules of the seed and specs/alignment.md, one by one. */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class WindowJoinTest {

  @Parameter TestStorage storage;

  @TempDir Path dir;
  private AlignmentFixture f;
  private Table left;
  private Table right;

  @BeforeEach
  void open() {
    f = new AlignmentFixture(storage, dir);
    left = f.table("g", DataTypes.INT(), "t", DataTypes.BIGINT());
    left.add(List.of(row("g", 1, "t", 10L)));
    right =
        f.table(
            "g",
            DataTypes.INT(),
            "t",
            DataTypes.BIGINT(),
            "x",
            DataTypes.INT(),
            "s",
            DataTypes.STRING());
    List<Map<String, Object>> rs = new ArrayList<>();
    // times 7..13 in group 1, x = t, s = "s" + t; one row in group 2 inside the window
    for (long t = 7; t <= 13; t++) {
      rs.add(row("g", 1, "t", t, "x", (int) t, "s", "s" + t));
    }
    rs.add(row("g", 2, "t", 10L, "x", 1000, "s", "other"));
    right.add(rs);
  }

  @AfterEach
  void close() {
    f.close();
  }

  private Map<String, Object> one(WindowJoin spec) {
    return Alignment.joinWindow(left.scan(), right.scan(), spec).toList().get(0);
  }

  private WindowJoin base() {
    return WindowJoin.on("t").by("g");
  }

  @Test
  void theWindowIsFromTMinusPrecedingToTPlusFollowingWithClosedEndpoints() {
    WindowJoin w = base().preceding(2).following(2);
    assertThat(one(w.closed(Closed.BOTH).aggregate("x", Aggregation.COUNT))).containsEntry("x", 5L);
    assertThat(one(w.closed(Closed.LEFT).aggregate("x", Aggregation.MAX))).containsEntry("x", 11);
    assertThat(one(w.closed(Closed.LEFT).aggregate("x", Aggregation.MIN))).containsEntry("x", 8);
    assertThat(one(w.closed(Closed.RIGHT).aggregate("x", Aggregation.MIN))).containsEntry("x", 9);
    assertThat(one(w.closed(Closed.RIGHT).aggregate("x", Aggregation.MAX))).containsEntry("x", 12);
    assertThat(one(w.closed(Closed.NEITHER).aggregate("x", Aggregation.COUNT)))
        .containsEntry("x", 3L);
  }

  @Test
  void bothEndpointsAreIncludedByDefault() {
    assertThat(one(base().preceding(1).following(1).aggregate("x", Aggregation.COUNT)))
        .containsEntry("x", 3L);
  }

  @Test
  void followingDefaultsToZero() {
    assertThat(one(base().preceding(2).aggregate("x", Aggregation.MAX))).containsEntry("x", 10);
  }

  @Test
  void onlyRowsOfTheSameGroupAreAggregated() {
    assertThat(one(base().preceding(0).aggregate("x", Aggregation.COUNT))).containsEntry("x", 1L);
    Map<String, Object> ungrouped =
        Alignment.joinWindow(
                left.scan(),
                right.scan(),
                WindowJoin.on("t").preceding(0).aggregate("x", Aggregation.COUNT))
            .toList()
            .get(0);
    assertThat(ungrouped).containsEntry("x", 2L);
  }

  @Test
  void everyAggregationWithNamedOutputs() {
    Map<String, Object> r =
        one(
            base()
                .preceding(2)
                .following(1)
                .aggregate("mean", "x", Aggregation.MEAN)
                .aggregate("min", "x", Aggregation.MIN)
                .aggregate("max", "x", Aggregation.MAX)
                .aggregate("count", "s", Aggregation.COUNT)
                .aggregate("first", "s", Aggregation.FIRST)
                .aggregate("last", "s", Aggregation.LAST));
    assertThat(r)
        .containsExactlyEntriesOf(
            row(
                "g", 1, "t", 10L, "mean", 9.5, "min", 8, "max", 11, "count", 4L, "first", "s8",
                "last", "s11"));
  }

  @Test
  void oneSourceCanBeAggregatedMoreThanOnceAndTheShorthandNamesTheOutputAfterTheColumn() {
    Map<String, Object> r =
        one(
            base()
                .preceding(1)
                .aggregate("x_mean", "x", Aggregation.MEAN)
                .aggregate("x_max", "x", Aggregation.MAX)
                .aggregate("x", Aggregation.MIN));
    assertThat(r).containsEntry("x_mean", 9.5).containsEntry("x_max", 10).containsEntry("x", 9);
  }

  @Test
  void aShorthandOutputNamedLikeALeftColumnGetsTheSuffix() {
    assertThat(one(base().preceding(1).aggregate("t", Aggregation.COUNT)))
        .containsEntry("t", 10L)
        .containsEntry("t_right", 2L);
  }

  @Test
  void nullsAreSkippedAndFirstAndLastAreTheFirstAndLastNonNullByTimeThenInputOrder() {
    Table l = f.table("t", DataTypes.BIGINT());
    l.add(List.of(row("t", 10L)));
    Table r = f.table("t", DataTypes.BIGINT(), "v", DataTypes.DOUBLE());
    r.add(
        List.of(
            row("t", 9L, "v", 3.0),
            row("t", 5L, "v", null),
            row("t", 5L, "v", 1.0),
            row("t", 5L, "v", 2.0),
            row("t", 10L, "v", null)));
    Map<String, Object> out =
        Alignment.joinWindow(
                l.scan(),
                r.scan(),
                WindowJoin.on("t")
                    .preceding(10)
                    .aggregate("first", "v", Aggregation.FIRST)
                    .aggregate("last", "v", Aggregation.LAST)
                    .aggregate("count", "v", Aggregation.COUNT)
                    .aggregate("mean", "v", Aggregation.MEAN))
            .toList()
            .get(0);
    assertThat(out)
        .containsEntry("first", 1.0)
        .containsEntry("last", 3.0)
        .containsEntry("count", 3L)
        .containsEntry("mean", 2.0);
  }

  @Test
  void emptyOrAllNullWindowsGiveNullExceptCountWhichGivesZero() {
    WindowJoin empty =
        base()
            .preceding(100)
            .rightOn("t")
            .closed(Closed.BOTH)
            .aggregate("mean", "x", Aggregation.MEAN)
            .aggregate("min", "x", Aggregation.MIN)
            .aggregate("first", "s", Aggregation.FIRST)
            .aggregate("count", "x", Aggregation.COUNT);
    Table l = f.table("g", DataTypes.INT(), "t", DataTypes.BIGINT());
    l.add(List.of(row("g", 3, "t", 10L)));
    assertThat(Alignment.joinWindow(l.scan(), right.scan(), empty).toList().get(0))
        .containsEntry("mean", null)
        .containsEntry("min", null)
        .containsEntry("first", null)
        .containsEntry("count", 0L);
    Table r =
        f.table(
            "g",
            DataTypes.INT(),
            "t",
            DataTypes.BIGINT(),
            "x",
            DataTypes.INT(),
            "s",
            DataTypes.STRING());
    r.add(List.of(row("g", 3, "t", 9L, "x", null, "s", null)));
    assertThat(Alignment.joinWindow(l.scan(), r.scan(), empty).toList().get(0))
        .containsEntry("mean", null)
        .containsEntry("count", 0L);
  }

  @Test
  void resultTypesAreBigintForCountDoubleForMeanAndTheSourceTypeOtherwise() {
    Map<String, Object> r =
        one(
            base()
                .preceding(1)
                .aggregate("c", "x", Aggregation.COUNT)
                .aggregate("m", "x", Aggregation.MEAN)
                .aggregate("lo", "x", Aggregation.MIN)
                .aggregate("f", "s", Aggregation.FIRST));
    assertThat(r.get("c")).isInstanceOf(Long.class);
    assertThat(r.get("m")).isInstanceOf(Double.class);
    assertThat(r.get("lo")).isInstanceOf(Integer.class);
    assertThat(r.get("f")).isInstanceOf(String.class);
  }

  @Test
  void theMeanOfLargeIntegersDoesNotOverflow() {
    Table l = f.table("t", DataTypes.BIGINT());
    l.add(List.of(row("t", 0L)));
    Table r = f.table("t", DataTypes.BIGINT(), "n", DataTypes.BIGINT());
    r.add(
        List.of(
            row("t", 0L, "n", Long.MAX_VALUE),
            row("t", 0L, "n", Long.MAX_VALUE),
            row("t", 0L, "n", Long.MAX_VALUE - 2)));
    Object mean =
        Alignment.joinWindow(
                l.scan(),
                r.scan(),
                WindowJoin.on("t").preceding(0).aggregate("n", Aggregation.MEAN))
            .toList()
            .get(0)
            .get("n");
    assertThat(mean).isEqualTo((double) Long.MAX_VALUE);
  }

  @Test
  void boundsBeyondTheInt64RangeMeanUnbounded() {
    Table l = f.table("t", DataTypes.BIGINT());
    l.add(List.of(row("t", Long.MIN_VALUE + 1), row("t", Long.MAX_VALUE)));
    Table r = f.table("t", DataTypes.BIGINT(), "n", DataTypes.BIGINT());
    r.add(List.of(row("t", Long.MIN_VALUE, "n", 1L), row("t", Long.MAX_VALUE, "n", 2L)));
    List<Object> counts =
        column(
            Alignment.joinWindow(
                    l.scan(),
                    r.scan(),
                    WindowJoin.on("t")
                        .preceding(10)
                        .following(10)
                        .aggregate("n", Aggregation.COUNT))
                .toList(),
            "n");
    assertThat(counts).containsExactly(1L, 1L);
    counts =
        column(
            Alignment.joinWindow(
                    l.scan(),
                    r.scan(),
                    WindowJoin.on("t")
                        .preceding(Long.MAX_VALUE)
                        .following(Long.MAX_VALUE)
                        .aggregate("n", Aggregation.COUNT))
                .toList(),
            "n");
    // MAX - MIN is 2^64 - 1: farther than Long.MAX_VALUE
    assertThat(counts).containsExactly(1L, 1L);
  }

  @Test
  void timestampKeysUseDurationsAndOpenEndpointsAtFractionalUnits() {
    Table l = f.table("t", DataTypes.TIMESTAMP_LTZ(3));
    Table r = f.table("t", DataTypes.TIMESTAMP_LTZ(3), "a", DataTypes.DOUBLE());
    Instant t0 = Instant.parse("2026-11-30T10:00:00Z");
    l.add(List.of(row("t", t0)));
    r.add(
        List.of(
            row("t", t0.minusMillis(50), "a", 1.0),
            row("t", t0.minusMillis(51), "a", 100.0),
            row("t", t0.plusMillis(50), "a", 3.0)));
    WindowJoin w =
        WindowJoin.on("t")
            .preceding(Duration.ofMillis(50))
            .following(Duration.ofMillis(50))
            .aggregate("acceleration_mean", "a", Aggregation.MEAN)
            .aggregate("acceleration_max", "a", Aggregation.MAX);
    assertThat(Alignment.joinWindow(l.scan(), r.scan(), w).toList().get(0))
        .containsEntry("acceleration_mean", 2.0)
        .containsEntry("acceleration_max", 3.0);
    // (t - 50.5 ms, t + 50.5 ms) holds the rows at exactly 50 ms but not the one at 51 ms
    WindowJoin open =
        WindowJoin.on("t")
            .preceding(Duration.ofNanos(50_500_000))
            .following(Duration.ofNanos(50_500_000))
            .closed(Closed.NEITHER)
            .aggregate("a", Aggregation.COUNT);
    assertThat(Alignment.joinWindow(l.scan(), r.scan(), open).toList().get(0))
        .containsEntry("a", 2L);
  }

  @Test
  void countFirstAndLastAcceptNonNumericColumns() {
    Map<String, Object> r =
        one(
            base()
                .preceding(3)
                .aggregate("s", Aggregation.LAST)
                .aggregate("n", "s", Aggregation.COUNT));
    assertThat(r).containsEntry("s", "s10").containsEntry("n", 4L);
  }
}
