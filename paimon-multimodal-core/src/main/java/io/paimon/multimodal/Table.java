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

import io.paimon.multimodal.fs.FileIO;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * A multimodal table: rows of scalars, vectors and BLOBs with stable row IDs, versioned by
 * snapshots. Thread-safe: any number of threads (and processes) may scan and append at once;
 * appends are optimistic commits that retry on conflict.
 */
public interface Table {

  /** The table name. */
  String name();

  /** The table's schema. */
  Schema schema();

  /**
   * Where the table is: the URI of its directory in the warehouse (what its files' paths start
   * with, and what messages about it name).
   */
  String location();

  /**
   * The allocator reads of this table allocate from unless a scan is given another ({@link
   * Scan#allocator}): the connection's. Modules that build indexes or caches over a table's scans
   * make their child allocators from it.
   */
  BufferAllocator allocator();

  /**
   * The thread pools of the connection the table was opened from, which its reads and writes run
   * on; modules reading the table run their tasks there too (see {@link SharedExecutors}).
   */
  SharedExecutors executors();

  /** A scan of the whole table at the latest snapshot. */
  Scan scan();

  /**
   * The storage the table's files are read and written through: what BLOB descriptors of its scans
   * resolve against.
   */
  FileIO io();

  /**
   * A scan of the rows with these row IDs, in the input order with duplicates kept (refine it with
   * select, where, snapshot or tag as any scan).
   *
   * @throws RowIdNotFoundException at the terminal, naming the ids the snapshot does not hold
   */
  Scan takeRowIds(long... rowIds);

  /** As {@link #takeRowIds(long...)}. */
  Scan takeRowIds(Collection<Long> rowIds);

  /**
   * Appends rows given as maps from column name to Java value (missing columns are null; BLOB cells
   * as {@code byte[]} or {@link BlobDescriptor}) in one atomic commit. No rows commit nothing (as
   * Paimon skips empty commits) and return the latest snapshot; only a table without any snapshot
   * gets an empty first one.
   *
   * @return the committed snapshot
   * @throws SchemaException for an unknown column, a wrong type or a null in a NOT NULL column,
   *     naming the row and column; nothing is written
   */
  Snapshot add(List<Map<String, Object>> rows);

  /** Appends the rows of an Arrow batch (columns matched by name) in one atomic commit. */
  Snapshot add(VectorSchemaRoot batch);

  /** Appends every batch of an Arrow stream in one atomic commit; does not close the reader. */
  Snapshot add(ArrowReader batches);

  /**
   * Replaces rows with {@code rows} in one atomic commit (Paimon's INSERT OVERWRITE): on an
   * unpartitioned table every row; on a partitioned one only the partitions {@code rows} fall in
   * (Paimon's option {@code dynamic-partition-overwrite}, default true; with {@code false}, every
   * partition). The replaced files leave the snapshot (older snapshots and tags keep them) with
   * their deletion vectors; the new rows get new row IDs. Rows are validated and written before the
   * commit, so bad input changes nothing. A concurrent commit is merged: the replaced files are
   * found again on the newer snapshot (rows another writer added to a replaced partition are
   * replaced too).
   *
   * @return the committed snapshot, or the latest one if nothing changed (no rows, dynamic mode)
   * @throws SchemaException as {@link #add(List)}
   * @throws IllegalArgumentException if there is nothing to overwrite and no snapshot
   */
  Snapshot overwrite(List<Map<String, Object>> rows);

  /**
   * Replaces the rows of one partition (static overwrite): {@code partition} gives values of some
   * or all partition keys, every partition matching them is replaced (empty {@code rows} truncate
   * it). Rows lacking a partition column take the spec's value.
   *
   * @throws SchemaException if the table is not partitioned, the spec names a column that is not a
   *     partition key, or a row has another value for a key of the spec (naming the row)
   */
  Snapshot overwrite(List<Map<String, Object>> rows, Map<String, Object> partition);

  /** As {@link #overwrite(List)} for the rows of an Arrow batch (columns matched by name). */
  Snapshot overwrite(VectorSchemaRoot batch);

