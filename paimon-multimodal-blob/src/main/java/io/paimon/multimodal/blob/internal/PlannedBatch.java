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

import io.paimon.blob.BlobChecksumException;
import io.paimon.blob.BlobFormatException;
import io.paimon.multimodal.blob.BlobBatch;
import io.paimon.multimodal.blob.BlobReadException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * One batch on its way to the caller: its scalar columns, the ranged reads that fetch its payloads,
 * and the payloads received so far, slot by slot (column, row, element), so they come out in row
 * order whatever order the reads finish in. Used by the consumer thread only.
 */
final class PlannedBatch {

  private final ReadContext ctx;
  final VectorSchemaRoot scalar;
  final Cells cells;
  final long firstRow;

  /** Per column and row, the payloads of the cell's elements (null row: null cell). */
  private final byte[][][][] values;

  List<Chunk> chunks = List.of();

  /** The next chunk to submit. */
  int nextToIssue;

  /** Chunks that arrived before this batch was the one being assembled; their bytes count. */
  final List<Chunk> held = new ArrayList<>();

  private int unitsLeft;

  PlannedBatch(ReadContext ctx, VectorSchemaRoot scalar, Cells cells, long firstRow) {
    this.ctx = ctx;
    this.scalar = scalar;
    this.cells = cells;
    this.firstRow = firstRow;
    this.values = new byte[ctx.columns().size()][cells.rows()][][];
    for (int c = 0; c < values.length; c++) {
      for (int r = 0; r < cells.rows(); r++) {
        if (!cells.isNull(c, r)) {
          values[c][r] = new byte[cells.size(c, r)][];
        }
      }
    }
  }

  void expectUnits(int count) {
    unitsLeft = count;
  }

  boolean isComplete() {
    return unitsLeft == 0;
  }

  /**
   * Takes in a fetched chunk of this batch: places the payloads of the units it was the last to
   * bring in (verified and sliced by the fetch threads), or handles the check that failed.
   */
  void accept(Chunk c) {
    for (Unit u : c.units) {
      if (--u.chunksLeft > 0) {
        continue;
      }
      if (u.slices == null) {
        failed(u, u.failure);
        continue;
      }
      for (int i = 0; i < u.slices.length; i++) {
        Target t = u.targets.get(i);
        values[t.column()][t.row()][t.element()] = u.slices[i];
      }
      u.slices = null;
      unitsLeft--;
    }
  }

  /** A unit's entry failed its check: a CRC mismatch, or a frame that is not an entry. */
  private void failed(Unit u, BlobFormatException e) {
    if (e instanceof BlobChecksumException) {
      throw error(BlobReadException.Reason.CHECKSUM_MISMATCH, u, e.getMessage(), e);
    }
    if (u.widenedPayload) {
      // Not framed as an entry of its own: a descriptor of an element inside a nested payload,
      // stored in a scalar BLOB column. Find and check the entry that holds it.
      long[] entry = ctx.entryAround(u, this);
      if (entry != null) {
        byte[] bytes = ctx.readEntry(u, entry, this);
        deliver(u, bytes, (int) (u.offset - entry[0]));
        return;
      }
    }
    throw error(BlobReadException.Reason.MALFORMED, u, e.getMessage(), e);
  }

  /** Hands out a unit read as-is or already verified: {@code src[base]} is the unit's offset. */
  void deliver(Unit u, byte[] src, int base) {
    for (Target t : u.targets) {
      int from = base + (int) t.sliceOffset();
      values[t.column()][t.row()][t.element()] =
          Arrays.copyOfRange(src, from, from + t.sliceLength());
    }
    unitsLeft--;
  }

  /** Hands an empty payload to every target of a unit of length 0. */
  void deliverEmpty(Unit u) {
    for (Target t : u.targets) {
      values[t.column()][t.row()][t.element()] = new byte[0];
    }
  }

  /** An error about unit {@code u}, naming its first row and column. */
  BlobReadException error(BlobReadException.Reason reason, Unit u, String detail, Throwable cause) {
    Target t = u.targets.get(0);
    return new BlobReadException(
        reason, firstRow + t.row(), ctx.columns().get(t.column()).name(), u.uri, detail, cause);
  }

  /** The finished batch; hands the scalar root over to it. */
  BlobBatch toResult() {
    return new BlobBatchImpl(scalar, ctx.columns(), values, cells);
  }
}
