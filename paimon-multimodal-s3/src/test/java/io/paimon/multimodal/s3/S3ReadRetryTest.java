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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paimon.multimodal.fs.InputFile;
import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;

/**
 * Reads whose response body is cut short (a reset or a silent end) resume for the missing bytes,
 * from the same version of the object, a bounded number of times; server errors before the body are
 * retried by the SDK.
 */
class S3ReadRetryTest {

  private static final int SIZE = 400_000;

  private static S3TestServer server;
  private static S3TestServer.Storage storage;
  private static S3FileIO io;
  private static byte[] data;

  private String bucket;
  private String path;

  @BeforeAll
  static void start() throws Exception {
    server = S3TestServer.start();
    storage = server.storage(Map.of(S3Options.MAX_ATTEMPTS, "3"), 1000);
    io = storage.io();
    data = new byte[SIZE];
    new Random(11).nextBytes(data);
  }

  @AfterAll
  static void stop() throws Exception {
    storage.close();
    server.close();
  }

  @BeforeEach
  void object() throws IOException {
    bucket = server.newBucket();
    path = "s3://" + bucket + "/obj";
    io.overwrite(path, data);
    storage.http().reset();
  }

  @AfterEach
  void reset() {
    storage.http().reset();
  }

  private static List<SdkHttpRequest> gets() {
    return storage.http().requests().stream().filter(r -> r.method() == SdkHttpMethod.GET).toList();
  }

  /** Cuts the body of the first {@code times} GETs after {@code after} bytes. */
  private static void cutGets(int times, long after, boolean reset) {
    AtomicInteger cut = new AtomicInteger();
    storage
        .http()
        .rule(
            (r, n) ->
                r.method() == SdkHttpMethod.GET && cut.getAndIncrement() < times
                    ? new FaultInjectingHttpClient.CutBody(after, reset)
                    : FaultInjectingHttpClient.PASS);
  }

  @Test
  void aResetMidBodyResumesForTheMissingBytesOnly() throws Exception {
    cutGets(1, 1000, true);
    byte[] buf = new byte[100_000];
    io.newInputFile(path).readFully(5000, buf, 0, buf.length);
    assertThat(buf).isEqualTo(Arrays.copyOfRange(data, 5000, 105_000));
    List<SdkHttpRequest> gets = gets();
    assertThat(gets).hasSize(2);
    assertThat(gets.get(0).firstMatchingHeader("Range")).contains("bytes=5000-104999");
    assertThat(gets.get(1).firstMatchingHeader("Range")).contains("bytes=6000-104999");
    assertThat(gets.get(1).firstMatchingHeader("If-Match")).isPresent();
  }

  @Test
  void aSilentlyShortBodyIsResumedNeverReturnedShort() throws Exception {
    cutGets(2, 700, false);
    byte[][] buffers = {new byte[500], new byte[1000], new byte[10]};
    io.newInputFile(path)
        .readScattered(100, buffers, new int[] {0, 0, 0}, new int[] {500, 1000, 10});
    assertThat(buffers[0]).isEqualTo(Arrays.copyOfRange(data, 100, 600));
    assertThat(buffers[1]).isEqualTo(Arrays.copyOfRange(data, 600, 1600));
    assertThat(buffers[2]).isEqualTo(Arrays.copyOfRange(data, 1600, 1610));
    assertThat(gets()).hasSize(3);
  }

  @Test
  void aWholeObjectReadResumes() throws Exception {
    cutGets(1, 123_456, true);
    assertThat(io.readAllBytes(path)).isEqualTo(data);
    List<SdkHttpRequest> gets = gets();
    assertThat(gets).hasSize(2);
    assertThat(gets.get(0).firstMatchingHeader("Range")).isEmpty();
    assertThat(gets.get(1).firstMatchingHeader("Range")).contains("bytes=123456-399999");
  }

  @Test
  void aBodyCutEveryTimeFailsAfterTheAttemptsNamingTheRange() {
    cutGets(100, 10, false);
    byte[] buf = new byte[1000];
    assertThatThrownBy(() -> io.newInputFile(path).readFully(0, buf, 0, buf.length))
        .isInstanceOf(EOFException.class)
        .hasMessageStartingWith(path + ": GET bytes=0-999 failed after 3 attempts, 30 of 1000")
        .hasMessageContaining("the response body ended after");
    cutGets(100, 10, true);
    assertThatThrownBy(() -> io.newInputFile(path).readFully(0, buf, 0, buf.length))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("failed after 3 attempts")
        .hasMessageContaining("connection reset (injected) mid-body");
  }

  @Test
  void anObjectReplacedBetweenAttemptsIsNeverMixed() {
    AtomicInteger n = new AtomicInteger();
    storage
        .http()
        .rule(
            (r, k) -> {
              if (r.method() != SdkHttpMethod.GET) {
                return FaultInjectingHttpClient.PASS;
              }
              if (n.getAndIncrement() == 0) {
                return new FaultInjectingHttpClient.CutBody(100, true);
              }
              server
                  .admin()
                  .putObject(
                      b -> b.bucket(bucket).key("obj"), RequestBody.fromBytes(new byte[SIZE]));
              return FaultInjectingHttpClient.PASS;
            });
    assertThatThrownBy(() -> io.newInputFile(path).readFully(0, new byte[1000], 0, 1000))
        .isInstanceOf(IOException.class)
        .hasMessageContaining(path + " changed while being read");
  }

  @Test
  void serverErrorsBeforeTheBodyAreRetriedByTheSdk() throws Exception {
    AtomicInteger n = new AtomicInteger();
    storage
        .http()
        .rule(
            (r, k) ->
                r.method() == SdkHttpMethod.GET && n.getAndIncrement() < 2
                    ? new FaultInjectingHttpClient.Respond(503, "SlowDown")
                    : FaultInjectingHttpClient.PASS);
    InputFile in = io.newInputFile(path);
    byte[] buf = new byte[10];
    in.readFully(10, buf, 0, 10);
    assertThat(buf).isEqualTo(Arrays.copyOfRange(data, 10, 20));
    assertThat(gets()).hasSize(3);

    storage.http().reset();
    storage
        .http()
        .rule(
            (r, k) ->
                r.method() == SdkHttpMethod.GET
                    ? new FaultInjectingHttpClient.Respond(500, "InternalError")
                    : FaultInjectingHttpClient.PASS);
    assertThatThrownBy(() -> in.readFully(0, buf, 0, 10))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("GET bytes=0-9 " + path + " failed: HTTP 500 InternalError");
    assertThat(gets()).hasSize(3);
  }
}
