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
package io.paimon.row;

import java.util.concurrent.Executor;

/**
 * Options of {@code .row} writers and readers. Immutable: every setter returns a copy. Thread-safe.
 *
 * <pre>{@code
 * RowFileOptions opts = RowFileOptions.defaults().blockSize(16 * 1024).zstdLevel(3);
 * }</pre>
 */
public final class RowFileOptions {

  /** Paimon's default block size ({@code file.block-size}), in uncompressed bytes. */
  public static final int DEFAULT_BLOCK_SIZE = 64 * 1024;

  /** Paimon's default zstd level ({@code file.compression.zstd-level}). */
  public static final int DEFAULT_ZSTD_LEVEL = 1;

  /** Blocks a sequential reader fetches and decompresses ahead of the one being decoded. */
  public static final int DEFAULT_READ_AHEAD_BLOCKS = 4;

  /**
   * The least share of a block's bytes zstd must save at the configured level for the block to be
   * stored that way: one fifth.
   */
  public static final double DEFAULT_MIN_COMPRESSION_SAVINGS = 0.2;

  /** The largest byte range a sequential reader fetches in one request. */
  public static final int DEFAULT_MAX_COALESCED_READ = 8 * 1024 * 1024;

  private static final RowFileOptions DEFAULTS =
      new RowFileOptions(
          DEFAULT_BLOCK_SIZE,
          DEFAULT_ZSTD_LEVEL,
          DEFAULT_READ_AHEAD_BLOCKS,
          DEFAULT_MAX_COALESCED_READ,
          Math.min(4, Runtime.getRuntime().availableProcessors()),
          null,
          null,
          DEFAULT_MIN_COMPRESSION_SAVINGS);

  private final int blockSize;
  private final int zstdLevel;
  private final int readAheadBlocks;
  private final int maxCoalescedRead;
  private final int decodeThreads;
  private final BlockCache blockCache;
  private final Executor executor;
  private final double minCompressionSavings;

  private RowFileOptions(
      int blockSize,
      int zstdLevel,
      int readAheadBlocks,
      int maxCoalescedRead,
      int decodeThreads,
      BlockCache blockCache,
      Executor executor,
      double minCompressionSavings) {
    this.minCompressionSavings = minCompressionSavings;
    this.blockSize = blockSize;
    this.zstdLevel = zstdLevel;
    this.readAheadBlocks = readAheadBlocks;
    this.maxCoalescedRead = maxCoalescedRead;
    this.decodeThreads = decodeThreads;
    this.blockCache = blockCache;
    this.executor = executor;
  }

  /**
   * Paimon's defaults: 64 KiB blocks, zstd level 1, 4 blocks of read-ahead, no executor (so reads
   * and writes run in the calling thread until one is given).
   */
  public static RowFileOptions defaults() {
    return DEFAULTS;
  }

  /**
   * The uncompressed size at which the writer closes a block (Paimon's {@code file.block-size}). A
   * block is flushed as soon as {@code rowBytes + 4 * rows + 4 >= blockSize}.
   *
   * @throws IllegalArgumentException if not positive
   */
  public RowFileOptions blockSize(int bytes) {
    if (bytes <= 0) {
      throw new IllegalArgumentException("blockSize must be positive, got " + bytes);
    }
    return new RowFileOptions(
        bytes,
        zstdLevel,
        readAheadBlocks,
        maxCoalescedRead,
        decodeThreads,
        blockCache,
        executor,
        minCompressionSavings);
  }

  /**
   * The zstd compression level of written blocks (Paimon's {@code file.compression.zstd-level}).
   *
   * @throws IllegalArgumentException if outside [-7, 22]
   */
  public RowFileOptions zstdLevel(int level) {
    if (level < -7 || level > 22) {
      throw new IllegalArgumentException("zstdLevel must be between -7 and 22, got " + level);
    }
    return new RowFileOptions(
        blockSize,
        level,
        readAheadBlocks,
        maxCoalescedRead,
        decodeThreads,
        blockCache,
        executor,
        minCompressionSavings);
  }

  /**
   * The least share of a block's bytes that compression at {@link #zstdLevel} must save for the
   * block to be stored so; a block it shrinks less is stored as a zstd frame without entropy coding
   * (level -1: matches only, literals raw, nothing at all saved on random bytes), which any zstd
   * decoder reads at memory speed instead of entropy-decoding it at some 600 MB/s per core. Such
   * blocks are typically random numeric features, embeddings or already-compressed bytes, which
   * zstd shrinks by 10 to 18% at level 1; a training job reads them every epoch. 0 keeps every
   * block at the configured level, as Paimon's own writer does (byte-identical files). Default
   * {@value #DEFAULT_MIN_COMPRESSION_SAVINGS}.
   *
   * @throws IllegalArgumentException if not in [0, 1)
   */
  public RowFileOptions minCompressionSavings(double fraction) {
    if (!(fraction >= 0 && fraction < 1)) {
      throw new IllegalArgumentException(
          "minCompressionSavings must be in [0, 1), got " + fraction);
    }
    return new RowFileOptions(
        blockSize,
        zstdLevel,
        readAheadBlocks,
        maxCoalescedRead,
        decodeThreads,
        blockCache,
        executor,
        fraction);
  }

