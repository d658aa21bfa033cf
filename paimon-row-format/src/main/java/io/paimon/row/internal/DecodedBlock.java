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
 * A decompressed block with its validated row offsets: row {@code i} spans {@code [offsets[i],
 * offsets[i + 1])} of {@code data}. Reused across blocks to avoid garbage; owned by one thread at a
 * time.
 */
final class DecodedBlock {

  int index = -1;
  long firstRow;
  long fileOffset;
  int rowCount;
  byte[] data = new byte[0];
  int size;
  int[] offsets = new int[1];

  /** This block's own arrays while {@code data} and {@code offsets} are a cached block's. */
  private byte[] ownData;

  private int[] ownOffsets;

  /**
   * Points this block at a cached block's arrays instead of copying them. Nobody writes them: the
   * next {@link #ensureCapacity} goes back to this block's own arrays.
   */
  void share(byte[] cachedData, int[] cachedOffsets) {
    if (ownData == null) {
      ownData = data;
      ownOffsets = offsets;
    }
    data = cachedData;
    offsets = cachedOffsets;
  }

  void ensureCapacity(int bytes, int rows) {
    if (ownData != null) {
      data = ownData;
      offsets = ownOffsets;
      ownData = null;
      ownOffsets = null;
    }
    if (data.length < bytes) {
      data = new byte[bytes];
    }
    if (offsets.length < rows + 1) {
      offsets = new int[rows + 1];
    }
  }
}
