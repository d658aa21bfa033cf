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

import io.paimon.multimodal.internal.paimon.BinaryRows;
import io.paimon.multimodal.internal.paimon.DataFileMeta;
import io.paimon.multimodal.internal.paimon.IndexManifestEntry;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.ManifestMeta;
import io.paimon.multimodal.internal.paimon.PartitionPath;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.types.DataType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The files a snapshot references, by name (as Paimon's cleaners decide what is referenced) with
 * the path each is at: its manifest lists and manifests, every data file of its manifests with its
 * extra files, its index manifest and index files. Not thread-safe (it caches partition paths).
 */
public final class ReferencedFiles {

  private final TableState state;
  private final List<DataType> partitionTypes = new ArrayList<>();
  private final Map<ByteBuffer, String> partitionPaths = new HashMap<>();

  public ReferencedFiles(TableState state) {
    this.state = state;
    for (String key : state.schema().partitionKeys()) {
      partitionTypes.add(state.schema().columnType(key));
    }
  }

  /** Adds the files {@code s} references to {@code out} (name to path). */
  public void collect(SnapshotFile s, Map<String, String> out) throws IOException {
    for (String list : List.of(s.baseManifestList(), s.deltaManifestList())) {
      out.put(list, state.paths().manifestFile(list));
      for (ManifestMeta m : state.manifests().readList(list)) {
        out.put(m.fileName(), state.paths().manifestFile(m.fileName()));
        for (ManifestEntry e : state.manifests().readManifest(m.fileName())) {
          DataFileMeta f = e.file();
          if (out.containsKey(f.fileName())) {
            continue;
          }
          String dir = bucketDir(e.partition(), f.fileName());
          out.put(f.fileName(), f.externalPath() != null ? f.externalPath() : dir + f.fileName());
          for (String extra : f.extraFiles()) {
            out.put(extra, dir + extra);
          }
        }
      }
    }
    if (s.indexManifest() != null) {
      out.put(s.indexManifest(), state.paths().manifestFile(s.indexManifest()));
      for (IndexManifestEntry e : state.manifests().readIndexManifest(s.indexManifest())) {
        out.put(
            e.fileName(),
            e.externalPath() != null ? e.externalPath() : state.paths().indexFile(e.fileName()));
      }
    }
  }

  /** The directory (with a trailing slash) of the files of a partition's bucket. */
  private String bucketDir(byte[] partition, String file) throws IOException {
    ByteBuffer key = ByteBuffer.wrap(partition);
    String dir = partitionPaths.get(key);
    if (dir == null) {
      Object[] values =
          BinaryRows.deserialize(partition, partitionTypes, "data file " + file + " _PARTITION");
      String path =
          PartitionPath.of(
              state.schema().partitionKeys(),
              partitionTypes,
              values,
              state.options().partitionDefaultName(),
              state.options().legacyPartitionName());
      dir = state.paths().dataFile(path, "");
      partitionPaths.put(key, dir);
    }
    return dir;
  }
}
