package io.paimon.multimodal.internal.paimon;

/**
 * Where one data file's deletion vector sits in a deletion-vectors index file (Paimon's {@code
 * _DELETIONS_VECTORS_RANGES} element {@code f0, f1, f2, _CARDINALITY}).
 *
 * @param dataFileName the data file the vector applies to
 * @param offset the vector's offset in the index file
 * @param length its length in bytes
 * @param cardinality the deleted rows, or null if not recorded
 */
public record DeletionVectorRange(String dataFileName, int offset, int length, Long cardinality) {}
