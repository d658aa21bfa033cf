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

import java.util.List;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;

/**
 * What a scan was told: its filter, projection and limit, which snapshot ({@link Pin}) and which
 * rows ({@link RowSet}) it reads, and how results are batched and allocated. Immutable; {@link
 * #with} makes a changed copy.
 *
 * @param predicates the {@code where} calls (text and bound parameters), re-parsed when a scan
 *     reads through another schema version; their texts name them in messages
 * @param filter their conjunction, or null for none
 * @param projection the selected columns, or null for all
 * @param limit the most rows returned ({@link Long#MAX_VALUE}: no limit)
 * @param withRowId whether {@code _ROW_ID} is appended
 * @param allocator the results' allocator, or null for the table's
 * @param chunks the chunk shuffle of the plan, or null for none
 */
record ScanContext(
    List<Where> predicates,
    ScanFilter filter,
    List<String> projection,
    long limit,
    boolean withRowId,
    Pin pin,
    RowSet rows,
    int batchSize,
    BufferAllocator allocator,
    ChunkShuffle chunks) {

  static final int DEFAULT_BATCH_SIZE = 4096;

  /** One {@code where} call: its text and the values of its {@code ?} parameters. */
  record Where(String text, List<Object> parameters) {

    /** The filter it stands for over {@code type}. */
    ScanFilter parse(io.paimon.types.RowType type) {
      return ScanFilter.parse(text, parameters, type);
    }

    @Override
    public String toString() {
      return text; // the parameters' values stay out of messages
    }
  }

  /** {@code Scan.withChunkShuffle(seed, chunkSize)}. */
  record ChunkShuffle(long seed, int chunkSize) {}

  /** A scan of {@code rows} of the latest snapshot, with every other setting at its default. */
  static ScanContext of(RowSet rows) {
    return new ScanContext(
        List.of(),
        null,
        null,
        Long.MAX_VALUE,
        false,
        Pin.LATEST,
        rows,
        DEFAULT_BATCH_SIZE,
        null,
        null);
  }

  /** Whether a limit was set. */
  boolean limited() {
    return limit != Long.MAX_VALUE;
  }

  /** The settings being changed: a mutable copy that {@link #with} turns back into a context. */
  static final class Draft {
    List<Where> predicates;
    ScanFilter filter;
    List<String> projection;
    long limit;
    boolean withRowId;
    Pin pin;
    RowSet rows;
    int batchSize;
    BufferAllocator allocator;
    ChunkShuffle chunks;

    private Draft(ScanContext c) {
      predicates = c.predicates;
      filter = c.filter;
      projection = c.projection;
      limit = c.limit;
      withRowId = c.withRowId;
      pin = c.pin;
      rows = c.rows;
      batchSize = c.batchSize;
      allocator = c.allocator;
      chunks = c.chunks;
    }
  }

  /** A copy with {@code change} applied. */
  ScanContext with(Consumer<Draft> change) {
    Draft d = new Draft(this);
    change.accept(d);
    return new ScanContext(
        d.predicates,
        d.filter,
        d.projection,
        d.limit,
        d.withRowId,
        d.pin,
        d.rows,
        d.batchSize,
        d.allocator,
        d.chunks);
  }
}
