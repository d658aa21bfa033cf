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

import java.util.List;

/**
 * Paimon's {@code IndexManifestEntry}: one index file of a snapshot (deletion vectors, or an index
 * of another type that readers skip unless they know it). Immutable by convention.
 *
 * @param kind ADD or DELETE
 * @param partition the serialized BinaryRow of the partition values
 * @param bucket the bucket (0 here)
 * @param indexType {@code DELETION_VECTORS}, {@code HASH}, or a global index identifier
 * @param fileName the index file's name in {@code index/}
 * @param fileSize its size in bytes
 * @param rowCount for deletion vectors, the number of vectors in the file
 * @param deletionVectorRanges nullable: where each data file's vector sits
 * @param externalPath nullable: an absolute location overriding {@code index/}
 * @param globalIndex nullable
 */
public record IndexManifestEntry(
    FileKind kind,
    byte[] partition,
    int bucket,
    String indexType,
    String fileName,
    long fileSize,
    long rowCount,
    List<DeletionVectorRange> deletionVectorRanges,
    String externalPath,
    GlobalIndexMeta globalIndex) {

  /** The index type of deletion-vector files. */
  public static final String DELETION_VECTORS = "DELETION_VECTORS";
}
