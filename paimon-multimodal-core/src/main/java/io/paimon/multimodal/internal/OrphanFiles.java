package io.paimon.multimodal.internal;

import io.paimon.multimodal.internal.meta.DataFileMeta;
import io.paimon.multimodal.internal.meta.ManifestEntry;
import io.paimon.multimodal.internal.meta.ManifestMeta;
import io.paimon.multimodal.internal.meta.SnapshotFile;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds and deletes files in {@code data/} and {@code manifest/} that no snapshot references, and
 * temporary files of interrupted atomic creates: what failed or killed commits leave behind. Only
 * files older than a grace period are deleted, so the files of a commit still in flight survive.
 */
final class OrphanFiles {

  private final TableState state;

  OrphanFiles(TableState state) {
    this.state = state;
  }

  List<String> remove(Duration olderThan) throws IOException {
    Set<String> referenced = new HashSet<>();
    // Tags pin snapshots, and no snapshot is ever expired, so every snapshot's files are live.
    for (long id : state.snapshots().ids()) {
      SnapshotFile snapshot = state.snapshots().read(id);
      referenced.add(snapshot.manifestList());
      for (ManifestMeta m : state.manifests().readList(snapshot.manifestList())) {
        referenced.add(m.name());
        for (ManifestEntry e : state.manifests().readManifest(m, state.schema().rowType())) {
          DataFileMeta f = e.file();
          referenced.add(f.fileName());
          referenced.addAll(f.blobFiles());
          if (f.statsFile() != null) {
            referenced.add(f.statsFile());
          }
        }
      }
    }
    long cutoff = System.currentTimeMillis() - olderThan.toMillis();
    List<String> deleted = new ArrayList<>();
    for (String dir :
        List.of(state.paths().dataDir(), state.paths().manifestDir(), state.paths().indexDir())) {
      for (String name : state.io().list(dir)) {
        String path = dir + "/" + name;
        if (!referenced.contains(name) && state.io().lastModifiedMillis(path) < cutoff) {
          state.io().delete(path);
          deleted.add(path);
        }
      }
    }
    // Temporary files of atomic creates whose writer died before linking or renaming them.
    for (String dir :
        List.of(state.paths().snapshotDir(), state.paths().tagDir(), state.paths().schemaDir())) {
      for (String name : state.io().list(dir)) {
        String path = dir + "/" + name;
        if (name.startsWith(".")
            && name.endsWith(".tmp")
            && state.io().lastModifiedMillis(path) < cutoff) {
          state.io().delete(path);
          deleted.add(path);
        }
      }
    }
    return deleted;
  }
}
