package io.paimon.multimodal.internal.paimon;

import java.util.List;

/**
 * Paimon's {@code IndexManifestEntry}: one index file of a snapshot (deletion vectors, or an index
 * of another type that readers skip unless they know it). Immutable by convention.
 *
 * @param kind ADD or DELETE
 * @param partition the serialized BinaryRow of the partition values
 * @param bucket the bucket (0 here)
 * @param indexType {@code DELETION_VECTORS}, {@code HASH}, or a global index identifier
 * @param fileName the index file's name in {@code index/}
 * @param fileSize its size in bytes
 * @param rowCount for deletion vectors, the number of vectors in the file
 * @param deletionVectorRanges nullable: where each data file's vector sits
 * @param externalPath nullable: an absolute location overriding {@code index/}
 * @param globalIndex nullable
 */
public record IndexManifestEntry(
    FileKind kind,
    byte[] partition,
    int bucket,
    String indexType,
    String fileName,
    long fileSize,
    long rowCount,
    List<DeletionVectorRange> deletionVectorRanges,
    String externalPath,
    GlobalIndexMeta globalIndex) {

  /** The index type of deletion-vector files. */
  public static final String DELETION_VECTORS = "DELETION_VECTORS";
}
