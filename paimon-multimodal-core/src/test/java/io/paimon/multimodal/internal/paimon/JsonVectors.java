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
package io.paimon.multimodal.internal.paimon;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/** The JSON test vectors under {@code src/test/resources/paimon-json/} (see its README). */
final class JsonVectors {

  /** Schema files written by Paimon Java 1.4.2: re-serializing them must give the same bytes. */
  static final List<String> JAVA_SCHEMAS =
      List.of(
          "golden/paimon-java-1.4.2-parquet/docs/schema/schema-0",
          "golden/paimon-java-1.4.2-parquet/events/schema/schema-0",
          "golden/paimon-java-1.4.2-row/docs/schema/schema-0",
          "golden/paimon-java-1.4.2-row/events/schema/schema-0",
          "paimon-1.4.2/schema-nested");

  static final List<String> PYPAIMON_SCHEMAS =
      List.of(
          "golden/pypaimon-2.x-parquet/docs/schema/schema-0",
          "golden/pypaimon-2.x-row/docs_row/schema/schema-0",
          "golden/pypaimon-2.x-row-evolution/clips/schema/schema-0",
          "golden/pypaimon-2.x-row-evolution/clips/schema/schema-1");

  static final List<String> JAVA_SNAPSHOTS =
      List.of(
          "golden/paimon-java-1.4.2-parquet/docs/snapshot/snapshot-1",
          "golden/paimon-java-1.4.2-parquet/docs/snapshot/snapshot-2",
          "golden/paimon-java-1.4.2-parquet/events/snapshot/snapshot-1",
          "golden/paimon-java-1.4.2-row/docs/snapshot/snapshot-1",
          "golden/paimon-java-1.4.2-row/docs/snapshot/snapshot-2",
          "golden/paimon-java-1.4.2-row/events/snapshot/snapshot-1",
          "paimon-1.4.2/snapshot-full",
          "paimon-1.4.2/snapshot-empty-properties");

  static final List<String> PYPAIMON_SNAPSHOTS =
      List.of(
          "golden/pypaimon-2.x-parquet/docs/snapshot/snapshot-1",
          "golden/pypaimon-2.x-parquet/docs/snapshot/snapshot-2",
          "golden/pypaimon-2.x-row/docs_row/snapshot/snapshot-1",
          "golden/pypaimon-2.x-row/docs_row/snapshot/snapshot-2",
          "golden/pypaimon-2.x-row-evolution/clips/snapshot/snapshot-1",
          "golden/pypaimon-2.x-row-evolution/clips/snapshot/snapshot-2",
          "golden/pypaimon-2.x-row-evolution/clips/snapshot/snapshot-3");

  static final List<String> JAVA_TAGS =
      List.of(
          "golden/paimon-java-1.4.2-parquet/docs/tag/tag-v1",
          "golden/paimon-java-1.4.2-row/docs/tag/tag-v1",
          "paimon-1.4.2/tag-retained",
          "paimon-1.4.2/tag-whole-seconds",
          "paimon-1.4.2/tag-whole-minutes",
          "paimon-1.4.2/tag-nanos-only",
          "paimon-1.4.2/tag-no-retention");

  static final String PYPAIMON_TAG = "golden/pypaimon-2.x-row-evolution/clips/tag/tag-v2";

  private JsonVectors() {}

  static byte[] load(String name) {
    try (InputStream in = JsonVectors.class.getResourceAsStream("/paimon-json/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource paimon-json/" + name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
