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
package io.paimon.multimodal;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * A read of a table: filter with {@link #where}, project with {@link #select}, cut with {@link
 * #limit}, pin with {@link #snapshot} or {@link #tag}, then run a terminal. Scans are immutable:
 * every refinement returns a new scan and leaves this one unchanged, and the order of refinements
 * does not change the result. Thread-safe.
 *
 * <p>Each terminal of an unpinned scan reads the snapshot that is latest when it starts, and only
 * that one; {@link #pinned()} fixes a scan to the snapshot that is latest now.
 *
 * <p>Unpinned and {@link #pinned()} scans read through the table's current schema. A scan of an
 * older {@link #snapshot} or {@link #tag} reads through the schema that snapshot was committed
 * with, as Paimon's time travel does: a column renamed or dropped since keeps its old name and
 * data, one added since is absent. Its {@code where} and {@code select} name that schema's columns;
 * given after the pin they are checked at once, given before it they are checked when a terminal
 * runs.
 *
 * <pre>{@code
 * try (ArrowReader r = docs.scan().where("category = 'lake'").select("id", "content")
 *                          .limit(10).toArrowReader()) {
 *   while (r.loadNextBatch()) { consume(r.getVectorSchemaRoot()); }
 * }
 * List<Map<String, Object>> rows = docs.scan().where("id IN (1, 2, 3)").withRowId().toList();
 * }</pre>
 *
 * <p>Output columns follow the Arrow mapping of {@link io.paimon.row.ArrowSchemas}, except that a
 * BLOB comes out as its descriptor, {@code Struct<uri Utf8, offset Int64, length Int64>} with field
 * metadata {@code paimon.type=BLOB} (nested the same way in ARRAY&lt;BLOB&gt; and MAP&lt;K,
 * BLOB&gt;), and {@code _ROW_ID} is a non-null Int64.
 */
public interface Scan {

  /**
   * Keeps the rows for which the SQL-like predicate is TRUE; repeated calls are combined with AND.
   * A predicate may use columns that are not selected.
   *
   * @throws PredicateException if the predicate is malformed or does not fit the table, with the
   *     position and what was expected
   */
  Scan where(String predicate);

  /**
   * As {@link #where(String)}, each {@code ?} of the predicate standing for the next of {@code
   * parameters}, bound as a literal of its Java type: a number ({@code Integer}, {@code Long},
   * {@code Short}, {@code Byte}, {@code BigInteger}, {@code BigDecimal}, {@code Float}, {@code
   * Double}), a {@code String}, a {@code Boolean}, a {@code LocalDate}, {@code LocalDateTime} or
   * {@code LocalTime}, or null; in an {@code IN} list a collection of them stands for that many
   * items. The values are never parsed as predicate text, so a value from outside (ids from a
   * request, a user's label) cannot change what the predicate means: the safe way to filter by
   * external values.
   *
   * <pre>{@code
   * scan.where("id IN (?) AND category = ?", List.of(4L, 8L, 15L), "lake")
   * }</pre>
   *
   * @throws PredicateException as {@link #where(String)}, or for a parameter of another type, a
   *     collection outside an IN list, an empty collection, or a count of parameters other than the
   *     count of {@code ?}, naming the parameter and its position
   */
  Scan where(String predicate, Object... parameters);

  /**
   * Returns only these columns, in this order ({@code _ROW_ID} may be named).
   *
   * @throws SchemaException naming an unknown or repeated column, or if no column is given
   */
  Scan select(String... columns);

  /** As {@link #select(String...)}. */
  Scan select(List<String> columns);

  /**
   * Returns at most {@code n} rows.
   *
   * @throws IllegalArgumentException if negative
   */
  Scan limit(long n);

  /**
   * Plans this scan as shuffled chunks, the first of the three shuffle layers of a training read
   * (pypaimon's {@code with_chunk_shuffle}): each partition's live rows, in row-ID order, are cut
   * into chunks of at most {@code chunkSize} rows (a chunk may span row ranges and files, never
   * partitions; deleted rows count for nothing), and the chunks of all partitions are shuffled with
   * {@code seed}. {@link #plan()} returns one {@link Split} per chunk in that order, and the
   * terminals read the chunks in that order (rows inside a chunk stay in row-ID order), so the same
   * snapshot, seed and chunk size always give the same order. A chunk is read by row positions
   * inside its files, which the {@code .row} and {@code .blob} formats allow without reading the
   * rest of the file.
   *
   * @throws IllegalArgumentException if {@code chunkSize} is not positive, or if the scan has (or
   *     is later given) a {@link #limit}, a {@link #where} naming a column that is not a partition
   *     key, taken row IDs or a {@link #split}: the message names the conflict
   */
  Scan withChunkShuffle(long seed, int chunkSize);

  /**
   * Appends {@code _ROW_ID} to the output; with no projection, all columns plus {@code _ROW_ID}.
   */
  Scan withRowId();

  /**
   * Reads this snapshot, through the schema it was committed with.
   *
   * @throws IllegalArgumentException if the scan is already pinned to a tag
   */
  Scan snapshot(long snapshotId);

  /**
   * Reads the snapshot of this tag, through the schema it was committed with. A read fails with
   * {@link SnapshotNotFoundException} if the tag is moved or deleted while it runs.
   *
   * @throws IllegalArgumentException if the scan is already pinned to a snapshot id
   */
  Scan tag(String tagName);

  /**
   * The number of rows per Arrow batch (default 4096); memory of a streaming read is bounded by it.
   * A batch may hold fewer rows where a data file ends or where deleted rows were skipped (then at
   * least half as many, so that batches are handed on without copying).
   */
  Scan batchSize(int rows);

  /** Allocates results from this allocator instead of the connection's. */
  Scan allocator(BufferAllocator allocator);

  /**
   * The allocator results are allocated from: the one given to {@link #allocator(BufferAllocator)},
   * else the connection's. A terminal's reader works in a child of it named after the scan (so a
   * reader left open is named when the allocator closes), and what a caller keeps after closing the
   * reader (a copied batch, a BLOB batch) comes from this allocator itself.
   */
  BufferAllocator allocator();

  /**
   * This scan fixed to the snapshot that is latest now (unchanged if already pinned), still read
   * through the current schema, as the unpinned scan is; on a table without commits, a scan that
   * stays empty whatever is committed later.
   */
  Scan pinned();

  /** Streams the result in batches. The reader owns one root reloaded per batch; close it. */
  ArrowReader toArrowReader();

  /** The whole result in one root that the caller closes. */
  VectorSchemaRoot toArrow();

  /**
   * The whole result as maps from column name to Java value (BLOB as {@link BlobDescriptor}, {@code
   * _ROW_ID} as Long), in column order.
   */
  List<Map<String, Object>> toList();

  /** The number of rows the scan returns. */
  long count();

  /**
   * The snapshot a terminal started now would read: the pinned one, the tag's, or the latest; 0 for
   * a table without commits.
   */
  long resolvedSnapshotId();

  /**
   * As {@link #resolvedSnapshotId()}, the whole snapshot (empty for a table without commits): what
   * a cache of anything derived from a snapshot keys by, since after a rollback the same id may be
   * committed again with other contents (see {@link Snapshot#deltaManifestList()}).
   */
  Optional<Snapshot> resolvedSnapshot();

  /**
   * Splits of the data to read (one per data file after pruning by statistics), for sharding a read
   * across workers: each worker runs {@link #split(Split)} on its share.
   */
  List<Split> plan();

  /**
   * This scan restricted to one split of its {@link #plan()} (and pinned to its snapshot).
   *
   * @throws IllegalArgumentException at the terminal if the split is not a data file of its
   *     snapshot of this table
   */
  Scan split(Split split);

  /**
   * The table schema this scan reads through: the current one, or the one of the snapshot or tag it
   * is pinned to (see the class comment). Its column names and types are the ones {@code where},
   * {@code select} and the results use.
   *
   * @throws SnapshotNotFoundException if the pinned snapshot or tag does not exist
   */
  Schema schema();

  /** The Arrow schema of the result. */
  org.apache.arrow.vector.types.pojo.Schema arrowSchema();

  /**
   * The table this scan reads: its schema, its storage ({@link Table#io()}, what the BLOB
   * descriptors of the result resolve against) and its location.
   */
  Table table();

  /**
   * Whether reading each split of {@link #plan()} with {@link #split(Split)} and concatenating the
   * results in plan order gives exactly this scan's rows in this scan's order: true unless the scan
   * has a limit, reads taken row IDs, is itself a split, or is pinned to a tag (a split carries its
   * snapshot, so the tag could no longer be checked). Readers that spread a scan over threads or
   * machines ask this first.
   */
  boolean splittable();

  /**
   * A reader of rows by row ID from this scan's snapshot (or tag) with this scan's projection, for
   * many reads: the snapshot is resolved (an unpinned scan is pinned to the latest now) and planned
   * once, and each data file is opened at most once over the reader's life. Close it. A reader made
   * from a tag-pinned scan checks the tag at every read.
   *
   * <p>The scan's {@code where}, {@code limit}, taken row IDs and split choose the rows of the
   * scan; they do not apply to the reader, which returns exactly the rows it is asked for. This is
   * the second stage of "filter narrowly, then fetch the payload of the candidates": find IDs with
   * a filtered scan, fetch their columns with a reader made from the same pinned scan.
   */
  RowIdReader rowIdReader();

  /**
   * As {@link #rowIdReader()}, with a cache of decompressed blocks of at most {@code
   * blockCacheBytes} shared by its reads, so that reading rows of the same blocks again (windows
   * that overlap, an epoch after another) decompresses each block once; 0 for none.
   *
   * @throws IllegalArgumentException if {@code blockCacheBytes} is negative
   */
  RowIdReader rowIdReader(long blockCacheBytes);
}
