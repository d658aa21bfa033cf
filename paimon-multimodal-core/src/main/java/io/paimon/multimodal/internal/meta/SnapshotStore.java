package io.paimon.multimodal.internal.meta;

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.TablePaths;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The snapshot files of a table. The set of {@code snapshot-<id>} files is the truth; {@code
 * LATEST} and {@code EARLIEST} are hints that only save a directory listing. Finding the latest
 * snapshot reads the hint and probes the following ids, so it costs O(1) however long the history.
 * Thread-safe.
 */
public final class SnapshotStore {

  private static final String PREFIX = "snapshot-";

  private final FileIO io;
  private final TablePaths paths;

  public SnapshotStore(FileIO io, TablePaths paths) {
    this.io = io;
    this.paths = paths;
  }

  /** The id of the latest snapshot, or empty for a table without commits. */
  public OptionalLong latestId() throws IOException {
    long id = readHint(paths.latestHint());
    if (id <= 0 || !io.exists(paths.snapshotFile(id))) {
      List<Long> all = ids();
      if (all.isEmpty()) {
        return OptionalLong.empty();
      }
      id = all.get(all.size() - 1);
    }
    while (io.exists(paths.snapshotFile(id + 1))) {
      id++;
    }
    return OptionalLong.of(id);
  }

  private long readHint(String path) {
    try {
      if (!io.exists(path)) {
        return -1;
      }
      return Long.parseLong(new String(io.readAllBytes(path), StandardCharsets.UTF_8).trim());
    } catch (IOException | NumberFormatException e) {
      // A hint is only a hint: fall back to listing.
      return -1;
    }
  }

  /** All snapshot ids, ascending (a directory listing). */
  public List<Long> ids() throws IOException {
    List<Long> out = new ArrayList<>();
    for (String name : io.list(paths.snapshotDir())) {
      if (name.startsWith(PREFIX)) {
        try {
          out.add(Long.parseLong(name.substring(PREFIX.length())));
        } catch (NumberFormatException e) {
          // not a snapshot file
        }
      }
    }
    out.sort(null);
    return out;
  }

  public boolean exists(long id) throws IOException {
    return io.exists(paths.snapshotFile(id));
  }

  public SnapshotFile read(long id) throws IOException {
    String file = paths.snapshotFile(id);
    SnapshotFile snapshot = SnapshotFile.fromJson(io.readAllBytes(file), file);
    if (snapshot.snapshot().id() != id) {
      throw new IOException(file + ": holds snapshot " + snapshot.snapshot().id() + ", not " + id);
    }
    return snapshot;
  }

  /**
   * Atomically creates the snapshot file; false if another writer created that id first. On success
   * the hints are updated (best effort).
   */
  public boolean tryCommit(SnapshotFile snapshot) throws IOException {
    if (!io.createIfAbsent(paths.snapshotFile(snapshot.id()), snapshot.toJson())) {
      return false;
    }
    try {
      io.overwrite(
          paths.latestHint(), Long.toString(snapshot.id()).getBytes(StandardCharsets.UTF_8));
      if (snapshot.id() == 1) {
        io.overwrite(paths.earliestHint(), "1".getBytes(StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      // The snapshot is committed; a stale hint only costs a probe.
    }
    return true;
  }
}
