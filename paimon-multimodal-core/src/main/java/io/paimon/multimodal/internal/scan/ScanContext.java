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

import io.paimon.multimodal.Split;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Everything a scan has been refined with; immutable, each refinement makes a new one.
 *
 * @param predicates the where() texts, ANDed
 * @param filter their parsed conjunction, or null
 * @param projection selected columns, or null for all
 * @param limit maximum rows, or -1
 * @param snapshotId pinned snapshot, 0 if unpinned, or {@link #PINNED_EMPTY}
 * @param tag pinned tag, or null
 * @param allocator the allocator for results, or null for the connection's
 * @param rowIds the ids of a takeRowIds scan in input order, or null
 * @param split the single split to read, or null
 */
record ScanContext(
    List<String> predicates,
    ScanFilter filter,
    List<String> projection,
    long limit,
    boolean withRowId,
    long snapshotId,
    String tag,
    int batchSize,
    BufferAllocator allocator,
    long[] rowIds,
    Split split) {

  static final int DEFAULT_BATCH_SIZE = 4096;

  /** The snapshot id of a scan pinned while its table had no commits: it reads no rows. */
  static final long PINNED_EMPTY = -1;

  static ScanContext initial(long[] rowIds) {
    return new ScanContext(
        List.of(), null, null, -1, false, 0, null, DEFAULT_BATCH_SIZE, null, rowIds, null);
  }

  ScanContext withFilter(List<String> texts, ScanFilter f) {
    return new ScanContext(
        texts,
        f,
        projection,
        limit,
        withRowId,
        snapshotId,
        tag,
        batchSize,
        allocator,
        rowIds,
        split);
  }

  ScanContext withProjection(List<String> columns) {
    return new ScanContext(
        predicates,
        filter,
        columns,
        limit,
        withRowId,
        snapshotId,
        tag,
        batchSize,
        allocator,
        rowIds,
        split);
  }

  ScanContext withLimit(long n) {
    return new ScanContext(
        predicates,
        filter,
        projection,
        n,
        withRowId,
        snapshotId,
        tag,
        batchSize,
        allocator,
        rowIds,
        split);
  }

  ScanContext withRowIdColumn() {
    return new ScanContext(
        predicates,
        filter,
        projection,
        limit,
        true,
        snapshotId,
        tag,
        batchSize,
        allocator,
        rowIds,
        split);
  }

  ScanContext withSnapshot(long id) {
    return new ScanContext(
        predicates,
        filter,
        projection,
        limit,
        withRowId,
        id,
        tag,
        batchSize,
        allocator,
        rowIds,
        split);
  }

  ScanContext withTag(String name) {
    return new ScanContext(
        predicates,
        filter,
        projection,
        limit,
        withRowId,
        snapshotId,
        name,
        batchSize,
        allocator,
        rowIds,
        split);
  }

  ScanContext withBatchSize(int rows) {
    return new ScanContext(
        predicates,
        filter,
        projection,
        limit,
        withRowId,
        snapshotId,
        tag,
        rows,
        allocator,
        rowIds,
        split);
  }

  ScanContext withAllocator(BufferAllocator a) {
    return new ScanContext(
        predicates,
        filter,
        projection,
        limit,
        withRowId,
        snapshotId,
        tag,
        batchSize,
        a,
        rowIds,
        split);
  }

  ScanContext withSplit(Split s) {
    return new ScanContext(
        predicates,
        filter,
        projection,
        limit,
        withRowId,
        s.snapshotId(),
        tag,
        batchSize,
        allocator,
        rowIds,
        s);
  }
}
