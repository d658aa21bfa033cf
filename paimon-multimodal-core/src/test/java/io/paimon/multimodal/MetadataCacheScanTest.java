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
package io.paimon.multimodal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.ForwardingFileIO;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The connection's metadata cache, seen through what scans read from storage. */
class MetadataCacheScanTest {

  @TempDir Path dir;

  /** Counts whole-file reads of manifests and manifest lists. */
  static final class ManifestReads extends ForwardingFileIO {

    ManifestReads() {
      super(FileIO.local());
    }

    final Map<String, LongAdder> reads = new ConcurrentHashMap<>();

    @Override
    public byte[] readAllBytes(String path) throws IOException {
      if (path.contains("/manifest/")) {
        reads.computeIfAbsent(path, p -> new LongAdder()).increment();
      }
      return super.readAllBytes(path);
    }

    long total() {
      return reads.values().stream().mapToLong(LongAdder::sum).sum();
    }
  }

  private static Schema schema() {
    return Schema.builder()
        .column("id", DataTypes.BIGINT().notNull())
        .column("name", DataTypes.STRING())
        .build();
  }

  private static void fill(Table t) {
    for (long i = 0; i < 3; i++) {
      t.add(List.of(Map.of("id", i, "name", "n" + i)));
    }
  }

  @Test
  void repeatedScansAndTakesReadEachManifestOnce() {
    ManifestReads io = new ManifestReads();
    try (Connection conn = Multimodal.builder().warehouse(dir.toString()).fileIO(io).connect()) {
      Table t = conn.createTable("t", schema(), false);
      fill(t);
      long afterWrites = io.total();
      io.reads.clear();

      for (int i = 0; i < 5; i++) {
        assertThat(t.scan().where("id >= 0").count()).isEqualTo(3);
        assertThat(t.takeRowIds(0, 2).select("id").toList())
            .containsExactly(Map.of("id", 0L), Map.of("id", 2L));
      }

      // Each commit puts the manifests and lists it writes into the cache, so the next commit
      // reads its parent's lists from memory, and so does every read after them.
      assertThat(afterWrites).isZero();
      assertThat(io.reads.values()).allSatisfy(n -> assertThat(n.sum()).isLessThanOrEqualTo(1));
    }
  }

  @Test
  void aCacheOfSizeZeroReadsTheManifestsForEveryScan() {
    ManifestReads io = new ManifestReads();
    try (Connection conn =
        Multimodal.builder()
            .warehouse(dir.toString())
            .fileIO(io)
            .option("file-format.metadata-cache.max-size", "0")
            .connect()) {
      Table t = conn.createTable("t", schema(), false);
      fill(t);
      io.reads.clear();

      // An unfiltered count comes from the snapshot; a filtered scan needs the manifests.
      t.scan().where("id >= 0").count();
      long once = io.total();
      t.scan().where("id >= 0").count();

      assertThat(once).isPositive();
      assertThat(io.total()).isEqualTo(2 * once);
    }
  }

  @Test
  void aCachedTableSeesLaterCommitsOfOtherConnections() {
    try (Connection a = Multimodal.connect(dir.toString());
        Connection b = Multimodal.connect(dir.toString())) {
      Table ta = a.createTable("t", schema(), false);
      fill(ta);
      assertThat(ta.scan().count()).isEqualTo(3);

      b.getTable("t").add(List.of(Map.of("id", 9L, "name", "late")));

      assertThat(ta.scan().count()).isEqualTo(4);
      assertThat(ta.scan().where("id = 9").select("name").toList())
          .containsExactly(Map.of("name", "late"));
    }
  }

  @Test
  void aBadCacheSizeIsRejectedNamingTheOption() {
    assertThatThrownBy(
            () ->
                Multimodal.builder()
                    .warehouse(dir.toString())
                    .option("file-format.metadata-cache.max-size", "lots")
                    .connect())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("file-format.metadata-cache.max-size")
        .hasMessageContaining("lots");
  }
}
