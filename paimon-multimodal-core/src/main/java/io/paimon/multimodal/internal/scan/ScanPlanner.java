package io.paimon.multimodal.internal.scan;

import io.paimon.multimodal.SnapshotNotFoundException;
import io.paimon.multimodal.Tag;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.meta.DataFileMeta;
import io.paimon.multimodal.internal.meta.ManifestEntry;
import io.paimon.multimodal.internal.meta.ManifestMeta;
import io.paimon.multimodal.internal.meta.SnapshotFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/** Resolves which snapshot a scan reads and which data files it needs. Stateless. */
final class ScanPlanner {

  private ScanPlanner() {}

  /** The snapshot a scan reads, and the tag that pinned it (to re-check during the read). */
  record Resolved(long snapshotId, String tag, SnapshotFile snapshot) {}

  static Resolved resolve(TableState table, ScanContext ctx) {
    try {
      if (ctx.tag() != null) {
        Optional<Tag> tag = table.tags().read(ctx.tag());
        if (tag.isEmpty()) {
          throw new SnapshotNotFoundException(
              "table '" + table.name() + "' has no tag '" + ctx.tag() + "'");
        }
        long id = tag.get().snapshotId();
        return new Resolved(id, ctx.tag(), read(table, id));
      }
      if (ctx.snapshotId() == ScanContext.PINNED_EMPTY) {
        return new Resolved(0, null, null);
      }
      if (ctx.snapshotId() > 0) {
        return new Resolved(ctx.snapshotId(), null, read(table, ctx.snapshotId()));
      }
      OptionalLong latest = table.snapshots().latestId();
      if (latest.isEmpty()) {
        return new Resolved(0, null, null);
      }
      return new Resolved(latest.getAsLong(), null, read(table, latest.getAsLong()));
    } catch (IOException e) {
      throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
    }
  }

  private static SnapshotFile read(TableState table, long id) throws IOException {
    if (!table.snapshots().exists(id)) {
      throw new SnapshotNotFoundException("table '" + table.name() + "' has no snapshot " + id);
    }
    return table.snapshots().read(id);
  }

  /** The live data files of a snapshot, ordered by first row ID. */
  static List<DataFileMeta> files(TableState table, SnapshotFile snapshot) {
    if (snapshot == null) {
      return List.of();
    }
    try {
      Map<String, DataFileMeta> live = new LinkedHashMap<>();
      for (ManifestMeta m : table.manifests().readList(snapshot.manifestList())) {
        for (ManifestEntry e : table.manifests().readManifest(m, table.schema().rowType())) {
          if (e.kind() == ManifestEntry.Kind.ADD) {
            live.put(e.file().fileName(), e.file());
          } else {
            live.remove(e.file().fileName());
          }
        }
      }
      List<DataFileMeta> files = new ArrayList<>(live.values());
      files.sort(Comparator.comparingLong(DataFileMeta::firstRowId));
      checkConsistent(table, snapshot, files);
      return files;
    } catch (IOException e) {
      throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
    }
  }

  /**
   * The live files must hold the snapshot's record count, and their row ID ranges must be disjoint
   * and below the snapshot's next row ID: otherwise rows would be lost, repeated or misnumbered.
   */
  private static void checkConsistent(
      TableState table, SnapshotFile snapshot, List<DataFileMeta> files) throws IOException {
    long total = 0;
    long end = 0;
    for (DataFileMeta f : files) {
      if (f.firstRowId() < end) {
        throw new IOException(
            table.paths().root()
                + ": data files overlap in row IDs at "
                + f.firstRowId()
                + " ("
                + f.fileName()
                + ") in snapshot "
                + snapshot.snapshot().id());
      }
      end = f.endRowId();
      total += f.rowCount();
    }
    if (total != snapshot.snapshot().totalRecordCount() || end > snapshot.snapshot().nextRowId()) {
      throw new IOException(
          table.paths().root()
              + ": snapshot "
              + snapshot.snapshot().id()
              + " records "
              + snapshot.snapshot().totalRecordCount()
              + " rows below row ID "
              + snapshot.snapshot().nextRowId()
              + ", its data files hold "
              + total
              + " rows up to row ID "
              + end);
    }
  }

  /** The files whose statistics allow a match. */
  static List<DataFileMeta> prune(List<DataFileMeta> files, ScanFilter filter) {
    if (filter == null) {
      return files;
    }
    List<DataFileMeta> out = new ArrayList<>(files.size());
    for (DataFileMeta f : files) {
      if (f.rowCount() > 0 && filter.mightMatch(f)) {
        out.add(f);
      }
    }
    return out;
  }

  /** Fails if a tag-pinned read's tag no longer points at the snapshot being read. */
  static void checkTag(TableState table, Resolved resolved) {
    if (resolved.tag() == null) {
      return;
    }
    Optional<Tag> now;
    try {
      now = table.tags().read(resolved.tag());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (now.isEmpty() || now.get().snapshotId() != resolved.snapshotId()) {
      throw new SnapshotNotFoundException(
          "tag '"
              + resolved.tag()
              + "' of table '"
              + table.name()
              + "' was "
              + (now.isEmpty() ? "deleted" : "moved to snapshot " + now.get().snapshotId())
              + " while a read pinned to snapshot "
              + resolved.snapshotId()
              + " was running");
    }
  }
}
