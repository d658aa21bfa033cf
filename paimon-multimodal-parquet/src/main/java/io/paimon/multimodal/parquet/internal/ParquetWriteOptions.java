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
package io.paimon.multimodal.parquet.internal;

import java.util.Locale;
import java.util.Map;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The table options a parquet data file is written with, by Paimon's names and defaults:
 *
 * <ul>
 *   <li>{@code parquet.compression}, else {@code file.compression} (default {@code zstd}; {@code
 *       none}, {@code uncompressed}, {@code snappy}, {@code gzip}, {@code lz4_raw});
 *   <li>{@code parquet.compression.codec.zstd.level}, else {@code file.compression.zstd-level}
 *       (default 1);
 *   <li>{@code parquet.block.size}, else {@code file.block-size}: the row-group size (default 128
 *       MiB), which is also what a writer buffers before it writes a row group;
 *   <li>{@code parquet.page.size} (1 MiB), {@code parquet.page.row.count.limit} (20,000), {@code
 *       parquet.dictionary.page.size} (1 MiB), {@code parquet.enable.dictionary} (true), {@code
 *       parquet.writer.version} ({@code v1}), {@code parquet.bloom.filter.enabled} (false), {@code
 *       parquet.statistics.truncate.length} and {@code parquet.columnindex.truncate.length}.
 * </ul>
 *
 * Sizes take a number of bytes or a number with kb, mb or gb. Immutable.
 */
