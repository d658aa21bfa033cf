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
package io.paimon.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrainingStreamExampleTest {

  @TempDir Path dir;

  @Test
  void readsEveryRowOnceAcrossRanksAndWorkers() throws Exception {
    PrintStream original = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      TrainingStreamExample.main(new String[] {dir.toString()});
    } finally {
      System.setOut(original);
    }
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text).contains("Wrote 6 episodes, 3800 frames");
    assertThat(text).containsPattern("rank 1 worker 1: \\d+ rows in \\d+ batches");
    // Once for the plain plan's splits, once for the chunks.
    assertThat(text.split("Every row was seen exactly once: 3800 rows, 3800 distinct", -1))
        .hasSize(3);
    assertThat(text).contains("epoch 0 same order, epoch 1 another order");
    assertThat(text).contains("Chunk shuffle (seed 42, 500 rows): 8 chunks of 3800 rows");
  }
}
