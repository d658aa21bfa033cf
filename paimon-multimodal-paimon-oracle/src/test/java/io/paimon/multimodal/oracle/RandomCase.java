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
package io.paimon.multimodal.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataType;
import org.apache.paimon.types.RowType;

/**
 * One seeded random table: schema, optional partition keys, table options and the rows of each of
 * its commits, plus the brute-force reference of what Paimon must read back. Everything is derived
 * from the seed alone, so a failing seed reproduces.
 */
record RandomCase(
    long seed,
    RowType schema,
    List<String> partitionKeys,
    Map<String, String> options,
    List<List<Map<String, Object>>> commits) {

  /** The partition column's name when the case is partitioned. */
  static final String PART = "part";

  /** The second partition column's name, when there is one. */
  static final String PART2 = "part2";

  /** A case of 1 to 3 commits. */
  static RandomCase of(long seed, double blobChance) {
    return of(seed, blobChance, 3);
  }

  /**
   * A case of 1 to {@code maxCommits} commits of 1 to 40 rows: a random schema (see {@link
   * RandomTables#schema}), in half the cases partitioned by one scalar column (in a third of those,
   * by two), each key with three values and null.
   */
  static RandomCase of(long seed, double blobChance, int maxCommits) {
    SplittableRandom r = new SplittableRandom(seed);
    RowType schema = RandomTables.schema(r, 1 + r.nextInt(8), blobChance);
    List<String> partitionKeys = new ArrayList<>();
    List<Object[]> partitionValues = new ArrayList<>();
    if (r.nextBoolean()) {
      List<DataField> fields = new ArrayList<>(schema.getFields());
      int keys = r.nextInt(3) == 0 ? 2 : 1;
      for (int k = 0; k < keys; k++) {
        String name = k == 0 ? PART : PART2;
        DataType key = RandomTables.keyType(r);
        fields.add(new DataField(fields.size(), name, key));
        partitionKeys.add(name);
        // Three values and null. A STRING key sometimes gets "" or " ": Paimon files those under
        // the same directory as null (partition.default-name), yet keeps them apart in
        // _PARTITION.
        Object[] values = {null, null, null, null};
        for (int i = 0; i < 3; i++) {
          values[i] = RandomTables.value(r, key.copy(false));
        }
        if (values[0] instanceof String && r.nextBoolean()) {
          values[0] = "";
          values[1] = " ";
        }
        if (values[2] instanceof String && r.nextBoolean()) {
          // Characters a partition directory name escapes (%XX), and some it keeps.
          values[2] = "a/b=c%d:e?f#g*h'i\"j\\k{l}m[n]o^p\u0001q\u007fr s-t_u.é";
        }
        partitionValues.add(values);
      }
      schema = new RowType(fields);
    }
    Map<String, String> options = new LinkedHashMap<>();
    if (r.nextInt(3) == 0) {
      // Tiny blocks: many blocks per file, rows larger than a block.
      options.put("file.block-size", (64 + r.nextInt(512)) + " b");
    }
    if (r.nextInt(4) == 0) {
      // Tiny target size: Paimon rolls data files within one commit and partition.
      options.put("target-file-size", (1 + r.nextInt(4)) + " kb");
    }
    int commitCount = 1 + r.nextInt(maxCommits);
    List<List<Map<String, Object>>> commits = new ArrayList<>();
    long id = 0;
    for (int c = 0; c < commitCount; c++) {
      int n = 1 + r.nextInt(40);
      List<Map<String, Object>> rows = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        Map<String, Object> row = RandomTables.row(r, schema, id++);
        for (int k = 0; k < partitionKeys.size(); k++) {
          Object[] values = partitionValues.get(k);
          row.put(partitionKeys.get(k), values[r.nextInt(values.length)]);
        }
        rows.add(row);
      }
      commits.add(rows);
    }
    return new RandomCase(seed, schema, partitionKeys, options, commits);
  }

  /** Every written row by its {@code id}. */
  Map<Long, Map<String, Object>> rowsById() {
    Map<Long, Map<String, Object>> out = new LinkedHashMap<>();
    for (List<Map<String, Object>> commit : commits) {
      for (Map<String, Object> row : commit) {
        out.put((Long) row.get(RandomTables.ID), row);
      }
    }
    return out;
  }

  int rowCount() {
    return commits.stream().mapToInt(List::size).sum();
  }

  /** As {@link #assertRowIds(String, List, List, Map)} for this case's commits. */
  void assertRowIds(String context, Map<Long, Long> rowIdById) {
    assertRowIds(context, commits, partitionKeys, rowIdById);
  }

  /** As {@link #assertRowIds(String, List, List, Map)} for a table of one partition column. */
  static void assertRowIds(
      String context,
      List<List<Map<String, Object>>> commits,
      String partitionColumn,
      Map<Long, Long> rowIdById) {
    assertRowIds(
        context,
        commits,
        partitionColumn == null ? List.of() : List.of(partitionColumn),
        rowIdById);
  }

  /**
   * Checks Paimon's {@code _ROW_ID}s against what row tracking must assign, found by brute force
   * from the rows written: commit c owns the ids from the sum of the earlier commits' row counts
   * on; inside it, the rows of one partition are consecutive in write order, and the partitions'
   * runs tile the commit's range in some order (Paimon orders them by its commit messages).
   *
   * @param commits the rows of each commit, each with a unique {@code id}
   * @param partitionColumns the partition columns (none when unpartitioned)
   * @param rowIdById {@code _ROW_ID} by {@code id}, as read
   */
  static void assertRowIds(
      String context,
      List<List<Map<String, Object>>> commits,
      List<String> partitionColumns,
      Map<Long, Long> rowIdById) {
    int rows = commits.stream().mapToInt(List::size).sum();
    assertThat(rowIdById).as("%s: row count", context).hasSize(rows);
    long base = 0;
    for (int c = 0; c < commits.size(); c++) {
      // Keyed by the value itself: "" and null are different partitions in one directory.
      Map<List<Object>, List<Long>> runs = new LinkedHashMap<>();
      for (Map<String, Object> row : commits.get(c)) {
        List<Object> partition = new ArrayList<>();
        for (String column : partitionColumns) {
          partition.add(row.get(column));
        }
        runs.computeIfAbsent(partition, k -> new ArrayList<>())
            .add(rowIdById.get((Long) row.get(RandomTables.ID)));
      }
      List<long[]> starts = new ArrayList<>();
      for (Map.Entry<List<Object>, List<Long>> run : runs.entrySet()) {
        List<Long> ids = run.getValue();
        for (int k = 0; k < ids.size(); k++) {
          assertThat(ids.get(k))
              .as(
                  "%s: commit %d, partition %s, row %d of its run %s",
                  context, c, run.getKey(), k, ids)
              .isEqualTo(ids.get(0) + k);
        }
        starts.add(new long[] {ids.get(0), ids.size()});
      }
      starts.sort((a, b) -> Long.compare(a[0], b[0]));
      long next = base;
      for (long[] run : starts) {
        assertThat(run[0]).as("%s: commit %d, runs tile the row ids", context, c).isEqualTo(next);
        next += run[1];
      }
      base = next;
    }
  }
}
