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
package io.paimon.multimodal.search.internal;

import io.paimon.multimodal.IndexFile;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.lucene.util.FixedBitSet;

/**
 * The open index files of one column for one search, and which of their documents each may return:
 * a row is served by the first file (in row-ID order) whose range holds it, unless the row was
 * updated after that file was built; rows no file serves are scored exactly instead ({@link
 * #unserved()}). A file whose documents are all allowed gets no filter, so the common search (no
 * deletes, no pre-filter, no updates) runs Lucene without one. Releases its shards on close.
 */
final class ServedShards implements AutoCloseable {

  /**
   * Which of a column's index files serve a view, and which documents of each: the same for every
   * search of the view, so worked out once per view and column ({@link SnapshotView#servedPlan}).
   *
   * @param files the indexes (in the column's files) of the files serving rows
   * @param filters per serving file, the documents it may return, or null for all (read only)
   * @param unserved the view's rows that no file serves
   */
  record Plan(int[] files, List<FixedBitSet> filters, RowRanges unserved) {}

  private final List<OpenShard> shards;
  private final Plan plan;

  private ServedShards(List<OpenShard> shards, Plan plan) {
    this.shards = shards;
    this.plan = plan;
  }

  static ServedShards open(SnapshotView view, ColumnIndex index, Shards source) {
    List<OpenShard> shards = new ArrayList<>();
    try {
      Plan plan = view.servedPlan(index.column());
      if (plan == null) {
        plan = plan(view, index, source, shards);
        view.keepServedPlan(index.column(), plan);
      } else {
        for (int i : plan.files()) {
          shards.add(source.acquire(index.files().get(i), index.specs().get(i)));
        }
      }
      return new ServedShards(shards, plan);
    } catch (RuntimeException e) {
      for (OpenShard s : shards) {
        s.release();
      }
      throw e;
    }
  }

  /** Works the plan out, acquiring the serving files into {@code shards} as it goes. */
  private static Plan plan(
      SnapshotView view, ColumnIndex index, Shards source, List<OpenShard> shards) {
    List<Integer> files = new ArrayList<>();
    List<FixedBitSet> filters = new ArrayList<>();
    RowRanges covered = RowRanges.EMPTY;
    RowRanges served = RowRanges.EMPTY;
    for (int i = 0; i < index.files().size(); i++) {
      IndexFile file = index.files().get(i);
      IndexSpec spec = index.specs().get(i);
      RowRanges range = RowRanges.of(List.of(new long[] {file.firstRowId(), file.lastRowId() + 1}));
      RowRanges mine =
          range.minus(covered).minus(view.stale(file, spec.builtAtSnapshot(), index.column()));
      covered = covered.union(range);
      if (mine.isEmpty()) {
        continue;
      }
      served = served.union(mine);
      OpenShard shard = source.acquire(file, spec);
      shards.add(shard);
      files.add(i);
      boolean whole = mine.count() == range.count();
      FixedBitSet bits = null;
      if (!whole || !view.allowsAll()) {
        long[] rowIds = shard.rowIds();
        bits = new FixedBitSet(Math.max(1, rowIds.length));
        for (int doc = 0; doc < rowIds.length; doc++) {
          long rowId = rowIds[doc];
          if (view.allows(rowId) && (whole || mine.contains(rowId))) {
            bits.set(doc);
          }
        }
      }
      filters.add(bits);
    }
    int[] serving = files.stream().mapToInt(Integer::intValue).toArray();
    // not List.copyOf: a null filter means every document
    return new Plan(serving, Collections.unmodifiableList(filters), view.present().minus(served));
  }

  List<OpenShard> shards() {
    return shards;
  }

  /** The documents shard {@code i} may return, or null for all of them. */
  FixedBitSet filter(int i) {
    return plan.filters().get(i);
  }

  /** The view's rows that no file serves (scored exactly). */
  RowRanges unserved() {
    return plan.unserved();
  }

  @Override
  public void close() {
    for (OpenShard s : shards) {
      s.release();
    }
  }
}
