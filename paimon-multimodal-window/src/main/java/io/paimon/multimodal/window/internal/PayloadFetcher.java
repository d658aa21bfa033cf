package io.paimon.multimodal.window.internal;

import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.VectorCopy;
import io.paimon.multimodal.internal.scan.ScanImpl;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Fetches the payload columns of a right input for a set of row IDs from its pinned snapshot
 * (through the core's row-ID read, which reads only the blocks holding them) into one staging root,
 * followed by one all-null row that misses are copied from. BLOB columns arrive as descriptors.
 * Memory is the rows of one fetch. Not thread-safe; close it.
 */
final class PayloadFetcher implements AutoCloseable {

  private final TableState table;
  private final long snapshotId;
  private final List<String> columns;
  private final VectorSchemaRoot staging;
  private final VectorSchemaRoot nullRow;

  PayloadFetcher(
      TableState table, long snapshotId, List<String> columns, BufferAllocator allocator) {
    this.table = table;
    this.snapshotId = snapshotId;
    this.columns = columns;
    Schema schema = ScanImpl.ofRowIds(table, new long[0]).select(columns).arrowSchema();
    VectorSchemaRoot s = VectorSchemaRoot.create(schema, allocator);
    try {
      this.nullRow = VectorSchemaRoot.create(schema, allocator);
    } catch (RuntimeException e) {
      s.close();
      throw e;
    }
    this.staging = s;
    for (FieldVector v : nullRow.getFieldVectors()) {
      v.allocateNew();
    }
    // Freshly allocated validity buffers are zero: every cell of this one row is null.
    nullRow.setRowCount(1);
  }

  /**
   * Fetches rows {@code ids[0..count)} (sorted, distinct, all in the snapshot) into staging rows
   * {@code 0..count)}; row {@code count} is null in every column.
   */
  VectorSchemaRoot fetch(long[] ids, int count) {
    for (FieldVector v : staging.getFieldVectors()) {
      v.reset();
    }
    int rows = 0;
    if (count > 0) {
      long[] wanted = count == ids.length ? ids : java.util.Arrays.copyOf(ids, count);
      try (ArrowReader r =
          ScanImpl.ofRowIds(table, wanted)
              .snapshot(snapshotId)
              .select(columns)
              .batchSize(count)
              .allocator(staging.getFieldVectors().get(0).getAllocator())
              .toArrowReader()) {
        while (r.loadNextBatch()) {
          VectorSchemaRoot batch = r.getVectorSchemaRoot();
          int n = batch.getRowCount();
          for (int j = 0; j < columns.size(); j++) {
            VectorCopy.copyRows(batch.getVector(j), null, 0, n, staging.getVector(j), rows);
          }
          rows += n;
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      if (rows != count) {
        throw new IllegalStateException(
            "fetched " + rows + " of " + count + " rows of table '" + table.name() + "'");
      }
    }
    for (int j = 0; j < columns.size(); j++) {
      VectorCopy.copyRows(nullRow.getVector(j), null, 0, 1, staging.getVector(j), rows);
    }
    staging.setRowCount(rows + 1);
    return staging;
  }

  @Override
  public void close() {
    staging.close();
    nullRow.close();
  }
}
