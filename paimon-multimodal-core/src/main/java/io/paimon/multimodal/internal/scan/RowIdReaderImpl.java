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

import io.paimon.multimodal.RowIdReader;
import io.paimon.multimodal.SnapshotNotFoundException;
import io.paimon.multimodal.Tag;
import io.paimon.multimodal.internal.TableState;
import io.paimon.row.BlockCache;
import io.paimon.row.RowFileOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/** The {@link RowIdReader} of a scan: a {@link RowIdFetcher} plus the checks a public read owes. */
final class RowIdReaderImpl implements RowIdReader {

  private final TableState table;
  private final ScanPlanner.Resolved resolved;
  private final RowIdFetcher fetcher;
  private volatile boolean closed;

  RowIdReaderImpl(TableState table, ScanContext ctx, long blockCacheBytes) {
    this.table = table;
    this.resolved = ScanPlanner.resolve(table, ctx);
    RowFileOptions options = RowIdFetcher.readOptions(table.io().readHints());
    if (blockCacheBytes > 0) {
      options = options.blockCache(BlockCache.withCapacity(blockCacheBytes));
    }
    List<String> columns = new OutputLayout(table, ctx).outputNames();
    this.fetcher = new RowIdFetcher(table, resolved.snapshotId(), columns, options);
  }

  @Override
  public long snapshotId() {
    return resolved.snapshotId();
  }

  @Override
  public Schema arrowSchema() {
    return fetcher.arrowSchema();
  }

  @Override
  public ArrowReader read(long[] rowIds, int batchSize, BufferAllocator allocator) {
    Objects.requireNonNull(rowIds, "rowIds");
    Objects.requireNonNull(allocator, "allocator");
    if (closed) {
      throw new IllegalStateException(
          "the row-ID reader of table '" + table.name() + "' is closed");
    }
    if (batchSize <= 0) {
      throw new IllegalArgumentException("batchSize must be positive, got " + batchSize);
    }
    checkTag();
    // The fetcher checks every id against the snapshot before reading any.
    return fetcher.fetch(rowIds, batchSize, allocator);
  }

  private void checkTag() {
    if (resolved.tag() == null) {
      return;
    }
    Optional<Tag> now;
    try {
      now = table.tags().read(resolved.tag());
    } catch (IOException e) {
      throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
    }
    if (now.isEmpty() || now.get().snapshotId() != resolved.snapshotId()) {
      throw new SnapshotNotFoundException(
          table.paths().root()
              + ": tag '"
              + resolved.tag()
              + "' was "
              + (now.isEmpty()
                  ? "deleted from snapshot " + resolved.snapshotId()
                  : "moved from snapshot "
                      + resolved.snapshotId()
                      + " to "
                      + now.get().snapshotId())
              + " after the row-ID reader was made; its reads would mix two snapshots");
    }
  }

  @Override
  public void close() {
    closed = true;
    try {
      fetcher.close();
    } catch (IOException e) {
      throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
    }
  }
}
