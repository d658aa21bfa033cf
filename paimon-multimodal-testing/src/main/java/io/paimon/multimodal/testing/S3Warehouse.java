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

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.fs.FileIOLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An in-process S3 endpoint for tests: s3proxy on {@code 127.0.0.1} and a random port, storing its
 * objects as files in a temporary directory, with one bucket, and connections to a warehouse {@code
 * s3://bucket/wh} on it configured with the endpoint's {@code s3.*} options.
 *
 * <pre>{@code
 * class OnS3Test {
 *   @RegisterExtension static S3Warehouse s3 = S3Warehouse.create();   // one endpoint per class
 *
 *   @Test
 *   void writesToS3() {
 *     try (Connection conn = s3.connect()) {
 *       Table t = conn.createTable("t", schema, false);
 *       ...
 *     }
 *   }
 * }
 * // without JUnit's extension model:
 * try (S3Warehouse s3 = S3Warehouse.create().start(); Connection conn = s3.connect()) { ... }
 * }</pre>
 *
 * <p>As a static field registered with {@code @RegisterExtension} it starts before the class's
 * tests and stops after them; as an instance field, it starts before each test and stops after it.
 * The warehouse persists while the endpoint runs, so tests of one class see each other's tables.
 * The caller closes the connections it opens, before the endpoint stops.
 *
 * <p>It needs two test-scope dependencies that {@code paimon-multimodal-testing} does not bring:
 * {@code io.paimon:paimon-multimodal-s3}, which serves {@code s3://} warehouses, and {@code
 * org.gaul:s3proxy}, the endpoint; {@link #start} names what is missing. Thread-safe.
 */
public final class S3Warehouse
    implements BeforeAllCallback,
        AfterAllCallback,
        BeforeEachCallback,
        AfterEachCallback,
        AutoCloseable {

  /** The access key id the endpoint accepts. */
  public static final String ACCESS_KEY = "paimon-testing-access-key";

  /** The secret key the endpoint accepts. */
  public static final String SECRET_KEY = "paimon-testing-secret-key";

  /** The region connections sign for; the endpoint accepts any. */
  public static final String REGION = "us-east-1";

  /** The bucket that holds the warehouse. */
  public static final String BUCKET = "bucket";

  /** The dependency that provides the endpoint, as Maven coordinates. */
  static final String S3PROXY = "org.gaul:s3proxy";

  private Path dir;
  private AutoCloseable server;
  private URI endpoint;
  private boolean startedForTest;

  private S3Warehouse() {}

  /** A warehouse whose endpoint starts when a test class (or test) starts, or on {@link #start}. */
  public static S3Warehouse create() {
    return new S3Warehouse();
  }

  /**
   * Starts the endpoint and creates the bucket, unless it runs already.
   *
   * @return this
   * @throws IllegalStateException if s3proxy or paimon-multimodal-s3 is not on the class path (the
   *     message names the dependency to add) or the endpoint does not start
   */
  public synchronized S3Warehouse start() {
    if (server != null) {
      return this;
    }
    requireClass(
        "org.gaul.s3proxy.S3Proxy",
        "S3Warehouse needs s3proxy on the test class path: add the dependency "
            + S3PROXY
            + " (version 4.1.0, the one paimon-multimodal-testing is built with) at test scope");
    requireS3Storage();
    try {
      dir = Files.createTempDirectory("paimon-s3-");
      S3ProxyEndpoint proxy = new S3ProxyEndpoint(dir, ACCESS_KEY, SECRET_KEY);
      proxy.createBucket(BUCKET);
      endpoint = proxy.endpoint();
      server = proxy;
    } catch (Exception e) {
      deleteDir(e);
      throw new IllegalStateException("cannot start the S3 endpoint: " + e.getMessage(), e);
    }
    return this;
  }

  /** Whether the endpoint runs. */
  public synchronized boolean isRunning() {
    return server != null;
  }

  /** The endpoint, {@code http://127.0.0.1:PORT}; starts it if needed. */
  public URI endpoint() {
    start();
    synchronized (this) {
      return endpoint;
    }
  }

  /** The warehouse URI, {@code s3://bucket/wh}. */
  public String warehouse() {
    return "s3://" + BUCKET + "/wh";
  }

  /**
   * The connection options for the endpoint: {@code s3.endpoint}, {@code s3.region}, {@code
   * s3.access-key}, {@code s3.secret-key} and {@code s3.path-style-access=true}; starts it if
   * needed.
   */
  public Map<String, String> options() {
    Map<String, String> o = new LinkedHashMap<>();
    o.put("s3.endpoint", endpoint().toString());
    o.put("s3.region", REGION);
    o.put("s3.access-key", ACCESS_KEY);
    o.put("s3.secret-key", SECRET_KEY);
    o.put("s3.path-style-access", "true");
    return o;
  }

  /**
   * A connection builder for the warehouse with the endpoint's options, for adding options of one's
   * own; starts the endpoint if needed.
   */
  public Multimodal.Builder builder() {
    Multimodal.Builder b = Multimodal.builder().warehouse(warehouse());
    options().forEach(b::option);
    return b;
  }

  /** Connects to the {@code default} database of the warehouse; the caller closes it. */
  public Connection connect() {
    return builder().connect();
  }

  /** Connects to a database of the warehouse, created if missing; the caller closes it. */
  public Connection connect(String database) {
    return builder().database(database).connect();
  }

  /** Stops the endpoint and deletes its directory; idempotent. */
  @Override
  public synchronized void close() throws Exception {
    if (server == null) {
      return;
    }
    try {
      server.close();
    } finally {
      server = null;
      endpoint = null;
      deleteDir(null);
    }
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    start();
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    close();
  }

  @Override
  public synchronized void beforeEach(ExtensionContext context) {
    if (server == null) {
      startedForTest = true;
      start();
    }
  }

  @Override
  public synchronized void afterEach(ExtensionContext context) throws Exception {
    if (startedForTest) {
      startedForTest = false;
      close();
    }
  }

  /** Fails with {@code message} unless a class is on the class path. */
  static void requireClass(String className, String message) {
    try {
      Class.forName(className, false, S3Warehouse.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalStateException(message, e);
    }
  }

  private static void requireS3Storage() {
    for (FileIOLoader loader : ServiceLoader.load(FileIOLoader.class)) {
      if ("s3".equals(loader.scheme())) {
        return;
      }
    }
    throw new IllegalStateException(
        "S3Warehouse needs the S3 storage on the test class path: add the dependency"
            + " io.paimon:paimon-multimodal-s3 at test scope");
  }

  private void deleteDir(Exception failure) {
    if (dir == null) {
      return;
    }
    try {
      TempWarehouses.deleteRecursively(dir);
    } catch (IOException e) {
      if (failure != null) {
        failure.addSuppressed(e);
      } else {
        throw new UncheckedIOException("cannot delete the S3 endpoint's directory " + dir, e);
      }
    } finally {
      dir = null;
    }
  }
}
