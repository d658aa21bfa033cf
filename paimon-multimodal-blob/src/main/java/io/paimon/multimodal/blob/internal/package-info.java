/**
 * The BLOB read engine: descriptors are collected per batch ({@code Cells}), turned into byte
 * ranges ({@code ReadContext}: a verifiable {@code .blob} entry or a plain range per payload),
 * merged and cut into ranged reads ({@code RangePlanner}), fetched on an owned thread pool ({@code
 * Fetcher}) within a prefetch budget ({@code BlobStream}), then verified and sliced back into row
 * order ({@code PlannedBatch}). Not a public API.
 */
package io.paimon.multimodal.blob.internal;
