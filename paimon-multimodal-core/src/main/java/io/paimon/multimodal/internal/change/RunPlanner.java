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
package io.paimon.multimodal.internal.change;

import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.paimon.FileKind;
import io.paimon.multimodal.internal.paimon.ManifestEntry;
import io.paimon.multimodal.internal.paimon.SnapshotFile;
import io.paimon.multimodal.internal.scan.SnapshotRanges;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiPredicate;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * Groups a snapshot's row-ID ranges into the runs a compaction rewrites together: adjacent ranges
 * (one partition, consecutive row IDs) whose files add up to at most a target size. Stateless.
 */
final class RunPlanner {

  private RunPlanner() {}

  /**
   * One row-ID range with its live files (data and {@code .blob}), their bytes, and the bytes of
   * its data (non-{@code .blob}) files alone.
   */
  record Range(SnapshotRanges.Range range, List<ManifestEntry> files, long bytes, long dataBytes) {}

  /** The ranges of {@code parent} in row-ID order, each with its live files. */
  static List<Range> ranges(TableState table, SnapshotFile parent) throws IOException {
    List<SnapshotRanges.Range> ranges = SnapshotRanges.ranges(table, parent);
    List<ManifestEntry> live = SnapshotRanges.liveEntries(table, parent);
    live.sort((a, b) -> Long.compare(a.file().requireFirstRowId(), b.file().requireFirstRowId()));
    List<Range> all = new ArrayList<>(ranges.size());
    int f = 0;
    for (SnapshotRanges.Range r : ranges) {
      List<ManifestEntry> files = new ArrayList<>();
      long bytes = 0;
      long dataBytes = 0;
      while (f < live.size() && live.get(f).file().requireFirstRowId() < r.endRowId()) {
        files.add(live.get(f));
        bytes += live.get(f).file().fileSize();
        dataBytes += live.get(f).file().isBlobFile() ? 0 : live.get(f).file().fileSize();
        f++;
      }
      all.add(new Range(r, files, bytes, dataBytes));
    }
    return all;
  }

  /**
   * The runs of ranges that {@code eligible} accepts: adjacent ranges of one partition with
   * consecutive row IDs that {@code joins} accepts pairwise, whose {@code weight}s (the bytes a
   * rewrite writes) add up to at most {@code target} (a range larger than that is a run of its
   * own), at most {@link Integer#MAX_VALUE} rows.
   */
  static List<List<Range>> runs(
      List<Range> all,
      long target,
      ToLongFunction<Range> weight,
      Predicate<Range> eligible,
      BiPredicate<Range, Range> joins) {
    List<List<Range>> out = new ArrayList<>();
    int i = 0;
    while (i < all.size()) {
      if (!eligible.test(all.get(i))) {
        i++;
        continue;
      }
      int j = i + 1;
      long bytes = weight.applyAsLong(all.get(i));
      long rows = all.get(i).range().rowCount();
      while (j < all.size()
          && eligible.test(all.get(j))
          && Arrays.equals(all.get(j).range().partition(), all.get(i).range().partition())
          && all.get(j).range().firstRowId() == all.get(j - 1).range().endRowId()
          && joins.test(all.get(j - 1), all.get(j))
          && bytes + weight.applyAsLong(all.get(j)) <= target
          && rows + all.get(j).range().rowCount() <= Integer.MAX_VALUE) {
        bytes += weight.applyAsLong(all.get(j));
        rows += all.get(j).range().rowCount();
        j++;
      }
      out.add(List.copyOf(all.subList(i, j)));
      i = j;
    }
    return out;
  }

  /** The DELETE entries of every file of {@code run} that {@code kept} does not accept. */
  static List<ManifestEntry> deletes(List<Range> run, Predicate<ManifestEntry> kept) {
    List<ManifestEntry> out = new ArrayList<>();
    for (Range r : run) {
      for (ManifestEntry e : r.files()) {
        if (!kept.test(e)) {
          out.add(
              new ManifestEntry(
                  FileKind.DELETE, e.partition(), e.bucket(), e.totalBuckets(), e.file()));
        }
      }
    }
    return out;
  }

  /** The names of the normal (non-{@code .blob}) data files of {@code run}. */
  static List<String> normalFiles(List<Range> run) {
    List<String> out = new ArrayList<>();
    for (Range r : run) {
      for (ManifestEntry e : r.files()) {
        if (!e.file().isBlobFile()) {
          out.add(e.file().fileName());
        }
      }
    }
    return out;
  }
}
