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
package io.paimon.multimodal.internal;

import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.paimon.TagFile;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds and deletes files that no snapshot or tag references, where Paimon's own orphan cleanup
 * looks ({@code manifest/}, {@code index/}, and the bucket directories under the partition
 * directories), plus temporary files of interrupted atomic creates: what failed or killed commits
 * leave behind. A file is referenced by its name, as Paimon decides it: data files, their extra
 * files, manifest lists, manifests, index manifests and index files. Only files older than a grace
 * period are deleted, so the files of a commit still in flight survive.
 */
final class OrphanFiles {

  private final TableState state;

  OrphanFiles(TableState state) {
    this.state = state;
  }

  List<String> remove(Duration olderThan) throws IOException {
    Map<String, String> refs = new HashMap<>();
    List<SnapshotFile> snapshots = new ArrayList<>();
    for (long id : state.snapshots().ids()) {
      snapshots.add(state.snapshots().read(id));
    }
    for (String tag : state.tags().names()) {
      Optional<TagFile> t = state.tags().readFile(tag);
      t.ifPresent(f -> snapshots.add(f.snapshot()));
    }
    ReferencedFiles files = new ReferencedFiles(state);
    for (SnapshotFile s : snapshots) {
      files.collect(s, refs);
    }
    Set<String> referenced = refs.keySet();
    // Zero means every unreferenced file, also one just written: a file system's timestamp can be
    // a few milliseconds ahead of this JVM's clock.
    long cutoff =
        olderThan.isZero() ? Long.MAX_VALUE : System.currentTimeMillis() - olderThan.toMillis();
    List<String> deleted = new ArrayList<>();
    List<String> dirs =
        new ArrayList<>(List.of(state.paths().manifestDir(), state.paths().indexDir()));
    bucketDirs(state.paths().dataRoot(), state.schema().partitionKeys().size(), dirs);
    for (String dir : dirs) {
      for (String name : state.io().list(dir)) {
        String path = dir + "/" + name;
        if (!referenced.contains(name) && state.io().lastModifiedMillis(path) < cutoff) {
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
          deleted.add(path);
        }
      }
    }
    state.io().deleteFiles(deleted);
    return deleted;
  }

  /** The bucket directories under {@code dir}, {@code depth} partition levels down. */
  private void bucketDirs(String dir, int depth, List<String> out) throws IOException {
    for (String name : state.io().list(dir)) {
      if (depth == 0 && name.startsWith("bucket-")) {
        out.add(dir + "/" + name);
      } else if (depth > 0 && name.contains("=")) {
        bucketDirs(dir + "/" + name, depth - 1, out);
      }
    }
  }
}
