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
package io.paimon.multimodal.internal.commit;

import io.paimon.multimodal.CommitConflictException;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.internal.paimon.FileKind;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.ManifestMeta;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.types.DataType;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Optimistic commits, as Paimon commits an append table with row tracking. An attempt assigns row
 * IDs from the parent's {@code nextRowId} (each new data file takes the next range, each {@code
 * .blob} file the range of the data file before it) and sequence numbers (the new snapshot's id),
 * writes the commit's manifest, a base manifest list (the parent's base and delta manifests, the
 * trailing run of small ones merged once there are {@code manifest.merge-min-count} of them) and a
 * delta manifest list, then atomically creates {@code snapshot-<parent + 1>}. If another writer
 * took that id, the attempt's files are deleted and the commit is rebuilt on the new parent (row
 * IDs re-assigned), after a randomized exponential backoff, up to a bounded number of attempts.
 * What a commit writes is O(its own files) plus the manifest lists, whose length merging bounds, so
 * commit cost does not grow with the history. Thread-safe (all state is on disk).
 */
public final class Committer {

  private static final Logger LOG = LoggerFactory.getLogger(Committer.class);

  private static final int MAX_ATTEMPTS = 200;
  private static final long MAX_BACKOFF_MILLIS = 500;

  private final TableState table;
  private final String commitUser;
  private final List<DataType> partitionTypes;

  public Committer(TableState table, String commitUser) {
    this.table = table;
    this.commitUser = commitUser;
    List<DataType> types = new ArrayList<>();
    for (String key : table.schema().partitionKeys()) {
      types.add(table.schema().columnType(key));
    }
    this.partitionTypes = List.copyOf(types);
  }

  /**
   * Commits the given entries (new files without row IDs, in the order their row IDs are assigned)
   * as one snapshot of {@code commitKind}, keeping the parent's index files.
   *
   * @throws CommitConflictException if every attempt lost the race
   */
  public SnapshotFile commit(List<ManifestEntry> entries, long schemaId, String commitKind)
      throws IOException {
    return commit((parent, created) -> Prepared.keepingIndex(entries, schemaId, commitKind));
  }

  /** What one commit attempt adds to its parent: built anew for each attempt. */
  public interface Change {

    /**
     * The commit's entries against {@code parent} (null before the first commit), or null if there
     * is nothing to commit on this parent. Every file written here is added to {@code created}, so
     * that a lost attempt removes it.
     */
    Prepared prepare(SnapshotFile parent, List<String> created) throws IOException;
  }

  /**
   * One attempt's changes.
   *
   * @param entries ADDs of new files (row IDs assigned at commit) and DELETEs of live ones
   * @param schemaId the schema the commit is written against
   * @param commitKind the snapshot's commit kind
   * @param replacesIndex whether the snapshot gets {@code indexManifest} instead of the parent's
   * @param indexManifest the new index manifest's name, when {@code replacesIndex}
   */
  public record Prepared(
      List<ManifestEntry> entries,
      long schemaId,
      String commitKind,
      boolean replacesIndex,
      String indexManifest) {

    /** A commit that keeps the parent's index files. */
    public static Prepared keepingIndex(
        List<ManifestEntry> entries, long schemaId, String commitKind) {
      return new Prepared(entries, schemaId, commitKind, false, null);
    }

    /** A commit whose snapshot names a new index manifest, written by the change. */
    public static Prepared withIndex(
        List<ManifestEntry> entries, long schemaId, String commitKind, String indexManifest) {
      return new Prepared(entries, schemaId, commitKind, true, indexManifest);
    }
  }