  /** The least share of a block's bytes compression must save; see the setter. */
  public double minCompressionSavings() {
    return minCompressionSavings;
  }

  /**
   * How many blocks a sequential iterator reads and decompresses on the {@link #executor} ahead of
   * the block being decoded; 0, or no executor, reads synchronously in the caller's thread.
   *
   * @throws IllegalArgumentException if negative
   */
  public RowFileOptions readAheadBlocks(int blocks) {
    if (blocks < 0) {
      throw new IllegalArgumentException("readAheadBlocks must not be negative, got " + blocks);
    }
    return new RowFileOptions(
        blockSize,
        zstdLevel,
        blocks,
        maxCoalescedRead,
        decodeThreads,
        blockCache,
        executor,
        minCompressionSavings);
  }

  /**
   * The largest byte range fetched in one positional read when neighbouring blocks are coalesced.
   *
   * @throws IllegalArgumentException if not positive
   */
  public RowFileOptions maxCoalescedRead(int bytes) {
    if (bytes <= 0) {
      throw new IllegalArgumentException("maxCoalescedRead must be positive, got " + bytes);
    }
    return new RowFileOptions(
        blockSize,
        zstdLevel,
        readAheadBlocks,
        bytes,
        decodeThreads,
        blockCache,
        executor,
        minCompressionSavings);
  }

  /**
   * How many tasks at once decode a full scan into Arrow ({@code arrowReader} without a selection)
   * on the {@link #executor}: each decodes whole batches, reading and decompressing their blocks
   * itself, and the batches are handed over in order by transferring their buffers. Default: the
   * number of processors, at most 4. With 1, with {@link #readAheadBlocks} 0, or without an
   * executor, the scan decodes in the caller's thread (with read-ahead on the executor unless there
   * is none or that is 0 too).
   *
   * @throws IllegalArgumentException if not positive
   */
  public RowFileOptions decodeThreads(int threads) {
    if (threads <= 0) {
      throw new IllegalArgumentException("decodeThreads must be positive, got " + threads);
    }
    return new RowFileOptions(
        blockSize,
        zstdLevel,
        readAheadBlocks,
        maxCoalescedRead,
        threads,
        blockCache,
        executor,
        minCompressionSavings);
  }

  /** The number of tasks decoding a full scan into Arrow at once. */
  public int decodeThreads() {
    return decodeThreads;
  }

  /** The block size in uncompressed bytes. */
  public int blockSize() {
    return blockSize;
  }

  /** The zstd level. */
  public int zstdLevel() {
    return zstdLevel;
  }

  /** The number of read-ahead blocks. */
  public int readAheadBlocks() {
    return readAheadBlocks;
  }

  /** The largest coalesced read in bytes. */
  public int maxCoalescedRead() {
    return maxCoalescedRead;
  }

  /**
   * Readers that select rows, fetch row IDs or look rows up keep the blocks they decompress in this
   * cache and take blocks from it instead of reading and decompressing them again; see {@link
   * BlockCache}. Full scans into Arrow without a selection do not use it. Default: none.
   */
  public RowFileOptions blockCache(BlockCache cache) {
    return new RowFileOptions(
        blockSize,
        zstdLevel,
        readAheadBlocks,
        maxCoalescedRead,
        decodeThreads,
        java.util.Objects.requireNonNull(cache, "cache"),
        executor,
        minCompressionSavings);
  }

  /** The block cache readers use, or null if none was set. */
  public BlockCache blockCache() {
    return blockCache;
  }

  /**
   * Where readers read ahead and decode in parallel, and the writer compresses blocks: an executor
   * the application shares among all its files (a connection of {@code paimon-multimodal-core}
   * passes its pools). The format starts no thread of its own and never shuts the executor down.
   * Without an executor (the default) everything runs in the calling thread: readers read,
   * decompress and decode there, and {@link #readAheadBlocks} and {@link #decodeThreads} have no
   * effect; the writer compresses each block there before it takes the next row.
   *
   * <p>Any executor works, however small or busy, including one already shut down: tasks of this
   * format never wait for one another, and a reader or writer about to wait for a task that no
   * thread has started yet runs that task itself. A task's failure reaches the reader's or writer's
   * caller as if it had happened in the calling thread.
   */
  public RowFileOptions executor(Executor executor) {
    return new RowFileOptions(
        blockSize,
        zstdLevel,
        readAheadBlocks,
        maxCoalescedRead,
        decodeThreads,
        blockCache,
        java.util.Objects.requireNonNull(executor, "executor"),
        minCompressionSavings);
  }

  /** The executor background work runs on, or null if none was set (all in the caller's thread). */
  public Executor executor() {
    return executor;
  }

  @Override
  public String toString() {
    return "RowFileOptions{blockSize="
        + blockSize
        + ", zstdLevel="
        + zstdLevel
        + ", readAheadBlocks="
        + readAheadBlocks
        + ", maxCoalescedRead="
        + maxCoalescedRead
        + ", decodeThreads="
        + decodeThreads
        + ", minCompressionSavings="
        + minCompressionSavings
        + (blockCache == null ? "" : ", blockCache=" + blockCache)
        + (executor == null ? "" : ", executor=" + executor)
        + "}";
  }
}
