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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.FileIOLoader;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The loaders are found by scheme and announce every option key (no server needed). */
class S3FileIOLoaderTest {

  private static final Map<String, String> OPTIONS =
      Map.of(
          S3Options.ENDPOINT, "http://127.0.0.1:1",
          S3Options.ACCESS_KEY, "a",
          S3Options.SECRET_KEY, "b");

  @Test
  void forUriFindsTheStorageOfS3AndS3a() throws Exception {
    for (String uri : new String[] {"s3://bucket/x", "s3a://bucket/x", "S3://bucket"}) {
      try (FileIO io = FileIO.forUri(uri, OPTIONS)) {
        assertThat(io).as(uri).isInstanceOf(S3FileIO.class);
        assertThat(io.toString()).contains("http://127.0.0.1:1");
      }
    }
  }

  @Test
  void theLoadersAnnounceEveryKey() {
    Map<String, FileIOLoader> byScheme = new TreeMap<>();
    for (FileIOLoader l : ServiceLoader.load(FileIOLoader.class)) {
      byScheme.put(l.scheme(), l);
    }
    assertThat(byScheme).containsKeys("s3", "s3a");
    assertThat(byScheme.get("s3").optionKeys()).isEqualTo(S3Options.keys());
    assertThat(byScheme.get("s3a").optionKeys()).isEqualTo(S3Options.keys());
  }

  @Test
  void aBadUriOrOptionIsAnErrorNamingIt() {
    assertThatThrownBy(() -> FileIO.forUri("s3:///x", OPTIONS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("'s3:///x' is not an S3 URI with a bucket: expected s3://bucket/path");
    assertThatThrownBy(() -> FileIO.forUri("s3a:x", OPTIONS))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'s3a:x' is not an S3A URI with a bucket");
    assertThatThrownBy(() -> FileIO.forUri("s3://b/x", Map.of(S3Options.MAX_CONNECTIONS, "lots")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("option s3.max-connections = 'lots'");
  }

  @Test
  void aMisspelledConnectionOptionNamesTheS3Key() {
    assertThatThrownBy(
            () ->
                Multimodal.builder()
                    .warehouse("s3://bucket/wh")
                    .option("s3.endpiont", "http://127.0.0.1:1")
                    .connect())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(
            "unknown connection option 's3.endpiont'; did you mean 's3.endpoint'?");
  }
}
