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
package io.paimon.multimodal.search.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.IndexFile;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.search.IndexType;
import io.paimon.multimodal.search.SearchException;
import io.paimon.multimodal.search.SearchIndexes;
import io.paimon.multimodal.testing.TempWarehouse;
import io.paimon.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Damaged index files: every mutation of a real index file (flipped bytes anywhere, in the table
 * and tail in particular, truncations) is a {@link SearchException} naming the file, or opens to
 * the same documents (a flip in bytes Lucene does not read at open); never another exception, a
 * hang, or an allocation the file does not justify; whether the file is read with ranged reads or
 * copied into memory.
 */
class PackedIndexFuzzTest {

  @TempWarehouse Connection conn;

  @ParameterizedTest(name = "resident={0}")
  @ValueSource(booleans = {false, true})
  @Timeout(120)
  void mutatedIndexFilesFailWithTheDocumentedException(boolean resident) throws Exception {
    Table table =
        conn.createTable(
            "docs",
            Schema.builder()
                .column("id", DataTypes.BIGINT().notNull())
                .column("content", DataTypes.STRING())
                .build(),
            false);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (long i = 0; i < 200; i++) {
      rows.add(Map.of("id", i, "content", "robot arm " + i));
    }
    table.add(rows);
    SearchIndexes.of(table).create("content", IndexType.FULL_TEXT);
    IndexFile file = table.indexFiles(table.latestSnapshot().orElseThrow().id()).get(0);
    IndexSpec spec = IndexSpec.parse(IndexType.FULL_TEXT, file.meta(), file.fileName());
    Path path = Path.of(table.indexFilePath(file.fileName()));
    byte[] good = Files.readAllBytes(path);
    try (OpenShard shard = OpenShard.open(table, file, spec, resident)) {
      assertThat(shard.rowIds()).hasSize(200);
    }
    Random random = new Random(99);
    int failures = 0;
    for (int round = 0; round < 400; round++) {
      byte[] bad = good.clone();
      int length = bad.length;
      switch (round % 4) {
        case 0 -> bad[random.nextInt(bad.length)] ^= (byte) (1 + random.nextInt(255));
        case 1 ->
            bad[bad.length - 1 - random.nextInt(Math.min(bad.length, 200))] ^=
                (byte) (1 + random.nextInt(255));
        case 2 -> {
          for (int i = 0; i < 8; i++) {
            bad[random.nextInt(bad.length)] = (byte) random.nextInt(256);
          }
        }
        default -> length = random.nextInt(bad.length);
      }
      byte[] written = java.util.Arrays.copyOf(bad, length);
      Files.write(path, written);
      IndexFile described =
          new IndexFile(
              file.type(),
              file.fileName(),
              written.length,
              file.rowCount(),
              file.firstRowId(),
              file.lastRowId(),
              file.fieldId(),
              file.meta());
      try (OpenShard shard = OpenShard.open(table, described, spec, resident)) {
        assertThat(shard.rowIds()).hasSize(200);
      } catch (SearchException e) {
        assertThat(e.getMessage()).contains(file.fileName());
        failures++;
      }
    }
    assertThat(failures).isGreaterThan(100);
    Files.write(path, good);
    assertThat(table.removeOrphanFiles(Duration.ZERO)).isEmpty();
  }

  @ParameterizedTest(name = "resident={0}")
  @ValueSource(booleans = {false, true})
  void aFileThatIsNotAPackedIndexNamesItsOffset(boolean resident) throws Exception {
    Table table =
        conn.createTable("t", Schema.builder().column("s", DataTypes.STRING()).build(), false);
    table.add(List.of(Map.of("s", "x")));
    String name = "index-not-packed-0";
    Path path = Path.of(table.indexFilePath(name));
    Files.createDirectories(path.getParent());
    Files.write(path, new byte[64]);
    IndexFile f = new IndexFile(IndexType.FULL_TEXT.identifier(), name, 64, 1, 0, 0, 0, null);
    assertThatThrownBy(() -> OpenShard.open(table, f, null, resident))
        .isInstanceOf(SearchException.class)
        .hasMessageContaining(name)
        .hasMessageContaining("offset");
  }
}
