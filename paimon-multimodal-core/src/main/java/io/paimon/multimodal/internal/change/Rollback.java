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
package io.paimon.multimodal.internal.change;

import io.paimon.multimodal.SnapshotNotFoundException;
import io.paimon.multimodal.internal.ReferencedFiles;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.paimon.SnapshotJson;
import io.paimon.multimodal.internal.paimon.TagFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code rollbackTo} as Paimon rolls back: the target snapshot becomes the latest; newer snapshots
 * and the tags pinning them are deleted, then the files only they referenced. A tag's snapshot that
 * expiry removed is first restored from the tag. Snapshot files go first (newest first) and files
 * after, so a reader never finds a latest snapshot whose files are gone; a run killed after that
 * leaves orphans for {@code removeOrphanFiles}. Not safe against concurrent writers (a commit
 * racing the rollback may land on either side of it), as in Paimon. Stateless.
 */
public final class Rollback {

  private Rollback() {}

  /** Rolls {@code table} back to snapshot {@code id}. */
  public static void toSnapshot(TableState table, long id) {
    try {
      if (!table.snapshots().exists(id)) {
        throw new SnapshotNotFoundException(
            "table '" + table.name() + "' has no snapshot " + id + " to roll back to");
      }
      run(table, table.snapshots().read(id));
    } catch (IOException e) {
      throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
    }
  }

  /** Rolls {@code table} back to the snapshot tag {@code tag} pins, restoring it if expired. */
  public static long toTag(TableState table, String tag) {
    try {
      Optional<TagFile> t = table.tags().readFile(tag);
      if (t.isEmpty()) {
        throw new io.paimon.multimodal.TagNotFoundException(
            tag, "table '" + table.name() + "' has no tag '" + tag + "' to roll back to");
      }
      SnapshotFile snapshot = t.get().snapshot();
      if (!table.snapshots().exists(snapshot.id())) {
        table
            .io()
            .createIfAbsent(
                table.paths().snapshotFile(snapshot.id()), SnapshotJson.write(snapshot));
      }
      run(table, snapshot);
      return snapshot.id();
    } catch (IOException e) {
      throw new UncheckedIOException(table.paths().root() + ": " + e.getMessage(), e);
    }
  }

  private static void run(TableState table, SnapshotFile target) throws IOException {
    List<SnapshotFile> newer = new ArrayList<>();
    List<SnapshotFile> kept = new ArrayList<>();
    for (long id : table.snapshots().ids()) {
      (id > target.id() ? newer : kept).add(table.snapshots().read(id));
    }
    ReferencedFiles refs = new ReferencedFiles(table);
    Map<String, String> keep = new HashMap<>();
    for (SnapshotFile s : kept) {
      refs.collect(s, keep);
    }
    Map<String, String> gone = new HashMap<>();
    for (SnapshotFile s : newer) {
      refs.collect(s, gone);
    }
    List<String> tagsGone = new ArrayList<>();
    for (String tag : table.tags().names()) {
      Optional<TagFile> t = table.tags().readFile(tag);
      if (t.isEmpty()) {
        continue;
      }
      if (t.get().snapshot().id() > target.id()) {
        tagsGone.add(tag);
        refs.collect(t.get().snapshot(), gone);
      } else {
        refs.collect(t.get().snapshot(), keep);
      }
    }
    gone.keySet().removeAll(keep.keySet());
    for (String tag : tagsGone) {
      table.tags().delete(tag);
    }
    for (int i = newer.size() - 1; i >= 0; i--) {
      table.io().delete(table.paths().snapshotFile(newer.get(i).id()));
    }
    table
        .io()
        .overwrite(
            table.paths().latestHint(),
            Long.toString(target.id()).getBytes(StandardCharsets.UTF_8));
    List<String> present = new ArrayList<>();
    for (String path : gone.values()) {
      if (table.io().exists(path)) {
        present.add(path);
      }
    }
    table.io().deleteFiles(present);
  }
}
