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

import io.paimon.multimodal.fs.ReadHints;
import io.paimon.multimodal.internal.TableState;
import io.paimon.row.RowFileOptions;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Repeated row-ID reads of some columns of one snapshot: the snapshot and its data files are
 * resolved once, and each data file is opened (its footer and block index read) at most once for
 * all fetches, so each {@link #fetch} costs only the blocks holding the rows (what {@code
 * Table.takeRowIds(ids).snapshot(id).select(columns)} does, without planning the snapshot or
 * opening its files again per call). For modules that fetch the rows they matched batch by batch,
 * such as time alignment and training windows.
 *
 * <p>The open files are kept until {@link #close()}: at most {@value OpenFiles#FETCHER_MAX_OPEN}
 * files not in use by a fetch stay open, the least recently used closed first. <b>Close the
 * fetcher</b> when done (nothing closes its files otherwise); fetches fail once it is closed, and
 * readers still open keep their files until they are closed.
 *
 * <p>Thread-safe: several threads may fetch at once (each fetch's reader is used by one thread).
 */
public final class RowIdFetcher implements AutoCloseable {

  private final TableState table;
  private final ScanPlanner.Resolved resolved;
  private final List<DataGroup> files;
  private final List<String> columns;
  private final OutputLayout layout;
  private final RowFileOptions readOptions;
  private final OpenFiles openFiles;

  /**
   * How row-ID reads open data files: without a read-ahead thread. A take reads the blocks holding
   * its ids file by file, and a thread per file would cost more than it hides.
   */
  public static final RowFileOptions READ_OPTIONS = RowFileOptions.defaults().readAheadBlocks(0);

  /**
   * The largest ranged read of row-ID reads on a local disk: neighbouring blocks are fetched
   * together up to this, so that the bytes read are still in the CPU cache when they are
   * decompressed (with 8 MiB ranges, a take of scattered rows spent more time reading than with
   * this; measured in {@code docs/benchmarks.md}, "Table scans").
   */
  static final int LOCAL_COALESCED_READ = 128 * 1024;

  /**
   * {@link #READ_OPTIONS} for a storage: on a local disk (round trips of microseconds) ranged reads
   * of at most {@value #LOCAL_COALESCED_READ} bytes; on storage with slower round trips the default
   * coalescing, so that neighbouring blocks cost one request.
   */
  public static RowFileOptions readOptions(ReadHints hints) {
    return hints.parallelism() <= ReadHints.LOCAL.parallelism()
        ? READ_OPTIONS.maxCoalescedRead(LOCAL_COALESCED_READ)
        : READ_OPTIONS;
  }

  /**
   * Resolves the snapshot (0: a table without commits, nothing can be fetched); files are opened
   * with {@link #readOptions} of the table's storage.
   */
  public RowIdFetcher(TableState table, long snapshotId, List<String> columns) {
    this(table, snapshotId, columns, readOptions(table.io().readHints()));
  }

  /**
   * As above, opening data files with {@code readOptions} (start from {@link #readOptions}): give
   * them a {@link io.paimon.row.BlockCache} so that repeated fetches of rows in the same blocks
   * decompress each block once.
   */
  public RowIdFetcher(
      TableState table, long snapshotId, List<String> columns, RowFileOptions readOptions) {
    this.table = table;
    this.readOptions = readOptions;
    this.columns = List.copyOf(columns);
    ScanContext ctx = context(new long[0], snapshotId, 1);
    this.resolved =
        snapshotId == 0 ? new ScanPlanner.Resolved(0, null, null) : ScanPlanner.resolve(table, ctx);
    this.files = ScanPlanner.groups(table, resolved.snapshot());
    this.layout = new OutputLayout(table, ctx);
    this.openFiles = new OpenFiles(table, readOptions, OpenFiles.FETCHER_MAX_OPEN);
  }

  private ScanContext context(long[] ids, long snapshotId, int batchSize) {
    Pin pin = snapshotId > 0 ? new Pin.AtSnapshot(snapshotId, table.schemaId()) : Pin.LATEST;
    return ScanContext.of(new RowSet.Taken(ids))
        .with(
            d -> {
              d.projection = columns;
              d.batchSize = batchSize;
              d.pin = pin;
            });
  }

  /** The Arrow schema of fetched rows. */
  public Schema arrowSchema() {
    return layout.arrowSchema();
  }

  /**
   * Streams the rows with these IDs (all live in the snapshot; duplicates allowed) in the given
   * order, in one batch when the ids fit the batch size. The caller closes the reader; {@code ids}
   * must not change until it is closed.
   *
   * @throws IllegalArgumentException naming the ids no live row of the snapshot has
   * @throws IllegalStateException if this fetcher is closed
   */
  public ArrowReader fetch(long[] ids, int batchSize, BufferAllocator allocator) {
    openFiles.checkOpen();
    ScanContext ctx = context(ids, resolved.snapshotId(), Math.max(1, batchSize));
    TakePlan take = TakePlan.of(ids, ctx.batchSize(), ids.length);
    take.check(table.name(), files, resolved.snapshotId());
    return new TakeReader(
        table, ctx, resolved, files, layout, allocator, readOptions, take, openFiles);
  }

  /**
   * Closes the data files the fetches opened (those a fetch's reader still reads when it is
   * closed). Idempotent.
   */
  @Override
  public void close() throws IOException {
    openFiles.close();
  }
}
