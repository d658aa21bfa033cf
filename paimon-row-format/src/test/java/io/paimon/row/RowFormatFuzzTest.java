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
package io.paimon.row;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.row.FuzzHarness.Outcome;
import io.paimon.row.RowFileMutator.Seed;
import io.paimon.types.DataTypes;
import io.paimon.types.RowType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Mutates valid files (our writer's, of varied schemas with nested types and tiny blocks, and the
 * golden files written by Paimon) and reads each mutant through every read path: each must be read
 * fully and consistently or rejected with a {@link RowFormatException} (see {@link FuzzHarness}),
 * within a generous per-case timeout that catches hangs. Failing inputs are saved to {@code
 * target/fuzz-failures/} with a schema sidecar; {@link #replaysCorpus} re-runs the committed ones
 * in {@code src/test/resources/rowformat/fuzz-corpus/}.
 *
 * <p>Run more cases locally with {@code -Dfuzz.cases=100000 -Dfuzz.seed=123}.
 */
class RowFormatFuzzTest {

  private static final long DEFAULT_SEED = 0x5EED_F022L;
  private static final int DEFAULT_CASES = 10_000;
  private static final long CASE_TIMEOUT_SECONDS = 10;
  private static final int MAX_REPORTED_FAILURES = 20;
  private static final Path FAILURES = Paths.get("target", "fuzz-failures");
  private static final Pattern SCHEMA = Pattern.compile("\"schema\": \"([^\"]*)\"");

  private static List<Seed> seeds;
  private BufferAllocator allocator;

  @BeforeAll
  static void createSeeds() throws IOException {
    List<Seed> list = new ArrayList<>();
    String wide =
        "ROW<id BIGINT NOT NULL, name STRING, score DOUBLE, flag BOOLEAN, tags ARRAY<STRING>,"
            + " payload BYTES>";
    String nested =
        "ROW<a INT, m MAP<STRING, ARRAY<INT>>, r ROW<x BIGINT, y ROW<z STRING, w DECIMAL(38, 10)>>,"
            + " l ARRAY<ROW<p SMALLINT, q TIMESTAMP(9)>>, ms MULTISET<INT>>";
    list.add(written("wide", wide, 120, 1024, 40));
    list.add(written("nested", nested, 80, 1024, 40));
    list.add(
        written(
            "scalars",
            "ROW<b BOOLEAN, t TINYINT, s SMALLINT, i INT NOT NULL, f FLOAT, d DECIMAL(10, 2),"
                + " w DECIMAL(20, 3), c CHAR(3), v VARCHAR(10), bin BINARY(4), dt DATE,"
                + " tm TIME(3), ts3 TIMESTAMP(3), ts6 TIMESTAMP(6), ltz TIMESTAMP_LTZ(9)>",
            40,
            128,
            40));
    list.add(
        written(
            "exotic",
            "ROW<var VARIANT, vf VECTOR<FLOAT, 4>, vb VECTOR<BOOLEAN, 3>, vs VECTOR<SMALLINT, 2>,"
                + " blob BLOB, aa ARRAY<ARRAY<TINYINT>>, vd VECTOR<DOUBLE, 2> NOT NULL>",
            60,
            400,
            40));
    list.add(written("one-block", wide, 50, RowFileOptions.DEFAULT_BLOCK_SIZE, 20));
    list.add(written("empty", nested, 0, 256, 5));
    for (String golden :
        List.of(
            "primitives",
            "decimals",
            "timestamps",
            "nested",
            "exotic",
            "empty",
            "block_boundary_exact")) {
      list.add(golden(golden, 20));
    }
    list.add(golden("many_blocks_4k", 1));
    seeds = List.copyOf(list);
  }

  private static Seed written(String name, String schema, int rows, int blockSize, int weight)
      throws IOException {
    RowType type = (RowType) DataTypes.parse(schema);
    RandomRows random = new RandomRows(name.hashCode());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (RowFileWriter w =
        RowFile.newWriter(out, name, type, RowFileOptions.defaults().blockSize(blockSize))) {
      for (int i = 0; i < rows; i++) {
        w.write(random.row(type));
      }
    }
    return Seed.of(name, type, out.toByteArray(), weight);
  }

  private static Seed golden(String name, int weight) throws IOException {
    byte[] bytes = resource("/rowformat/" + name + ".row");
    String json = new String(resource("/rowformat/" + name + ".json"), StandardCharsets.UTF_8);
    Matcher m = SCHEMA.matcher(json);
    assertThat(m.find()).as("schema in %s.json", name).isTrue();
    return Seed.of("golden-" + name, (RowType) DataTypes.parse(m.group(1)), bytes, weight);
  }

  private static byte[] resource(String path) throws IOException {
    try (InputStream in = RowFormatFuzzTest.class.getResourceAsStream(path)) {
      assertThat(in).as(path).isNotNull();
      return in.readAllBytes();
    }
  }

  @BeforeEach
  void createAllocator() {
    allocator = new RootAllocator();
  }

  @AfterEach
  void closeAllocator() {
    allocator.close();
  }

  @Test
  void seedsReadFullyThroughEveryPath() {
    for (Seed seed : seeds) {
      for (int readAhead : new int[] {0, 2}) {
        RowFileOptions options =
            RowFileOptions.defaults().executor(TestExecutor.SHARED).readAheadBlocks(readAhead);
        Outcome outcome =
            FuzzHarness.check(seed.name(), seed.bytes(), seed.type(), options, 1, allocator);
        // Paimon's golden files hold null map/multiset keys and nanosecond timestamps beyond
        // Arrow's range, which only the Arrow path rejects.
        boolean arrowLimits =
            List.of("golden-nested", "golden-timestamps", "golden-exotic").contains(seed.name());
        assertThat(outcome)
            .as(seed.name())
            .isEqualTo(arrowLimits ? Outcome.REJECTED_WHILE_READING : Outcome.READ_FULLY);
      }
    }
  }

  @Test
  void mutatedFilesAreReadConsistentlyOrRejectedWithRowFormatException() throws Exception {
    long master = Long.getLong("fuzz.seed", DEFAULT_SEED);
    int cases = Integer.getInteger("fuzz.cases", DEFAULT_CASES);
    SplittableRandom random = new SplittableRandom(master);
    int totalWeight = seeds.stream().mapToInt(Seed::weight).sum();
    Map<Outcome, Integer> outcomes = new EnumMap<>(Outcome.class);
    Map<String, long[]> perSeed = new TreeMap<>();
    List<String> failures = new ArrayList<>();
    long start = System.nanoTime();
    ExecutorService executor = newCaseExecutor();
    try {
      for (int i = 0; i < cases && failures.size() < MAX_REPORTED_FAILURES; i++) {
        long caseSeed = random.nextLong();
        Seed seed = pick(random.nextInt(totalWeight));
        RowFileMutator mutator = new RowFileMutator(caseSeed);
        byte[] data = mutator.mutate(seed, seeds);
        // Now and then read with another seed's schema: a schema that does not fit the data.
        Seed schemaOf = random.nextInt(20) == 0 ? seeds.get(random.nextInt(seeds.size())) : seed;
        RowType type = schemaOf.type();
        RowFileOptions options = options(caseSeed);
        String name = "fuzz-" + i + ".row";
        Future<Outcome> result =
            executor.submit(
                () -> FuzzHarness.check(name, data, type, options, caseSeed, allocator));
        String failure = null;
        long caseStart = System.nanoTime();
        try {
          outcomes.merge(result.get(CASE_TIMEOUT_SECONDS, TimeUnit.SECONDS), 1, Integer::sum);
        } catch (ExecutionException e) {
          failure = stackTrace(e.getCause());
        } catch (TimeoutException e) {
          failure = "no result within " + CASE_TIMEOUT_SECONDS + " s (hang?)";
          result.cancel(true);
          executor.shutdownNow();
          executor = newCaseExecutor();
        }
        long[] stats = perSeed.computeIfAbsent(seed.name(), k -> new long[2]);
        stats[0]++;
        stats[1] += System.nanoTime() - caseStart;
        if (failure != null) {
          String context =
              String.format(
                  "case %d (master seed %d, case seed %d) of %s read as %s, %s, mutations:%s",
                  i, master, caseSeed, seed.name(), schemaOf.name(), options, mutator.log());
          failures.add(save(name, data, type, context, failure));
        }
      }
    } finally {
      executor.shutdownNow();
    }
    System.out.printf(
        "fuzz: master seed %d, %d cases in %d ms: %s, %d failures%n",
        master, cases, (System.nanoTime() - start) / 1_000_000, outcomes, failures.size());
    perSeed.forEach(
        (name, st) ->
            System.out.printf("  %-28s %6d cases %8d ms%n", name, st[0], st[1] / 1_000_000));
    assertThat(failures)
        .as("master seed %d: failing inputs saved in %s", master, FAILURES.toAbsolutePath())
        .isEmpty();
    assertThat(outcomes).as("every outcome occurs").hasSize(Outcome.values().length);
    assertThat(ResourceSafetyTest.readAheadTasks(TestExecutor.SHARED, "fuzz-"))
        .as("read-ahead tasks")
        .isEmpty();
  }

  private static ExecutorService newCaseExecutor() {
    return Executors.newSingleThreadExecutor(
        task -> {
          Thread t = new Thread(task, "fuzz-case");
          t.setDaemon(true);
          return t;
        });
  }

  private static Seed pick(int ticket) {
    for (Seed s : seeds) {
      ticket -= s.weight();
      if (ticket < 0) {
        return s;
      }
    }
    throw new AssertionError("weights do not add up");
  }

  private static RowFileOptions options(long caseSeed) {
    SplittableRandom r = new SplittableRandom(~caseSeed);
    int[] readAhead = {0, 1, 4};
    int[] coalesce = {1, 300, RowFileOptions.DEFAULT_MAX_COALESCED_READ};
    return RowFileOptions.defaults()
        .executor(TestExecutor.SHARED)
        .readAheadBlocks(readAhead[r.nextInt(3)])
        .maxCoalescedRead(coalesce[r.nextInt(3)]);
  }

  private static String stackTrace(Throwable t) {
    StringWriter s = new StringWriter();
    t.printStackTrace(new PrintWriter(s));
    return s.toString();
  }

  /** Saves a failing input and its sidecar; returns a one-line summary. */
  private static String save(String name, byte[] data, RowType type, String context, String failure)
      throws IOException {
    Files.createDirectories(FAILURES);
    Path file = FAILURES.resolve(name);
    Files.write(file, data);
    String sidecar =
        type + "\n# " + context + "\n# " + failure.replace("\n", "\n# ").stripTrailing() + "\n";
    Files.writeString(FAILURES.resolve(name.replace(".row", ".schema")), sidecar);
    return context + ": " + failure.lines().findFirst().orElse("") + " -> " + file;
  }

  // ---- regression corpus ----

  static Stream<Path> corpus() throws IOException, URISyntaxException {
    URL dir = RowFormatFuzzTest.class.getResource("/rowformat/fuzz-corpus");
    assertThat(dir).as("fuzz corpus directory").isNotNull();
    List<Path> files = new ArrayList<>();
    try (Stream<Path> list = Files.list(Paths.get(dir.toURI()))) {
      list.filter(p -> p.toString().endsWith(".row")).sorted().forEach(files::add);
    }
    assertThat(files).as("fuzz corpus").isNotEmpty();
    return files.stream();
  }

  /**
   * Each corpus file {@code X.row} has a sidecar {@code X.schema}: the schema on its first line,
   * then {@code #} comments; a line {@code # expect: OUTCOME} pins the outcome.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void replaysCorpus(Path file) throws IOException {
    Path sidecar = Paths.get(file.toString().replace(".row", ".schema"));
    List<String> lines = Files.readAllLines(sidecar);
    RowType type = (RowType) DataTypes.parse(lines.get(0));
    byte[] data = Files.readAllBytes(file);
    String name = file.getFileName().toString();
    for (int readAhead : new int[] {0, 1, 4}) {
      RowFileOptions options =
          RowFileOptions.defaults().executor(TestExecutor.SHARED).readAheadBlocks(readAhead);
      Outcome outcome = FuzzHarness.check(name, data, type, options, 7, allocator);
      for (String line : lines) {
        if (line.startsWith("# expect: ")) {
          assertThat(outcome).as(name).hasToString(line.substring("# expect: ".length()).trim());
        }
      }
    }
  }
}
