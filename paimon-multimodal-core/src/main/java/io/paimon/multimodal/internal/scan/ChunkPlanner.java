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
package io.paimon.multimodal.internal.scan;

import io.paimon.multimodal.Schema;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.roaringbitmap.RoaringBitmap;

/**
 * The chunk shuffle of a plan ({@code Scan.withChunkShuffle}): each partition's live rows, in
 * row-ID order, cut into chunks of at most {@code chunkSize} live rows, and the chunks of every
 * partition shuffled by {@link Collections#shuffle(List, Random)} with {@code new Random(seed)}
 * (specified by the JDK, so the order is the same on every JVM). Partitions are taken in the order
 * of their first row ID. A chunk holds pieces of row ranges; a piece starts and ends at a live row,
 * and a range whose rows are all deleted gives none. Stateless.
 */
final class ChunkPlanner {

  private ChunkPlanner() {}

  /**
   * Positions {@code [start, end)} of a group's rows, of which {@code liveRows} are not deleted.
   */
  record Piece(DataGroup group, long start, long end, long liveRows) {

    /** All of a group's rows. */
    static Piece whole(DataGroup group) {
      return new Piece(group, 0, group.rowCount(), group.liveRows());
    }

    /** The piece's rows as a selection of the group's positions, or null for all of them. */
    RoaringBitmap selection() {
      return start == 0 && end == group.rowCount() ? null : RoaringBitmap.bitmapOfRange(start, end);
    }
  }

  /** One chunk: its pieces in row-ID order, all of one partition. */
  record Chunk(List<Piece> pieces) {}

  /** The chunks of {@code groups} (of one snapshot), shuffled. */
  static List<Chunk> plan(List<DataGroup> groups, long seed, int chunkSize) {
    List<DataGroup> ordered = new ArrayList<>(groups);
    ordered.sort(Comparator.comparingLong(DataGroup::firstRowId));
    Map<ByteBuffer, List<DataGroup>> byPartition = new LinkedHashMap<>();
    for (DataGroup g : ordered) {
      byPartition.computeIfAbsent(ByteBuffer.wrap(g.partition()), k -> new ArrayList<>()).add(g);
    }
    List<Chunk> chunks = new ArrayList<>();
    for (List<DataGroup> partition : byPartition.values()) {
      cut(partition, chunkSize, chunks);
    }
    Collections.shuffle(chunks, new Random(seed));
    return chunks;
  }

  private static void cut(List<DataGroup> groups, int chunkSize, List<Chunk> out) {
    List<Piece> current = new ArrayList<>();
    long room = chunkSize;
    for (DataGroup g : groups) {
      RoaringBitmap deleted = g.deleted() == null ? new RoaringBitmap() : g.deleted();
      long n = g.rowCount();
      long at = firstLive(deleted, 0, n);
      while (at < n) {
        long end = endOfLive(deleted, at, n, room);
        long live = (end - at) - deleted.rangeCardinality(at, end);
        current.add(new Piece(g, at, end, live));
        room -= live;
        if (room == 0) {
          out.add(new Chunk(List.copyOf(current)));
          current.clear();
          room = chunkSize;
        }
        at = firstLive(deleted, end, n);
      }
    }
    if (!current.isEmpty()) {
      out.add(new Chunk(List.copyOf(current)));
    }
  }

  /** The first position at or after {@code from} that is not deleted, or {@code n}. */
  private static long firstLive(RoaringBitmap deleted, long from, long n) {
    if (from >= n) {
      return n;
    }
    return Math.min(n, deleted.nextAbsentValue((int) from));
  }

  /**
   * The end of the shortest run from {@code at} (a live position) holding {@code want} live rows,
   * or {@code n} if fewer are left.
   */
  private static long endOfLive(RoaringBitmap deleted, long at, long n, long want) {
    if (deleted.isEmpty()) {
      return Math.min(n, at + want);
    }
    if ((n - at) - deleted.rangeCardinality(at, n) <= want) {
      return n;
    }
    // The smallest end whose run from at holds want live rows; it then ends at a live row.
    long lo = at + want;
    long hi = n;
    while (lo < hi) {
      long mid = (lo + hi) >>> 1;
      if ((mid - at) - deleted.rangeCardinality(at, mid) >= want) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  /**
   * Fails if {@code filter} names a column that is not a partition key: a chunk is planned from row
   * counts, before any row is read, so only whole partitions can be left out.
   */
  static void checkFilter(ScanFilter filter, List<String> partitionKeys, String predicates) {
    if (filter == null) {
      return;
    }
    for (String c : filter.referencedColumns()) {
      if (Schema.ROW_ID.equals(c) || !partitionKeys.contains(c)) {
        throw new IllegalArgumentException(
            "withChunkShuffle plans chunks from row counts, so a where may only name partition"
                + " keys "
                + partitionKeys
                + "; "
                + predicates
                + " names '"
                + c
                + "'");
      }
    }
  }
}