record ParquetWriteOptions(
    CompressionCodecName codec,
    int zstdLevel,
    long rowGroupSize,
    int pageSize,
    int pageRowCountLimit,
    int dictionaryPageSize,
    boolean dictionary,
    ParquetProperties.WriterVersion writerVersion,
    boolean bloomFilter,
    int statisticsTruncateLength,
    int columnIndexTruncateLength) {

  static final String COMPRESSION = "parquet.compression";
  static final String FILE_COMPRESSION = "file.compression";
  static final String ZSTD_LEVEL = "parquet.compression.codec.zstd.level";
  static final String FILE_ZSTD_LEVEL = "file.compression.zstd-level";
  static final String BLOCK_SIZE = "parquet.block.size";
  static final String FILE_BLOCK_SIZE = "file.block-size";
  static final String PAGE_SIZE = "parquet.page.size";
  static final String PAGE_ROW_COUNT_LIMIT = "parquet.page.row.count.limit";
  static final String DICTIONARY_PAGE_SIZE = "parquet.dictionary.page.size";
  static final String ENABLE_DICTIONARY = "parquet.enable.dictionary";
  static final String WRITER_VERSION = "parquet.writer.version";
  static final String BLOOM_FILTER = "parquet.bloom.filter.enabled";
  static final String STATISTICS_TRUNCATE = "parquet.statistics.truncate.length";
  static final String COLUMN_INDEX_TRUNCATE = "parquet.columnindex.truncate.length";

  /**
   * Parses the options.
   *
   * @throws IllegalArgumentException naming the option whose value is malformed or unsupported
   */
  static ParquetWriteOptions of(Map<String, String> options) {
    String compressionKey = options.containsKey(COMPRESSION) ? COMPRESSION : FILE_COMPRESSION;
    CompressionCodecName codec =
        codec(compressionKey, options.getOrDefault(compressionKey, "zstd"));
    String levelKey = options.containsKey(ZSTD_LEVEL) ? ZSTD_LEVEL : FILE_ZSTD_LEVEL;
    int level = (int) number(options, levelKey, 1, -131072, 22);
    String blockKey = options.containsKey(BLOCK_SIZE) ? BLOCK_SIZE : FILE_BLOCK_SIZE;
    long rowGroup = size(options, blockKey, 128L << 20, Long.MAX_VALUE);
    return new ParquetWriteOptions(
        codec,
        level,
        rowGroup,
        (int) size(options, PAGE_SIZE, ParquetProperties.DEFAULT_PAGE_SIZE, Integer.MAX_VALUE),
        (int)
            number(
                options,
                PAGE_ROW_COUNT_LIMIT,
                ParquetProperties.DEFAULT_PAGE_ROW_COUNT_LIMIT,
                1,
                Integer.MAX_VALUE),
        (int)
            size(
                options,
                DICTIONARY_PAGE_SIZE,
                ParquetProperties.DEFAULT_DICTIONARY_PAGE_SIZE,
                Integer.MAX_VALUE),
        bool(options, ENABLE_DICTIONARY, ParquetProperties.DEFAULT_IS_DICTIONARY_ENABLED),
        writerVersion(options.get(WRITER_VERSION)),
        bool(options, BLOOM_FILTER, ParquetProperties.DEFAULT_BLOOM_FILTER_ENABLED),
        (int)
            number(
                options,
                STATISTICS_TRUNCATE,
                ParquetProperties.DEFAULT_STATISTICS_TRUNCATE_LENGTH,
                1,
                Integer.MAX_VALUE),
        (int)
            number(
                options,
                COLUMN_INDEX_TRUNCATE,
                ParquetProperties.DEFAULT_COLUMN_INDEX_TRUNCATE_LENGTH,
                1,
                Integer.MAX_VALUE));
  }

  private static CompressionCodecName codec(String key, String value) {
    String v = value.trim().toLowerCase(Locale.ROOT);
    CompressionCodecName codec;
    switch (v) {
      case "none":
      case "uncompressed":
        codec = CompressionCodecName.UNCOMPRESSED;
        break;
      case "zstd":
        codec = CompressionCodecName.ZSTD;
        break;
      case "snappy":
        codec = CompressionCodecName.SNAPPY;
        break;
      case "gzip":
        codec = CompressionCodecName.GZIP;
        break;
      case "lz4_raw":
        codec = CompressionCodecName.LZ4_RAW;
        break;
      default:
        throw new IllegalArgumentException(
            "option "
                + key
                + " = '"
                + value
                + "' is not a parquet codec this library writes (none, zstd, snappy, gzip,"
                + " lz4_raw)");
    }
    return codec;
  }

  private static ParquetProperties.WriterVersion writerVersion(String v) {
    if (v == null) {
      return ParquetProperties.DEFAULT_WRITER_VERSION;
    }
    switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "v1":
      case "parquet_1_0":
        return ParquetProperties.WriterVersion.PARQUET_1_0;
      case "v2":
      case "parquet_2_0":
        return ParquetProperties.WriterVersion.PARQUET_2_0;
      default:
        throw new IllegalArgumentException(
            "option " + WRITER_VERSION + " = '" + v + "' is neither v1 nor v2");
    }
  }

  private static boolean bool(Map<String, String> options, String key, boolean defaultValue) {
    String v = options.get(key);
    if (v == null) {
      return defaultValue;
    }
    switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "true":
        return true;
      case "false":
        return false;
      default:
        throw new IllegalArgumentException("option " + key + " = '" + v + "' is not true or false");
    }
  }

  private static long number(
      Map<String, String> options, String key, long defaultValue, long min, long max) {
    String v = options.get(key);
    if (v == null) {
      return defaultValue;
    }
    long n;
    try {
      n = Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("option " + key + " = '" + v + "' is not a number");
    }
    if (n < min || n > max) {
      throw new IllegalArgumentException(
          "option " + key + " = '" + v + "' is not between " + min + " and " + max);
    }
    return n;
  }

  private static long size(Map<String, String> options, String key, long defaultValue, long max) {
    String v = options.get(key);
    if (v == null) {
      return defaultValue;
    }
    String s = v.trim().toLowerCase(Locale.ROOT).replace(" ", "");
    long unit = 1;
    for (String[] u : new String[][] {{"kb", "10"}, {"mb", "20"}, {"gb", "30"}, {"b", "0"}}) {
      if (s.endsWith(u[0])) {
        unit = 1L << Integer.parseInt(u[1]);
        s = s.substring(0, s.length() - u[0].length());
        break;
      }
    }
    try {
      long n = Math.multiplyExact(Long.parseLong(s), unit);
      if (n > 0 && n <= max) {
        return n;
      }
    } catch (NumberFormatException | ArithmeticException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        "option " + key + " = '" + v + "' is not a positive size such as 128 mb");
  }
}
