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
package io.paimon.multimodal.internal.write;

import io.paimon.multimodal.SchemaException;
import io.paimon.row.RowFileOptions;
import java.util.Locale;
import java.util.Map;

/**
 * The table options that steer writing, parsed from the schema's options:
 *
 * <ul>
 *   <li>{@code target-file-size} (default 128 mb): a data file is rolled once its compressed size
 *       reaches this;
 *   <li>{@code blob.target-file-size} (default 1 gb): likewise for each {@code .blob} file;
 *   <li>{@code stats.row-group-size} (default 4096): rows per group of the per-file statistics that
 *       let a filtered scan read only the blocks that can match;
 *   <li>{@code partition.max-open-writers} (default 16): how many partitions of one commit may have
 *       open files at once (see {@link PartitionedWriter});
 *   <li>{@code file.block-size} (default 64 kb) and {@code file.compression.zstd-level} (default
 *       1): Paimon's {@code .row} options.
 * </ul>
 *
 * Sizes accept a number of bytes or a number with b, kb, mb, gb (e.g. {@code "256 mb"}).
 */
public final class WriteOptions {

  public static final String TARGET_FILE_SIZE = "target-file-size";
  public static final String BLOB_TARGET_FILE_SIZE = "blob.target-file-size";
  public static final String BLOCK_SIZE = "file.block-size";
  public static final String ZSTD_LEVEL = "file.compression.zstd-level";

  /**
   * The least share of a block's bytes zstd must save for it to be entropy-coded ({@link
   * RowFileOptions#minCompressionSavings}; ours, 0 for Paimon's exact bytes).
   */
  public static final String MIN_COMPRESSION_SAVINGS = "row.compression.min-savings";

  public static final String ROW_GROUP_SIZE = "stats.row-group-size";
  public static final String MAX_OPEN_PARTITION_WRITERS = "partition.max-open-writers";

  /** Partitions of one commit with open files at once, by default. */
  public static final int DEFAULT_MAX_OPEN_PARTITION_WRITERS = 16;

  /** Rows per group of the per-file row-group statistics that filtered scans prune blocks by. */
  public static final int DEFAULT_ROW_GROUP_SIZE = 4096;

  private final long targetFileSize;
  private final long blobTargetFileSize;
  private final RowFileOptions rowFileOptions;
  private final int rowGroupSize;
  private final int maxOpenPartitionWriters;

  private WriteOptions(
      long targetFileSize,
      long blobTargetFileSize,
      RowFileOptions rowFileOptions,
      int rowGroupSize,
      int maxOpenPartitionWriters) {
    this.targetFileSize = targetFileSize;
    this.blobTargetFileSize = blobTargetFileSize;
    this.rowFileOptions = rowFileOptions;
    this.rowGroupSize = rowGroupSize;
    this.maxOpenPartitionWriters = maxOpenPartitionWriters;
  }

  public static WriteOptions of(Map<String, String> options) {
    long target = size(options, TARGET_FILE_SIZE, 128L << 20);
    long blobTarget = size(options, BLOB_TARGET_FILE_SIZE, 1L << 30);
    long block = size(options, BLOCK_SIZE, RowFileOptions.DEFAULT_BLOCK_SIZE);
    if (block > Integer.MAX_VALUE) {
      throw new SchemaException("option " + BLOCK_SIZE + " is too large: " + block);
    }
    RowFileOptions rowOptions = RowFileOptions.defaults().blockSize((int) block);
    String level = options.get(ZSTD_LEVEL);
    if (level != null) {
      try {
        rowOptions = rowOptions.zstdLevel(Integer.parseInt(level.trim()));
      } catch (IllegalArgumentException e) {
        throw new SchemaException(
            "option " + ZSTD_LEVEL + " = '" + level + "': " + e.getMessage(), e);
      }
    }
    String savings = options.get(MIN_COMPRESSION_SAVINGS);
    if (savings != null) {
      try {
        rowOptions = rowOptions.minCompressionSavings(Double.parseDouble(savings.trim()));
      } catch (IllegalArgumentException e) {
        throw new SchemaException(
            "option " + MIN_COMPRESSION_SAVINGS + " = '" + savings + "': " + e.getMessage(), e);
      }
    }
    int groupSize = positiveInt(options, ROW_GROUP_SIZE, DEFAULT_ROW_GROUP_SIZE, "rows");
    int maxOpen =
        positiveInt(
            options, MAX_OPEN_PARTITION_WRITERS, DEFAULT_MAX_OPEN_PARTITION_WRITERS, "partitions");
    return new WriteOptions(target, blobTarget, rowOptions, groupSize, maxOpen);
  }

  private static int positiveInt(
      Map<String, String> options, String key, int defaultValue, String what) {
    String v = options.get(key);
    if (v == null) {
      return defaultValue;
    }
    int n;
    try {
      n = Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      n = 0;
    }
    if (n <= 0) {
      throw new SchemaException(
          "option " + key + " = '" + v + "' is not a positive number of " + what);
    }
    return n;
  }

  /** Parses "123", "64 kb", "128mb", "1 GB". */
  public static long size(Map<String, String> options, String key, long defaultValue) {
    String v = options.get(key);
    if (v == null) {
      return defaultValue;
    }
    String s = v.trim().toLowerCase(Locale.ROOT).replace(" ", "");
    long unit = 1;
    if (s.endsWith("kb")) {
      unit = 1L << 10;
    } else if (s.endsWith("mb")) {
      unit = 1L << 20;
    } else if (s.endsWith("gb")) {
      unit = 1L << 30;
    }
    String digits = s.replaceAll("[a-z]+$", "");
    try {
      long n = Long.parseLong(digits);
      if (n <= 0) {
        throw new NumberFormatException();
      }
      return Math.multiplyExact(n, unit);
    } catch (NumberFormatException | ArithmeticException e) {
      throw new SchemaException(
          "option " + key + " = '" + v + "' is not a positive size such as 128 mb");
    }
  }

  public long targetFileSize() {
    return targetFileSize;
  }

  public long blobTargetFileSize() {
    return blobTargetFileSize;
  }

  public int rowGroupSize() {
    return rowGroupSize;
  }

  /** How many partitions of one commit may have open files at once. */
  public int maxOpenPartitionWriters() {
    return maxOpenPartitionWriters;
  }

  public RowFileOptions rowFileOptions() {
    return rowFileOptions;
  }
}
