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
package io.paimon.multimodal.parquet.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * {@link ColumnTasks}: every column is read exactly once, on a live pool, a shut-down pool and one
 * that never runs anything; a column's failure reaches the caller with its own type.
 */
class ColumnTasksTest {

  @Test
  void everyColumnReadOnceWhateverTheExecutorDoes() throws Exception {
    ExecutorService live = Executors.newFixedThreadPool(3);
    ExecutorService dead = Executors.newSingleThreadExecutor();
    dead.shutdownNow();
    try {
      for (java.util.concurrent.Executor executor :
          new java.util.concurrent.Executor[] {live, dead, task -> {}}) {
        for (int columns = 1; columns <= 9; columns++) {
          for (int threads = 1; threads <= 4; threads++) {
            AtomicIntegerArray reads = new AtomicIntegerArray(columns);
            new ColumnTasks(executor, threads).run(columns, reads::incrementAndGet);
            for (int c = 0; c < columns; c++) {
              assertThat(reads.get(c)).as("column %d of %d", c, columns).isEqualTo(1);
            }
          }
        }
      }
    } finally {
      live.shutdownNow();
    }
  }

  @Test
  void aColumnsFailureReachesTheCaller() {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      ColumnTasks tasks = new ColumnTasks(pool, 3);
      assertThatThrownBy(
              () ->
                  tasks.run(
                      6,
                      c -> {
                        if (c == 4) {
                          throw new IOException("column 4 is bad");
                        }
                      }))
          .isInstanceOf(IOException.class)
          .hasMessage("column 4 is bad");
      assertThatThrownBy(
              () ->
                  tasks.run(
                      6,
                      c -> {
                        if (c == 2) {
                          throw new IllegalStateException("malformed page");
                        }
                      }))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("malformed page");
    } finally {
      pool.shutdownNow();
    }
  }
}