  /**
   * Changes the table's schema: every change, in order, against the latest schema, written as one
   * new schema version ({@code schema/schema-<latest+1>}, created atomically). Data files are not
   * rewritten: columns keep their field ids, and files written before the change are read through
   * the new schema (see {@link SchemaChange}). No snapshot is committed; this table's later scans
   * and appends use the new schema at once, while other {@code Table} objects of the same table
   * keep the schema they were opened with until opened again. If another writer creates the next
   * schema version first, the changes are applied again to its schema (a bounded number of times).
   *
   * @return the new schema
   * @throws SchemaException naming the column or option and why, if a change does not apply (an
   *     added column that exists or is NOT NULL, a partition column renamed, dropped or retyped,
   *     the last column dropped, a name taken or reserved, a type that is not a widening, a BLOB
   *     column's type or name changed, an option the library cannot change or a near-miss of one it
   *     acts on); nothing is written
   * @throws CommitConflictException if concurrent schema changes kept winning, or made these
   *     changes no longer apply (the cause says why); nothing is written
   * @throws IllegalArgumentException if no change is given
   */
  Schema alter(SchemaChange... changes);

  /**
   * Deletes the rows of the latest snapshot that a predicate ({@link Scan#where} grammar) matches,
   * in one atomic commit. When the table is partitioned and the predicate names only partition
   * keys, the matching partitions are dropped whole (their files leave the snapshot, no data file
   * is read); otherwise the matching rows are found by a scan and marked in Paimon's deletion
   * vectors, which needs table option {@code deletion-vectors.enabled=true}. The other rows keep
   * their {@code _ROW_ID}s. Deleted rows vanish from scans, counts, splits and takes (a deleted row
   * ID is reported like one that never existed); older snapshots and tags still hold them.
   * Concurrent commits are merged: the delete is recomputed on the newer snapshot and retried.
   *
   * @return the committed snapshot, or the latest snapshot if no row matched (nothing is committed)
   * @throws PredicateException if the predicate does not parse or does not fit the columns; nothing
   *     is written
   * @throws UnsupportedTableException for a delete by deletion vectors on a table without {@code
   *     deletion-vectors.enabled=true}; nothing is written
   * @throws IllegalArgumentException if the table has no snapshot
   * @throws CommitConflictException if other writers kept committing first
   */
  default Snapshot delete(String where) {
    return delete(where, new Object[0]);
  }

  /**
   * As {@link #delete(String)}, each {@code ?} of the predicate bound to the next of {@code
   * parameters} as {@link Scan#where(String, Object...)} binds them: the safe way to delete by
   * values from outside, which are never read as predicate text.
   *
   * <pre>{@code
   * table.delete("episode_id IN (?)", badEpisodes);
   * }</pre>
   *
   * @throws PredicateException as {@link Scan#where(String, Object...)} for a parameter that does
   *     not fit, naming it; nothing is written
   */
  Snapshot delete(String where, Object... parameters);

  /**
   * Sets new values of some columns in the rows of the latest snapshot that a predicate ({@link
   * Scan#where} grammar) matches, in one atomic commit, as Paimon updates a data-evolution table:
   * for each row-ID range (data file) holding a matching row, the updated columns of the whole
   * range are written to new files (with the new values for the matching rows and the current ones
   * for the others) that the read path prefers by their higher sequence number. The other columns
   * are not rewritten and every row keeps its {@code _ROW_ID}; older snapshots and tags keep the
   * old values. The cost is the touched ranges' rows times the updated columns (an update clustered
   * in few files writes little; one scattered over every file rewrites those columns). BLOB columns
   * take {@code byte[]} or {@link BlobDescriptor} values; updating one copies the touched ranges'
   * payloads of that column. Concurrent commits are merged: the update is recomputed on the newer
   * snapshot and retried, so a concurrent update or delete of the same rows is never lost.
   *
   * @param values new values by column name (Java values as {@link #add(List)} takes them)
   * @return the committed snapshot, or the latest snapshot if no row matched (nothing is committed)
   * @throws PredicateException if the predicate does not parse or does not fit the columns
   * @throws SchemaException naming the column for an unknown column, {@code _ROW_ID}, a partition
   *     column, or a value that does not fit its column; nothing is written
   * @throws IllegalArgumentException if {@code values} is empty or the table has no snapshot
   * @throws CommitConflictException if other writers kept committing first
   */
  default Snapshot update(String where, Map<String, Object> values) {
    return update(where, values, new Object[0]);
  }

