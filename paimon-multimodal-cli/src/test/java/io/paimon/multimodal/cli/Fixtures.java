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
package io.paimon.multimodal.cli;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The tables the tests run pmm on, written with the library into a warehouse directory, and the
 * golden Paimon tables of the shared folder.
 *
 * <ul>
 *   <li>{@code default/docs}: {@code id BIGINT NOT NULL, content STRING, image BLOB, raw BYTES},
 *       three snapshots of 2, 2 and 1 rows (ids 1..5, row IDs 0..4), tag {@code v1} on snapshot 1;
 *   <li>{@code default/events}: {@code id BIGINT NOT NULL, category STRING, score DOUBLE}
 *       partitioned by {@code category}, one snapshot of 4 rows in partitions {@code a} and {@code
 *       b}.
 * </ul>
 */
final class Fixtures {

  private Fixtures() {}

  /** Writes the two tables into {@code warehouse}. */
  static void writeTables(Path warehouse) {
    try (Connection conn = Multimodal.connect(warehouse.toString())) {
      Table docs =
          conn.createTable(
              "docs",
              Schema.builder()
                  .column("id", DataTypes.BIGINT().notNull())
                  .column("content", DataTypes.STRING())
                  .column("image", DataTypes.BLOB())
                  .column("raw", DataTypes.BYTES())
                  .build(),
              false);
      docs.add(List.of(doc(1, "a lake, at dawn", "png-1"), doc(2, "say \"hi\"", "png-2")));
      docs.createTag("v1");
      docs.add(List.of(doc(3, "line\nbreak", "png-3"), doc(4, null, null)));
      docs.add(List.of(doc(5, "five", "png-5")));

      Table events =
          conn.createTable(
              "events",
              Schema.builder()
                  .column("id", DataTypes.BIGINT().notNull())
                  .column("category", DataTypes.STRING())
                  .column("score", DataTypes.DOUBLE())
                  .partitionKeys("category")
                  .build(),
              false);
      events.add(
          List.of(
              event(10, "a", 0.5), event(11, "b", 1.5), event(12, "a", 2.5), event(13, "b", 3)));
    }
  }

  private static Map<String, Object> doc(long id, String content, String image) {
    Map<String, Object> row = new HashMap<>();
    row.put("id", id);
    row.put("content", content);
    row.put("image", image == null ? null : image.getBytes(StandardCharsets.UTF_8));
    row.put("raw", new byte[] {(byte) id, (byte) 0xff});
    return row;
  }

  private static Map<String, Object> event(long id, String category, double score) {
    return Map.of("id", id, "category", category, "score", score);
  }

  /** {@code <shared>/golden/paimon-tables}: the shared folder beside the repository root. */
  static Path goldenTables() {
    String property = System.getProperty("paimon.shared.dir");
    Path shared = property != null ? Path.of(property) : null;
    if (shared == null) {
      for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
        if (Files.isDirectory(dir.resolve("paimon-multimodal-core"))
            && Files.isRegularFile(dir.resolve("pom.xml"))
            && dir.getParent() != null) {
          shared = dir.getParent().resolve("shared");
          break;
        }
      }
    }
    Path golden = shared == null ? null : shared.resolve("golden").resolve("paimon-tables");
    if (golden == null || !Files.isRegularFile(golden.resolve("README.md"))) {
      throw new IllegalStateException(
          "no golden Paimon tables beside the repository root (set -Dpaimon.shared.dir)");
    }
    return golden;
  }

  /** Copies a golden warehouse to {@code target}, so the tests never touch the shared folder. */
  static Path copyGolden(String name, Path target) {
    Path source = goldenTables().resolve(name);
    try (Stream<Path> walk = Files.walk(source)) {
      for (Path p : (Iterable<Path>) walk::iterator) {
        Path to = target.resolve(source.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else {
          Files.copy(p, to);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return target;
  }

  /** The first file under {@code dir} whose name ends with {@code suffix}, in name order. */
  static Path firstFile(Path dir, String suffix) {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(p -> p.getFileName().toString().endsWith(suffix))
          .sorted()
          .findFirst()
          .orElseThrow(() -> new IllegalStateException("no *" + suffix + " under " + dir));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
