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
package io.paimon.multimodal.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Table;
import org.junit.jupiter.api.Test;

/** {@link FrameTables} and {@link BlobTables}: what they write is what they expect, seeded. */
class TableBuildersTest {

  @TempWarehouse Connection conn;

  @Test
  void writesTheFramesItExpectsInOneCommit() {
    FrameTables frames =
        FrameTables.builder()
            .episodes(3)
            .framesPerEpisode(50)
            .stateDim(7)
            .actionDim(2)
            .imageBytes(100)
            .seed(42)
            .batchRows(16);
    Table t = frames.write(conn, "frames");
    assertThat(t.snapshots()).hasSize(1);
    assertThat(t.schema().columnNames())
        .containsExactly("episode_id", "frame_index", "timestamp_us", "state", "action", "image");
    MultimodalAssertions.assertThat(t)
        .hasRowCount(150)
        .rows()
        .containsExactlyRows(frames.expectedRows());
    assertThat(frames.expectedState(1, 3)).hasSize(7);
    assertThat(frames.expectedImage(2, 49)).hasSize(100).startsWith(Generated.PNG_SIGNATURE);
    assertThat(frames.expectedTimestamp(0, 1) - frames.expectedTimestamp(0, 0)).isEqualTo(33_333);
    assertThat(frames.expectedTimestamp(1, 0))
        .isGreaterThan(frames.expectedTimestamp(0, 49) + 1_000_000 - 1);
  }

  @Test
  void theSeedDecidesEveryValue() {
    FrameTables a = FrameTables.builder().seed(1);
    assertThat(a.expectedRow(2, 5))
        .usingRecursiveComparison()
        .isEqualTo(FrameTables.builder().seed(1).expectedRow(2, 5));
    assertThat(a.expectedState(2, 5)).isNotEqualTo(a.seed(2).expectedState(2, 5));
    assertThat(a.expectedAction(2, 5)).isNotEqualTo(a.expectedAction(2, 6));
    assertThat(a.expectedImage(2, 5)).isNotEqualTo(a.expectedImage(3, 5));
    for (float v : a.expectedState(0, 0)) {
      assertThat(v).isBetween(-1f, 1f);
    }
  }

  @Test
  void splitsTheRowsIntoCommitsWhenAsked() {
    FrameTables frames = FrameTables.builder().episodes(6).framesPerEpisode(40).commits(3);
    Table t = frames.write(conn, "frames");
    MultimodalAssertions.assertThat(t)
        .hasSnapshots(3)
        .rows()
        .containsExactlyRows(frames.expectedRows());
    assertThat(t.snapshots().get(0).id()).isPositive();
  }

  @Test
  void partitionsByEpisodeWhenAsked() {
    FrameTables frames =
        FrameTables.builder().episodes(3).framesPerEpisode(4).partitionByEpisode(true);
    Table t = frames.write(conn, "frames");
    assertThat(t.schema().partitionKeys()).containsExactly("episode_id");
    assertThat(t.scan().where("episode_id = 2").count()).isEqualTo(4);
  }

  @Test
  void refusesFramesOutsideTheTable() {
    FrameTables frames = FrameTables.builder().episodes(2).framesPerEpisode(3);
    assertThatThrownBy(() -> frames.expectedState(2, 0))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("episode 2 is not in [0, 2)");
    assertThatThrownBy(() -> frames.expectedRow(0, 3))
        .isInstanceOf(IndexOutOfBoundsException.class)
        .hasMessage("frame 3 is not in [0, 3)");
    assertThatThrownBy(() -> frames.episodes(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("episodes must be at least 1, is 0");
  }

  @Test
  void writesTheBlobsItExpects() {
    BlobTables blobs =
        BlobTables.builder()
            .rows(300)
            .payloadBytes(0, 5000)
            .labels("a", "b")
            .nullPayloadEvery(7)
            .seed(9)
            .batchRows(64);
    Table t = blobs.write(conn, "blobs");
    assertThat(t.snapshots()).hasSize(1);
    MultimodalAssertions.assertThat(t)
        .hasRowCount(300)
        .rows()
        .containsExactlyRows(blobs.expectedRows());
    assertThat(blobs.expectedPayload(14)).isNull();
    assertThat(blobs.expectedLabel(3)).isEqualTo("b");
    assertThat(BlobTables.builder().payloadBytes(10).expectedPayload(5)).hasSize(10);
    assertThat(BlobTables.builder().rows(0).write(conn, "empty").scan().count()).isZero();
  }
}
