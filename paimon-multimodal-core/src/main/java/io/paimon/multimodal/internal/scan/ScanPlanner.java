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

import io.paimon.multimodal.SnapshotNotFoundException;
import io.paimon.multimodal.Tag;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.meta.ColumnStats;
import io.paimon.multimodal.internal.meta.MetadataCache;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.paimon.TagFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** Resolves which snapshot a scan reads and which data files it needs. Stateless. */
final class ScanPlanner {

  private ScanPlanner() {}

  /** The snapshot a scan reads, and the tag that pinned it (to re-check during the read). */
  record Resolved(long snapshotId, String tag, SnapshotFile snapshot) {}

  static Resolved resolve(TableState table, ScanContext ctx) {
    try {
      Pin pin = ctx.pin();
      if (pin instanceof Pin.AtTag at) {
        Optional<TagFile> tag = table.tags().readFile(at.name());
        if (tag.isEmpty()) {
          throw new io.paimon.multimodal.TagNotFoundException(
              at.name(), "table '" + table.name() + "' has no tag '" + at.name() + "'");
        }
        SnapshotFile snapshot = tag.get().snapshot();
        return new Resolved(snapshot.id(), at.name(), snapshot);
      }
      if (pin instanceof Pin.NoSnapshot) {
        return new Resolved(0, null, null);
      }
      if (pin instanceof Pin.AtSnapshot at) {
        return new Resolved(at.id(), null, read(table, at.id()));
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

  /** A snapshot by id: its file, or a tag's copy of it once the file has expired. */
  static SnapshotFile read(TableState table, long id) throws IOException {
    if (table.snapshots().exists(id)) {
      return table.snapshots().read(id);
    }
    for (String name : table.tags().names()) {
      Optional<TagFile> tag = table.tags().readFile(name);
      if (tag.isPresent() && tag.get().snapshot().id() == id) {
        return tag.get().snapshot();
      }
    }
    throw new SnapshotNotFoundException("table '" + table.name() + "' has no snapshot " + id);
  }

  /** The read units of a snapshot, in row-ID order. */
  static List<DataGroup> groups(TableState table, SnapshotFile snapshot) {
    if (snapshot == null) {
      return List.of();
    }
    try {
      // A snapshot's plan depends only on immutable files: its manifest lists (the delta list's
      // name is unique to the commit, even if a rollback reuses the id) and the schemas.
      String key = "plan/" + snapshot.deltaManifestList() + "/" + table.schemaId();
      return table
          .manifests()
          .derived(
              key,
              () -> {
                List<DataGroup> groups = GroupPlanner.plan(table, snapshot);
                long files = 0;
                for (DataGroup g : groups) {
                  files += g.normals().size() + 1;
                }
                return new MetadataCache.Loaded<>(List.copyOf(groups), 256 * files);
              });
    } catch (IOException e) {
      throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
    }
  }

  /** The groups whose statistics allow a match (and that have rows left). */
  static List<DataGroup> prune(List<DataGroup> groups, ScanFilter filter) {
    List<DataGroup> out = new ArrayList<>(groups.size());
    for (DataGroup g : groups) {
      if (g.liveRows() == 0) {
        continue;
      }
      if (filter != null) {
        ColumnStats[] stats = g.stats();
        if (!filter.mightMatch(g.firstRowId(), g.rowCount(), i -> stats[i])) {
          continue;
        }
      }
      out.add(g);
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
