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

import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.paimon.FileKind;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.ManifestMeta;
import io.paimon.types.DataType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Merges small manifests, as Paimon does ({@code manifest.merge-min-count}, default 30, and {@code
 * manifest.target-file-size}, default 8 MB): once the trailing run of manifests smaller than the
 * target holds that many, they are rewritten as one manifest (or several of at most the target
 * size) of their surviving entries. An ADD and a later DELETE of the same file inside the run
 * cancel; a DELETE of a file added before the run is kept. Only a trailing run is merged, so the
 * order in which entries apply is unchanged. Not thread-safe (one per commit attempt).
 */
final class ManifestMerger {

  /** A rough bound of an entry's Avro size, to cut merged manifests near the target size. */
  private static final long ENTRY_BYTES = 200;

  private final TableState table;
  private final List<DataType> partitionTypes;
  private final String uuid;
  private final int[] counter;
  private final List<String> created;

  ManifestMerger(
      TableState table,
      List<DataType> partitionTypes,
      String uuid,
      int[] counter,
      List<String> created) {
    this.table = table;
    this.partitionTypes = partitionTypes;
    this.uuid = uuid;
    this.counter = counter;
    this.created = created;
  }

  /** The list with its trailing run of small manifests merged, if it is long enough. */
  List<ManifestMeta> merge(List<ManifestMeta> list) throws IOException {
    long target = table.options().manifestTargetFileSize();
    int start = list.size();
    while (start > 0 && list.get(start - 1).fileSize() < target) {
      start--;
    }
    if (list.size() - start < table.options().mergeMinCount()) {
      return list;
    }
    Map<String, ManifestEntry> live = new LinkedHashMap<>();
    List<ManifestEntry> deletes = new ArrayList<>();
    for (ManifestMeta m : list.subList(start, list.size())) {
      for (ManifestEntry e : table.manifests().readManifest(m.fileName())) {
        String key = Arrays.toString(e.partition()) + "/" + e.bucket() + "/" + e.file().fileName();
        if (e.kind() == FileKind.ADD) {
          live.put(key, e);
        } else if (live.remove(key) == null) {
          deletes.add(e);
        }
      }
    }
    List<ManifestEntry> merged = new ArrayList<>(deletes);
    merged.addAll(live.values());
    List<ManifestMeta> out = new ArrayList<>(list.subList(0, start));
    long perFile = Math.max(1, target / ENTRY_BYTES);
    for (int from = 0; from < merged.size(); from += perFile) {
      List<ManifestEntry> part =
          merged.subList(from, (int) Math.min(merged.size(), from + perFile));
      String name = "manifest-" + uuid + "-" + counter[0]++;
      created.add(table.paths().manifestFile(name));
      out.add(table.manifests().writeManifest(name, part, partitionTypes));
    }
    return out;
  }
}
