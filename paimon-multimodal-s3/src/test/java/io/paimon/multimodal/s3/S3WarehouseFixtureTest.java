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
package io.paimon.multimodal.s3;

import static io.paimon.multimodal.testing.MultimodalAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.BlobTables;
import io.paimon.multimodal.testing.FrameTables;
import io.paimon.multimodal.testing.S3Warehouse;
import java.net.HttpURLConnection;
import java.net.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The testing module's {@link S3Warehouse} fixture, run here where the S3 storage is on the class
 * path: as a class-wide extension, and on its own as an {@link AutoCloseable}.
 */
class S3WarehouseFixtureTest {

  @RegisterExtension static S3Warehouse s3 = S3Warehouse.create();

  @Test
  void connectsToAWarehouseOnTheEndpoint() {
    assertThat(s3.isRunning()).isTrue();
    assertThat(s3.endpoint().getHost()).isEqualTo("127.0.0.1");
    FrameTables frames = FrameTables.builder().episodes(2).framesPerEpisode(10).seed(5);
    try (Connection conn = s3.connect()) {
      assertThat(conn.warehouse()).isEqualTo("s3://bucket/wh");
      Table t = frames.write(conn, "frames");
      assertThat(t).hasRowCount(20).rows().containsExactlyRows(frames.expectedRows());
    }
    try (Connection again = s3.connect()) {
      assertThat(again.listTables()).contains("frames");
    }
  }

  @Test
  void connectsToOtherDatabasesAndTakesExtraOptions() {
    BlobTables blobs = BlobTables.builder().rows(20).payloadBytes(100, 3000);
    try (Connection conn =
        s3.builder().database("robots").option("s3.max-attempts", "2").connect()) {
      assertThat(conn.database()).isEqualTo("robots");
      Table t = blobs.write(conn, "blobs");
      assertThat(t).rows().containsExactlyRows(blobs.expectedRows());
    }
  }

  @Test
  void runsOnItsOwnAndStopsOnClose() throws Exception {
    URI endpoint;
    try (S3Warehouse own = S3Warehouse.create().start();
        Connection conn = own.connect("x")) {
      endpoint = own.endpoint();
      assertThat(endpoint).isNotEqualTo(s3.endpoint());
      BlobTables.builder().rows(3).write(conn, "t");
      assertThat(conn.listTables()).containsExactly("t");
    }
    HttpURLConnection http = (HttpURLConnection) endpoint.toURL().openConnection();
    http.setConnectTimeout(2000);
    try {
      http.connect();
      throw new AssertionError("the endpoint still accepts connections after close");
    } catch (java.net.ConnectException expected) {
      // stopped
    } finally {
      http.disconnect();
    }
  }
}
