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
/**
 * Apache Paimon's {@code .blob} file format: {@link
 * io.paimon.multimodal.internal.blob.BlobFileWriter} streams one BLOB, ARRAY&lt;BLOB&gt; or
 * MAP&lt;K, BLOB&gt; column into a file, {@link io.paimon.multimodal.internal.blob.BlobFileReader}
 * reads and validates one, and {@link io.paimon.multimodal.internal.blob.BlobFormat} holds the
 * layout and the entry check a ranged-read engine runs on fetched bytes. Not a public API: it may
 * change without notice. The format is described in {@code docs/blob-format.md}.
 *
 * <pre>{@code
 * try (BlobFileWriter w = BlobFileWriter.create(io, path, DataTypes.BLOB())) {
 *   long[] range = w.add(imageBytes);   // {offset, length}: a BlobDescriptor's range
 * }
 * try (BlobFileReader r = BlobFileReader.open(io, path)) {
 *   byte[] image = r.read(0);           // CRC32-verified
 * }
 * }</pre>
 */
package io.paimon.multimodal.internal.blob;
