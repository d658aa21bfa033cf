package io.paimon.multimodal.internal.paimon;

/**
 * Paimon's {@code _GLOBAL_INDEX} record of an index manifest entry: the row-ID range and field an
 * index file covers.
 *
 * @param rowRangeStart the first row ID covered
 * @param rowRangeEnd the last row ID covered
 * @param indexFieldId the field id of the indexed column
 * @param extraFieldIds nullable
 * @param indexMeta nullable, index-specific bytes
 */
public record GlobalIndexMeta(
    long rowRangeStart,
    long rowRangeEnd,
    int indexFieldId,
    int[] extraFieldIds,
    byte[] indexMeta) {}