  /**
   * Commits a change built against the latest snapshot; on a lost race the change is prepared again
   * on the new latest snapshot.
   *
   * @return the committed snapshot, or null if the change had nothing to commit
   * @throws CommitConflictException if every attempt lost the race
   */
  public SnapshotFile commit(Change change) throws IOException {
    long backoff = 2;
    int lastSize = 0;
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      List<String> created = new ArrayList<>();
      OptionalLong latest = table.snapshots().latestId();
      SnapshotFile parent = latest.isPresent() ? table.snapshots().read(latest.getAsLong()) : null;
      long id = latest.isPresent() ? latest.getAsLong() + 1 : 1;
      Prepared prepared;
      try {
        prepared = change.prepare(parent, created);
      } catch (IOException | RuntimeException e) {
        deleteQuietly(created);
        throw e;
      }
      if (prepared == null) {
        deleteQuietly(created);
        return null;
      }
      List<ManifestEntry> entries = prepared.entries();
      lastSize = entries.size();
      long schemaId = prepared.schemaId();
      String commitKind = prepared.commitKind();
      String indexManifest =
          prepared.replacesIndex()
              ? prepared.indexManifest()
              : (parent == null ? null : parent.indexManifest());
      long nextRowId = parent == null || parent.nextRowId() == null ? 0 : parent.nextRowId();
      List<ManifestEntry> assigned = new ArrayList<>(entries.size());
      long next = assignRowIds(entries, id, nextRowId, assigned);
      long delta = 0;
      for (ManifestEntry e : assigned) {
        delta += e.kind() == FileKind.ADD ? e.file().rowCount() : -e.file().rowCount();
      }
      String uuid = UUID.randomUUID().toString();
      int[] counter = {0};
      List<ManifestMeta> base = new ArrayList<>();
      if (parent != null) {
        base.addAll(table.manifests().readList(parent.baseManifestList()));
        base.addAll(table.manifests().readList(parent.deltaManifestList()));
      }
      base = new ManifestMerger(table, partitionTypes, uuid, counter, created).merge(base);
      List<ManifestMeta> deltaManifests = new ArrayList<>();
      if (!assigned.isEmpty()) {
        String name = "manifest-" + uuid + "-" + counter[0]++;
        created.add(table.paths().manifestFile(name));
        deltaManifests.add(table.manifests().writeManifest(name, assigned, partitionTypes));
      }
      String listPrefix = "manifest-list-" + uuid + "-";
      created.add(table.paths().manifestFile(listPrefix + 0));
      var baseList = table.manifests().writeList(listPrefix + 0, base);
      created.add(table.paths().manifestFile(listPrefix + 1));
      var deltaList = table.manifests().writeList(listPrefix + 1, deltaManifests);
      long total = parent == null ? 0 : parent.totalRecordCount();
      SnapshotFile snapshot =
          new SnapshotFile(
              3,
              id,
              schemaId,
              baseList.name(),
              baseList.size(),
              deltaList.name(),
              deltaList.size(),
              null,
              null,
              indexManifest,
              commitUser,
              SnapshotFile.BATCH_COMMIT_IDENTIFIER,
              commitKind,
              System.currentTimeMillis(),
              total + delta,
              delta,
              null,
              null,
              null,
              null,
              next);
      boolean committed;
      try {
        committed = table.snapshots().tryCommit(snapshot);
      } catch (IOException e) {
        // The store may have created the snapshot and lost the reply: the delta list's name is
        // unique to this attempt, so a snapshot naming it is ours. Otherwise the outcome is
        // unknown, and the files stay for removeOrphanFiles rather than risk deleting live ones.
        if (isOurs(id, deltaList.name())) {
          LOG.debug(
              "{}: committing snapshot {} failed ({}), but the snapshot is ours",
              table.paths().root(),
              id,
              e.toString());
          return snapshot;
        }
        throw e;
      }
      if (committed) {
        if (attempt > 1) {
          LOG.debug("{}: committed snapshot {} at attempt {}", table.paths().root(), id, attempt);
        }
        return snapshot;
      }
      deleteQuietly(created);
      long pause = ThreadLocalRandom.current().nextLong(backoff / 2, backoff + 1);
      LOG.debug(
          "{}: another writer committed snapshot {} first (attempt {} of {}); retrying in {} ms",
          table.paths().root(),
          id,
          attempt,
          MAX_ATTEMPTS,
          pause);
      sleep(pause);
      backoff = Math.min(MAX_BACKOFF_MILLIS, backoff * 2);
    }
    throw new CommitConflictException(
        table.paths().root()
            + ": commit of "
            + lastSize
            + " files failed after "
            + MAX_ATTEMPTS
            + " attempts; other writers kept committing first");
  }

  /**
   * Paimon's row-ID assignment: in entry order, an added data file without a first row ID
   * (appended, or rewritten without its deleted rows) takes {@code next} and moves it on by its row
   * count; a {@code .blob} file takes the range of the last data file before it, continuing where
   * the previous blob file of its column ended. Entries with a first row ID keep it. Sequence
   * numbers of 0 become the snapshot id.
   *
   * @return the next row ID after the commit
   */
  static long assignRowIds(
      List<ManifestEntry> entries, long snapshotId, long next, List<ManifestEntry> out) {
    long dataStart = next;
    Map<String, Long> blobNext = new HashMap<>();
    for (ManifestEntry e : entries) {
      DataFileMeta f = e.file();
      if (e.kind() == FileKind.DELETE) {
        // A DELETE names a live file exactly as its ADD did.
        out.add(e);
        continue;
      }
      if (f.minSequenceNumber() == 0) {
        f = f.withSequenceNumber(snapshotId);
      }
      if (e.kind() == FileKind.ADD && f.firstRowId() == null) {
        if (f.isBlobFile()) {
          String column =
              f.writeCols() == null || f.writeCols().isEmpty() ? "" : f.writeCols().get(0);
          long start = blobNext.getOrDefault(column, dataStart);
          f = f.withFirstRowId(start);
          blobNext.put(column, start + f.rowCount());
        } else {
          f = f.withFirstRowId(next);
          dataStart = next;
          next += f.rowCount();
          blobNext.clear();
        }
      }
      out.add(e.withFile(f));
    }
    return next;
  }

  /** Deletes the files of an attempt that will not be committed; leftovers are orphans. */
  private void deleteQuietly(List<String> created) {
    if (created.isEmpty()) {
      return;
    }
    try {
      table.io().deleteFiles(created);
    } catch (IOException e) {
      LOG.debug(
          "{}: could not delete the {} files of a lost commit attempt, left for"
              + " removeOrphanFiles: {}",
          table.paths().root(),
          created.size(),
          e.toString());
    }
  }

  private boolean isOurs(long id, String deltaList) {
    try {
      return table.snapshots().exists(id)
          && table.snapshots().read(id).deltaManifestList().equals(deltaList);
    } catch (IOException e) {
      return false;
    }
  }

  private static void sleep(long millis) throws IOException {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while retrying a commit");
    }
  }
}
