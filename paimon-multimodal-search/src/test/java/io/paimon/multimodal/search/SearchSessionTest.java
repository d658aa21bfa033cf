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
package io.paimon.multimodal.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.SchemaChange;
import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TempWarehouse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

/**
 * A session (index files in memory, snapshot plans and row readers kept) gives exactly what a
 * one-shot search gives, for every projection, post-filter and terminal, as the table changes under
 * it, from several threads, and with a memory budget smaller than one index file.
 */
class SearchSessionTest {

  @TempWarehouse Connection conn;

  private static final List<UnaryOperator<Search>> FORMS =
      List.of(
          s -> s,
          s -> s.withRowId().withScore(),
          s -> s.select("id", "embedding").withScore(),
          s -> s.select("content", "_ROW_ID").withRowId(),
          s -> s.where("category = 'lake'").select("id", "category").withRowId(),
          s -> s.preFilter("category <> ?", "misc").withScore());

  @Test
  void sessionResultsEqualOneShotResultsAsTheTableChanges() {
    Random random = new Random(21);
    Table table = SearchTables.create(conn, "docs", Map.of("deletion-vectors.enabled", "true"));
    SearchTables.append(table, random, 0, 300);
    Map<String, String> shards = Map.of("global-index.row-count-per-shard", "100");
    SearchIndexes.of(table).create("embedding", IndexType.VECTOR, shards);
    SearchIndexes.of(table).create("content", IndexType.FULL_TEXT, shards);
    try (SearchSession session = SearchSession.open(table)) {
      for (int round = 0; round < 3; round++) {
        for (int t = 0; t < 6; t++) {
          float[] v = SearchTables.vector(random);
          String text = SearchTables.WORDS[random.nextInt(SearchTables.WORDS.length)] + " arm";
          assertThat(session.search().vector(v).limit(12).toList()).hasSize(12);
          assertThat(session.search().text(text).limit(12).toList()).hasSize(12);
          // row IDs alone are not read from the table; a where that keeps every row reads them
          assertSame(
              session.search().vector(v).limit(12).select("_ROW_ID").withRowId().withScore(),
              session
                  .search()
                  .vector(v)
                  .limit(12)
                  .select("_ROW_ID")
                  .withRowId()
                  .withScore()
                  .where("id >= 0"));
          for (UnaryOperator<Search> form : FORMS) {
            assertSame(
                form.apply(session.search().vector(v).limit(12).efSearch(500)),
                form.apply(Search.of(table).vector(v).limit(12).efSearch(500)));
            assertSame(
                form.apply(session.search().text(text).limit(12)),
                form.apply(Search.of(table).text(text).limit(12)));
          }
        }
        // a new snapshot: rows added, some deleted, one index rebuilt incrementally
        SearchTables.append(table, random, 1000L * (round + 1), 80);
        table.delete("id IN (" + (3 * round) + ", " + (50 + round) + ", " + (200 + round) + ")");
        if (round == 1) {
          SearchIndexes.of(table).create("embedding", IndexType.VECTOR, shards);
        }
      }
    }
  }

  @Test
  void residentColumnsGiveWhatATakeGivesAsTheTableChanges() {
    Random random = new Random(34);
    Table table = SearchTables.create(conn, "docs", Map.of("deletion-vectors.enabled", "true"));
    SearchTables.append(table, random, 0, 250);
    SearchIndexes.of(table).create("embedding", IndexType.VECTOR);
    SearchIndexes.of(table).create("content", IndexType.FULL_TEXT);
    long indexed = table.latestSnapshot().orElseThrow().id();
    try (SearchSession session =
        SearchSession.builder(table).residentColumns("id", "category").open()) {
      for (int round = 0; round < 4; round++) {
        float[] v = SearchTables.vector(random);
        String text = SearchTables.WORDS[random.nextInt(SearchTables.WORDS.length)] + " lake";
        for (UnaryOperator<Search> form :
            List.<UnaryOperator<Search>>of(
                s -> s.select("id"),
                s -> s.select("category", "id").withRowId().withScore(),
                s -> s.select("id", "content"),
                s -> s.where("category = 'lake'").select("id").withRowId(),
                s -> s.preFilter("id > 20").select("id"))) {
          assertSame(
              form.apply(session.search().vector(v).limit(15).efSearch(400)),
              form.apply(Search.of(table).vector(v).limit(15).efSearch(400)));
          assertSame(
              form.apply(session.search().text(text).limit(15)),
              form.apply(Search.of(table).text(text).limit(15)));
        }
        // new rows (unindexed, found by brute force), deleted rows, and a rollback that reuses ids
        SearchTables.append(table, random, 1000L * (round + 1), 30);
        table.delete("id IN (" + (7 * round) + ", " + (100 + round) + ")");
        if (round == 2) {
          table.rollbackTo(indexed);
        }
      }
    }
  }

  @Test
  void aResidentColumnRenamedAwayIsTakenFromTheTableInstead() {
    Random random = new Random(12);
    Table table = SearchTables.create(conn, "docs");
    SearchTables.append(table, random, 0, 120);
    SearchIndexes.of(table).create("content", IndexType.FULL_TEXT);
    try (SearchSession session =
        SearchSession.builder(table).residentColumns("id", "category").open()) {
      assertSame(
          session.search().text("robot").limit(30).select("id", "category"),
          Search.of(table).text("robot").limit(30).select("id", "category"));
      table.alter(SchemaChange.renameColumn("category", "kind"));
      SearchTables.append(table, random, 500, 20, "kind");
      for (UnaryOperator<Search> form :
          List.<UnaryOperator<Search>>of(
              s -> s.select("id"), s -> s.select("id", "kind").withRowId())) {
        assertSame(
            form.apply(session.search().text("robot lake").limit(30)),
            form.apply(Search.of(table).text("robot lake").limit(30)));
      }
    }
  }

