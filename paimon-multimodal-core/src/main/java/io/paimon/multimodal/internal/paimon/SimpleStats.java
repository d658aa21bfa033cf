package io.paimon.multimodal.internal.paimon;

/**
 * Paimon's {@code SimpleStats} record: the minimum and maximum values of some columns as serialized
 * BinaryRows, and their null counts. Immutable by convention (the arrays are never modified).
 *
 * @param minValues a serialized BinaryRow (4-byte big-endian arity, then the row)
 * @param maxValues a serialized BinaryRow of the same arity
 * @param nullCounts one count per column, an element null when unknown; null when absent
 */
public record SimpleStats(byte[] minValues, byte[] maxValues, Long[] nullCounts) {

  /** A serialized BinaryRow of arity 0: the 4-byte arity and an 8-byte header, all zero. */
  public static final byte[] EMPTY_ROW = new byte[12];

  /** No statistics: empty rows and no null counts (what Paimon writes for {@code row} files). */
  public static final SimpleStats EMPTY = new SimpleStats(EMPTY_ROW, EMPTY_ROW, new Long[0]);
}
