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
package io.paimon.multimodal.window.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Scan;
import io.paimon.multimodal.Schema;
import io.paimon.multimodal.Table;
import io.paimon.multimodal.testing.TestStorage;
import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The payload fetcher against a real table with tiny chunks and retention, so that forward
 * (cursor), backward (row-ID) and mixed fetches cross every chunk boundary, eviction and the end of
 * the table; every fetched row must carry its own values, followed by the null row, and no Arrow
 * memory may leak.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("io.paimon.multimodal.testing.TestStorages#all")
class PayloadFetcherTest {

  @Parameter TestStorage storage;

  @TempDir Path dir;

  @Test
  void fetchesEveryRowItIsAskedForWhateverTheAccessOrder() {
    long seed = 42;
    Random rnd = new Random(seed);
    try (Connection conn = storage.connect(dir);
        BufferAllocator allocator = new RootAllocator()) {
      Table t =
          conn.createTable(
              "r",
              Schema.builder()
                  .column("k", DataTypes.BIGINT())
                  .column("s", DataTypes.STRING())
                  .build(),
              false);
      int total = 0;
      for (int commit = 0; commit < 5; commit++) {
        List<Map<String, Object>> rows = new ArrayList<>();
        int n = 100 + rnd.nextInt(300);
        for (int i = 0; i < n; i++) {
          long id = total + i;
          rows.add(
              new java.util.HashMap<>(
                  Map.of("k", id * 3, "s", "row" + id + (id % 7 == 0 ? "-long-string" : ""))));
        }
        t.add(rows);
        total += n;
      }
      for (String where : new String[] {null, "k < 1500 OR k >= 3000"}) {
        Scan scan = where == null ? t.scan().pinned() : t.scan().where(where).pinned();
        List<Long> present = new ArrayList<>();
        for (long id = 0; id < total; id++) {
          if (where == null || id * 3 < 1500 || id * 3 >= 3000) {
            present.add(id);
          }
        }
        try (PayloadFetcher f =
            new PayloadFetcher(
                scan,
                scan.table(),
                scan.resolvedSnapshotId(),
                List.of("s", "k", Schema.ROW_ID),
                allocator,
                16 + rnd.nextInt(48),
                64 + rnd.nextInt(128))) {
          int position = 0;
          for (int call = 0; call < 300; call++) {
            TreeSet<Long> wanted = new TreeSet<>();
            int mode = rnd.nextInt(4);
            if (mode < 2) {
              // forward: a window that mostly advances
              position = Math.max(0, Math.min(present.size() - 1, position + rnd.nextInt(80) - 10));
              for (int i = 0; i < 1 + rnd.nextInt(40); i++) {
                int p = Math.min(present.size() - 1, position + rnd.nextInt(60));
                wanted.add(present.get(p));
              }
            } else if (mode == 2) {
              // anywhere
              for (int i = 0; i < rnd.nextInt(30); i++) {
                wanted.add(present.get(rnd.nextInt(present.size())));
              }
            } else {
              position = rnd.nextInt(present.size());
            }
            long[] ids = wanted.stream().mapToLong(Long::longValue).toArray();
            VectorSchemaRoot staging = f.fetch(ids, ids.length);
            assertThat(staging.getRowCount()).isEqualTo(ids.length + 1);
            VarCharVector s = (VarCharVector) staging.getVector(0);
            BigIntVector k = (BigIntVector) staging.getVector(1);
            BigIntVector rowIds = (BigIntVector) staging.getVector(2);
            for (int i = 0; i < ids.length; i++) {
              long id = ids[i];
              assertThat(rowIds.get(i)).as("seed %d call %d", seed, call).isEqualTo(id);
              assertThat(k.get(i)).isEqualTo(id * 3);
              assertThat(s.getObject(i).toString())
                  .isEqualTo("row" + id + (id % 7 == 0 ? "-long-string" : ""));
            }
            assertThat(s.isNull(ids.length)).isTrue();
            assertThat(k.isNull(ids.length)).isTrue();
          }
        }
      }
      assertThat(allocator.getAllocatedMemory()).isZero();
    }
  }
}
