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

import org.roaringbitmap.PeekableIntIterator;
import org.roaringbitmap.RoaringBitmap;

/**
 * Walks the rows of successive blocks that a selection keeps (all rows without a selection). Row
 * numbers in the bitmap are unsigned 32-bit values. Not thread-safe.
 */
final class RowCursor {

  private final PeekableIntIterator selected;
  private DecodedBlock block;
  private int nextRow;

  RowCursor(RoaringBitmap selection) {
    this.selected = selection == null ? null : selection.getIntIterator();
  }

  /** Block numbers that hold at least one selected row, in order. */
  static int[] blocksToRead(RowFileMeta meta, RoaringBitmap selection) {
    if (selection != null && selection.getLongCardinality() < meta.blockCount) {
      return blocksOfFewRows(meta, selection);
    }
    int[] blocks = new int[meta.blockCount];
    int n = 0;
    for (int b = 0; b < meta.blockCount; b++) {
      if (selection == null || selection.intersects(meta.rowStarts[b], meta.rowStarts[b + 1])) {
        blocks[n++] = b;
      }
    }
    return java.util.Arrays.copyOf(blocks, n);
  }

  /**
   * The blocks of a selection of fewer rows than the file has blocks (a take): each row's block by
   * binary search over the block starts, rather than a test of every block.
   */
  private static int[] blocksOfFewRows(RowFileMeta meta, RoaringBitmap selection) {
    int[] blocks = new int[selection.getCardinality()];
    int n = 0;
    org.roaringbitmap.IntIterator rows = selection.getIntIterator();
    while (rows.hasNext()) {
      long row = Integer.toUnsignedLong(rows.next());
      if (n > 0 && row < meta.rowStarts[blocks[n - 1] + 1]) {
        continue; // in the block of the row before
      }
      int at = java.util.Arrays.binarySearch(meta.rowStarts, 0, meta.blockCount, row);
      int b = at >= 0 ? at : -at - 2;
      if (b >= 0 && b < meta.blockCount) {
        blocks[n++] = b;
      }
    }
    return java.util.Arrays.copyOf(blocks, n);
  }

  void reset(DecodedBlock newBlock) {
    this.block = newBlock;
    this.nextRow = 0;
    if (selected != null) {
      selected.advanceIfNeeded((int) newBlock.firstRow);
    }
  }

  /** The next selected row of the current block (index within the block), or -1. */
  int next() {
    if (block == null) {
      return -1;
    }
    if (selected == null) {
      return nextRow < block.rowCount ? nextRow++ : -1;
    }
    if (selected.hasNext()) {
      long row = Integer.toUnsignedLong(selected.peekNext());
      if (row < block.firstRow + block.rowCount) {
        selected.next();
        return (int) (row - block.firstRow);
      }
    }
    return -1;
  }
}
