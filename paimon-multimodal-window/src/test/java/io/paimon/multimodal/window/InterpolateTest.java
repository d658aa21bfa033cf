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
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** The interpolate rules of the seed and specs/alignment.md, one by one. */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class InterpolateTest {

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

  private Table left(long... times) {
    Table l = f.table("t", DataTypes.BIGINT());
    List<Map<String, Object>> rs = new ArrayList<>();
    for (long t : times) {
      rs.add(row("t", t));
    }
    l.add(rs);
    return l;
  }

  private Table right(Object... timeValuePairs) {
    Table r = f.table("t", DataTypes.BIGINT(), "v", DataTypes.BIGINT());
    List<Map<String, Object>> rs = new ArrayList<>();
    for (int i = 0; i < timeValuePairs.length; i += 2) {
      rs.add(row("t", timeValuePairs[i], "v", timeValuePairs[i + 1]));
    }
    r.add(rs);
    return r;
  }

  private List<Object> values(Table l, Table r, Interpolation spec) {
    return column(Alignment.interpolate(l.scan(), r.scan(), spec).toList(), "v");
  }

  @Test
  void interpolatesLinearlyBetweenTheNeighbours() {
    Table l = left(10, 15, 19);
    Table r = right(10L, 100L, 20L, 200L);
    assertThat(values(l, r, Interpolation.on("t"))).containsExactly(100.0, 150.0, 190.0);
  }

  @Test
  void anExactTimeUsesTheLastRightRowAtThatTimeAsDouble() {
    Table l = left(10);
    Table r = right(10L, 1L, 10L, 2L, 5L, 0L, 20L, 100L);
    assertThat(values(l, r, Interpolation.on("t"))).containsExactly(2.0);
  }

  @Test
  void neighboursAreTheLastRowOfTheEarlierAndTheFirstRowOfTheLaterTime() {
    Table l = left(15);
    Table r = right(10L, 0L, 10L, 100L, 20L, 200L, 20L, 0L);
    assertThat(values(l, r, Interpolation.on("t"))).containsExactly(150.0);
  }

  @Test
  void neverExtrapolates() {
    Table l = left(5, 25);
    Table r = right(10L, 1L, 20L, 2L);
    assertThat(values(l, r, Interpolation.on("t"))).containsExactly(null, null);
  }

  @Test
  void neighboursMustBeInTheSameGroup() {
    Table l = f.table("g", DataTypes.INT(), "t", DataTypes.BIGINT());
    Table r = f.table("g", DataTypes.INT(), "t", DataTypes.BIGINT(), "v", DataTypes.DOUBLE());
    l.add(List.of(row("g", 1, "t", 15L), row("g", 2, "t", 15L)));
    r.add(
        List.of(
            row("g", 1, "t", 10L, "v", 1.0),
            row("g", 2, "t", 12L, "v", 5.0),
            row("g", 1, "t", 20L, "v", 2.0)));
    List<Map<String, Object>> out =
        Alignment.interpolate(l.scan(), r.scan(), Interpolation.on("t").by("g")).toList();
    assertThat(column(out, "v")).containsExactly(1.5, null);
  }

  @Test
  void aToleranceMustIncludeBothNeighbours() {
    Table l = left(14, 15, 16);
    Table r = right(10L, 0L, 20L, 10L);
    assertThat(values(l, r, Interpolation.on("t").tolerance(5))).containsExactly(null, 5.0, null);
    assertThat(values(l, r, Interpolation.on("t").tolerance(6))).containsExactly(4.0, 5.0, 6.0);
  }

  @Test
  void anExactMatchNeedsNoNeighbours() {
    Table l = left(10);
    Table r = right(10L, 7L);
    assertThat(values(l, r, Interpolation.on("t").tolerance(0))).containsExactly(7.0);
  }

  @Test
  void resultsAreDoubleForEveryNumericType() {
    Table l = left(15);
    Table r =
        f.table(
            "t",
            DataTypes.BIGINT(),
            "a",
            DataTypes.TINYINT(),
            "b",
            DataTypes.INT(),
            "c",
            DataTypes.FLOAT(),
            "d",
            DataTypes.DOUBLE());
    r.add(
        List.of(
            row("t", 10L, "a", (byte) 1, "b", 10, "c", 1.5f, "d", -1.0),
            row("t", 20L, "a", (byte) 2, "b", 20, "c", 2.5f, "d", 1.0)));
    Aligned a = Alignment.interpolate(l.scan(), r.scan(), Interpolation.on("t"));
    assertThat(a.arrowSchema().getFields().subList(1, 5))
        .allSatisfy(
            fl ->
                assertThat(fl.getType())
                    .isEqualTo(
                        new ArrowType.FloatingPoint(
                            org.apache.arrow.vector.types.FloatingPointPrecision.DOUBLE)));
    assertThat(a.toList()).containsExactly(row("t", 15L, "a", 1.5, "b", 15.0, "c", 2.0, "d", 0.0));
  }

  @Test
  void vectorsInterpolateElementWise() {
    Table l = left(15, 10);
    Table r = f.table("t", DataTypes.BIGINT(), "pos", DataTypes.VECTOR(DataTypes.FLOAT(), 3));
    r.add(
        List.of(
            row("t", 10L, "pos", new float[] {0, 1, 2}),
            row("t", 20L, "pos", new float[] {10, 1, -2})));
    List<Map<String, Object>> out =
        Alignment.interpolate(l.scan(), r.scan(), Interpolation.on("t")).toList();
    assertThat((double[]) out.get(0).get("pos")).containsExactly(5.0, 1.0, 0.0);
    assertThat((double[]) out.get(1).get("pos")).containsExactly(0.0, 1.0, 2.0);
  }

  @Test
  void aNullInTheChosenRowOrEitherNeighbourGivesNull() {
    Table l = left(10, 15, 25);
    Table r = right(10L, null, 20L, 2L, 30L, 3L);
    // rows are chosen by time alone: the null at 10 is not skipped
    assertThat(values(l, r, Interpolation.on("t"))).containsExactly(null, null, 2.5);
  }

  @Test
  void largeKeysAndValuesDoNotOverflow() {
    Table l = left(0, Long.MAX_VALUE - 1);
    Table r = right(Long.MIN_VALUE, Long.MIN_VALUE, Long.MAX_VALUE, Long.MAX_VALUE);
    List<Object> v = values(l, r, Interpolation.on("t"));
    assertThat((Double) v.get(0)).isCloseTo(0.0, org.assertj.core.data.Offset.offset(1e4));
    assertThat((Double) v.get(1))
        .isCloseTo(9.223372036854776E18, org.assertj.core.data.Offset.offset(1e4));
  }

  @Test
  void timestampKeysUseDurations() {
    Table l = f.table("t", DataTypes.TIMESTAMP(9));
    Table r = f.table("t", DataTypes.TIMESTAMP(9), "v", DataTypes.DOUBLE());
    LocalDateTime t0 = LocalDateTime.of(2026, 1, 1, 0, 0);
    l.add(List.of(row("t", t0.plusNanos(250))));
    r.add(List.of(row("t", t0, "v", 0.0), row("t", t0.plusNanos(1000), "v", 4.0)));
    assertThat(
            column(
                Alignment.interpolate(
                        l.scan(), r.scan(), Interpolation.on("t").tolerance(Duration.ofNanos(750)))
                    .toList(),
                "v"))
        .containsExactly(1.0);
    assertThat(
            column(
                Alignment.interpolate(
                        l.scan(), r.scan(), Interpolation.on("t").tolerance(Duration.ofNanos(749)))
                    .toList(),
                "v"))
        .containsExactly((Object) null);
  }

  @Test
  void chainsInheritOnAndBy() {
    Table l = f.table("g", DataTypes.INT(), "t", DataTypes.BIGINT());
    Table r1 = f.table("g", DataTypes.INT(), "t", DataTypes.BIGINT(), "a", DataTypes.INT());
    Table r2 = f.table("g", DataTypes.INT(), "t", DataTypes.BIGINT(), "b", DataTypes.DOUBLE());
    l.add(List.of(row("g", 1, "t", 15L)));
    r1.add(List.of(row("g", 1, "t", 10L, "a", 7), row("g", 2, "t", 14L, "a", 8)));
    r2.add(
        List.of(
            row("g", 1, "t", 10L, "b", 1.0),
            row("g", 1, "t", 20L, "b", 2.0),
            row("g", 2, "t", 15L, "b", 9.0)));
    List<Map<String, Object>> out =
        Alignment.joinAsof(l.scan(), r1.scan(), AsofJoin.on("t").by("g"))
            .interpolate(r2.scan(), Interpolation.spec())
            .toList();
    assertThat(out).containsExactly(row("g", 1, "t", 15L, "a", 7, "b", 1.5));
    // the top-level form on a scan
    assertThat(Alignment.interpolate(l.scan(), r2.scan(), Interpolation.on("t").by("g")).toList())
        .containsExactly(row("g", 1, "t", 15L, "b", 1.5));
  }
}