  @Test
  void aSearchOfResidentColumnsReadsNoDataFile() throws Exception {
    Table table = SearchTables.create(conn, "docs");
    SearchTables.append(table, new Random(3), 0, 200);
    SearchIndexes.of(table).create("content", IndexType.FULL_TEXT);
    try (SearchSession session = SearchSession.builder(table).residentColumns("id").open()) {
      List<Map<String, Object>> before =
          session.search().text("robot arm").limit(20).select("id").withScore().toList();
      assertThat(before).hasSize(20);
      // without its data files the table can still answer from the session's memory
      try (var files = Files.walk(SearchTables.directory(table))) {
        for (Path p : files.filter(f -> f.toString().endsWith(".row")).toList()) {
          Files.delete(p);
        }
      }
      assertThat(session.search().text("robot arm").limit(20).select("id").withScore().toList())
          .isEqualTo(before);
      assertThatThrownBy(
              () -> session.search().text("robot arm").limit(20).select("content").toList())
          .isInstanceOf(RuntimeException.class);
    }
  }

  @Test
  void residentColumnsMustBeColumnsOfTheTable() {
    Table table = SearchTables.create(conn, "docs");
    assertThatThrownBy(() -> SearchSession.builder(table).residentColumns("id", "idd").open())
        .isInstanceOf(SchemaException.class)
        .hasMessageContaining("'idd'");
    assertThatThrownBy(() -> SearchSession.builder(table).maxOpenFiles(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxOpenFiles");
  }

  @Test
  void aSnapshotIdCommittedAgainAfterARollbackIsNotServedFromTheSessionsCaches() {
    Random random = new Random(8);
    Table table = SearchTables.create(conn, "docs");
    SearchTables.append(table, random, 0, 120);
    SearchIndexes.of(table).create("content", IndexType.FULL_TEXT);
    long indexed = table.latestSnapshot().orElseThrow().id();
    SearchTables.append(table, random, 1000, 40);
    try (SearchSession session = SearchSession.open(table)) {
      for (int round = 0; round < 3; round++) {
        // the same snapshot id each round, with other rows every time
        for (String text : List.of("robot", "lake arm")) {
          assertSame(
              session.search().text(text).limit(200).select("id", "content").withRowId(),
              Search.of(table).text(text).limit(200).select("id", "content").withRowId());
        }
        table.rollbackTo(indexed);
        SearchTables.append(table, random, 2000L * (round + 1), 40 + round);
      }
    }
  }

  @Test
  void aBudgetSmallerThanOneFileStillSearchesExactly() throws Exception {
    Random random = new Random(5);
    Table table = SearchTables.create(conn, "docs");
    SearchTables.append(table, random, 0, 400);
    SearchIndexes.of(table)
        .create("embedding", IndexType.VECTOR, Map.of("global-index.row-count-per-shard", "64"));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try (SearchSession tiny = SearchSession.open(table, 2, 1)) {
      List<Future<?>> runs = new ArrayList<>();
      for (int t = 0; t < 16; t++) {
        float[] v = SearchTables.vector(new Random(t));
        runs.add(
            pool.submit(
                () ->
                    assertSame(
                        tiny.search().vector(v).limit(9).efSearch(400).withRowId().withScore(),
                        Search.of(table)
                            .vector(v)
                            .limit(9)
                            .efSearch(400)
                            .withRowId()
                            .withScore())));
      }
      for (Future<?> f : runs) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
  }

  @Test
  void aClosedSessionRefusesToSearch() {
    Table table = SearchTables.create(conn, "docs");
    SearchTables.append(table, new Random(1), 0, 50);
    SearchIndexes.of(table).create("embedding", IndexType.VECTOR);
    SearchSession session = SearchSession.open(table);
    float[] v = SearchTables.vector(new Random(2));
    assertThat(session.search().vector(v).toList()).hasSize(10);
    session.close();
    assertThatThrownBy(() -> session.search().vector(v).toList())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
    assertThatThrownBy(() -> SearchSession.open(table, 4, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxResidentBytes");
  }

  /** The same rows, in the same order, through toList and through toArrow. */
  private static void assertSame(Search session, Search oneShot) {
    List<Map<String, Object>> expected = comparable(oneShot.toList());
    assertThat(comparable(session.toList())).as("%s", session).isEqualTo(expected);
    try (VectorSchemaRoot a = session.toArrow();
        VectorSchemaRoot b = oneShot.toArrow()) {
      assertThat(a.getSchema()).isEqualTo(b.getSchema());
      assertThat(a.contentToTSVString()).isEqualTo(b.contentToTSVString());
    }
  }

  private static List<Map<String, Object>> comparable(List<Map<String, Object>> rows) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map<String, Object> row : rows) {
      Map<String, Object> copy = new LinkedHashMap<>();
      row.forEach((k, v) -> copy.put(k, v instanceof float[] f ? Arrays.toString(f) : v));
      out.add(copy);
    }
    return out;
  }
}
