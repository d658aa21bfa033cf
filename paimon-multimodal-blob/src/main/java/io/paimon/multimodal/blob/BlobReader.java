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
package io.paimon.multimodal.blob;

import io.paimon.multimodal.Scan;
import io.paimon.multimodal.blob.internal.BlobReaderImpl;
import io.paimon.row.CloseableIterator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Reads the BLOB payloads of the rows a scan selects, much faster than a loop that reads one
 * descriptor at a time: the payloads of a batch (of every requested column together) are planned as
 * ranges per file, sorted by offset, merged across small gaps, cut to a maximum size, fetched with
 * {@link #parallelism} concurrent ranged reads through the table's {@code FileIO}, sliced, checked
 * against their CRC32 and handed back in row order.
 *
 * <pre>{@code
 * try (BlobBatch r = BlobReader.of(docs.scan().where("category = 'lake'")).parallelism(32)
 *                              .read("image")) {
 *   VectorSchemaRoot scalar = r.scalar();        // the scan's columns minus the BLOB columns
 *   List<byte[]> images = r.blobs("image");       // row-aligned; null for a null cell
 * }
 * try (CloseableIterator<BlobBatch> it = BlobReader.of(scan).stream("image", "audio")) {
 *   while (it.hasNext()) { try (BlobBatch b = it.next()) { feed(b); } }
 * }
 * }</pre>
 *
 * <p><b>Defaults and when to change them.</b> The defaults come from the table's storage ({@link
 * io.paimon.multimodal.fs.FileIO#readHints}): the {@code DEFAULT_*} values below for a local file
 * system, {@link io.paimon.multimodal.fs.ReadHints#OBJECT_STORE} for S3 and HTTP, with a prefetch
 * budget of parallelism times the range limit kept within 64-128 MiB; {@code docs/blob-reads.md}
 * gives the measurements behind them. A ranged read costs a fixed latency plus its bytes over the
 * bandwidth of one connection. Merging two ranges across a hole pays off when reading the hole
 * takes less time than a second request: on an object store (10-50 ms to first byte, ~100 MB/s per
 * connection) that is a hole of one to a few MiB, on a local SSD or the page cache (tens of
 * microseconds, GB/s) tens to hundreds of KiB. The default {@link #holeLimit} of {@value
 * #DEFAULT_HOLE_LIMIT} bytes (1 MiB) suits object stores and costs a local disk at most ~0.5 ms of
 * extra reading per merged hole; lower it to 64-128 KiB for local data read with scattered rows.
 * The default {@link #rangeLimit} of {@value #DEFAULT_RANGE_LIMIT} bytes (4 MiB) is large enough
 * that a request's latency is small next to its transfer on either medium, and small enough that a
 * long contiguous run splits into many requests that run in parallel (object stores serve
 * concurrent ranged GETs of one object at full speed). The default {@link #parallelism} of {@value
 * #DEFAULT_PARALLELISM} times the range limit equals the default {@link #prefetchBudget} of {@value
 * #DEFAULT_PREFETCH_BUDGET} bytes (64 MiB), so every worker can have a full range in flight. Over
 * high-latency storage with scattered rows (one request per row) raise parallelism to 32-128 and
 * the budget with it; on a local disk more than a few times the number of cores buys nothing.
 *
 * <p><b>Memory.</b> At most {@link #prefetchBudget} bytes of fetched ranges are held that have not
 * been sliced into the batch being assembled; {@link #stream} therefore holds one batch (of the
 * scan's {@code batchSize} rows) plus the budget, whatever the table size, provided the caller
 * drops each batch before asking for the next; the fetches running at once keep reusable read
 * buffers of at most half the budget in all. {@link #read} holds the whole result.
 *
 * <p><b>Which descriptors are checked.</b> A descriptor pointing into a {@code .blob} file of the
 * table's data directory is read with its entry's framing (4 bytes before, 12 after, the whole
 * nested payload for ARRAY and MAP cells) and the entry's CRC32 is verified, unless {@link
 * #verifyChecksums} is off. A descriptor pointing elsewhere (an external object the user
 * registered, or another table's file) is read as a plain range, with nothing to verify it against;
 * one of unknown length ({@code -1}) is read to the end of its object.
 *
 * <p>Immutable and thread-safe: each setter returns a new reader. Each {@link #read(String...)} or
 * {@link #stream} runs the scan once (an unpinned scan reads the snapshot latest at that moment);
 * {@link #read(VectorSchemaRoot, String...)} reads the descriptors of rows the caller holds
 * instead. Fetches run as tasks on the connection's I/O pool ({@code Table.executors()}), which a
 * read cancels when done or closed; it starts no thread of its own.
 */
public interface BlobReader {

  /** The default number of concurrent ranged reads from a local file system. */
  int DEFAULT_PARALLELISM = 16;

  /** The default bytes of fetched, not yet consumed ranges: 64 MiB. */
  long DEFAULT_PREFETCH_BUDGET = 64L << 20;

  /** The default largest gap merged into one ranged read from a local file system: 1 MiB. */
  long DEFAULT_HOLE_LIMIT = 1L << 20;

  /** The default largest single ranged read from a local file system: 4 MiB. */
  long DEFAULT_RANGE_LIMIT = 4L << 20;

  /** A reader of the BLOB columns of the rows {@code scan} selects, with the default settings. */
  static BlobReader of(Scan scan) {
    return BlobReaderImpl.of(scan);
  }

  /**
   * The number of ranged reads in flight at once: a limit on the connection's shared I/O pool
   * (whose size, {@code Multimodal.Builder.ioThreads}, caps it too), not threads of the reader's
   * own. A read inside a task of that pool runs reads no thread has started itself while it waits,
   * so it finishes however small the pool is.
   *
   * @throws IllegalArgumentException if not positive
   */
  BlobReader parallelism(int n);

  /**
   * The bytes of fetched ranges that may be held before the batch being assembled consumes them.
   *
   * @throws IllegalArgumentException if not positive (checked against the range limit when a read
   *     starts)
   */
  BlobReader prefetchBudget(long bytes);

  /**
   * The largest gap between two needed ranges of one file that is read (and discarded) to merge
   * them into one request; 0 merges only adjacent ranges.
   *
   * @throws IllegalArgumentException if negative
   */
  BlobReader holeLimit(long bytes);

  /**
   * The largest single ranged read: a merged run longer than this is cut into {@code ceil(run /
   * limit)} equal requests.
   *
   * @throws IllegalArgumentException if not positive or above 1 GiB
   */
  BlobReader rangeLimit(long bytes);

  /** Whether to verify the CRC32 of each entry read from the table's {@code .blob} files. */
  BlobReader verifyChecksums(boolean verify);

  /**
   * Reports each read's progress to {@code listener}: rows delivered (out of the rows given, for
   * {@link #read(VectorSchemaRoot, String...)}; of an unknown total for a scan), payload bytes
   * fetched and ranged requests made, at most every {@link
   * io.paimon.multimodal.ProgressTracker#INTERVAL} and once when the read ends (a stream ends when
   * it is exhausted or closed). Each read also writes one log line when it ends.
   */
  BlobReader progress(io.paimon.multimodal.ProgressListener listener);

  /**
   * Reads the whole result into one batch.
   *
   * @param columns BLOB, ARRAY&lt;BLOB&gt; or MAP&lt;K, BLOB&gt; columns of the table (they need
   *     not be selected by the scan)
   * @throws io.paimon.multimodal.SchemaException if a column is unknown, not a BLOB column, or
   *     repeated, or none is given
   * @throws IllegalArgumentException if the range limit exceeds the prefetch budget
   * @throws BlobReadException if a payload cannot be read, naming the row, column and file
   */
  BlobBatch read(String... columns);

  /**
   * Reads the payloads of rows the caller already holds, such as rows a {@link
   * io.paimon.multimodal.RowIdReader} of this reader's scan returned, without running the scan: the
   * scan only names the table whose storage the descriptors resolve against. {@code rows} holds the
   * requested columns as a scan outputs them (BLOB descriptor structs, nested the same way in
   * ARRAY&lt;BLOB&gt; and MAP&lt;K, BLOB&gt;); element {@code i} of each payload list belongs to
   * row {@code i} of {@code rows}, and {@link BlobBatch#scalar()} holds a copy of its other
   * columns. {@code rows} is only read: it stays the caller's to close. Otherwise as {@link
   * #read(String...)}; safe to call from several threads at once.
   *
   * @param rows the rows whose payloads to read
   * @param columns BLOB, ARRAY&lt;BLOB&gt; or MAP&lt;K, BLOB&gt; columns of the table held by
   *     {@code rows}
   * @throws io.paimon.multimodal.SchemaException as {@link #read(String...)}, or if {@code rows}
   *     does not hold a requested column, naming it and the columns it holds
   * @throws IllegalArgumentException if the range limit exceeds the prefetch budget
   * @throws BlobReadException if a payload cannot be read, naming the row, column and file
   */
  BlobBatch read(VectorSchemaRoot rows, String... columns);

  /**
   * Streams the result one batch per scan batch; the caller closes the iterator and each batch.
   * {@code hasNext} and {@code next} throw {@link BlobReadException} as {@link #read} does.
   *
   * @throws io.paimon.multimodal.SchemaException as {@link #read}
   * @throws IllegalArgumentException as {@link #read}
   */
  CloseableIterator<BlobBatch> stream(String... columns);
}
