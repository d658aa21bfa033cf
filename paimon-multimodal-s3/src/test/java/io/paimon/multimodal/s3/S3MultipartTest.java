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
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
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
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;

/**
 * Streams written as one {@code PutObject} or as multipart uploads (5 MiB parts), and the aborts
 * that leave neither an object nor a pending upload behind when something fails.
 */
class S3MultipartTest {

  private static final int MIB = 1 << 20;
  private static final long SEED = 7_340_033L;

  private static S3TestServer server;
  private static S3TestServer.Storage storage;
  private static S3FileIO io;

  private String bucket;
  private String root;

  @BeforeAll
  static void start() throws Exception {
    server = S3TestServer.start();
    storage =
        server.storage(Map.of(S3Options.PART_SIZE, "5 mb", S3Options.MAX_ATTEMPTS, "2"), 1000);
    io = storage.io();
  }

  @AfterAll
  static void stop() throws Exception {
    storage.close();
    server.close();
  }

  @BeforeEach
  void bucket() {
    bucket = server.newBucket();
    root = "s3://" + bucket;
  }

  @AfterEach
  void reset() {
    storage.http().reset();
  }

  private static byte[] random(long seed, int n) {
    byte[] b = new byte[n];
    new Random(seed).nextBytes(b);
    return b;
  }

  private static boolean isUploadPart(SdkHttpRequest r) {
    return r.method() == SdkHttpMethod.PUT
        && r.firstMatchingRawQueryParameter("partNumber").isPresent();
  }

  private static int partNumber(SdkHttpRequest r) {
    return Integer.parseInt(r.firstMatchingRawQueryParameter("partNumber").orElse("0"));
  }

  private List<?> pendingUploads() {
    return server.admin().listMultipartUploads(b -> b.bucket(bucket)).uploads();
  }

  /** Writes in odd-sized chunks, so part boundaries fall inside writes. */
  private static void writeInChunks(OutputStream out, byte[] data) throws IOException {
    Random rnd = new Random(SEED);
    int at = 0;
    while (at < data.length) {
      int n = Math.min(data.length - at, 1 + rnd.nextInt(700_000));
      out.write(data, at, n);
      at += n;
    }
  }

  @Test
  void aLargeStreamIsAMultipartUploadOfFullParts() throws Exception {
    byte[] data = random(SEED, 12 * MIB);
    String path = root + "/big.blob";
    try (OutputStream out = io.newOutputStream(path)) {
      writeInChunks(out, data);
    }
    List<SdkHttpRequest> parts =
        storage.http().requests().stream().filter(S3MultipartTest::isUploadPart).toList();
    assertThat(parts).hasSize(3);
    assertThat(parts.stream().map(S3MultipartTest::partNumber).sorted()).containsExactly(1, 2, 3);
    assertThat(io.readAllBytes(path)).isEqualTo(data);
    InputFile in = io.newInputFile(path);
    assertThat(in.length()).isEqualTo(data.length);
    byte[] range = new byte[MIB];
    in.readFully(5 * MIB - 100, range, 0, MIB);
    assertThat(range).isEqualTo(Arrays.copyOfRange(data, 5 * MIB - 100, 6 * MIB - 100));
    assertThat(pendingUploads()).isEmpty();
  }

