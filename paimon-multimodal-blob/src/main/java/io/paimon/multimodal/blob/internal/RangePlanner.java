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
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the ranges a batch needs into ranged reads. Per file, ranges are sorted by offset and
 * merged into runs while the gap to the next range is at most the hole limit (overlapping plain
 * ranges merge too); each run is then cut into {@code ceil(run / rangeLimit)} requests of equal
 * size, so a contiguous run of {@code b} bytes takes exactly {@code ceil(b / rangeLimit)} requests
 * whatever the sizes of the payloads in it. A payload may span several requests; the fetcher
 * reassembles it. Stateless.
 *
 * <p>Units of the same range and kind (rows that share a payload) are merged into the first of
 * them, which takes the others' targets. Two different {@code .blob} entries that overlap cannot
 * come from a well-formed file and its descriptors, so they are rejected rather than read twice.
 */
final class RangePlanner {

  /** Two different entries of one file overlap. */
  static final class OverlapException extends Exception {
    private static final long serialVersionUID = 1L;

    final transient Unit first;
    final transient Unit second;

    OverlapException(Unit first, Unit second) {
      super(first + " overlaps " + second);
      this.first = first;
      this.second = second;
    }
  }

  private RangePlanner() {}

  /**
   * Plans the reads of {@code units} (none of length 0), linking each unit to its chunks. Units
   * merged into an identical one are removed from {@code units}, which is left holding the distinct
   * units in their order.
   *
   * @return the chunks, grouped by file (in order of first appearance) and sorted by offset
   */
  static List<Chunk> plan(List<Unit> units, long holeLimit, long rangeLimit)
      throws OverlapException {
    Map<String, List<Unit>> byFile = new LinkedHashMap<>();
    for (Unit u : units) {
      List<Unit> file = byFile.get(u.uri);
      if (file == null) {
        file = new ArrayList<>();
        byFile.put(u.uri, file);
      }
      file.add(u);
    }
    List<Chunk> chunks = new ArrayList<>();
    boolean merged = false;
    for (List<Unit> file : byFile.values()) {
      // Stable: of identical units, the first created comes first and is kept.
      file.sort(BY_RANGE);
      List<Unit> run = new ArrayList<>();
      long runStart = 0;
      long runEnd = 0;
      Unit lastEntry = null;
      Unit previous = null;
      for (Unit u : file) {
        if (previous != null
            && u.offset == previous.offset
            && u.length == previous.length
            && u.kind == previous.kind) {
          previous.targets.addAll(u.targets);
          merged = true;
          continue;
        }
        previous = u;
        if (u.kind == Unit.Kind.ENTRY) {
          if (lastEntry != null && u.offset < lastEntry.end()) {
            throw new OverlapException(lastEntry, u);
          }
          lastEntry = u;
        }
        if (!run.isEmpty() && u.offset - runEnd <= holeLimit) {
          runEnd = Math.max(runEnd, u.end());
        } else {
          cut(run, runStart, runEnd, rangeLimit, chunks);
          run.clear();
          runStart = u.offset;
          runEnd = u.end();
        }
        run.add(u);
      }
      cut(run, runStart, runEnd, rangeLimit, chunks);
    }
    if (merged) {
      int kept = 0;
      for (Unit u : units) {
        if (u.firstChunk >= 0) {
          units.set(kept++, u);
        }
      }
      units.subList(kept, units.size()).clear();
    }
    return chunks;
  }

  /**
   * By offset, then longest first, then kind. A class rather than composed lambdas: each lambda
   * costs its first read class spinning.
   */
  private static final Comparator<Unit> BY_RANGE =
      new Comparator<>() {
        @Override
        public int compare(Unit a, Unit b) {
          int c = Long.compare(a.offset, b.offset);
          if (c == 0) {
            c = Long.compare(b.length, a.length);
          }
          return c != 0 ? c : a.kind.compareTo(b.kind);
        }
      };

  private static void cut(
      List<Unit> run, long start, long end, long rangeLimit, List<Chunk> chunks) {
    if (run.isEmpty()) {
      return;
    }
    long total = end - start;
    long count = (total + rangeLimit - 1) / rangeLimit;
    long size = (total + count - 1) / count;
    int first = chunks.size();
    String uri = run.get(0).uri;
    for (long at = start; at < end; at += size) {
      chunks.add(new Chunk(uri, at, (int) Math.min(size, end - at)));
    }
    for (Unit u : run) {
      u.firstChunk = first + (int) ((u.offset - start) / size);
      u.lastChunk = first + (int) ((u.end() - 1 - start) / size);
      u.chunksLeft = u.lastChunk - u.firstChunk + 1;
      for (int c = u.firstChunk; c <= u.lastChunk; c++) {
        chunks.get(c).units.add(u);
      }
    }
  }
}
