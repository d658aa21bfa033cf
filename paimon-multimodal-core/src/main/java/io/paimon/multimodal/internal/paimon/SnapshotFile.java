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
package io.paimon.multimodal.internal.paimon;

import io.paimon.multimodal.Snapshot;
import java.util.Map;

/**
 * A snapshot as Paimon stores it in {@code snapshot/snapshot-<id>} (JSON version 3). Immutable.
 * Nullable components are absent in some writers' files (pypaimon writes no list sizes).
 *
 * @param version 3
 * @param id the snapshot id, from 1
 * @param schemaId the schema the commit was written against
 * @param baseManifestList the manifest list of the parent's manifests (possibly merged)
 * @param baseManifestListSize nullable, bytes
 * @param deltaManifestList the manifest list of this commit's manifests
 * @param deltaManifestListSize nullable, bytes
 * @param changelogManifestList nullable; absent for append tables
 * @param changelogManifestListSize nullable
 * @param indexManifest nullable: the index manifest, present only when the table has index files
 * @param commitUser the committing writer's id
 * @param commitIdentifier {@link Long#MAX_VALUE} for batch commits
 * @param commitKind APPEND, COMPACT, OVERWRITE or ANALYZE
 * @param timeMillis commit time
 * @param totalRecordCount every live entry's rows, {@code .blob} entries included
 * @param deltaRecordCount this commit's added minus deleted entry rows
 * @param changelogRecordCount nullable
 * @param watermark nullable
 * @param statistics nullable
 * @param properties nullable
 * @param nextRowId nullable on tables without row tracking: the next row ID to assign
 */
public record SnapshotFile(
    int version,
    long id,
    long schemaId,
    String baseManifestList,
    Long baseManifestListSize,
    String deltaManifestList,
    Long deltaManifestListSize,
    String changelogManifestList,
    Long changelogManifestListSize,
    String indexManifest,
    String commitUser,
    long commitIdentifier,
    String commitKind,
    long timeMillis,
    long totalRecordCount,
    long deltaRecordCount,
    Long changelogRecordCount,
    Long watermark,
    String statistics,
    Map<String, String> properties,
    Long nextRowId) {

  /** The commit identifier of batch commits. */
  public static final long BATCH_COMMIT_IDENTIFIER = Long.MAX_VALUE;

  /** The snapshot as the public API shows it. */
  public Snapshot snapshot() {
    return new Snapshot(
        id,
        schemaId,
        timeMillis,
        totalRecordCount,
        deltaRecordCount,
        nextRowId == null ? 0 : nextRowId,
        commitUser,
        commitKind,
        baseManifestList,
        deltaManifestList,
        indexManifest);
  }
}
