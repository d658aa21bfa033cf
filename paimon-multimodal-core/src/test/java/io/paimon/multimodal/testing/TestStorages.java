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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The storages of this test run: {@link #LOCAL} and those registered in {@code
 * META-INF/services/io.paimon.multimodal.testing.TestStorage}, narrowed by the system property
 * {@value #PROPERTY} (a comma-separated list of names) when it is set. The S3 module runs the core,
 * BLOB and window contract suites with it set to {@code s3}, since this module already runs them
 * locally.
 */
public final class TestStorages {

  /** The system property naming the storages to run. */
  public static final String PROPERTY = "paimon.test.storages";

  /** The local file system, a warehouse in the test's temporary directory. */
  public static final TestStorage LOCAL =
      new TestStorage() {
        @Override
        public String name() {
          return "local";
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
        public boolean isLocal() {
          return true;
        }

        @Override
        public String toString() {
          return name();
        }
      };

  private static final List<TestStorage> ALL = discover();

  private TestStorages() {}

  /** Every storage of this run, for {@code @ParameterizedClass @MethodSource}. */
  public static List<TestStorage> all() {
    return ALL;
  }

  private static List<TestStorage> discover() {
    List<TestStorage> found = new ArrayList<>();
    found.add(LOCAL);
    ServiceLoader.load(TestStorage.class).forEach(found::add);
    String wanted = System.getProperty(PROPERTY, "").trim();
    if (wanted.isEmpty()) {
      return List.copyOf(found);
    }
    Set<String> names =
        Arrays.stream(wanted.split(",")).map(String::trim).collect(Collectors.toSet());
    List<TestStorage> out =
        found.stream().filter(s -> names.contains(s.name())).collect(Collectors.toList());
    if (out.isEmpty()) {
      throw new IllegalStateException(
          PROPERTY + "=" + wanted + " names no storage on the class path; found " + found);
    }
    return List.copyOf(out);
  }
}
