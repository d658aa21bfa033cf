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

import io.paimon.types.DataTypes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ProgressTracker}: counts from many threads add up, reports never overlap and never follow
 * the finished one, a throwing listener changes nothing; and snapshot expiry reports through it.
 */
class ProgressTest {

  @TempDir Path dir;

  @Test
  void countsFromManyThreadsAddUpAndReportsNeverOverlapOrFollowTheLast() throws Exception {
    AtomicInteger inside = new AtomicInteger();
    List<Progress> seen = Collections.synchronizedList(new ArrayList<>());
    ProgressTracker tracker =
        ProgressTracker.start(
            "test",
            "rows",
            8_000,
            p -> {
              assertThat(inside.incrementAndGet()).as("overlapping reports").isEqualTo(1);
              seen.add(p);
              inside.decrementAndGet();
            });
    ExecutorService pool = Executors.newFixedThreadPool(4);
    CountDownLatch go = new CountDownLatch(1);
    for (int t = 0; t < 4; t++) {
      pool.execute(
          () -> {
            try {
              go.await();
              for (int i = 0; i < 2000; i++) {
                tracker.add(1, 10, i % 100 == 0 ? 1 : 0);
                if (i % 500 == 0) {
                  Thread.sleep(120); // some reports fall inside the run
                }
              }
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
    }
    go.countDown();
    pool.shutdown();
    assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    Progress last = tracker.finish();
    Progress again = tracker.finish();
    assertThat(again.finished()).isTrue();
    assertThat(again.count()).isEqualTo(last.count());
    tracker.add(5, 0, 0); // after the end: counted, never reported
    assertThat(last.count()).isEqualTo(8_000);
    assertThat(last.bytes()).isEqualTo(80_000);
    assertThat(last.requests()).isEqualTo(80);
    assertThat(last.fraction()).hasValue(1.0);
    assertThat(seen).hasSizeGreaterThan(1);
    assertThat(seen.get(seen.size() - 1)).isEqualTo(last);
    assertThat(seen.stream().filter(Progress::finished)).hasSize(1);
    for (int i = 1; i < seen.size(); i++) {
      assertThat(seen.get(i).count()).isGreaterThanOrEqualTo(seen.get(i - 1).count());
    }
  }

  @Test
  void aThrowingListenerIsLoggedAndIgnored() {
    ProgressTracker tracker =
        ProgressTracker.start(
            "test",
            "rows",
            -1,
            p -> {
              throw new IllegalStateException("broken display");
            });
    tracker.add(3, 0, 0);
    Progress last = tracker.finish();
    assertThat(last.count()).isEqualTo(3);
    assertThat(last.fraction()).isEmpty();
    assertThat(last.toString()).isEqualTo("test: 3 rows, " + last.toString().split(", ")[1]);
  }

  @Test
  void expiryReportsTheSnapshotsItExpiresAndTheFilesItDeletes() {
    try (Connection conn = Multimodal.connect(dir.toString())) {
      Table t =
          conn.createTable(
              "t", Schema.builder().column("id", DataTypes.BIGINT().notNull()).build(), false);
      for (long i = 0; i < 6; i++) {
        t.add(List.of(Map.of("id", i)));
      }
      List<Progress> seen = Collections.synchronizedList(new ArrayList<>());
      List<Long> expired =
          t.expireSnapshots(
              ExpireOptions.builder().retainMin(1).retainMax(2).progress(seen::add).build());
      assertThat(expired).hasSize(4);
      Progress last = seen.get(seen.size() - 1);
      assertThat(last.finished()).isTrue();
      assertThat(last.operation()).isEqualTo("expire snapshots of t");
      assertThat(last.unit()).isEqualTo("snapshots");
      assertThat(last.count()).isEqualTo(4);
      assertThat(last.total()).isEqualTo(4);
      // The four snapshot files and the manifests and manifest lists only they referenced.
      assertThat(last.requests()).isGreaterThan(4);

      seen.clear();
      assertThat(
              t.expireSnapshots(
                  ExpireOptions.builder().retainMin(1).retainMax(2).progress(seen::add).build()))
          .isEmpty();
      assertThat(seen).hasSize(1);
      assertThat(seen.get(0).total()).isZero();
      assertThat(seen.get(0).fraction()).hasValue(1.0);
    }
  }
}
