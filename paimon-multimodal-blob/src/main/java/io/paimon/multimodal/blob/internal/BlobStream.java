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

import io.paimon.multimodal.ProgressTracker;
import io.paimon.multimodal.arrow.VectorCopy;
import io.paimon.multimodal.blob.BlobBatch;
import io.paimon.multimodal.blob.BlobReadException;
import io.paimon.row.CloseableIterator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Drives a read: pulls scan batches, plans each, submits its ranged reads in order and, while the
 * caller waits for a batch, places the payloads of that batch's chunks as they arrive (on a local
 * disk it reads a batch's last chunk itself when nothing else is in flight). Chunks of later
 * batches are submitted as long as the bytes submitted and not yet sliced stay within the prefetch
 * budget; they wait, unsliced, until their batch is the one being assembled. Because submission
 * follows batch order, a batch never waits for budget held by a later one.
 *
 * <p>Owns the scan reader, the fetcher (its threads) and the scalar roots of batches not yet handed
 * out; {@link #close()} releases all of them and cancels reads in flight. After a failure the
 * stream is closed and rethrows nothing more: {@code hasNext()} is false. Not thread-safe.
 */
final class BlobStream implements CloseableIterator<BlobBatch> {

  /** The most planned batches held at once, however small they are. */
  private static final int MAX_PENDING = 16;

  private final ReadContext ctx;
  private final ArrowReader reader;
  private final Fetcher fetcher;
  private final int[] scalarColumns;
  private final Schema scalarSchema;
  private final boolean wholeResult;
  private final ArrayDeque<PlannedBatch> pending = new ArrayDeque<>();
  private final ProgressTracker progress;

  private final Object lock = new Object();
  private boolean busy;
  private volatile boolean closeRequested;
  private boolean failed;

  private long budgetUsed;
  private int inFlight;
  private long nextRow;
  private boolean scanDone;
  private boolean closed;

  /** Where batches are allocated (they outlive the reader), or null for the rows' own allocator. */
  private final BufferAllocator batchAllocator;

  BlobStream(
      ReadContext ctx,
      ArrowReader reader,
      Fetcher fetcher,
      int[] scalarColumns,
      BufferAllocator batchAllocator,
      boolean wholeResult,
      ProgressTracker progress) {
    this.batchAllocator = batchAllocator;
    this.progress = progress;
    this.ctx = ctx;
    this.reader = reader;
    this.fetcher = fetcher;
    this.scalarColumns = scalarColumns;
    this.wholeResult = wholeResult;
    try {
      List<Field> all = reader.getVectorSchemaRoot().getSchema().getFields();
      Field[] fields = new Field[scalarColumns.length];
      for (int i = 0; i < fields.length; i++) {
        fields[i] = all.get(scalarColumns[i]);
      }
      this.scalarSchema = new Schema(List.of(fields));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public boolean hasNext() {
    if (!enter()) {
      return false;
    }
    try {
      if (!pending.isEmpty() || pull()) {
        return true;
      }
      progress.finish();
      return false;
    } catch (RuntimeException e) {
      failed = true;
      throw e;
    } finally {
      exit();
    }
  }

  @Override
  public BlobBatch next() {
    if (!hasNext() || !enter()) {
      throw new NoSuchElementException("no more BLOB batches");
    }
    try {
      return assembleHead();
    } catch (InterruptedException e) {
      failed = true;
      if (!closeRequested) {
        Thread.currentThread().interrupt();
      }
      throw new BlobReadException(
          BlobReadException.Reason.CANCELLED,
          -1,
          null,
          null,
          closeRequested ? "the BLOB read was closed" : "the BLOB read was interrupted",
          e);
    } catch (RuntimeException e) {
      failed = true;
      throw e;
    } finally {
      exit();
    }
  }

  private BlobBatch assembleHead() throws InterruptedException {
    PlannedBatch head = pending.peekFirst();
    for (Chunk c : head.held) {
      head.accept(c);
      budgetUsed -= c.length;
    }
    head.held.clear();
    while (!head.isComplete()) {
      if (inFlight == 0 && fetcher.readsOnCaller() && head.nextToIssue == head.chunks.size() - 1) {
        // On a local disk, the batch's last read with nothing else in flight (a small read, or
        // the tail of a large one) is read here: a hand-off to a worker would only add its
        // latency, and no more than one read runs.
        Chunk last = head.chunks.get(head.nextToIssue++);
        inFlight++;
        budgetUsed += last.length;
        fetcher.runHere(last);
      }
      issue();
      Chunk c = fetcher.take();
      inFlight--;
      if (c.error != null) {
        throw ctx.fetchError(c);
      }
      if (c.batch == head) {
        head.accept(c);
        budgetUsed -= c.length;
      } else {
        c.batch.held.add(c);
      }
    }
    pending.removeFirst();
    // Keep the storage busy while the caller works on this batch.
    issue();
    BlobBatch result = head.toResult();
    progress.add(result.rowCount(), 0, 0);
    return result;
  }

  /** Marks the consumer busy; false if the stream is closed. */
  private boolean enter() {
    synchronized (lock) {
      if (closed || closeRequested) {
        return false;
      }
      busy = true;
      return true;
    }
  }

  /** Ends a call; releases everything if the call failed or another thread asked to close. */
  private void exit() {
    synchronized (lock) {
      busy = false;
      if (failed || closeRequested) {
        release();
      }
    }
  }

  /** Submits chunks in batch order while the in-flight and budget limits allow. */
  private void issue() {
    long budget = ctx.options().prefetchBudget();
    while (true) {
      for (PlannedBatch b : pending) {
        while (b.nextToIssue < b.chunks.size()) {
          Chunk c = b.chunks.get(b.nextToIssue);
          if (inFlight >= fetcher.maxInFlight()
              || (budgetUsed > 0 && budgetUsed + c.length > budget)) {
            return;
          }
          fetcher.submit(c);
          inFlight++;
          budgetUsed += c.length;
          b.nextToIssue++;
        }
      }
      if (wholeResult || scanDone || budgetUsed >= budget || pending.size() >= MAX_PENDING) {
        return;
      }
      if (!pull()) {
        return;
      }
    }
  }

  /** Reads and plans the next scan batch (all of them for a whole-result read). */
  private boolean pull() {
    if (scanDone) {
      return false;
    }
    Cells cells = new Cells(ctx.columns(), ctx.uris);
    VectorSchemaRoot scalar = null;
    try {
      while (true) {
        if (!reader.loadNextBatch()) {
          scanDone = true;
          break;
        }
        VectorSchemaRoot src = reader.getVectorSchemaRoot();
        int n = src.getRowCount();
        if (n == 0) {
          continue;
        }
        if (scalar == null) {
          scalar =
              VectorSchemaRoot.create(
                  scalarSchema, batchAllocator != null ? batchAllocator : allocator(src));
        }
        int at = scalar.getRowCount();
        for (int i = 0; i < scalarColumns.length; i++) {
          FieldVector to = scalar.getVector(i);
          VectorCopy.copyRows(src.getVector(scalarColumns[i]), null, 0, n, to, at);
        }
        scalar.setRowCount(at + n);
        cells.append(src);
        if (!wholeResult) {
          break;
        }
      }
      if (scalar == null) {
        if (!wholeResult || !pending.isEmpty() || nextRow > 0) {
          return false;
        }
        scalar =
            VectorSchemaRoot.create(
                scalarSchema,
                batchAllocator != null ? batchAllocator : allocator(reader.getVectorSchemaRoot()));
      }
      PlannedBatch batch = ctx.plan(scalar, cells, nextRow);
      nextRow += cells.rows();
      pending.addLast(batch);
      return true;
    } catch (IOException e) {
      if (scalar != null) {
        scalar.close();
      }
      throw new UncheckedIOException("scan failed: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      if (scalar != null) {
        scalar.close();
      }
      throw e;
    }
  }

  private static BufferAllocator allocator(VectorSchemaRoot root) {
    return root.getFieldVectors().get(0).getAllocator();
  }

  /**
   * Closes the stream. Called by another thread while the consumer waits in {@code next()}, it
   * cancels the reads in flight at once and the consumer's {@code next()} throws a {@link
   * BlobReadException} of reason {@code CANCELLED}, releasing the rest on its way out.
   */
  @Override
  public void close() {
    synchronized (lock) {
      if (busy) {
        closeRequested = true;
      } else {
        release();
        return;
      }
    }
    fetcher.close();
  }

  private void release() {
    if (closed) {
      return;
    }
    closed = true;
    fetcher.close();
    progress.finish();
    for (PlannedBatch b : pending) {
      b.scalar.close();
    }
    pending.clear();
    try {
      reader.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
