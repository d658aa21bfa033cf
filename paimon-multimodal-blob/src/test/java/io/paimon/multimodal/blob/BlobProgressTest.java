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
package io.paimon.multimodal.blob;

import static org.assertj.core.api.Assertions.assertThat;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.Progress;
import io.paimon.multimodal.ProgressListener;
import io.paimon.multimodal.Table;
import io.paimon.row.CloseableIterator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link BlobReader#progress}: a read reports the rows it delivered, the payload bytes it fetched
 * and its ranged requests, exactly once as finished, with counts that never go down; a listener
 * that throws does not fail the read.
 */
class BlobProgressTest {

  private static final int ROWS = 300;
  private static final int SIZE = 2000;

  @TempDir Path dir;
  private Connection conn;
  private Table t;

  @BeforeEach
  void write() {
    conn = Multimodal.connect(dir.toString());
    t = BlobTables.table(conn, "docs");
    int[] sizes = new int[ROWS];
    Arrays.fill(sizes, SIZE);
    t.add(BlobTables.images(1, 0, ROWS, sizes));
  }

  @AfterEach
  void close() {
    conn.close();
  }

  /** Collects reports; checks each against the one before. */
  private static final class Recorder implements ProgressListener {
    final List<Progress> seen = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void onProgress(Progress p) {
      if (!seen.isEmpty()) {
        Progress before = seen.get(seen.size() - 1);
        assertThat(before.finished()).as("a report after the last one").isFalse();
        assertThat(p.count()).isGreaterThanOrEqualTo(before.count());
        assertThat(p.bytes()).isGreaterThanOrEqualTo(before.bytes());
        assertThat(p.requests()).isGreaterThanOrEqualTo(before.requests());
      }
      seen.add(p);
    }

    Progress last() {
      assertThat(seen).isNotEmpty();
      Progress p = seen.get(seen.size() - 1);
      assertThat(p.finished()).isTrue();
      assertThat(seen.stream().filter(Progress::finished)).hasSize(1);
      return p;
    }
  }

  @Test
  void aWholeReadReportsItsRowsBytesAndRequestsOnceFinished() {
    Recorder r = new Recorder();
    try (BlobBatch b = BlobReader.of(t.scan()).progress(r).read("image")) {
      assertThat(b.rowCount()).isEqualTo(ROWS);
    }
    Progress last = r.last();
    assertThat(last.operation()).contains("docs").contains("image");
    assertThat(last.unit()).isEqualTo("rows");
    assertThat(last.count()).isEqualTo(ROWS);
    assertThat(last.total()).isEqualTo(-1);
    // Every payload byte was fetched, in coalesced requests: far fewer than one per row.
    assertThat(last.bytes()).isGreaterThanOrEqualTo((long) ROWS * SIZE);
    assertThat(last.requests()).isBetween(1L, (long) ROWS / 10);
    assertThat(last.toString()).contains(ROWS + " rows").contains("requests").contains("finished");
  }

  @Test
  void aStreamFinishesWhenExhaustedOrClosedEarly() throws Exception {
    Recorder all = new Recorder();
    long rows = 0;
    try (CloseableIterator<BlobBatch> s =
        BlobReader.of(t.scan().batchSize(50)).progress(all).stream("image")) {
      while (s.hasNext()) {
        try (BlobBatch b = s.next()) {
          rows += b.rowCount();
        }
      }
      // Exhausted: finished before the close.
      assertThat(all.last().count()).isEqualTo(rows).isEqualTo(ROWS);
    }
    assertThat(all.last().count()).isEqualTo(ROWS);

    Recorder early = new Recorder();
    try (CloseableIterator<BlobBatch> s =
        BlobReader.of(t.scan().batchSize(50)).progress(early).stream("image")) {
      s.next().close();
    }
    assertThat(early.last().count()).isEqualTo(50);
  }

  @Test
  void readingGivenRowsKnowsTheTotalAndAThrowingListenerDoesNotFailTheRead() {
    try (org.apache.arrow.vector.VectorSchemaRoot rows = t.scan().limit(40).toArrow()) {
      Recorder r = new Recorder();
      try (BlobBatch b = BlobReader.of(t.scan()).progress(r).read(rows, "image")) {
        assertThat(b.rowCount()).isEqualTo(40);
      }
      assertThat(r.last().total()).isEqualTo(40);
      assertThat(r.last().fraction()).hasValue(1.0);

      try (BlobBatch b =
          BlobReader.of(t.scan())
              .progress(
                  p -> {
                    throw new IllegalStateException("display broke");
                  })
              .read(rows, "image")) {
        assertThat(b.blobs("image")).hasSize(40).doesNotContainNull();
      }
    }
  }
}
