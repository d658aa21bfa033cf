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

import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rules common to every step, shown with joinAsof: output columns and names, key columns read
 * whether selected, BLOB descriptors, snapshot pinning, empty inputs, streaming, chaining forms and
 * immutable specs.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class AlignedOutputTest {

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
    return values(l, r.scan(), spec);
  }

  private List<Object> values(Table l, Scan r, AsofJoin spec) {
    return column(Alignment.joinAsof(l.scan(), r, spec).toList(), "v");
  }

  @Test
  void missesGiveNullsInEveryCarriedColumn() {
    Table l = left(1);
    Table r =
        f.table(
            "t",
            DataTypes.BIGINT(),
            "a",
            DataTypes.INT(),
            "b",
            DataTypes.BLOB(),
            "c",
            DataTypes.VECTOR(DataTypes.FLOAT(), 2));
    r.add(List.of(row("t", 5L, "a", 1, "b", new byte[] {1}, "c", new float[] {1, 2})));
    List<Map<String, Object>> out =
        Alignment.joinAsof(l.scan(), r.scan(), AsofJoin.on("t")).toList();
    assertThat(out.get(0))
        .containsEntry("a", null)
        .containsEntry("b", null)
        .containsEntry("c", null);
    assertThat(out.get(0)).containsOnlyKeys("id", "t", "a", "b", "c");
  }

  @Test
  void dropsTheByColumnsAndASameNamedTimeKey() {
    Table l = f.table("g", DataTypes.INT(), "t", DataTypes.BIGINT());
    Table r = f.table("g", DataTypes.INT(), "t", DataTypes.BIGINT(), "v", DataTypes.INT());
    l.add(List.of(row("g", 1, "t", 3L)));
    r.add(List.of(row("g", 1, "t", 2L, "v", 7)));
    Aligned a = Alignment.joinAsof(l.scan(), r.scan(), AsofJoin.on("t").by("g"));
    assertThat(a.arrowSchema().getFields().stream().map(Field::getName))
        .containsExactly("g", "t", "v");
    assertThat(a.toList()).containsExactly(row("g", 1, "t", 3L, "v", 7));
  }

  @Test
  void keepsADifferentlyNamedRightTimeKeySoTheDeltaCanBeComputed() {
    Table l = left(10);
    Table r = f.table("rt", DataTypes.BIGINT(), "v", DataTypes.STRING());
    r.add(List.of(row("rt", 7L, "v", "x")));
    List<Map<String, Object>> out =
        Alignment.joinAsof(l.scan(), r.scan().select("rt", "v"), AsofJoin.on("t").rightOn("rt"))
            .toList();
    assertThat(out).containsExactly(row("id", 0L, "t", 10L, "rt", 7L, "v", "x"));
    // not selected: read for matching, not carried
    out =
        Alignment.joinAsof(l.scan(), r.scan().select("v"), AsofJoin.on("t").rightOn("rt")).toList();
    assertThat(out).containsExactly(row("id", 0L, "t", 10L, "v", "x"));
  }

  @Test
  void keyColumnsAreReadWhetherSelectedOrNot() {
    Table l = f.table("g", DataTypes.INT(), "t", DataTypes.BIGINT(), "a", DataTypes.STRING());
    Table r = f.table("g", DataTypes.INT(), "t", DataTypes.BIGINT(), "v", DataTypes.INT());
    l.add(List.of(row("g", 1, "t", 3L, "a", "x"), row("g", 2, "t", 3L, "a", "y")));
    r.add(List.of(row("g", 1, "t", 2L, "v", 7), row("g", 2, "t", 1L, "v", 8)));
    List<Map<String, Object>> out =
        Alignment.joinAsof(l.scan().select("a"), r.scan().select("v"), AsofJoin.on("t").by("g"))
            .toList();
    assertThat(out).containsExactly(row("a", "x", "v", 7), row("a", "y", "v", 8));
  }

  @Test
  void collidingRightNamesGetTheSuffix() {
    Table l = f.table("t", DataTypes.BIGINT(), "v", DataTypes.STRING());
    Table r = right(new Object[] {1L, "r"});
    l.add(List.of(row("t", 2L, "v", "l")));
    assertThat(Alignment.joinAsof(l.scan(), r.scan(), AsofJoin.on("t")).toList())
        .containsExactly(row("t", 2L, "v", "l", "v_right", "r"));
    assertThat(Alignment.joinAsof(l.scan(), r.scan(), AsofJoin.on("t").suffix("_img")).toList())
        .containsExactly(row("t", 2L, "v", "l", "v_img", "r"));
  }

  @Test
  void blobColumnsStayDescriptors() {
    Table l = left(10);
    Table r = f.table("t", DataTypes.BIGINT(), "image", DataTypes.BLOB());
    r.add(List.of(row("t", 9L, "image", new byte[] {1, 2, 3})));
    Object image =
        Alignment.joinAsof(l.scan(), r.scan(), AsofJoin.on("t")).toList().get(0).get("image");
    assertThat(image).isInstanceOf(BlobDescriptor.class);
    assertThat(((BlobDescriptor) image).length()).isEqualTo(3);
  }

  @Test
  void inputsArePinnedToTheirSnapshotsWhenTheAlignedIsCreated() {
    Table l = left(10);
    Table r = right(new Object[] {5L, "old"});
    Aligned a = Alignment.joinAsof(l.scan(), r.scan(), AsofJoin.on("t"));
    assertThat(a.resolvedSnapshots())
        .containsExactly(l.latestSnapshot().get().id(), r.latestSnapshot().get().id());
    r.add(rows(RR, new Object[] {9L, "new"}));
    l.add(List.of(row("id", 1L, "t", 11L)));
    assertThat(column(a.toList(), "v")).containsExactly("old");
  }

  @Test
  void anEmptyLeftGivesAnEmptyResultWithTheFullSchema() {
    Table l = left();
    Table r = right(new Object[] {5L, "x"});
    Aligned a = Alignment.joinAsof(l.scan(), r.scan(), AsofJoin.on("t"));
    assertThat(a.toList()).isEmpty();
    try (VectorSchemaRoot root = a.toArrow()) {
      assertThat(root.getRowCount()).isZero();
      assertThat(root.getSchema().getFields().stream().map(Field::getName))
          .containsExactly("id", "t", "v");
    }
  }

  @Test
  void anEmptyRightGivesEveryLeftRowWithNulls() {
    Table l = left(1, 2);
    Table r = right();
    assertThat(values(l, r, AsofJoin.on("t"))).containsExactly(null, null);
  }

  @Test
  void streamsBatchesOfAtMostTheBatchSize() throws Exception {
    long[] times = new long[1000];
    for (int i = 0; i < times.length; i++) {
      times[i] = i;
    }
    Table l = left(times);
    Table r = right(new Object[] {500L, "x"});
    Aligned a = Alignment.joinAsof(l.scan(), r.scan(), AsofJoin.on("t"));
    int rows = 0;
    int batches = 0;
    try (ArrowReader reader = a.toArrowReader(128)) {
      while (reader.loadNextBatch()) {
        assertThat(reader.getVectorSchemaRoot().getRowCount()).isBetween(1, 128);
        rows += reader.getVectorSchemaRoot().getRowCount();
        batches++;
      }
    }
    assertThat(rows).isEqualTo(1000);
    assertThat(batches).isGreaterThanOrEqualTo(8);
    try (VectorSchemaRoot root = a.toArrow()) {
      assertThat(root.getRowCount()).isEqualTo(1000);
      assertThat(root.getVector("v").getObject(499)).isNull();
      assertThat(root.getVector("v").getObject(500).toString()).isEqualTo("x");
    }
  }

  @Test
  void topLevelFormOnAnAlignedEqualsTheChainedForm() {
    Table l = left(10);
    Table r = right(new Object[] {5L, "x"});
    Table r2 = f.table("t", DataTypes.BIGINT(), "w", DataTypes.INT());
    r2.add(List.of(row("t", 11L, "w", 1)));
    Aligned first = Alignment.joinAsof(l.scan(), r.scan(), AsofJoin.on("t"));
    AsofJoin forward = AsofJoin.spec().direction(Direction.FORWARD);
    assertThat(Alignment.joinAsof(first, r2.scan(), forward).toList())
        .isEqualTo(first.joinAsof(r2.scan(), forward).toList())
        .containsExactly(row("id", 0L, "t", 10L, "v", "x", "w", 1));
  }

  @Test
  void specsAreImmutable() {
    AsofJoin base = AsofJoin.on("t");
    AsofJoin changed = base.direction(Direction.FORWARD).tolerance(3).by("g").suffix("_x");
    assertThat(base.toString()).contains("direction=BACKWARD").doesNotContain("tolerance");
    assertThat(changed.toString()).contains("FORWARD", "tolerance=3", "by=[g]", "_x");
    assertThat(Arrays.asList(base, changed)).doesNotHaveDuplicates();
  }

  @Test
  void aTagPinnedRightScanReadsTheTaggedSnapshot() {
    Table l = left(10);
    Table r = right(new Object[] {5L, "tagged"});
    r.createTag("v1");
    r.add(rows(RR, new Object[] {9L, "later"}));
    assertThat(values(l, r.scan().tag("v1"), AsofJoin.on("t"))).containsExactly("tagged");
    assertThat(values(l, r.scan(), AsofJoin.on("t"))).containsExactly("later");
    // A tag over several data files: the right keys load without splitting the tag's scan.
    r.createTag("v2");
    assertThat(values(l, r.scan().tag("v2"), AsofJoin.on("t"))).containsExactly("later");
  }

  @Test
  void aRightScanOfTakenRowIdsKeepsItsOrderAndDuplicates() {
    Table l = left(10);
    Table r = right(new Object[] {10L, "a"}, new Object[] {10L, "b"}, new Object[] {3L, "c"});
    // input order b, a, b: the last row at time 10 is b, the first is b
    Aligned backward =
        Alignment.joinAsof(l.scan(), r.takeRowIds(1, 0, 1, 2).select("v"), AsofJoin.on("t"));
    assertThat(column(backward.toList(), "v")).containsExactly("b");
    Aligned forward =
        Alignment.joinAsof(
            l.scan(),
            r.takeRowIds(0, 1, 2).select("v"),
            AsofJoin.on("t").direction(Direction.FORWARD));
    assertThat(column(forward.toList(), "v")).containsExactly("a");
  }

  @Test
  void aChainedSpecMaySetItsOwnOnAndBy() {
    Table l = f.table("g", DataTypes.INT(), "t", DataTypes.BIGINT(), "u", DataTypes.BIGINT());
    l.add(List.of(row("g", 1, "t", 10L, "u", 100L)));
    Table r1 = f.table("g", DataTypes.INT(), "t", DataTypes.BIGINT(), "a", DataTypes.INT());
    r1.add(List.of(row("g", 1, "t", 9L, "a", 1), row("g", 2, "t", 10L, "a", 2)));
    Table r2 = f.table("u", DataTypes.BIGINT(), "b", DataTypes.INT());
    r2.add(List.of(row("u", 99L, "b", 7)));
    List<Map<String, Object>> out =
        Alignment.joinAsof(l.scan(), r1.scan(), AsofJoin.on("t").by("g"))
            .joinAsof(r1.scan().select("a"), AsofJoin.spec().by().suffix("_any"))
            .joinAsof(r2.scan(), AsofJoin.on("u").by())
            .toList();
    assertThat(out).containsExactly(row("g", 1, "t", 10L, "u", 100L, "a", 1, "a_any", 2, "b", 7));
  }
}
