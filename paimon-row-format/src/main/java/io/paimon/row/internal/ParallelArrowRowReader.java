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

import io.paimon.row.ArrowSchemas;
import io.paimon.row.RowArrowReader;
import io.paimon.row.SeekableInput;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.roaringbitmap.RoaringBitmap;

/**
 * A full scan into Arrow decoded by several workers on a shared executor. Batch {@code k} holds
 * rows {@code [k * B, (k + 1) * B)} (with a dense selection, such as all rows but the deleted ones,
 * the selected rows of that range; a range without any is skipped); batches are dealt to the
 * workers in runs of {@value #RUN} consecutive ones, and a worker reads, decompresses and decodes
 * its batches into its own slots' vectors. Each block is decompressed and decoded by the same task,
 * so its bytes stay in one core's cache; only a block straddling two runs is decompressed by both
 * of their workers. In batch order, a slot's buffers are moved (not copied) to the reader's root
 * and moved back to the same slot when the caller asks for the next batch, so a scan decodes into
 * the same native memory throughout.
 *
 * <p>Workers own no thread: each is a {@link Pump} that decodes while it has a free slot and ends
 * its task when it has none; the caller's release of a slot submits it again. At most {@code
 * threads} workers, so at most that many of this reader's tasks run at once. A caller waiting for a
 * batch whose worker no thread has started decodes the batch itself, so the scan progresses on an
 * executor of any size, also one whose threads are all busy or that has been shut down.
 *
 * <p>Memory: each worker has {@value #SLOTS} slots of one batch each and one batch's compressed
 * blocks. {@link #close()} stops the workers (waiting for a batch being decoded, without
 * interrupting, which would close a shared file channel) and frees their vectors. The caller's side
 * is not thread-safe.
 */
final class ParallelArrowRowReader extends RowArrowReader {

  private static final long POLL_MILLIS = 20;

  private final RowFileMeta meta;
  private final SeekableInput input;
  private final RowCodec codec;
  private final RowType rowType;
  private final int batchSize;
  private final long batchCount;
  private final Worker[] workers;
  private final Executor executor;

  /** The rows to decode (positions in the file), or null for all. */
  private final RoaringBitmap selection;

  /** The worker and slot whose buffers the root holds for the current batch; null if none. */
  private Worker lender;

  private int lentSlot;

  /** The file positions of the lent batch's rows, when there is a selection. */
  private long[] lentRowNumbers;

  private final AtomicLong bytesRead = new AtomicLong();
  private volatile boolean closed;
  private long nextBatch;
  private long batchFirstRow;
  private int batchRows;
  private boolean started;

  /** What a worker hands over for one batch: its rows, or the failure that ended it. */
  private record Result(long batch, int rows, int slot, Throwable error) {}

  /**
   * Consecutive batches a worker decodes in a row, each into its own slot: a block straddling two
   * batches of one run is decompressed once, and a worker can be a whole run ahead of the caller.
   */
  private static final int RUN = 2;

  /** A worker's batches: one run decoded ahead of the caller, plus the one lent to the root. */
  private static final int SLOTS = RUN + 1;

  ParallelArrowRowReader(
      BufferAllocator allocator,
      RowFileMeta meta,
      SeekableInput input,
      RowCodec codec,
      RowType rowType,
      int batchSize,
      int threads,
      Executor executor,
      RoaringBitmap selection) {
    super(allocator);
    this.selection = selection;
    this.meta = meta;
    this.input = input;
    this.codec = codec;
    this.rowType = rowType;
    this.batchSize = batchSize;
    this.batchCount = (meta.totalRows + batchSize - 1) / batchSize;
    this.executor = executor;
    this.workers = new Worker[(int) Math.max(1, Math.min(threads, (batchCount + RUN - 1) / RUN))];
  }

  private void start() {
    started = true;
    Schema schema = ArrowSchemas.toArrowSchema(rowType);
    for (int w = 0; w < workers.length; w++) {
      workers[w] = new Worker(w, schema);
    }
    for (Worker w : workers) {
      w.pump.signal();
    }
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    ensureInitialized();
    if (!started) {
      start();
    }
    // With a selection a batch's row range may hold no selected row: such batches are skipped.
    while (loadRange()) {
      if (batchRows > 0) {
        return true;
      }
    }
    return false;
  }

