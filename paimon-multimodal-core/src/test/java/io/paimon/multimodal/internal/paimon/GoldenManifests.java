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
package io.paimon.multimodal.internal.paimon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The golden metadata files under {@code src/test/resources/paimon-manifests/} (see its README):
 * the {@code manifest/} directories of the golden Paimon tables, written by Paimon Java 1.4.2 and
 * pypaimon, with Avro's generic dump of each, and an index manifest and deletion-vectors files
 * written by Paimon Java 1.4.2.
 */
final class GoldenManifests {

  /** One golden Avro file. */
  record Golden(String warehouse, String table, String name, Path path) {
    byte[] bytes() {
      try {
        return Files.readAllBytes(path);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    boolean isManifestList() {
      return name.startsWith("manifest-list-");
    }

    boolean isIndexManifest() {
      return name.startsWith("index-manifest-");
    }

    boolean writtenByPaimonJava() {
      return warehouse.startsWith("paimon-java") || warehouse.equals("index");
    }

    @Override
    public String toString() {
      return warehouse + "/" + table + "/" + name;
    }
  }

  private GoldenManifests() {}

  static Path root() {
    try {
      return Path.of(GoldenManifests.class.getResource("/paimon-manifests").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Every golden manifest, manifest list and index manifest, sorted by path. */
  static List<Golden> avroFiles() {
    List<Golden> out = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root())) {
      files
          .filter(Files::isRegularFile)
          .filter(p -> p.getFileName().toString().matches("(index-)?manifest-.*-\\d+"))
          .sorted()
          .forEach(
              p -> {
                Path rel = root().relativize(p);
                String warehouse = rel.getName(0).toString();
                String table = rel.getNameCount() > 2 ? rel.getName(1).toString() : "";
                out.add(new Golden(warehouse, table, p.getFileName().toString(), p));
              });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** The dump that covers {@code g}: file name to its section, {@code === ...} line included. */
  static Map<String, String> dump(Golden g) throws IOException {
    Path dump =
        g.warehouse().equals("index")
            ? g.path().resolveSibling(g.name() + ".avro.txt")
            : root().resolve(g.warehouse()).resolve(g.table() + ".avro.txt");
    Map<String, String> sections = new LinkedHashMap<>();
    String name = null;
    StringBuilder section = new StringBuilder();
    for (String line : Files.readAllLines(dump, StandardCharsets.UTF_8)) {
      if (line.startsWith("=== ")) {
        if (name != null) {
          sections.put(name, section.toString());
        }
        name = line.substring(4, line.indexOf(' ', 4));
        section.setLength(0);
      }
      section.append(line).append('\n');
    }
    if (name != null) {
      sections.put(name, section.toString());
    }
    return sections;
  }
}
