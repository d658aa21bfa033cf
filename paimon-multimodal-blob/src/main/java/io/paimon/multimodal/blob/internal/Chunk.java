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
package io.paimon.multimodal.blob.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * One ranged read: a piece of a merged run of one file, and the units whose bytes it holds. Read by
 * one thread (a fetch thread, or the consumer itself) and then handed to the consumer thread
 * through a blocking queue, which orders the accesses.
 */
final class Chunk {

  final String uri;
  final long offset;
  final int length;
  final List<Unit> units = new ArrayList<>();

  /** The batch this chunk belongs to; set when the batch is planned. */
  PlannedBatch batch;

  /** Why the read failed, or null. */
  Throwable error;

  Chunk(String uri, long offset, int length) {
    this.uri = uri;
    this.offset = offset;
    this.length = length;
  }

  long end() {
    return offset + length;
  }

  @Override
  public String toString() {
    return uri + " [" + offset + ", " + end() + ")";
  }
}
