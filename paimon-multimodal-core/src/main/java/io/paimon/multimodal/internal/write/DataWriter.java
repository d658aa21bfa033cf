package io.paimon.multimodal.internal.write;

import io.paimon.multimodal.internal.paimon.ManifestEntry;
import java.io.IOException;
import java.util.List;

/**
 * Writes the rows of one commit into data files. On any failure the caller calls {@link #abort()},
 * which deletes every file written. Not thread-safe.
 */
public interface DataWriter {

  /**
   * Writes one row of Java values in schema order (BLOB cells as {@code byte[]}, {@code
   * BlobDescriptor} or null).
   *
   * @throws io.paimon.multimodal.SchemaException if a value does not fit its column; the message
   *     names the column and the row's position in this write
   */
  void write(Object[] values) throws IOException;

  /**
   * Closes the open files and returns their manifest entries, without row IDs yet, in the order the
   * commit must assign row IDs (each data file before its {@code .blob} files).
   */
  List<ManifestEntry> finish() throws IOException;

  /** Closes and deletes every file written; never throws. */
  void abort();
}