  /**
   * As {@link #update(String, Map)}, each {@code ?} of the predicate bound to the next of {@code
   * parameters} as {@link Scan#where(String, Object...)} binds them (the values to set come first,
   * since the parameters are a variable-length list):
   *
   * <pre>{@code
   * table.update("id IN (?)", Map.of("label", "cat"), reviewedIds);
   * }</pre>
   *
   * @throws PredicateException as {@link Scan#where(String, Object...)} for a parameter that does
   *     not fit, naming it; nothing is written
   */
  Snapshot update(String where, Map<String, Object> values, Object... parameters);

  /**
   * Sets, for each row ID, the values its map gives (columns it does not name keep their values),
   * in one atomic commit written as {@link #update} writes: the backfill path ("compute a feature
   * for these row IDs, write it back"). A map with no entries commits nothing.
   *
   * @return the committed snapshot, or the latest snapshot for an empty map
   * @throws RowIdNotFoundException naming the row IDs the latest snapshot does not hold (never
   *     written, or deleted); nothing is written
   * @throws SchemaException as {@link #update}
   */
  Snapshot updateByRowId(Map<Long, Map<String, Object>> rows);

  /**
   * As {@link #updateByRowId(Map)} for the rows of an Arrow batch: a BIGINT {@code _ROW_ID} column
   * names each row, every other column (matched by name) gives its new value (a null sets null).
   *
   * @throws RowIdNotFoundException for a row ID the latest snapshot does not hold
   * @throws IllegalArgumentException for a row ID given twice
   * @throws SchemaException without a {@code _ROW_ID} column, for a null row ID, or as {@link
   *     #update}
   */
  Snapshot updateByRowId(VectorSchemaRoot batch);

  /**
   * Starts a merge of {@code source} rows (maps from column name to Java value) into this table,
   * matched on the key columns {@code on}; add clauses, then {@link Merge#commit()}.
   *
   * @throws SchemaException if {@code on} is empty or names a column the table lacks
   */
  Merge merge(List<Map<String, Object>> source, String... on);

  /** As {@link #merge(List, String...)} for the rows of an Arrow batch (read when committing). */
  Merge merge(VectorSchemaRoot source, String... on);

  /**
   * Expires old snapshots as Paimon does (see {@link ExpireOptions}): the oldest snapshots beyond
   * the retention leave the table, and the files only they reference (data and {@code .blob} files,
   * deletion vectors, manifests) are deleted; the latest snapshot and every file a remaining
   * snapshot or a tag references stay, so a tagged snapshot stays readable through its tag. A run
   * killed midway leaves the remaining snapshots and tags readable, and the next run finishes the
   * job. Not meant to run concurrently with another expiry of the same table.
   *
   * @return the expired snapshot ids, ascending (empty if none)
   * @throws SchemaException if a retention option of the table does not parse
   */
  List<Long> expireSnapshots(ExpireOptions options);

  /** As {@link #expireSnapshots(ExpireOptions)} with the table's own retention options. */
  default List<Long> expireSnapshots() {
    return expireSnapshots(ExpireOptions.defaults());
  }

  /**
   * Compacts the latest snapshot as Paimon compacts a data-evolution table, keeping every row's
   * {@code _ROW_ID}: within each partition, runs of adjacent small row-ID ranges, and ranges with
   * update files (from {@link #update}), get one new data file each (up to {@code target-file-size}
   * per run) with the same row IDs, in one COMPACT commit. {@code .blob} files are kept, not copied
   * (the ones updates replaced are dropped); deleted rows stay in the new file under their moved
   * deletion vector. Scans read the same rows before and after. Same as {@code
   * compact(CompactOptions.defaults())}.
   *
   * @return the committed snapshot, or the latest one if there was nothing to compact
   * @throws IllegalArgumentException if the table has no snapshot
   */
  default Snapshot compact() {
    return compact(CompactOptions.defaults());
  }

  /**
   * Compacts the latest snapshot as {@link #compact()} does, or, with {@link
   * CompactOptions#applyDeletions()}, rewrites the row-ID ranges holding deleted rows without them
   * (their BLOB payloads copied), so that the surviving rows of those ranges get new row IDs; one
   * COMPACT commit either way. Older snapshots still read their rows under the old row IDs until
   * they expire.
   *
   * @return the committed snapshot, or the latest one if there was nothing to compact
   * @throws IllegalArgumentException if the table has no snapshot
   */
  Snapshot compact(CompactOptions options);

