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

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.SnapshotNotFoundException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 * The rules of contiguous windows that the legacy window-size form, padding values, column names
 * and video frame columns follow: a legacy {@code boundary} acts as the tail, anchor columns hold
 * the bare cell, padding values are checked against their column's type at build, unknown columns
 * in options are schema errors, {@link ContiguousWindowDataset#anchorKeys} reads nothing, and
 * {@code video-frame-field} columns are not windowed. The frames are those of {@link
 * ContiguousWindowsTest}: episode 0 with frames 0 to 4, episode 1 with frames 0 to 2.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class ContiguousWindowRulesTest {

  @Parameter TestStorage storage;

  @TempDir Path dir;
  private AlignmentFixture f;
  private Table frames;

  @BeforeEach
  void open() {
    f = new AlignmentFixture(storage, dir);
    frames = ContiguousWindowsTest.episodeFrames(f);
  }

  @AfterEach
  void close() {
    f.close();
  }

  private ContiguousWindows.Builder base() {
    return ContiguousWindows.builder(frames.scan())
        .columns("state", "action")
        .groupKey("ep")
        .orderKey("frame");
  }

  private static List<Boolean> mask(Object tensor) {
    Tensor t = (Tensor) tensor;
    assertThat(t.dtype()).isEqualTo(DType.BOOL);
    List<Boolean> out = new ArrayList<>();
    for (boolean b : t.booleans()) {
      out.add(b);
    }
    return out;
  }

  private static List<String> anchors(ContiguousWindowDataset ds) {
    return ds.getItems(IntStream.range(0, ds.size()).toArray()).stream()
        .map(s -> s.get("ep") + "/" + s.get("frame"))
        .toList();
  }

  private static List<Map<String, Object>> all(ContiguousWindowDataset ds) {
    return ds.getItems(IntStream.range(0, ds.size()).toArray());
  }

  // Rule 1: with windowSize, boundary is the tail rule when no tail is given.

  @Test
  void aLegacyWindowTakesItsRuleFromBoundaryWhenNoTailIsGiven() {
    ContiguousWindowDataset padded = base().windowSize(3).boundary(Boundary.PAD).build();
    assertThat(padded.size()).as("PAD keeps every frame as an anchor").isEqualTo(8);
    Map<String, Object> s = padded.get(3);
    assertThat(s.get("action")).isEqualTo(List.of("a03", "a04", "a04"));
    assertThat(mask(s.get("is_pad"))).containsExactly(false, false, true);
    Map<String, Object> last = padded.get(7);
    assertThat(last.get("ep") + "/" + last.get("frame")).isEqualTo("1/2");
    assertThat(last.get("state")).isEqualTo(List.of(102.0, 102.0, 102.0));
    assertThat(mask(last.get("is_pad"))).containsExactly(false, true, true);
    // The same samples as tail(PAD).
    assertThat(all(padded).toString())
        .isEqualTo(all(base().windowSize(3).tail(Boundary.PAD).build()).toString());

    assertThat(anchors(base().windowSize(3).boundary(Boundary.DROP).build()))
        .containsExactly("0/0", "0/1", "0/2", "1/0");
    assertThat(anchors(base().windowSize(3).build()))
        .as("neither tail nor boundary: DROP")
        .containsExactly("0/0", "0/1", "0/2", "1/0");
    assertThatThrownBy(() -> base().windowSize(3).boundary(Boundary.ERROR).build())
        .isInstanceOf(AlignmentException.class)
        .hasMessageContaining("boundary ERROR");
    assertThat(base().windowSize(1).boundary(Boundary.ERROR).build().size()).isEqualTo(8);

    // A padding value works with the boundary as it does with the tail, and needs PAD from it.
    ContiguousWindowDataset withPad =
        base().windowSize(2).boundary(Boundary.PAD).padValue("action", "-").build();
    assertThat(withPad.get(4).get("action")).isEqualTo(List.of("a04", "-"));
    assertThat(withPad.get(4).get("state")).isEqualTo(List.of(4.0, 4.0));
    assertThatThrownBy(
            () -> base().windowSize(2).boundary(Boundary.DROP).padValue("action", "-").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("padValue needs boundary PAD");

    // Only both together are refused, whichever comes first.
    assertThatThrownBy(() -> base().windowSize(2).boundary(Boundary.PAD).tail(Boundary.PAD).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tail and boundary are alternatives; use one");
    assertThatThrownBy(
            () -> base().windowSize(2).tail(Boundary.DROP).boundary(Boundary.PAD).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tail and boundary are alternatives; use one");
  }

  // Rule 2: legacy anchor columns hold the bare cell at the anchor.

  @Test
  void legacyAnchorColumnsHoldTheBareCellAtTheAnchor() {
    ContiguousWindowDataset ds =
        base().windowSize(2).anchorColumns("state").boundary(Boundary.PAD).build();
    assertThat(ds.size()).isEqualTo(8);
    for (Map<String, Object> s : all(ds)) {
      int ep = (Integer) s.get("ep");
      long frame = (Long) s.get("frame");
      assertThat(s.get("state")).as(s.toString()).isEqualTo(ep * 100.0 + frame);
    }
    Map<String, Object> last0 = ds.get(4);
    assertThat(last0.keySet()).containsExactly("ep", "frame", "state", "action", "is_pad");
    assertThat(last0.get("state")).isInstanceOf(Double.class).isEqualTo(4.0);
    assertThat(last0.get("action")).isEqualTo(List.of("a04", "a04"));
    assertThat(mask(last0.get("is_pad")))
        .as("the mask describes the windowed columns only")
        .containsExactly(false, true);

    // A null cell is null itself, not a list holding null.
    Table nulls = f.table("ep", DataTypes.INT(), "frame", DataTypes.INT(), "v", DataTypes.DOUBLE());
    nulls.add(List.of(row("ep", 0, "frame", 0, "v", null), row("ep", 0, "frame", 1, "v", 1.0)));
    ContiguousWindowDataset bare =
        ContiguousWindows.builder(nulls.scan())
            .groupKey("ep")
            .orderKey("frame")
            .windowSize(2)
            .anchorColumns("v")
            .build();
    assertThat(bare.size()).as("no windowed column reaches past the group").isEqualTo(2);
    assertThat(bare.get(0)).containsEntry("v", null);
    assertThat(bare.get(1)).containsEntry("v", 1.0);
    assertThat(mask(bare.get(0).get("is_pad"))).as("no windowed column: an empty mask").isEmpty();

    // Every column an anchor column: strings bare too.
    Map<String, Object> both = base().windowSize(3).anchorColumns("action", "state").build().get(1);
    assertThat(both.get("action")).isEqualTo("a01");
    assertThat(both.get("state")).isEqualTo(1.0);
    assertThat(mask(both.get("is_pad"))).isEmpty();

    // A transform of an anchor column sees the one-element window; its result is kept as is.
    List<Object> seen = new ArrayList<>();
    Function<List<Object>, Object> record =
        w -> {
          synchronized (seen) {
            seen.add(List.copyOf(w));
          }
          return "n=" + w.size();
        };
    Map<String, Object> transformed =
        base().windowSize(2).anchorColumns("state").transform("state", record).build().get(2);
    assertThat(transformed.get("state")).isEqualTo("n=1");
    assertThat(seen).containsExactly(List.of(2.0));
  }

  // Rule 3: a padding value is checked against its column's type at build.

  @Test
  void aPaddingValueOfTheWrongTypeFailsTheBuildNamingTheColumn() {
    ContiguousWindows.Builder wrong =
        base().frameOffsets("state", -1, 0).boundary(Boundary.PAD).padValue("state", "zero");
    assertThatThrownBy(wrong::build)
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("padValue of column 'state'")
        .hasMessageContaining("DOUBLE")
        .hasMessageContaining("\"zero\"");
    assertThatThrownBy(
            () ->
                base()
                    .frameOffsets("state", -1, 0)
                    .boundary(Boundary.PAD)
                    .padValue("state", 0)
                    .build())
        .as("an Integer is not a DOUBLE cell")
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("padValue of column 'state'");
    assertThatThrownBy(
            () ->
                base()
                    .frameOffsets("action", 0, 1)
                    .boundary(Boundary.PAD)
                    .padValue("action", 'x')
                    .build())
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("padValue of column 'action'");
    // Checked even on a legacy anchor column, whose frames are never padded.
    assertThatThrownBy(
            () ->
                base()
                    .windowSize(2)
                    .anchorColumns("state")
                    .tail(Boundary.PAD)
                    .padValue("state", "zero")
                    .build())
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("padValue of column 'state'");

    // A Float widens for a DOUBLE column: the window holds Doubles only.
    List<?> window =
        (List<?>)
            base()
                .frameOffsets("state", -1, 0)
                .boundary(Boundary.PAD)
                .padValue("state", 0.5f)
                .build()
                .get(0)
                .get("state");
    assertThat(window).isEqualTo(List.of(0.5, 0.0));
    assertThat(window.get(0)).isInstanceOf(Double.class);
  }

  @Test
  void aVectorPaddingValueMustHaveTheVectorsElementTypeAndLength() {
    Table t =
        f.table(
            "ep",
            DataTypes.INT(),
            "frame",
            DataTypes.INT(),
            "vec",
            DataTypes.VECTOR(DataTypes.DOUBLE(), 2),
            "n",
            DataTypes.INT(),
            "req",
            DataTypes.DOUBLE().notNull());
    t.add(
        List.of(
            row("ep", 0, "frame", 0, "vec", new double[] {1, 2}, "n", 1, "req", 1.0),
            row("ep", 0, "frame", 1, "vec", new double[] {3, 4}, "n", 2, "req", 2.0)));
    ContiguousWindows.Builder b =
        ContiguousWindows.builder(t.scan())
            .groupKey("ep")
            .orderKey("frame")
            .frameOffsets("vec", -1, 0)
            .frameOffsets("n", -1, 0)
            .frameOffsets("req", -1, 0)
            .boundary(Boundary.PAD);
    assertThatThrownBy(() -> b.padValue("vec", new double[] {0, 0, 0}).build())
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("padValue of column 'vec'")
        .hasMessageContaining("VECTOR<DOUBLE, 2>")
        .hasMessageContaining("3 elements");
    assertThatThrownBy(() -> b.padValue("vec", new float[] {0, 0}).build())
        .as("a float[] is not a VECTOR<DOUBLE> cell")
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("padValue of column 'vec'");
    assertThatThrownBy(() -> b.padValue("vec", List.of(0.0, 0.0)).build())
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("padValue of column 'vec'");
    assertThatThrownBy(() -> b.padValue("req", null).build())
        .as("null for a NOT NULL column")
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("padValue of column 'req'");
    assertThatThrownBy(() -> b.padValue("n", 1L << 40).build())
        .as("a Long outside INT's range")
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("padValue of column 'n'");

    Map<String, Object> first =
        b.padValue("vec", new double[] {-1, -1})
            .padValue("n", 7L)
            .padValue("req", -9.0)
            .build()
            .get(0);
    List<?> vec = (List<?>) first.get("vec");
    assertThat((double[]) vec.get(0)).containsExactly(-1, -1);
    assertThat((double[]) vec.get(1)).containsExactly(1, 2);
    assertThat(first.get("n"))
        .as("a Long within range becomes the INT cell")
        .isEqualTo(List.of(7, 1));
    assertThat(((List<?>) first.get("n")).get(0)).isInstanceOf(Integer.class);
    assertThat(first.get("req")).isEqualTo(List.of(-9.0, 1.0));
    assertThat(((List<?>) b.padValue("vec", null).build().get(0).get("vec")).get(0))
        .as("null pads a nullable column")
        .isNull();
  }

  // Rule 4: an option naming an unknown column is a SchemaException.

  @Test
  void anOptionNamingAnUnknownColumnIsASchemaException() {
    Map<String, ContiguousWindows.Builder> unknown =
        Map.of(
            "frameOffsets", base().frameOffsets("nope", 0),
            "padValue", base().boundary(Boundary.PAD).padValue("nope", 1.0),
            "deltaTimestamps", base().deltaTimestamps("nope", 0.0).fps(10),
            "anchorColumns", base().windowSize(2).anchorColumns("state", "nope"),
            "transform", base().transform("nope", w -> w));
    unknown.forEach(
        (option, b) ->
            assertThatThrownBy(b::build)
                .as(option)
                .isInstanceOf(SchemaException.class)
                .hasMessageContaining(option + " names 'nope', which is not a column of the table")
                .hasMessageContaining("state"));
    assertThatThrownBy(() -> base().frameOffsets(Schema.ROW_ID, 0).build())
        .as("the row ID is not a column to window")
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("frameOffsets names '" + Schema.ROW_ID + "'");

    // A column of the table that is not windowed stays an IllegalArgumentException.
    Map<String, ContiguousWindows.Builder> notWindowed =
        Map.of(
            "frameOffsets", base().frameOffsets("split", 0),
            "padValue", base().boundary(Boundary.PAD).padValue("split", "x"),
            "deltaTimestamps", base().deltaTimestamps("split", 0.0).fps(10),
            "anchorColumns", base().windowSize(2).anchorColumns("split"),
            "transform", base().transform("split", w -> w));
    notWindowed.forEach(
        (option, b) ->
            assertThatThrownBy(b::build)
                .as(option)
                .isInstanceOf(IllegalArgumentException.class)
                .isNotInstanceOf(SchemaException.class)
                .hasMessageContaining(
                    option + " names 'split', which is not one of the windowed columns"));
  }

  // Rule 5: anchorKeys gives the anchor's keys without reading rows.

  @Test
  void anchorKeysGiveTheAnchorsGroupAndOrderValuesAsSamplesHoldThem() {
    ContiguousWindowDataset ds =
        base()
            .frameOffsets("state", -1, 0)
            .stride(2)
            .boundary(Boundary.PAD)
            .adapter(
                s -> {
                  s.put("episode", s.remove("ep"));
                  return s;
                })
            .build();
    assertThat(ds.size()).isEqualTo(5);
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < ds.size(); i++) {
      Map<String, Object> k = ds.anchorKeys(i);
      assertThat(k.keySet())
          .as("group key, then order key; before the adapter")
          .containsExactly("ep", "frame");
      assertThat(k.get("ep")).isInstanceOf(Integer.class).isEqualTo(ds.get(i).get("episode"));
      assertThat(k.get("frame")).isInstanceOf(Long.class).isEqualTo(ds.get(i).get("frame"));
      keys.add(k.get("ep") + "/" + k.get("frame"));
    }
    assertThat(keys).containsExactly("0/0", "0/2", "0/4", "1/0", "1/2");
    assertThat(ds.anchorKeys(-1)).containsExactly(Map.entry("ep", 1), Map.entry("frame", 2L));
    assertThat(ds.anchorKeys(-5)).containsExactly(Map.entry("ep", 0), Map.entry("frame", 0L));
    assertThatThrownBy(() -> ds.anchorKeys(0).put("ep", 9))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> ds.anchorKeys(5))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("sample 5 is outside a dataset of 5 samples");
    assertThatThrownBy(() -> ds.anchorKeys(-6))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("sample -6 is outside a dataset of 5 samples");

    // String groups and INT order values, from a dataset whose rows can no longer be read.
    Table t = f.table("ep", DataTypes.STRING(), "frame", DataTypes.INT(), "v", DataTypes.INT());
    long snapshot =
        t.add(
                List.of(
                    row("ep", "b", "frame", -3, "v", 1),
                    row("ep", "a", "frame", 10, "v", 2),
                    row("ep", "b", "frame", -2, "v", 3)))
            .id();
    t.createTag("keys", snapshot);
    ContiguousWindowDataset tagged =
        ContiguousWindows.builder(t.scan().tag("keys")).groupKey("ep").orderKey("frame").build();
    long next = t.add(List.of(row("ep", "c", "frame", 0, "v", 4))).id();
    t.replaceTag("keys", next);
    assertThatThrownBy(() -> tagged.get(0)).isInstanceOf(SnapshotNotFoundException.class);
    assertThat(IntStream.range(0, tagged.size()).mapToObj(tagged::anchorKeys).toList())
        .as("no read: the moved tag does not matter")
        .containsExactly(
            Map.of("ep", "a", "frame", 10),
            Map.of("ep", "b", "frame", -3),
            Map.of("ep", "b", "frame", -2));
    assertThat(tagged.anchorKeys(1).get("frame")).isInstanceOf(Integer.class);

    // BIGINT groups (read straight from the key buffers) come back as Longs.
    Table longs =
        f.table("ep", DataTypes.BIGINT(), "frame", DataTypes.BIGINT(), "v", DataTypes.INT());
    longs.add(
        List.of(row("ep", 1L << 40, "frame", 5L, "v", 1), row("ep", -7L, "frame", 0L, "v", 2)));
    ContiguousWindowDataset byLong =
        ContiguousWindows.builder(longs.scan()).groupKey("ep").orderKey("frame").build();
    assertThat(byLong.anchorKeys(0)).containsExactly(Map.entry("ep", -7L), Map.entry("frame", 0L));
    assertThat(byLong.anchorKeys(1))
        .containsExactly(Map.entry("ep", 1L << 40), Map.entry("frame", 5L));
  }

  // Rule 6: windowed columns named by video-frame-field are rejected.

  @Test
  void videoFrameFieldColumnsAreNotWindowed() {
    Table clips =
        f.conn.createTable(
            "clips",
            Schema.builder()
                .column("ep", DataTypes.INT())
                .column("frame", DataTypes.INT())
                .column("clip", DataTypes.BYTES())
                .column("thumb", DataTypes.BYTES())
                .column("label", DataTypes.STRING())
                .option("video-frame-field", "clip, thumb")
                .build(),
            false);
    clips.add(
        List.of(
            row("ep", 0, "frame", 0, "clip", new byte[] {1}, "thumb", new byte[] {2}, "label", "x"),
            row(
                "ep",
                0,
                "frame",
                1,
                "clip",
                new byte[] {3},
                "thumb",
                new byte[] {4},
                "label",
                "y")));
    ContiguousWindows.Builder b =
        ContiguousWindows.builder(clips.scan()).groupKey("ep").orderKey("frame");
    for (ContiguousWindows.Builder rejected :
        List.of(b, b.columns("label", "clip"), b.columns("clip").frameOffsets("clip", 0, 1))) {
      assertThatThrownBy(rejected::build)
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("column 'clip'")
          .hasMessageContaining("video-frame-field")
          .hasMessageContaining("io.paimon.multimodal.video.VideoFrames");
    }
    assertThatThrownBy(() -> b.columns("label", "thumb").build())
        .as("the second name of the list, after a space")
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("column 'thumb'");
    ContiguousWindowDataset labels = b.columns("label").frameOffsets("label", 0, 1).build();
    assertThat(labels.get(0).get("label")).isEqualTo(List.of("x", "y"));

    // Without the option the same columns are windowed as any other.
    Table plain =
        f.table("ep", DataTypes.INT(), "frame", DataTypes.INT(), "clip", DataTypes.BYTES());
    plain.add(List.of(row("ep", 0, "frame", 0, "clip", new byte[] {1})));
    Object window =
        ContiguousWindows.builder(plain.scan())
            .groupKey("ep")
            .orderKey("frame")
            .build()
            .get(0)
            .get("clip");
    assertThat((byte[]) ((List<?>) window).get(0)).containsExactly(1);
  }
}
