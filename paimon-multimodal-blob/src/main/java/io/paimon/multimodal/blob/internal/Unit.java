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
 * One byte range of one file that a batch needs: either a whole {@code .blob} entry, whose CRC is
 * verified before its payloads are sliced out, or a plain range. Rows needing the same range share
 * one unit. Mutable assembly state: a unit held by one chunk is sliced by the thread that fetched
 * it ({@link #slices}, {@link #failure}) and then handed over with the chunk through the fetcher's
 * queue; everything else is used by the consumer thread only.
 */
final class Unit {

  /** Whether the unit is a verifiable entry or a plain range. */
  enum Kind {
    ENTRY,
    RAW
  }

  final String uri;
  final long offset;
  final long length;
  final Kind kind;

  /** Whether the unit was inferred from a scalar descriptor (payload widened to its entry). */
  final boolean widenedPayload;

  final List<Target> targets = new ArrayList<>(1);

  /** The first and last chunk holding the unit's bytes (indexes into the batch's chunks). */
  int firstChunk = -1;

  int lastChunk = -1;

  /** Chunks still to arrive, and the buffer assembling a unit that spans several chunks. */
  int chunksLeft;

  byte[] assembly;

  /**
   * A unit held by one chunk, verified and sliced by the fetch thread: its targets' payloads, or
   * the check that failed.
   */
  byte[][] slices;

  io.paimon.blob.BlobFormatException failure;

  Unit(String uri, long offset, long length, Kind kind, boolean widenedPayload) {
    this.uri = uri;
    this.offset = offset;
    this.length = length;
    this.kind = kind;
    this.widenedPayload = widenedPayload;
  }

  long end() {
    return offset + length;
  }

  @Override
  public String toString() {
    return kind + " " + uri + " [" + offset + ", " + end() + ")";
  }
}
