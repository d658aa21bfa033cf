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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paimon.types.DataTypes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damages one metadata file of a table at a time (schema, snapshot, hints, manifest list, manifest,
 * tag, row-group statistics) and reads the table through the public API. Every read must either
 * succeed or fail with a documented exception ({@link MultimodalException} or {@link
 * UncheckedIOException}): never another runtime exception, an error, or a hang. Mutations are
 * structure-aware (a JSON value replaced by a huge, negative or ill-typed one, a field removed) as
 * well as raw (truncation, bit flips). A failure prints the seed, the file and the mutation.
 */
class MetadataFuzzTest {

  private static final int CASES = Integer.getInteger("fuzz.cases", 600);
  private static final Duration CASE_TIMEOUT = Duration.ofSeconds(20);
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir static Path dir;

  private static Path tableDir;
  private static ExecutorService runner;

  @BeforeAll
  static void writeTable() {
    runner = Executors.newSingleThreadExecutor(r -> new Thread(r, "metadata-fuzz"));
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t =
          conn.createTable(
              "t",
              Schema.builder()
                  .column("id", DataTypes.BIGINT().notNull())
                  .column("name", DataTypes.STRING())
                  .column("image", DataTypes.BLOB())
                  .option("stats.row-group-size", "16")
                  .build(),
              false);
      for (int c = 0; c < 3; c++) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
          Map<String, Object> row = new HashMap<>();
          row.put("id", (long) (c * 50 + i));
          row.put("name", i % 7 == 0 ? null : "n" + i);
          row.put("image", new byte[] {(byte) i, (byte) c});
          rows.add(row);
        }
        t.add(rows);
      }
      t.createTag("v1", 2);
      tableDir = TestTables.localRoot(t);
    }
  }

  @AfterAll
  static void stop() {
    runner.shutdownNow();
  }

  private static List<Path> metadataFiles() throws IOException {
    List<Path> out = new ArrayList<>();
    for (String sub : List.of("schema", "snapshot", "manifest", "tag", "index")) {
      Path d = tableDir.resolve(sub);
      if (Files.isDirectory(d)) {
        try (Stream<Path> files = Files.list(d)) {
          files.sorted().forEach(out::add);
        }
      }
    }
    return out;
  }

  @Test
  void damagedMetadataFailsOnlyWithDocumentedExceptions() throws Exception {
    List<Path> files = metadataFiles();
    assertThat(files).hasSizeGreaterThan(10);
    long seed = Long.getLong("fuzz.seed", 20261130L);
    SplittableRandom random = new SplittableRandom(seed);
    int failedReads = 0;
    for (int c = 0; c < CASES; c++) {
      Path file = files.get(random.nextInt(files.size()));
      byte[] original = Files.readAllBytes(file);
      StringBuilder what = new StringBuilder();
      byte[] damaged = mutate(original, random, what);
      Files.write(file, damaged);
      try {
        Future<?> read = runner.submit(MetadataFuzzTest::readEverything);
        try {
          read.get(CASE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
          read.cancel(true);
          throw new AssertionError(describe(seed, c, file, what) + ": the read hangs", e);
        } catch (java.util.concurrent.ExecutionException e) {
          Throwable cause = e.getCause();
          if (!(cause instanceof MultimodalException || cause instanceof UncheckedIOException)) {
            throw new AssertionError(
                describe(seed, c, file, what) + ": undocumented exception " + cause, cause);
          }
          assertThat(cause.getMessage()).as(describe(seed, c, file, what)).isNotBlank();
          failedReads++;
        }
      } finally {
        Files.write(file, original);
      }
    }
    // The mutations must reach the checks, not just be harmless.
    assertThat(failedReads).isGreaterThan(CASES / 4);
  }

  private static String describe(long seed, int c, Path file, StringBuilder what) {
    return "seed " + seed + " case " + c + " " + tableDir.relativize(file) + " (" + what + ")";
  }

  /** What a user of the table would do: list, scan, filter, take, read through the tag. */
  private static void readEverything() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t = conn.getTable("t");
      t.snapshots();
      t.tags();
      t.latestSnapshot();
      t.scan().withRowId().toList();
      t.scan().where("id BETWEEN 20 AND 30 AND name IS NOT NULL").select("id", "name").toList();
      t.scan().where("name = 'n3'").count();
      t.takeRowIds(0, 77, 149).select("id", "image").toList();
      t.scan().tag("v1").limit(10).toList();
      t.scan().snapshot(1).plan();
    }
  }

  private static byte[] mutate(byte[] original, SplittableRandom random, StringBuilder what) {
    int kind = random.nextInt(10);
    if (kind < 6) {
      try {
        JsonNode root = MAPPER.readTree(original);
        if (root != null && root.isContainerNode()) {
          List<JsonNode> containers = new ArrayList<>();
          collect(root, containers);
          JsonNode target = containers.get(random.nextInt(containers.size()));
          mutateNode(target, random, what);
          return MAPPER.writeValueAsBytes(root);
        }
      } catch (IOException e) {
        // not JSON (a LATEST hint): fall through to raw damage
      }
    }
    if (original.length == 0 || kind == 6) {
      int cut = original.length == 0 ? 0 : random.nextInt(original.length);
      what.append("truncated to ").append(cut).append(" bytes");
      return java.util.Arrays.copyOf(original, cut);
    }
    byte[] out = original.clone();
    int flips = 1 + random.nextInt(4);
    what.append("flipped");
    for (int i = 0; i < flips; i++) {
      int at = random.nextInt(out.length);
      int bit = random.nextInt(8);
      out[at] ^= (byte) (1 << bit);
      what.append(" byte ").append(at).append(" bit ").append(bit);
    }
    return out;
  }

  private static void collect(JsonNode node, List<JsonNode> out) {
    if (node.isContainerNode() && node.size() > 0) {
      out.add(node);
      for (JsonNode child : node) {
        collect(child, out);
      }
    }
  }

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private static JsonNode replacement(SplittableRandom random) {
    switch (random.nextInt(12)) {
      case 0:
        return NODES.numberNode(Long.MAX_VALUE);
      case 1:
        return NODES.numberNode(Long.MIN_VALUE);
      case 2:
        return NODES.numberNode(-1);
      case 3:
        return NODES.numberNode(0);
      case 4:
        return NODES.numberNode(Integer.MAX_VALUE + 1L);
      case 5:
        return NODES.textNode("x");
      case 6:
        return NODES.nullNode();
      case 7:
        return NODES.arrayNode();
      case 8:
        return NODES.objectNode();
      case 9:
        return NODES.numberNode(1e308);
      case 10:
        return NODES.textNode("../../../etc/passwd");
      default:
        return NODES.booleanNode(true);
    }
  }

  private static void mutateNode(JsonNode target, SplittableRandom random, StringBuilder what) {
    if (target instanceof ObjectNode) {
      ObjectNode obj = (ObjectNode) target;
      List<String> names = new ArrayList<>();
      Iterator<String> it = obj.fieldNames();
      it.forEachRemaining(names::add);
      String name = names.get(random.nextInt(names.size()));
      if (random.nextInt(5) == 0) {
        obj.remove(name);
        what.append("removed field '").append(name).append("'");
      } else {
        JsonNode value = replacement(random);
        obj.set(name, value);
        what.append("field '").append(name).append("' = ").append(value);
      }
    } else {
      ArrayNode arr = (ArrayNode) target;
      int i = random.nextInt(arr.size());
      switch (random.nextInt(3)) {
        case 0:
          arr.remove(i);
          what.append("removed element ").append(i);
          break;
        case 1:
          arr.add(arr.get(i).deepCopy());
          what.append("duplicated element ").append(i);
          break;
        default:
          JsonNode value = replacement(random);
          arr.set(i, value);
          what.append("element ").append(i).append(" = ").append(value);
      }
    }
  }
}
