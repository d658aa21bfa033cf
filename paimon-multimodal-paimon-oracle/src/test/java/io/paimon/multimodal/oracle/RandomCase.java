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
 * One seeded random table: schema, optional partition key, table options and the rows of each of
 * its 1 to 3 commits, plus the brute-force reference of what Paimon must read back. Everything is
 * derived from the seed alone, so a failing seed reproduces.
 */
record RandomCase(
    long seed,
    RowType schema,
    List<String> partitionKeys,
    Map<String, String> options,
    List<List<Map<String, Object>>> commits) {

  /** The partition column's name when the case is partitioned. */
  static final String PART = "part";

  static RandomCase of(long seed, double blobChance) {
    SplittableRandom r = new SplittableRandom(seed);
    RowType schema = RandomTables.schema(r, 1 + r.nextInt(8), blobChance);
    List<String> partitionKeys = new ArrayList<>();
    Object[] partitionValues = null;
    if (r.nextBoolean()) {
      DataType key = RandomTables.keyType(r);
      List<DataField> fields = new ArrayList<>(schema.getFields());
      fields.add(new DataField(fields.size(), PART, key));
      schema = new RowType(fields);
      partitionKeys.add(PART);
      // Three values and null. A STRING key sometimes gets "" or " ": Paimon files those under
      // the same directory as null (partition.default-name), yet keeps them apart in _PARTITION.
      partitionValues = new Object[] {null, null, null, null};
      for (int i = 0; i < 3; i++) {
        partitionValues[i] = RandomTables.value(r, key.copy(false));
      }
      if (partitionValues[0] instanceof String && r.nextBoolean()) {
        partitionValues[0] = "";
        partitionValues[1] = " ";
      }
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
    int commitCount = 1 + r.nextInt(3);
    List<List<Map<String, Object>>> commits = new ArrayList<>();
    long id = 0;
    for (int c = 0; c < commitCount; c++) {
      int n = 1 + r.nextInt(40);
      List<Map<String, Object>> rows = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        Map<String, Object> row = RandomTables.row(r, schema, id++);
        if (partitionValues != null) {
          row.put(PART, partitionValues[r.nextInt(partitionValues.length)]);
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

  /** As {@link #assertRowIds(String, List, String, Map)} for this case's commits. */
  void assertRowIds(String context, Map<Long, Long> rowIdById) {
    assertRowIds(context, commits, partitionKeys.isEmpty() ? null : PART, rowIdById);
  }

  /**
   * Checks Paimon's {@code _ROW_ID}s against what row tracking must assign, found by brute force
   * from the rows written: commit c owns the ids from the sum of the earlier commits' row counts
   * on; inside it, the rows of one partition are consecutive in write order, and the partitions'
   * runs tile the commit's range in some order (Paimon orders them by its commit messages).
   *
   * @param commits the rows of each commit, each with a unique {@code id}
   * @param partitionColumn the (single) partition column, or null
   * @param rowIdById {@code _ROW_ID} by {@code id}, as read
   */
  static void assertRowIds(
      String context,
      List<List<Map<String, Object>>> commits,
      String partitionColumn,
      Map<Long, Long> rowIdById) {
    int rows = commits.stream().mapToInt(List::size).sum();
    assertThat(rowIdById).as("%s: row count", context).hasSize(rows);
    long base = 0;
    for (int c = 0; c < commits.size(); c++) {
      // Keyed by the value itself: "" and null are different partitions in one directory.
      Map<List<Object>, List<Long>> runs = new LinkedHashMap<>();
      for (Map<String, Object> row : commits.get(c)) {
        List<Object> partition =
            partitionColumn == null
                ? List.of()
                : java.util.Collections.singletonList(row.get(partitionColumn));
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
