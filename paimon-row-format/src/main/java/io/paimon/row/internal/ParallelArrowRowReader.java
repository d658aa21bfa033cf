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
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A full scan into Arrow decoded by several threads: batch {@code k} holds rows {@code [k * B, (k +
 * 1) * B)} and is read, decompressed and decoded by worker {@code k mod W} into that worker's own
 * vectors, whose buffers are then transferred (not copied) into the reader's root in batch order.
 * Each block is decompressed and decoded on the same core, so its bytes never travel between cores;
 * a block that straddles two batches is decompressed by both workers.
 *
 * <p>Memory: each worker holds up to {@value #RUN} batches and one block; the root holds the batch
 * being consumed. Workers are owned by the reader: {@link #close()} stops them (without
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

  ParallelArrowRowReader(
      BufferAllocator allocator,
      RowFileMeta meta,
      SeekableInput input,
      RowCodec codec,
      RowType rowType,
      int batchSize,
      int threads) {
    super(allocator);
    this.meta = meta;
    this.input = input;
    this.codec = codec;
    this.rowType = rowType;
    this.batchSize = batchSize;
    this.batchCount = (meta.totalRows + batchSize - 1) / batchSize;
    this.workers = new Worker[(int) Math.max(1, Math.min(threads, (batchCount + RUN - 1) / RUN))];
  }

  private void start() {
    started = true;
    Schema schema = ArrowSchemas.toArrowSchema(rowType);
    for (int w = 0; w < workers.length; w++) {
      workers[w] = new Worker(w, schema);
    }
    for (Worker w : workers) {
      w.thread.start();
    }
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    ensureInitialized();
    if (!started) {
      start();
    }
    VectorSchemaRoot root = getVectorSchemaRoot();
    if (nextBatch >= batchCount) {
      batchRows = 0;
      root.setRowCount(0);
      return false;
    }
    Worker worker = workers[(int) ((nextBatch / RUN) % workers.length)];
    Result result = worker.await();
    if (result.batch() != nextBatch) {
      nextBatch = batchCount;
      throw new IOException(
          meta.name + ": decoding thread delivered batch " + result.batch() + " out of order");
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
    List<FieldVector> sources = slot.root.getFieldVectors();
    for (int i = 0; i < targets.size(); i++) {
      targets.get(i).clear();
      sources.get(i).makeTransferPair(targets.get(i)).transfer();
    }
    root.setRowCount(result.rows());
    slot.root.setRowCount(0);
    worker.release(result.slot());
    batchFirstRow = nextBatch * batchSize;
    batchRows = result.rows();
    nextBatch++;
    return true;
  }

  @Override
  public long rowNumber(int i) {
    if (i < 0 || i >= batchRows) {
      throw new IndexOutOfBoundsException("row " + i + " is outside the batch of " + batchRows);
    }
    return batchFirstRow + i;
  }

  @Override
  public long bytesRead() {
    return bytesRead.get();
  }

  @Override
  protected void closeReadSource() {
    closed = true;
    boolean interrupted = false;
    for (Worker w : workers) {
      if (w == null) {
        continue;
      }
      while (w.thread.isAlive()) {
        try {
          w.thread.join();
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      for (Slot slot : w.slots) {
        slot.root.close();
      }
      w.decoder.close();
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
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

    Slot(Schema schema) {
      this.root = VectorSchemaRoot.create(schema, allocator);
      this.vectors = root.getFieldVectors().toArray(new FieldVector[0]);
      this.columns = codec.arrowColumns(vectors);
    }
  }

  /** One decoding thread and what it owns. */
  private final class Worker {
    final int index;
    final Slot[] slots = new Slot[RUN];
    final BlockDecoder decoder = new BlockDecoder(meta);
    final DecodedBlock block = new DecodedBlock();
    final BlockInput in = new BlockInput(meta.name);
    final BlockingQueue<Result> ready = new ArrayBlockingQueue<>(RUN);
    final BlockingQueue<Integer> free = new ArrayBlockingQueue<>(RUN);
    final Thread thread;
    byte[] compressed = new byte[0];

    Worker(int index, Schema schema) {
      this.index = index;
      for (int j = 0; j < RUN; j++) {
        slots[j] = new Slot(schema);
        free.add(j);
      }
      this.thread = new Thread(this::run, "paimon-row-decode " + meta.name + " #" + index);
      thread.setDaemon(true);
    }

    private void run() {
      try {
        for (long run = index; run * RUN < batchCount; run += workers.length) {
          for (long k = run * RUN; k < Math.min(batchCount, (run + 1) * RUN); k++) {
            Integer slot = awaitFree();
            if (slot == null) {
              return;
            }
            Result r;
            try {
              r = new Result(k, decode(k, slots[slot]), slot, null);
            } catch (IOException | RuntimeException | Error e) {
              r = new Result(k, 0, slot, e);
            }
            if (!offer(r) || r.error() != null) {
              return;
            }
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    /** Decodes batch {@code k} into {@code slot}'s vectors and returns its row count. */
    private int decode(long k, Slot slot) throws IOException {
      FieldVector[] vectors = slot.vectors;
      ArrowColumn[] columns = slot.columns;
      long first = k * batchSize;
      long end = Math.min(meta.totalRows, first + batchSize);
      for (FieldVector v : vectors) {
        // Empty: the previous batch's buffers were transferred to the reader's root.
        v.setInitialCapacity(batchSize);
        v.allocateNew();
      }
      for (ArrowColumn c : columns) {
        c.reset();
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
        for (; row < blockEnd; row++) {
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

    private boolean offer(Result r) throws InterruptedException {
      while (!closed) {
        if (ready.offer(r, POLL_MILLIS, TimeUnit.MILLISECONDS)) {
          return true;
        }
      }
      return false;
    }

    /** A slot the caller is done with, or null once the reader is closed. */
    private Integer awaitFree() throws InterruptedException {
      while (!closed) {
        Integer slot = free.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
        if (slot != null) {
          return slot;
        }
      }
      return null;
    }

    /** The next result of this worker, waiting for it. */
    Result await() throws IOException {
      try {
        while (true) {
          Result r = ready.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
          if (r != null) {
            return r;
          }
          if (!thread.isAlive() && ready.isEmpty()) {
            throw new IOException(meta.name + ": decoding thread " + index + " ended early");
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
        throw new IllegalStateException("decoding thread " + index + " released twice");
      }
    }
  }
}
