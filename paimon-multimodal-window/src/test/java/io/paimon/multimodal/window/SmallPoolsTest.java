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

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.FrameTables;
import io.paimon.multimodal.testing.TempWarehouse;
import io.paimon.types.DataTypes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A connection with one I/O and one decode thread runs a training loader of several workers over
 * windows with BLOB payloads, and alignments of inputs of several files, to the end, with the
 * results of a connection with the default pools. Each loader batch is a task on the one I/O thread
 * whose reads (row fetches, their decoding, BLOB fetches) need that thread and the one decode
 * thread: only waits that do unstarted work themselves get anywhere.
 */
@Timeout(300) // a read that cannot progress hangs: fail instead
class SmallPoolsTest {

  /** Frames of 6 episodes written in 3 commits (3 files), each with a small BLOB payload. */
  private static final FrameTables FRAMES =
      FrameTables.builder()
          .episodes(6)
          .framesPerEpisode(40)
          .stateDim(2)
          .imageBytes(12)
          .seed(11)
          .commits(3);

  private static List<String> loaderBatches(Table frames) {
    List<String> out = new ArrayList<>();
    try (ContiguousWindowDataset ds =
        ContiguousWindows.builder(frames.scan())
            .columns("state", "image")
            .groupKey(FrameTables.EPISODE_ID)
            .orderKey(FrameTables.FRAME_INDEX)
            .frameOffsets("state", -2, -1, 0)
            .frameOffsets("image", -1, 0)
            .boundary(Boundary.PAD)
            .transform("state", w -> w.stream().map(SmallPoolsTest::show).toList())
            .transform("image", w -> w.stream().map(SmallPoolsTest::show).toList())
            .build()) {
      WindowLoader loader =
          WindowLoader.builder(ds).batchSize(7).shuffle().seed(3).workers(4).build();
      for (long epoch = 0; epoch < 2; epoch++) {
        try (WindowLoader.Batches b = loader.epoch(epoch)) {
          while (b.hasNext()) {
            out.add(b.next().toString());
          }
        }
      }
    }
    return out;
  }

  /** A value as text that compares by content, arrays included. */
  private static String show(Object v) {
    if (v instanceof float[] f) {
      return Arrays.toString(f);
    }
    if (v instanceof byte[] b) {
      return Arrays.toString(b);
    }
    return String.valueOf(v);
  }

  private static List<Map<String, Object>> aligned(Connection conn) {
    Table left =
        conn.createTable(
            "left",
            Schema.builder().column("ep", DataTypes.INT()).column("t", DataTypes.BIGINT()).build(),
            false);
    Table right =
        conn.createTable(
            "right",
            Schema.builder()
                .column("ep", DataTypes.INT())
                .column("t", DataTypes.BIGINT())
                .column("v", DataTypes.STRING())
                .build(),
            false);
    for (int commit = 0; commit < 4; commit++) {
      List<Map<String, Object>> l = new ArrayList<>();
      List<Map<String, Object>> r = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        int ep = i % 3;
        long t = commit * 1000L + i * 3L;
        l.add(row("ep", ep, "t", t + 1));
        r.add(row("ep", ep, "t", t, "v", "v" + commit + "-" + i));
      }
      left.add(l);
      right.add(r);
    }
    return Alignment.joinAsof(left.scan(), right.scan(), AsofJoin.on("t").by("ep")).toList();
  }

  @Test
  void aLoaderOfFourWorkersOverBlobWindowsFinishesOnOneIoAndOneDecodeThread(
      @TempWarehouse Connection wide,
      @TempWarehouse(options = {"io-threads=1", "decode-threads=1"}) Connection narrow) {
    List<String> expected = loaderBatches(FRAMES.write(wide, "frames"));
    assertThat(loaderBatches(FRAMES.write(narrow, "frames"))).isEqualTo(expected);
    assertThat(expected).hasSize(2 * 35);
  }

  @Test
  void anAlignmentOfSeveralFilesFinishesOnOneIoAndOneDecodeThread(
      @TempWarehouse Connection wide,
      @TempWarehouse(options = {"io-threads=1", "decode-threads=1"}) Connection narrow) {
    List<Map<String, Object>> expected = aligned(wide);
    assertThat(aligned(narrow)).isEqualTo(expected);
    assertThat(expected).hasSize(1200);
    assertThat(expected.get(1)).containsEntry("v", "v0-1");
  }
}
