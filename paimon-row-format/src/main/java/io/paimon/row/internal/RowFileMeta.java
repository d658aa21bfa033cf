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

import io.paimon.row.RowFileLayout;
import io.paimon.row.RowFormatException;
import io.paimon.row.SeekableInput;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The validated footer and block index of an open file. Every field is checked against the file
 * length before anything is allocated from it (the list in {@code docs/row-format.md}). Immutable
 * and shared by a reader and its views.
 */
final class RowFileMeta {

  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  final String name;
  final long fileSize;
  final long totalRows;
  final int blockCount;
  final long indexOffset;
  final int indexLength;
  final long[] blockOffsets;
  final int[] compressedSizes;
  final int[] uncompressedSizes;

  /**
   * Row starts plus a final entry of the total row count, so block b holds [rowStarts[b],
   * rowStarts[b+1]).
   */
  final long[] rowStarts;

  private RowFileMeta(
      String name,
      long fileSize,
      long totalRows,
      long indexOffset,
      int indexLength,
      int[] compressed,
      int[] uncompressed,
      long[] rowStartsWithEnd) {
    this.name = name;
    this.fileSize = fileSize;
    this.totalRows = totalRows;
    this.blockCount = compressed.length;
    this.indexOffset = indexOffset;
    this.indexLength = indexLength;
    this.compressedSizes = compressed;
    this.uncompressedSizes = uncompressed;
    this.rowStarts = rowStartsWithEnd;
    this.blockOffsets = new long[blockCount];
    long offset = 0;
    for (int b = 0; b < blockCount; b++) {
      blockOffsets[b] = offset;
      offset += compressed[b];
    }
  }

