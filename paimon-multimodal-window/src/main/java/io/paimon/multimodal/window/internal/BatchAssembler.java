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
package io.paimon.multimodal.window.internal;

import io.paimon.multimodal.arrow.VectorCopy;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.BaseListVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Builds output batches of exactly {@code batchSize} rows (the last may be shorter) from rows of
 * input blocks, in the order they are {@link #add added}: row {@code r} of block {@code b}. Rows
 * are copied when a batch is complete ({@link VectorCopy#gather}); a block is freed once every row
 * of it has been copied. A batch is completed early rather than let one of its offset buffers (a
 * string's bytes, a list's elements) pass 2^31 - 1. {@link #compact} moves the rows still
 * referenced into one new block, so that a few rows do not keep many blocks alive. One thread.
 */
final class BatchAssembler implements AutoCloseable {

  /** The most an offset buffer may address: Arrow's 32-bit offsets. */
  static final long OFFSET_LIMIT = Integer.MAX_VALUE;

  private final long offsetLimit;

  private final Schema schema;
  private final BufferAllocator allocator;
  private final int batchSize;
  private final List<VectorSchemaRoot> blocks = new ArrayList<>();
  private final ArrayDeque<Integer> freeIds = new ArrayDeque<>();
  private int[] refs = new int[8];
  private int[] sources;
  private int[] rows;
  private int pending;
  private long[] offsetUnits;
  private final long[] rowUnits;
  private final ArrayDeque<VectorSchemaRoot> ready = new ArrayDeque<>();
  private long retainedRows;
  private long peakRetainedRows;

  /** A batch given back by {@link #recycle}, reused by the next {@link #flush}, or null. */
  private VectorSchemaRoot spare;

  BatchAssembler(Schema schema, BufferAllocator allocator, int batchSize) {
    this(schema, allocator, batchSize, OFFSET_LIMIT);
  }

  /** As {@link #BatchAssembler(Schema, BufferAllocator, int)}, with another offset limit. */
  BatchAssembler(Schema schema, BufferAllocator allocator, int batchSize, long offsetLimit) {
    this.offsetLimit = offsetLimit;
    this.schema = schema;
    this.allocator = allocator;
    this.batchSize = batchSize;
    this.sources = new int[Math.min(batchSize, 1024)];
    this.rows = new int[sources.length];
    int n = 0;
    for (org.apache.arrow.vector.types.pojo.Field f : schema.getFields()) {
      n += offsetNodes(f);
    }
    this.offsetUnits = new long[n];
    this.rowUnits = new long[n];
  }

  /** Registers a block (now owned here) and returns its id; its rows must all be added later. */
  int addBlock(VectorSchemaRoot block) {
    int id;
    if (freeIds.isEmpty()) {
      id = blocks.size();
      blocks.add(block);
    } else {
      id = freeIds.pop();
      blocks.set(id, block);
    }
    if (id >= refs.length) {
      refs = java.util.Arrays.copyOf(refs, Math.max(id + 1, refs.length * 2));
    }
    refs[id] = block.getRowCount();
    retainedRows += block.getRowCount();
    peakRetainedRows = Math.max(peakRetainedRows, retainedRows);
    return id;
  }

  /** Appends row {@code row} of block {@code block} to the output. */
  void add(int block, int row) {
    if (offsetUnits.length > 0 && !fitsOffsets(block, row, row + 1) && pending > 0) {
      flush();
    }
    if (offsetUnits.length > 0) {
      takeOffsets();
    }
    if (pending == sources.length) {
      int grown = Math.min(batchSize, sources.length * 2);
      sources = java.util.Arrays.copyOf(sources, grown);
      rows = java.util.Arrays.copyOf(rows, grown);
    }
    sources[pending] = block;
    rows[pending] = row;
    pending++;
    if (pending == batchSize) {
      flush();
    }
  }

  /**
   * Appends rows {@code [from, to)} of block {@code block}, in order: what {@link #add} does for
   * each, with the offset check once per run rather than per row (an unshuffled stream).
   */
  void addRun(int block, int from, int to) {
    int r = from;
    while (r < to) {
      int end = (int) Math.min(to, (long) r + batchSize - pending);
      if (offsetUnits.length > 0) {
        if (!fitsOffsets(block, r, end)) {
          // Near the limit: row by row, so the batch ends exactly where it must.
          for (; r < end; r++) {
            add(block, r);
          }
          continue;
        }
        takeOffsets();
      }
      int n = end - r;
      if (pending + n > sources.length) {
        int grown = Math.min(batchSize, Math.max(pending + n, sources.length * 2));
        sources = java.util.Arrays.copyOf(sources, grown);
        rows = java.util.Arrays.copyOf(rows, grown);
      }
      java.util.Arrays.fill(sources, pending, pending + n, block);
      for (int i = 0; i < n; i++) {
        rows[pending + i] = r + i;
      }
      pending += n;
      r = end;
      if (pending == batchSize) {
        flush();
      }
    }
  }

  /**
   * Measures what rows {@code [from, to)} of a block put in each offset buffer (into {@code
   * rowUnits}) and says whether the batch being built can take them within the offset limit.
   */
  private boolean fitsOffsets(int block, int from, int to) {
    java.util.Arrays.fill(rowUnits, 0);
    int[] node = {0};
    for (FieldVector v : blocks.get(block).getFieldVectors()) {
      units(v, from, to, rowUnits, node);
    }
    for (int k = 0; k < rowUnits.length; k++) {
      if (offsetUnits[k] + rowUnits[k] > offsetLimit) {
        return false;
      }
    }
    return true;
  }

  /** Counts the rows last measured by {@link #fitsOffsets} into the batch being built. */
  private void takeOffsets() {
    for (int k = 0; k < rowUnits.length; k++) {
      offsetUnits[k] += rowUnits[k];
    }
  }

  /** Completes the batch being built, if it has rows. */
  void flush() {
    if (pending == 0) {
      return;
    }
    VectorSchemaRoot out = gather(sources, rows, pending, spare);
    spare = null;
    for (int i = 0; i < pending; i++) {
      release(sources[i], 1);
    }
    pending = 0;
    java.util.Arrays.fill(offsetUnits, 0);
    ready.add(out);
  }

  private VectorSchemaRoot gather(int[] from, int[] at, int n) {
    return gather(from, at, n, null);
  }

  /** As {@link #gather(int[], int[], int)}, into {@code into} (emptied here) when not null. */
  private VectorSchemaRoot gather(int[] from, int[] at, int n, VectorSchemaRoot into) {
    VectorSchemaRoot out = into;
    if (out == null) {
      out = VectorSchemaRoot.create(schema, allocator);
    } else {
      for (FieldVector v : out.getFieldVectors()) {
        v.reset();
      }
    }
    try {
      ValueVector[] columns = new ValueVector[blocks.size()];
      for (int j = 0; j < schema.getFields().size(); j++) {
        for (int b = 0; b < blocks.size(); b++) {
          VectorSchemaRoot block = blocks.get(b);
          columns[b] = block == null ? null : block.getVector(j);
        }
        VectorCopy.gather(columns, from, at, n, out.getVector(j));
      }
      out.setRowCount(n);
      return out;
    } catch (RuntimeException | Error e) {
      out.close();
      throw e;
    }
  }

  private void release(int block, int n) {
    refs[block] -= n;
    if (refs[block] == 0) {
      VectorSchemaRoot b = blocks.get(block);
      retainedRows -= b.getRowCount();
      b.close();
      blocks.set(block, null);
      freeIds.push(block);
    }
  }

  /**
   * Moves the rows that {@code refs[0..n)} (packed by {@link #pack}) name, and the rows of the
   * batch being built, into one new block, rewriting {@code refs} to name them there; every block
   * they came from is freed (the caller holds no other reference to their rows).
   */
  void compact(long[] slots, int n) {
    int total = n + pending;
    int[] from = new int[total];
    int[] at = new int[total];
    for (int i = 0; i < n; i++) {
      from[i] = blockOf(slots[i]);
      at[i] = rowOf(slots[i]);
    }
    System.arraycopy(sources, 0, from, n, pending);
    System.arraycopy(rows, 0, at, n, pending);
    VectorSchemaRoot moved = gather(from, at, total);
    for (int i = 0; i < total; i++) {
      release(from[i], 1);
    }
    int id = addBlock(moved);
    for (int i = 0; i < n; i++) {
      slots[i] = pack(id, i);
    }
    for (int k = 0; k < pending; k++) {
      sources[k] = id;
      rows[k] = n + k;
    }
  }

  /**
   * Takes back a batch {@link #poll} gave, once its values have been copied out (a tensor
   * conversion), to build the next batch in its buffers rather than allocate new ones.
   */
  void recycle(VectorSchemaRoot batch) {
    if (spare == null) {
      spare = batch;
    } else {
      batch.close();
    }
  }

  /** The next completed batch (the caller's), or null. */
  VectorSchemaRoot poll() {
    return ready.poll();
  }

  /** The rows of the blocks held now (copied or not). */
  long retainedRows() {
    return retainedRows;
  }

  /** The most rows the held blocks ever had at once. */
  long peakRetainedRows() {
    return peakRetainedRows;
  }

  static long pack(int block, int row) {
    return ((long) block << 32) | (row & 0xffffffffL);
  }

  static int blockOf(long packed) {
    return (int) (packed >>> 32);
  }

  static int rowOf(long packed) {
    return (int) packed;
  }

  @Override
  public void close() {
    if (spare != null) {
      spare.close();
      spare = null;
    }
    for (VectorSchemaRoot b : ready) {
      b.close();
    }
    ready.clear();
    for (VectorSchemaRoot b : blocks) {
      if (b != null) {
        b.close();
      }
    }
    blocks.clear();
    pending = 0;
  }

  /** The vectors with an offset buffer under field {@code f} (itself included). */
  private static int offsetNodes(org.apache.arrow.vector.types.pojo.Field f) {
    org.apache.arrow.vector.types.pojo.ArrowType t = f.getType();
    int own =
        t instanceof org.apache.arrow.vector.types.pojo.ArrowType.Utf8
                || t instanceof org.apache.arrow.vector.types.pojo.ArrowType.Binary
                || t instanceof org.apache.arrow.vector.types.pojo.ArrowType.List
                || t instanceof org.apache.arrow.vector.types.pojo.ArrowType.Map
            ? 1
            : 0;
    for (org.apache.arrow.vector.types.pojo.Field c : f.getChildren()) {
      own += offsetNodes(c);
    }
    return own;
  }

  /**
   * Adds what rows {@code [from, to)} of {@code v} put in each offset buffer under it (bytes of a
   * string or binary, elements of a list) to {@code acc}, in the order {@link #offsetNodes} counts
   * them.
   */
  private static void units(ValueVector v, int from, int to, long[] acc, int[] node) {
    if (v instanceof BaseVariableWidthVector w) {
      acc[node[0]++] += w.getStartOffset(to) - w.getStartOffset(from);
    } else if (v instanceof ListVector l) {
      int start = l.getElementStartIndex(from);
      int end = to > from ? l.getElementEndIndex(to - 1) : start;
      acc[node[0]++] += end - start;
      units(l.getDataVector(), start, end, acc, node);
    } else if (v instanceof FixedSizeListVector l) {
      units(l.getDataVector(), from * l.getListSize(), to * l.getListSize(), acc, node);
    } else if (v instanceof StructVector s) {
      for (FieldVector c : s.getChildrenFromFields()) {
        units(c, from, to, acc, node);
      }
    } else if (v instanceof BaseListVector) {
      // Other list kinds (large lists) have 64-bit offsets.
      for (FieldVector c : ((FieldVector) v).getChildrenFromFields()) {
        node[0] += offsetNodes(c.getField());
      }
    }
  }
}
