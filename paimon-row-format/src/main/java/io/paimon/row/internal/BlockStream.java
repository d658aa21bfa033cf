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

import io.paimon.row.RowFileOptions;
import io.paimon.row.SeekableInput;
import java.io.IOException;

/**
 * The decoded blocks of a sequential read, in order. {@link #next()} invalidates the block it
 * returned before. Either synchronous or read ahead on the options' executor; see {@link #open}.
 */
abstract class BlockStream implements AutoCloseable {

  /**
   * A stream over {@code blocks}: read ahead on the options' executor when they have one, ask for
   * read-ahead and there is more than one block, else synchronous in the caller's thread. Only a
   * read of selected rows uses the options' block cache: a full scan would flush it without coming
   * back to its blocks.
   */
  static BlockStream open(
      RowFileMeta meta,
      SeekableInput input,
      int[] blocks,
      RowFileOptions options,
      boolean selective) {
    LruBlockCache cache = selective ? (LruBlockCache) options.blockCache() : null;
    BlockProducer producer =
        new BlockProducer(meta, input, blocks, options.maxCoalescedRead(), cache);
    if (options.executor() == null || options.readAheadBlocks() == 0 || blocks.length <= 1) {
      return new Sync(producer);
    }
    return new PrefetchingBlockStream(
        producer, options.readAheadBlocks(), options.executor(), meta.name);
  }

  /** The next block, or null at the end. */
  abstract DecodedBlock next() throws IOException;

  /** Compressed bytes fetched so far. */
  abstract long bytesRead();

  @Override
  public abstract void close();

  private static final class Sync extends BlockStream {
    private final BlockProducer producer;
    private final DecodedBlock block = new DecodedBlock();

    Sync(BlockProducer producer) {
      this.producer = producer;
    }

    @Override
    DecodedBlock next() throws IOException {
      return producer.produce(block) ? block : null;
    }

    @Override
    long bytesRead() {
      return producer.bytesRead();
    }

    @Override
    public void close() {
      producer.close();
    }
  }
}
