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
package io.paimon.multimodal.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.types.DataTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.Events;

/**
 * {@link TempWarehouse} and {@link MultimodalExtension}, run on sample test classes through the
 * JUnit Platform's test kit ({@link Samples#run}): where connections are injected, how long
 * warehouses live, that they are deleted, and that leaked Arrow memory fails the test naming the
 * bytes.
 */
class TempWarehouseTest {

  /** The warehouses the samples saw, in the order they saw them. */
  static final List<String> SEEN = new CopyOnWriteArrayList<>();

  @BeforeEach
  void clear() {
    SEEN.clear();
  }

  private static Events run(Class<?> sample) {
    return Samples.run(sample).testEvents();
  }

  @Test
  void injectsAFreshWarehouseIntoEachTestAndDeletesIt() {
    run(FieldsSample.class).assertStatistics(s -> s.started(2).succeeded(2));
    // Per test: the instance field and the parameter; per class: the static field (seen twice).
    assertThat(SEEN).hasSize(6);
    List<String> instance = List.of(SEEN.get(0), SEEN.get(3));
    List<String> statics = List.of(SEEN.get(1), SEEN.get(4));
    List<String> parameters = List.of(SEEN.get(2), SEEN.get(5));
    assertThat(instance.get(0)).isNotEqualTo(instance.get(1));
    assertThat(parameters.get(0)).isNotEqualTo(parameters.get(1)).isNotEqualTo(instance.get(0));
    assertThat(statics.get(0)).isEqualTo(statics.get(1));
    for (String dir : SEEN) {
      assertThat(Path.of(dir)).as("temporary warehouse deleted").doesNotExist();
    }
  }

