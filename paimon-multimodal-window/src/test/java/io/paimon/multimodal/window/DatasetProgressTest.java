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
import io.paimon.multimodal.Progress;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Dataset builds report the rows they read through their progress listener, once finished. */
class DatasetProgressTest {

  @TempDir Path dir;

  private static Table frames(Connection conn) {
    Table t =
        conn.createTable(
            "frames",
            Schema.builder()
                .column("ep", DataTypes.INT().notNull())
                .column("frame", DataTypes.BIGINT().notNull())
                .column("state", DataTypes.DOUBLE())
                .build(),
            false);
    for (int ep = 0; ep < 3; ep++) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (long i = 0; i < 400; i++) {
        rows.add(Map.of("ep", ep, "frame", i, "state", ep + i / 10.0));
      }
      t.add(rows);
    }
    return t;
  }

  private static Progress last(List<Progress> seen) {
    assertThat(seen).isNotEmpty();
    assertThat(seen.stream().filter(Progress::finished)).hasSize(1);
    Progress p = seen.get(seen.size() - 1);
    assertThat(p.finished()).isTrue();
    return p;
  }

  @Test
  void trainingDatasetAndWindowBuildsReportTheRowsTheyRead() throws Exception {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = frames(conn);
      List<Progress> seen = Collections.synchronizedList(new ArrayList<>());
      try (TrainingDataset data = TrainingDataset.of(t.scan().where("ep > 0"), 0, seen::add)) {
        assertThat(data.size()).isEqualTo(800);
      }
      Progress built = last(seen);
      assertThat(built.operation()).isEqualTo("training dataset of frames");
      assertThat(built.count()).isEqualTo(800);

      seen.clear();
      try (ContiguousWindowDataset windows =
          ContiguousWindows.builder(t.scan())
              .columns("state")
              .groupKey("ep")
              .orderKey("frame")
              .windowSize(4)
              .progress(seen::add)
              .build()) {
        assertThat(windows.size()).isPositive();
      }
      Progress keys = last(seen);
      assertThat(keys.operation()).isEqualTo("window keys of frames");
      assertThat(keys.count()).isEqualTo(1200);
    }
  }
}
