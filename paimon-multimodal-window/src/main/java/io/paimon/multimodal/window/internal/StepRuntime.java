package io.paimon.multimodal.window.internal;

import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The running form of one step inside a reader: the right index loaded for it, the payload fetcher,
 * and the per-batch work of computing each left row's group and time and then the step's output
 * columns. Not thread-safe; closed by the reader.
 */
abstract class StepRuntime implements AutoCloseable {

  final StepPlan plan;
  final RightIndex index;
  private final PayloadFetcher fetcher;
  private final GroupReader leftGroups;
  private final FieldVector[] byVectors;

  /** Per left row of the batch: its group (-1 if the right side has none) and time. */
  int[] group = new int[0];

  long[] time = new long[0];

  /** The sorted distinct row IDs of the last fetch, and how many. */
  long[] fetchedIds = new long[0];

  int fetchedCount;

  StepRuntime(StepPlan plan, BufferAllocator allocator) {
    this.plan = plan;
    this.index = RightIndex.load(plan.right, plan.rightTime, plan.rightBy, allocator);
    this.leftGroups = new GroupReader(plan.leftBy, index.groups);
    this.byVectors = new FieldVector[plan.leftBy.length];
    this.fetcher =
        plan.fetch.isEmpty()
            ? null
            : new PayloadFetcher(
                plan.right, plan.rightTable, plan.rightSnapshot, plan.fetch, allocator);
  }

  static StepRuntime create(StepPlan plan, BufferAllocator allocator) {
    switch (plan.spec.kind()) {
      case ASOF:
        return new AsofRuntime(plan, allocator);
      case INTERPOLATE:
        return new InterpolateRuntime(plan, allocator);
      default:
        return new WindowRuntime(plan, allocator);
    }
  }

  /** Adds this step's output columns for the {@code n} rows of a left batch. */
  abstract void apply(VectorSchemaRoot left, int n, long firstRow, VectorSchemaRoot out, int col);

  /** Fills {@link #group} and {@link #time} for the batch. */
  final void keys(VectorSchemaRoot left, int n, long firstRow) {
    if (group.length < n) {
      group = new int[n];
      time = new long[n];
    }
    FieldVector tv = left.getVector(plan.leftTime.name);
    for (int c = 0; c < byVectors.length; c++) {
      byVectors[c] = left.getVector(plan.leftBy[c].name);
    }
    int groups = index.groups.size();
    for (int i = 0; i < n; i++) {
      long row = firstRow + i;
      time[i] = plan.leftTime.readLong(tv, i, row);
      group[i] =
          groups == 0 && byVectors.length > 0 ? -1 : leftGroups.group(byVectors, i, row, false);
    }
  }

  /**
   * Fetches the payload rows with these IDs (any order, duplicates allowed); afterwards {@link
   * #stagingRow} maps an ID to its staging row and the staging root's last row is all null.
   */
  final VectorSchemaRoot fetch(long[] ids, int count) {
    if (fetchedIds.length < count) {
      fetchedIds = new long[Math.max(count, fetchedIds.length * 2)];
    }
    System.arraycopy(ids, 0, fetchedIds, 0, count);
    boolean sorted = true;
    for (int i = 1; i < count && sorted; i++) {
      sorted = fetchedIds[i - 1] <= fetchedIds[i];
    }
    if (!sorted) {
      Arrays.sort(fetchedIds, 0, count);
    }
    int k = 0;
    for (int i = 0; i < count; i++) {
      if (k == 0 || fetchedIds[k - 1] != fetchedIds[i]) {
        fetchedIds[k++] = fetchedIds[i];
      }
    }
    fetchedCount = k;
    return fetcher.fetch(fetchedIds, k);
  }

  /** The staging row of a fetched row ID. */
  final int stagingRow(long rowId) {
    return Arrays.binarySearch(fetchedIds, 0, fetchedCount, rowId);
  }

  /** The staging root's all-null row. */
  final int nullRow() {
    return fetchedCount;
  }

  boolean fetches() {
    return fetcher != null;
  }

  /** A numeric cell as a double (integers converted, floats widened). */
  static double number(FieldVector v, int i) {
    if (v instanceof Float8Vector) {
      return ((Float8Vector) v).get(i);
    }
    if (v instanceof Float4Vector) {
      return ((Float4Vector) v).get(i);
    }
    return (double) ((BaseIntVector) v).getValueAsLong(i);
  }

  @Override
  public void close() {
    if (fetcher != null) {
      fetcher.close();
    }
  }
}
