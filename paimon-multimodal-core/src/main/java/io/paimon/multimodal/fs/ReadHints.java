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
package io.paimon.multimodal.fs;

/**
 * How a storage is best read by ranges: the defaults a {@link FileIO} suggests to readers that
 * issue many ranged reads (the BLOB reader), which a caller can still override per read.
 *
 * <p>Two profiles cover the storages this library ships: {@link #LOCAL} for a file system, where a
 * read costs little beyond its bytes, and {@link #OBJECT_STORE} for S3-style stores, where every
 * request pays a round trip of milliseconds, so more requests are kept in flight and nearby ranges
 * are merged more eagerly. The values were chosen by measurement ({@code BlobReadComparison},
 * figures in {@code docs/blob-reads.md}).
 *
 * @param parallelism ranged reads in flight at once
 * @param holeLimit two wanted ranges are read as one request when the gap between them is at most
 *     this many bytes
 * @param rangeLimit a merged request is cut before it exceeds this many bytes
 */
public record ReadHints(int parallelism, long holeLimit, long rangeLimit) {

  /** A local or network file system: 16 reads in flight, 1 MiB holes, 4 MiB requests. */
  public static final ReadHints LOCAL = new ReadHints(16, 1L << 20, 4L << 20);

  /** An object store over HTTP: 32 reads in flight, 1 MiB holes, 8 MiB requests. */
  public static final ReadHints OBJECT_STORE = new ReadHints(32, 1L << 20, 8L << 20);

  /**
   * Checks the values.
   *
   * @throws IllegalArgumentException if parallelism or the range limit is not positive, or the hole
   *     limit is negative
   */
  public ReadHints {
    if (parallelism <= 0) {
      throw new IllegalArgumentException("parallelism must be positive, got " + parallelism);
    }
    if (holeLimit < 0) {
      throw new IllegalArgumentException("holeLimit must not be negative, got " + holeLimit);
    }
    if (rangeLimit <= 0) {
      throw new IllegalArgumentException("rangeLimit must be positive, got " + rangeLimit);
    }
  }
}
