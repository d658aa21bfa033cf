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
package io.paimon.multimodal.internal.blob;

import static io.paimon.multimodal.internal.blob.BlobColumnFixtures.BLOB;
import static io.paimon.multimodal.internal.blob.BlobColumnFixtures.descriptors;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.paimon.multimodal.BlobDescriptor;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.fs.InputFile;
import io.paimon.types.DataType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link BlobFileColumn} on the {@code .blob} files Apache Paimon and pypaimon wrote (the golden
 * tables of {@code shared/golden/paimon-tables}): every cell's descriptor addresses its payload,
 * whose length and CRC-32 are the expected dumps'.
 */
class BlobFileColumnGoldenTest {

  private RootAllocator allocator;
  private final List<AutoCloseable> toClose = new ArrayList<>();

  @BeforeEach
  void createAllocator() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void closeEverything() throws Exception {
    for (int i = toClose.size() - 1; i >= 0; i--) {
      toClose.get(i).close();
    }
    allocator.close();
  }

  private static byte[] bytesAt(BlobDescriptor d) throws IOException {
    byte[] out = new byte[Math.toIntExact(d.length())];
    try (InputFile in = FileIO.local().newInputFile(d.uri())) {
      in.readFully(d.offset(), out, 0, out.length);
    }
    return out;
  }

  private FieldVector fileFormVector(String name, DataType type) {
    return BlobColumnFixtures.fileFormVector(allocator, name, type);
  }

  private <T extends AutoCloseable> T track(T resource) {
    toClose.add(resource);
    return resource;
  }

  @Test
  void goldenPaimonBlobFilesYieldTheirPayloads() throws IOException {
    Path golden = goldenTables();
    assumeTrue(
        golden != null, "no shared/golden/paimon-tables above " + Path.of("").toAbsolutePath());
    ObjectMapper json = new ObjectMapper();
    List<Path> blobFiles;
    try (Stream<Path> walk = Files.walk(golden)) {
      blobFiles =
          walk.filter(p -> p.toString().endsWith(".blob") && p.toString().contains("default.db"))
              .sorted()
              .collect(Collectors.toList());
    }
    assertThat(blobFiles).hasSizeGreaterThanOrEqualTo(8);
    // Per warehouse and table, the row ids the blob files covered.
    Map<String, Set<Long>> covered = new TreeMap<>();
    Map<String, Map<Long, JsonNode>> expectedRows = new HashMap<>();
    for (Path file : blobFiles) {
      Path warehouse = file;
      while (!warehouse.getFileName().toString().equals("default.db")) {
        warehouse = warehouse.getParent();
      }
      String table = warehouse.relativize(file).getName(0).toString();
      warehouse = warehouse.getParent();
      Path expected = warehouse.resolve("expected");
      String key = warehouse.getFileName() + "/" + table;
      Map<Long, JsonNode> rows = expectedRows.get(key);
      if (rows == null) {
        rows = new HashMap<>();
        for (String line : Files.readAllLines(expected.resolve(table + ".jsonl"))) {
          JsonNode row = json.readTree(line);
          rows.put(row.get("_ROW_ID").asLong(), row);
        }
        expectedRows.put(key, rows);
      }
      Long first =
          firstRowIds(expected.resolve(table + ".avro.txt")).get(file.getFileName().toString());
      assertThat(first).as("first row id of " + file).isNotNull();

      String path = file.toString();
      BlobFileColumn column = track(BlobFileColumn.open(FileIO.local(), path, BLOB, "image"));
      int n = (int) column.rowCount();
      FieldVector target = track(fileFormVector("image", BLOB));
      column.readRange(0, n, target);
      for (int r = 0; r < n; r++) {
        long rowId = first + r;
        assertThat(covered.computeIfAbsent(key, k -> new HashSet<>()).add(rowId))
            .as(key + " row " + rowId + " in two blob files")
            .isTrue();
        String where = file + " row " + r + " (_ROW_ID " + rowId + ")";
        assertThat(rows).as(where).containsKey(rowId);
        JsonNode image = rows.get(rowId).get("image");
        List<BlobDescriptor> d = descriptors(target, r);
        if (image.isNull()) {
          assertThat(d).as(where).isNull();
          continue;
        }
        assertThat(d).as(where).hasSize(1);
        assertThat(d.get(0).uri()).isEqualTo(path);
        byte[] payload = bytesAt(d.get(0));
        CRC32 crc = new CRC32();
        crc.update(payload);
        assertThat(payload.length).as(where).isEqualTo(image.get("length").asInt());
        assertThat(crc.getValue()).as(where).isEqualTo(image.get("crc32").asLong());
      }
    }
    covered.forEach(
        (key, ids) ->
            assertThat(ids).as(key + ": rows covered").isEqualTo(expectedRows.get(key).keySet()));
    assertThat(covered)
        .containsKeys("paimon-java-1.4.2-row/docs", "paimon-java-1.4.2-parquet/docs");
  }

  /** Finds shared/golden/paimon-tables: a system property, else above the working directory. */
  private static Path goldenTables() {
    String configured = System.getProperty("paimon.golden.tables");
    if (configured != null) {
      return Path.of(configured);
    }
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      Path candidate = p.resolve("shared/golden/paimon-tables");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  /** The {@code _FIRST_ROW_ID} of each {@code .blob} file in a manifest dump. */
  private static Map<String, Long> firstRowIds(Path avroDump) throws IOException {
    Map<String, Long> out = new HashMap<>();
    String file = null;
    for (String line : Files.readAllLines(avroDump)) {
      String t = line.trim();
      if (t.startsWith("_FILE_NAME: ")) {
        file = t.substring("_FILE_NAME: ".length());
      } else if (t.startsWith("_FIRST_ROW_ID: ") && file != null && file.endsWith(".blob")) {
        long id = Long.parseLong(t.substring("_FIRST_ROW_ID: ".length()));
        Long before = out.putIfAbsent(file, id);
        assertThat(before == null || before == id).as(file + " first row id").isTrue();
      }
    }
    return out;
  }
}
