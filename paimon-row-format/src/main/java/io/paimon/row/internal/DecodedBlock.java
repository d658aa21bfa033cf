package io.paimon.row.internal;

/**
 * A decompressed block with its validated row offsets: row {@code i} spans {@code [offsets[i],
 * offsets[i + 1])} of {@code data}. Reused across blocks to avoid garbage; owned by one thread at a
 * time.
 */
final class DecodedBlock {

  int index = -1;
  long firstRow;
  long fileOffset;
  int rowCount;
  byte[] data = new byte[0];
  int size;
  int[] offsets = new int[1];

  void ensureCapacity(int bytes, int rows) {
    if (data.length < bytes) {
      data = new byte[bytes];
    }
    if (offsets.length < rows + 1) {
      offsets = new int[rows + 1];
    }
  }
}
