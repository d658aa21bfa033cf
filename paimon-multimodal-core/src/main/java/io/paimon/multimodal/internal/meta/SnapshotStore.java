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
package io.paimon.multimodal.internal.meta;

import io.paimon.multimodal.fs.FileIO;
import io.paimon.multimodal.internal.TablePaths;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.paimon.SnapshotJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The snapshots of a table, {@code snapshot/snapshot-<id>} (Paimon's JSON), and the {@code LATEST}
 * and {@code EARLIEST} hints, which are only hints: the truth is the set of snapshot files.
 * Thread-safe (all state is on disk).
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
    if (id <= 0 || !io.isFile(paths.snapshotFile(id))) {
      List<Long> all = ids();
      if (all.isEmpty()) {
        return OptionalLong.empty();
      }
      id = all.get(all.size() - 1);
    }
    while (io.isFile(paths.snapshotFile(id + 1))) {
      id++;
    }
    return OptionalLong.of(id);
  }

  /** The id of the earliest snapshot still on disk, or empty for a table without snapshots. */
  public OptionalLong earliestId() throws IOException {
    long id = readHint(paths.earliestHint());
    if (id > 0 && io.isFile(paths.snapshotFile(id)) && !io.isFile(paths.snapshotFile(id - 1))) {
      return OptionalLong.of(id);
    }
    List<Long> all = ids();
    return all.isEmpty() ? OptionalLong.empty() : OptionalLong.of(all.get(0));
  }

  private long readHint(String path) {
    try {
      // One read, no existence check first: a missing hint is the exception, not the rule.
      return Long.parseLong(new String(io.readAllBytes(path), StandardCharsets.UTF_8).trim());
    } catch (IOException | NumberFormatException e) {
      // A hint is only a hint: fall back to listing.
      return -1;
    }
  }

  /** All snapshot ids, ascending (a directory listing). */
  public List<Long> ids() throws IOException {
    return numberedFiles(io, paths.snapshotDir(), PREFIX);
  }

  /**
   * The numbers {@code n} of the files {@code <prefix><n>} in {@code dir}, ascending; other names
   * (hints, temporary files) are skipped.
   */
  static List<Long> numberedFiles(FileIO io, String dir, String prefix) throws IOException {
    List<Long> out = new ArrayList<>();
    for (String name : io.list(dir)) {
      if (name.startsWith(prefix)) {
        try {
          out.add(Long.parseLong(name.substring(prefix.length())));
        } catch (NumberFormatException e) {
          // not one of the numbered files
        }
      }
    }
    out.sort(null);
    return out;
  }

  public boolean exists(long id) throws IOException {
    return io.isFile(paths.snapshotFile(id));
  }

  /**
   * Reads one snapshot.
   *
   * @throws IOException if it is missing or malformed, naming the file
   */
  public SnapshotFile read(long id) throws IOException {
    String file = paths.snapshotFile(id);
    SnapshotFile snapshot = SnapshotJson.read(io.readAllBytes(file), file);
    if (snapshot.id() != id) {
      throw new IOException(file + ": holds snapshot " + snapshot.id() + ", not " + id);
    }
    return snapshot;
  }

  /**
   * Atomically creates the snapshot file; false if another writer created that id first. On success
   * the hints are updated (best effort).
   */
  public boolean tryCommit(SnapshotFile snapshot) throws IOException {
    if (!io.createIfAbsent(paths.snapshotFile(snapshot.id()), SnapshotJson.write(snapshot))) {
      return false;
    }
    try {
      io.overwrite(
          paths.latestHint(), Long.toString(snapshot.id()).getBytes(StandardCharsets.UTF_8));
      if (snapshot.id() == 1 || !io.isFile(paths.earliestHint())) {
        OptionalLong earliest = earliestId();
        if (earliest.isPresent()) {
          io.overwrite(
              paths.earliestHint(),
              Long.toString(earliest.getAsLong()).getBytes(StandardCharsets.UTF_8));
        }
      }
    } catch (IOException e) {
      // The snapshot is committed; a stale hint only costs a probe.
    }
    return true;
  }
}
