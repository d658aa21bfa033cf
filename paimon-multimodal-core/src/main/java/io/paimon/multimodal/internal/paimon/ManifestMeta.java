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

/**
 * Paimon's {@code ManifestFileMeta}: one manifest named by a manifest list. Immutable by
 * convention. The nullable fields are absent in files written by pypaimon (and by Paimon before 1.4
 * for the row-ID range).
 *
 * @param fileName the manifest's name in {@code manifest/}
 * @param fileSize its size in bytes
 * @param numAddedFiles its ADD entries
 * @param numDeletedFiles its DELETE entries
 * @param partitionStats min/max/null counts of the partition fields over its entries
 * @param schemaId the largest schema id of its entries
 * @param minBucket nullable
 * @param maxBucket nullable
 * @param minLevel nullable
 * @param maxLevel nullable
 * @param minRowId nullable: the smallest first row ID of its entries
 * @param maxRowId nullable: the largest last row ID of its entries
 */
public record ManifestMeta(
    String fileName,
    long fileSize,
    long numAddedFiles,
    long numDeletedFiles,
    SimpleStats partitionStats,
    long schemaId,
    Integer minBucket,
    Integer maxBucket,
    Integer minLevel,
    Integer maxLevel,
    Long minRowId,
    Long maxRowId) {}
