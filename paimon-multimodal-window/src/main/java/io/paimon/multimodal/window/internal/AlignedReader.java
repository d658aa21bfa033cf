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

import io.paimon.multimodal.Schema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Streams an alignment: one output batch per left batch, the left columns copied and each step's
 * columns added. Opening it does everything that can fail on the inputs' values first (a pass over
 * the left key columns when they may hold nulls or need a range check, and the loading of every
 * right index), so no error follows the first batch. Owns a child allocator for its staging
 * vectors. Not thread-safe; close it.
 */
final class AlignedReader extends ArrowReader {

  private final AlignmentPlan plan;
  private final BufferAllocator allocator;
  private final List<StepRuntime> runtimes;
  private final Prefetcher left;
  private long rows;

  private AlignedReader(
      AlignmentPlan plan, BufferAllocator allocator, List<StepRuntime> runtimes, Prefetcher left) {
    super(allocator);
    this.plan = plan;
    this.allocator = allocator;
    this.runtimes = runtimes;
    this.left = left;
  }

  static ArrowReader open(AlignmentPlan plan, int batchSize, BufferAllocator parent) {
    BufferAllocator allocator = parent.newChildAllocator("aligned", 0, Long.MAX_VALUE);
    List<StepRuntime> runtimes = new ArrayList<>();
    Prefetcher left = null;
    try {
      checkLeftKeys(plan);
      for (StepPlan s : plan.steps) {
        runtimes.add(StepRuntime.create(s, allocator));
      }
      List<String> read = new ArrayList<>(plan.leftNames);
      for (String key : leftKeys(plan).keySet()) {
        if (!read.contains(key)) {
          read.add(key);
        }
      }
      // Left batches are decoded a batch or two ahead on the I/O pool.
      io.paimon.multimodal.Scan leftRead =
          plan.left.select(read).batchSize(batchSize).allocator(allocator);
      left =
          new Prefetcher(
              "align-left", leftRead.table().executors(), leftRead::toArrowReader, allocator);
      return new AlignedReader(plan, allocator, runtimes, left);
    } catch (IOException | RuntimeException e) {
      if (left != null) {
        left.close();
      }
      runtimes.forEach(StepRuntime::close);
      allocator.close();
      if (e instanceof IOException) {
        throw new java.io.UncheckedIOException((IOException) e);
      }
      throw (RuntimeException) e;
    }
  }

  /** Every left key column of every step, by name. */
  private static Map<String, KeyColumn> leftKeys(AlignmentPlan plan) {
    Map<String, KeyColumn> keys = new LinkedHashMap<>();
    for (StepPlan s : plan.steps) {
      keys.putIfAbsent(s.leftTime.name + "#" + s.leftTime.factor, s.leftTime);
      for (KeyColumn c : s.leftBy) {
        keys.putIfAbsent(c.name + "#" + c.factor, c);
      }
    }
    Map<String, KeyColumn> byName = new LinkedHashMap<>();
    keys.values().forEach(c -> byName.putIfAbsent(c.name, c));
    return byName;
  }

  /**
   * Reads the left key columns once before any output when they may be null or need a range check
   * (nullable columns, timestamps scaled to a finer unit); a NOT NULL key read as is needs no pass.
   */
  private static void checkLeftKeys(AlignmentPlan plan) throws IOException {
    List<KeyColumn> check = new ArrayList<>();
    for (StepPlan s : plan.steps) {
      List<KeyColumn> all = new ArrayList<>(List.of(s.leftBy));
      all.add(s.leftTime);
      for (KeyColumn c : all) {
        if (c.type.isNullable() || c.factor != 1) {
          check.add(c);
        }
      }
    }
    if (check.isEmpty()) {
      return;
    }
    List<String> names = new ArrayList<>();
    for (KeyColumn c : check) {
      if (!names.contains(c.name)) {
        names.add(c.name);
      }
    }
    names.add(Schema.ROW_ID);
    long row = 0;
    try (ArrowReader r = plan.left.select(names).batchSize(RightIndex.LOAD_BATCH).toArrowReader()) {
      while (r.loadNextBatch()) {
        VectorSchemaRoot batch = r.getVectorSchemaRoot();
        int n = batch.getRowCount();
        BigIntVector ids = (BigIntVector) batch.getVector(Schema.ROW_ID);
        for (KeyColumn c : check) {
          FieldVector v = batch.getVector(c.name);
          boolean nulls = v.getNullCount() > 0;
          if (!nulls && c.factor == 1) {
            continue;
          }
          for (int i = 0; i < n; i++) {
            c.checkNotNull(v, i, row + i, ids.get(i));
            if (c.factor != 1) {
              c.readLong(v, i, row + i);
            }
          }
        }
        row += n;
      }
    }
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    ensureInitialized();
    VectorSchemaRoot out = getVectorSchemaRoot();
    for (FieldVector v : out.getFieldVectors()) {
      v.reset();
    }
    try (VectorSchemaRoot batch = left.next()) {
      if (batch == null) {
        out.setRowCount(0);
        return false;
      }
      int n = batch.getRowCount();
      int col = plan.leftNames.size();
      for (StepRuntime s : runtimes) {
        s.apply(batch, n, rows, out, col);
        col += s.plan.outputs.size();
      }
      // The batch is ours: its left columns move into the output without a copy.
      for (int j = 0; j < plan.leftNames.size(); j++) {
        batch.getVector(plan.leftNames.get(j)).makeTransferPair(out.getVector(j)).transfer();
      }
      out.setRowCount(n);
      rows += n;
      return true;
    }
  }

  @Override
  public long bytesRead() {
    return 0;
  }

  @Override
  protected void closeReadSource() throws IOException {
    try {
      left.close();
    } finally {
      runtimes.forEach(StepRuntime::close);
      allocator.close();
    }
  }

  @Override
  protected org.apache.arrow.vector.types.pojo.Schema readSchema() {
    return plan.arrowSchema();
  }
}
