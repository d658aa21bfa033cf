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
import io.paimon.multimodal.SnapshotNotFoundException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.types.DataTypes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** One test per rule of contiguous windows (seed document, "Contiguous windows for PyTorch"). */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class ContiguousWindowsTest {

  @Parameter TestStorage storage;

  @TempDir Path dir;
  private AlignmentFixture f;
  private Table frames;

  @BeforeEach
  void open() {
    f = new AlignmentFixture(storage, dir);
    frames = episodeFrames(f);
  }

  /**
   * The frames table of these tests: episode 0 with frames 0 to 4, episode 1 with frames 0 to 2;
   * episode 1 is written before episode 0, and frames out of order: the index sorts them.
   */
  static Table episodeFrames(AlignmentFixture f) {
    Table frames =
        f.table(
            "ep", DataTypes.INT(),
            "frame", DataTypes.BIGINT(),
            "state", DataTypes.DOUBLE(),
            "action", DataTypes.STRING(),
            "split", DataTypes.STRING());
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 2; i >= 0; i--) {
      rows.add(frame(1, i));
    }
    frames.add(rows);
    rows.clear();
    for (int i = 0; i < 5; i++) {
      rows.add(frame(0, i));
    }
    frames.add(rows);
    return frames;
  }

  static Map<String, Object> frame(int ep, int i) {
    return row(
        "ep", ep, "frame", (long) i, "state", ep * 100.0 + i, "action", "a" + ep + i, "split", "t");
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
    assertThat(t.shape()).containsExactly(t.size());
    List<Boolean> out = new ArrayList<>();
    for (boolean b : t.booleans()) {
      out.add(b);
    }
    return out;
  }

  @Test
  void padRepeatsTheNearestFrameOfTheGroupAndMarksItPerColumn() {
    ContiguousWindowDataset ds =
        base()
            .frameOffsets("state", -2, -1, 0)
            .frameOffsets("action", 0, 1, 2, 3)
            .boundary(Boundary.PAD)
            .build();
    assertThat(ds.size()).isEqualTo(8);
    Map<String, Object> first = ds.get(0);
    assertThat(first.keySet())
        .containsExactly("ep", "frame", "state", "state_is_pad", "action", "action_is_pad");
    assertThat(first.get("ep")).isEqualTo(0);
    assertThat(first.get("frame")).isEqualTo(0L);
    assertThat(first.get("state")).isEqualTo(List.of(0.0, 0.0, 0.0));
    assertThat(mask(first.get("state_is_pad"))).containsExactly(true, true, false);
    assertThat(first.get("action")).isEqualTo(List.of("a00", "a01", "a02", "a03"));
    assertThat(mask(first.get("action_is_pad"))).containsExactly(false, false, false, false);
    Map<String, Object> last0 = ds.get(4);
    assertThat(last0.get("frame")).isEqualTo(4L);
    assertThat(last0.get("action")).isEqualTo(List.of("a04", "a04", "a04", "a04"));
    assertThat(mask(last0.get("action_is_pad"))).containsExactly(false, true, true, true);
    // Windows never cross groups: episode 1's first sample pads from its own first frame.
    Map<String, Object> ep1 = ds.get(5);
    assertThat(ep1.get("ep")).isEqualTo(1);
    assertThat(ep1.get("state")).isEqualTo(List.of(100.0, 100.0, 100.0));
    assertThat(ep1.get("action")).isEqualTo(List.of("a10", "a11", "a12", "a12"));
  }

  @Test
  void dropKeepsOnlyAnchorsWhoseEveryOffsetIsInsideTheGroup() {
    ContiguousWindowDataset ds =
        base().frameOffsets("state", -2, 0).frameOffsets("action", 0, 1).build();
    // Episode 0 (5 frames) keeps frames 2 and 3; episode 1 (3 frames) has no complete window.
    assertThat(ds.size()).isEqualTo(2);
    assertThat(ds.getItems(0, 1).stream().map(s -> s.get("ep") + "/" + s.get("frame")))
        .containsExactly("0/2", "0/3");
    assertThat(ds.get(0).get("state")).isEqualTo(List.of(0.0, 2.0));
    assertThat(mask(ds.get(0).get("state_is_pad"))).containsExactly(false, false);
  }

  @Test
  void errorRejectsAnIncompleteScheduledWindowAtBuild() {
    assertThatThrownBy(() -> base().frameOffsets("action", 0, 1).boundary(Boundary.ERROR).build())
        .isInstanceOf(AlignmentException.class)
        .hasMessageContaining("frame 4 of the group")
        .hasMessageContaining("offsets 0 to 1")
        .hasMessageContaining("boundary ERROR");
    assertThat(base().boundary(Boundary.ERROR).build().size()).isEqualTo(8);
  }

  @Test
  void strideSpacesTheAnchorsNotTheFramesOfAWindow() {
    ContiguousWindowDataset ds =
        base().frameOffsets("action", 0, 1).stride(2).boundary(Boundary.PAD).build();
    assertThat(ds.getItems(IntStream.range(0, ds.size()).toArray()))
        .extracting(s -> s.get("ep") + "/" + s.get("frame"))
        .containsExactly("0/0", "0/2", "0/4", "1/0", "1/2");
    assertThat(ds.get(1).get("action")).isEqualTo(List.of("a02", "a03"));
  }

  @Test
  void aPadValueReplacesEndpointRepetitionBeforeTheTransform() {
    ContiguousWindowDataset ds =
        base()
            .frameOffsets("state", -1, 0)
            .boundary(Boundary.PAD)
            .padValue("state", -1.0)
            .transform("state", w -> "seen " + w)
            .build();
    assertThat(ds.get(0).get("state")).isEqualTo("seen [-1.0, 0.0]");
    assertThat(mask(ds.get(0).get("state_is_pad"))).containsExactly(true, false);
    assertThatThrownBy(() -> base().padValue("state", 0.0).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("padValue needs boundary PAD");
  }

  @Test
  void deltaTimestampsBecomeOffsetsOnTheFrameGrid() {
    ContiguousWindowDataset ds =
        base().deltaTimestamps("state", -0.1, 0.0).fps(10).boundary(Boundary.PAD).build();
    assertThat(ds.get(1).get("state")).isEqualTo(List.of(0.0, 1.0));
    assertThatThrownBy(() -> base().deltaTimestamps("state", -0.15).fps(10).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-0.15 s is not on the grid of 10.0 frames per second");
    assertThat(
            base()
                .deltaTimestamps("state", -0.15)
                .fps(10)
                .toleranceS(0.06)
                .build()
                .get(0)
                .get("state"))
        .as("-1.5 frames rounds half to even, to -2, within the tolerance")
        .isEqualTo(List.of(0.0));
    assertThatThrownBy(() -> base().deltaTimestamps("state", 0.0).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("deltaTimestamps needs an explicit fps");
    assertThatThrownBy(() -> base().fps(10).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("fps and toleranceS are only accepted with deltaTimestamps");
    assertThatThrownBy(
            () -> base().deltaTimestamps("state", 0.0).fps(10).frameOffsets("action", 0).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("frameOffsets, deltaTimestamps and windowSize are alternatives; use one");
  }

  @Test
  void theLegacyWindowSizeKeepsOneMaskAndBareAnchorColumns() {
    ContiguousWindowDataset ds =
        base().windowSize(3).anchorColumns("state").tail(Boundary.PAD).build();
    assertThat(ds.size()).isEqualTo(8);
    Map<String, Object> s = ds.get(3);
    assertThat(s.keySet()).containsExactly("ep", "frame", "state", "action", "is_pad");
    assertThat(s.get("state")).as("an anchor column holds the bare cell").isEqualTo(3.0);
    assertThat(s.get("action")).isEqualTo(List.of("a03", "a04", "a04"));
    assertThat(mask(s.get("is_pad"))).containsExactly(false, false, true);
    assertThat(base().windowSize(3).build().size()).isEqualTo(4);
    assertThatThrownBy(() -> base().anchorColumns("state").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("anchorColumns and tail require windowSize");
    assertThatThrownBy(() -> base().windowSize(2).tail(Boundary.PAD).boundary(Boundary.PAD).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("tail and boundary are alternatives; use one");
  }

  @Test
  void repeatedOrSkippedOrderValuesFailTheBuildNamingTheGroup() {
    frames.add(List.of(frame(1, 2)));
    assertThatThrownBy(() -> base().build())
        .isInstanceOf(AlignmentException.class)
        .hasMessageContaining("order key 'frame' repeats 2 in group ep = 1");
    Table gaps = f.table("ep", DataTypes.STRING(), "frame", DataTypes.INT(), "v", DataTypes.INT());
    gaps.add(List.of(row("ep", "x", "frame", 0, "v", 0), row("ep", "x", "frame", 2, "v", 2)));
    assertThatThrownBy(
            () -> ContiguousWindows.builder(gaps.scan()).groupKey("ep").orderKey("frame").build())
        .isInstanceOf(AlignmentException.class)
        .hasMessageContaining("jumps from 0 to 2 in group ep = 'x'");
  }

  @Test
  void aFilterThatDropsFramesInsideAGroupIsAGap() {
    ContiguousWindows.Builder filtered =
        ContiguousWindows.builder(frames.scan().where("state <> 2.0"))
            .columns("state")
            .groupKey("ep")
            .orderKey("frame");
    assertThatThrownBy(filtered::build)
        .isInstanceOf(AlignmentException.class)
        .hasMessageContaining("jumps from 1 to 3 in group ep = 0");
    // A filter that keeps whole groups is fine.
    ContiguousWindowDataset ep1 =
        ContiguousWindows.builder(frames.scan().where("ep = 1"))
            .columns("state")
            .groupKey("ep")
            .orderKey("frame")
            .build();
    assertThat(ep1.size()).isEqualTo(3);
  }

  @Test
  void aNullKeyFailsTheBuild() {
    frames.add(List.of(row("ep", 3, "frame", null, "state", 1.0)));
    assertThatThrownBy(() -> base().build())
        .isInstanceOf(AlignmentException.class)
        .hasMessageContaining("key column 'frame' is null");
  }

  @Test
  void stringGroupsComeInAscendingOrder() {
    Table t = f.table("ep", DataTypes.STRING(), "frame", DataTypes.INT(), "v", DataTypes.INT());
    t.add(List.of(row("ep", "b", "frame", 0, "v", 1), row("ep", "é", "frame", 0, "v", 2)));
    t.add(List.of(row("ep", "a", "frame", 0, "v", 3), row("ep", "B", "frame", 0, "v", 4)));
    ContiguousWindowDataset ds =
        ContiguousWindows.builder(t.scan()).groupKey("ep").orderKey("frame").build();
    assertThat(ds.getItems(0, 1, 2, 3))
        .extracting(s -> s.get("ep"))
        .containsExactly("B", "a", "b", "é");
    assertThat(ds.get(0).get("v")).isEqualTo(List.of(4));
  }

  @Test
  void samplesStayOnThePinnedSnapshotAndATagMoveFailsTheirReads() {
    ContiguousWindowDataset ds = base().build();
    long snapshot = ds.snapshotId();
    frames.add(List.of(frame(0, 5)));
    assertThat(ds.size()).isEqualTo(8);
    assertThat(ds.get(4).get("action")).isEqualTo(List.of("a04"));
    assertThat(ds.snapshotId()).isEqualTo(snapshot);

    frames.createTag("train", snapshot);
    ContiguousWindowDataset tagged =
        ContiguousWindows.builder(frames.scan().tag("train"))
            .columns("state")
            .groupKey("ep")
            .orderKey("frame")
            .build();
    assertThat(tagged.snapshotId()).isEqualTo(snapshot);
    assertThat(tagged.get(0).get("state")).isEqualTo(List.of(0.0));
    frames.replaceTag("train", snapshot + 1);
    assertThatThrownBy(() -> tagged.get(0))
        .isInstanceOf(SnapshotNotFoundException.class)
        .hasMessageContaining("tag 'train' was moved from snapshot " + snapshot);
  }

  @Test
  void blobColumnsArriveAsTheirPayloadBytes() {
    Table clips =
        f.table("ep", DataTypes.BIGINT(), "frame", DataTypes.INT(), "image", DataTypes.BLOB());
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      rows.add(row("ep", 7L, "frame", i, "image", ("png-" + i).getBytes(StandardCharsets.UTF_8)));
    }
    clips.add(rows);
    ContiguousWindowDataset ds =
        ContiguousWindows.builder(clips.scan())
            .groupKey("ep")
            .orderKey("frame")
            .frameOffsets("image", -1, 0)
            .boundary(Boundary.PAD)
            .transform(
                "image",
                w -> w.stream().map(b -> new String((byte[]) b, StandardCharsets.UTF_8)).toList())
            .build();
    assertThat(ds.get(0).get("image")).isEqualTo(List.of("png-0", "png-0"));
    assertThat(ds.get(3).get("image")).isEqualTo(List.of("png-2", "png-3"));
  }

  @Test
  void indicesFollowPythonSequenceRulesAndGetItemsKeepsOrderAndDuplicates() {
    ContiguousWindowDataset ds = base().build();
    assertThat(ds.get(-1).get("frame")).isEqualTo(2L);
    assertThat(ds.get(-1).get("ep")).isEqualTo(1);
    assertThat(ds.getItems(List.of(3, 0, 3, -8)))
        .extracting(s -> s.get("ep") + "/" + s.get("frame"))
        .containsExactly("0/3", "0/0", "0/3", "0/0");
    assertThatThrownBy(() -> ds.get(8))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("sample 8 is outside a dataset of 8 samples");
    assertThatThrownBy(() -> ds.getItems(0, -9))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("sample -9 is outside a dataset of 8 samples");
  }

  @Test
  void theAdapterHasTheLastWord() {
    ContiguousWindowDataset ds =
        base()
            .adapter(
                s -> {
                  s.put("episode", s.remove("ep"));
                  return s;
                })
            .build();
    assertThat(ds.get(0)).containsKey("episode").doesNotContainKey("ep");
  }

  @Test
  void badOptionsNameWhatIsWrong() {
    assertThatThrownBy(() -> base().columns("nope").build())
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("column 'nope' is not a column of the table");
    assertThatThrownBy(() -> base().orderKey("action").build())
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("order key 'action' is STRING; it must be an integer column");
    assertThatThrownBy(() -> ContiguousWindows.builder(frames.scan()).orderKey("frame").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("groupKey and orderKey are required");
    assertThatThrownBy(() -> base().columns("state", "state").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("column 'state' is listed twice");
    assertThatThrownBy(() -> base().columns("state", "ep").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("column 'ep' is the group or order key");
    assertThatThrownBy(() -> base().frameOffsets("split", 0).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("frameOffsets names 'split', which is not one of the windowed");
    assertThatThrownBy(() -> base().stride(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("stride must be positive, got 0");
    assertThatThrownBy(() -> base().frameOffsets("state"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("frameOffsets of 'state' is empty");
    Table clash = f.table("ep", DataTypes.INT(), "frame", DataTypes.INT(), "v", DataTypes.INT());
    clash.add(List.of(row("ep", 0, "frame", 0, "v", 0)));
    Table named =
        f.table(
            "ep",
            DataTypes.INT(),
            "frame",
            DataTypes.INT(),
            "v",
            DataTypes.INT(),
            "v_is_pad",
            DataTypes.INT());
    assertThatThrownBy(
            () -> ContiguousWindows.builder(named.scan()).groupKey("ep").orderKey("frame").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the mask 'v_is_pad' would collide with the output column of the same name");
  }

  @Test
  void theBlockCacheChangesNoSample() {
    ContiguousWindows.Builder b =
        base().frameOffsets("state", -2, -1, 0).frameOffsets("action", 0, 1).stride(2);
    ContiguousWindowDataset cached = b.build();
    ContiguousWindowDataset uncached = b.blockCacheSize(0).build();
    int[] all = IntStream.range(0, cached.size()).toArray();
    assertThat(cached.getItems(all).toString()).isEqualTo(uncached.getItems(all).toString());
    assertThat(cached.getItems(all).toString()).isEqualTo(cached.getItems(all).toString());
    assertThatThrownBy(() -> base().blockCacheSize(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("blockCacheSize must not be negative, got -1");
  }

  @Test
  void builderMethodsReturnNewBuilders() {
    ContiguousWindows.Builder b = base();
    ContiguousWindows.Builder padded = b.frameOffsets("state", -1, 0).boundary(Boundary.PAD);
    assertThat(b.build().size()).isEqualTo(8);
    assertThat(b.build().get(0).get("state")).isEqualTo(List.of(0.0));
    assertThat(padded.build().get(0).get("state")).isEqualTo(List.of(0.0, 0.0));
  }

  @Test
  void samplesCanBeRequestedFromSeveralThreadsAtOnce() throws Exception {
    ContiguousWindowDataset ds =
        base().frameOffsets("state", -2, -1, 0).boundary(Boundary.PAD).build();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < ds.size(); i++) {
      expected.add(ds.get(i).toString());
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<String>> futures = new ArrayList<>();
      for (int round = 0; round < 40; round++) {
        int i = round % ds.size();
        futures.add(pool.submit(() -> ds.get(i).toString()));
      }
      for (int round = 0; round < 40; round++) {
        assertThat(futures.get(round).get()).isEqualTo(expected.get(round % ds.size()));
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
