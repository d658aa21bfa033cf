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
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.types.DataTypes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A connection with one I/O and one decode thread runs a training loader of several workers over
 * windows with BLOB payloads, and alignments of inputs of several files, to the end, with the
 * results of a connection with the default pools. Each loader batch is a task on the one I/O thread
 * whose reads (row fetches, their decoding, BLOB fetches) need that thread and the one decode
 * thread: only waits that do unstarted work themselves get anywhere.
 */
@Timeout(300) // a read that cannot progress hangs: fail instead
class SmallPoolsTest {

  @TempDir Path dir;

  private static Connection narrow(Path dir) {
    return Multimodal.builder().warehouse(dir.toString()).ioThreads(1).decodeThreads(1).connect();
  }

  /** Frames of 6 episodes written in 3 commits (3 files), each with a small BLOB payload. */
  private static Table frames(Connection conn) {
    Table t =
        conn.createTable(
            "frames",
            Schema.builder()
                .column("ep", DataTypes.INT())
                .column("frame", DataTypes.BIGINT())
                .column("state", DataTypes.DOUBLE())
                .column("image", DataTypes.BLOB())
                .build(),
            false);
    for (int commit = 0; commit < 3; commit++) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (int ep = 2 * commit; ep < 2 * commit + 2; ep++) {
        for (long i = 0; i < 40; i++) {
          rows.add(
              row(
                  "ep",
                  ep,
                  "frame",
                  i,
                  "state",
                  ep * 1000.0 + i,
                  "image",
                  ("img-" + ep + "-" + i).getBytes(StandardCharsets.UTF_8)));
        }
      }
      t.add(rows);
    }
    return t;
  }

  private static List<String> loaderBatches(Table frames) {
    List<String> out = new ArrayList<>();
    try (ContiguousWindowDataset ds =
        ContiguousWindows.builder(frames.scan())
            .columns("state", "image")
            .groupKey("ep")
            .orderKey("frame")
            .frameOffsets("state", -2, -1, 0)
            .frameOffsets("image", -1, 0)
            .boundary(Boundary.PAD)
            .transform(
                "image",
                w -> w.stream().map(b -> new String((byte[]) b, StandardCharsets.UTF_8)).toList())
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
  void aLoaderOfFourWorkersOverBlobWindowsFinishesOnOneIoAndOneDecodeThread() {
    List<String> expected;
    try (Connection wide = Multimodal.connect(dir.resolve("wide").toString())) {
      expected = loaderBatches(frames(wide));
    }
    try (Connection narrow = narrow(dir.resolve("narrow"))) {
      assertThat(loaderBatches(frames(narrow))).isEqualTo(expected);
    }
    assertThat(expected).hasSize(2 * 35);
  }

  @Test
  void anAlignmentOfSeveralFilesFinishesOnOneIoAndOneDecodeThread() {
    List<Map<String, Object>> expected;
    try (Connection wide = Multimodal.connect(dir.resolve("wide").toString())) {
      expected = aligned(wide);
    }
    try (Connection narrow = narrow(dir.resolve("narrow"))) {
      assertThat(aligned(narrow)).isEqualTo(expected);
    }
    assertThat(expected).hasSize(1200);
    assertThat(expected.get(1)).containsEntry("v", "v0-1");
  }
}