  /** Loads the next batch's row range, which may have no rows; false at the end. */
  private boolean loadRange() throws IOException {
    VectorSchemaRoot root = getVectorSchemaRoot();
    returnLent(root);
    if (nextBatch >= batchCount) {
      batchRows = 0;
      return false;
    }
    Worker worker = workers[(int) ((nextBatch / RUN) % workers.length)];
    Result result = worker.await();
    if (result.batch() != nextBatch) {
      nextBatch = batchCount;
      throw new IOException(
          meta.name + ": decoding worker delivered batch " + result.batch() + " out of order");
    }
    if (result.error() != null) {
      nextBatch = batchCount;
      Throwable e = result.error();
      if (e instanceof IOException) {
        throw (IOException) e;
      }
      if (e instanceof Error) {
        throw (Error) e;
      }
      if (e instanceof RuntimeException) {
        throw (RuntimeException) e;
      }
      throw new IOException("decoding failed: " + e, e);
    }
    Slot slot = worker.slots[result.slot()];
    List<FieldVector> targets = root.getFieldVectors();
    for (int i = 0; i < targets.size(); i++) {
      slot.vectors[i].makeTransferPair(targets.get(i)).transfer();
    }
    root.setRowCount(result.rows());
    slot.root.setRowCount(0);
    lender = worker;
    lentSlot = result.slot();
    lentRowNumbers = slot.rowNumbers;
    batchFirstRow = nextBatch * batchSize;
    batchRows = result.rows();
    nextBatch++;
    return true;
  }

  /**
   * Gives the buffers of the batch the caller is done with back to the slot they came from, so each
   * slot keeps decoding into the same native memory, warm in its worker's cache, instead of
   * faulting in fresh pages for every batch.
   */
  private void returnLent(VectorSchemaRoot root) {
    if (lender == null) {
      return;
    }
    List<FieldVector> targets = root.getFieldVectors();
    FieldVector[] sources = lender.slots[lentSlot].vectors;
    for (int i = 0; i < targets.size(); i++) {
      targets.get(i).makeTransferPair(sources[i]).transfer();
    }
    root.setRowCount(0);
    lender.release(lentSlot);
    lender = null;
  }

  @Override
  public long rowNumber(int i) {
    if (i < 0 || i >= batchRows) {
      throw new IndexOutOfBoundsException("row " + i + " is outside the batch of " + batchRows);
    }
    return selection == null ? batchFirstRow + i : lentRowNumbers[i];
  }

  @Override
  public long bytesRead() {
    return bytesRead.get();
  }

  @Override
  protected void closeReadSource() {
    closed = true;
    for (Worker w : workers) {
      if (w == null) {
        continue;
      }
      w.pump.stop();
      for (Slot slot : w.slots) {
        slot.root.close();
      }
      w.decoder.close();
    }
  }

  @Override
  protected Schema readSchema() {
    return ArrowSchemas.toArrowSchema(rowType);
  }

  /** Vectors a worker decodes one batch into. */
  private final class Slot {
    final VectorSchemaRoot root;
    final FieldVector[] vectors;
    final ArrowColumn[] columns;
    final long[] rowNumbers;

    Slot(Schema schema) {
      this.rowNumbers = selection == null ? null : new long[batchSize];
      this.root = VectorSchemaRoot.create(schema, allocator);
      this.vectors = root.getFieldVectors().toArray(new FieldVector[0]);
      this.columns = codec.arrowColumns(vectors);
    }
  }

  /** One decoding worker and what it owns; its state is touched by its pump's steps only. */
  private final class Worker {
    final int index;
    final Slot[] slots = new Slot[SLOTS];
    final BlockDecoder decoder = new BlockDecoder(meta);
    final DecodedBlock block = new DecodedBlock();
    final BlockInput in = new BlockInput(meta.name);
    final BlockingQueue<Result> ready = new ArrayBlockingQueue<>(SLOTS);
    final BlockingQueue<Integer> free = new ArrayBlockingQueue<>(SLOTS);
    final Pump pump;
    byte[] compressed = new byte[0];

