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

import io.paimon.multimodal.s3.testing.S3ProxyServer;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * An in-process s3proxy ({@link S3ProxyServer}, in-memory store) for one test class: start it in
 * {@code @BeforeAll}, close it in {@code @AfterAll}. {@link #newBucket()} gives each test a bucket
 * of its own; {@link #admin()} is a plain SDK client for what the storage under test does not do
 * (creating buckets, listing multipart uploads); {@link #storage} a storage under test over a
 * fault-injecting HTTP client.
 */
final class S3TestServer implements AutoCloseable {

  static final String ACCESS_KEY = S3ProxyServer.ACCESS_KEY;
  static final String SECRET_KEY = S3ProxyServer.SECRET_KEY;

  private static final AtomicInteger BUCKETS = new AtomicInteger();

  static {
    // Without a logback-test.xml, logback logs everything at DEBUG (s3proxy's Jetty floods the
    // output and slows the tests down); a configuration file, once there, wins.
    if (S3TestServer.class.getResource("/logback-test.xml") == null
        && LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME)
            instanceof ch.qos.logback.classic.Logger root) {
      root.setLevel(ch.qos.logback.classic.Level.WARN);
    }
  }

  private final S3ProxyServer server;
  private final S3Client admin;

  private S3TestServer(S3ProxyServer server) {
    this.server = server;
    this.admin =
        S3Client.builder()
            .httpClient(Apache5HttpClient.builder().build())
            .endpointOverride(server.endpoint())
            .region(Region.US_EAST_1)
            .forcePathStyle(true)
            .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
            .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
            .credentialsProvider(
                StaticCredentialsProvider.create(
                    AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
            .build();
  }

  /** Starts a server on a free port. */
  static S3TestServer start() throws Exception {
    return new S3TestServer(S3ProxyServer.start());
  }

  URI endpoint() {
    return server.endpoint();
  }

  /** The connection options of a storage of this server. */
  Map<String, String> options() {
    Map<String, String> o = new LinkedHashMap<>();
    o.put(S3Options.ENDPOINT, endpoint().toString());
    o.put(S3Options.ACCESS_KEY, ACCESS_KEY);
    o.put(S3Options.SECRET_KEY, SECRET_KEY);
    o.put(S3Options.PATH_STYLE_ACCESS, "true");
    return o;
  }

  /** A new, empty bucket. */
  String newBucket() {
    String name = "bucket-" + BUCKETS.incrementAndGet();
    admin.createBucket(b -> b.bucket(name));
    return name;
  }

  S3Client admin() {
    return admin;
  }

  /**
   * A storage of this server over a {@link FaultInjectingHttpClient}, with {@code extra} options,
   * list pages of {@code listPageSize} keys and a backoff of milliseconds (so retry tests are
   * fast).
   */
  Storage storage(Map<String, String> extra, int listPageSize) {
    Map<String, String> o = options();
    o.putAll(extra);
    S3Options options = S3Options.parse(o);
    FaultInjectingHttpClient http = new FaultInjectingHttpClient(S3Clients.httpClient(options));
    S3FileIO io =
        new S3FileIO(
            options,
            http,
            new S3FileIO.Tuning(
                listPageSize, new Backoff(Duration.ofMillis(1), Duration.ofMillis(20))));
    return new Storage(io, http);
  }

  /** A storage under test and the HTTP client it sends through. */
  record Storage(S3FileIO io, FaultInjectingHttpClient http) implements AutoCloseable {
    @Override
    public void close() throws IOException {
      io.close();
    }
  }

  @Override
  public void close() throws Exception {
    admin.close();
    server.close();
  }
}
