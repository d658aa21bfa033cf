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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM on the test class path that appends to a table until it is killed, printing {@code
 * committed <snapshot id> <first id> <rows>} after each commit (as the crash tests' appender mains
 * do); its stdout and stderr go to files in a directory of the test. Crash tests start one, wait
 * for some commits, kill it at a random moment and check what it left.
 */
public final class AppenderProcess implements AutoCloseable {

  private final Process process;
  private final Path out;
  private final Path err;

  /** Starts {@code mainClass} with {@code args}, its output in files under {@code dir}. */
  public AppenderProcess(Path dir, Class<?> mainClass, String... args) throws IOException {
    out = Files.createTempFile(dir, "child", ".out");
    err = Files.createTempFile(dir, "child", ".err");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command =
        new ArrayList<>(
            List.of(
                java,
                "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "-Xmx256m",
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                mainClass.getName()));
    command.addAll(List.of(args));
    process =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
  }

  /** The committed batches the child has reported so far: first id to rows. */
  public Map<Long, Integer> reports() throws IOException {
    String text = Files.readString(out, StandardCharsets.UTF_8);
    Map<Long, Integer> reported = new TreeMap<>();
    // Only whole lines: the child may have died in the middle of one.
    for (String line : text.substring(0, text.lastIndexOf('\n') + 1).split("\n")) {
      if (line.isEmpty()) {
        continue;
      }
      String[] parts = line.split(" ");
      assertThat(parts).as(line).hasSize(4);
      assertThat(parts[0]).as(line).isEqualTo("committed");
      reported.put(Long.parseLong(parts[2]), Integer.parseInt(parts[3]));
    }
    return reported;
  }

  /** Waits until the child has reported n commits (polling its output). */
  public void awaitReports(int n) throws Exception {
    while (reports().size() < n) {
      if (!process.isAlive()) {
        throw new AssertionError(
            "the child ended after " + reports().size() + " commits: " + Files.readString(err));
      }
      Thread.sleep(5);
    }
  }

  /** Kills the child and returns what it reported before dying. */
  public Map<Long, Integer> kill() throws Exception {
    process.destroyForcibly();
    assertThat(process.waitFor(1, TimeUnit.MINUTES)).isTrue();
    return reports();
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }
}
