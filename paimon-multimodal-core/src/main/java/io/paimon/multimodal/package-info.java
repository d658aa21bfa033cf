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
 * Multimodal tables on a warehouse directory: schemas, snapshots, tags, stable row IDs and the
 * fluent {@code scan().where(...).select(...)} API into Apache Arrow.
 *
 * <pre>{@code
 * try (Connection conn = Multimodal.connect("/data/warehouse")) {
 *   Table docs = conn.getTable("docs");
 *   Snapshot s = docs.add(List.of(Map.of("id", 1L, "image", pngBytes)));
 *   try (ArrowReader r = docs.scan().where("id < 100").select("id", "image").toArrowReader()) {
 *     while (r.loadNextBatch()) { consume(r.getVectorSchemaRoot()); }
 *   }
 *   List<Map<String, Object>> rows = docs.takeRowIds(3, 1, 2).snapshot(s.id()).toList();
 * }
 * }</pre>
 *
 * <p>{@link io.paimon.multimodal.Connection}, {@link io.paimon.multimodal.Table} and {@link
 * io.paimon.multimodal.Scan} are thread-safe; readers they return are not, and must be closed.
 * Errors are unchecked and specific ({@link io.paimon.multimodal.SchemaException}, {@link
 * io.paimon.multimodal.PredicateException}, ...). See {@code docs/tables.md}.
 *
 * <p>Threads: a connection owns an I/O and a decode pool ({@link
 * io.paimon.multimodal.SharedExecutors}, sized by {@code Multimodal.builder().ioThreads(n)
 * .decodeThreads(n)}) that every read and write shares; a module runs its tasks there as a {@link
 * io.paimon.multimodal.TaskGroup}, whose waits cannot deadlock the bounded pools:
 *
 * <pre>{@code
 * try (TaskGroup fetches = table.executors().newIoGroup("my-read", parallelism)) {
 *   Future<byte[]> f = fetches.submit(() -> fetch(range));
 *   byte[] bytes = f.get(); // on a pool thread, runs the task itself if no thread has started it
 * }
 * }</pre>
 */
package io.paimon.multimodal;
