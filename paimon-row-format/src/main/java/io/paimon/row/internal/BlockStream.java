package io.paimon.row.internal;

import io.paimon.row.RowFileOptions;
import io.paimon.row.SeekableInput;
import java.io.IOException;

/**
 * The decoded blocks of a sequential read, in order. {@link #next()} invalidates the block it
 * returned before. Either synchronous or with a read-ahead thread; see {@link #open}.
 */
abstract class BlockStream implements AutoCloseable {

  /**
   * A stream over {@code blocks}: read ahead in a background thread when the options ask for it and
   * there is more than one block, else synchronous. Only a read of selected rows uses the options'
   * block cache: a full scan would flush it without coming back to its blocks.
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
    if (options.readAheadBlocks() == 0 || blocks.length <= 1) {
      return new Sync(producer);
    }
    return new PrefetchingBlockStream(producer, options.readAheadBlocks(), meta.name);
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
