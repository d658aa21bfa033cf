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

class TrainingWindowsExampleTest {

  @TempDir Path dir;

  @Test
  void cutsPaddedWindowsAndBatchesThem() throws Exception {
    PrintStream original = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      TrainingWindowsExample.main(new String[] {dir.toString()});
    } finally {
      System.setOut(original);
    }
    String text = out.toString(StandardCharsets.UTF_8);
    // Episodes of 40, 25 and 33 train frames: one padded sample per frame.
    assertThat(text).contains("ContiguousWindows: 98 samples");
    assertThat(text).containsPattern("state +FLOAT32 \\[3, 6\\]");
    assertThat(text).containsPattern("image +FLOAT32 \\[1, 3, 24, 32\\]");
    assertThat(text).containsPattern("action_is_pad +BOOL \\[16\\]");
    assertThat(text).containsPattern("action +FLOAT32 \\[8, 16, 6\\]");
    assertThat(text).contains("WindowLoader: 13 batches");
    // Every episode pads 1 + 2 + ... + 15 = 120 action frames at its end.
    assertThat(text).contains("epoch 0: 13 batches, 360 padded action frames");
  }
}
