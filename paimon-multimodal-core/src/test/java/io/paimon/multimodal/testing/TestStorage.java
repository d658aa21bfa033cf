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
import io.paimon.multimodal.fs.FileIO;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

/**
 * A storage the contract suites run against: the local file system always, and any other found on
 * the test class path through {@link java.util.ServiceLoader} (the S3 module registers one backed
 * by an in-process S3 server). Suites take it as a {@code @ParameterizedClass} parameter from
 * {@link TestStorages#all()}, so one suite proves one behaviour on every storage.
 *
 * <p>Implementations are thread-safe; their {@link #fileIO()} is shared by every test of the JVM
 * and must not be closed by a test.
 */
public interface TestStorage {

  /** A short name for test reports ({@code local}, {@code s3}). */
  String name();

  /** The storage, shared; connections opened over it do not close it. */
  FileIO fileIO();

  /**
   * A fresh, empty warehouse root: {@code tempDir} itself for the local storage, a unique prefix in
   * a bucket for an object store.
   */
  String newWarehouse(Path tempDir);

  /** Whether warehouse paths are local paths a test may inspect with {@code java.nio.file}. */
  default boolean isLocal() {
    return false;
  }

  /**
   * The format new tables of this storage write their data files in ({@code row} unless the
   * storage's connections set {@code table-default.file.format}).
   */
  default String dataFileFormat() {
    return "row";
  }

  /** The extension of {@link #dataFileFormat()} files, with its dot. */
  default String dataFileExtension() {
    return "." + dataFileFormat();
  }

  /** Connects to a fresh warehouse. */
  default Connection connect(Path tempDir) {
    return connect(tempDir, UnaryOperator.identity());
  }

  /** Connects to a fresh warehouse through a wrapper of the storage (counting, latency). */
  default Connection connect(Path tempDir, UnaryOperator<FileIO> wrap) {
    return Multimodal.builder()
        .warehouse(newWarehouse(tempDir))
        .fileIO(wrap.apply(fileIO()))
        .connect();
  }
}
