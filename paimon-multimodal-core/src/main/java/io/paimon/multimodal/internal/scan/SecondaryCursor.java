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
package io.paimon.multimodal.internal.scan;

import io.paimon.multimodal.arrow.VectorCopy;
import io.paimon.multimodal.internal.TableState;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import java.io.IOException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.roaringbitmap.RoaringBitmap;

/**
 * A newer data file of a group (an update's partial-column file) read alongside the group's primary
 * file during a scan: one streaming read of its columns over the rows the scan may need (the live
 * rows), decoded like the primary (in parallel), from which each primary batch takes the rows at
 * its positions. Positions ascend, so the read only moves forward. Not thread-safe.
 */
final class SecondaryCursor implements AutoCloseable {

  private final String path;
  private final RowFileReader file;
  private final RowFileReader projected;
  private final RowFileReader selected;
  private final RowArrowReader reader;
  private int at;
  private int rows;
  private boolean done;

  /**
   * Opens {@code f}'s file columns {@code fileColumns} for the group's rows in {@code selection}
   * (all rows when null).
   */
  SecondaryCursor(
      TableState table,
      PlannedFile f,
      int[] fileColumns,
      RoaringBitmap selection,
      RowFileOptions options,
      BufferAllocator allocator,
      int batchSize)
      throws IOException {
    this.path = f.path();
    RowFileReader opened = f.open(table.io(), options);
    RowFileReader p = null;
    RowFileReader s = null;
    try {
      if (opened.rowCount() != f.meta().rowCount()) {
        throw new IOException(
            f.path()
                + " holds "
                + opened.rowCount()
                + " rows, its manifest entry says "
                + f.meta().rowCount());
      }
      p = opened.project(fileColumns);
      s = selection == null ? null : p.select(selection);
      this.reader = (s == null ? p : s).arrowReader(allocator, batchSize);
    } catch (IOException | RuntimeException e) {
      closeQuietly(s);
      closeQuietly(p);
      closeQuietly(opened);
      throw e;
    }
    this.file = opened;
    this.projected = p;
    this.selected = s;
  }

  private static void closeQuietly(AutoCloseable c) {
    if (c != null) {
      try {
        c.close();
      } catch (Exception e) {
        // the first failure is what the caller sees
      }
    }
  }

  /** Bytes read so far. */
  long bytesRead() {
    return reader.bytesRead();
  }

  /**
   * Fills {@code targets[i]} (for the file columns in order) with the rows at {@code positions[0..
   * n)}, copying runs of consecutive rows at once.
   */
  void fill(long[] positions, int n, FieldVector[] targets) throws IOException {
    for (FieldVector t : targets) {
      t.reset();
    }
    int out = 0;
    while (out < n) {
      long want = positions[out];
      while (true) {
        if (at == rows) {
          load(want);
        }
        long have = reader.rowNumber(at);
        if (have == want) {
          break;
        }
        if (have > want) {
          throw new IOException(path + " has no row at position " + want + " of its group");
        }
        at++;
      }
      int run = 1;
      while (out + run < n
          && at + run < rows
          && reader.rowNumber(at + run) == positions[out + run]) {
        run++;
      }
      VectorSchemaRoot batch = reader.getVectorSchemaRoot();
      if (at == 0 && out == 0 && run == rows && run == n) {
        // The primary's batch is exactly this file's batch (same rows, same batch size): its
        // buffers move over instead of being copied.
        for (int c = 0; c < targets.length; c++) {
          batch.getVector(c).makeTransferPair(targets[c]).transfer();
        }
        at = rows;
        return;
      }
      for (int c = 0; c < targets.length; c++) {
        VectorCopy.copyRows(batch.getVector(c), null, at, at + run, targets[c], out);
      }
      at += run;
      out += run;
    }
    for (FieldVector t : targets) {
      t.setValueCount(n);
    }
  }

  private void load(long want) throws IOException {
    if (done || !reader.loadNextBatch()) {
      done = true;
      throw new IOException(path + " ends before position " + want + " of its group");
    }
    at = 0;
    rows = reader.getVectorSchemaRoot().getRowCount();
  }

  @Override
  public void close() throws IOException {
    try {
      reader.close();
    } finally {
      closeQuietly(selected);
      closeQuietly(projected);
      file.close();
    }
  }
}
