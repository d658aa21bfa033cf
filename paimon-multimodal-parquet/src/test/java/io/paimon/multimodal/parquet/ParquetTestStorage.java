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
package io.paimon.multimodal.parquet;

import io.paimon.multimodal.Connection;
import io.paimon.multimodal.Multimodal;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.testing.TestStorage;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

/**
 * The local file system with every table created in parquet ({@code table-default.file.format =
 * parquet}): the contract suites of core, BLOB reads and alignment run over it in this module's
 * {@code contract-on-parquet} execution. Thread-safe.
 */
public final class ParquetTestStorage implements TestStorage {

  @Override
  public String name() {
    return "parquet";
  }

  @Override
  public FileIO fileIO() {
    return FileIO.local();
  }

  @Override
  public String newWarehouse(Path tempDir) {
    return tempDir.resolve("wh").toString();
  }

  @Override
  public String dataFileFormat() {
    return "parquet";
  }

  @Override
  public boolean isLocal() {
    return true;
  }

  @Override
  public Connection connect(Path tempDir, UnaryOperator<FileIO> wrap) {
    return Multimodal.builder()
        .warehouse(newWarehouse(tempDir))
        .fileIO(wrap.apply(fileIO()))
        .option("table-default.file.format", "parquet")
        .connect();
  }

  @Override
  public String toString() {
    return name();
  }
}
