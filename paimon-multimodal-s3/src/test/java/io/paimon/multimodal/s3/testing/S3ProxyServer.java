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
package io.paimon.multimodal.s3.testing;

import java.net.URI;
import java.nio.file.Path;
import java.util.Objects;
import org.eclipse.jetty.util.component.AbstractLifeCycle;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;

/**
 * An embedded s3proxy (an S3-compatible server) on {@code 127.0.0.1} and an ephemeral port, for
 * tests and benchmarks. It checks AWS SigV2/SigV4 signatures against {@link #ACCESS_KEY} and {@link
 * #SECRET_KEY}; point an AWS SDK v2 client at it with path-style access, {@link #endpoint()} as the
 * endpoint override, region {@link #REGION} and those static credentials.
 *
 * <pre>{@code
 * try (S3ProxyServer s3 = S3ProxyServer.start().createBucket("warehouse")) {
 *   S3Client client = S3Client.builder()
 *       .endpointOverride(s3.endpoint())
 *       .region(Region.of(S3ProxyServer.REGION))
 *       .forcePathStyle(true)
 *       .credentialsProvider(StaticCredentialsProvider.create(
 *           AwsBasicCredentials.create(s3.accessKey(), s3.secretKey())))
 *       .build();
 * }
 * }</pre>
 *
 * <p>s3proxy 4.x no longer uses jclouds: its stores are its own ({@code TransientNio2BlobStore}, in
 * memory, and {@code FilesystemNio2BlobStore}, one file per object under a directory).
 */
public final class S3ProxyServer implements AutoCloseable {

  /** The access key id the server accepts. */
  public static final String ACCESS_KEY = "test-access-key";

  /** The secret access key the server accepts (a string that tests check never leaks). */
  public static final String SECRET_KEY = "test-secret-key-do-not-print";

  /** A region to sign for; s3proxy accepts any. */
  public static final String REGION = "us-east-1";

  private final BlobStore blobStore;
  private final S3Proxy s3Proxy;
  private final URI endpoint;

  private S3ProxyServer(BlobStore blobStore) throws Exception {
    this.blobStore = blobStore;
    this.s3Proxy =
        S3Proxy.builder()
            .blobStore(blobStore)
            .endpoint(URI.create("http://127.0.0.1:0"))
            .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
            // Enough for the concurrency tests and benchmarks (64+ connections at once).
            .jettyMaxThreads(256)
            // Skip the graceful drain on stop: it waits for idle keep-alive connections.
            .stopTimeout(0)
            .build();
    try {
      s3Proxy.start();
      while (!AbstractLifeCycle.STARTED.equals(s3Proxy.getState())) {
        if (AbstractLifeCycle.FAILED.equals(s3Proxy.getState())) {
          throw new IllegalStateException("s3proxy failed to start");
        }
        Thread.sleep(5);
      }
    } catch (Exception e) {
      close();
      throw e;
    }
    this.endpoint = URI.create("http://127.0.0.1:" + s3Proxy.getPort());
  }

  /** Starts a server whose objects live in memory (gone on {@link #close}). */
  public static S3ProxyServer start() throws Exception {
    return new S3ProxyServer(new TransientNio2BlobStore());
  }

  /**
   * Starts a server whose buckets are directories under {@code dir} (which must exist) and objects
   * files in them; {@link #close} leaves them there.
   */
  public static S3ProxyServer startFilesystem(Path dir) throws Exception {
    return new S3ProxyServer(new FilesystemNio2BlobStore(dir.toAbsolutePath().toString()));
  }

  /** Creates a bucket (directly in the store, not over HTTP); returns this. */
  public S3ProxyServer createBucket(String name) {
    blobStore.createContainer(Objects.requireNonNull(name, "name"));
    return this;
  }

  /** {@code http://127.0.0.1:PORT}. */
  public URI endpoint() {
    return endpoint;
  }

  public String accessKey() {
    return ACCESS_KEY;
  }

  public String secretKey() {
    return SECRET_KEY;
  }

  /** Stops the server (connections are closed at once) and releases the store. */
  @Override
  public void close() throws Exception {
    try {
      s3Proxy.stop();
    } finally {
      blobStore.close();
    }
  }
}
