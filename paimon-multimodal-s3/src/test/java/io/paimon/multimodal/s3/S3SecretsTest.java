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
import static org.assertj.core.api.Assertions.catchThrowable;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.AccessDeniedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Requests with wrong credentials fail as {@link AccessDeniedException}s that say which option to
 * check, and the secret appears nowhere: not in messages, causes, stack traces, {@code toString()}
 * or the log (the SDK's and ours, at DEBUG).
 */
class S3SecretsTest {

  private static final String WRONG_SECRET = "Wr0ng-S3cret-Value-That-Must-Never-Leak";

  private static S3TestServer server;
  private static String bucket;

  @BeforeAll
  static void start() throws Exception {
    server = S3TestServer.start();
    bucket = server.newBucket();
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  private static String everything(Throwable t) {
    StringWriter w = new StringWriter();
    t.printStackTrace(new PrintWriter(w));
    StringBuilder all = new StringBuilder(w.toString());
    for (Throwable c = t; c != null; c = c.getCause()) {
      all.append('\n').append(c).append('\n').append(c.getMessage());
    }
    return all.toString();
  }

  @Test
  void aWrongSecretIsAccessDeniedWithoutTheSecret() throws Exception {
    Map<String, String> options = new java.util.LinkedHashMap<>(server.options());
    options.put(S3Options.SECRET_KEY, WRONG_SECRET);
    options.put(S3Options.MAX_ATTEMPTS, "1");
    List<ILoggingEvent> events = new ArrayList<>();
    Throwable read;
    Throwable write;
    String described;
    List<Logger> loggers =
        List.of(
            (Logger) LoggerFactory.getLogger("software.amazon.awssdk"),
            (Logger) LoggerFactory.getLogger("io.paimon"));
    ListAppender<ILoggingEvent> appender = new ListAppender<>();
    appender.start();
    List<Level> before = new ArrayList<>();
    for (Logger l : loggers) {
      before.add(l.getLevel());
      l.setLevel(Level.DEBUG);
      l.setAdditive(false);
      l.addAppender(appender);
    }
    try (S3FileIO io = S3FileIO.create(options)) {
      described = io + " " + io.options();
      read = catchThrowable(() -> io.readAllBytes("s3://" + bucket + "/wh/x"));
      write = catchThrowable(() -> io.createIfAbsent("s3://" + bucket + "/wh/y", new byte[3]));
    } finally {
      for (int i = 0; i < loggers.size(); i++) {
        loggers.get(i).detachAppender(appender);
        loggers.get(i).setAdditive(true);
        loggers.get(i).setLevel(before.get(i));
      }
      events.addAll(appender.list);
    }

    assertThat(read)
        .isInstanceOf(AccessDeniedException.class)
        .hasMessageContaining(
            "access denied to s3://" + bucket + "/wh/x (check s3.access-key / credentials)")
        .hasMessageContaining("SignatureDoesNotMatch");
    assertThat(write)
        .isInstanceOf(AccessDeniedException.class)
        .hasMessageContaining("PUT If-None-Match: *: access denied to s3://" + bucket + "/wh/y");
    assertThat(everything(read)).doesNotContain(WRONG_SECRET);
    assertThat(everything(write)).doesNotContain(WRONG_SECRET);
    assertThat(described).doesNotContain(WRONG_SECRET);
    assertThat(events).isNotEmpty();
    for (ILoggingEvent e : events) {
      assertThat(e.getFormattedMessage()).doesNotContain(WRONG_SECRET);
      if (e.getThrowableProxy() != null) {
        assertThat(e.getThrowableProxy().getMessage()).doesNotContain(WRONG_SECRET);
      }
    }
  }

  @Test
  void anUnknownAccessKeyIsAccessDenied() {
    Map<String, String> options = new java.util.LinkedHashMap<>(server.options());
    options.put(S3Options.ACCESS_KEY, "AKIANOBODY");
    options.put(S3Options.SECRET_KEY, WRONG_SECRET);
    try (S3FileIO io = S3FileIO.create(options)) {
      assertThat(catchThrowable(() -> io.list("s3://" + bucket + "/wh")))
          .isInstanceOf(AccessDeniedException.class)
          .hasMessageContaining("LIST: access denied to s3://" + bucket + "/wh")
          .hasMessageNotContaining(WRONG_SECRET);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
