package io.paimon.row.internal;

import io.paimon.row.Row;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileWriter;
import io.paimon.row.RowFormatException;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

/** The streaming {@code .row} writer; see {@link RowFileWriter}. */
public final class RowFileWriterImpl implements RowFileWriter {

  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private final OutputStream out;
  private final String name;
  private final RowCodec codec;
  private final int blockSize;
  private final ZstdBlockCompressor compressor;
  private final ByteSink block;

  private int[] offsets = new int[64];
  private int rowsInBlock;
  private long rowCount;
  private long bytesWritten;

  private long[] compressedSizes = new long[16];
  private long[] uncompressedSizes = new long[16];
  private long[] rowStarts = new long[16];
  private int blockCount;
  private boolean closed;

  /** Creates a writer that owns {@code out}. */
  public RowFileWriterImpl(OutputStream out, String name, RowType type, RowFileOptions options) {
    this.out = Objects.requireNonNull(out, "out");
    this.name = Objects.requireNonNull(name, "name");
    this.codec = new RowCodec(Objects.requireNonNull(type, "type"), null);
    this.blockSize = options.blockSize();
    this.block = new ByteSink(Math.min(blockSize, 16 * 1024 * 1024) + 1024);
    this.compressor = new ZstdBlockCompressor(options.zstdLevel());
  }

  @Override
  public void write(Row row) throws IOException {
    if (closed) {
      throw new IllegalStateException(name + ": writer is closed");
    }
    Objects.requireNonNull(row, "row");
    int start = block.position();
    try {
      codec.write(block, row);
    } catch (RowFormatException e) {
      block.position(start);
      throw new RowFormatException(name, -1, "row " + rowCount + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      block.position(start);
      throw e;
    }
    if (rowsInBlock == offsets.length) {
      offsets = Arrays.copyOf(offsets, rowsInBlock * 2);
    }
    offsets[rowsInBlock++] = start;
    rowCount++;
    // Paimon's flush rule: row bytes + one int offset per row + the int row count.
    if ((long) block.position() + 4L * rowsInBlock + 4 >= blockSize) {
      flushBlock();
    }
  }

  private void flushBlock() throws IOException {
    for (int i = 0; i < rowsInBlock; i++) {
      block.writeInt(offsets[i]);
    }
    block.writeInt(rowsInBlock);
    int uncompressed = block.position();
    int compressed = compressor.compress(block.buffer(), uncompressed, out);
    if (blockCount == compressedSizes.length) {
      compressedSizes = Arrays.copyOf(compressedSizes, blockCount * 2);
      uncompressedSizes = Arrays.copyOf(uncompressedSizes, blockCount * 2);
      rowStarts = Arrays.copyOf(rowStarts, blockCount * 2);
    }
    compressedSizes[blockCount] = compressed;
    uncompressedSizes[blockCount] = uncompressed;
    rowStarts[blockCount] = rowCount - rowsInBlock;
    blockCount++;
    bytesWritten += compressed;
    block.position(0);
    rowsInBlock = 0;
  }

  @Override
  public long rowCount() {
    return rowCount;
  }

  @Override
  public long bytesWritten() {
    return bytesWritten;
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try (OutputStream o = out;
        ZstdBlockCompressor c = compressor) {
      if (rowsInBlock > 0) {
        flushBlock();
      }
      byte[] index = IndexCodec.encode(compressedSizes, uncompressedSizes, rowStarts, blockCount);
      long indexOffset = bytesWritten;
      out.write(index);
      byte[] footer = new byte[RowFormat.FOOTER_SIZE];
      LONG.set(footer, RowFormat.FOOTER_ROW_COUNT, rowCount);
      INT.set(footer, RowFormat.FOOTER_BLOCK_COUNT, blockCount);
      LONG.set(footer, RowFormat.FOOTER_INDEX_OFFSET, indexOffset);
      INT.set(footer, RowFormat.FOOTER_INDEX_LENGTH, index.length);
      footer[RowFormat.FOOTER_VERSION] = RowFormat.VERSION;
      INT.set(footer, RowFormat.FOOTER_MAGIC, RowFormat.MAGIC);
      out.write(footer);
      bytesWritten += index.length + footer.length;
    }
  }
}
