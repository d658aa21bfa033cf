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

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;

/**
 * {@code createIfAbsent} and conditional stream creation: atomic against racing writers, and right
 * about who created the object when a reply is lost, a connection fails or the store pushes back.
 */
class S3ConditionalWriteTest {

  private static S3TestServer server;
  private static S3TestServer.Storage storage;
  private static S3FileIO io;

  private String root;

  @BeforeAll
  static void start() throws Exception {
    server = S3TestServer.start();
    storage = server.storage(Map.of(S3Options.MAX_ATTEMPTS, "4"), 1000);
    io = storage.io();
  }

  @AfterAll
  static void stop() throws Exception {
    storage.close();
    server.close();
  }

  @BeforeEach
  void bucket() {
    root = "s3://" + server.newBucket();
  }

  @AfterEach
  void reset() {
    storage.http().reset();
  }

  private static boolean isConditionalPut(SdkHttpRequest r) {
    return r.method() == SdkHttpMethod.PUT && r.firstMatchingHeader("If-None-Match").isPresent();
  }

  private static long conditionalPuts() {
    return storage.http().requests().stream()
        .filter(S3ConditionalWriteTest::isConditionalPut)
        .count();
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void createsOnceAndReportsAnExistingObject() throws Exception {
    String path = root + "/t/snapshot/snapshot-1";
    assertThat(io.createIfAbsent(path, bytes("first"))).isTrue();
    assertThat(io.createIfAbsent(path, bytes("second"))).isFalse();
    assertThat(io.createIfAbsent(path, bytes("first"))).isFalse();
    assertThat(io.readAllBytes(path)).isEqualTo(bytes("first"));
    assertThat(conditionalPuts()).isEqualTo(3);
  }

  @Test
  void exactlyOneOfSixteenRacingWritersWins() throws Exception {
    for (int round = 0; round < 3; round++) {
      String path = root + "/race/snapshot-" + round;
      ExecutorService pool = Executors.newFixedThreadPool(16);
      CountDownLatch go = new CountDownLatch(1);
      try {
        List<Future<Boolean>> results = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
          byte[] content = bytes("writer-" + i);
          results.add(
              pool.submit(
                  () -> {
                    go.await();
                    return io.createIfAbsent(path, content);
                  }));
        }
        go.countDown();
        int winners = 0;
        int winner = -1;
        for (int i = 0; i < 16; i++) {
          if (results.get(i).get()) {
            winners++;
            winner = i;
          }
        }
        assertThat(winners).as("round %d", round).isEqualTo(1);
        assertThat(io.readAllBytes(path)).isEqualTo(bytes("writer-" + winner));
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  void aLostReplyOfOurOwnCreateIsReportedAsCreated() throws Exception {
    String path = root + "/lost/snapshot-7";
    storage
        .http()
        .rule(
            (r, n) ->
                isConditionalPut(r) && conditionalPuts() == 1
                    ? new FaultInjectingHttpClient.LoseReply()
                    : FaultInjectingHttpClient.PASS);
    assertThat(io.createIfAbsent(path, bytes("ours"))).isTrue();
    // The SDK did not retry the PUT by itself: one lost attempt, one answered 412, no third.
    assertThat(conditionalPuts()).isEqualTo(2);
    assertThat(io.readAllBytes(path)).isEqualTo(bytes("ours"));
  }

  @Test
  void aFailedAttemptFollowedByAnotherWritersObjectIsNotOurs() throws Exception {
    String path = root + "/theirs/snapshot-3";
    io.createIfAbsent(path, bytes("theirs"));
    storage.http().reset();
    storage
        .http()
        .rule(
            (r, n) ->
                isConditionalPut(r) && conditionalPuts() == 1
                    ? new FaultInjectingHttpClient.Refuse()
                    : FaultInjectingHttpClient.PASS);
    assertThat(io.createIfAbsent(path, bytes("ours"))).isFalse();
    assertThat(io.readAllBytes(path)).isEqualTo(bytes("theirs"));
  }

  @Test
  void afterAnAmbiguousAttemptAnObjectWithoutWriteIdIsJudgedByItsBytes() throws Exception {
    // As on a store that keeps no user metadata: equal bytes count as ours, other bytes do not.
    String path = root + "/plain/snapshot-4";
    server
        .admin()
        .putObject(
            b -> b.bucket(bucketOf(path)).key("plain/snapshot-4"),
            software.amazon.awssdk.core.sync.RequestBody.fromBytes(bytes("same")));
    storage
        .http()
        .rule(
            (r, n) ->
                isConditionalPut(r) && conditionalPuts() == 1
                    ? new FaultInjectingHttpClient.Respond(503, "SlowDown")
                    : FaultInjectingHttpClient.PASS);
    assertThat(io.createIfAbsent(path, bytes("same"))).isTrue();
    storage.http().reset();
    storage
        .http()
        .rule(
            (r, n) ->
                isConditionalPut(r) && conditionalPuts() == 1
                    ? new FaultInjectingHttpClient.Respond(503, "SlowDown")
                    : FaultInjectingHttpClient.PASS);
    assertThat(io.createIfAbsent(path, bytes("different"))).isFalse();
  }

  private static String bucketOf(String uri) {
    return S3Location.parse(uri).bucket();
  }

  @Test
  void conflictsAndServerErrorsAreRetried() throws Exception {
    String path = root + "/busy/snapshot-1";
    storage
        .http()
        .rule(
            (r, n) -> {
              if (!isConditionalPut(r)) {
                return FaultInjectingHttpClient.PASS;
              }
              long k = conditionalPuts();
              if (k == 1) {
                return new FaultInjectingHttpClient.Respond(409, "ConditionalRequestConflict");
              }
              if (k == 2) {
                return new FaultInjectingHttpClient.Respond(500, "InternalError");
              }
              return FaultInjectingHttpClient.PASS;
            });
    assertThat(io.createIfAbsent(path, bytes("x"))).isTrue();
    assertThat(conditionalPuts()).isEqualTo(3);
  }

  /** Every conditional PUT from now on is answered with this error, without reaching the store. */
  private static void answerConditionalPuts(int status, String code) {
    storage
        .http()
        .rule(
            (r, n) ->
                isConditionalPut(r)
                    ? new FaultInjectingHttpClient.Respond(status, code)
                    : FaultInjectingHttpClient.PASS);
  }

  @Test
  void givesUpAfterTheAttemptsWithAClearErrorWhenNothingWasCreated() {
    String path = root + "/down/snapshot-1";
    answerConditionalPuts(503, "ServiceUnavailable");
    assertThatThrownBy(() -> io.createIfAbsent(path, bytes("x")))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("PUT If-None-Match: * " + path)
        .hasMessageContaining("failed after 4 attempts and the object was not created")
        .hasMessageContaining("HTTP 503 ServiceUnavailable");
    assertThat(conditionalPuts()).isEqualTo(4);
  }

  @Test
  void aStoreWithoutConditionalWritesIsNamed() {
    String path = root + "/old-store/snapshot-1";
    answerConditionalPuts(501, "NotImplemented");
    assertThatThrownBy(() -> io.createIfAbsent(path, bytes("x")))
        .isInstanceOf(IOException.class)
        .hasMessageContaining(path)
        .hasMessageContaining("does not support conditional writes (If-None-Match: *)");
  }

  @Test
  void aLostReplyOfAStreamsPutStillClosesCleanly() throws Exception {
    String path = root + "/bucket-0/data-1.row";
    storage
        .http()
        .rule(
            (r, n) ->
                isConditionalPut(r) && conditionalPuts() == 1
                    ? new FaultInjectingHttpClient.LoseReply()
                    : FaultInjectingHttpClient.PASS);
    try (OutputStream out = io.newOutputStream(path)) {
      out.write(bytes("row data"));
    }
    assertThat(io.readAllBytes(path)).isEqualTo(bytes("row data"));
  }
}
