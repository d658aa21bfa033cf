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
package io.paimon.multimodal.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs pmm, in this JVM or as the real executable jar in a JVM of its own. */
final class PmmRunner {

  /** What a run left: the exit code, stdout (as text and as bytes) and stderr. */
  record Result(int exitCode, String out, byte[] outBytes, String err) {
    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }

  private PmmRunner() {}

  /** Runs pmm in this JVM through picocli. */
  static Result inProcess(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    PrintWriter rawText = new PrintWriter(out);
    int code = Pmm.execute(rawText, new PrintWriter(err), raw, args);
    return new Result(code, out.toString(), raw.toByteArray(), err.toString());
  }

  /** The executable jar the build made ({@code -Dpmm.jar}, set by the pom). */
  static Path jar() {
    String p = System.getProperty("pmm.jar");
    if (p == null || !Files.isRegularFile(Path.of(p))) {
      throw new IllegalStateException(
          "no pmm jar at " + p + ": the process tests run in integration-test, after package");
    }
    return Path.of(p);
  }

  /** Runs {@code java -jar pmm.jar args} with this JVM's java and waits up to a minute. */
  static Result process(String... args) {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    command.add("-Xshare:auto");
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-jar");
    command.add(jar().toString());
    command.addAll(List.of(args));
    try {
      Process p = new ProcessBuilder(command).start();
      p.getOutputStream().close();
      CompletableFuture<byte[]> out =
          CompletableFuture.supplyAsync(() -> drain(p.getInputStream()));
      CompletableFuture<byte[]> err =
          CompletableFuture.supplyAsync(() -> drain(p.getErrorStream()));
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("pmm " + String.join(" ", args) + " ran over 60 s");
      }
      byte[] o = out.join();
      return new Result(
          p.exitValue(),
          new String(o, StandardCharsets.UTF_8),
          o,
          new String(err.join(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static byte[] drain(InputStream in) {
    try (in) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
