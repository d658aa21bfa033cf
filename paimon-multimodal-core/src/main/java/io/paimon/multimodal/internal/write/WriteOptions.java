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
import io.paimon.multimodal.internal.TableOptions;
import io.paimon.row.DataFileFormat;
import io.paimon.row.DataFileFormats;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileWriter;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;

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
 *       1): Paimon's {@code .row} options;
 *   <li>{@code file.format}: the format new data files are written in, {@code row} or one that a
 *       registered {@link DataFileFormat} writes ({@code parquet}, with the parquet artifact on the
 *       class path), which takes its own options from the table's (see {@link
 *       DataFileFormat#newWriter}). Paimon's default, when the option is absent, is parquet.
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
  private final String fileFormat;

  /** The format writing {@link #fileFormat}, or null for {@code row} or a format none writes. */
  private final DataFileFormat format;

  private final Map<String, String> tableOptions;

  private WriteOptions(
      long targetFileSize,
      long blobTargetFileSize,
      RowFileOptions rowFileOptions,
      int rowGroupSize,
      int maxOpenPartitionWriters,
      String fileFormat,
      Map<String, String> tableOptions) {
    this.targetFileSize = targetFileSize;
    this.blobTargetFileSize = blobTargetFileSize;
    this.rowFileOptions = rowFileOptions;
    this.rowGroupSize = rowGroupSize;
    this.maxOpenPartitionWriters = maxOpenPartitionWriters;
    this.fileFormat = fileFormat;
    this.format =
        ROW.equals(fileFormat)
            ? null
            : DataFileFormats.forExtension(fileFormat)
                .filter(DataFileFormat::canWrite)
                .orElse(null);
    this.tableOptions = Map.copyOf(tableOptions);
  }

  private static final String ROW = "row";

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
    String fileFormat =
        options.getOrDefault(TableOptions.FILE_FORMAT, "parquet").trim().toLowerCase(Locale.ROOT);
    return new WriteOptions(
        target, blobTarget, rowOptions, groupSize, maxOpen, fileFormat, options);
  }

  /** The table's {@code file.format}, lower case. */
  public String fileFormat() {
    return fileFormat;
  }

  /**
   * Why data files of this format cannot be written, or empty when they can ({@code row}, or a
   * registered format that writes).
   */
  public Optional<String> whyNotWritable() {
    if (ROW.equals(fileFormat) || format != null) {
      return Optional.empty();
    }
    if (DataFileFormats.forExtension(fileFormat).isPresent()) {
      return Optional.of(
          "its data files are " + fileFormat + " (file.format), which is read but not written");
    }
    return Optional.of(
        "its data files are "
            + fileFormat
            + " (file.format), which this library does not write"
            + ("parquet".equals(fileFormat)
                ? " without the io.paimon:paimon-multimodal-parquet artifact on the class path"
                : " (row and parquet are written)"));
  }

  /**
   * Checks that rows of {@code fileType} can be written in the table's format with its options.
   *
   * @throws SchemaException naming the format, option or column otherwise
   */
  public void checkWritable(RowType fileType) {
    Optional<String> why = whyNotWritable();
    if (why.isPresent()) {
      throw new SchemaException("cannot write the table: " + why.get());
    }
    if (format != null) {
      try {
        format.checkWritable(fileType, tableOptions);
      } catch (IllegalArgumentException e) {
        throw new SchemaException(fileFormat + " data files: " + e.getMessage(), e);
      }
    }
  }

  /** The extension of new data files, without the dot. */
  public String dataFileExtension() {
    return format == null ? ROW : format.extension();
  }

  /**
   * Opens a writer of a new data file in the table's format; {@code executor} compresses {@code
   * .row} blocks while the next is encoded.
   */
  public RowFileWriter newDataFileWriter(
      OutputStream out, String path, RowType fileType, Executor executor) throws IOException {
    RowFileOptions o = rowFileOptions.executor(executor);
    if (format == null) {
      return io.paimon.row.RowFile.newWriter(out, path, fileType, o);
    }
    return format.newWriter(out, path, fileType, tableOptions, o);
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
