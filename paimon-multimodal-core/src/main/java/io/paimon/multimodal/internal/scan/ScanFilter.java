package io.paimon.multimodal.internal.scan;

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.internal.meta.ColumnStats;
import io.paimon.multimodal.internal.meta.DataFileMeta;
import io.paimon.multimodal.internal.predicate.Predicate;
import io.paimon.multimodal.internal.predicate.Predicates;
import io.paimon.multimodal.internal.predicate.StatsView;
import io.paimon.types.RowType;
import java.util.Set;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The scan's view of a parsed where() conjunction: which columns it reads, whether a data file
 * may hold a match (by its statistics), and which rows of a batch pass. Immutable.
 */
final class ScanFilter {

  private final Predicate predicate;
  private final RowType tableType;

  private ScanFilter(Predicate predicate, RowType tableType) {
    this.predicate = predicate;
    this.tableType = tableType;
  }

  static ScanFilter parse(String text, RowType tableType) {
    return new ScanFilter(Predicates.parse(text, tableType), tableType);
  }

  ScanFilter and(ScanFilter other) {
    return new ScanFilter(predicate.and(other.predicate), tableType);
  }

  Set<String> referencedColumns() {
    return predicate.referencedColumns();
  }

  boolean referencesRowId() {
    return predicate.referencedColumns().contains(Schema.ROW_ID);
  }

  /** False only if no row of the file can pass. */
  boolean mightMatch(DataFileMeta file) {
    return predicate.mightMatch(new StatsView() {
      @Override
      public long rowCount() {
        return file.rowCount();
      }

      @Override
      public ColumnView column(String name) {
        if (Schema.ROW_ID.equals(name)) {
          return new ColumnView(file.firstRowId(), file.endRowId() - 1, 0);
        }
        int i = tableType.fieldIndex(name);
        if (i < 0) {
          return null;
        }
        ColumnStats s = file.stats(i);
        return new ColumnView(s.min(), s.max(), s.nullCount());
      }
    });
  }

  /** The indexes of the rows of {@code batch} that pass, ascending. */
  int[] select(VectorSchemaRoot batch) {
    return predicate.evaluate(batch);
  }
}
