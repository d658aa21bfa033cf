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

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Windows and alignment after table changes: deleted frames are absent from windows (the episode is
 * shorter), updated values are the new ones, and as-of joins see neither deleted rows on either
 * side nor old values.
 */
class ChangedTablesTest {

  @TempDir Path dir;

  private static Table frames(Connection conn, String name) {
    return conn.createTable(
        name,
        Schema.builder()
            .column("ep", DataTypes.INT())
            .column("frame", DataTypes.BIGINT())
            .column("state", DataTypes.DOUBLE())
            .option("deletion-vectors.enabled", "true")
            .build(),
        false);
  }

  private static Map<String, Object> row(int ep, long frame, double state) {
    Map<String, Object> row = new HashMap<>();
    row.put("ep", ep);
    row.put("frame", frame);
    row.put("state", state);
    return row;
  }

  @Test
  void windowsSeeDeletesAndUpdates() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = frames(conn, "frames");
      List<Map<String, Object>> rows = new ArrayList<>();
      for (int ep = 0; ep < 2; ep++) {
        for (long f = 0; f < 6; f++) {
          rows.add(row(ep, f, ep * 100 + f));
        }
      }
      t.add(rows);
      t.delete("ep = 0 AND frame = 5 OR ep = 1 AND frame < 2");
      t.update("ep = 0 AND frame = 2", Map.of("state", -2.0));
      ContiguousWindowDataset ds =
          ContiguousWindows.builder(t.scan())
              .columns("state")
              .groupKey("ep")
              .orderKey("frame")
              .frameOffsets("state", 0, 1)
              .build();
      // Episode 0 keeps frames 0..4 (4 windows), episode 1 frames 2..5 (3 windows).
      assertThat(ds.size()).isEqualTo(7);
      List<String> anchors = new ArrayList<>();
      for (int i = 0; i < ds.size(); i++) {
        Map<String, Object> s = ds.get(i);
        anchors.add(s.get("ep") + "/" + s.get("frame") + "=" + s.get("state"));
      }
      assertThat(anchors)
          .containsExactly(
              "0/0=[0.0, 1.0]",
              "0/1=[1.0, -2.0]",
              "0/2=[-2.0, 3.0]",
              "0/3=[3.0, 4.0]",
              "1/2=[102.0, 103.0]",
              "1/3=[103.0, 104.0]",
              "1/4=[104.0, 105.0]");
    }
  }

  @Test
  void asofJoinsSeeDeletesAndUpdatesOnBothSides() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table left = frames(conn, "left");
      Table right = frames(conn, "right");
      List<Map<String, Object>> l = new ArrayList<>();
      List<Map<String, Object>> r = new ArrayList<>();
      for (long f = 0; f < 10; f++) {
        l.add(row(0, f * 10 + 5, f));
        r.add(row(0, f * 10, 1000 + f));
      }
      left.add(l);
      right.add(r);
      left.delete("frame = 35");
      right.delete("frame = 50");
      right.update("frame = 70", Map.of("state", -7.0));
      List<Map<String, Object>> out =
          Alignment.joinAsof(
                  left.scan().select("frame"),
                  right.scan().select("frame", "state"),
                  AsofJoin.on("frame"))
              .toList();
      List<String> got = new ArrayList<>();
      for (Map<String, Object> row : out) {
        got.add(row.get("frame") + "->" + row.get("state"));
      }
      assertThat(got)
          .containsExactly(
              "5->1000.0",
              "15->1001.0",
              "25->1002.0",
              "45->1004.0",
              "55->1004.0",
              "65->1006.0",
              "75->-7.0",
              "85->1008.0",
              "95->1009.0");
    }
  }
}
