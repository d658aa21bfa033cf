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
 * Apache Paimon's {@code .row} file format: ZSTD-compressed blocks of rows with O(1) access by row
 * number, byte-compatible with Paimon's own writer and reader.
 *
 * <pre>{@code
 * RowType type = (RowType) DataTypes.parse("ROW<id BIGINT, name STRING, tags ARRAY<STRING>>");
 * try (RowFileWriter w = RowFile.newWriter(path, type, RowFileOptions.defaults())) {
 *   w.write(Row.of(1L, "a", List.of("x")));
 * }
 * try (RowFileReader r = RowFile.open(path, type)) {
 *   Row row = r.read(0);                                   // one ranged read + one decompression
 *   try (CloseableIterator<Row> it = r.project(0, 1).iterator()) {
 *     while (it.hasNext()) { ... }                         // sequential, with read-ahead
 *   }
 *   try (RowArrowReader batches = r.arrowReader(allocator, 4096)) {
 *     while (batches.loadNextBatch()) { ... }              // straight into Arrow vectors
 *   }
 * }
 * }</pre>
 *
 * <p>Every malformed input is reported as a {@link io.paimon.row.RowFormatException} naming the
 * file and offset.
 */
package io.paimon.row;
