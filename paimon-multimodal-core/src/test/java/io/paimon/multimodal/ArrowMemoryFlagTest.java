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

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Connecting in a JVM without the flag Arrow's memory needs fails with a message naming it. */
class ArrowMemoryFlagTest {

  private static final String FLAG = "--add-opens=java.base/java.nio=ALL-UNNAMED";

  @TempDir Path dir;

  @Test
  void connectWithoutTheFlagNamesIt() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb =
        new ProcessBuilder(
                java,
                "-Xmx128m",
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                ConnectWithoutFlag.class.getName(),
                dir.resolve("warehouse").toString())
            .redirectErrorStream(true);
    // Options the environment would add to every JVM, the flag among them perhaps.
    pb.environment().remove("JDK_JAVA_OPTIONS");
    pb.environment().remove("JAVA_TOOL_OPTIONS");
    Process child = pb.start();
    byte[] output = child.getInputStream().readAllBytes();
    assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String out = new String(output, StandardCharsets.UTF_8);

    assertThat(child.exitValue()).as(out).isZero();
    assertThat(out)
        .as(out)
        .contains(IllegalStateException.class.getName())
        .contains(FLAG)
        .contains("MAVEN_OPTS")
        .contains("argLine");
  }

  @Test
  void connectWithTheFlagWorks() throws Exception {
    // This JVM runs with the flag (the surefire argLine).
    try (Connection conn = Multimodal.connect(dir.resolve("warehouse").toString())) {
      assertThat(conn.warehouse()).isNotEmpty();
    }
  }
}
