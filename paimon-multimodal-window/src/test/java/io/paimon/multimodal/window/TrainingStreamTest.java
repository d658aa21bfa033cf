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
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TempWarehouse;
import io.paimon.multimodal.window.internal.StreamShards;
import io.paimon.row.CloseableIterator;
import io.paimon.types.DataTypes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link TrainingStream}: tensors, converters, refusals, environment sharding, pass-through. */
class TrainingStreamTest {

  @TempWarehouse Connection conn;
  private Table table;

  @BeforeEach
  void write() {
    table =
        conn.createTable(
            "frames",
            Schema.builder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("state", DataTypes.VECTOR(DataTypes.FLOAT(), 3).notNull())
                .column("done", DataTypes.BOOLEAN().notNull())
                .column("reward", DataTypes.DOUBLE())
                .column("name", DataTypes.STRING())
                .column("video", DataTypes.BYTES())
                .option("video-frame-field", "video")
                .build(),
            false);
    for (int commit = 0; commit < 3; commit++) {
      List<Map<String, Object>> rows = new ArrayList<>();
      for (long i = commit * 100L; i < commit * 100L + 100; i++) {
        Map<String, Object> row = new HashMap<>();
        row.put("id", i);
        row.put("state", new float[] {i, i + 0.5f, -i});
        row.put("done", i % 10 == 9);
        row.put("reward", i == 150 ? null : i / 10.0);
        row.put("name", "n" + i);
        rows.add(row);
      }
      table.add(rows);
    }
  }

  @Test
  void tensorBatchesHoldTheColumnsWithShapes() {
    TrainingStream stream =
        TrainingStream.builder(table.scan().select("id", "state", "done").where("id < 100"))
            .batchSize(32)
            .format(BatchFormat.TENSOR)
            .build();
    List<Long> ids = new ArrayList<>();
    try (CloseableIterator<Map<String, Tensor>> it = stream.tensors(0)) {
      while (it.hasNext()) {
        Map<String, Tensor> batch = it.next();
        assertThat(batch.keySet()).containsExactly("id", "state", "done");
        int n = batch.get("id").dim(0);
        assertThat(batch.get("state").shape()).containsExactly(n, 3);
        assertThat(batch.get("state").dtype()).isEqualTo(DType.FLOAT32);
        assertThat(batch.get("done").dtype()).isEqualTo(DType.BOOL);
        for (int i = 0; i < n; i++) {
          long id = batch.get("id").longs()[i];
          ids.add(id);
          assertThat(batch.get("state").getDouble(i, 2)).isEqualTo(-id);
          assertThat(batch.get("done").getBoolean(i)).isEqualTo(id % 10 == 9);
        }
      }
    }
    assertThat(ids).hasSize(100).isSorted();
    assertThatThrownBy(stream::arrow)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("format(TENSOR)");
  }

  @Test
  void refusesColumnsThatCannotBecomeTensorsNamingThem() {
    assertThatThrownBy(
            () ->
                TrainingStream.builder(table.scan().select("id", "name"))
                    .format(BatchFormat.TENSOR)
                    .build())
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("'name'")
        .hasMessageContaining("tensorConverter");
    assertThatThrownBy(
            () ->
                TrainingStream.builder(table.scan().select("id", "video"))
                    .format(BatchFormat.TENSOR)
                    .build())
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("'video'")
        .hasMessageContaining("video-frame-field")
        .hasMessageContaining("VideoFrames");
    // A nullable column is fine until a batch holds a null, which is named.
    TrainingStream rewards =
        TrainingStream.builder(table.scan().select("reward"))
            .batchSize(10)
            .format(BatchFormat.TENSOR)
            .build();
    try (CloseableIterator<Map<String, Tensor>> it = rewards.tensors()) {
      assertThatThrownBy(
              () -> {
                while (it.hasNext()) {
                  it.next();
                }
              })
          .isInstanceOf(SchemaException.class)
          .hasMessageContaining("'reward'")
          .hasMessageContaining("null");
    }
  }

