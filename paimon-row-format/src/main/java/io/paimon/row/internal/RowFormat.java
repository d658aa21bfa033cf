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
package io.paimon.row.internal;

/**
 * Constants of Apache Paimon's {@code .row} file layout (see {@code docs/row-format.md}).
 *
 * <pre>
 * offset 0        data block 0 | data block 1 | ... | data block K-1   (one zstd frame each)
 * indexOffset     block index: varint32 len | compressed sizes
 *                              varint32 len | uncompressed sizes
 *                              varint32 len | row starts        (zigzag-LEB128 deltas from 0)
 * fileSize - 32   footer:
 *                 +0  int64  total row count
 *                 +8  int32  block count
 *                 +12 int64  index offset
 *                 +20 int32  index length
 *                 +24 int8   version (1)
 *                 +25 3 B    reserved, zero
 *                 +28 int32  magic 0x524F5753, little-endian: bytes "SWOR"
 * </pre>
 *
 * <p>Version policy: only version {@value #VERSION} exists; any other value is rejected, as are
 * non-zero reserved bytes (Paimon's reader ignores both; rejecting them keeps a future format
 * change from being misread silently).
 */
public final class RowFormat {

  /** The footer's magic as an int; on disk, little-endian, it reads "SWOR". */
  public static final int MAGIC = 0x524F5753;

  /** The only format version. */
  public static final byte VERSION = 1;

  /** Footer size in bytes. */
  public static final int FOOTER_SIZE = 32;

  /** Offset of the total row count within the footer. */
  public static final int FOOTER_ROW_COUNT = 0;

  /** Offset of the block count within the footer. */
  public static final int FOOTER_BLOCK_COUNT = FOOTER_ROW_COUNT + 8;

  /** Offset of the index offset within the footer. */
  public static final int FOOTER_INDEX_OFFSET = FOOTER_BLOCK_COUNT + 4;

  /** Offset of the index length within the footer. */
  public static final int FOOTER_INDEX_LENGTH = FOOTER_INDEX_OFFSET + 8;

  /** Offset of the version byte within the footer. */
  public static final int FOOTER_VERSION = FOOTER_INDEX_LENGTH + 4;

  /** Offset of the three reserved bytes within the footer. */
  public static final int FOOTER_RESERVED = FOOTER_VERSION + 1;

  /** Offset of the magic within the footer. */
  public static final int FOOTER_MAGIC = FOOTER_RESERVED + 3;

  /** The index of a file without blocks: three empty sections. */
  public static final int EMPTY_INDEX_SIZE = 3;

  /** The smallest valid file: an empty index and the footer. */
  public static final int MIN_FILE_SIZE = EMPTY_INDEX_SIZE + FOOTER_SIZE;

  /** Bytes of a block's trailer per row (an int32 offset) and in all (the int32 row count). */
  public static final int OFFSET_SIZE = 4;

  /**
   * The largest uncompressed size a zstd block can expand to from one compressed byte, bounding
   * what a declared uncompressed size may claim: a zstd block holds at most 128 KiB and takes at
   * least 4 bytes (3-byte header plus one RLE byte).
   */
  public static final long ZSTD_MAX_BLOCK_EXPANSION = 128 * 1024 / 4;

  static {
    if (FOOTER_MAGIC + 4 != FOOTER_SIZE) {
      throw new AssertionError("footer layout does not add up");
    }
  }

  private RowFormat() {}
}
