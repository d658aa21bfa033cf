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

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.retries.StandardRetryStrategy;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.retries.api.RetryStrategy;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;

/**
 * Builds what an {@link S3FileIO} sends through: its HTTP client (chosen by measurement), its
 * credentials, retry strategies and SDK clients, and its thread factory. Stateless.
 */
final class S3Clients {

  private S3Clients() {}

  /**
   * The HTTP client, chosen by measurement ({@code S3ClientComparison}, figures in {@code
   * docs/storage.md}).
   */
  static SdkHttpClient httpClient(S3Options options) {
    return Apache5HttpClient.builder()
        .maxConnections(options.maxConnections())
        .connectionTimeout(options.connectionTimeout())
        .socketTimeout(options.socketTimeout())
        .connectionAcquisitionTimeout(options.connectionAcquisitionTimeout())
        .tcpKeepAlive(true)
        .build();
  }

  static ThreadFactory daemonThreads(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  static AwsCredentialsProvider credentials(S3Options options) {
    if (!options.hasStaticCredentials()) {
      return DefaultCredentialsProvider.builder().build();
    }
    return StaticCredentialsProvider.create(
        options.sessionToken() == null
            ? AwsBasicCredentials.create(options.accessKey(), options.secretKey())
            : AwsSessionCredentials.create(
                options.accessKey(), options.secretKey(), options.sessionToken()));
  }

  static RetryStrategy retryStrategy(S3Options options, S3FileIO.Tuning tuning) {
    // No circuit breaker: a burst of injected or real faults must not turn later, healthy
    // requests into "retry quota exceeded" failures; attempts stay bounded per request.
    StandardRetryStrategy.Builder b =
        AwsRetryStrategy.standardRetryStrategy().toBuilder()
            .maxAttempts(options.maxAttempts())
            .circuitBreakerEnabled(false);
    if (!tuning.backoff().equals(Backoff.DEFAULT)) {
      // Tests: the SDK's own waits (up to seconds when throttled) shrink with ours.
      BackoffStrategy fast =
          BackoffStrategy.exponentialDelay(tuning.backoff().base(), tuning.backoff().max());
      b.backoffStrategy(fast).throttlingBackoffStrategy(fast);
    }
    return b.build();
  }

  static S3Client client(
      S3Options options,
      SdkHttpClient http,
      AwsCredentialsProvider credentials,
      RetryStrategy retries) {
    S3ClientBuilder b =
        S3Client.builder()
            .httpClient(http)
            .credentialsProvider(credentials)
            .forcePathStyle(options.pathStyleAccess())
            // Checksums only where S3 requires them (DeleteObjects): S3-compatible stores differ
            // in the flexible checksums they accept, and data files carry their own CRCs.
            .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
            .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
            .overrideConfiguration(o -> o.retryStrategy(retries));
    options.endpoint().ifPresent(b::endpointOverride);
    options.region().ifPresent(r -> b.region(Region.of(r)));
    try {
      return b.build();
    } catch (SdkException e) {
      throw new IllegalArgumentException(
          "cannot configure the S3 client: "
              + e.getMessage()
              + " (set "
              + S3Options.REGION
              + ", or "
              + S3Options.ENDPOINT
              + " for an S3-compatible store)",
          e);
    }
  }
}