  @Test
  void aConverterTakesAnyColumn() {
    TrainingStream stream =
        TrainingStream.builder(table.scan().select("name"))
            .batchSize(300)
            .format(BatchFormat.TENSOR)
            .tensorConverter(root -> Map.of("length", Tensor.of(new int[] {root.getRowCount()}, 1)))
            .build();
    try (CloseableIterator<Map<String, Tensor>> it = stream.tensors()) {
      assertThat(it.next().get("length").ints()).containsExactly(300);
      assertThat(it.hasNext()).isFalse();
    }
  }

  @Test
  void withoutShuffleOrBatchSizeTheScansBatchesPassThrough() throws Exception {
    TrainingStream stream = TrainingStream.builder(table.scan().select("id").batchSize(64)).build();
    List<Integer> sizes = new ArrayList<>();
    try (CloseableIterator<VectorSchemaRoot> it = stream.arrow()) {
      while (it.hasNext()) {
        try (VectorSchemaRoot root = it.next()) {
          sizes.add(root.getRowCount());
        }
      }
    }
    // Each commit's file of 100 rows gives a batch of 64 and one of 36.
    assertThat(sizes).containsExactly(64, 36, 64, 36, 64, 36);
    assertThatThrownBy(stream::tensors).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aScanThatCannotBeSplitIsReadByOnePartOnly() throws Exception {
    TrainingStream one = TrainingStream.builder(table.scan().select("id").limit(150)).build();
    assertThat(one.splits()).isNull();
    int rows = 0;
    try (CloseableIterator<VectorSchemaRoot> it = one.arrow()) {
      while (it.hasNext()) {
        try (VectorSchemaRoot root = it.next()) {
          rows += root.getRowCount();
        }
      }
    }
    assertThat(rows).isEqualTo(150);
    assertThatThrownBy(() -> TrainingStream.builder(table.scan().limit(150)).shard(0, 2).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("limit")
        .hasMessageContaining("2 rank(s)");
    assertThatThrownBy(() -> TrainingStream.builder(table.scan().limit(150)).worker(1, 2).build())
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void ranksComeFromTorchrunsEnvironment() {
    assertThat(StreamShards.fromEnvironment(Map.of())).containsExactly(0, 1);
    assertThat(StreamShards.fromEnvironment(Map.of("RANK", "3", "WORLD_SIZE", "4")))
        .containsExactly(3, 4);
    assertThatThrownBy(() -> StreamShards.fromEnvironment(Map.of("RANK", "1")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("WORLD_SIZE is not set");
    assertThatThrownBy(() -> StreamShards.fromEnvironment(Map.of("RANK", "x", "WORLD_SIZE", "2")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("RANK")
        .hasMessageContaining("'x'");
    assertThatThrownBy(() -> StreamShards.fromEnvironment(Map.of("RANK", "2", "WORLD_SIZE", "2")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("RANK must be in [0, 2)");
    assertThatThrownBy(() -> TrainingStream.builder(table.scan()).shard(-1, 2))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> TrainingStream.builder(table.scan()).worker(0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("workers must be at least 1");
  }

  @Test
  void closingEarlyFreesEverything() throws Exception {
    TrainingStream stream =
        TrainingStream.builder(table.scan().select("id", "name").batchSize(16))
            .batchSize(10)
            .shuffle(1)
            .bufferSize(40)
            .maxBufferInputSplits(3)
            .prefetch(2)
            .build();
    for (int k = 0; k < 5; k++) {
      try (CloseableIterator<VectorSchemaRoot> it = stream.arrow(k)) {
        try (VectorSchemaRoot first = it.next()) {
          assertThat(first.getRowCount()).isEqualTo(10);
        }
      }
    }
    // The connection's allocator is checked for leaks when it closes (AfterEach).
  }
}
