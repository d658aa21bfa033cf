package io.paimon.row;

import io.paimon.types.RowType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Writes rows to an in-memory {@code .row} file and reads them back, for tests. */
final class RowFiles {

  private RowFiles() {}

  /** The bytes of a file holding {@code rows}, written with {@code options}. */
  static byte[] write(RowType type, List<Row> rows, RowFileOptions options) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    RowFileWriter writer = RowFile.newWriter(out, "memory.row", type, options);
    try (writer) {
      for (Row row : rows) {
        writer.write(row);
      }
    }
    if (writer.bytesWritten() != out.size() || writer.rowCount() != rows.size()) {
      throw new AssertionError(
          "writer reports "
              + writer.rowCount()
              + " rows and "
              + writer.bytesWritten()
              + " bytes, wrote "
              + rows.size()
              + " rows and "
              + out.size()
              + " bytes");
    }
    return out.toByteArray();
  }

  /** Every row of a reader's iterator, in order. */
  static List<Row> readAll(RowFileReader reader) throws IOException {
    List<Row> rows = new ArrayList<>();
    try (CloseableIterator<Row> it = reader.iterator()) {
      while (it.hasNext()) {
        rows.add(it.next());
      }
    }
    return rows;
  }
}
