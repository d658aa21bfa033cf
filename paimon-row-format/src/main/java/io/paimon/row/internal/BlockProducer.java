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

import io.paimon.row.SeekableInput;
import java.io.IOException;

/**
 * Produces the decoded blocks of a list of block numbers in order, fetching runs of adjacent blocks
 * in one positional read of at most {@code maxRange} bytes (a single larger block is read alone).
 * Blocks not in the list are never read. With a block cache, a block found there is copied out of
 * it instead, runs stop before cached blocks, and every block decompressed here is stored in it.
 * Thread-confined; closing frees the decoder.
 */
final class BlockProducer implements AutoCloseable {

  private final RowFileMeta meta;
  private final SeekableInput input;
  private final int[] blocks;
  private final int maxRange;
  private final BlockDecoder decoder;
  private final LruBlockCache cache;

  private int next;
  private int rangeEnd;
  private long rangeStart;
  private byte[] range = new byte[0];
  private long bytesRead;
  private long reads;

  BlockProducer(
      RowFileMeta meta, SeekableInput input, int[] blocks, int maxRange, LruBlockCache cache) {
    this.meta = meta;
    this.input = input;
    this.blocks = blocks;
    this.maxRange = maxRange;
    this.cache = cache;
    this.decoder = new BlockDecoder(meta);
  }

  /** Decodes the next block into {@code out}; false when all blocks were produced. */
  boolean produce(DecodedBlock out) throws IOException {
    if (next >= blocks.length) {
      return false;
    }
    if (cache != null && cache.load(meta, blocks[next], out)) {
      next++;
      return true;
    }
    if (next >= rangeEnd) {
      loadRange();
    }
    int b = blocks[next++];
    decoder.decode(b, range, (int) (meta.blockOffsets[b] - rangeStart), out);
    if (cache != null) {
      cache.store(meta, out);
    }
    return true;
  }

  private void loadRange() throws IOException {
    int first = blocks[next];
    long from = meta.blockOffsets[first];
    long end = from + meta.compressedSizes[first];
    int j = next + 1;
    while (j < blocks.length) {
      int b = blocks[j];
      long blockEnd = meta.blockOffsets[b] + meta.compressedSizes[b];
      if (meta.blockOffsets[b] != end
          || blockEnd - from > maxRange
          || (cache != null && cache.contains(meta, b))) {
        break;
      }
      end = blockEnd;
      j++;
    }
    int len = (int) (end - from);
    if (range.length < len) {
      range = new byte[len];
    }
    input.readFully(from, range, 0, len);
    rangeStart = from;
    rangeEnd = j;
    bytesRead += len;
    reads++;
  }

  long bytesRead() {
    return bytesRead;
  }

  long reads() {
    return reads;
  }

  @Override
  public void close() {
    decoder.close();
  }
}