    /** The next batch this worker decodes; past the last batch when it is done or failed. */
    long next;

    Worker(int index, Schema schema) {
      this.index = index;
      for (int j = 0; j < SLOTS; j++) {
        slots[j] = new Slot(schema);
        free.add(j);
      }
      this.next = (long) index * RUN;
      this.pump =
          new Pump("paimon-row-decode " + meta.name + " #" + index, executor, this::decodeNext);
    }

    /** The pump's step: decodes this worker's next batch into a free slot, if there is one. */
    private boolean decodeNext() {
      if (closed || next >= batchCount) {
        return false;
      }
      Integer slot = free.poll();
      if (slot == null) {
        return false;
      }
      long k = next;
      Result r;
      try {
        r = new Result(k, decode(k, slots[slot]), slot, null);
      } catch (Throwable e) {
        r = new Result(k, 0, slot, e);
      }
      if (r.error() != null) {
        next = batchCount;
      } else if ((k + 1) % RUN == 0) {
        // The end of this worker's run: its next run comes after every other worker's.
        next = k + 1 + (long) (workers.length - 1) * RUN;
      } else {
        next = k + 1;
      }
      ready.add(r);
      return next < batchCount;
    }

    /** Decodes batch {@code k} into {@code slot}'s vectors and returns its row count. */
    private int decode(long k, Slot slot) throws IOException {
      ArrowColumn[] columns = slot.columns;
      long first = k * batchSize;
      long end = Math.min(meta.totalRows, first + batchSize);
      // The slot holds the buffers of a batch the caller is done with (or none): they are reused.
      for (ArrowColumn c : columns) {
        c.reset(batchSize);
      }
      int b = Arrays.binarySearch(meta.rowStarts, 0, meta.blockCount, first);
      if (b < 0) {
        b = -b - 2;
      }
      while (meta.rowStarts[b + 1] <= first) {
        b++; // skip empty blocks
      }
      // The batch's blocks are adjacent in the file: fetch them with one positional read.
      int last = b;
      while (meta.rowStarts[last + 1] < end) {
        last++;
      }
      long from = meta.blockOffsets[b];
      long to = meta.blockOffsets[last] + meta.compressedSizes[last];
      if (to - from > Integer.MAX_VALUE - 8) {
        throw new IOException(meta.name + ": the blocks of one batch exceed 2 GiB");
      }
      int len = (int) (to - from);
      if (compressed.length < len) {
        compressed = new byte[len];
      }
      input.readFully(from, compressed, 0, len);
      bytesRead.addAndGet(len);
      int count = 0;
      long row = first;
      while (row < end) {
        if (block.index != b) {
          decoder.decode(b, compressed, (int) (meta.blockOffsets[b] - from), block);
          in.reset(block.data, b, block.fileOffset);
        }
        long blockEnd = Math.min(end, meta.rowStarts[b + 1]);
        if (selection == null
            && codec.readFixedRows(
                block, (int) (row - block.firstRow), (int) (blockEnd - block.firstRow), columns)) {
          count += (int) (blockEnd - row);
          row = blockEnd;
        }
        for (; row < blockEnd; row++) {
          if (selection != null) {
            if (!selection.contains((int) row)) {
              continue;
            }
            slot.rowNumbers[count] = row;
          }
          int r = (int) (row - block.firstRow);
          in.row(block.offsets[r], block.offsets[r + 1], row);
          codec.readColumns(in, columns);
          count++;
        }
        b++;
      }
      for (ArrowColumn c : columns) {
        c.finish();
      }
      slot.root.setRowCount(count);
      return count;
    }

    /** The next result of this worker, waiting for it (or decoding it, if no thread has begun). */
    Result await() throws IOException {
      try {
        while (true) {
          Result r = ready.poll();
          if (r != null) {
            return r;
          }
          pump.signal();
          if (!pump.helpOnce()) {
            r = ready.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
            if (r != null) {
              return r;
            }
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while waiting for the next batch");
      }
    }

    /** Lets the worker reuse a slot: its buffers were transferred away. */
    void release(int slot) {
      if (!free.offer(slot)) {
        throw new IllegalStateException("decoding worker " + index + " released twice");
      }
      pump.signal();
    }
  }
}