  /** The latest snapshot, or empty for a table without commits. */
  Optional<Snapshot> latestSnapshot();

  /**
   * A snapshot by id.
   *
   * @throws SnapshotNotFoundException if there is none
   */
  Snapshot snapshot(long snapshotId);

  /** All snapshots, oldest first. */
  List<Snapshot> snapshots();

  /**
   * Tags the latest snapshot.
   *
   * @throws TagExistsException if the tag exists
   * @throws IllegalArgumentException if the table has no snapshot
   */
  Tag createTag(String name);

  /**
   * Tags a snapshot.
   *
   * @throws TagExistsException if the tag exists
   * @throws SnapshotNotFoundException if the snapshot does not
   */
  Tag createTag(String name, long snapshotId);

  /**
   * Tags a snapshot for a while: snapshot expiry deletes the tag once {@code timeRetained} has
   * passed since now (Paimon's {@code tagTimeRetained}).
   *
   * @throws TagExistsException if the tag exists
   * @throws IllegalArgumentException if the duration is negative
   * @throws SnapshotNotFoundException if the snapshot does not exist
   */
  Tag createTag(String name, long snapshotId, Duration timeRetained);

  /**
   * Renames a tag (the new tag is created first, then the old one deleted).
   *
   * @throws TagNotFoundException if {@code from} does not exist
   * @throws TagExistsException if {@code to} does
   */
  void renameTag(String from, String to);

  /**
   * Makes snapshot {@code snapshotId} the latest again, as Paimon's rollback: newer snapshots and
   * the tags pinning them are deleted with the files only they referenced. Not safe against
   * concurrent writers.
   *
   * @throws SnapshotNotFoundException if the snapshot does not exist (expired or never written)
   */
  void rollbackTo(long snapshotId);

  /**
   * Rolls back to the snapshot a tag pins, restoring that snapshot from the tag if expiry removed
   * it; as {@link #rollbackTo(long)} otherwise.
   *
   * @return the id of the snapshot now latest
   * @throws TagNotFoundException if there is no such tag
   */
  long rollbackTo(String tag);

  /** Points a tag (new or existing) at a snapshot. */
  Tag replaceTag(String name, long snapshotId);

  /**
   * Deletes a tag.
   *
   * @throws TagNotFoundException if there is no such tag
   */
  void deleteTag(String name);

  /** All tags, by name. */
  List<Tag> tags();

  /**
   * Deletes files in the table's data and manifest directories that no snapshot or tag references
   * and that are older than {@code olderThan} (so files of commits in flight are spared): the
   * leftovers of failed or killed writers. {@code Duration.ZERO} deletes every unreferenced file,
   * however recent (only when no other writer can be committing).
   *
   * @return the paths deleted
   */
  List<String> removeOrphanFiles(Duration olderThan);

  /**
   * The row-ID-range index files of a snapshot (search indexes and the like; deletion vectors come
   * with the splits instead), in the order of its index manifest.
   *
   * @throws SnapshotNotFoundException if there is no such snapshot
   */
  List<IndexFile> indexFiles(long snapshotId);

  /**
   * Where an index file named {@code fileName} lives: the table's {@code index/} directory. Write
   * it with {@link #io()} (the file must not exist yet), then {@link #commitIndexFiles} it.
   *
   * @throws IllegalArgumentException if the name is not a plain file name
   */
  String indexFilePath(String fileName);

  /**
   * Adds and removes index files in one commit: a new snapshot with the latest snapshot's data and
   * an index manifest without {@code removed} and with {@code added} (written beforehand at {@link
   * #indexFilePath}). A removed file stays on disk for the snapshots that still list it; snapshot
   * expiry deletes it when none does. A concurrent commit is rebased on, as any commit is.
   *
   * @param added new index files, each named once and not yet in the table
   * @param removed names of index files of the latest snapshot to drop
   * @return the new snapshot
   * @throws IllegalArgumentException if an added file is missing or already listed
   * @throws CommitConflictException if a removed file is no longer in the latest snapshot (another
   *     writer dropped it), or every attempt lost the race
   */
  Snapshot commitIndexFiles(List<IndexFile> added, Collection<String> removed);
}
