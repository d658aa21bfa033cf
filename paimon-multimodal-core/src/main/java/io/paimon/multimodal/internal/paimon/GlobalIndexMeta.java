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
 * Paimon's {@code _GLOBAL_INDEX} record of an index manifest entry: the row-ID range and field an
 * index file covers.
 *
 * @param rowRangeStart the first row ID covered
 * @param rowRangeEnd the last row ID covered
 * @param indexFieldId the field id of the indexed column
 * @param extraFieldIds nullable
 * @param indexMeta nullable, index-specific bytes
 */
public record GlobalIndexMeta(
    long rowRangeStart,
    long rowRangeEnd,
    int indexFieldId,
    int[] extraFieldIds,
    byte[] indexMeta) {}
