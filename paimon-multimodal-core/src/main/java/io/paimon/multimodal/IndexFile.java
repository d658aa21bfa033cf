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

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/**
 * One index file of a snapshot that covers a range of row IDs (Paimon's "global index" entries of
 * the index manifest): what search indexes and other row-ID-addressed indexes are stored as. The
 * file lives in the table's {@code index/} directory ({@link Table#indexFilePath(String)}) and is
 * immutable once committed; only the snapshots whose index manifest lists it may read it. Deletion
 * vectors are index files too, but they are not listed as {@code IndexFile}s: they come with the
 * {@link Split}s they apply to. Immutable and thread-safe.
 *
 * @param type the index type identifier (a reader skips types it does not know)
 * @param fileName the file's name in {@code index/}
 * @param fileSize its size in bytes
 * @param rowCount the number of rows the file indexes
 * @param firstRowId the first row ID of the range the file covers
 * @param lastRowId the last row ID of that range (inclusive)
 * @param fieldId the field id of the indexed column ({@link Schema#fieldId(String)})
 * @param meta index-specific bytes stored in the manifest entry (copied, never null)
 */
public record IndexFile(
    String type,
    String fileName,
    long fileSize,
    long rowCount,
    long firstRowId,
    long lastRowId,
    int fieldId,
    byte[] meta)
    implements Serializable {

  /** Checks the fields and copies {@code meta}. */
  public IndexFile {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(fileName, "fileName");
    if (type.isEmpty() || fileName.isEmpty() || fileName.contains("/")) {
      throw new IllegalArgumentException(
          "index file '"
              + fileName
              + "' of type '"
              + type
              + "': a plain, non-empty name is needed");
    }
    if (fileSize < 0 || rowCount < 0 || firstRowId < 0 || lastRowId < firstRowId - 1) {
      throw new IllegalArgumentException(
          "index file '"
              + fileName
              + "': size "
              + fileSize
              + ", "
              + rowCount
              + " rows, row IDs "
              + firstRowId
              + ".."
              + lastRowId
              + " are not a valid range");
    }
    meta = meta == null ? new byte[0] : meta.clone();
  }

  /** A copy of the index-specific bytes. */
  @Override
  public byte[] meta() {
    return meta.clone();
  }

  /** Whether the file's row-ID range holds {@code rowId}. */
  public boolean covers(long rowId) {
    return rowId >= firstRowId && rowId <= lastRowId;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IndexFile f
        && type.equals(f.type)
        && fileName.equals(f.fileName)
        && fileSize == f.fileSize
        && rowCount == f.rowCount
        && firstRowId == f.firstRowId
        && lastRowId == f.lastRowId
        && fieldId == f.fieldId
        && Arrays.equals(meta, f.meta);
  }

  @Override
  public int hashCode() {
    return Objects.hash(type, fileName, firstRowId, lastRowId, fieldId);
  }

  @Override
  public String toString() {
    return "IndexFile{"
        + type
        + " "
        + fileName
        + ", rows "
        + firstRowId
        + ".."
        + lastRowId
        + " ("
        + rowCount
        + "), field "
        + fieldId
        + ", "
        + fileSize
        + " bytes}";
  }
}
