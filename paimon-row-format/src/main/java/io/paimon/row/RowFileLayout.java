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

/**
 * The footer and block index of a {@code .row} file as decoded and validated by a reader: what each
 * block occupies on disk and which rows it holds. Immutable; the accessors return copies.
 */
public final class RowFileLayout {

  private final long fileSize;
  private final long totalRowCount;
  private final long indexOffset;
  private final int indexLength;
  private final long[] blockOffsets;
  private final int[] compressedSizes;
  private final int[] uncompressedSizes;
  private final long[] rowStarts;

  /** Creates a layout; the arrays are copied. Called by readers, which validate the values. */
  public RowFileLayout(
      long fileSize,
      long totalRowCount,
      long indexOffset,
      int indexLength,
      int[] compressedSizes,
      int[] uncompressedSizes,
      long[] rowStarts) {
    this.fileSize = fileSize;
    this.totalRowCount = totalRowCount;
    this.indexOffset = indexOffset;
    this.indexLength = indexLength;
    this.compressedSizes = compressedSizes.clone();
    this.uncompressedSizes = uncompressedSizes.clone();
    this.rowStarts = rowStarts.clone();
    this.blockOffsets = new long[compressedSizes.length];
    long offset = 0;
    for (int i = 0; i < compressedSizes.length; i++) {
      blockOffsets[i] = offset;
      offset += compressedSizes[i];
    }
  }

  /** The file size in bytes. */
  public long fileSize() {
    return fileSize;
  }

  /** The total row count from the footer. */
  public long totalRowCount() {
    return totalRowCount;
  }

  /** The number of blocks. */
  public int blockCount() {
    return compressedSizes.length;
  }

  /** Where the block index starts. */
  public long indexOffset() {
    return indexOffset;
  }

  /** The block index length in bytes. */
  public int indexLength() {
    return indexLength;
  }

  /** The file offset of each block. */
  public long[] blockOffsets() {
    return blockOffsets.clone();
  }

  /** The compressed size of each block. */
  public int[] compressedSizes() {
    return compressedSizes.clone();
  }

  /** The uncompressed size of each block. */
  public int[] uncompressedSizes() {
    return uncompressedSizes.clone();
  }

  /** The number of rows before each block (the first is 0). */
  public long[] rowStarts() {
    return rowStarts.clone();
  }

  /** The sum of the uncompressed block sizes. */
  public long uncompressedBytes() {
    long sum = 0;
    for (int size : uncompressedSizes) {
      sum += size;
    }
    return sum;
  }

  @Override
  public String toString() {
    return "RowFileLayout{fileSize="
        + fileSize
        + ", rows="
        + totalRowCount
        + ", blocks="
        + compressedSizes.length
        + ", indexOffset="
        + indexOffset
        + ", indexLength="
        + indexLength
        + "}";
  }
}
