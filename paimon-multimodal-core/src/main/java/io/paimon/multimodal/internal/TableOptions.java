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
package io.paimon.multimodal.internal;

import io.paimon.multimodal.SchemaException;
import io.paimon.multimodal.internal.write.WriteOptions;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The Paimon table options that decide how a table is laid out and read, parsed once from its
 * schema's options (keys and defaults are Paimon's). Immutable.
 */
public final class TableOptions {

  public static final String BUCKET = "bucket";
  public static final String FILE_FORMAT = "file.format";
  public static final String ROW_TRACKING = "row-tracking.enabled";
  public static final String DATA_EVOLUTION = "data-evolution.enabled";
  public static final String DELETION_VECTORS = "deletion-vectors.enabled";
  public static final String PARTITION_DEFAULT_NAME = "partition.default-name";
  public static final String PARTITION_LEGACY_NAME = "partition.legacy-name";
  public static final String DATA_FILE_PATH_DIRECTORY = "data-file.path-directory";
  public static final String BLOB_DESCRIPTOR_FIELD = "blob-descriptor-field";
  public static final String MANIFEST_MERGE_MIN_COUNT = "manifest.merge-min-count";
  public static final String MANIFEST_TARGET_FILE_SIZE = "manifest.target-file-size";

  /** Paimon's default name of a null or blank partition value's directory. */
  public static final String DEFAULT_PARTITION_NAME = "__DEFAULT_PARTITION__";

  private final Map<String, String> options;
  private final String partitionDefaultName;
  private final boolean legacyPartitionName;
  private final String dataDirectory;
  private final Set<String> descriptorFields;
  private final int mergeMinCount;
  private final long manifestTargetFileSize;

  private TableOptions(Map<String, String> options) {
    this.options = Map.copyOf(options);
    this.partitionDefaultName =
        options.getOrDefault(PARTITION_DEFAULT_NAME, DEFAULT_PARTITION_NAME);
    this.legacyPartitionName =
        !"false".equalsIgnoreCase(options.getOrDefault(PARTITION_LEGACY_NAME, "true").trim());
    this.dataDirectory = options.get(DATA_FILE_PATH_DIRECTORY);
    Set<String> fields = new LinkedHashSet<>();
    String descriptor = options.get(BLOB_DESCRIPTOR_FIELD);
    if (descriptor != null) {
      for (String f : descriptor.split(",")) {
        if (!f.isBlank()) {
          fields.add(f.trim());
        }
      }
    }
    this.descriptorFields = Set.copyOf(fields);
    this.mergeMinCount = positive(options, MANIFEST_MERGE_MIN_COUNT, 30);
    this.manifestTargetFileSize = WriteOptions.size(options, MANIFEST_TARGET_FILE_SIZE, 8L << 20);
  }

  /**
   * Parses a table's options.
   *
   * @throws SchemaException naming the option whose value does not parse
   */
  public static TableOptions of(Map<String, String> options) {
    return new TableOptions(options);
  }

  private static int positive(Map<String, String> options, String key, int defaultValue) {
    String v = options.get(key);
    if (v == null) {
      return defaultValue;
    }
    try {
      int n = Integer.parseInt(v.trim());
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new SchemaException("option " + key + " = '" + v + "' is not a positive integer");
  }

  /** The options as stored. */
  public Map<String, String> asMap() {
    return options;
  }

  /** A raw option, or null. */
  public String get(String key) {
    return options.get(key);
  }

  /** Whether a boolean option is set to true. */
  public boolean isTrue(String key) {
    String v = options.get(key);
    return v != null && v.trim().equalsIgnoreCase("true");
  }

  public String partitionDefaultName() {
    return partitionDefaultName;
  }

  public boolean legacyPartitionName() {
    return legacyPartitionName;
  }

  /** Paimon's {@code data-file.path-directory}, or null. */
  public String dataDirectory() {
    return dataDirectory;
  }

  /** BLOB columns stored as descriptors in the data file ({@code blob-descriptor-field}). */
  public Set<String> descriptorFields() {
    return descriptorFields;
  }

  public int mergeMinCount() {
    return mergeMinCount;
  }

  public long manifestTargetFileSize() {
    return manifestTargetFileSize;
  }

  /**
   * The options every table we create gets: an append table with row tracking and data evolution.
   */
  public static List<Map.Entry<String, String>> required() {
    return List.of(Map.entry(ROW_TRACKING, "true"), Map.entry(DATA_EVOLUTION, "true"));
  }

  /**
   * The file format of tables created without {@code file.format}: {@code row}, this library's own
   * (Paimon's default, when the option is absent, is parquet, so it is always written down).
   */
  public static final String DEFAULT_FILE_FORMAT = "row";
}
