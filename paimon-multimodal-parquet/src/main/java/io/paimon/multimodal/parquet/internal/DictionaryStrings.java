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

import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseVariableWidthVector;

/**
 * Dictionary-encoded string runs without nulls, the commonest string run of parquet files, decoded
 * straight into a {@link BaseVariableWidthVector}'s buffers for {@link PageColumn}. Stateless.
 */
final class DictionaryStrings {

  private DictionaryStrings() {}

  /**
   * A run of dictionary-encoded strings without nulls, the commonest string run: the data buffer is
   * grown once for the run (from the dictionary's longest entry), and each value is then two longs,
   * an offset and nothing else.
   */
  static void decodeRun(
      BaseVariableWidthVector vector, int at, int m, int[] idx, PageDictionary dictionary) {
    dictionary.checkAll(idx, m);
    long offsets = vector.getOffsetBuffer().memoryAddress();
    int cur = MemoryUtil.getInt(offsets + (long) at * BaseVariableWidthVector.OFFSET_WIDTH);
    int longest = dictionary.longest();
    long need = (long) cur + (long) m * Math.max(longest, 16) + 16;
    if (need > Integer.MAX_VALUE) {
      // Very long entries: the general path grows the buffer value by value.
      decodeValues(vector, at, m, idx, cur, dictionary);
      return;
    }
    while (vector.getDataBuffer().capacity() < need) {
      vector.reallocDataBuffer();
    }
    long address = vector.getDataBuffer().memoryAddress();
    offsets = vector.getOffsetBuffer().memoryAddress();
    byte[] src = dictionary.bytes();
    int[] starts = dictionary.starts();
    int[] lengths = dictionary.lengths();
    if (longest <= 16) {
      for (int i = 0; i < m; i++) {
        int id = idx[i];
        int from = starts[id];
        MemoryUtil.putLong(address + cur, (long) PageColumn.NATIVE_LONGS.get(src, from));
        MemoryUtil.putLong(address + cur + 8, (long) PageColumn.NATIVE_LONGS.get(src, from + 8));
        cur += lengths[id];
        MemoryUtil.putInt(
            offsets + (long) (at + i + 1) * BaseVariableWidthVector.OFFSET_WIDTH, cur);
      }
    } else {
      for (int i = 0; i < m; i++) {
        int id = idx[i];
        int len = lengths[id];
        MemoryUtil.copyToMemory(src, starts[id], address + cur, len);
        cur += len;
        MemoryUtil.putInt(
            offsets + (long) (at + i + 1) * BaseVariableWidthVector.OFFSET_WIDTH, cur);
      }
    }
    PageColumn.setValid(vector.getValidityBuffer(), at, m);
    vector.setLastSet(at + m - 1);
  }

  /** {@link #decodeRun} for entries too long to reserve a run's room at once. */
  private static void decodeValues(
      BaseVariableWidthVector vector,
      int at,
      int m,
      int[] idx,
      int cur,
      PageDictionary dictionary) {
    byte[] src = dictionary.bytes();
    for (int i = 0; i < m; i++) {
      int id = idx[i];
      int from = dictionary.start(id);
      int len = dictionary.length(id);
      long need = (long) cur + len;
      if (need > Integer.MAX_VALUE) {
        throw new IllegalStateException("a batch of more than 2 GiB of values");
      }
      while (vector.getDataBuffer().capacity() < need) {
        vector.reallocDataBuffer();
      }
      MemoryUtil.copyToMemory(src, from, vector.getDataBuffer().memoryAddress() + cur, len);
      cur += len;
      vector
          .getOffsetBuffer()
          .setInt((long) (at + i + 1) * BaseVariableWidthVector.OFFSET_WIDTH, cur);
    }
    PageColumn.setValid(vector.getValidityBuffer(), at, m);
    vector.setLastSet(at + m - 1);
  }
}
