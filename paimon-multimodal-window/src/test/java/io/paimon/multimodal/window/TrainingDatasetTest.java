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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TempWarehouse;
import io.paimon.types.DataTypes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

/**
 * {@link TrainingDataset}: samples are the scan's rows in its order (checked against {@code
 * toList()}), fetched by row ID in request order with duplicates, from the pinned snapshot.
 */
class TrainingDatasetTest {

  @TempWarehouse Connection conn;

  @Test
  void samplesAreTheScansRowsFetchedByRowId() {
    Table t =
        conn.createTable(
            "t",
            Schema.builder()
                .column("id", DataTypes.BIGINT())
                .column("name", DataTypes.STRING())
                .column("state", DataTypes.VECTOR(DataTypes.FLOAT(), 2))
                .option("deletion-vectors.enabled", "true")
                .build(),
            false);
    for (int c = 0; c < 4; c++) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (long i = c * 250L; i < c * 250L + 250; i++) {
        Map<String, Object> row = new HashMap<>();
        row.put("id", i);
        row.put("name", i % 3 == 0 ? null : "n" + i);
        row.put("state", new float[] {i, -i});
        rows.add(row);
      }
      t.add(rows);
    }
    t.delete("id > 100 AND id < 120");
    var scan = t.scan().where("id < 900").select("name", "id").withRowId();
    List<Map<String, Object>> expected = scan.toList();
    try (TrainingDataset data = TrainingDataset.of(scan)) {
      assertThat(data.size()).isEqualTo(expected.size()).isEqualTo(881);
      for (int i = 0; i < data.size(); i += 37) {
        assertThat(data.get(i)).isEqualTo(expected.get(i));
        assertThat(data.rowId(i)).isEqualTo(expected.get(i).get(Schema.ROW_ID));
      }
      assertThat(data.get(-1)).isEqualTo(expected.get(expected.size() - 1));
      SplittableRandom random = new SplittableRandom(2);
      int[] picks = new int[300];
      for (int k = 0; k < picks.length; k++) {
        picks[k] = random.nextInt(-data.size(), data.size());
      }
      picks[5] = picks[4]; // a duplicate
      List<Map<String, Object>> got = data.getItems(picks);
      for (int k = 0; k < picks.length; k++) {
        int i = picks[k] < 0 ? picks[k] + data.size() : picks[k];
        assertThat(got.get(k)).as("pick " + k).isEqualTo(expected.get(i));
      }
      try (VectorSchemaRoot batch = data.getBatch(picks)) {
        assertThat(batch.getRowCount()).isEqualTo(picks.length);
        assertThat(batch.getSchema()).isEqualTo(scan.arrowSchema());
      }
      assertThat(data.getItems()).isEmpty();
      assertThatThrownBy(() -> data.get(881))
          .isInstanceOf(IndexOutOfBoundsException.class)
          .hasMessageContaining("index 881")
          .hasMessageContaining("881 samples");
      assertThatThrownBy(() -> data.getItems(0, -882))
          .isInstanceOf(IndexOutOfBoundsException.class)
          .hasMessageContaining("-882");
      // Pinned: a later commit changes neither the size nor the samples.
      long snapshot = data.snapshotId();
      t.update("id = 5", Map.of("name", "changed"));
      t.add(List.of(Map.of("id", 1L)));
      assertThat(data.snapshotId()).isEqualTo(snapshot);
      int five =
          expected.indexOf(
              expected.stream().filter(r -> r.get("id").equals(5L)).findFirst().orElseThrow());
      assertThat(data.get(five).get("name")).isEqualTo("n5");
      // The sampler of the dataset.
      assertThat(data.shard(1, 4).length()).isEqualTo(221);
    }
  }
}
