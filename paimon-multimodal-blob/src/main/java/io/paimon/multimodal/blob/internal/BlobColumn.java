package io.paimon.multimodal.blob.internal;

import io.paimon.types.DataType;

/**
 * A requested BLOB column.
 *
 * @param name the column name
 * @param kind how its cells hold BLOBs
 * @param keyType the key type of a MAP column, else null
 * @param scanIndex the column's position in the scan output
 */
record BlobColumn(String name, Kind kind, DataType keyType, int scanIndex) {

  /** How a column holds BLOBs. */
  enum Kind {
    BLOB,
    ARRAY,
    MAP
  }
}
