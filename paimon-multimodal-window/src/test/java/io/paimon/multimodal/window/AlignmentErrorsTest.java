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

import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.StorageFiles;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** Every input error is a specific exception naming what was wrong, thrown before any output. */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class AlignmentErrorsTest {

  @Parameter TestStorage storage;

  @TempDir Path dir;
  private AlignmentFixture f;
  private Table left;
  private Table right;

  @BeforeEach
  void open() {
    f = new AlignmentFixture(storage, dir);
    left = f.table("g", DataTypes.INT(), "t", DataTypes.BIGINT(), "s", DataTypes.STRING());
    right =
        f.table(
            "g",
            DataTypes.INT(),
            "t",
            DataTypes.BIGINT(),
            "v",
            DataTypes.DOUBLE(),
            "s",
            DataTypes.STRING(),
            "flags",
            DataTypes.VECTOR(DataTypes.BOOLEAN(), 2),
            "ts",
            DataTypes.TIMESTAMP(3));
    left.add(List.of(row("g", 1, "t", 1L, "s", "a"), row("g", 1, "t", 2L, "s", "b")));
    right.add(List.of(row("g", 1, "t", 1L, "v", 1.0, "s", "x")));
  }

  @AfterEach
  void close() {
    f.close();
  }

  @Test
  void aNullLeftKeyNamesTheColumnAndRowBeforeAnyOutput() {
    left.add(List.of(row("g", 1, "t", 3L), row("g", 1, "t", null)));
    Aligned a = Alignment.joinAsof(left.scan(), right.scan(), AsofJoin.on("t").by("g"));
    // the reader is never handed out: the error comes before the first batch
    assertThatThrownBy(() -> a.toArrowReader(1))
        .isInstanceOf(AlignmentException.class)
        .hasMessageContaining("left input")
        .hasMessageContaining("key column 't'")
        .hasMessageContaining("row 3")
        .hasMessageContaining("_ROW_ID 3");
    assertThatThrownBy(a::toList).isInstanceOf(AlignmentException.class);
  }

  @Test
  void aNullLeftGroupKeyIsAnError() {
    left.add(List.of(row("g", null, "t", 3L)));
    assertThatThrownBy(
            () -> Alignment.joinAsof(left.scan(), right.scan(), AsofJoin.on("t").by("g")).toList())
        .isInstanceOf(AlignmentException.class)
        .hasMessageContaining("key column 'g' is null at row 2");
  }

  @Test
  void aNullRightKeyNamesTheColumnAndRow() {
    right.add(List.of(row("g", 1, "t", null, "v", 2.0)));
    assertThatThrownBy(
            () ->
                Alignment.joinWindow(
                        left.scan(),
                        right.scan(),
                        WindowJoin.on("t").preceding(1).aggregate("v", Aggregation.MEAN))
                    .toArrowReader(16))
        .isInstanceOf(AlignmentException.class)
        .hasMessageContaining("right input of step 1 (joinWindow, table 't1')")
        .hasMessageContaining("key column 't' is null at row 1 (_ROW_ID 1)");
    right.add(List.of());
  }

  @Test
  void mismatchedTimeKeyTypes() {
    Table r = f.table("t", DataTypes.TIMESTAMP(3), "v", DataTypes.INT());
    assertThatThrownBy(() -> Alignment.joinAsof(left.scan(), r.scan(), AsofJoin.on("t")))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("time keys do not match")
        .hasMessageContaining("BIGINT")
        .hasMessageContaining("TIMESTAMP(3)");
    Table ltz = f.table("t", DataTypes.TIMESTAMP_LTZ(3));
    Table ntz = f.table("t", DataTypes.TIMESTAMP(3), "v", DataTypes.INT());
    assertThatThrownBy(() -> Alignment.joinAsof(ltz.scan(), ntz.scan(), AsofJoin.on("t")))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("time keys do not match");
  }

  @Test
  void aTimeKeyMustBeAnIntegerOrATimestamp() {
    assertThatThrownBy(() -> Alignment.joinAsof(left.scan(), right.scan(), AsofJoin.on("s")))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("time key 's'")
        .hasMessageContaining("STRING");
  }

  @Test
  void mismatchedGroupKeyTypes() {
    Table r = f.table("g", DataTypes.STRING(), "t", DataTypes.BIGINT());
    assertThatThrownBy(() -> Alignment.joinAsof(left.scan(), r.scan(), AsofJoin.on("t").by("g")))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("by column 'g' is INT")
        .hasMessageContaining("types must match");
  }

  @Test
  void negativeTolerancesAndReachesAreRejected() {
    assertThatThrownBy(() -> AsofJoin.on("t").tolerance(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tolerance must not be negative, got -1");
    assertThatThrownBy(() -> Interpolation.on("t").tolerance(Duration.ofMillis(-5)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tolerance must not be negative, got PT-0.005S");
    assertThatThrownBy(() -> WindowJoin.on("t").preceding(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("preceding must not be negative");
    assertThatThrownBy(() -> WindowJoin.on("t").following(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("following must not be negative");
  }

  @Test
  void spansMustMatchTheKeyKind() {
    assertThatThrownBy(
            () ->
                Alignment.joinAsof(
                    left.scan(), right.scan(), AsofJoin.on("t").tolerance(Duration.ofMillis(5))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("tolerance for integer keys must be a long");
    Table l = f.table("ts", DataTypes.TIMESTAMP(3));
    assertThatThrownBy(
            () ->
                Alignment.joinWindow(
                    l.scan(),
                    right.scan(),
                    WindowJoin.on("ts").preceding(5).aggregate("v", Aggregation.MAX)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("preceding for TIMESTAMP keys must be a Duration");
  }

  @Test
  void meanMinAndMaxNeedNumbers() {
    for (Aggregation op : new Aggregation[] {Aggregation.MEAN, Aggregation.MIN, Aggregation.MAX}) {
      assertThatThrownBy(
              () ->
                  Alignment.joinWindow(
                      left.scan(),
                      right.scan(),
                      WindowJoin.on("t").preceding(1).aggregate("s", op)))
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining(
              op + " needs an integer or floating-point column, but 's' is STRING");
    }
  }

  @Test
  void interpolationNeedsNumbers() {
    assertThatThrownBy(
            () ->
                Alignment.interpolate(
                    left.scan(), right.scan().select("v", "s"), Interpolation.on("t")))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("column 's'")
        .hasMessageContaining("only integer or floating-point scalars and VECTORs");
    assertThatThrownBy(
            () ->
                Alignment.interpolate(
                    left.scan(), right.scan().select("flags"), Interpolation.on("t")))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("column 'flags'");
  }

  @Test
  void namesThatStillCollideAfterTheSuffixAreRejected() {
    Table l =
        f.table("t", DataTypes.BIGINT(), "v", DataTypes.DOUBLE(), "v_right", DataTypes.DOUBLE());
    assertThatThrownBy(
            () -> Alignment.joinAsof(l.scan(), right.scan().select("v"), AsofJoin.on("t")))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("right column 'v' collides")
        .hasMessageContaining("'v_right'");
  }

  @Test
  void chainedCollisionsAreCheckedAgainstAllColumnsSoFar() {
    Aligned once = Alignment.joinAsof(left.scan(), right.scan().select("v"), AsofJoin.on("t"));
    Aligned twice = once.joinAsof(right.scan().select("v"), AsofJoin.spec());
    assertThat(twice.arrowSchema().getFields().stream().map(x -> x.getName()))
        .containsExactly("g", "t", "s", "v", "v_right");
    assertThatThrownBy(() -> twice.joinAsof(right.scan().select("v"), AsofJoin.spec()))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("'v_right' after the suffix");
  }

  @Test
  void twoAggregationsWithOneOutputNameCollide() {
    Table l = f.table("t", DataTypes.BIGINT());
    assertThatThrownBy(
            () ->
                Alignment.joinWindow(
                    l.scan(),
                    right.scan(),
                    WindowJoin.on("t")
                        .preceding(1)
                        .aggregate("v", Aggregation.MIN)
                        .aggregate("v", Aggregation.MAX)
                        .aggregate("v", Aggregation.COUNT)))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("collides");
  }

  @Test
  void unknownColumnsAreNamed() {
    assertThatThrownBy(() -> Alignment.joinAsof(left.scan(), right.scan(), AsofJoin.on("time")))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("on column 'time' is not a column of the left input");
    assertThatThrownBy(
            () -> Alignment.joinAsof(left.scan(), right.scan(), AsofJoin.on("t").rightOn("rt")))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("rightOn column 'rt' is not a column of the right input of step 1");
    assertThatThrownBy(
            () -> Alignment.joinAsof(left.scan(), right.scan(), AsofJoin.on("t").by("episode")))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("by column 'episode'");
    assertThatThrownBy(
            () ->
                Alignment.joinWindow(
                    left.scan(),
                    right.scan().select("v"),
                    WindowJoin.on("t").preceding(1).aggregate("s", Aggregation.COUNT)))
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("aggregate source 's' is not a column of the right input");
  }

  @Test
  void theFirstStepNeedsOn() {
    assertThatThrownBy(() -> Alignment.joinAsof(left.scan(), right.scan(), AsofJoin.spec()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the first step needs a time column");
  }

  @Test
  void aWindowJoinNeedsPrecedingAndAnAggregation() {
    assertThatThrownBy(
            () ->
                Alignment.joinWindow(
                    left.scan(), right.scan(), WindowJoin.on("t").aggregate("v", Aggregation.MAX)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("preceding is required");
    assertThatThrownBy(
            () -> Alignment.joinWindow(left.scan(), right.scan(), WindowJoin.on("t").preceding(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least one aggregate");
  }

  @Test
  void aBatchSizeMustBePositive() {
    Aligned a = Alignment.joinAsof(left.scan(), right.scan(), AsofJoin.on("t"));
    assertThatThrownBy(() -> a.toArrowReader(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("batchSize must be positive, got 0");
  }

  @Test
  void aTimestampThatCannotBeScaledToTheFinerUnitIsNamed() {
    Table l = f.table("t", DataTypes.TIMESTAMP(3));
    Table r = f.table("t", DataTypes.TIMESTAMP(9), "v", DataTypes.INT());
    l.add(
        List.of(
            row("t", LocalDateTime.of(2026, 1, 1, 0, 0)),
            row("t", LocalDateTime.of(3000, 1, 1, 0, 0))));
    assertThatThrownBy(
            () -> Alignment.joinAsof(l.scan(), r.scan(), AsofJoin.on("t")).toArrowReader(1))
        .isInstanceOf(AlignmentException.class)
        .hasMessageContaining("key column 't' value")
        .hasMessageContaining("at row 1");
  }

  @Test
  void errorsChangeNothingInTheWarehouse() throws Exception {
    long before = countFiles();
    left.add(List.of(row("g", 1, "t", null)));
    long withRow = countFiles();
    assertThatThrownBy(
            () -> Alignment.joinAsof(left.scan(), right.scan(), AsofJoin.on("t")).toList())
        .isInstanceOf(AlignmentException.class);
    assertThat(countFiles()).isEqualTo(withRow).isGreaterThan(before);
    try (ArrowReader r =
        Alignment.joinAsof(left.scan().where("t IS NOT NULL"), right.scan(), AsofJoin.on("t"))
            .toArrowReader(4)) {
      int n = 0;
      while (r.loadNextBatch()) {
        n += r.getVectorSchemaRoot().getRowCount();
      }
      assertThat(n).isEqualTo(2);
    }
  }

  /** The files of the warehouse, listed through its storage. */
  private long countFiles() {
    return StorageFiles.tree(storage.fileIO(), f.conn.warehouse()).size();
  }
}
