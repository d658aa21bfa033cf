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
 * The BLOB read engine: descriptors are collected per batch ({@code Cells}), turned into byte
 * ranges ({@code ReadContext}: a verifiable {@code .blob} entry or a plain range per payload),
 * merged and cut into ranged reads ({@code RangePlanner}), fetched on an owned thread pool ({@code
 * Fetcher}) within a prefetch budget ({@code BlobStream}), then verified and sliced back into row
 * order ({@code PlannedBatch}). Not a public API.
 */
package io.paimon.multimodal.blob.internal;
