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
package io.paimon.multimodal.blob.internal;

import java.util.Arrays;

/**
 * The pieces of one scattered read ({@code InputFile.readScattered}): consecutive byte ranges of
 * the file and the arrays they go to, in file order. Used by one thread.
 */
final class Pieces {

  byte[][] buffers;
  int[] offsets;
  int[] lengths;
  int count;

  Pieces(int capacity) {
    buffers = new byte[Math.max(1, capacity)][];
    offsets = new int[buffers.length];
    lengths = new int[buffers.length];
  }

  /** Appends {@code length} bytes going to {@code buffer[offset]}; empty pieces are skipped. */
  void add(byte[] buffer, int offset, int length) {
    if (length == 0) {
      return;
    }
    if (count == buffers.length) {
      int n = 2 * count;
      buffers = Arrays.copyOf(buffers, n);
      offsets = Arrays.copyOf(offsets, n);
      lengths = Arrays.copyOf(lengths, n);
    }
    buffers[count] = buffer;
    offsets[count] = offset;
    lengths[count++] = length;
  }

  /** Appends a gap of {@code length} bytes, read into {@code scratch} and dropped. */
  void skip(byte[] scratch, long length) {
    for (long left = length; left > 0; ) {
      int n = (int) Math.min(left, scratch.length);
      add(scratch, 0, n);
      left -= n;
    }
  }

  byte[][] buffers() {
    return count == buffers.length ? buffers : Arrays.copyOf(buffers, count);
  }

  int[] offsets() {
    return count == offsets.length ? offsets : Arrays.copyOf(offsets, count);
  }

  int[] lengths() {
    return count == lengths.length ? lengths : Arrays.copyOf(lengths, count);
  }
}
