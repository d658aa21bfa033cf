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
package io.paimon.benchmarks;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.s3.testing.ChaosProxy;
import io.paimon.multimodal.s3.testing.S3ProxyServer;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The S3 endpoint of the {@code --storage s3} benchmarks: s3proxy (filesystem store in a temporary
 * directory) on 127.0.0.1 behind a {@link ChaosProxy} that adds a fixed latency to every request,
 * the round trip of a real object store. Both our library and the baselines' plain SDK client go
 * through the proxy, so they pay the same latency per request, and its counters count both.
 */
final class S3BenchServer implements AutoCloseable {

  static final String BUCKET = "bench";

  private final S3ProxyServer server;
  private final ChaosProxy proxy;

  private S3BenchServer(S3ProxyServer server, ChaosProxy proxy) {
    this.server = server;
    this.proxy = proxy;
  }

  static S3BenchServer start(Path dir) throws Exception {
    java.nio.file.Files.createDirectories(dir);
    S3ProxyServer server = S3ProxyServer.startFilesystem(dir).createBucket(BUCKET);
    return new S3BenchServer(server, ChaosProxy.start(server.endpoint()));
  }

  /** Sets the latency added to each request from now on. */
  void latencyMillis(long millis) {
    proxy.latency(Duration.ofMillis(millis));
  }

  /** The proxy, for its request counters. */
  ChaosProxy proxy() {
    return proxy;
  }

  /** The warehouse URI of a benchmark. */
  String warehouse(String name) {
    return "s3://" + BUCKET + "/" + name;
  }

  /** The connection options of our S3 storage for this endpoint. */
  Map<String, String> options() {
    Map<String, String> o = new LinkedHashMap<>();
    o.put("s3.endpoint", proxy.endpoint().toString());
    o.put("s3.region", S3ProxyServer.REGION);
    o.put("s3.access-key", server.accessKey());
    o.put("s3.secret-key", server.secretKey());
    o.put("s3.path-style-access", "true");
    o.put("s3.max-connections", "128");
    return o;
  }

  /** Connects to a warehouse through our S3 storage (found by its scheme). */
  Connection connect(String name) {
    Multimodal.Builder b = Multimodal.builder().warehouse(warehouse(name));
    options().forEach(b::option);
    return b.connect();
  }

  /**
   * A plain SDK client to the same endpoint, for the baselines, with the SDK's default HTTP client
   * (the one on the class path; its pool of 50 connections exceeds the benchmarks' parallelism).
   */
  S3Client sdkClient() {
    return S3Client.builder()
        .endpointOverride(proxy.endpoint())
        .region(Region.of(S3ProxyServer.REGION))
        .forcePathStyle(true)
        .credentialsProvider(
            StaticCredentialsProvider.create(
                AwsBasicCredentials.create(server.accessKey(), server.secretKey())))
        .build();
  }

  /** The bucket and key of an {@code s3://bucket/key} URI. */
  static String[] bucketAndKey(String uri) {
    URI u = URI.create(uri);
    return new String[] {u.getHost(), u.getPath().substring(1)};
  }

  @Override
  public void close() throws Exception {
    try {
      proxy.close();
    } finally {
      server.close();
    }
  }
}