  @Test
  void leakedArrowMemoryFailsTheTestNamingTheBytes() {
    Events events = run(LeakingSample.class);
    events.assertStatistics(s -> s.started(2).failed(1).succeeded(1));
    events
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                test("leaksABuffer"),
                finishedWithFailure(
                    instanceOf(AssertionError.class),
                    message(m -> m.contains("1024 bytes of Arrow memory still allocated")),
                    message(m -> m.contains("@TempWarehouse field LeakingSample.conn")),
                    message(m -> m.contains("conn.allocator()")))))
        .haveExactly(1, event(test("closesWhatItOpens"), finishedSuccessfully()));
    assertThat(SEEN).hasSize(2);
    for (String dir : SEEN) {
      assertThat(Path.of(dir)).as("deleted even after a leak").doesNotExist();
    }
  }

  @Test
  void leaksInAStaticWarehouseFailTheClass() {
    Events all = Samples.run(StaticLeakSample.class).containerEvents();
    all.assertThatEvents()
        .haveExactly(
            1,
            event(
                finishedWithFailure(
                    message(m -> m.contains("@TempWarehouse field StaticLeakSample.shared")),
                    message(m -> m.contains("64 bytes of Arrow memory")),
                    message(m -> m.contains("after the test class")))));
    assertThat(Path.of(SEEN.get(0))).doesNotExist();
  }

  @Test
  void takesTheDatabaseAndOptionsOfTheAnnotation() {
    run(OptionsSample.class).assertStatistics(s -> s.started(1).succeeded(1));
  }

  @Test
  void takesOptionsOfTheSystemPropertyBelowThoseOfTheAnnotation() {
    String before = System.getProperty(TempWarehouse.OPTIONS_PROPERTY);
    System.setProperty(
        TempWarehouse.OPTIONS_PROPERTY,
        "table-default.stats.row-group-size=7, table-default.target-file-size=1 mb");
    try {
      run(PropertySample.class).assertStatistics(s -> s.started(1).succeeded(1));
      System.setProperty(TempWarehouse.OPTIONS_PROPERTY, "nonsense");
      run(OptionsSample.class)
          .assertStatistics(s -> s.failed(1))
          .assertThatEvents()
          .haveExactly(
              1,
              event(
                  test(),
                  finishedWithFailure(message(m -> m.contains(TempWarehouse.OPTIONS_PROPERTY)))));
    } finally {
      if (before == null) {
        System.clearProperty(TempWarehouse.OPTIONS_PROPERTY);
      } else {
        System.setProperty(TempWarehouse.OPTIONS_PROPERTY, before);
      }
    }
  }

  @Test
  void refusesFieldsOfOtherTypesAndMalformedOptions() {
    run(WrongTypeSample.class)
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                finishedWithFailure(
                    message(
                        m ->
                            m.contains("@TempWarehouse field WrongTypeSample.dir is of type")
                                && m.contains("injects only io.paimon.multimodal.Connection")))));
    run(BadOptionSample.class)
        .assertThatEvents()
        .haveExactly(
            1,
            event(finishedWithFailure(message(m -> m.contains("'threads' is not of the form")))));
  }

  // ---- samples, run only through the test kit ----

  @Samples.Sample
  static class FieldsSample {
    @TempWarehouse Connection conn;
    @TempWarehouse static Connection shared;

    @BeforeAll
    static void tableForTheClass() {
      shared.createTable("t", schema(), true);
    }

    @Test
    void first(@TempWarehouse Connection param) {
      writeAndScan(conn);
      record(param);
    }

    @Test
    void second(@TempWarehouse Connection param) {
      writeAndScan(conn);
      record(param);
    }

    private void record(Connection param) {
      SEEN.add(conn.warehouse());
      SEEN.add(shared.warehouse());
      SEEN.add(param.warehouse());
      assertThat(shared.listTables()).containsExactly("t");
      assertThat(param.listTables()).isEmpty();
    }
  }

  @Samples.Sample
  static class LeakingSample {
    @TempWarehouse Connection conn;

    @Test
    void leaksABuffer() {
      SEEN.add(conn.warehouse());
      ArrowBuf leaked = conn.allocator().buffer(1024);
      assertThat(leaked.capacity()).isEqualTo(1024);
    }

    @Test
    void closesWhatItOpens() {
      SEEN.add(conn.warehouse());
      Table t = writeAndScan(conn);
      try (VectorSchemaRoot batch = t.scan().toArrow()) {
        assertThat(batch.getRowCount()).isEqualTo(3);
      }
    }
  }

  @Samples.Sample
  static class StaticLeakSample {
    @TempWarehouse static Connection shared;

    @BeforeAll
    static void leak() {
      SEEN.add(shared.warehouse());
      shared.allocator().buffer(64);
    }

    @Test
    void passes() {}

    @AfterAll
    static void stillOpenHere() {
      assertThat(Files.isDirectory(Path.of(shared.warehouse()))).isTrue();
    }
  }

  @Samples.Sample
  static class OptionsSample {
    @Test
    void usesThem(
        @TempWarehouse(
                database = "robots",
                options = {"decode-threads=1", "io-threads = 2"})
            Connection conn) {
      assertThat(conn.database()).isEqualTo("robots");
      assertThat(conn.listDatabases()).contains("robots");
      writeAndScan(conn);
    }
  }

  @Samples.Sample
  static class PropertySample {
    @Test
    void usesThem(@TempWarehouse(options = "table-default.target-file-size=2 mb") Connection conn) {
      Table t =
          conn.createTable("t", Schema.builder().column("id", DataTypes.BIGINT()).build(), false);
      assertThat(t.schema().options())
          .containsEntry("stats.row-group-size", "7")
          .containsEntry("target-file-size", "2 mb");
    }
  }

  @Samples.Sample
  static class WrongTypeSample {
    @TempWarehouse Path dir;

    @Test
    void neverRuns() {}
  }

  @Samples.Sample
  static class BadOptionSample {
    @Test
    void neverRuns(@TempWarehouse(options = "threads") Connection conn) {}
  }

  static Schema schema() {
    return Schema.builder()
        .column("id", DataTypes.BIGINT().notNull())
        .column("name", DataTypes.STRING())
        .build();
  }

  static Table writeAndScan(Connection conn) {
    Table t = conn.createTable("t", schema(), true);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (long i = 0; i < 3; i++) {
      rows.add(Map.of("id", i, "name", "n" + i));
    }
    t.add(rows);
    assertThat(t.scan().count()).isEqualTo(3);
    return t;
  }
}
