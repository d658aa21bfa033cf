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
package io.paimon.multimodal;

import java.util.Objects;

/** A committed version of a table. Immutable and thread-safe. */
public final class Snapshot {

  private final long id;
  private final long schemaId;
  private final long timeMillis;
  private final long totalRecordCount;
  private final long deltaRecordCount;
  private final long nextRowId;
  private final String commitUser;
  private final String commitKind;
  private final String baseManifestList;
  private final String deltaManifestList;
  private final String indexManifest;

  /** Creates a snapshot value (as read from its file). */
  public Snapshot(
      long id,
      long schemaId,
      long timeMillis,
      long totalRecordCount,
      long deltaRecordCount,
      long nextRowId,
      String commitUser,
      String commitKind,
      String baseManifestList,
      String deltaManifestList,
      String indexManifest) {
    this.id = id;
    this.schemaId = schemaId;
    this.timeMillis = timeMillis;
    this.totalRecordCount = totalRecordCount;
    this.deltaRecordCount = deltaRecordCount;
    this.nextRowId = nextRowId;
    this.commitUser = Objects.requireNonNull(commitUser, "commitUser");
    this.commitKind = Objects.requireNonNull(commitKind, "commitKind");
    this.baseManifestList = Objects.requireNonNull(baseManifestList, "baseManifestList");
    this.deltaManifestList = Objects.requireNonNull(deltaManifestList, "deltaManifestList");
    this.indexManifest = indexManifest;
  }

  /** The snapshot id: 1 for the first commit, then increasing by one. */
  public long id() {
    return id;
  }

  /** The id of the schema the snapshot was written with. */
  public long schemaId() {
    return schemaId;
  }

  /** When it was committed, in epoch milliseconds. */
  public long timeMillis() {
    return timeMillis;
  }

  /**
   * The snapshot's record count as Paimon records it: the rows of every live file entry, and a
   * {@code .blob} file is an entry of its own, so a table with BLOB columns counts each row once
   * per file that holds some of its columns (a row with one BLOB column counts twice). Deleted rows
   * are not subtracted. For the number of rows, use {@code table.scan().snapshot(id).count()}.
   */
  public long totalRecordCount() {
    return totalRecordCount;
  }

  /** The change of {@link #totalRecordCount()} by this snapshot's commit, counted the same way. */
  public long deltaRecordCount() {
    return deltaRecordCount;
  }

  /** The row ID the next committed row will get; every row of this snapshot has a smaller one. */
  public long nextRowId() {
    return nextRowId;
  }

  /** Who committed (a per-writer id). */
  public String commitUser() {
    return commitUser;
  }

  /** The kind of commit, e.g. {@code APPEND}. */
  public String commitKind() {
    return commitKind;
  }

  /** The name of the manifest list of the files this snapshot's parent already held. */
  public String baseManifestList() {
    return baseManifestList;
  }

  /**
   * The name of the manifest list of the files this snapshot's commit changed. Manifest lists are
   * named uniquely per commit, so this tells apart two snapshots of one id (one committed after a
   * rollback removed the other).
   */
  public String deltaManifestList() {
    return deltaManifestList;
  }

  /** The name of the index manifest (deletion vectors, search indexes), or null if none. */
  public String indexManifest() {
    return indexManifest;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Snapshot)) {
      return false;
    }
    Snapshot s = (Snapshot) o;
    return id == s.id
        && schemaId == s.schemaId
        && timeMillis == s.timeMillis
        && totalRecordCount == s.totalRecordCount
        && deltaRecordCount == s.deltaRecordCount
        && nextRowId == s.nextRowId
        && commitUser.equals(s.commitUser)
        && commitKind.equals(s.commitKind)
        && baseManifestList.equals(s.baseManifestList)
        && deltaManifestList.equals(s.deltaManifestList)
        && Objects.equals(indexManifest, s.indexManifest);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(id) * 31 + deltaManifestList.hashCode();
  }

  @Override
  public String toString() {
    return "Snapshot{id="
        + id
        + ", schemaId="
        + schemaId
        + ", totalRecordCount="
        + totalRecordCount
        + ", deltaRecordCount="
        + deltaRecordCount
        + ", nextRowId="
        + nextRowId
        + ", timeMillis="
        + timeMillis
        + "}";
  }
}
