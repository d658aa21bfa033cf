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

import io.paimon.multimodal.fs.FileIO;
import java.nio.file.Path;
import java.util.Map;

/**
 * The local file system under URIs of a scheme of its own, {@code testfs://<local path>} (served by
 * the test loader {@code io.paimon.multimodal.fs.PrefixFileIOLoader}): a storage whose warehouse
 * paths are not local paths, to find where a contract suite assumes they are, without an object
 * store.
 *
 * <p>Deliberately not registered, since every registered storage runs every contract suite again.
 * To run the suites on it, list it in {@code
 * src/test/resources/META-INF/services/io.paimon.multimodal.testing.TestStorage} for one run and
 * select it with {@code -Dpaimon.test.storages=testfs}. Remove the entry afterwards and build
 * clean: an incremental build keeps the copy in {@code target/test-classes}, and with it the second
 * run of every suite.
 */
public final class TestfsStorage implements TestStorage {

  private static final String PREFIX = "testfs://";

  /** Created on first use, as the scheme's loader records the options of each load. */
  private static final class Shared {
    static final FileIO IO = FileIO.forUri(PREFIX + "/", Map.of());
  }

  @Override
  public String name() {
    return "testfs";
  }

  @Override
  public FileIO fileIO() {
    return Shared.IO;
  }

  @Override
  public String newWarehouse(Path tempDir) {
    return PREFIX + tempDir.toAbsolutePath().resolve("wh");
  }

  @Override
  public String toString() {
    return name();
  }
}
