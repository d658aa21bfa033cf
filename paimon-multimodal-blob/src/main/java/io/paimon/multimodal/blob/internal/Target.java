package io.paimon.multimodal.blob.internal;

/**
 * Where a payload goes: a cell element of a batch, and where its bytes lie in the {@link Unit} that
 * holds them.
 *
 * @param column the index of the requested column
 * @param row the row in the batch
 * @param element the element in the cell (0 for a scalar BLOB)
 * @param sliceOffset where the payload starts in the unit
 * @param sliceLength the payload's length
 */
record Target(int column, int row, int element, long sliceOffset, int sliceLength) {}
