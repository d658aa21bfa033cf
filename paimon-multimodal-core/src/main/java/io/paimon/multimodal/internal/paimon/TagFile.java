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

import java.time.Duration;
import java.time.LocalDateTime;

/**
 * A tag as Paimon stores it in {@code tag/tag-<name>}: the tagged snapshot's JSON, plus the
 * creation time and retention when the tag has a retention time. Immutable.
 *
 * @param snapshot the tagged snapshot
 * @param tagCreateTime nullable: local time of creation
 * @param tagTimeRetained nullable: how long the tag is kept
 */
public record TagFile(
    SnapshotFile snapshot, LocalDateTime tagCreateTime, Duration tagTimeRetained) {}
