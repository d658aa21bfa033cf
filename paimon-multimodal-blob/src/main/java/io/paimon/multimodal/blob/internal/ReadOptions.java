package io.paimon.multimodal.blob.internal;

/**
 * The settings of one BLOB read.
 *
 * @param parallelism ranged reads in flight at once
 * @param prefetchBudget bytes of fetched ranges held before the batch being assembled consumes them
 * @param holeLimit the largest gap merged into one ranged read
 * @param rangeLimit the largest single ranged read
 * @param verifyChecksums whether entries of the table's {@code .blob} files are CRC-checked
 */
record ReadOptions(
    int parallelism,
    long prefetchBudget,
    long holeLimit,
    long rangeLimit,
    boolean verifyChecksums) {}