  @Test
  void partsUploadConcurrentlyButAtMostTwoPerStream() throws Exception {
    AtomicInteger sending = new AtomicInteger();
    AtomicInteger most = new AtomicInteger();
    storage
        .http()
        .rule(
            (r, n) -> {
              if (isUploadPart(r)) {
                most.accumulateAndGet(sending.incrementAndGet(), Math::max);
                try {
                  Thread.sleep(40);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
                sending.decrementAndGet();
              }
              return FaultInjectingHttpClient.PASS;
            });
    byte[] data = random(SEED + 6, 26 * MIB);
    String path = root + "/bounded";
    try (OutputStream out = io.newOutputStream(path)) {
      writeInChunks(out, data);
    }
    assertThat(most.get()).isEqualTo(S3OutputStream.MAX_PARTS_IN_FLIGHT);
    assertThat(io.readAllBytes(path)).isEqualTo(data);
  }

  @Test
  void aStreamUpToTheThresholdIsOnePut() throws Exception {
    byte[] data = random(SEED + 1, 5 * MIB);
    String path = root + "/exactly-one-part";
    try (OutputStream out = io.newOutputStream(path)) {
      writeInChunks(out, data);
    }
    assertThat(storage.http().requests())
        .noneMatch(S3MultipartTest::isUploadPart)
        .filteredOn(r -> r.method() == SdkHttpMethod.PUT)
        .hasSize(1);
    assertThat(io.readAllBytes(path)).isEqualTo(data);
  }

  @Test
  void aHigherThresholdKeepsLargerStreamsInOnePut() throws Exception {
    try (S3TestServer.Storage s =
        server.storage(
            Map.of(S3Options.PART_SIZE, "5 mb", S3Options.MULTIPART_THRESHOLD, "16 mb"), 1000)) {
      byte[] data = random(SEED + 2, 12 * MIB);
      String path = root + "/twelve";
      try (OutputStream out = s.io().newOutputStream(path)) {
        writeInChunks(out, data);
      }
      assertThat(s.http().requests()).noneMatch(S3MultipartTest::isUploadPart);
      assertThat(s.io().readAllBytes(path)).isEqualTo(data);
    }
  }

  @Test
  void aFailedPartAbortsTheUploadAndLeavesNothing() throws Exception {
    String path = root + "/fails";
    storage
        .http()
        .rule(
            (r, n) ->
                isUploadPart(r) && partNumber(r) == 2
                    ? new FaultInjectingHttpClient.Respond(500, "InternalError")
                    : FaultInjectingHttpClient.PASS);
    byte[] data = random(SEED + 3, 12 * MIB);
    assertThatThrownBy(
            () -> {
              try (OutputStream out = io.newOutputStream(path)) {
                writeInChunks(out, data);
              }
            })
        .isInstanceOf(IOException.class)
        .hasMessageContaining("UploadPart 2 " + path)
        .hasMessageContaining("HTTP 500 InternalError");
    assertThat(storage.http().requests())
        .anyMatch(
            r ->
                r.method() == SdkHttpMethod.DELETE
                    && r.firstMatchingRawQueryParameter("uploadId").isPresent());
    assertThat(io.exists(path)).isFalse();
    assertThat(pendingUploads()).isEmpty();
  }

  @Test
  void anAbortedStreamPublishesNothingWhateverItsSize() throws Exception {
    for (int size : new int[] {1_000, 12 * MIB}) {
      String path = root + "/abandoned-" + size;
      OutputStream out = io.newOutputStream(path);
      assertThat(out).isInstanceOf(io.paimon.multimodal.fs.Abortable.class);
      writeInChunks(out, random(SEED + size, size));
      ((io.paimon.multimodal.fs.Abortable) out).abort();
      out.close(); // does nothing after an abort
      assertThatThrownBy(() -> out.write(1))
          .isInstanceOf(IOException.class)
          .hasMessage(path + ": stream is closed");
      assertThat(io.exists(path)).as("%s", path).isFalse();
      assertThat(pendingUploads()).as("%s", path).isEmpty();
    }
    // The large one had started its multipart upload: the abort told the store.
    assertThat(storage.http().requests())
        .anyMatch(
            r ->
                r.method() == SdkHttpMethod.DELETE
                    && r.firstMatchingRawQueryParameter("uploadId").isPresent());
  }

  @Test
  void closingAfterAFailedWritePublishesNothing() throws Exception {
    String path = root + "/never";
    storage
        .http()
        .rule(
            (r, n) ->
                r.method() == SdkHttpMethod.POST && r.rawQueryParameters().containsKey("uploads")
                    ? new FaultInjectingHttpClient.Respond(403, "AccessDenied")
                    : FaultInjectingHttpClient.PASS);
    OutputStream out = io.newOutputStream(path);
    out.write(new byte[5 * MIB]);
    assertThatThrownBy(() -> out.write(1))
        .isInstanceOf(java.nio.file.AccessDeniedException.class)
        .hasMessageContaining("CreateMultipartUpload: access denied to " + path);
    assertThatThrownBy(() -> out.write(2))
        .isInstanceOf(IOException.class)
        .hasMessage(path + ": an earlier write failed");
    assertThatThrownBy(out::close)
        .isInstanceOf(IOException.class)
        .hasMessage(path + " was not written: an earlier write to the stream failed");
    out.close();
    assertThat(io.exists(path)).isFalse();
    assertThat(pendingUploads()).isEmpty();
  }

  @Test
  void aMultipartUploadOverAnExistingObjectFailsAndKeepsIt() throws Exception {
    // s3proxy evaluates If-None-Match: * on CompleteMultipartUpload, as S3 does.
    String path = root + "/taken";
    io.overwrite(path, new byte[] {42});
    OutputStream out = io.newOutputStream(path);
    writeInChunks(out, random(SEED + 4, 11 * MIB));
    assertThatThrownBy(out::close)
        .isInstanceOf(FileAlreadyExistsException.class)
        .hasMessageContaining(path);
    assertThat(io.readAllBytes(path)).containsExactly(42);
    assertThat(pendingUploads()).isEmpty();
  }

  @Test
  void aLostCompletionReplyStillPublishesTheObjectOnce() throws Exception {
    String path = root + "/lost-reply";
    storage
        .http()
        .rule(
            (r, n) ->
                r.method() == SdkHttpMethod.POST
                        && r.firstMatchingRawQueryParameter("uploadId").isPresent()
                        && storage.http().requests().stream()
                                .filter(
                                    x ->
                                        x.method() == SdkHttpMethod.POST
                                            && x.firstMatchingRawQueryParameter("uploadId")
                                                .isPresent())
                                .count()
                            == 1
                    ? new FaultInjectingHttpClient.LoseReply()
                    : FaultInjectingHttpClient.PASS);
    byte[] data = random(SEED + 5, 11 * MIB);
    try (OutputStream out = io.newOutputStream(path)) {
      writeInChunks(out, data);
    }
    assertThat(io.readAllBytes(path)).isEqualTo(data);
    assertThat(pendingUploads()).isEmpty();
  }
}
