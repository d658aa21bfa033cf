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
package io.paimon.multimodal.s3;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.s3.testing.S3TestStorage;
import io.paimon.multimodal.search.IndexType;
import io.paimon.multimodal.search.Route;
import io.paimon.multimodal.search.Search;
import io.paimon.multimodal.search.SearchIndexes;
import io.paimon.multimodal.search.SearchSession;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Search indexes on S3 (s3proxy): built, committed and searched through the S3 storage, every query
 * form returning what the same table on the local file system returns; a session copies each index
 * file in with a few large reads and then serves queries without touching the index files.
 */
class S3SearchTest {

  private static final int DIM = 16;
  private static final Map<String, String> SHARDS =
      Map.of("global-index.row-count-per-shard", "500");

  @TempDir Path dir;

  @Test
  void searchOnS3ReturnsWhatTheLocalTableReturns() throws Exception {
    S3TestStorage storage = new S3TestStorage();
    CountingFileIO counting = new CountingFileIO(storage.fileIO(), p -> p.contains("/index/"));
    try (Connection s3 =
            Multimodal.builder().warehouse(storage.newWarehouse(dir)).fileIO(counting).connect();
        Connection local =
            Multimodal.builder().warehouse(dir.resolve("local").toString()).connect()) {
      Table remote = create(s3);
      Table mirror = create(local);
      SplittableRandom random = new SplittableRandom(81);
      for (int commit = 0; commit < 2; commit++) {
        List<Map<String, Object>> rows = rows(random, commit * 700L, 700);
        remote.add(rows);
        mirror.add(rows);
      }
      for (Table t : List.of(remote, mirror)) {
        assertThat(SearchIndexes.of(t).create("embedding", IndexType.VECTOR, SHARDS)).isEqualTo(3);
        assertThat(SearchIndexes.of(t).create("content", IndexType.FULL_TEXT, SHARDS)).isEqualTo(3);
      }
      // Rows no index covers yet are searched too.
      List<Map<String, Object>> unindexed = rows(random, 1400, 100);
      remote.add(unindexed);
      mirror.add(unindexed);

      float[] q = vector(new SplittableRandom(82));
      List<Function<Table, Search>> queries =
          List.of(
              t -> Search.of(t).vector(q).limit(25),
              t -> Search.of(t).vector(q).preFilter("category = 'arm'").limit(25),
              t -> Search.of(t).text("robot grasp").limit(25),
              t -> Search.of(t).text("lake").where("id >= 700").limit(40),
              t ->
                  Search.of(t)
                      .hybrid(Route.vector("embedding", q), Route.text("content", "camera"))
                      .limit(25));
      for (Function<Table, Search> query : queries) {
        List<Map<String, Object>> expected =
            query.apply(mirror).select("id", "category").withRowId().withScore().toList();
        assertThat(expected).isNotEmpty();
        counting.reset();
        List<Map<String, Object>> actual =
            query.apply(remote).select("id", "category").withRowId().withScore().toList();
        assertThat(actual).isEqualTo(expected);
        assertThat(counting.reads()).as("reads of index files by a one-shot query").isPositive();
      }

      try (SearchSession session = SearchSession.open(remote)) {
        counting.reset();
        List<Map<String, Object>> first =
            session.search().vector(q).limit(25).select("id").withScore().toList();
        // Three index files of a few hundred KiB each, copied in with reads of up to 1 MiB.
        long loaded = counting.bytes();
        assertThat(counting.reads())
            .as("reads to load the vector files")
            .isLessThanOrEqualTo(3 * (1 + loaded / (1 << 20) + 1));
        counting.reset();
        for (int i = 0; i < 5; i++) {
          assertThat(session.search().vector(q).limit(25).select("id").withScore().toList())
              .isEqualTo(first);
        }
        assertThat(counting.reads()).as("reads of index files by warm queries").isZero();
        assertThat(first)
            .isEqualTo(Search.of(mirror).vector(q).limit(25).select("id").withScore().toList());
      }

      // Incremental builds, drops and orphan cleanup work on S3 alike.
      assertThat(SearchIndexes.of(remote).create("embedding", IndexType.VECTOR, SHARDS))
          .isEqualTo(1);
      assertThat(SearchIndexes.of(remote).drop("content")).isEqualTo(3);
      assertThat(remote.removeOrphanFiles(Duration.ZERO)).isEmpty();
      assertThat(SearchIndexes.of(remote).list()).hasSize(1);
      assertThat(Search.of(remote).vector(q).limit(25).select("id").withScore().toList())
          .isEqualTo(Search.of(mirror).vector(q).limit(25).select("id").withScore().toList());
    }
  }

  private static Table create(Connection conn) {
    return conn.createTable(
        "docs",
        Schema.builder()
            .column("id", DataTypes.BIGINT().notNull())
            .column("category", DataTypes.STRING())
            .column("embedding", DataTypes.VECTOR(DataTypes.FLOAT(), DIM))
            .column("content", DataTypes.STRING())
            .build(),
        false);
  }

  private static final String[] WORDS = {
    "robot", "arm", "lake", "data", "vision", "grasp", "camera", "wheel", "sensor", "joint"
  };

  private static List<Map<String, Object>> rows(SplittableRandom random, long firstId, int n) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (long id = firstId; id < firstId + n; id++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("id", id);
      row.put("category", random.nextBoolean() ? "lake" : "arm");
      row.put("embedding", vector(random));
      StringBuilder text = new StringBuilder();
      for (int w = 1 + random.nextInt(8); w > 0; w--) {
        text.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
      }
      row.put("content", text.toString().trim());
      out.add(row);
    }
    return out;
  }

  private static float[] vector(SplittableRandom random) {
    float[] v = new float[DIM];
    for (int i = 0; i < DIM; i++) {
      v[i] = (float) random.nextGaussian();
    }
    return v;
  }
}
