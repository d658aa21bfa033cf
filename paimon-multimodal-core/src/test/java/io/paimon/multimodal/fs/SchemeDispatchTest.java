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
package io.paimon.multimodal.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A warehouse URI picks its storage by scheme; a scheme nothing serves is an error naming it and
 * what to add, never a local directory named after the URI.
 */
class SchemeDispatchTest {

  @TempDir Path dir;

  @Test
  void plainPathsAndFileUrisAreLocal() {
    assertThat(FileIO.forUri("/data/wh", Map.of())).isSameAs(FileIO.local());
    assertThat(FileIO.forUri("relative/wh", Map.of())).isSameAs(FileIO.local());
    assertThat(FileIO.forUri("file:///data/wh", Map.of())).isSameAs(FileIO.local());
    assertThat(FileIO.forUri("C:\\data\\wh", Map.of())).isSameAs(FileIO.local());
    assertThat(FileIOs.scheme("S3A://bucket/x")).isEqualTo("s3a");
    assertThat(FileIOs.scheme("/a:b")).isNull();
  }

  @Test
  void s3WithoutItsModuleNamesTheModuleAndCreatesNothingLocally() {
    assertThatThrownBy(() -> Multimodal.connect("s3://bucket/wh"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("scheme 's3'")
        .hasMessageContaining("io.paimon:paimon-multimodal-s3");
    assertThatThrownBy(() -> Multimodal.connect("s3a://bucket/wh"))
        .hasMessageContaining("scheme 's3a'");
    assertThat(Path.of("s3:")).doesNotExist();
    assertThat(Path.of("s3a:")).doesNotExist();
  }

  @Test
  void anUnknownSchemeAndAnHttpWarehouseAreRefusedWithTheReason() {
    assertThatThrownBy(() -> Multimodal.connect("gopher://host/wh"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("scheme 'gopher'")
        .hasMessageContaining("FileIOLoader");
    assertThatThrownBy(() -> Multimodal.connect("https://example.com/wh"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("read-only");
    assertThat(Path.of("gopher:")).doesNotExist();
  }

  @Test
  void aWarehouseThatIsAFileSaysSo() throws Exception {
    Path file = Files.write(dir.resolve("not-a-dir"), new byte[] {1});
    assertThatThrownBy(() -> Multimodal.connect(file.toString()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("is a file");
  }

  @Test
  void aRegisteredLoaderServesItsSchemeWithTheConnectionOptions() {
    String uri = PrefixFileIOLoader.SCHEME + "://" + dir.resolve("wh");
    try (Connection conn =
        Multimodal.builder()
            .warehouse(uri)
            .option("file-format.metadata-cache.max-size", "1 mb")
            .connect()) {
      assertThat(PrefixFileIOLoader.lastOptions)
          .containsEntry("file-format.metadata-cache.max-size", "1 mb");
      Table t =
          conn.createTable("t", Schema.builder().column("id", DataTypes.BIGINT()).build(), false);
      t.add(List.of(Map.of("id", 7L)));
      assertThat(t.scan().toList()).containsExactly(Map.of("id", 7L));
      assertThat(t.io().newInputFile(uri + "/default.db/t/schema/schema-0").length()).isPositive();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    assertThat(dir.resolve("wh/default.db/t/schema/schema-0")).exists();
    assertThat(dir.resolve("wh/default.db/t/bucket-0")).isDirectory();
  }
}
