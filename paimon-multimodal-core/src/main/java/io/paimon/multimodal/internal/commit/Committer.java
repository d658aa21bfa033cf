package io.paimon.multimodal.internal.commit;

import io.paimon.multimodal.CommitConflictException;
import io.paimon.multimodal.Snapshot;
import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.TablePaths;
import io.paimon.multimodal.internal.meta.DataFileMeta;
import io.paimon.multimodal.internal.meta.ManifestEntry;
import io.paimon.multimodal.internal.meta.ManifestMeta;
import io.paimon.multimodal.internal.meta.ManifestStore;
import io.paimon.multimodal.internal.meta.SnapshotFile;
import io.paimon.multimodal.internal.meta.SnapshotStore;
import io.paimon.types.RowType;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Optimistic commits. A commit writes its manifest (the new files with row IDs assigned from the
 * parent's {@code nextRowId}) and a manifest list (the parent's manifests plus the new one), then
 * atomically creates {@code snapshot-<parent + 1>}. If another writer took that id, everything of
 * the attempt is deleted and the commit is rebuilt on the new parent (row IDs re-assigned), after a
 * randomized exponential backoff, up to a bounded number of attempts. The metadata a commit writes
 * is O(its own files) plus the manifest list, whose length is bounded by merging the smallest
 * manifests once there would be more than {@value #MAX_MANIFESTS}, so commit cost does not grow
 * with the history. Thread-safe (all state is on disk).
 */
public final class Committer {

  /** Manifests a list may hold before the small ones are merged. */
  public static final int MAX_MANIFESTS = 16;

  private static final int MAX_ATTEMPTS = 200;
  private static final long MAX_BACKOFF_MILLIS = 500;

  private final FileIO io;
  private final TablePaths paths;
  private final SnapshotStore snapshots;
  private final ManifestStore manifests;
  private final RowType tableType;
  private final String commitUser;

  public Committer(
      FileIO io,
      TablePaths paths,
      SnapshotStore snapshots,
      ManifestStore manifests,
      RowType tableType,
      String commitUser) {
    this.io = io;
    this.paths = paths;
    this.snapshots = snapshots;
    this.manifests = manifests;
    this.tableType = tableType;
    this.commitUser = commitUser;
  }

  /**
   * Commits the given new data files (row IDs not yet assigned) as one APPEND snapshot.
   *
   * @throws CommitConflictException if every attempt lost the race
   */
  public SnapshotFile commit(List<DataFileMeta> files, long schemaId) throws IOException {
    long backoff = 2;
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      List<String> created = new ArrayList<>();
      OptionalLong latest = snapshots.latestId();
      SnapshotFile parent = latest.isPresent() ? snapshots.read(latest.getAsLong()) : null;
      long nextRowId = parent == null ? 0 : parent.snapshot().nextRowId();
      long total = parent == null ? 0 : parent.snapshot().totalRecordCount();

      List<ManifestEntry> entries = new ArrayList<>(files.size());
      long delta = 0;
      for (DataFileMeta f : files) {
        entries.add(new ManifestEntry(ManifestEntry.Kind.ADD, f.withFirstRowId(nextRowId + delta)));
        delta += f.rowCount();
      }
      List<ManifestMeta> list =
          parent == null
              ? new ArrayList<>()
              : new ArrayList<>(manifests.readList(parent.manifestList()));
      if (list.size() + (entries.isEmpty() ? 0 : 1) > MAX_MANIFESTS) {
        // The new entries go straight into the merged manifest: a manifest written only to be
        // merged would be referenced by no snapshot.
        list = compact(list, entries, created);
      } else if (!entries.isEmpty()) {
        ManifestMeta manifest = manifests.writeManifest(entries, tableType);
        created.add(paths.manifestFile(manifest.name()));
        list.add(manifest);
      }
      String listName = manifests.writeList(list);
      created.add(paths.manifestFile(listName));

      long id = latest.isPresent() ? latest.getAsLong() + 1 : 1;
      Snapshot snapshot =
          new Snapshot(
              id,
              schemaId,
              System.currentTimeMillis(),
              total + delta,
              delta,
              nextRowId + delta,
              commitUser,
              "APPEND");
      SnapshotFile file = new SnapshotFile(snapshot, parent == null ? 0 : parent.id(), listName);
      boolean committed;
      try {
        committed = snapshots.tryCommit(file);
      } catch (IOException e) {
        // The store may have created the snapshot and lost the reply: the manifest list's name is
        // unique to this attempt, so a snapshot naming it is ours. Otherwise the outcome is
        // unknown, and the files stay for removeOrphanFiles rather than risk deleting live ones.
        if (isOurs(id, listName)) {
          return file;
        }
        throw e;
      }
      if (committed) {
        return file;
      }
      for (String path : created) {
        try {
          io.delete(path);
        } catch (IOException e) {
          // left as an orphan for removeOrphanFiles
        }
      }
      sleep(ThreadLocalRandom.current().nextLong(backoff / 2, backoff + 1));
      backoff = Math.min(MAX_BACKOFF_MILLIS, backoff * 2);
    }
    throw new CommitConflictException(
        paths.root()
            + ": commit of "
            + files.size()
            + " files failed after "
            + MAX_ATTEMPTS
            + " attempts; other writers kept committing first");
  }

  /**
   * Merges the small manifests of a list and the new entries into one manifest, after the large
   * manifests in their list order.
   */
  private List<ManifestMeta> compact(
      List<ManifestMeta> list, List<ManifestEntry> newEntries, List<String> created)
      throws IOException {
    // Merge the smallest manifests (and the new entries) until half the limit is left: small
    // manifests are merged often and large ones rarely, and the list never exceeds the limit.
    List<ManifestMeta> bySize = new ArrayList<>(list);
    bySize.sort(java.util.Comparator.comparingLong(ManifestMeta::entries));
    int mergeCount = Math.max(0, bySize.size() - MAX_MANIFESTS / 2 + 1);
    List<ManifestEntry> merged = new ArrayList<>();
    for (ManifestMeta m : bySize.subList(0, mergeCount)) {
      merged.addAll(manifests.readManifest(m, tableType));
    }
    merged.addAll(newEntries);
    List<ManifestMeta> kept = new ArrayList<>(bySize.subList(mergeCount, bySize.size()));
    if (merged.isEmpty()) {
      return kept;
    }
    ManifestMeta combined = manifests.writeManifest(merged, tableType);
    created.add(paths.manifestFile(combined.name()));
    kept.add(combined);
    return kept;
  }

  private boolean isOurs(long id, String listName) {
    try {
      return snapshots.exists(id) && snapshots.read(id).manifestList().equals(listName);
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
