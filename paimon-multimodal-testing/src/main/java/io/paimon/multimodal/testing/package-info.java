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
 * JUnit 5 fixtures for tests of code that uses Paimon Multimodal tables. Add {@code
 * io.paimon:paimon-multimodal-testing} at test scope.
 *
 * <pre>{@code
 * class FramesTest {
 *   @TempWarehouse Connection conn;   // a fresh warehouse per test, leak-checked and deleted after
 *
 *   @Test
 *   void readsEveryFrame() {
 *     FrameTables frames = FrameTables.builder().episodes(3).framesPerEpisode(50).seed(7);
 *     Table t = frames.write(conn, "frames");
 *     MultimodalAssertions.assertThat(t).hasRowCount(150).hasColumn("image");
 *     try (VectorSchemaRoot batch = t.scan().where("episode_id = 1").toArrow()) {
 *       MultimodalAssertions.assertThat(batch).hasRowCount(50)
 *           .column("state").containsExactlyElementsOf(frames.expectedStates(1));
 *     }
 *   }
 * }
 * }</pre>
 *
 * <ul>
 *   <li>{@link io.paimon.multimodal.testing.TempWarehouse}: a connection to a temporary local
 *       warehouse, injected into a field or parameter;
 *   <li>{@link io.paimon.multimodal.testing.S3Warehouse}: an in-process S3 endpoint and connections
 *       to a warehouse on it;
 *   <li>{@link io.paimon.multimodal.testing.FrameTables}, {@link
 *       io.paimon.multimodal.testing.BlobTables}: deterministic robot frame tables and BLOB tables,
 *       with their expected values;
 *   <li>{@link io.paimon.multimodal.testing.MultimodalAssertions}: AssertJ assertions for Arrow
 *       batches, tables and rows.
 * </ul>
 */
package io.paimon.multimodal.testing;
