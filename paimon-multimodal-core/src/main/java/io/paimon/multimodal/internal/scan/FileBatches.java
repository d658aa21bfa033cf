package io.paimon.multimodal.internal.scan;

import io.paimon.multimodal.Schema;
import io.paimon.multimodal.internal.TableState;
import io.paimon.multimodal.internal.meta.DataFileMeta;
import io.paimon.row.RowArrowReader;
import io.paimon.row.RowFile;
import io.paimon.row.RowFileOptions;
import io.paimon.row.RowFileReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.roaringbitmap.RoaringBitmap;

/**
 * The Arrow batches of one data file, narrowed to the read columns and optionally to some rows,
 * with the rows that pass the scan's filter. Owns the file reader and the batch vectors until
 * closed. Not thread-safe.
 */
final class FileBatches implements AutoCloseable {

  final DataFileMeta file;
  final String path;
  private final RowFileReader fileReader;
  private final RowFileReader view;
  final RowArrowReader reader;
  private final ScanFilter filter;
  private final BigIntVector rowIds;

  /** Rows of the current batch that passed, or null when all did. */
  int[] selected;

  int batchRows;

  FileBatches(TableState table, DataFileMeta file, int[] readColumns, RoaringBitmap rows,
      ScanFilter filter, BufferAllocator allocator, int batchSize) throws IOException {
    this.file = file;
    this.path = table.paths().dataFile(file.fileName());
    this.filter = filter;
    RowFileReader opened = RowFile.open(table.io().newInputFile(path), table.fileType(),
        RowFileOptions.defaults());
    RowFileReader v = null;
    RowArrowReader r = null;
    BigIntVector ids = null;
    try {
      v = opened.project(readColumns);
      if (rows != null) {
        v = v.select(rows);
      }
      // A file batch never needs more rows than the file (or selection) has: a huge batch size
      // must not allocate for rows that do not exist.
      long rowsInView = rows != null ? rows.getLongCardinality() : file.rowCount();
      r = v.arrowReader(allocator, (int) Math.max(1, Math.min(batchSize, rowsInView)));
      if (filter != null && filter.referencesRowId()) {
        ids = new BigIntVector(Schema.ROW_ID, allocator);
      }
    } catch (IOException | RuntimeException e) {
      if (r != null) {
        r.close();
      }
      opened.close();
      throw e;
    }
    this.fileReader = opened;
    this.view = v;
    this.reader = r;
    this.rowIds = ids;
  }

  /** Loads the next batch and filters it; false at the end of the file. */
  boolean next() throws IOException {
    if (!reader.loadNextBatch()) {
      return false;
    }
    VectorSchemaRoot batch = reader.getVectorSchemaRoot();
    batchRows = batch.getRowCount();
    if (filter == null) {
      selected = null;
      return true;
    }
    VectorSchemaRoot eval = batch;
    if (rowIds != null) {
      rowIds.setInitialCapacity(batchRows);
      rowIds.allocateNew();
      for (int i = 0; i < batchRows; i++) {
        rowIds.set(i, file.firstRowId() + reader.rowNumber(i));
      }
      rowIds.setValueCount(batchRows);
      List<FieldVector> vectors = new ArrayList<>(batch.getFieldVectors());
      vectors.add(rowIds);
      eval = new VectorSchemaRoot(vectors);
    }
    selected = filter.select(eval);
    return true;
  }

  VectorSchemaRoot batch() throws IOException {
    return reader.getVectorSchemaRoot();
  }

  /** Rows of the current batch that go on. */
  int passing() {
    return selected == null ? batchRows : selected.length;
  }

  @Override
  public void close() throws IOException {
    try {
      if (rowIds != null) {
        rowIds.close();
      }
      reader.close();
      view.close();
    } finally {
      fileReader.close();
    }
  }
}
