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

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.s3.S3FileIO;
import io.paimon.multimodal.testing.TestStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;

/**
 * The S3 storage of the contract suites (registered in {@code
 * META-INF/services/io.paimon.multimodal.testing.TestStorage}): one in-process s3proxy with a
 * directory store for the whole test JVM, started on first use, and one {@link S3FileIO} over it;
 * every warehouse is a fresh prefix of one bucket. The server and the storage live until the JVM
 * exits (a shutdown hook closes them), since suites of many classes share them.
 */
public final class S3TestStorage implements TestStorage {

  static final String BUCKET = "contract";

  private static final class Holder {
    static final S3ProxyServer SERVER;
    static final S3FileIO IO;

    static {
      try {
        Path dir = Files.createTempDirectory("s3-contract");
        SERVER = S3ProxyServer.startFilesystem(dir).createBucket(BUCKET);
        IO = S3FileIO.create(options(SERVER));
        Runtime.getRuntime()
            .addShutdownHook(
                new Thread(
                    () -> {
                      try {
                        IO.close();
                        SERVER.close();
                      } catch (Exception e) {
                        // the JVM is exiting
                      }
                    },
                    "s3-contract-shutdown"));
      } catch (Exception e) {
        throw new ExceptionInInitializerError(e);
      }
    }
  }

  /** The options of our S3 storage for an s3proxy server. */
  public static Map<String, String> options(S3ProxyServer server) {
    return Map.of(
        "s3.endpoint", server.endpoint().toString(),
        "s3.region", S3ProxyServer.REGION,
        "s3.access-key", server.accessKey(),
        "s3.secret-key", server.secretKey(),
        "s3.path-style-access", "true");
  }

  @Override
  public String name() {
    return "s3";
  }

  @Override
  public FileIO fileIO() {
    return Holder.IO;
  }

  @Override
  public String newWarehouse(Path tempDir) {
    return "s3://" + BUCKET + "/" + UUID.randomUUID();
  }

  @Override
  public String toString() {
    return name();
  }
}
