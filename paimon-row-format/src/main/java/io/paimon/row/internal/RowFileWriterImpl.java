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

import io.paimon.row.Row;
import io.paimon.row.RowArrowAppender;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileWriter;
import io.paimon.row.RowFormatException;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

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
  private ByteSink block;
  private ByteSink spare;

  /**
   * Compresses and writes one block while the caller encodes the next (double buffering: at most
   * one block in flight); null to compress in the caller's thread.
   */
  private final Executor executor;

  /** The block in flight; the writer runs it itself if no thread has started it when it waits. */
  private FutureTask<Void> pending;

  private int[] offsets = new int[64];
  private int rowsInBlock;
  private long rowCount;
  private volatile long bytesWritten;

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
    this.spare = new ByteSink(Math.min(blockSize, 16 * 1024 * 1024) + 1024);
    this.compressor = new ZstdBlockCompressor(options.zstdLevel(), options.minCompressionSavings());
    this.executor = options.executor();
  }

  @Override
  public void write(Row row) throws IOException {
    checkOpen();
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
    endRow(start);
  }

  @Override
  public void write(VectorSchemaRoot batch) throws IOException {
    arrowAppender(batch.getFieldVectors()).appendRange(0, batch.getRowCount());
  }

  @Override
  public RowArrowAppender arrowAppender(List<? extends FieldVector> vectors) {
    checkOpen();
    return new Appender(codec.arrowEncoders(vectors));
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException(name + ": writer is closed");
    }
  }

  /** Appends row {@code index} of the encoders' vectors; see {@link RowArrowAppender}. */
  private void writeArrow(ArrowEncoder[] encoders, int index, Row values) throws IOException {
    checkOpen();
    int start = block.position();
    try {
      codec.writeArrow(block, encoders, index, values);
    } catch (RowFormatException e) {
      block.position(start);
      throw new RowFormatException(name, -1, "row " + rowCount + ": " + e.getMessage(), e);
    } catch (RuntimeException e) {
      block.position(start);
      throw e;
    }
    endRow(start);
  }

  /** Records the row encoded from {@code start} and flushes the block when it is full. */
  private void endRow(int start) throws IOException {
    if (rowsInBlock == offsets.length) {
      offsets = Arrays.copyOf(offsets, rowsInBlock * 2);
    }
    offsets[rowsInBlock++] = start;
    rowCount++;
    // Paimon's flush rule: row bytes + one int offset per row + the int row count.
    if ((long) block.position() + 4L * rowsInBlock + 4 >= blockSize) {
      flushBlock(false);
    }
  }

  /** Vectors bound to this writer's fields. */
  private final class Appender implements RowArrowAppender {
    private final ArrowEncoder[] encoders;

    /** The vectors bound, whose value counts bound the rows that can be appended. */
    private final FieldVector[] vectors;

    Appender(ArrowEncoder[] encoders) {
      this.encoders = encoders;
      this.vectors =
          Arrays.stream(encoders)
              .filter(Objects::nonNull)
              .map(e -> e.vector)
              .toArray(FieldVector[]::new);
    }

    /** The number of rows every bound vector holds. */
    private int rowLimit() {
      int limit = Integer.MAX_VALUE;
      for (FieldVector v : vectors) {
        limit = Math.min(limit, v.getValueCount());
      }
      return limit;
    }

    private void checkRows(int from, int to) {
      int limit = rowLimit();
      if (from < 0 || to > limit || from > to) {
        throw new IllegalArgumentException(
            "rows "
                + from
                + " to "
                + to
                + " are not rows of the vectors, which hold "
                + (limit == Integer.MAX_VALUE ? "any number of" : String.valueOf(limit))
                + " rows");
      }
    }

    /**
     * One row's check is against the buffers only (every value is read through a bounds check on
     * its buffer): asking each vector for its value count would cost more than a small row.
     */
    private void checkIndex(int index) {
      if (index < 0) {
        throw new IllegalArgumentException("row " + index + " is not a row of the vectors");
      }
    }

    @Override
    public void append(int index) throws IOException {
      checkIndex(index);
      writeArrow(encoders, index, null);
    }

    @Override
    public void append(int index, Row values) throws IOException {
      Objects.requireNonNull(values, "values");
      checkIndex(index);
      writeArrow(encoders, index, values);
    }

    @Override
    public void appendRange(int from, int to) throws IOException {
      checkRows(from, to);
      for (int i = from; i < to; i++) {
        try {
          writeArrow(encoders, i, null);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("batch row " + i + ": " + e.getMessage(), e);
        } catch (RowFormatException e) {
          throw new RowFormatException(
              name, -1, "batch row " + i + ": " + e.getCause().getMessage(), e);
        }
      }
    }
  }

  /**
   * Closes the current block: appends its trailer and has it compressed and written, on the
   * executor unless there is none or this is the file's last block.
   */
  private void flushBlock(boolean last) throws IOException {
    for (int i = 0; i < rowsInBlock; i++) {
      block.writeInt(offsets[i]);
    }
    block.writeInt(rowsInBlock);
    int uncompressed = block.position();
    // The previous block must be written before this one, and before the arrays grow.
    awaitPending();
    if (blockCount == compressedSizes.length) {
      compressedSizes = Arrays.copyOf(compressedSizes, blockCount * 2);
      uncompressedSizes = Arrays.copyOf(uncompressedSizes, blockCount * 2);
      rowStarts = Arrays.copyOf(rowStarts, blockCount * 2);
    }
    int index = blockCount++;
    uncompressedSizes[index] = uncompressed;
    rowStarts[index] = rowCount - rowsInBlock;
    ByteSink full = block;
    block = spare;
    spare = full;
    block.position(0);
    rowsInBlock = 0;
    if (last || executor == null) {
      compress(full, uncompressed, index);
      return;
    }
    pending =
        new FutureTask<>(
            () -> {
              compress(full, uncompressed, index);
              return null;
            });
    try {
      executor.execute(pending);
    } catch (RejectedExecutionException e) {
      // The executor was shut down: awaitPending runs the block here.
    }
  }

  private void compress(ByteSink sink, int length, int index) throws IOException {
    int compressed = compressor.compress(sink.buffer(), length, out);
    compressedSizes[index] = compressed;
    bytesWritten += compressed;
  }

  /** Waits for the block in flight; rethrows its failure. */
  private void awaitPending() throws IOException {
    if (pending == null) {
      return;
    }
    FutureTask<Void> p = pending;
    pending = null;
    // Does nothing if a thread has started the task; else compresses here, never waiting for a
    // thread that may be busy (or be this one's caller).
    p.run();
    try {
      p.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException(name + ": interrupted while a block was being written");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException) {
        throw (IOException) cause;
      }
      if (cause instanceof RuntimeException) {
        throw (RuntimeException) cause;
      }
      if (cause instanceof Error) {
        throw (Error) cause;
      }
      throw new IOException(name + ": writing a block failed: " + cause, cause);
    }
  }

  /** Waits for the block in flight, if any, ignoring its failure, so the context can close. */
  private void finishPending() {
    if (pending == null) {
      return;
    }
    FutureTask<Void> p = pending;
    pending = null;
    p.run();
    boolean interrupted = false;
    while (true) {
      try {
        p.get();
        break;
      } catch (InterruptedException e) {
        interrupted = true;
      } catch (ExecutionException e) {
        break; // the write failed already; only the compressor's release matters here
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
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
      try {
        if (rowsInBlock > 0) {
          flushBlock(true);
        }
        awaitPending();
      } finally {
        finishPending();
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
