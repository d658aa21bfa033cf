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
 * Paimon's {@code ManifestEntry}: the ADD or DELETE of one data file. Immutable by convention.
 *
 * @param kind ADD or DELETE
 * @param partition the serialized BinaryRow of the partition values (arity 0 when unpartitioned)
 * @param bucket always 0 for the unaware-bucket tables we read
 * @param totalBuckets -1 for unaware-bucket tables
 * @param file the data file
 */
public record ManifestEntry(
    FileKind kind, byte[] partition, int bucket, int totalBuckets, DataFileMeta file) {

  /** An ADD of {@code file} in {@code partition}, bucket 0 of an unaware-bucket table. */
  public static ManifestEntry add(byte[] partition, DataFileMeta file) {
    return new ManifestEntry(FileKind.ADD, partition, 0, -1, file);
  }

  /** This entry with another file (row IDs or sequence numbers assigned at commit). */
  public ManifestEntry withFile(DataFileMeta f) {
    return new ManifestEntry(kind, partition, bucket, totalBuckets, f);
  }
}