  static RowFileMeta read(SeekableInput input) throws IOException {
    String name = input.name();
    long fileSize = input.length();
    if (fileSize < RowFormat.MIN_FILE_SIZE) {
      throw new RowFormatException(
          name,
          0,
          "file of "
              + fileSize
              + " bytes is shorter than the minimum of "
              + RowFormat.MIN_FILE_SIZE
              + " (empty index and footer)");
    }
    long footerOffset = fileSize - RowFormat.FOOTER_SIZE;
    byte[] footer = new byte[RowFormat.FOOTER_SIZE];
    input.readFully(footerOffset, footer, 0, footer.length);

    int magic = (int) INT.get(footer, RowFormat.FOOTER_MAGIC);
    if (magic != RowFormat.MAGIC) {
      throw new RowFormatException(
          name,
          footerOffset + RowFormat.FOOTER_MAGIC,
          String.format(
              "bad magic 0x%08X, expected 0x%08X (bytes \"SWOR\")", magic, RowFormat.MAGIC));
    }
    int version = footer[RowFormat.FOOTER_VERSION];
    if (version != RowFormat.VERSION) {
      throw new RowFormatException(
          name,
          footerOffset + RowFormat.FOOTER_VERSION,
          "unsupported version " + version + ", expected " + RowFormat.VERSION);
    }
    for (int i = 0; i < 3; i++) {
      if (footer[RowFormat.FOOTER_RESERVED + i] != 0) {
        throw new RowFormatException(
            name, footerOffset + RowFormat.FOOTER_RESERVED + i, "reserved footer byte is not zero");
      }
    }
    long totalRows = (long) LONG.get(footer, RowFormat.FOOTER_ROW_COUNT);
    int blockCount = (int) INT.get(footer, RowFormat.FOOTER_BLOCK_COUNT);
    long indexOffset = (long) LONG.get(footer, RowFormat.FOOTER_INDEX_OFFSET);
    int indexLength = (int) INT.get(footer, RowFormat.FOOTER_INDEX_LENGTH);
    if (totalRows < 0) {
      throw new RowFormatException(
          name, footerOffset + RowFormat.FOOTER_ROW_COUNT, "negative row count " + totalRows);
    }
    if (blockCount < 0) {
      throw new RowFormatException(
          name, footerOffset + RowFormat.FOOTER_BLOCK_COUNT, "negative block count " + blockCount);
    }
    if (indexLength < RowFormat.EMPTY_INDEX_SIZE
        || indexOffset < 0
        || indexOffset > footerOffset
        || footerOffset - indexOffset != indexLength) {
      throw new RowFormatException(
          name,
          footerOffset + RowFormat.FOOTER_INDEX_OFFSET,
          "index at "
              + indexOffset
              + " of "
              + indexLength
              + " bytes does not end at the footer ("
              + footerOffset
              + ")");
    }
    byte[] index = new byte[indexLength];
    input.readFully(indexOffset, index, 0, indexLength);
    long[][] sections = IndexCodec.decode(index, name, indexOffset);
    long[] compressed = sections[0];
    long[] uncompressed = sections[1];
    long[] starts = sections[2];
    if (compressed.length != blockCount
        || uncompressed.length != blockCount
        || starts.length != blockCount) {
      throw new RowFormatException(
          name,
          indexOffset,
          "index sections hold "
              + compressed.length
              + " compressed sizes, "
              + uncompressed.length
              + " uncompressed sizes and "
              + starts.length
              + " row starts; the footer declares "
              + blockCount
              + " blocks");
    }
    int[] comp = new int[blockCount];
    int[] uncomp = new int[blockCount];
    long[] rowStarts = new long[blockCount + 1];
    long dataEnd = 0;
    for (int b = 0; b < blockCount; b++) {
      long c = compressed[b];
      if (c <= 0 || c > indexOffset - dataEnd) {
        throw new RowFormatException(
            name,
            dataEnd,
            "block "
                + b
                + " of "
                + c
                + " compressed bytes does not fit the data region ending at "
                + indexOffset);
      }
      long rowsBefore = starts[b];
      long expectedStart = b == 0 ? 0 : rowStarts[b - 1] + 1;
      if (rowsBefore >= totalRows && rowsBefore >= expectedStart) {
        throw new RowFormatException(
            name,
            indexOffset,
            "block "
                + b
                + " starts at row "
                + rowsBefore
                + ", not before the footer's total of "
                + totalRows
                + " rows");
      }
      if ((b == 0 && rowsBefore != 0) || rowsBefore < expectedStart) {
        throw new RowFormatException(
            name,
            indexOffset,
            "block "
                + b
                + " starts at row "
                + rowsBefore
                + (b == 0 ? ", expected 0" : ", after row start " + rowStarts[b - 1])
                + " (total "
                + totalRows
                + " rows)");
      }
      long u = uncompressed[b];
      // A block of r rows holds r offsets and the count; zstd expands at most so far per byte.
      long minimum = RowFormat.OFFSET_SIZE;
      long maximum = Math.min(Integer.MAX_VALUE - 8L, (c + 1) * RowFormat.ZSTD_MAX_BLOCK_EXPANSION);
      if (u < minimum || u > maximum) {
        throw new RowFormatException(
            name,
            dataEnd,
            "block "
                + b
                + " declares "
                + u
                + " uncompressed bytes from "
                + c
                + " compressed; expected between "
                + minimum
                + " and "
                + maximum);
      }
      comp[b] = (int) c;
      uncomp[b] = (int) u;
      rowStarts[b] = rowsBefore;
      dataEnd += c;
    }
    rowStarts[blockCount] = totalRows;
    if (dataEnd != indexOffset) {
      throw new RowFormatException(
          name, dataEnd, "blocks end at " + dataEnd + " but the index starts at " + indexOffset);
    }
    if (blockCount == 0 && totalRows != 0) {
      throw new RowFormatException(
          name, footerOffset, "footer declares " + totalRows + " rows but the file has no blocks");
    }
    for (int b = 0; b < blockCount; b++) {
      long rows = rowStarts[b + 1] - rowStarts[b];
      // Divide rather than multiply: a row count from the footer may be near Long.MAX_VALUE.
      if (rows > (uncomp[b] - RowFormat.OFFSET_SIZE) / RowFormat.OFFSET_SIZE) {
        throw new RowFormatException(
            name,
            blockOffsetOf(comp, b),
            "block "
                + b
                + " of "
                + uncomp[b]
                + " uncompressed bytes cannot hold the offsets of its "
                + rows
                + " rows");
      }
    }
    return new RowFileMeta(
        name, fileSize, totalRows, indexOffset, indexLength, comp, uncomp, rowStarts);
  }

  private static long blockOffsetOf(int[] comp, int b) {
    long offset = 0;
    for (int i = 0; i < b; i++) {
      offset += comp[i];
    }
    return offset;
  }

  /** The block holding {@code row}, which must be in [0, totalRows). */
  int blockOf(long row) {
    int lo = 0;
    int hi = blockCount - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (rowStarts[mid] <= row) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  int rowsIn(int block) {
    return (int) (rowStarts[block + 1] - rowStarts[block]);
  }

  RowFileLayout layout() {
    return new RowFileLayout(
        fileSize,
        totalRows,
        indexOffset,
        indexLength,
        compressedSizes,
        uncompressedSizes,
        java.util.Arrays.copyOf(rowStarts, blockCount));
  }
}
